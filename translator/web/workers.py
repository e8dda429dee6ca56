"""Solver work off the event loop: a pool of worker processes that answer one batch
query object each, and are replaced when one overruns its time limit.

Grounding cannot be interrupted from Python, so a query that overruns is stopped by
ending its worker process; the pool is then started afresh (queries in flight on the
other workers get a clear "try again" error rather than a hang).

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
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

GRACE = 3.0  # seconds past a query's own limit before its worker is stopped
RECYCLE = 2000  # queries per worker process before a fresh one takes over (memory flat)


def answer_text(text: str, max_timeout: float) -> dict[str, Any]:
    """The batch answer of one query object (in a worker process), with the error's
    position and whether a limit was hit; a time limit above ``max_timeout`` is capped."""
    from translator.jsonapi.batch import answer_group
    from translator.jsonapi.fields import DETAILED_ERRORS

    token = DETAILED_ERRORS.set(True)
    try:
        return answer_group([text], {"timeout": max_timeout})[0]
    finally:
        DETAILED_ERRORS.reset(token)


def capped(obj: dict[str, Any], max_timeout: float) -> dict[str, Any]:
    """The query with its own ``timeout`` held to the server's."""
    timeout = obj.get("timeout")
    if isinstance(timeout, int | float) and not isinstance(timeout, bool) and timeout > 0:
        obj = {**obj, "timeout": min(float(timeout), max_timeout)}
    return obj


class SolverPool:
    """Worker processes answering query objects; ``await pool.answer(obj)``."""

    def __init__(self, workers: int | None = None, max_timeout: float = 10.0):
        self.workers = workers or max(2, os.cpu_count() or 2)
        self.max_timeout = max_timeout
        self._executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["translator.jsonapi.batch", "translator.queries.board"])
        return ProcessPoolExecutor(self.workers, mp_context=ctx, max_tasks_per_child=RECYCLE)

    def warm(self) -> None:
        """Start every worker now, so that the first page load is not the slow one."""
        probe = json.dumps({"query": "moves", "betza": "K", "from": "a1"})
        for future in [self._executor.submit(answer_text, probe, 5.0)
                       for _ in range(self.workers)]:
            future.result()

    async def answer(self, obj: dict[str, Any]) -> dict[str, Any]:
        obj = capped(obj, self.max_timeout)
        limit = float(obj.get("timeout", self.max_timeout)) \
            if isinstance(obj.get("timeout"), int | float) else self.max_timeout
        loop = asyncio.get_running_loop()
        executor = self._executor
        try:
            future = loop.run_in_executor(executor, answer_text, json.dumps(obj),
                                          self.max_timeout)
            return await asyncio.wait_for(future, limit + GRACE)
        except TimeoutError:
            self._restart(executor)
            return {"ok": False, "limit": True, "error": f"the query went past the time "
                    f"limit of {limit:g} s (a query may set a lower \"timeout\"; the "
                    f"server's own limit is set with betza serve --timeout)"}
        except BrokenProcessPool:
            self._restart(executor)
            return {"ok": False, "limit": True, "error": "the solver stopped while "
                    "answering (another query overran its limit); send the query again"}

    def _restart(self, executor: ProcessPoolExecutor) -> None:
        if executor is not self._executor:
            return  # another request already replaced it
        self._executor = self._start()
        for process in list(getattr(executor, "_processes", {}).values()):
            process.kill()
        executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
