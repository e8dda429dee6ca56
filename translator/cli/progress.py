"""A line on stderr while a query takes longer than a second, in a terminal only: the
command and the seconds so far, wiped when the answer comes (a pipe or a file sees none).

``BETZA_PROGRESS_AFTER`` (seconds, default 1) sets when the line first shows.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

# the commands that show progress of their own (equiv: the start squares; census,
# classes, compile: Dask's bar) or answer no query of their own (serve, batch)
OWN_PROGRESS = frozenset({"equiv", "census", "classes", "compile", "serve", "batch"})


@contextmanager
def ticking(command: str, quiet: bool = False) -> Iterator[None]:
    """Within this block, ``betza COMMAND: working, N s`` on a terminal's stderr once the
    block has run past a second."""
    if quiet or command in OWN_PROGRESS or not sys.stderr.isatty():
        yield
        return
    done = threading.Event()
    after = float(os.environ.get("BETZA_PROGRESS_AFTER", "1"))
    start = time.monotonic()
    shown = threading.Event()

    def tick() -> None:
        if done.wait(after):
            return
        while True:
            print(f"\rbetza {command}: working, {time.monotonic() - start:.0f} s",
                  end="", file=sys.stderr, flush=True)
            shown.set()
            if done.wait(0.5):
                return

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        yield
    finally:
        done.set()
        ticker.join()
        if shown.is_set():
            print("\r\033[K", end="", file=sys.stderr, flush=True)
