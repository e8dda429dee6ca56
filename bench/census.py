"""Bench of ``betza census`` and ``betza classes`` on the whole kb, on Dask.

The census of every named piece on 8x8 at densities 0.25 and 0.5 with N samples each, run
with 1, 2 and all local workers: wall time, scaling efficiency per added core (target
>= 80%) and positions per second per core; then ``classes`` on the kb: the pairs sent to
the solver against all pairs. Prints one table.

    python bench/census.py [--samples 1000] [--pieces 0]
"""

from __future__ import annotations

import argparse
import os
import time

from translator.catalogue.pieces import all_pieces
from translator.research.run import run_tasks
from translator.research.study import census_tasks, equivalence_classes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=1000, help="positions per density")
    ap.add_argument("--pieces", type=int, default=0, help="only the first N pieces (0: all)")
    args = ap.parse_args()
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
