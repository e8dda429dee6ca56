"""``betza lint``."""

from __future__ import annotations

import argparse
import json

from translator.cli.common import add_command, timeout_option


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "lint", help="find what may be wrong with a Betza string",
        description="Check a Betza string for moves written twice or contained in the "
        "others, modifiers and direction letters that do nothing, spellings whose letter "
        "order matters, and a shorter spelling of the same piece (found by the betza find "
        "search); every 'is the same piece' is proven by the equivalence solver on the "
        "board. Also: whether Fairy-Stockfish (pyffish, when installed) accepts the string "
        "and reads it the same, and which known differences between the programs that read "
        "XBetza touch it, with a position where they differ; and for XBoard, the Interactive "
        "Diagram and Fairy-Stockfish, whether each reads the string with the spec's moves "
        "(proven), what it reads today and a spelling it reads with the spec's moves, "
        "proven equal. Exit status 0 = clean, "
        "1 = findings, 2 = bad input.",
        epilog="""examples:
  betza lint N                     clean (exit 0)
  betza lint WK                    the move W adds nothing: WK is the same piece as K
  betza lint mcW                   the modifiers m c do nothing: mcW is W
  betza lint rvN                   the order of rv matters on N: vrN is another piece
  betza lint mafsW                 Fairy-Stockfish reads the two-leg move differently
                                   (d5 f5 e6 from e5): lint offers nN, which it reads so
  betza lint cmW                   XBoard stops at m after c and reads cW: lint offers W
  betza lint WfW --board 10x10 --json""")
    p.add_argument("betza", help="a Betza string or piece name")
    p.add_argument("--board", default="8x8", metavar="FxR", help="board size (default 8x8)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    timeout_option(p, 60.0, "give up after this many seconds (default 60)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.present.lint_text import lint_text
    from translator.queries.lint import lint
    from translator.squares import parse_board_size

    files, ranks = parse_board_size(args.board)
    result = lint(args.betza, files, ranks, timeout=args.timeout)
    print(json.dumps(result.as_json()) if args.json else lint_text(result))
    return 0 if result.clean else 1
