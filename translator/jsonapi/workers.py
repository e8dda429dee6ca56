"""A long batch answered in worker processes: the machine's cores, and bounded memory.

Two reasons to answer a batch's lines outside the process that reads them, in tasks of
many lines:

- grounding is most of a line's cost, and two clingo programs grounded in threads of one
  process contend for clingo's symbol table (measured: six times slower than one after the
  other), while two processes ground at full speed each;
- clingo keeps every symbol it has made until its process ends (potassco/clingo#203), so a
  process answering a long batch grows by some 20 MB per 1,000 multi-leg ``moves`` lines
  and 100 MB per 1,000 ``attacks`` lines (some 3 GB per 1,000 lines of positions full of
  long chains); the workers are replaced after :data:`RECYCLE` lines each, or once one has
  grown past :data:`MEMORY_MB` after a task, which gives their memory back.

Workers are forked from the reading process, which imports the query modules first (so
that no worker imports them again) and grounds nothing itself. A
process with threads of its own (a kept program being built, translator/solve/warm.py)
is not forked, since a thread's lock would stay taken in the copy: its workers start from
a fork server instead. The answers are written in the order of the lines. The move tables
a worker compiles (translator/compiled/) come back with its answers and are kept by the
reading process, so that forked workers that replace it start with them.
Each worker holds every line's time limit and a memory ceiling inside grounding steps
(translator/solve/guard.py): a worker whose step passes either ends itself, leaving the
reason behind. A worker that dies (so, or killed from outside) costs only the lines that
were its own: its task is asked again line by line, and a line that ends its worker a
second time is answered with the reason (or, from a worker killed from outside, an error
saying so). Dask (translator/research) is for catalogue work that outgrows
one machine; a batch is a stream answered in order, on the machine that reads it.
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import pairwise
from pathlib import Path
from typing import Any

from translator.compiled import store
from translator.compiled.table import MoveTable
from translator.errors import LimitError
from translator.jsonapi import table_lane
from translator.jsonapi.fields import error
from translator.solve import guard

# lines read at a time: a shorter group is all that was waiting (a script that waits for
# each answer: answered before the next read)
GROUP = 350
# full groups, all read at once, are held up to this many lines and then cut into tasks of
# equal length, as many as the workers or a multiple and none over TASK lines (GROUP once a
# worker has grown past half of MEMORY_MB, so that heavy lines grow a worker less between
# the checks of its memory), so that the workers finish together; each task spreads a
# clingo program's fixed cost (grounding the rules of every encoding) over many lines
# (docs/bench.md: batch tasks)
HOLD = 8000
TASK = 700
RECYCLE = 2800  # lines per worker before the workers are replaced
MEMORY_MB = 600  # or once a worker has grown past this
PRELOAD = ["clingo", "translator.jsonapi.batch", "translator.queries.moves",
           "translator.queries.attacks"]
# a task's answers, the worker's megabytes, the tables it compiled, the lines it matched
Measured = tuple[str, float, list[MoveTable], int]
# a task's lines, its answers to come, and the pool that answers it
Task = tuple[list[str], "Future[Measured]", ProcessPoolExecutor]
DIED = ("the worker process answering this line ended without an answer (killed from "
        "outside, for the machine's memory?); try a lower max_atoms")


def default_workers() -> int:
    """The cores this process may use (at most 8)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, 8))


class Workers:
    """Worker processes that answer groups of batch lines, in order.

    >>> import io
    >>> from translator.jsonapi.batch import answer_text
    >>> out = io.StringIO()
    >>> line = '{"query": "moves", "betza": "W", "from": "a1"}\\n'
    >>> with Workers(2, answer_text) as workers:
    ...     workers.answer([[line] * GROUP] * 3, out.write)
    >>> len(out.getvalue().splitlines()) == 3 * GROUP
    True
    """

    def __init__(self, workers: int, answer: Callable[[list[str]], str]) -> None:
        """``answer`` gives the JSON lines that answer a group of input lines (a function
        of a module, so that it can be sent to a worker)."""
        self.workers = workers
        self.answer_lines = answer
        self.pool: ProcessPoolExecutor | None = None
        self.given = 0  # lines given to the pool
        self.task = TASK  # the most lines of a task
        self.context: multiprocessing.context.BaseContext | None = None
        # where a worker that ends itself at a limit leaves the reason (guard.stop_worker)
        self.reasons = tempfile.TemporaryDirectory(prefix="betza-workers-")

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
        self.reasons.cleanup()

    def _pool(self, lines: int) -> ProcessPoolExecutor:
        """The pool to give the next ``lines`` to."""
        if self.context is None:  # forked only while nothing but this thread runs
            for module in PRELOAD:  # imported once here, not by every worker
                importlib.import_module(module)
            self.context = multiprocessing.get_context(
                "fork" if threading.active_count() == 1 else "forkserver")
            if self.context.get_start_method() == "forkserver":
                self.context.set_forkserver_preload(PRELOAD)
        if self.pool is None:
            self.pool = ProcessPoolExecutor(self.workers, mp_context=self.context,
                                            initializer=guard.start_worker,
                                            initargs=(self.reasons.name,))
            self.given = 0
        self.given += lines
        return self.pool

    def answer(self, groups: Iterable[list[str]], write: Callable[[str], Any],
               done: Callable[[int], None] = lambda n: None) -> None:
        """Answer every group, writing the answers (``write``) in input order; ``done(n)``
        after each task of ``n`` lines. Full groups (more was waiting) are held, up to
        :data:`HOLD` lines, and handed out in equal tasks; at most two tasks per worker
        wait. Until a group of :data:`GROUP` lines comes, the groups (all there was to read)
        are answered before the next is read (a script that writes a line waits for its
        answer)."""
        tasks: deque[Task] = deque()
        held: list[str] = []
        for raw in groups:
            held.extend(raw)
            if len(raw) == GROUP and len(held) < HOLD:  # more was waiting: read it first
                continue
            self._give(held, tasks, write, done)
            held = []
            # a short group is all there was to read: its writer may wait for the answers
            # before it writes more, so they are written before the next read
            while (tasks and tasks[0][1].done()) or (tasks and len(raw) < GROUP):
                self._finish(tasks, write, done)
        self._give(held, tasks, write, done)
        while tasks:
            self._finish(tasks, write, done)

    def _give(self, lines: list[str], tasks: deque[Task], write: Callable[[str], Any],
              done: Callable[[int], None]) -> None:
        """Hand ``lines`` to the workers in equal tasks (:func:`shares`), one at a time as
        workers come free, each after the check for workers to replace."""
        for share in shares(lines, self.workers, self.task):
            while len(tasks) >= 2 * self.workers:
                self._finish(tasks, write, done)
            if self.pool is not None and self.given >= RECYCLE * self.workers:
                while tasks:  # the old workers end first: old and new never hold memory together
                    self._finish(tasks, write, done)
                self._restart()
            pool = self._pool(len(share))
            tasks.append((share, pool.submit(answer_measured, self.answer_lines, share), pool))

    def _finish(self, tasks: deque[Task], write: Callable[[str], Any],
                done: Callable[[int], None]) -> None:
        raw, future, pool = tasks.popleft()
        try:
            text, resident, tables, matched = future.result()
            store.adopt(tables)
            if pool is self.pool:   # lines matched from a table grow no clingo memory
                self.given -= matched
            if resident > MEMORY_MB / 2:
                self.task = GROUP
            if resident > MEMORY_MB and pool is self.pool:
                self.given = RECYCLE * self.workers  # replaced before its next task
        except BrokenProcessPool:
            # any line of any group in a worker then may have been the cause: each such
            # line is asked again on its own, one at a time, so that a line that kills its
            # worker again is known, and costs only its own answer
            if pool is self.pool:
                self._restart()
            guard.last_words(Path(self.reasons.name))  # (about the task, not one line)
            text = "".join(self._alone(line) for line in raw)
        write(text)
        done(len(raw))

    def _alone(self, line: str) -> str:
        try:
            text, _, tables, _ = self._pool(1).submit(answer_measured, self.answer_lines,
                                                   [line]).result()
            store.adopt(tables)
            return text
        except BrokenProcessPool:
            self._restart()
            reason = guard.last_words(Path(self.reasons.name))
            if reason is None:
                return json.dumps(error(DIED)) + "\n"
            return json.dumps(error(LimitError(reason))) + "\n"

    def _restart(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None


def shares(lines: list[str], workers: int, most: int = TASK) -> list[list[str]]:
    """``lines`` cut into consecutive tasks of equal length (within one), as many as the
    workers or a multiple, none over ``most`` lines.

    >>> [len(share) for share in shares(["x"] * 2201, 2)]
    [551, 550, 550, 550]
    >>> [len(share) for share in shares(["x"] * 300, 2)]
    [150, 150]
    >>> shares([], 2)
    []
    """
    if not lines:
        return []
    count = workers * -(-len(lines) // (workers * most))
    size, extra = divmod(len(lines), count)
    bounds = [i * size + min(i, extra) for i in range(count + 1)]
    return [lines[a:b] for a, b in pairwise(bounds) if b > a]


def answer_measured(answer: Callable[[list[str]], str], raw: list[str]) -> Measured:
    """In a worker: the answers to ``raw``, the megabytes the worker then holds, the
    move tables it compiled for them (kept by the reading process, so that the workers
    that replace this one need not compile them again) and how many of the lines were
    answered straight from a table (translator/jsonapi/table_lane.py)."""
    before = table_lane.served
    try:
        text = answer(raw)
    except MemoryError:  # outside a grounding step: the worker ends all the same
        guard.out_of_memory()
    return text, guard.resident_mb(), store.take_fresh(), table_lane.served - before
