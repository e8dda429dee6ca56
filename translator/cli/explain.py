"""``betza explain``."""

from __future__ import annotations

import argparse
import json

from translator.cli.common import add_command, dialect_option, limit_options, write_file


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "explain", help="describe a Betza string in plain English, with a diagram",
        description="Explain every move and every leg of a Betza string in words, then "
        "draw its moves on an empty board.",
        epilog="""example:
  betza explain fcafmF         the checker's capture, leg by leg, and its diagram
  betza explain Griffon --board 8x8 --from d4 --svg griffon.svg
  betza explain mafN --board 8x8 --from e4 --dialect xboard
                               as XBoard reads it: a1 a5 b8 f8 (the spec: a2 a6 c8 g8)""")
    p.add_argument("betza", help="Betza string or piece name")
    p.add_argument("--board", metavar="FxR", help="board of the diagram (default 9x9)")
    p.add_argument("--from", dest="origin", metavar="SQ", help="square of the piece")
    p.add_argument("--svg", metavar="FILE", help="also draw the diagram as SVG")
    p.add_argument("--json", action="store_true",
                   help="print JSON: the sentences and the diagram's marked squares")
    dialect_option(p, what="the string")
    limit_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.present.explain.answer import explain_svg, explain_text
    from translator.squares import parse_board_size

    files, ranks = parse_board_size(args.board or "9x9")
    reading = args.dialect or "spec"
    if args.json:
        from translator.jsonapi.batch import explain_answer

        print(json.dumps(explain_answer(args.betza, files, ranks, args.origin,
                                        args.max_atoms, reading=reading)))
        return 0
    print(explain_text(args.betza, files, ranks, args.origin, args.max_atoms, reading))
    if args.svg:
        write_file(args.svg, explain_svg(args.betza, files, ranks, args.origin,
                                         args.max_atoms, reading))
    return 0
