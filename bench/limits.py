"""The measurements behind the size estimate's constants (translator/solve/limits.py):
for long chains and hoppers, the estimate beside the atoms the piece really adds to its
program, the time and the memory the program adds. docs/bench.md keeps the figures of a run.

    python bench/limits.py [--quick] [--from d4]

Each case runs in a process of its own (its memory is that process's peak, less what the
process held before the query). ``--quick`` leaves out the cases past a few seconds.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# (piece, files, ranks, quick): the chains the estimate's comments name, a hopper, a
# multi-leg slider, and the two sides of the default budget
CASES = [("aaK", 8, 8, True), ("RasR", 8, 8, True), ("aaaQ", 8, 8, True),
         ("aaaaR", 8, 8, True), ("aaaR", 16, 16, True), ("aaaQ", 12, 12, False),
         ("aaaaaaK", 8, 8, True), ("aaaaaaaK", 8, 8, False), ("aaaaaaaN", 12, 12, False),
         ("aaaaaaaaK", 8, 8, False), ("aaaaaaaK", 26, 26, False)]


def one(betza: str, files: int, ranks: int, origin: str) -> dict[str, float]:
    """Ground the program of ``betza`` on ``origin`` of an empty board (moves.lp, as a
    single query of a chain is asked: lean.lp, no kept program)."""
    from translator.facts.pieces import parse_piece
    from translator.position import Position
    from translator.queries import moves
    from translator.queries.moves import MovesQuery, prepare
    from translator.solve import engine
    from translator.solve.limits import estimated_atoms

    piece = parse_piece(betza)
    estimate = estimated_atoms(piece, files, ranks, lean=True)
    seen: list[int] = []
    ground = engine.ground

    def grounded(*args: object, **kwargs: object) -> engine.Program:
        program = ground(*args, **kwargs)  # type: ignore[arg-type]
        seen.append(len(program.ctl.symbolic_atoms))
        return program

    def solve(text: str) -> list[object]:
        pos, square, _ = prepare(MovesQuery(text, origin, Position(files, ranks), "white"))
        return moves.solve_positions([(0, pos, [square], ())], "moves.lp", 600, {}).get(0, [])

    engine.ground = grounded  # type: ignore[assignment]
    solve("W")  # the board's atoms, in every program: the estimate counts the piece's own
    base = seen.pop()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    found = solve(betza)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"estimate": estimate, "atoms": seen[-1] - base, "seconds": seconds,
            "mb": (peak - before) / 1024, "moves": len(found)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the cases under some seconds")
    parser.add_argument("--from", dest="origin", default="d4")
    parser.add_argument("--one", nargs=3, metavar=("BETZA", "FILES", "RANKS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        betza, files, ranks = args.one
        print(json.dumps(one(betza, int(files), int(ranks), args.origin)))
        return
    print(f"{'piece':<11}{'board':>7}{'estimate':>12}{'atoms':>12}{'moves':>7}{'s':>8}"
          f"{'MB':>7}")
    for betza, files, ranks, quick in CASES:
        if args.quick and not quick:
            continue
        done = subprocess.run([sys.executable, __file__, "--from", args.origin, "--one", betza,
                               str(files), str(ranks)], capture_output=True, text=True)
        if done.returncode:
            print(f"{betza:<11}{files}x{ranks:<4} failed: {done.stderr.strip()[-200:]}")
            continue
        r = json.loads(done.stdout)
        print(f"{betza:<11}{f'{files}x{ranks}':>7}{r['estimate']:>12,}{r['atoms']:>12,}"
              f"{r['moves']:>7,}{r['seconds']:>8.2f}{r['mb']:>7.0f}")


if __name__ == "__main__":
    main()
