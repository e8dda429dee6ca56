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


class CpuByProcess:
    """The CPU seconds each process of a tree spends from now on, read from ``/proc`` every
    ``every`` seconds in a thread of its own until :meth:`stop` (a process that ends between
    two looks loses at most that much). ``spent`` maps a pid to its command line,
    niceness, parent, and CPU seconds since the start (or since it began)."""

    def __init__(self, pid: int, every: float = 0.2):
        import threading

        self.pid, self.every = pid, every
        self.start: dict[int, float] = {p: cpu for p, (_, _, _, cpu) in self._look().items()}
        self.spent: dict[int, tuple[str, int, int, float]] = {}
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _look(self) -> dict[int, tuple[str, int, int, float]]:
        ticks, found = os.sysconf("SC_CLK_TCK"), {}
        for one in [self.pid, *descendants(self.pid)]:
            try:
                with open(f"/proc/{one}/stat") as fh:
                    fields = fh.read().rpartition(")")[2].split()
                with open(f"/proc/{one}/cmdline") as fh:
                    command = fh.read().replace("\0", " ").strip()
            except OSError:
                continue
            found[one] = (command, int(fields[16]), int(fields[1]),
                          (int(fields[11]) + int(fields[12])) / ticks)
        return found

    def _run(self) -> None:
        while True:
            for one, (command, nice, parent, cpu) in self._look().items():
                self.spent[one] = (command, nice, parent, cpu - self.start.get(one, 0.0))
            if self._done.wait(self.every):
                return

    def stop(self) -> dict[int, tuple[str, int, int, float]]:
        self._done.set()
        self._thread.join()
        return self.spent
