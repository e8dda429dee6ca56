"""``betza variants``."""

from __future__ import annotations

import argparse
import json
import sys

from translator.cli.common import add_command


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "variants", help="list the variants of the kb, or of a Fairy-Stockfish variants.ini",
        epilog="""example:
  betza variants                               the kb's variants
  betza variants --ini variants.ini            what a Fairy-Stockfish file defines
  betza moves --variant capablanca --from b1   a variant fills board and pieces
  betza moves --variant mygame --ini variants.ini --from e2""")
    p.add_argument("--ini", metavar="FILE", help="a Fairy-Stockfish variants.ini")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.catalogue.variants import all_variants
    from translator.present.explain.reading import program_name

    if args.ini:
        from translator.catalogue.ini import load_ini

        imported = load_ini(args.ini)
        variants, notes = list(imported.values()), list(imported.notes)
    else:
        variants, notes = all_variants(), []
    if args.json:
        from translator.jsonapi.catalogue import variant_summary

        print(json.dumps({"variants": [variant_summary(v) for v in variants], "notes": notes}))
        return 0
    for v in variants:
        print(f"{v.name}: {v.files}x{v.ranks}, royal {v.royal or '-'}; start {v.start_fen}")
        for letter, betza in sorted(v.pieces.items()):
            read = f" (read as {program_name(v.readings[letter])} reads it)" \
                if letter in v.readings else ""
            print(f"    {letter}: {betza}{read}")
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    return 0
