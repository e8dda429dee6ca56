"""``betza drops``."""

from __future__ import annotations

import argparse
import json

from translator.cli.common import add_command, position_options, position_spec


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = add_command(
        sub, "drops", help="list the squares where a piece may be dropped from the hand",
        description="The squares where the side to move may drop the piece LETTER of the "
        "piece table from its hand, by its drop move (@): the drop zone (the number of ranks "
        "from the back rank, default 1; j leaves out the back rank itself) and the limits f "
        "(no second such piece on a file; ff allows two), s (per square colour) and b (per "
        "board). The piece is assumed to be in hand.",
        epilog="""examples:
  betza drops P --variant shogi --fen "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL w"
      the Shogi pawn (fWf@8): not on a file with a pawn of its own (nifu), not on rank 9
  betza drops P --fen "8/8/8/8/8/8/8/8 w" --pieces "P:fmWfcFj@7" --json
      a Crazyhouse pawn: ranks 2 to 7""")
    p.add_argument("letter", help="the letter of the piece in the piece table")
    position_options(p)
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.jsonapi.inputs import piece_table, position_from
    from translator.present.render import piece_char
    from translator.present.textboard import render_board
    from translator.queries.drops import drops

    spec = position_spec(args)
    pos = position_from(spec)
    squares = drops(args.letter, pos, piece_table(spec))
    if args.json:
        print(json.dumps({"ok": True, "drops": squares}))
        return 0
    cells = {sq: piece_char(pos, sq) for sq in pos.pieces}
    cells.update({pos.square(sq): "*" for sq in squares})
    cells.update({sq: "=" for sq in pos.walls})
    legend = [("*", f"{pos.side_to_move} may drop {args.letter.upper()} here"),
              ("=", "wall: no piece may enter")]
    print(f"{len(squares)} square{'s' if len(squares) != 1 else ''} to drop "
          f"{args.letter.upper()} ({pos.side_to_move}):")
    print(render_board(pos.files, pos.ranks, cells, [m for m in legend if m[0] in
                                                     set(cells.values())]))
    return 0
