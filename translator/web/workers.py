"""Solver work off the event loop: a pool of worker processes that answer one batch
query object each.

Four lanes, each its own pool: the board's queries (moves, board, attacks …: tens of
milliseconds; those waiting while the workers are busy go out as one group and share a
grounding), ``why`` (a search for the closest position: up to a second), ``explain``,
and the other searches (equiv, find, lint …: up to seconds), at lower CPU priority in that
order, so that a learner's board never waits behind another one's search. A query that runs past
its time limit is answered at once (422): one not yet started is dropped, one running
may finish the grounding it is in for :data:`STUCK` seconds more (its worker then goes back
to the pool, with what it keeps); a worker still busy after that is stopped, by starting
its pool afresh, so that no query holds a lane for long.

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
import math
import multiprocessing
import os
import weakref
from collections.abc import Coroutine
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from translator.bounds import LONGEST
from translator.solve.limits import DEFAULT_MAX_ATOMS
from translator.web.processes import (
    Worker,
    kill,
    largest_mb,
    resident_mb,
    running,
    stop,
    this_process,
    worker_setup,
    workers_of,
)

GRACE = 1.0  # seconds past a query's own limit before it is answered with 422
# seconds past that before its worker is taken for stuck and stopped: a search lane may
# have a single worker, and every search waits while it is busy
STUCK = 5.0
# the same for a group of board queries (light by themselves: the heavy ones go to the
# search lane), whose workers keep the programs that make boards fast
GROUP_STUCK = 120.0
# lane of each query kind (others: "board")
LANE_OF = {"why": "why", "explain": "explain", **dict.fromkeys(
    ("equiv", "find", "census", "classes", "lint", "convert", "compile"), "search")}
# lane -> (share of the workers, niceness, tasks before the lane's pool is replaced by a
# fresh one: a search's grounding can leave hundreds of MB behind, so its workers go soon).
# The replacing is ours: CPython 3.11's max_tasks_per_child can leave a pool with no
# worker once one retires, and every later query of the lane then hangs.
# An explanation (a second or less: the kb's pieces are read from their compiled cache,
# translator/compiled/kbcache.py) has a lane of its own, so that it never waits behind an
# equivalence or a find of many seconds.
LANES = {"board": (1.0, 0, 20_000), "why": (1.0, 2, 20_000), "explain": (0.5, 5, 200),
         "search": (0.5, 10, 10)}
STOPPED = {"ok": False, "limit": True, "error": "the solver stopped while answering (a "
           "query overran its limit, or its worker was stopped); send the query again"}
STOPPING = {"ok": False, "stopping": True, "error": "the server is stopping"}
MAX_ATOMS = DEFAULT_MAX_ATOMS  # the most atoms a query may ask to ground
# the most memory a worker may hold (MB): past it, it is stopped and its query answered 422;
# a query within MAX_ATOMS grounds in well under it
BUDGET_MB = 1500
# what a worker of each lane may keep after a task (MB): a pool with a worker holding more
# (what its biggest query left behind) is replaced, so that an idle server holds at most
# this much per worker. Board and why workers keep grounded programs (docs/bench.md says
# how much in a busy class); a search worker keeps nothing that later searches use.
IDLE_MB = {"board": 800, "why": 1000, "explain": 800, "search": 500}
WATCH_EVERY = 0.1  # seconds between two looks at the workers' memory
HEAVY = 100_000  # estimated atoms of a board query's piece that send it to the search lane
GROUP = 48  # board queries that arrived while the workers were busy go out together


def answer_text(text: str, max_timeout: float) -> dict[str, Any]:
    """The batch answer of one query object (in a worker process), with the error's
    position and whether a limit was hit; a time limit above ``max_timeout`` is capped."""
    return answer_texts([text], max_timeout)[0]


def answer_texts(texts: list[str], max_timeout: float) -> list[dict[str, Any]]:
    """The answers of several query objects, grounded together where their kind allows
    (as the lines of one ``betza batch`` group are)."""
    from translator.jsonapi.batch import answer_group
    from translator.jsonapi.fields import DETAILED_ERRORS
    from translator.solve.warm import KEPT_FIRST

    token, kept = DETAILED_ERRORS.set(True), KEPT_FIRST.set(True)
    try:
        return answer_group(texts, {"timeout": max_timeout})
    finally:
        KEPT_FIRST.reset(kept)
        DETAILED_ERRORS.reset(token)


def heavy(obj: dict[str, Any]) -> bool:
    """Whether a board query's piece is estimated at over :data:`HEAVY` atoms (long chains
    such as aaaaK ground for seconds): it goes to the search lane, where it does not hold
    up the boards of the others."""
    from translator.errors import BetzaError
    from translator.facts.pieces import parse_piece
    from translator.solve.limits import estimated_atoms
    from translator.squares import MAX_SIZE

    betza, files, ranks = obj.get("betza"), obj.get("files", 8), obj.get("ranks", 8)
    if not (isinstance(betza, str) and isinstance(files, int) and isinstance(ranks, int)
            and len(betza) < 200 and 0 < files <= MAX_SIZE and 0 < ranks <= MAX_SIZE):
        return False  # (the worker says what is wrong)
    try:
        return estimated_atoms(parse_piece(betza), files, ranks) > HEAVY
    except (BetzaError, RecursionError):  # a bad string: its worker says what is wrong
        return False


def capped(obj: dict[str, Any], max_timeout: float) -> dict[str, Any]:
    """The query with its own ``timeout`` held to the server's and its ``max_atoms`` to
    :data:`MAX_ATOMS` (malformed values are left for the worker to report)."""
    timeout, atoms = seconds(obj.get("timeout")), obj.get("max_atoms")
    if timeout is not None:
        obj = {**obj, "timeout": min(timeout, max_timeout)}
    if isinstance(atoms, int) and not isinstance(atoms, bool) and atoms > MAX_ATOMS:
        obj = {**obj, "max_atoms": MAX_ATOMS}
    return obj


def seconds(value: Any) -> float | None:
    """A time limit as given, if it is one (a positive finite number)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        return None
    # (an int of 400 digits has no float: held to a week before it is made one)
    return float(min(value, LONGEST)) if not isinstance(value, float) or math.isfinite(
        value) else None


class SolverPool:
    """Worker processes answering query objects; ``await pool.answer(obj)``."""

    def __init__(self, workers: int | None = None, max_timeout: float = 10.0,
                 tables: str | None = None):
        self.workers = workers or max(2, os.cpu_count() or 2)
        self.max_timeout = max_timeout
        self.tables = tables
        self._pools = {lane: self._start(lane) for lane in LANES}
        self._served = dict.fromkeys(LANES, 0)
        # the workers of replaced pools still finishing the work sent to them, and the
        # pools whose worker was stopped for passing its budget
        self._retiring: dict[ProcessPoolExecutor, list[Worker]] = {}
        self._over_budget: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
        self._tasks: set[asyncio.Task[None]] = set()
        self._queue: asyncio.Queue[tuple[str, asyncio.Future[Any]]] = asyncio.Queue()
        self._dispatchers: list[asyncio.Task[None]] = []
        self._watching = self._closed = False

    def _start(self, lane: str) -> ProcessPoolExecutor:
        share, niceness, _ = LANES[lane]
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["translator.jsonapi.batch", "translator.present.board"])
        return ProcessPoolExecutor(max(1, int(self.workers * share)), mp_context=ctx,
                                   initializer=worker_setup,
                                   initargs=(niceness, this_process(), self.tables))

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
        if self._closed:
            return dict(STOPPING)
        obj = capped(obj, self.max_timeout)
        limit = min(seconds(obj.get("timeout")) or self.max_timeout, self.max_timeout)
        kind = obj.get("query")
        lane = LANE_OF.get(kind, "board") if isinstance(kind, str) else "board"
        if kind == "compile" and obj.get("from") is not None:
            lane = "board"   # one square's rows: what the piece's board compiles anyway
        if lane == "board" and heavy(obj):
            lane = "search"
        self._watch_memory()
        text = json.dumps(obj)
        if lane == "board":
            return await self._grouped(text, limit)
        return await self._alone(lane, text, limit)

    async def _alone(self, lane: str, text: str, limit: float) -> dict[str, Any]:
        """A query in a worker of its own lane. A pool found broken (a worker killed, by
        us for its memory or by the system) is replaced and the query sent again once:
        it may have been only queued behind the query that broke it; so is a query that
        waited in a pool stopped for another one's sake."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit + GRACE
        for attempt in range(2):
            executor = self._pools[lane]
            if self._closed:
                return dict(STOPPING)
            try:
                job = executor.submit(answer_text, text, self.max_timeout)
                answer: dict[str, Any] = await asyncio.wait_for(
                    asyncio.shield(_quiet(asyncio.wrap_future(job))), deadline - loop.time())
            except asyncio.CancelledError:
                if not job.cancelled():  # the request itself is cancelled
                    raise
                continue  # it waited in a pool that was stopped: sent again (or STOPPING)
            except TimeoutError:
                if not job.cancel():  # running: let it finish, unless it never does
                    self._abandon(job, lane, executor)
                return _over(limit)
            except BrokenProcessPool:
                self._replace(lane, executor, now=True)
                if attempt:
                    return self._stopped(executor)
                continue
            self._served_one(lane, executor)
            return answer
        return dict(STOPPED)

    def _stopped(self, executor: ProcessPoolExecutor) -> dict[str, Any]:
        """The answer of a query whose worker was stopped, with the reason."""
        if executor in self._over_budget:
            return {"ok": False, "limit": True, "error": "the query needed more memory than "
                    f"a worker may hold ({BUDGET_MB} MB); a smaller board or piece needs less"}
        return dict(STOPPED)

    async def _grouped(self, text: str, limit: float) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        if not self._dispatchers:
            self._queue = asyncio.Queue()
            self._dispatchers = [loop.create_task(self._dispatcher())
                                 for _ in range(self._pools["board"]._max_workers)]  # type: ignore[attr-defined]
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.put_nowait((text, future))
        try:
            return await asyncio.wait_for(asyncio.shield(future), limit + GRACE)
        except TimeoutError:
            future.cancel()  # a dispatcher that has not sent it yet drops it
            return _over(limit)

    async def _dispatcher(self) -> None:
        """Send what is waiting to a worker as one group; under load, queries that arrive
        while the workers are busy share one grounding."""
        while True:
            group = [await self._queue.get()]
            while len(group) < GROUP and not self._queue.empty():
                group.append(self._queue.get_nowait())
            group = [(text, fut) for text, fut in group if not fut.done()]
            answers = [dict(STOPPING) for _ in group]  # unless answered before the end
            try:
                if group:
                    answers = await self._board_group([text for text, _ in group])
            finally:
                for (_, fut), answer in zip(group, answers, strict=True):
                    if not fut.done():
                        fut.set_result(answer)

    async def _board_group(self, texts: list[str]) -> list[dict[str, Any]]:
        """The answers of a group of board queries; a broken or stopped pool is replaced
        and the group sent again once, as :meth:`_alone` does."""
        for attempt in range(2):
            executor = self._pools["board"]
            if self._closed:
                return [dict(STOPPING) for _ in texts]
            try:
                job = executor.submit(answer_texts, texts, self.max_timeout)
                answers: list[dict[str, Any]] = await asyncio.wait_for(
                    _quiet(asyncio.wrap_future(job)), self.max_timeout + GROUP_STUCK)
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
            _, future = self._queue.get_nowait()
            if not future.done():
                future.set_result(dict(STOPPING))
        for executor in self._pools.values():
            stop(executor)
        for found in self._retiring.values():
            for worker in found:
                kill(worker)


def _quiet(future: asyncio.Future[Any]) -> asyncio.Future[Any]:
    """The future, whose exception is taken as seen: no one may wait for it any longer (its
    query was answered 422), and asyncio would log it."""
    future.add_done_callback(lambda done: done.cancelled() or done.exception())
    return future


def _over(limit: float) -> dict[str, Any]:
    return {"ok": False, "limit": True, "error": f"the query went past the time limit of "
            f"{limit:g} s (a query may set a lower \"timeout\"; the server's own limit is "
            "set with betza serve --timeout)"}
