"""``betza compile``: pieces compiled into move tables, one JSON file each."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from translator.cli.census import _sources, members, report
from translator.cli.common import add_command, dialect_option, limit_options
from translator.errors import BetzaError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = add_command(
        sub, "compile", help="compile pieces into move tables (JSON files) for fast answers",
        description="Compile each piece into its move table: every path from a start square "
        "with what it needs of the board (docs/tables.md). One JSON file per table goes "
        "into --out; 'betza moves|attacks|batch|serve --tables DIR' answer from them "
        "without compiling again, and other programs can match them without clingo. A "
        "piece whose moves depend on more than the squares of its paths (e.p., castling, "
        "relay x, the imitator, a few switches of a program's reading) or whose "
        "table is over the size budget keeps the solver path: its line says why. Runs on "
        "Dask, one task per piece: a local cluster by default. --timeout and --max-atoms "
        "bound each piece.",
        epilog="""example:
  betza compile R N fcafmF fmWfceFifmnD --board 8x8 --out tables/
      N 8x8: table of 16 rows, tables/N-spec-8x8-0a0718e1fb.json
      R 8x8: table of 56 rows, tables/R-spec-8x8-e54c401ead.json
      fcafmF 8x8: table of 2 rows, tables/fcafmF-spec-8x8-737c063b9f.json
      fmWfceFifmnD 8x8: keeps the solver path (en passant)
      4 pieces: 3 tables in tables/, 1 without (the solver answers them)
      (a row is one path with its condition: the rook's 28 paths each onto an empty
      square or onto an enemy)
  betza moves R --from a1 --tables tables/                answered from the tables
      (--kb instead of the strings: the whole catalogue, a minute; --json: a line each)
  betza compile --file pieces.txt --out tables/
      a line that cannot be read is reported with its line number, the others are
      compiled; exit status 1 (--strict: stop at the first, exit 2)""")
    _sources(p)
    p.add_argument("--board", default="8x8", metavar="FxR", help="board (default 8x8)")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="the folder to write the tables into (made if missing)")
    dialect_option(p)
    limit_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.facts.pieces import parse_piece
    from translator.notation.dialects import switches
    from translator.research.compile_run import compile_pieces
    from translator.squares import parse_board_size

    files, ranks = parse_board_size(args.board)
    reading = args.dialect or "spec"
    switches(reading)  # names a reading or raises
    names: dict[str, list[str]] = {}
    refused: list[dict[str, Any]] = []
    for name, betza in members(args, reading, refused).items():
        names.setdefault(str(parse_piece(betza, reading)), []).append(name)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise BetzaError(f"--out: {args.out} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise BetzaError(f"--out: cannot make the folder {args.out}: {err.strerror}") from None
    found = [] if not names else compile_pieces(sorted(names), reading, files, ranks, out,
                           scheduler=args.scheduler, workers=args.workers,
                           timeout=args.timeout, max_atoms=args.max_atoms,
                           progress=sys.stderr.isatty() and not args.json)
    for result in found:
        given = sorted(n for n in names[result["betza"]] if n != result["betza"])
        if args.json:
            print(json.dumps({"ok": "error" not in result, "names": given, **result}))
        else:
            print(_line(result, given))
    if not args.json:
        tables = sum(1 for r in found if "file" in r)
        print(f"{len(found)} piece{'s' if len(found) != 1 else ''}: {tables} table"
              f"{'s' if tables != 1 else ''} in {args.out}, {len(found) - tables} "
              "without (the solver answers them)")
    return max(report(refused, args.json), 1 if any("error" in r for r in found) else 0)


def _line(result: dict[str, Any], names: list[str]) -> str:
    head = f"{result['betza']}{' (' + ', '.join(names) + ')' if names else ''} " \
           f"{result['board']}"
    if "error" in result:
        return f"{head}: error: {result['error']}"
    if "reason" in result:
        return f"{head}: keeps the solver path ({result['reason']})"
    where = ", every start square" if result["local"] else ""
    return f"{head}: table of {result['rows']} rows{where}, {result['file']}"
