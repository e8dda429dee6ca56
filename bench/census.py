"""Bench of ``betza census`` and ``betza classes`` on the whole kb, on Dask.

First, in this one process: census mobility at 3 densities x 1,000 positions for the
pieces of the FIDE, Capablanca and Shogi armies (the issue's "20 pieces": their distinct
Betza strings, castling kings and drop pieces included), on 8x8, against the target of
10 s. Then the census of every named piece on 8x8 at densities 0.25 and 0.5 with N samples
each, run with 1, 2 and all local workers: wall time, scaling efficiency per added core
(target >= 80%) and positions per second per core; then ``classes`` on the kb: the pairs
sent to the solver against all pairs. Prints one table.

    python bench/census.py [--samples 1000] [--pieces 0] [--mobility-only]
"""

from __future__ import annotations

import argparse
import os
import time

from translator.catalogue.pieces import all_pieces
from translator.catalogue.variants import get_variant
from translator.compiled.store import route
from translator.facts.pieces import parse_piece
from translator.research.census import STATE, sampled
from translator.research.run import run_tasks
from translator.research.study import census_tasks, equivalence_classes

MOBILITY_TARGET = 10.0  # seconds (issue 26)


def army_pieces() -> list[str]:
    """The distinct Betza strings of the FIDE, Capablanca and Shogi armies."""
    return sorted({betza for name in ("fide", "capablanca", "shogi")
                   for betza in get_variant(name).pieces.values()})


def mobility_line() -> str:
    """Census mobility at 3 densities x 1,000 positions for the armies' pieces, timed
    in this process (tables compiled on the way), as a ratio to the target."""
    pieces = army_pieces()
    spent = {"table": 0.0, "solver": 0.0}
    solver = []
    for piece in pieces:
        start = time.perf_counter()
        for density in (0.25, 0.5, 0.75):
            sampled(piece, 8, 8, density, 1000, seed=1)
        way = route(str(parse_piece(piece)), "spec", 8, 8, STATE).split(":")[0]
        spent[way] += time.perf_counter() - start
        if way == "solver":
            solver.append(piece)
    wall = sum(spent.values())
    return (f"census mobility at 3 densities x 1,000 positions for the {len(pieces)} "
            f"FIDE/Capablanca/Shogi pieces: {wall:.1f} s, {wall / MOBILITY_TARGET:.2f} of "
            f"the {MOBILITY_TARGET:g} s target ({spent['table']:.1f} s for the "
            f"{len(pieces) - len(solver)} pieces with a table"
            + (f", {spent['solver']:.1f} s for the {len(solver)} that keep the solver path: "
               f"{' '.join(solver)}" if solver else ", none keeps the solver path") + ")")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=1000, help="positions per density")
    ap.add_argument("--pieces", type=int, default=0, help="only the first N pieces (0: all)")
    ap.add_argument("--mobility-only", action="store_true",
                    help="only the census mobility line of the FIDE/Capablanca/Shogi pieces")
    args = ap.parse_args()
    print(mobility_line())
    if args.mobility_only:
        return
    pieces = sorted({p.betza for p in all_pieces()})
    pieces = pieces[:args.pieces] if args.pieces else pieces
    densities = (0.25, 0.5)
    positions = len(pieces) * len(densities) * args.samples
    cores = os.cpu_count() or 1
    print(f"census of {len(pieces)} pieces on 8x8, densities {densities}, "
          f"{args.samples} samples each ({positions} positions)")
    base = None
    for workers in sorted({1, 2, cores}):
        tasks = census_tasks(pieces, [(8, 8)], densities, args.samples, seed=1)
        start = time.perf_counter()
        done = run_tasks(tasks, workers=workers)
        wall = time.perf_counter() - start
        failed = sum(1 for o in done.values() if o.error)
        base = base or wall
        efficiency = base / (wall * workers)
        print(f"  {workers} worker(s): {wall:7.1f} s, efficiency {efficiency:5.0%}, "
              f"{positions / wall / workers:8.0f} positions/s/core, {failed} failed tasks")
    members = {p.name: p.betza for p in all_pieces()}
    start = time.perf_counter()
    found = equivalence_classes(members, (8, 8), workers=cores)
    dupes = [g for g in found.classes if len(g) > 1]
    print(f"classes of {len(members)} named pieces: {time.perf_counter() - start:.1f} s, "
          f"{found.solver_pairs} of {found.all_pairs} pairs to the solver "
          f"({found.solver_pairs / max(1, found.all_pairs):.2%}); "
          f"{len(dupes)} classes with more than one name")


if __name__ == "__main__":
    main()
