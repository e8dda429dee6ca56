"""The resident memory of a process and of every process it started (Linux ``/proc``), for
the benches that measure a server or a batch with its workers."""

from __future__ import annotations

import os


def tree_resident_kb(pid: int) -> list[int]:
    """The resident size in kB of ``pid`` and each of its descendants (0 for one that has
    ended meanwhile)."""
    return [_resident(p) for p in [pid, *descendants(pid)]]


def niceness(pid: int) -> int | None:
    """A process's niceness (field 19 of /proc/PID/stat), None once it has ended."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return int(fh.read().rpartition(")")[2].split()[16])
    except (OSError, IndexError, ValueError):
        return None


def tree_cpu_seconds(pid: int) -> float:
    """The CPU seconds (user and system) spent by ``pid`` and its descendants, those that
    have ended and were waited for included (fields 14 to 17 of /proc/PID/stat)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for one in [pid, *descendants(pid)]:
        try:
            with open(f"/proc/{one}/stat") as fh:
                total += sum(int(f) for f in fh.read().rpartition(")")[2].split()[11:15])
        except (OSError, ValueError):
            continue   # ended meanwhile: its parent's waited-for time has it
    return total / ticks


def resident_kb(pid: int) -> int:
    return _resident(pid)


def descendants(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            children = [int(c) for c in fh.read().split()]
    except OSError:
        return []
    return children + [d for c in children for d in descendants(c)]


def _resident(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as fh:
            return next((int(line.split()[1]) for line in fh if line.startswith("VmRSS")), 0)
    except OSError:
        return 0
