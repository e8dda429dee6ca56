"""The ``betza`` command line. Every command is a thin layer over the Python API; each
lives in its own module of this package and registers its own subparser."""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import Sequence

from translator.cli import (
    attacks,
    batch,
    census,
    compile,
    convert,
    drops,
    equiv,
    explain,
    find,
    legal,
    lint,
    moves,
    perft,
    pieces,
    serve,
    variants,
    why,
)
from translator.cli.common import EXIT_USAGE, Parser, load_tables
from translator.cli.progress import ticking
from translator.errors import BetzaError
from translator.resources import collect_less
from translator.solve import guard

COMMANDS = (moves, why, attacks, equiv, explain, convert, find, lint, drops, census, pieces,
            variants, compile, batch, serve, legal, perft)
# perft holds its own time limit (between two subtrees, and over its Dask tasks): the
# watchdog, a backstop, waits this much longer for it, so that a local cluster is closed
PERFT_GRACE = 30.0


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="betza",
        description="A knowledge base of fairy-chess piece movement in (X)Betza notation.",
        epilog="Run 'betza COMMAND --help' for a worked example of each command.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for command in COMMANDS:
        command.register(sub)
    return parser


def _watchdog(timeout: float) -> threading.Timer:
    """Grounding cannot be interrupted: past the time limit (and a grace period for the
    solver's own interruption to answer) the whole command stops with a clear error."""
    def expire() -> None:
        print(f"betza: error: the query went past the time limit of {timeout:g} s "
              "(raise it with --timeout)", file=sys.stderr, flush=True)
        os._exit(EXIT_USAGE)

    timer = threading.Timer(timeout + 2.0, expire)
    timer.daemon = True
    timer.start()
    return timer


def _stop(message: str) -> None:
    """A grounding step passed its time limit or the memory ceiling: the command ends."""
    print(f"betza: error: {message}", file=sys.stderr, flush=True)
    os._exit(EXIT_USAGE)


def main(argv: Sequence[str] | None = None) -> int:
    """The command ``argv`` (None: the program's arguments; the process is then the
    command's own, and a runaway grounding step ends it: translator/solve/guard.py)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    timer = None
    # a command that answers one query here holds its limits here; batch and serve hold
    # them in their workers, census and compile in their Dask tasks (whose processes would
    # inherit a cap)
    if args.command not in ("batch", "serve", "census", "compile"):
        # (a deep perft starts a local Dask cluster, whose processes would inherit the cap)
        if argv is None and not (args.command == "perft" and perft.deep(args)):
            guard.limit_memory()
            guard.arm(_stop)
        if getattr(args, "timeout", None):
            timer = _watchdog(args.timeout + (PERFT_GRACE if args.command == "perft" else 0))
    if argv is None:   # the process is the command's own
        collect_less()
    try:
        if getattr(args, "tables", None):
            load_tables(args.tables, args.stale_tables)
        with ticking(args.command, quiet=bool(getattr(args, "json", False))):
            return args.func(args)
    except BetzaError as err:
        print(f"betza: error: {err.render()}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug, not bad input: still no traceback for users
        print(f"betza: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 3
    finally:
        if timer is not None:
            timer.cancel()


if __name__ == "__main__":
    sys.exit(main())
