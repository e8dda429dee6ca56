"""The ``betza`` command run in this process: ``translator.cli.main.main`` called with the
arguments, its stdout and stderr captured and its exit status returned, as a subprocess
would give them, without the second or so every new process spends importing and compiling
the package and loading the knowledge base's tables.

What a command leaves behind in the process is undone when it ends: the move tables that
``--tables`` loads (the store is the process's) and ``$BETZA_STALE_TABLES``, which
``--tables`` sets for the workers. The watchdog that ends a command's process past its
time limit (``os._exit``, after the message) interrupts the command here instead, as Ctrl-C
would (status 130), and leaves the test process running. The entry point itself (the
``betza`` script, the exit status a shell sees, the memory ceiling only a command of its own
process sets) is tested by the few tests that still start a process.

>>> done = betza("moves", "N", "--from", "a1")
>>> done.returncode, done.stdout.splitlines()[0], done.stderr
(0, 'N (white) on a1, 8x8 board', '')
"""

from __future__ import annotations

import _thread
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass

from translator.cli import main as cli_main
from translator.compiled import store


@dataclass(frozen=True)
class Done:
    """A finished command: the fields of :class:`subprocess.CompletedProcess` it needs."""

    returncode: int
    stdout: str
    stderr: str


class _Interrupting:
    """``os`` as the command module sees it, but ``_exit`` interrupts the main thread."""

    def __getattr__(self, name: str) -> object:
        return getattr(os, name)

    @staticmethod
    def _exit(_status: int) -> None:
        _thread.interrupt_main()


@contextmanager
def _no_exit() -> Iterator[None]:
    cli_main.os = _Interrupting()  # type: ignore[assignment]
    try:
        yield
    finally:
        cli_main.os = os


@contextmanager
def _own_tables() -> Iterator[None]:
    """Tables loaded by ``--tables`` stay in the command that loaded them."""
    kept = dict(store._loaded), set(store._folders), os.environ.get("BETZA_STALE_TABLES")
    try:
        yield
    finally:
        store._loaded.clear()
        store._loaded.update(kept[0])
        store._folders.clear()
        store._folders.update(kept[1])
        if kept[2] is None:
            os.environ.pop("BETZA_STALE_TABLES", None)
        else:
            os.environ["BETZA_STALE_TABLES"] = kept[2]


def betza(*argv: str, stdin: str = "") -> Done:
    """``betza ARGV...`` with ``stdin`` as its input: exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    before = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with _own_tables(), _no_exit(), redirect_stdout(out), redirect_stderr(err):
            try:
                code = cli_main.main(list(argv))
            except SystemExit as stop:   # argparse: --help, and bad options (status 2)
                code = stop.code if isinstance(stop.code, int) else 1
    finally:
        sys.stdin = before
    return Done(code, out.getvalue(), err.getvalue())


def betza_process(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``betza ARGV...`` in a process of its own (``python -m translator.cli.main``): for
    what only a process shows (the memory ceiling, the watchdog's exit) and for ``batch``,
    whose worker processes read the process's own stdin."""
    return subprocess.run([sys.executable, "-m", "translator.cli.main", *argv], input=stdin,
                          capture_output=True, text=True, timeout=600, check=False)
