"""``betza attacks``."""

from __future__ import annotations

import argparse
import json

from translator.cli.common import (
    add_command,
    dialect_option,
    position_options,
    position_spec,
    tables_option,
    write_file,
)


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "attacks", help="list the pieces that can capture on a square",
        description="List every piece that could capture a piece standing on SQUARE: its "
        "square and the moves that do it (locust, hopper, k and e.p. captures included). If "
        "SQUARE is empty the answer is for an enemy piece placed there.",
        epilog="""example:
  betza attacks e4 --fen "8/8/8/8/8/2n5/3C4/8 w" --pieces "C:fcafmF,N:N"
      only the black knight on c3 (the checker on d2 captures diagonally forward
      and lands beyond: its victims would be c3 or e3)
  betza attacks e4 --piece fcafmF --board 8x8
      the squares from which that piece attacks e4 on an empty board: d3 f3
  betza attacks d5 --variant fide --by white --json
  betza attacks e4 --piece mafN --dialect xboard
      the squares from which XBoard's reading of mafN attacks e4
In a whole game, the covers command (betza covers SQUARE --variant V --by SIDE) answers which
pieces of a side attack a square whatever stands there (defenders of their own piece
included).""")
    p.add_argument("square", help="the target square")
    position_options(p)
    dialect_option(p)
    p.add_argument("--by", choices=["white", "black"], help="only this side's pieces")
    p.add_argument("--piece", metavar="BETZA",
                   help="reverse question: from where does this piece attack SQUARE")
    p.add_argument("--royal-target", action="store_true",
                   help="the piece placed on an empty target is royal (for k moves)")
    p.add_argument("--svg", metavar="FILE", help="also draw the board as SVG")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    tables_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.jsonapi.inputs import position_from
    from translator.present.render import attacks_text
    from translator.present.textboard import render_board
    from translator.queries.attacks import attackers_of_square, attacks

    if args.piece:  # the reverse question, on an empty board
        spec = position_spec(args)
        pos = position_from({k: v for k, v in spec.items()
                             if k in ("board", "side", "dialect")})
        side = args.side or "white"
        target = pos.square(args.square)
        squares = attackers_of_square(args.square, args.piece, pos.files, pos.ranks,
                                      side=side, royal_target=args.royal_target,
                                      dialect=pos.dialect)
        if args.json:
            print(json.dumps({"ok": True, "squares": squares}))
            return 0
        cells = {pos.square(sq): "A" for sq in squares}
        cells[target] = "#"
        print(f"{args.piece} ({side}) attacks {args.square} from {len(squares)} square"
              f"{'s' if len(squares) != 1 else ''} of an empty {pos.files}x{pos.ranks} board")
        print(render_board(pos.files, pos.ranks, cells,
                           [("#", f"the target {args.square}"), ("A", "attacks it from here")]))
        return 0
    pos = position_from(position_spec(args))
    found = attacks(args.square, pos, by=args.by, royal_target=args.royal_target,
                    timeout=args.timeout, max_atoms=args.max_atoms)
    if args.svg:
        from translator.present.render import attacks_svg

        write_file(args.svg, attacks_svg(pos, pos.square(args.square), found))
    if args.json:
        print(json.dumps({"ok": True, "attackers": [a.as_json() for a in found]}))
        return 0
    print(attacks_text(pos, pos.square(args.square), found))
    return 0
