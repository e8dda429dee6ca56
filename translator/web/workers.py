"""Solver work off the event loop: a pool of worker processes that answer one batch
query object each.

Three lanes, each its own pool: the board's queries (moves, board, attacks …: tens of
milliseconds; those waiting while the workers are busy go out as one group and share a
grounding), ``why`` (a search for the closest position: up to a second), and the other
searches (equiv, find, explain …: up to seconds), at lower CPU priority in that order, so
that a learner's board never waits behind another one's search. A query that runs past
its time limit is answered at once (422): one not yet started is dropped, one running
finishes the grounding it is in (bounded by its atom budget) and its worker goes back to
the pool. Only a worker still busy :data:`STUCK` seconds later is stopped, by starting
its pool afresh.

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
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

GRACE = 1.0  # seconds past a query's own limit before it is answered with 422
STUCK = 120.0  # seconds past that before its worker is taken for stuck and stopped
# lane of each query kind (others: "board")
LANE_OF = {"why": "why", **dict.fromkeys(
    ("equiv", "find", "explain", "census", "classes", "lint", "convert", "compile"),
    "search")}
# lane -> (share of the workers, niceness, tasks before the lane's pool is replaced by a
# fresh one: a search's grounding can leave hundreds of MB behind, so its workers go soon).
# The replacing is ours: CPython 3.11's max_tasks_per_child can leave a pool with no
# worker once one retires, and every later query of the lane then hangs.
LANES = {"board": (1.0, 0, 20_000), "why": (1.0, 2, 20_000), "search": (0.5, 10, 10)}
STOPPED = {"ok": False, "limit": True, "error": "the solver stopped while answering (a "
           "query overran its limit); send the query again"}
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
    from translator.queries.moves import parse_piece
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


def _start_worker(niceness: int, tables: str | None) -> None:
    """A worker's set-up: its CPU priority, and the move tables it answers from."""
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    if tables is not None:
        from translator.compiled import store

        store.load(tables)


def capped(obj: dict[str, Any], max_timeout: float) -> dict[str, Any]:
    """The query with its own ``timeout`` held to the server's."""
    timeout = obj.get("timeout")
    if isinstance(timeout, int | float) and not isinstance(timeout, bool) and timeout > 0:
        obj = {**obj, "timeout": min(float(timeout), max_timeout)}
    return obj


class SolverPool:
    """Worker processes answering query objects; ``await pool.answer(obj)``."""

    def __init__(self, workers: int | None = None, max_timeout: float = 10.0,
                 tables: str | None = None):
        self.workers = workers or max(2, os.cpu_count() or 2)
        self.max_timeout = max_timeout
        self.tables = tables
        self._pools = {lane: self._start(lane) for lane in LANES}
        self._served = dict.fromkeys(LANES, 0)
        self._watching: set[asyncio.Task[None]] = set()
        self._queue: asyncio.Queue[tuple[str, asyncio.Future[Any]]] = asyncio.Queue()
        self._dispatchers: list[asyncio.Task[None]] = []

    def _start(self, lane: str) -> ProcessPoolExecutor:
        share, niceness, _ = LANES[lane]
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["translator.jsonapi.batch", "translator.queries.board"])
        return ProcessPoolExecutor(max(1, int(self.workers * share)), mp_context=ctx,
                                   initializer=_start_worker,
                                   initargs=(niceness, self.tables))

    def _served_one(self, lane: str, executor: ProcessPoolExecutor) -> None:
        """Count a finished task; a pool that has served its share is replaced, and the
        old one's processes exit once the work already sent to them is done."""
        if executor is not self._pools[lane]:
            return
        self._served[lane] += 1
        if self._served[lane] >= LANES[lane][2]:
            self._served[lane] = 0
            self._pools[lane] = self._start(lane)
            executor.shutdown(wait=False)

    async def answer(self, obj: dict[str, Any]) -> dict[str, Any]:
        obj = capped(obj, self.max_timeout)
        limit = float(obj.get("timeout", self.max_timeout)) \
            if isinstance(obj.get("timeout"), int | float) else self.max_timeout
        kind = obj.get("query")
        lane = LANE_OF.get(kind, "board") if isinstance(kind, str) else "board"
        if lane == "board" and heavy(obj):
            lane = "search"
        text = json.dumps(obj)
        if lane == "board":
            return await self._grouped(text, limit)
        executor = self._pools[lane]
        job = executor.submit(answer_text, text, self.max_timeout)
        try:
            answer: dict[str, Any] = await asyncio.wait_for(
                asyncio.shield(asyncio.wrap_future(job)), limit + GRACE)
            self._served_one(lane, executor)
            return answer
        except TimeoutError:
            if not job.cancel():  # running: let it finish, unless it never does
                self._watch(job, lane, executor)
            return _over(limit)
        except BrokenProcessPool:
            self._restart(lane, executor)
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
        loop = asyncio.get_running_loop()
        while True:
            group = [await self._queue.get()]
            while len(group) < GROUP and not self._queue.empty():
                group.append(self._queue.get_nowait())
            group = [(text, fut) for text, fut in group if not fut.done()]
            if not group:
                continue
            executor = self._pools["board"]
            try:
                answers = await asyncio.wait_for(loop.run_in_executor(
                    executor, answer_texts, [text for text, _ in group], self.max_timeout),
                    self.max_timeout + STUCK)
                self._served_one("board", executor)
            except (TimeoutError, BrokenProcessPool):
                self._restart("board", executor)
                answers = [dict(STOPPED) for _ in group]
            for (_, fut), answer in zip(group, answers, strict=True):
                if not fut.done():
                    fut.set_result(answer)

    def _watch(self, job: Future[Any], lane: str, executor: ProcessPoolExecutor) -> None:
        """Let an abandoned query finish; restart its pool if it never does."""
        async def wait() -> None:
            try:
                await asyncio.wait_for(asyncio.wrap_future(job), STUCK)
            except TimeoutError:
                self._restart(lane, executor)
            except Exception:  # its answer is no longer wanted, whatever it is
                return

        task = asyncio.get_running_loop().create_task(wait())
        self._watching.add(task)
        task.add_done_callback(self._watching.discard)

    def _restart(self, lane: str, executor: ProcessPoolExecutor) -> None:
        if executor is not self._pools[lane]:
            return  # another request already replaced it
        self._pools[lane] = self._start(lane)
        for process in list(getattr(executor, "_processes", {}).values()):
            process.kill()
        executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop every worker now, a search still grinding included."""
        for task in self._dispatchers:
            task.cancel()
        for executor in self._pools.values():
            for process in list(getattr(executor, "_processes", {}).values()):
                process.kill()
            executor.shutdown(wait=False, cancel_futures=True)


def _over(limit: float) -> dict[str, Any]:
    return {"ok": False, "limit": True, "error": f"the query went past the time limit of "
            f"{limit:g} s (a query may set a lower \"timeout\"; the server's own limit is "
            "set with betza serve --timeout)"}
