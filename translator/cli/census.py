"""``betza census`` and ``betza classes``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from translator.cli.common import add_command, dialect_option
from translator.errors import BetzaError


def _sources(p: argparse.ArgumentParser) -> None:
    p.add_argument("strings", nargs="*", metavar="BETZA", help="Betza strings or piece names")
    p.add_argument("--kb", action="store_true", help="every named piece of the knowledge base")
    p.add_argument("--variant", help="the army of a variant of the knowledge base")
    p.add_argument("--file", metavar="FILE", help="a file with one Betza string per line")
    p.add_argument("--scheduler", metavar="tcp://HOST:8786",
                   help="run on this Dask cluster (default: a local one)")
    p.add_argument("--workers", type=int, help="local worker processes (default: one a core)")
    p.add_argument("--dashboard", default="127.0.0.1:0", metavar="HOST:PORT",
                   help="where the local cluster's dashboard listens (default 127.0.0.1:0: "
                        "this machine only, a free port)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--strict", action="store_true",
                   help="stop at the first line of --file that cannot be read (exit 2); "
                        "by default it is reported with its line number, the others are "
                        "done and the exit status is 1")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = add_command(
        sub, "census", help="measure pieces: mobility, reach, binding, symmetry …",
        description="For each piece and board: mobility on the empty board (mean, min, max "
        "over start squares), mobility at occupancy densities over random positions, the "
        "squares reached from the centre in 1, 2, 3 moves, binding (the share of the board "
        "reachable from the centre), whether every square reaches every square, the "
        "symmetry class, whether every move can be undone, and the share of moves going "
        "forward. Runs on Dask: a local cluster by default.",
        epilog="""examples:
  betza census B N A D --json
      binding 1/2 for the Bishop, 1 for the Knight, 1/8 for the Alfil, 1/4 for the Dabbaba
  betza census --variant fide --density 0.25,0.5 --samples 100 --out fide.jsonl
  betza census Q R B N --plot plots/ --out pieces.parquet   (rerun: done tasks are skipped)
      --kb instead of the strings measures every named piece (minutes)
  betza census fK mafsW --dialect fsf
      the pieces as Fairy-Stockfish reads them: fK moves to 3 squares at most, mafsW to 3
exit status 1 when some tasks failed: a rerun with the same --out runs only those.""")
    _sources(p)
    p.add_argument("--board", action="append", metavar="FxR", help="board (repeatable; 8x8)")
    p.add_argument("--density", default="", metavar="D,..", help="occupancy densities")
    p.add_argument("--samples", type=int, default=100, help="positions per density")
    p.add_argument("--seed", type=int, default=0, help="random seed of the positions")
    p.add_argument("--out", metavar="FILE", help="results as they complete (.jsonl/.parquet)")
    p.add_argument("--plot", metavar="DIR", help="write heat maps and a mobility chart here")
    dialect_option(p)
    p.set_defaults(func=run_census)
    p = add_command(
        sub, "classes", help="group pieces into equivalence classes",
        description="Which of the pieces are the same piece: census fingerprints bucket "
        "them, the equivalence solver decides every pair inside a bucket. Exit 0, or 1 when "
        "a task failed (its pieces' classes are then incomplete).",
        epilog="""examples:
  betza classes WF K Q RB mRcB cRmB
      [WF, K] [Q, RB] [mRcB] [cRmB]
  betza classes N nN mafsW --json   the Knight apart, nN and the Xiangqi Horse one class
      (--kb instead of the strings: the duplicates among the named pieces, minutes)""")
    _sources(p)
    p.add_argument("--board", default="8x8", metavar="FxR", help="board (default 8x8)")
    p.set_defaults(func=run_classes)


def members(args: argparse.Namespace, reading: str = "spec",
            refused: list[dict[str, Any]] | None = None) -> dict[str, str]:
    """Name as given -> Betza string, from the strings, --kb, --variant and --file. A
    string given on the command line that cannot be read is a one-line error; one from a
    line of --file (or of the knowledge base) is one of ``refused`` (its line number and
    the reason, :func:`refusal`) and the others are done, unless there is no ``refused``
    or ``--strict`` stops at the first."""
    from translator.catalogue.pieces import all_pieces

    found: dict[str, str] = {s: _read(s, reading) for s in args.strings}
    lines: dict[str, tuple[str, int | None]] = {}
    if args.kb:
        lines.update({p.name: (p.betza, None) for p in all_pieces()})
    if args.variant:
        from translator.catalogue.variants import get_variant

        v = get_variant(args.variant)
        lines.update({v.names_of.get(k, k): (b, None) for k, b in v.pieces.items()})
    if args.file:
        try:
            with open(args.file, encoding="utf-8") as fh:
                lines.update({s: (s, n) for n, s in enumerate((ln.strip() for ln in fh), 1)
                              if s})
        except (OSError, UnicodeDecodeError) as err:
            raise BetzaError(f"cannot read {args.file}: "
                             f"{getattr(err, 'strerror', None) or err}") from None
    for name, (betza, line) in lines.items():
        try:
            found[name] = _read(betza, reading)
        except BetzaError as err:
            if refused is None or getattr(args, "strict", False):
                raise BetzaError(_where(args, name, line) + err.one_line()) from None
            refused.append(refusal(args, name, line, err))
    if not found and not refused:
        raise BetzaError("no pieces: give Betza strings, --kb, --variant or --file")
    return found


def _read(betza: str, reading: str) -> str:
    """The Betza string of ``betza`` (a string or a piece's name), read in ``reading``."""
    from translator.facts.pieces import parse_piece, resolve_name

    parse_piece(betza, reading)
    return resolve_name(betza)


def _where(args: argparse.Namespace, name: str, line: int | None) -> str:
    return f"{args.file}, line {line}: " if line is not None else f"{name}: "


def refusal(args: argparse.Namespace, name: str, line: int | None, err: BetzaError
            ) -> dict[str, Any]:
    """A line that cannot be answered, as --json prints it (``ok`` false, ``error``, the
    ``input``, and ``file`` and ``line`` for a line of --file)."""
    out: dict[str, Any] = {"ok": False, "input": name, "error": err.one_line()}
    if line is not None:
        out.update(file=args.file, line=line)
    return out


def report(refused: list[dict[str, Any]], as_json: bool) -> int:
    """Each refused line on stderr (and, with --json, as a line of stdout); the exit
    status they make: 1 when there is any."""
    for item in refused:
        where = f"{item['file']}, line {item['line']}: " if "line" in item else \
            f"{item['input']}: "
        print(f"betza: {where}{item['error']}", file=sys.stderr)
        if as_json:
            print(json.dumps(item))
    return 1 if refused else 0


def run_census(args: argparse.Namespace) -> int:
    from translator.notation.dialects import switches
    from translator.research.run import run_tasks
    from translator.research.study import census_rows, census_tasks
    from translator.squares import parse_board_size

    refused: list[dict[str, Any]] = []
    pieces = sorted(set(members(args, refused=refused).values()))
    boards = [parse_board_size(b) for b in (args.board or ["8x8"])]
    densities = _densities(args.density)
    reading = args.dialect or "spec"
    switches(reading)  # names it, or a one-line error
    tasks = census_tasks(pieces, boards, densities, args.samples, args.seed, reading=reading)
    outcomes = run_tasks(tasks, scheduler=args.scheduler, workers=args.workers, out=args.out,
                         progress=sys.stderr.isatty() and not args.json,
                         dashboard=args.dashboard)
    rows = census_rows(outcomes, pieces, boards, reading)
    if args.plot:
        from translator.research.plots import write_plots

        write_plots(rows, args.plot)
    for row in rows:
        print(json.dumps(row) if args.json else _census_line(row))
    return max(_missing(sum("error" in row for row in rows), args.out),
               report(refused, args.json))


def _missing(failed: int, out: str | None) -> int:
    """The exit status: 1, with a line on stderr, when some results are missing."""
    if not failed:
        return 0
    again = f" (--out {out} keeps what is done)" if out else ""
    print(f"betza: {failed} results are missing because their tasks failed; run the same "
          f"command again to retry them{again}", file=sys.stderr)
    return 1


def _densities(text: str) -> list[float]:
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        try:
            value = float(part)
        except ValueError:
            raise BetzaError("a density is a number from 0 to 1", text=text,
                             pos=text.find(part)) from None
        if not 0 <= value <= 1:
            raise BetzaError("a density is a number from 0 to 1", text=text,
                             pos=text.find(part))
        out.append(value)
    return out


def _census_line(row: dict[str, Any]) -> str:
    if "error" in row:
        return f"{row['piece']} {row['board']}: error: {row['error']}"
    if "dialect" in row:
        from translator.present.explain.reading import program_name

        read = f" read as {program_name(row['dialect'])} reads it"
        return _census_line({**{k: v for k, v in row.items() if k != "dialect"},
                             "board": row["board"] + read})
    mob = row["mobility_empty"]
    dens = "".join(f"; at {d}: {v['mean']:.2f} ± {v['stdev']:.2f} ({v['captures']:.2f} "
                   "captures)" for d, v in row.get("mobility", {}).items())
    if row.get("moves_on_empty_board") is False:
        seen = "; ".join(f"{float(d):.0%} of the squares occupied: {v['mean']:.2f} moves "
                         f"({v['captures']:.2f} captures)"
                         for d, v in row["example_positions"].items())
        return (f"{row['piece']} {row['board']}: no move on an empty board, so its mobility, "
                f"reach, symmetry and reversibility cannot be measured there{dens}; "
                f"in example positions (friends and enemies at random), {seen}")
    forward = " (forward only)" if row["forward"] == 1 else ""
    connected = "connected" if row["connected"] else "not connected"
    reversible = "reversible" if row["reversible"] else "not reversible"
    return (f"{row['piece']} {row['board']}: mobility {mob['mean']:.2f} "
            f"(min {mob['min']}, max {mob['max']}){dens}; reach {row['reach']}; "
            f"binding {row['binding']:g}; {connected}; {row['symmetry']} symmetry; "
            f"{reversible}; forward {row['forward']:.2f}{forward}")


def run_classes(args: argparse.Namespace) -> int:
    from translator.research.study import equivalence_classes
    from translator.squares import parse_board_size

    refused: list[dict[str, Any]] = []
    result = equivalence_classes(members(args, refused=refused), parse_board_size(args.board),
                                 scheduler=args.scheduler, workers=args.workers,
                                 progress=sys.stderr.isatty() and not args.json,
                                 dashboard=args.dashboard)
    if args.json:
        print(json.dumps({"ok": True, "classes": result.classes, "splits": result.splits,
                          "solver_pairs": result.solver_pairs, "all_pairs": result.all_pairs,
                          "errors": result.errors, "refused": refused}))
        return max(1 if result.errors else 0, report(refused, False))
    for group in result.classes:
        print("[" + ", ".join(group) + "]")
    dupes = [g for g in result.classes if len(g) > 1]
    print(f"{len(result.classes)} classes, {len(dupes)} with more than one member; "
          f"{result.solver_pairs} of {result.all_pairs} pairs went to the solver")
    for err in result.errors:
        print(f"error: {err}", file=sys.stderr)
    return max(_missing(len(result.errors), None), report(refused, False))
