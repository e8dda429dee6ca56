"""`betza explain` beside `betza moves` from the shell (issue 40: explain of a simple piece
takes at most twice moves of it).

    python bench/explain.py [--runs 3]

Each command runs as a whole process (the shell's cost, imports included), the median of
``--runs``; the kb's compiled pieces (translator/compiled/kbcache.py) are built once first,
in a cache folder of the run's own, and that first explain's time is printed too (what a
user pays once per change of the rules). Prints each piece's times and the ratio explain /
moves (target: at most 2.0), and rmalfB on 12x12 (was 8 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BETZA = str(Path(sys.executable).with_name("betza"))
PIECES = ["N", "frNN", "lG3", "mafsW"]


def timed(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([BETZA, *args], env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "BETZA_CACHE": cache}
        # frNN is no kb piece: its explanation looks for the kb piece it equals, which
        # builds the cache of the kb's pieces on 9x9 (once per change of the rules)
        first = timed(["explain", "frNN"], env)
        print(f"first explain (builds the kb cache of 9x9): {first:.2f} s")
        worst = 0.0
        for piece in PIECES:
            moves = statistics.median(timed(["moves", piece, "--from", "e4"], env)
                                      for _ in range(args.runs))
            explain = statistics.median(timed(["explain", piece], env)
                                        for _ in range(args.runs))
            worst = max(worst, explain / moves)
            print(f"{piece:6} moves {moves:5.2f} s  explain {explain:5.2f} s  "
                  f"ratio {explain / moves:4.2f}")
        print(f"worst ratio explain/moves: {worst:.2f} (target <= 2.0)")
        timed(["explain", "rmalfB", "--board", "12x12"], env)   # the 12x12 cache
        big = statistics.median(timed(["explain", "rmalfB", "--board", "12x12"], env)
                                for _ in range(args.runs))
        print(f"rmalfB 12x12 explain {big:.2f} s (was 8 s; ratio {big / 8.0:.2f})")


if __name__ == "__main__":
    main()
