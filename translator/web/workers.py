"""Solver work off the event loop: a pool of worker processes that answer one batch
query object each.

Five lanes, each its own pool: the board's queries (moves, board, attacks …: tens of
milliseconds; those waiting while the workers are busy go out as one group and share a
grounding), ``why`` (a search for the closest position: up to a second), ``explain``, the
other searches (equiv, find, lint …: up to seconds) and the heavy queries of any kind
(translator/web/lanes.py: by their size estimate), at lower CPU priority in that order
(the last two alike), so that a learner's board never waits behind another one's search. A
query waits for a free worker of its lane, its time limit running: one whose limit runs
out before it is sent, whose client has gone or whose channel asked anew is dropped
unsent; one sent has what is left of its limit. A query past its limit is answered at once
(422); one running may finish the grounding it is in for :data:`STUCK` seconds more (its
worker then goes back to the pool, with what it keeps); a worker still busy after that is
stopped, by starting its pool afresh, so that no query holds a lane for long.

Lanes heal: a worker that passes :data:`BUDGET_MB` of memory is stopped, and one may die
of other causes (the system's out-of-memory killer); its pool is then replaced, the
queries it held are sent once more to the new one, and a query that breaks a pool twice
is answered 422 with the reason. A pool whose worker keeps more than :data:`IDLE_MB`
after a task is replaced too, so that an idle server holds little. Workers die with the
server (translator/web/processes.py).

>>> answer_text('{"query": "moves", "betza": "hrN", "from": "e4"}', 10.0)["ok"]
True
>>> answer_text('{"query": "moves", "betza": "3N", "from": "e4"}', 10.0)["position"]
1
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import shutil
import weakref
from collections import Counter
from collections.abc import Coroutine
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from translator.web.lanes import (
    SUPERSEDED,
    Channels,
    Measured,
    Pending,
    Slots,
    Superseded,
    capped,
    over_limit,
    quiet,
    seconds,
)
from translator.web.processes import (
    PRELOAD,
    Worker,
    answer_text,
    answer_texts,
    kill,
    largest_mb,
    resident_mb,
    running,
    shared_folder,
    stop,
    this_process,
    worker_setup,
    workers_of,
)

GRACE = 1.0  # seconds past a query's own limit before it is answered with 422
# seconds past that before its worker is taken for stuck and stopped: a search lane may
# have a single worker, and every search waits while it is busy
STUCK = 5.0
# the same for a group of board queries (light: the heavy ones have a lane of their own)
GROUP_STUCK = 120.0
# lane -> (share of the workers, niceness, tasks before the lane's pool is replaced by a
# fresh one: a search's grounding can leave hundreds of MB behind, so its workers go soon).
# The replacing is ours: CPython 3.11's max_tasks_per_child can leave a pool with no
# worker once one retires, and every later query of the lane then hangs.
# Each lane has as many workers as the machine has cores (the search lane half as many, the
# board's twice: a board query never waits behind another one's longer answer, and its
# lane outweighs the others' for the CPU while several are asked), at least one; the heavy
# lane's, as low as the searches', as many as the cores: most queries the size estimate
# sends there answer in milliseconds, and neither wait behind a truly heavy one nor starve
# (at niceness 15 they got a few per cent of a core under load, CHANGELOG).
LANES = {"board": (2.0, 0, 20_000), "why": (1.0, 2, 20_000), "explain": (1.0, 10, 200),
         "search": (0.5, 12, 10), "heavy": (1.0, 12, 10)}
STOPPED = {"ok": False, "limit": True, "error": "the solver stopped while answering (a "
           "query overran its limit, or its worker was stopped); send the query again"}
STOPPING = {"ok": False, "stopping": True, "error": "the server is stopping"}
# the most memory a worker may hold (MB): past it, it is stopped and its query answered 422;
# a query within MAX_ATOMS grounds in well under it
BUDGET_MB = 1500
# what a worker of each lane may keep after a task (MB): a pool with a worker holding more
# (what its biggest query left behind) is replaced, so that an idle server holds at most
# this much per worker. Board and why workers keep grounded programs (docs/bench.md says
# how much in a busy class); a search worker keeps nothing that later searches use.
IDLE_MB = {"board": 800, "why": 1000, "explain": 800, "search": 500, "heavy": 500}
WATCH_EVERY = 0.1  # seconds between two looks at the workers' memory
GROUP = 48  # board queries that arrived while the workers were busy go out together


class SolverPool:
    """Worker processes answering query objects; ``await pool.answer(obj)``."""

    def __init__(self, workers: int | None = None, max_timeout: float = 10.0,
                 tables: str | None = None):
        self.workers = workers or max(2, os.cpu_count() or 2)
        self.max_timeout = max_timeout
        self.tables = tables
        # (the tables the workers compile, for each other: translator/compiled/shared.py)
        self._shared = shared_folder()
        self._pools = {lane: self._start(lane) for lane in LANES}
        self._served = dict.fromkeys(LANES, 0)
        # the workers of replaced pools still finishing the work sent to them, and the
        # pools whose worker was stopped for passing its budget
        self._retiring: dict[ProcessPoolExecutor, list[Worker]] = {}
        self._over_budget: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
        self._tasks: set[asyncio.Task[None]] = set()
        self._queue: asyncio.Queue[Pending] = asyncio.Queue()
        self._slots = {lane: Slots(self._pools[lane]._max_workers)  # type: ignore[attr-defined]
                       for lane in LANES if lane != "board"}
        self.counts: Counter[str] = Counter()
        self._channels = Channels(self.counts)
        self._measured = Measured()
        self._dispatchers: list[asyncio.Task[None]] = []
        self._idle = 0  # dispatchers waiting for a query
        self._watching = self._closed = False

    def _start(self, lane: str) -> ProcessPoolExecutor:
        share, niceness, _ = LANES[lane]
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ProcessPoolExecutor(max(1, int(self.workers * share)), mp_context=ctx,
                                   initializer=worker_setup,
                                   initargs=(niceness, this_process(), self.tables,
                                             self._shared))

    def _replace(self, lane: str, executor: ProcessPoolExecutor, now: bool) -> None:
        """A fresh pool for the lane; the old one's processes are stopped ``now``, or exit
        once the work already sent to them is done."""
        if executor is not self._pools[lane] or self._closed:
            return  # another request already replaced it, or the server is stopping
        self._pools[lane], self._served[lane] = self._start(lane), 0
        if now:
            stop(executor)
        else:
            self._retiring[executor] = workers_of(executor)
            executor.shutdown(wait=False)

    def _served_one(self, lane: str, executor: ProcessPoolExecutor) -> None:
        """Count a finished task; a pool that has served its share, or one of whose
        workers holds more than :data:`IDLE_MB` (what its biggest query left), is
        replaced."""
        if executor is not self._pools[lane]:
            return
        self._served[lane] += 1
        if self._served[lane] >= LANES[lane][2] or largest_mb(executor) > IDLE_MB[lane]:
            self._replace(lane, executor, now=False)

    async def answer(self, obj: dict[str, Any]) -> dict[str, Any]:
        """The answer of one query object. Nothing here waits before the query has its
        place in its lane's queue: queries asked in turn are queued in turn."""
        if self._closed:
            return dict(STOPPING)
        channel = obj.get("channel")
        obj = capped({k: v for k, v in obj.items() if k != "channel"}, self.max_timeout)
        limit = min(seconds(obj.get("timeout")) or self.max_timeout, self.max_timeout)
        lane = self._measured.lane(obj)
        self._watch_memory()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit  # the time waiting in the queue counts against it
        ticket: asyncio.Future[Any] = loop.create_future()
        self._channels.enter(channel, ticket, lane)
        if lane == "board":
            return await self._grouped(Pending(obj, ticket, deadline, limit, channel))
        try:
            await asyncio.wait_for(self._slots[lane].take(ticket), deadline - loop.time())
        except Superseded:
            self.counts[f"{lane} superseded"] += 1
            return dict(SUPERSEDED)
        except TimeoutError:
            self.counts[f"{lane} expired"] += 1
            return over_limit(limit)
        except asyncio.CancelledError:
            self.counts[f"{lane} dropped"] += 1  # its client has gone
            raise
        finally:
            self._channels.leave(channel, ticket)
        job: list[Future[Any]] = []
        try:
            return await self._alone(lane, obj, deadline, limit, job)
        finally:
            self._slots[lane].give_after(job[-1] if job else None)

    def status(self) -> dict[str, dict[str, int]]:
        """Per lane: its workers, the queries waiting for one, and how many were sent,
        superseded, dropped (their client gone) or expired (their limit ran out while
        they waited) since the server started."""
        return {lane: {
            "workers": self._pools[lane]._max_workers,  # type: ignore[attr-defined]
            "waiting": self._queue.qsize() if lane == "board" else self._slots[lane].waiting(),
            **{event: self.counts[f"{lane} {event}"]
               for event in ("sent", "superseded", "dropped", "expired")}} for lane in LANES}

    async def _alone(self, lane: str, obj: dict[str, Any], deadline: float, limit: float,
                     sent: list[Future[Any]]) -> dict[str, Any]:
        """A query in a worker of its own lane, whose slot it holds (the jobs it sends are
        added to ``sent``). A pool found broken (a worker killed, by us for its memory or
        by the system) is replaced and the query sent again once: it may have been only
        queued behind the query that broke it; so is a query that waited in a pool
        stopped for another one's sake."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            executor = self._pools[lane]
            if self._closed:
                return dict(STOPPING)
            left = max(deadline - loop.time(), 0.001)
            start = loop.time()
            try:
                job = executor.submit(answer_text, json.dumps(capped(obj, left)), left)
                sent.append(job)
                self.counts[f"{lane} sent"] += 1
                answer: dict[str, Any] = await asyncio.wait_for(
                    asyncio.shield(quiet(asyncio.wrap_future(job))), left + GRACE)
            except asyncio.CancelledError:
                if not job.cancelled():  # the request itself is cancelled
                    raise
                continue  # it waited in a pool that was stopped: sent again (or STOPPING)
            except TimeoutError:
                if not job.cancel():  # running: let it finish, unless it never does
                    self._abandon(job, lane, executor)
                return over_limit(limit)
            except BrokenProcessPool:
                self._replace(lane, executor, now=True)
                if attempt:
                    return self._stopped(executor)
                continue
            self._served_one(lane, executor)
            if lane == "heavy":
                self._measured.note(obj, loop.time() - start)
            return answer
        return dict(STOPPED)

    def _stopped(self, executor: ProcessPoolExecutor) -> dict[str, Any]:
        """The answer of a query whose worker was stopped, with the reason."""
        if executor in self._over_budget:
            return {"ok": False, "limit": True, "error": "the query needed more memory than "
                    f"a worker may hold ({BUDGET_MB} MB); a smaller board or piece needs less"}
        return dict(STOPPED)

    async def _grouped(self, pending: Pending) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        if not self._dispatchers:
            self._queue = asyncio.Queue()
            self._dispatchers = [loop.create_task(self._dispatcher())
                                 for _ in range(self._pools["board"]._max_workers)]  # type: ignore[attr-defined]
        future = pending.future
        self._queue.put_nowait(pending)
        try:
            return await asyncio.wait_for(asyncio.shield(future),
                                          pending.deadline - loop.time() + GRACE)
        except TimeoutError:
            future.cancel()  # a dispatcher that has not sent it yet drops it
            return over_limit(pending.limit)
        except asyncio.CancelledError:
            if future.cancel():  # its client has gone: not sent, if not sent yet
                self.counts["board dropped"] += 1
            raise

    async def _dispatcher(self) -> None:
        """Send what is waiting to a worker as one group (its share of it, while other
        dispatchers wait); under load, queries that arrive while the workers are busy
        share one grounding. Queries whose limit ran out while they waited are answered so
        at once, and not sent."""
        loop = asyncio.get_running_loop()
        while True:
            self._idle += 1
            try:
                group = [await self._queue.get()]
            finally:
                self._idle -= 1
            # (the dispatchers still waiting take their share: a worker left idle while
            # another answers a group in turn would make the group's last wait)
            share = self._queue.qsize() // (self._idle + 1)
            while len(group) < min(GROUP, 1 + share):
                group.append(self._queue.get_nowait())
            for one in group:
                if not one.future.done() and one.deadline <= loop.time():
                    one.future.set_result(over_limit(one.limit))
                    self.counts["board expired"] += 1
                self._channels.leave(one.channel, one.future)  # sent: kept
            group = [one for one in group if not one.future.done()]
            answers = [dict(STOPPING) for _ in group]  # unless answered before the end
            try:
                if group:
                    left = max(max(one.deadline for one in group) - loop.time(), 0.001)
                    self.counts["board sent"] += len(group)
                    answers = await self._board_group(
                        [json.dumps(capped(one.obj, max(one.deadline - loop.time(), 0.001)))
                         for one in group], left)
            finally:
                for one, answer in zip(group, answers, strict=True):
                    if not one.future.done():
                        one.future.set_result(answer)

    async def _board_group(self, texts: list[str], left: float) -> list[dict[str, Any]]:
        """The answers of a group of board queries; a broken or stopped pool is replaced
        and the group sent again once, as :meth:`_alone` does."""
        for attempt in range(2):
            executor = self._pools["board"]
            if self._closed:
                return [dict(STOPPING) for _ in texts]
            try:
                job = executor.submit(answer_texts, texts, left)
                answers: list[dict[str, Any]] = await asyncio.wait_for(
                    quiet(asyncio.wrap_future(job)), left + GROUP_STUCK)
            except asyncio.CancelledError:
                if not job.cancelled():  # the dispatcher itself is cancelled
                    raise
                continue  # it waited in a pool that was stopped: sent again
            except TimeoutError:
                self._replace("board", executor, now=True)
                return [dict(STOPPED) for _ in texts]
            except BrokenProcessPool:
                self._replace("board", executor, now=True)
                if attempt:
                    return [self._stopped(executor) for _ in texts]
                continue
            self._served_one("board", executor)
            return answers
        return [dict(STOPPED) for _ in texts]

    def _abandon(self, job: Future[Any], lane: str, executor: ProcessPoolExecutor) -> None:
        """Let an abandoned query finish; replace its pool if it never does."""
        async def wait() -> None:
            try:
                await asyncio.wait_for(asyncio.wrap_future(job), STUCK)
            except TimeoutError:
                for worker in self._retiring.pop(executor, []):
                    kill(worker)  # (its pool was replaced meanwhile)
                self._replace(lane, executor, now=True)
            except Exception:  # its answer is no longer wanted, whatever it is
                return

        self._background(wait())

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _watch_memory(self) -> None:
        """Start (once) the watch that stops any worker past :data:`BUDGET_MB`: its pool
        breaks, and its query is answered with the reason (the others in the pool are
        sent again)."""
        if self._watching:
            return
        self._watching = True

        async def watch() -> None:
            while True:
                await asyncio.sleep(WATCH_EVERY)
                self._retiring = {pool: alive for pool, found in self._retiring.items()
                                  if (alive := [w for w in found if running(w)])}
                watched = [(ex, workers_of(ex)) for ex in self._pools.values()]
                for pool, found in [*watched, *self._retiring.items()]:
                    for worker in found:
                        if resident_mb(worker) > BUDGET_MB:
                            self._over_budget.add(pool)
                            kill(worker)

        self._background(watch())

    def stop_soon(self) -> None:
        """:meth:`close` from a signal handler (on the event loop's thread, between two of
        its steps)."""
        asyncio.get_running_loop().call_soon_threadsafe(self.close)

    def close(self) -> None:
        """Stop every worker now, a search still grinding included, and those of the pools
        already replaced that are still finishing a query; the queries waiting for them
        are answered at once (:data:`STOPPING`), so that the server need not wait."""
        self._closed = True
        for task in [*self._dispatchers, *self._tasks]:
            task.cancel()
        while not self._queue.empty():
            future = self._queue.get_nowait().future
            if not future.done():
                future.set_result(dict(STOPPING))
        for executor in self._pools.values():
            stop(executor)
        for found in self._retiring.values():
            for worker in found:
                kill(worker)
        shutil.rmtree(self._shared, ignore_errors=True)
