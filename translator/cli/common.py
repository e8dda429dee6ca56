"""What the command modules share: the argument parser class, position options, file
output and the moving piece of a position."""

from __future__ import annotations

import argparse
import os
from typing import Any

from translator.errors import BetzaError
from translator.position import Position

EXIT_USAGE = 2


class Parser(argparse.ArgumentParser):
    """argparse that reports bad options on one line, exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        hint = f" (see 'betza {self.prog.split()[-1]} --help')" if " " in self.prog else ""
        self.exit(EXIT_USAGE, f"betza: error: {message}{hint}\n")


def add_command(sub: argparse._SubParsersAction, name: str, **kwargs: Any
                ) -> argparse.ArgumentParser:
    """A subparser whose help keeps the worked examples' layout."""
    return sub.add_parser(name, formatter_class=argparse.RawDescriptionHelpFormatter, **kwargs)


def position_options(p: argparse.ArgumentParser) -> None:
    limit_options(p)
    g = p.add_argument_group("position (light form)")
    g.add_argument("--board", default=None, metavar="FxR", help="board size, e.g. 8x8 or 12x10")
    g.add_argument("--friends", default="", metavar="SQ,..", help="pieces of the mover's side")
    g.add_argument("--enemies", default="", metavar="SQ,..", help="pieces of the other side")
    g.add_argument("--royal", default="", metavar="SQ,..",
                   help="which of the listed pieces are royal")
    g.add_argument("--unmoved", default="", metavar="SQ,..",
                   help="which of the listed pieces have not moved (castling partners)")
    g = p.add_argument_group("position (FEN form)")
    g.add_argument("--fen", help="FEN of the board (any size up to 26x26)")
    g.add_argument("--pieces", metavar="TABLE", help='piece letters to Betza, "C:fcafmF,K:K"')
    g.add_argument("--royal-letters", default=None, metavar="LETTERS",
                   help="letters of royal pieces in the FEN (default K)")
    g.add_argument("--variant", help="a variant of the knowledge base (fills board and pieces)")
    g.add_argument("--ini", help="a Fairy-Stockfish variants.ini to take --variant from")
    g = p.add_argument_group("state")
    g.add_argument("--side", choices=["white", "black"], help="side of the moving piece")
    g.add_argument("--ep", default="", metavar="SQ,..", help="squares open to e.p. capture")
    g.add_argument("--ep-victim", metavar="SQ", help="the piece an e.p. capture removes")
    g.add_argument("--no-castling-safety", action="store_true",
                   help="castle even out of, through or into an attacked square")
    g.add_argument("--last-moved", metavar="BETZA",
                   help="the piece type that moved last (what the imitator I copies)")


def dialect_option(p: argparse.ArgumentParser, flag: str = "--dialect",
                   what: str = "the Betza strings") -> None:
    """--dialect: read the strings as betza-kb's spec does, or as XBoard, the Interactive
    Diagram or Fairy-Stockfish does (kb/dialects.lp; docs/readings.md says where they differ)."""
    p.add_argument(flag, default=None, metavar="DIALECT",
                   help=f"read {what} as 'spec' (default), 'xboard' (XBoard 4.9.1), "
                        "'diagram' (the Interactive Diagram) or 'fsf' (Fairy-Stockfish "
                        "0.0.90) does; 'xboard:NAME' turns on one named difference only")


def limit_options(p: argparse.ArgumentParser) -> None:
    """--timeout and --max-atoms: every query is bounded, grounding included."""
    from translator.solve.limits import DEFAULT_MAX_ATOMS

    g = p.add_argument_group("limits")
    timeout_option(g, 60.0, "give up after this many seconds (default 60)")
    g.add_argument("--max-atoms", type=atoms_option, default=DEFAULT_MAX_ATOMS, metavar="N",
                   help="refuse a query whose grounding would exceed about N atoms "
                        f"(default {DEFAULT_MAX_ATOMS:,}, well under 1 GB)")


def timeout_option(p: argparse.ArgumentParser | argparse._ArgumentGroup, default: float,
                   help: str) -> None:
    """--timeout: a finite number of seconds above 0 (translator/bounds.py)."""
    p.add_argument("--timeout", type=seconds_option, default=default, metavar="SECONDS",
                   help=help)


def seconds_option(text: str) -> float:
    """The value of --timeout, or the one-line reason it is not one."""
    from translator.bounds import seconds

    try:
        return seconds(float(text), "it")
    except (ValueError, BetzaError) as err:
        raise argparse.ArgumentTypeError(
            f"a number of seconds above 0 and at most a week, not {text!r}") from err


def atoms_option(text: str) -> int:
    """The value of --max-atoms, or the one-line reason it is not one."""
    from translator.bounds import budget

    try:
        return budget(int(text), "it")
    except (ValueError, BetzaError) as err:
        raise argparse.ArgumentTypeError(f"a whole number above 0, not {text!r}") from err


def tables_option(p: argparse.ArgumentParser) -> None:
    """--tables: answer from the move tables ``betza compile`` wrote (main loads them)."""
    p.add_argument("--tables", metavar="DIR",
                   help="answer from the move tables in DIR (written by 'betza compile'); "
                        "pieces without a table there are compiled as usual; a file "
                        "that is not a table betza-kb wrote for these rules is refused")
    p.add_argument("--stale-tables", choices=("refuse", "recompile"), default="refuse",
                   help="a table in --tables compiled by other rules (another version of "
                        "the encodings or the knowledge base): refuse it (default) or "
                        "leave it unread and compile its piece afresh")


def load_tables(folder: str, stale: str = "refuse") -> None:
    """Keep the tables of ``folder`` for this process (and, by ``$BETZA_STALE_TABLES``, its
    workers); a one-line error if it holds none or a file that is not a trusted table."""
    from translator.compiled import store

    os.environ["BETZA_STALE_TABLES"] = stale
    if store.load(folder) == 0 and stale == "refuse":
        raise BetzaError(f"--tables: {folder} holds no move tables (the *.json files "
                         "'betza compile --out' writes)")


def position_spec(args: argparse.Namespace) -> dict[str, Any]:
    spec = {k: getattr(args, k, None) for k in ("friends", "enemies", "royal", "unmoved", "fen",
                                                  "pieces", "variant", "ini", "side", "ep",
                                                  "ep_victim", "royal_letters", "board",
                                                  "last_moved", "dialect")}
    return {k: v for k, v in spec.items() if v not in (None, "")}


def write_file(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as err:
        raise BetzaError(f"cannot write {path}: {err.strerror}") from None


def mover(args: argparse.Namespace, pos: Position) -> tuple[str, str]:
    """The Betza string and side of the moving piece (see :func:`moving_piece`)."""
    from translator.jsonapi.inputs import moving_piece

    return moving_piece(args.betza, args.side, pos, args.origin)
