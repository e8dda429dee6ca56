"""``betza moves``."""

from __future__ import annotations

import argparse
import json

from translator.cli.common import (
    add_command,
    dialect_option,
    mover,
    position_options,
    position_spec,
    tables_option,
    write_file,
)
from translator.errors import BetzaError


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "moves", help="list a piece's moves in a position",
        description="List the moves of a piece given by a Betza string (or a piece name).",
        epilog="""example:
  betza moves hrN --from e4
      the chiral knight on an empty 8x8 board: c5 d2 f6 g3
  betza moves fcafmF --from e4 --enemies f5 --json
      a checker capture: {"to": "g6", "legs": ["e4", "f5", "g6"], "captures": ["f5"]}
  betza moves fmWfceFifmnD --from e5 --ep d6 --ep-victim d5 --enemies d5
  betza moves --from e4 --fen "8/8/8/5p2/4C3/8/8/8 w" --pieces "C:fcafmF,P:fmWfcF"
      the piece standing on e4, with its Betza string from the piece table
  betza moves mafN --from e4 --dialect xboard
      as XBoard reads it: a1 a5 b8 f8 (the spec's reading: a2 a6 c8 g8)""")
    p.add_argument("betza", nargs="?", default=None,
                   help="Betza string or piece name (default: the piece on --from)")
    p.add_argument("--from", dest="origin", required=True, metavar="SQ", help="its square")
    position_options(p)
    dialect_option(p)
    p.add_argument("--virgin", action="store_true", help="the piece has not moved yet")
    p.add_argument("--to", metavar="SQ",
                   help="show the moves to this square leg by leg (or why there is none)")
    p.add_argument("--svg", metavar="FILE", help="also draw the diagram as SVG")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    tables_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.jsonapi.batch import moves_answer
    from translator.jsonapi.inputs import position_from
    from translator.present.render import moves_svg, moves_text, shown_paths
    from translator.queries.moves import MovesQuery, batch_moves

    pos = position_from(position_spec(args))
    origin = pos.square(args.origin)
    betza, side = mover(args, pos)
    args.betza = betza
    query = MovesQuery(betza, args.origin, pos, side, args.virgin,
                       castling_safety=not args.no_castling_safety)
    (result,) = batch_moves([query], timeout=args.timeout, max_atoms=args.max_atoms)
    if isinstance(result, BetzaError):
        raise result
    if args.to:
        pos.square(args.to)
    if args.svg:
        from translator.catalogue.letters import piece_letter
        from translator.present.board import board

        shown = board(query, args.timeout, args.max_atoms)
        letter = pos.pieces[origin].letter if origin in pos.pieces else None
        write_file(args.svg, moves_svg(pos, origin, shown, f"{args.betza} on {args.origin}",
                                       letter or piece_letter(args.betza),
                                       shown_paths(result, args.to)))
    if args.json:
        print(json.dumps({"ok": True, **moves_answer(result)}))
        return 0
    print(moves_text(args.betza, side, pos, origin, result))
    if args.to:
        from translator.present.why.answer import why

        answer = why(betza, args.origin, args.to, pos, side, args.virgin)
        print()
        print("\n".join(answer.explanation))
    return 0
