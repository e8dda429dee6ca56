"""A stream of input lines in groups of what is already waiting to be read.

A piped file is read in groups of many lines (answered together, which is fast), while a
script that writes a line and waits for its answer gets it at once: a group never waits
for more lines than the first.
"""

from __future__ import annotations

import select
from collections.abc import Iterator
from typing import IO


def waiting_groups(stream: IO[str], size: int) -> Iterator[list[str]]:
    """Lines in groups of what is already waiting, at most ``size`` (never waiting for more
    than one).

    >>> import io
    >>> [len(group) for group in waiting_groups(io.StringIO("a\\nb\\nc\\n"), 2)]
    [2, 1]
    """
    try:
        fd = stream.fileno()
        pollable = not stream.isatty() and hasattr(select, "select")
    except (OSError, ValueError, AttributeError):
        fd, pollable = -1, False
    while True:
        line = stream.readline()
        if not line:
            return
        group = [line]
        while len(group) < size:
            if pollable and not _waiting(stream, fd):
                break
            line = stream.readline()
            if not line:
                yield group
                return
            group.append(line)
        yield group


def _waiting(stream: IO[str], fd: int) -> bool:
    buffered = getattr(stream, "buffer", None)
    peek = getattr(buffered, "peek", None)
    if peek is not None:
        try:
            if b"\n" in peek(1)[:4096]:
                return True
        except (OSError, ValueError):
            pass
    try:
        return bool(select.select([fd], [], [], 0)[0])
    except (OSError, ValueError):
        return True
