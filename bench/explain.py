"""`betza explain` beside `betza moves` from the shell, and explain of random strings as the
server's workers answer it (issue 40: explain of a simple piece takes at most twice moves of
it; the server keeps explain's p95 within 1 s).

    python bench/explain.py [--runs 3] [--random 40] [--fresh-cache]

(``--runs 0``: the random strings only; ``--random 0``: the shell only.)

Each command runs as a whole process (the shell's cost, imports included), the median of
``--runs``; prints each piece's times and the ratio explain / moves (target: at most 2.0),
rmalfB on 12x12 among them. The kb's compiled pieces (translator/compiled/kbcache.py) are
read from the user's cache, built first when missing (that first explain's time is
printed: what a user pays once per change of the rules); ``--fresh-cache`` builds them in
a cache folder of the run's own. Then ``--random`` explain queries of random strings
(tests/betza_strings.py) from random squares of a 9x9 board, answered one after another in
this process as a server worker answers them (translator/web/workers.py): p50 / p90 / p95
of the wall clock and of the CPU time. Timings vary on a shared machine; compare the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BETZA = str(Path(sys.executable).with_name("betza"))
ROOT = Path(__file__).resolve().parent.parent
# piece, board, the square moves is asked from
PIECES = [("N", "8x8", "e4"), ("frNN", "8x8", "e4"), ("lG3", "8x8", "e4"),
          ("mafsW", "8x8", "e4"), ("rmalfB", "12x12", "f6")]


def timed(args: list[str], env: dict[str, str], check: bool = True) -> float:
    start = time.perf_counter()
    done = subprocess.run([BETZA, *args], env=env, check=check, stdout=subprocess.DEVNULL)
    if done.returncode:
        print(f"(betza {' '.join(args)} exited {done.returncode})")
    return time.perf_counter() - start


def shell(runs: int, env: dict[str, str]) -> None:
    """The explain / moves ratios from the shell."""
    for board in sorted({b for _, b, _ in PIECES}):
        # a string of no kb piece: its explanation looks for the kb piece it equals, which
        # builds the cache of the kb's pieces on that board (once per change of the rules)
        first = timed(["explain", "frNN", "--board", board], env, check=False)
        print(f"first explain on {board} (builds the kb cache when missing): {first:.2f} s")
    worst = 0.0
    for piece, board, square in PIECES:
        moves = statistics.median(timed(["moves", piece, "--from", square, "--board", board],
                                        env) for _ in range(runs))
        explain = statistics.median(timed(["explain", piece, "--board", board], env)
                                    for _ in range(runs))
        worst = max(worst, explain / moves)
        print(f"{piece:6} {board:5}  moves {moves:5.2f} s  explain {explain:5.2f} s  "
              f"ratio {explain / moves:4.2f}")
    print(f"worst ratio explain/moves: {worst:.2f} (target <= 2.0)")


def _centile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def random_explains(count: int) -> None:
    """Explain of ``count`` random strings, one after another, as a worker answers them."""
    sys.path.insert(0, str(ROOT / "tests"))
    from betza_strings import random_strings

    from translator.squares import square_name
    from translator.web.workers import answer_texts

    rng = random.Random(40)
    answer_texts([json.dumps({"query": "explain", "betza": "N"})], 10.0)  # a warm worker
    wall: list[float] = []
    cpu: list[float] = []
    failed = 0
    for betza in random_strings(count, 40):
        square = square_name((rng.randrange(9), rng.randrange(9)))
        start, used = time.perf_counter(), time.process_time()
        answer = answer_texts([json.dumps({"query": "explain", "betza": betza,
                                           "from": square})], 10.0)[0]
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
        failed += not answer.get("ok")
    for name, values in (("wall", wall), ("cpu", cpu)):
        print(f"random explain ({count} strings, {name}): p50 {_centile(values, 0.5):.2f} s"
              f"  p90 {_centile(values, 0.9):.2f} s  p95 {_centile(values, 0.95):.2f} s  "
              f"max {max(values):.2f} s")
    print(f"answers not ok: {failed}; load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--random", type=int, default=40, help="random strings to explain")
    ap.add_argument("--fresh-cache", action="store_true",
                    help="build the kb's compiled pieces in a cache folder of the run's own")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, **({"BETZA_CACHE": folder} if args.fresh_cache else {})}
        if args.runs:
            shell(args.runs, env)
        if args.random:
            os.environ.update(env)
            random_explains(args.random)


if __name__ == "__main__":
    main()
