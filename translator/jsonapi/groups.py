"""A stream of input lines in groups of what is already waiting to be read.

A piped file is read in groups of many lines (answered together, which is fast), while a
script that writes a line and waits for its answer gets it at once: a group waits for its
first line, and then for more only a moment (:data:`SETTLE`). Lines typed at a terminal
come one at a time.

The lines of a pipe or a file are read from its descriptor directly: whether more is
waiting is asked of the descriptor (``select``), which a text stream's own buffers would
hide (a buffered reader's ``peek`` blocks once its buffer is empty). Bytes that are not
UTF-8 become U+FFFD, so that such a line is answered with an error, not a crash.
"""

from __future__ import annotations

import os
import select
from collections.abc import Iterator
from typing import IO

CHUNK = 1 << 16  # bytes read at a time
# how long a group waits for more of a pipe before it ends with what it has: a program that
# pipes in a long input refills the pipe within this, so the input comes in full groups
# (answered together, in equal tasks); a script that waits for each answer gets it this
# much later
SETTLE = 0.002


def waiting_groups(stream: IO[str], size: int) -> Iterator[list[str]]:
    """Lines in groups of what is already waiting, at most ``size`` (waiting for the first,
    and for more only :data:`SETTLE` seconds).

    >>> import io
    >>> [len(group) for group in waiting_groups(io.StringIO("a\\nb\\nc\\n"), 2)]
    [2, 1]
    """
    try:
        fd = stream.fileno()
        tty = stream.isatty()
    except (OSError, ValueError, AttributeError):  # an in-memory stream: all is waiting
        fd, tty = -1, False
    if tty:
        while line := stream.readline():
            yield [line]
    elif fd < 0 or not hasattr(select, "select"):
        while group := [line for line in (stream.readline() for _ in range(size)) if line]:
            yield group
    else:
        yield from _fd_groups(fd, size)


def _fd_groups(fd: int, size: int) -> Iterator[list[str]]:
    data, start, ended = b"", 0, False  # bytes read, where the next line starts, at EOF

    def read(wait: bool) -> bool:
        """Read what has come (``wait``: block until something does); whether any did."""
        nonlocal data, start, ended
        if ended or not (wait or select.select([fd], [], [], SETTLE)[0]):
            return False
        chunk = os.read(fd, CHUNK)
        data, start, ended = data[start:] + chunk, 0, not chunk
        return bool(chunk)

    while True:
        while data.find(b"\n", start) < 0 and read(True):
            pass
        group: list[str] = []
        while len(group) < size:
            end = data.find(b"\n", start)
            if end < 0:
                if not ended and read(False):
                    continue
                if ended and start < len(data):  # a last line without its newline
                    group.append(data[start:].decode("utf-8", "replace"))
                    start = len(data)
                break
            group.append(data[start:end + 1].decode("utf-8", "replace"))
            start = end + 1
        if not group:
            return
        yield group
