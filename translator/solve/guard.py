"""The time limit and the memory ceiling inside a grounding step.

A clingo ``ground`` call cannot be interrupted, and the size estimate
(:mod:`translator.solve.limits`) only sizes work, so a step may outrun both limits. Two
bounds hold inside a step:

- in a process :func:`arm`\\ ed for it (a batch or web worker, a command-line query), a
  watchdog thread watches each step (:func:`step`): when one is still running at its
  deadline, or the process holds more than :data:`CEILING_MB` over what it held when it
  was armed, it hands the refusal to the process's ``on_overrun``, which ends the process
  (a worker's parent answers the line with the message and starts another worker);
- :func:`limit_memory` caps the address space (``RLIMIT_AS``) a little higher, so that
  memory taken between two looks of the watchdog, or in a process that is not armed (a
  Python program using the library: it only stops between steps), fails inside clingo (a
  ``MemoryError``, which :func:`out_of_memory` turns into a refusal) instead of the machine
  running out. (Past that cap glibc may abort the process instead: hence the watchdog.)

>>> import time
>>> with step(time.monotonic() + 60, 5):  # not armed: nothing watches
...     pass
>>> try:
...     out_of_memory()
... except LimitError as err:
...     print(err.message[:57])
the query passed the memory ceiling of this process (2048
"""

from __future__ import annotations

import ctypes
import math
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

from translator.errors import LimitError
from translator.resources import collect_less

CEILING_MB = 2048  # memory a query may add to a process: max_atoms' default uses < 1 GB
SLACK_MB = 1024  # and address space beyond it (libraries and threads map more than they use)
POLL = 0.05  # seconds between the watchdog's looks at the memory (clingo takes < 100 MB/s)
OVERRUN_EXIT = 75  # the exit status of a worker that ended itself at a limit
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends
Overrun = Callable[[str], None]


def time_message(timeout: float) -> str:
    """The refusal of a query whose grounding step outran its time limit."""
    return (f"the grounder went past the time limit of {timeout:g} s inside a grounding step "
            'and was stopped (raise it with --timeout; batch: "timeout")')


def memory_message() -> str:
    """The refusal of a query that passed the memory ceiling."""
    return (f"the query passed the memory ceiling of this process ({CEILING_MB} MB more than "
            'it held before) and was stopped; try a lower --max-atoms (batch: "max_atoms")')


def limit_memory(megabytes: float | None = None) -> None:
    """Cap this process's address space at what it maps now plus ``megabytes`` (default:
    the ceiling and :data:`SLACK_MB`; Linux, a no-op where ``/proc`` is missing). Not for a
    process that starts a Dask cluster or a web server: their children inherit the cap."""
    if megabytes is None:
        megabytes = CEILING_MB + SLACK_MB
    try:
        with open("/proc/self/statm") as statm:
            mapped = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = mapped + int(megabytes * 2**20)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


class _Watchdog:
    """One daemon thread that watches the steps in progress, one per thread at most."""

    def __init__(self, on_overrun: Overrun, ceiling_mb: float) -> None:
        self.on_overrun = on_overrun
        self.most = resident_mb() + ceiling_mb
        self.changed = threading.Condition()
        self.steps: dict[int, tuple[float, float]] = {}  # thread -> (deadline, timeout)
        threading.Thread(target=self._watch, name="grounding-watchdog", daemon=True).start()

    def _watch(self) -> None:
        with self.changed:
            while True:
                if not self.steps:
                    self.changed.wait()
                    continue
                deadline, timeout = min(self.steps.values())
                left = deadline - time.monotonic()
                if resident_mb() > self.most:
                    message = memory_message()
                elif left <= 0:
                    message = time_message(timeout)
                else:
                    self.changed.wait(min(left, POLL))
                    continue
                self.on_overrun(message)
                return  # on_overrun ends the process; a test's may return instead


def resident_mb() -> float:
    """The megabytes this process holds (not on Linux: the most it has held)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


_ARMED: _Watchdog | None = None


def arm(on_overrun: Overrun) -> None:
    """Watch the grounding steps of this process from now on: ``on_overrun(message)`` is
    called (from the watchdog thread, or from the thread that ran out of memory) when a
    step passes its deadline or the process holds :data:`CEILING_MB` more than now, and
    must end the process."""
    global _ARMED
    _ARMED = _Watchdog(on_overrun, CEILING_MB)


def armed() -> bool:
    """Whether this process's grounding steps are watched."""
    return _ARMED is not None


def disarm() -> None:
    """Stop watching (the watchdog thread of a test's process ends with the process)."""
    global _ARMED
    _ARMED = None


@contextmanager
def step(deadline: float | None, timeout: float) -> Iterator[None]:
    """Around one grounding (or solving) call that must end by ``deadline`` (a
    ``time.monotonic()`` value; None: only its memory is watched); a ``MemoryError``
    inside is :func:`out_of_memory`."""
    watchdog = _ARMED
    if watchdog is None:
        try:
            yield
        except MemoryError:
            out_of_memory()
        return
    me = threading.get_ident()
    with watchdog.changed:
        # (a deadline that is not a number, from a limit no check caught, is none)
        watchdog.steps[me] = (deadline if deadline is not None and math.isfinite(deadline)
                              else math.inf, timeout)
        watchdog.changed.notify()
    try:
        yield
    except MemoryError:
        out_of_memory()
    finally:
        with watchdog.changed:
            watchdog.steps.pop(me, None)


def out_of_memory() -> NoReturn:
    """A query passed the memory ceiling: an armed process ends (``on_overrun``), since
    what clingo held may stay mapped; any other refuses the query."""
    if _ARMED is not None:
        _ARMED.on_overrun(memory_message())
    raise LimitError(memory_message())


def stop_worker(reasons: Path) -> Overrun:
    """The ``on_overrun`` of a worker process: the message goes to a file named after the
    process in the folder ``reasons`` (for the parent to answer the line with), and the
    process ends at once."""
    def stop(message: str) -> None:
        (reasons / str(os.getpid())).write_text(message, encoding="utf-8")
        os._exit(OVERRUN_EXIT)

    return stop


def start_worker(reasons: str) -> None:
    """In a new worker process (a batch or web worker: its pool's initializer): the memory
    ceiling, and the watchdog of grounding steps, which ends the worker with the reason left
    in the folder ``reasons`` (read it with :func:`last_words`). The worker also ends with
    the thread that started it (Linux): forked workers hold each other's ends of the pool's
    pipes, so one whose parent was killed would wait for work for ever."""
    limit_memory()
    collect_less()
    arm(stop_worker(Path(reasons)))
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def last_words(reasons: Path) -> str | None:
    """The message a stopped worker left in ``reasons`` (removed once read), if any."""
    found = None
    for path in sorted(reasons.iterdir()):
        found = path.read_text(encoding="utf-8") or found
        path.unlink()
    return found
