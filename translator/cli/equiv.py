"""``betza equiv``."""

from __future__ import annotations

import argparse
import json
import sys

from translator.cli.common import (
    EXIT_USAGE,
    add_command,
    dialect_option,
    limit_options,
    write_file,
)


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "equiv", help="decide whether two Betza strings are the same piece",
        description="Decide whether A and B give the same moves from every start square in "
        "every position of the board (friends, enemies, royal marks, virginity, e.p. rights, "
        "both colours). If not, show a counterexample with the fewest pieces. Exit status "
        "0 = equivalent, 1 = different, 2 = bad input (like cmp).",
        epilog="""example:
  betza equiv Q RB                 equivalent on 8x8
  betza equiv W7 R --board 8x8 --board 12x12
      equal on 8x8, different on 12x12: from a1 the rook reaches a9
  betza equiv pafK nAnD            different: pafK hops over a neighbour and lands
                                   one step beyond, as jAjD does
  betza equiv aisR B --json
  betza equiv mafN --dialect-b xboard
      one string, two readings: they differ (from a1 on an empty board the spec's
      mafN reaches c5 and e3, XBoard's b5 and e4)
  betza equiv vrK frbrK --dialect xboard
      both read as XBoard does: vrK is f, b and r there, so they differ""")
    p.add_argument("a", help="first Betza string or piece name")
    p.add_argument("b", nargs="?", default=None,
                   help="second Betza string or piece name (may be left out only with "
                        "--dialect-b: A again, to compare two readings of it)")
    p.add_argument("--board", action="append", metavar="FxR",
                   help="board size (repeatable; default 8x8)")
    p.add_argument("--targets-only", action="store_true",
                   help="compare destinations only, not side effects")
    p.add_argument("--svg", metavar="FILE", help="draw the counterexample as SVG")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    dialect_option(p, what="both strings")
    dialect_option(p, "--dialect-b", what="B (default: as --dialect)")
    limit_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.queries.equiv import equivalent
    from translator.queries.equiv.answer import stderr_progress
    from translator.squares import parse_board_size

    boards = [parse_board_size(b) for b in (args.board or ["8x8"])]
    if args.b is None:
        if (args.dialect_b or "spec") == (args.dialect or "spec"):
            print(f"betza: error: equiv compares two pieces: give a second string after "
                  f"{args.a!r} (or --dialect-b to compare two readings of it)", file=sys.stderr)
            return EXIT_USAGE
        args.b = args.a
    dialect = args.dialect or "spec"
    results = []
    for files, ranks in boards:
        progress = None
        if sys.stderr.isatty() and not args.json:
            progress = stderr_progress(f"comparing on {files}x{ranks}")
        result = equivalent(args.a, args.b, files, ranks, targets_only=args.targets_only,
                            progress=progress, dialect=dialect, dialect_b=args.dialect_b,
                            timeout=args.timeout, max_atoms=args.max_atoms)
        if progress:
            print(file=sys.stderr)
        results.append(result)
        if not result.equivalent:
            if args.svg:
                from translator.present.render import equiv_svg

                write_file(args.svg, equiv_svg(result))
            break
    if args.json:
        out = results[-1].as_json()
        out["boards"] = [f"{r.files}x{r.ranks}" for r in results]
        print(json.dumps(out))
    else:
        from translator.present.render import equiv_text

        for r in results:
            print(equiv_text(r, args.targets_only))
    return 0 if all(r.equivalent for r in results) else 1
