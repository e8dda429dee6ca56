"""``betza convert``."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from translator.cli.common import add_command, limit_options

if TYPE_CHECKING:
    from translator.queries.convert import Conversion


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "convert", help="rewrite a string in the bracket notation or the a-notation",
        description="Rewrite a Betza string into the bracket notation ([F?R]) or the "
        "a-notation (FyafsF) where that notation can say the same, and prove the result "
        "equal to the input with the equivalence solver on the chosen boards. A move that "
        "has no spelling in the other notation is named with the reason. Exit status 0 = "
        "converted and proven, 1 = no spelling or not proven, 2 = bad input.",
        epilog="""examples:
  betza convert FyafsF --to bracket      [F?R], the Griffon, proven equal on 8x8
  betza convert "v[F?R]" --to a          the Ship: FfrblyaflFflbryafrF
  betza convert "[D?B]" --to a           no a-notation spelling: leg 2's atom is not
                                         the first leg's atom turned
  betza convert mafsW --to bracket --board 8x8 --board 12x12 --json
  betza convert fK --to fsf              fW: what Fairy-Stockfish reads as the forward step
  betza convert mafsW --to fsf           nN: Fairy-Stockfish skips a, but reads the lame
                                         Knight as the spec reads mafsW""")
    p.add_argument("betza", help="Betza string or piece name")
    p.add_argument("--to", required=True, choices=["bracket", "a", "fsf"],
                   help="the notation to write it in")
    p.add_argument("--board", action="append", metavar="FxR",
                   help="board size for the proof (repeatable; default 8x8)")
    p.add_argument("--check", action=argparse.BooleanOptionalAction, default=True,
                   help="prove the result equal to the input (default; --no-check skips it)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    limit_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.queries.convert import convert
    from translator.squares import parse_board_size

    boards = [parse_board_size(b) for b in (args.board or ["8x8"])]
    if args.to == "fsf":
        from translator.queries.convert_fsf import fsf_spelling_of

        answer = fsf_spelling_of(args.betza, boards, check=args.check, timeout=args.timeout)
    else:
        answer = convert(args.betza, args.to, boards, check=args.check, timeout=args.timeout)
    if args.json:
        print(json.dumps(answer.as_json()))
    else:
        print(convert_text(answer))
    return 0 if answer.result is not None and (answer.proven or not args.check) else 1


def convert_text(answer: Conversion) -> str:
    """The result on its first line, then the proof or the reasons."""
    notation = {"bracket": "the bracket notation", "a": "the a-notation"}.get(
        answer.to, "Fairy-Stockfish's reading")
    if answer.result is None:
        return "\n".join([f"{answer.source} has no spelling in {notation}:",
                          *("  " + r for r in answer.reasons)])
    lines = [answer.result]
    for board, same in answer.proofs:
        lines.append(f"  proven the same piece as {answer.source} on {board}" if same else
                     f"  NOT the same piece as {answer.source} on {board} (please report)"
                     if same is False else f"  not proven on {board}: the solver ran out "
                     "of time (raise --timeout)")
    if not answer.proofs:
        lines.append("  not checked (--no-check)")
    return "\n".join(lines)
