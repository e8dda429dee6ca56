"""``betza pieces``."""

from __future__ import annotations

import argparse
import json

from translator.cli.common import add_command


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "pieces", help="list or search the named pieces of the knowledge base",
        epilog="""example:
  betza pieces                 every named piece with its Betza string
  betza pieces shogi           pieces whose name, variant or note mentions shogi
  betza moves Griffon --from d4    a name works wherever a Betza string does""")
    p.add_argument("search", nargs="?", help="text to look for")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.catalogue.pieces import all_pieces, search

    if args.json:
        from translator.jsonapi.catalogue import pieces_json

        print(json.dumps(pieces_json(args.search)))
        return 0
    found = search(args.search) if args.search else all_pieces()
    if not found:
        print(f"no piece matches {args.search!r}")
        return 1
    width = max(len(p.name) for p in found)
    for p in found:
        also = f" (also {', '.join(p.aliases)})" if p.aliases else ""
        bracket = f" = {p.bracket}" if p.bracket else ""
        print(f"{p.name:<{width}}  {p.betza}{bracket}{also}")
        print(f"{'':<{width}}  {p.note}" + (f" [{', '.join(p.variants)}]" if p.variants else ""))
    return 0
