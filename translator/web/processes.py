"""The worker processes of ``betza serve``: how each starts, how much memory it holds, and
how a pool of them is stopped.

Memory is read from ``/proc`` (Linux); where there is no ``/proc`` nothing is watched.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor

PR_SET_PDEATHSIG = 1


def worker_setup(niceness: int) -> None:
    """Run first in each worker: its CPU priority; Ctrl-C left to the server (which stops
    the workers itself, instead of each printing a traceback); and, on Linux, death with
    its parent (the forkserver, which ends with the server), so that even a server killed
    with SIGKILL leaves no worker behind."""
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        # (a libc without prctl: the server still stops its workers when it ends)
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def pids(executor: ProcessPoolExecutor) -> list[int]:
    """The process ids of a pool's workers (those it has started and not yet reaped)."""
    processes = getattr(executor, "_processes", None) or {}
    return [p.pid for p in list(processes.values()) if p.pid is not None]


def resident_mb(pid: int) -> float | None:
    """A process's resident memory in MB; None once it has ended (or without /proc)."""
    try:
        with open(f"/proc/{pid}/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return None


def largest_mb(executor: ProcessPoolExecutor) -> float:
    """The resident memory of a pool's largest worker, in MB."""
    return max((resident_mb(pid) or 0.0 for pid in pids(executor)), default=0.0)


def alive(executor: ProcessPoolExecutor) -> bool:
    return any(resident_mb(pid) is not None for pid in pids(executor))


def kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):  # ended meanwhile
        os.kill(pid, signal.SIGKILL)


def stop(executor: ProcessPoolExecutor) -> None:
    """Stop a pool now, a query still grinding included."""
    for pid in pids(executor):
        kill(pid)
    executor.shutdown(wait=False, cancel_futures=True)
