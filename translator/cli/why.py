"""``betza why``."""

from __future__ import annotations

import argparse
import json

from translator.cli.common import (
    add_command,
    dialect_option,
    mover,
    position_options,
    position_spec,
)


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "why", help="can a piece go to a square, and why (not)?",
        description="Explain whether the piece on --from can go to --to in the position. If "
        "it can, every such move is told leg by leg: where each leg goes and what it finds "
        "there. If it cannot, the solver looks for the closest position that allows the move "
        "(fewest squares, marks and virginity changed) and lists the conditions the real "
        "position fails, with the path in that position; if no position at all allows it, "
        "the answer says so and where the piece does go.",
        epilog="""examples:
  betza why fcafmF --from e4 --to g6 --enemies f5
      possible: leg 1 captures the enemy on f5 (locust), leg 2 ends on g6
  betza why fcafmF --from e4 --to g6 --friends f5
      impossible: leg 1 ends on f5, which must hold an enemy but holds a friend
  betza why mafsW --from e4 --to f6 --enemies e5
      the Xiangqi horse is blocked: e5 must be empty
  betza why ifmnD --from e2 --to e4
      the double step needs a piece that has not moved yet (i): add --virgin
  betza why hrN --from e4 --to e5
      no position lets the chiral knight reach e5; its leaps go to c5 d2 f6 g3
  betza why --from b1 --to c3 --variant fide --json
  betza why aaK --from e4 --to e4 --dialect xboard
      XBoard's aaK can come back to its own square (a null move); the spec's cannot""")
    p.add_argument("betza", nargs="?", default=None,
                   help="Betza string or piece name (default: the piece on --from)")
    p.add_argument("--from", dest="origin", required=True, metavar="SQ", help="its square")
    p.add_argument("--to", required=True, metavar="SQ", help="the square asked about")
    position_options(p)
    dialect_option(p)
    p.add_argument("--virgin", action="store_true", help="the piece has not moved yet")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.jsonapi.inputs import position_from
    from translator.present.why.answer import why

    pos = position_from(position_spec(args))
    betza, side = mover(args, pos)
    answer = why(betza, args.origin, args.to, pos, side, args.virgin)
    if args.json:
        print(json.dumps(answer.as_json()))
    else:
        print("\n".join(answer.explanation))
    return 0
