"""The worker processes of ``betza serve``: what each answers, how each starts, how much
memory it holds, and how a pool of them is stopped.

Memory is read from ``/proc`` (Linux); where there is no ``/proc`` nothing is watched, and
the workers of a replaced pool are not followed once it has let them go.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from translator.resources import collect_less

Worker = tuple[int, str]  # a process id and its start time: the process, not a later one
# that was given the same id

SHARED = "betza-serve-tables"  # the start of the name of a server's shared folder
ORPHAN_CHECK = 1.0  # seconds between a worker's looks at whether its server still runs
# imported by the forkserver before it forks the workers, each of which then starts with
# them (translator/web/preload.py parses the programs of the lanes)
PRELOAD = ["translator.jsonapi.batch", "translator.present.board", "translator.web.preload"]


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


def worker_setup(niceness: int, server: Worker | None, tables: str | None = None,
                 shared: str | None = None) -> None:
    """Run first in each worker: its CPU priority; the move tables of the folder
    ``tables`` (``betza serve --tables``); the folder ``shared`` where the server's
    workers leave the tables they compile for each other
    (:mod:`translator.compiled.shared`); Ctrl-C left to the server (which stops the
    workers itself, instead of each printing a traceback); and an end of its own once
    ``server`` has ended, so that even a server killed with SIGKILL (which cannot stop its
    workers) leaves none behind. (The workers are children of the forkserver, not of the
    server, and the forkserver waits for them: neither ends with the server by itself.)"""
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    collect_less()
    from translator.compiled import shared as shared_tables

    shared_tables.share(shared)
    if tables is not None:
        from translator.compiled import store

        store.load(tables)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if server is not None:
        threading.Thread(target=_end_with, args=(server,), daemon=True).start()


def _end_with(server: Worker) -> None:
    while running(server):
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


def this_process() -> Worker | None:
    """This process as a :data:`Worker` (None without /proc)."""
    started = _started(os.getpid())
    return None if started is None else (os.getpid(), started)


def shared_folder() -> str:
    """A new folder where this server's workers leave the tables they compile for each
    other (translator/compiled/shared.py), named for this process; those of servers that
    ended without removing theirs (killed) are removed now. (Without /proc none is.)"""
    me = this_process()
    if me is None:
        return tempfile.mkdtemp(prefix=f"{SHARED}-")
    for old in Path(tempfile.gettempdir()).glob(f"{SHARED}-*-*-*"):
        pid, started, _ = old.name.removeprefix(f"{SHARED}-").split("-", 2)
        if pid.isdigit() and started.isdigit() and not running((int(pid), started)):
            shutil.rmtree(old, ignore_errors=True)
    return tempfile.mkdtemp(prefix=f"{SHARED}-{me[0]}-{me[1]}-")


def workers_of(executor: ProcessPoolExecutor) -> list[Worker]:
    """A pool's workers (those it has started and not yet reaped). A pool forgets them
    once it is shut down: a pool that is to finish its work first is asked before that."""
    processes = getattr(executor, "_processes", None) or {}
    found = [(p.pid, _started(p.pid)) for p in list(processes.values()) if p.pid]
    return [(pid, started) for pid, started in found if started is not None]


def _started(pid: int) -> str | None:
    """A running process's start time (field 22 of /proc/PID/stat), None once it has ended
    (a zombie included)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else fields[19]


def running(worker: Worker) -> bool:
    return _started(worker[0]) == worker[1]


def resident_mb(worker: Worker) -> float:
    """A worker's resident memory in MB (0 once it has ended, or without /proc)."""
    try:
        with open(f"/proc/{worker[0]}/statm") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20 if running(worker) else 0.0


def largest_mb(executor: ProcessPoolExecutor) -> float:
    """The resident memory of a pool's largest worker, in MB."""
    return max((resident_mb(w) for w in workers_of(executor)), default=0.0)


def kill(worker: Worker) -> None:
    if running(worker):
        with contextlib.suppress(ProcessLookupError):  # ended meanwhile
            os.kill(worker[0], signal.SIGKILL)


def stop(executor: ProcessPoolExecutor) -> None:
    """Stop a pool now, a query still grinding included (with or without /proc)."""
    processes = getattr(executor, "_processes", None) or {}
    for process in list(processes.values()):
        process.kill()
    executor.shutdown(wait=False, cancel_futures=True)
