"""``betza find``."""

from __future__ import annotations

import argparse
import json
import sys

from translator.cli.common import add_command, limit_options
from translator.errors import BetzaError


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "find", help="find the shortest Betza string for a drawn move pattern",
        description="Draw where the piece goes in one or more example positions; get the "
        "shortest Betza string whose moves are exactly those, found by the solver. On an "
        "empty square, 'captures' means that a lone enemy standing there would be captured. "
        "Squares not drawn must be no destination. When several strings of the same length "
        "fit but are different pieces, all are shown with a position where they differ: draw "
        "that position as another example (or use --interactive). The search space is "
        "described in docs/find.md. Exit status 0 found, 1 nothing fits, 2 bad input.",
        epilog="""examples:
  betza find --from d4 --both b3,b5,c2,c6,e2,e6,f3,f5
      N
  betza find --from e4 --both c5,c3,d6,d2,f6,f2,g5,g3 \\
             --example "from=e4 friends=e5 both=c5,c3,d2,f2,g5,g3"
      nN: the Xiangqi horse, blocked on e5
  betza find --notation any --from d4 \\
             --both c3,c5,e3,e5,c2,c1,c6,c7,c8,e2,e1,e6,e7,e8,b3,a3,b5,a5,f3,g3,h3,f5,g5,h5
      [F?R]: the Griffon in the bracket notation (FyafsF without --notation any)
  betza find --from e4 --moves e5 --captures d5,f5 --json
      {"ok": true, "betza": "fmWfcF", "alternatives": [], ...}
  betza find --file drawing.json        a JSON list of examples (keys as in docs/batch.md)""")
    g = p.add_argument_group("the first example")
    g.add_argument("--from", dest="origin", metavar="SQ", help="the piece's square")
    g.add_argument("--board", metavar="FxR", help="board size (default 8x8)")
    g.add_argument("--moves", default="", metavar="SQ,..", help="squares it moves to only")
    g.add_argument("--captures", default="", metavar="SQ,..", help="squares it captures on only")
    g.add_argument("--both", default="", metavar="SQ,..", help="squares it moves or captures on")
    g.add_argument("--friends", default="", metavar="SQ,..", help="friendly pieces")
    g.add_argument("--enemies", default="", metavar="SQ,..", help="enemy pieces")
    g.add_argument("--side", choices=["white", "black"], help="side of the piece")
    p.add_argument("--example", action="append", default=[], metavar="SPEC",
                   help='another example: "from=e4 board=8x8 friends=e5 both=c5,c3"')
    p.add_argument("--file", metavar="FILE", help="examples as a JSON list")
    p.add_argument("--limit", type=int, default=5, help="most alternatives shown (default 5)")
    p.add_argument("--notation", choices=["a", "any"], default="a",
                   help="a: strings every program reads (default); any: the bracket "
                   "notation's bent riders ([F?R]) too")
    p.add_argument("--interactive", action="store_true",
                   help="when shortest strings disagree, ask which is right and search again")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    limit_options(p)
    p.set_defaults(func=run)


def _examples(args: argparse.Namespace) -> list:
    from translator.queries.find.examples import Example

    specs: list[dict] = []
    if args.origin:
        specs.append({k: v for k, v in (("from", args.origin), ("board", args.board),
                      ("moves", args.moves), ("captures", args.captures), ("both", args.both),
                      ("friends", args.friends), ("enemies", args.enemies),
                      ("side", args.side)) if v})
    for text in args.example:
        pairs = [item.partition("=") for item in text.split()]
        if any(not sep for _, sep, _ in pairs):
            raise BetzaError("an --example is key=value pairs, like from=e4 both=c5,c3",
                             text=text, pos=0)
        specs.append({k: v for k, _, v in pairs})
    if args.file:
        try:
            with open(args.file, encoding="utf-8") as fh:
                loaded = json.load(fh)
        except (OSError, ValueError) as err:
            raise BetzaError(f"cannot read {args.file}: {err}") from None
        specs.extend(loaded["examples"] if isinstance(loaded, dict) else loaded)
    if not specs:
        raise BetzaError("give an example: --from SQ with --moves/--captures/--both, "
                         "--example or --file")
    return [Example.from_json(spec) for spec in specs]


def run(args: argparse.Namespace) -> int:
    from translator.present.find_text import ask_which, find_text
    from translator.queries.find import find

    examples = _examples(args)
    result = find(examples, limit=args.limit, notation=args.notation)
    while args.interactive and sys.stdin.isatty() and result.differ_at is not None:
        extra = ask_which(result)
        if extra is None:
            break
        examples.append(extra)
        result = find(examples, limit=args.limit, notation=args.notation)
    if args.json:
        print(json.dumps(result.as_json()))
    else:
        print(find_text(result, examples))
    return 0 if result.betza else 1
