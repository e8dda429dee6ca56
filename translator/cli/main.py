"""The ``betza`` command line. Every command is a thin layer over the Python API; each
lives in its own module of this package and registers its own subparser."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from translator.cli import (
    attacks,
    batch,
    drops,
    equiv,
    explain,
    find,
    moves,
    pieces,
    variants,
    why,
)
from translator.cli.common import EXIT_USAGE, Parser
from translator.errors import BetzaError

COMMANDS = (moves, why, attacks, equiv, explain, find, drops, pieces, variants, batch)


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
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


if __name__ == "__main__":
    sys.exit(main())
