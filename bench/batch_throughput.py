"""Throughput of `betza batch` on single-piece `moves` queries.

Generates 1,000 queries of mixed pieces (leapers, riders, hoppers, multi-leg) with random
blockers on 8x8 and on 16x16, pipes each set through `betza batch` in one process (as a
research script would) and prints queries per second. Also times the in-process API, so
start-up cost and per-query cost can be told apart.

    python bench/batch_throughput.py [--queries 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

PIECES = ["N", "R", "B", "Q", "K", "fmWfcF", "mRcpR", "gQ", "nN", "afsW", "FyafsF",
          "KNADcaKmcabK", "NN", "W4", "hrN", "fcafmF", "fmWfceFifmnD", "caibR", "RasR", "jB"]


def make_lines(n: int, files: int, ranks: int, rng: random.Random) -> list[str]:
    def square() -> str:
        return f"{chr(97 + rng.randrange(files))}{1 + rng.randrange(ranks)}"

    lines = []
    for _ in range(n):
        origin = square()
        taken = {origin}
        friends, enemies = [], []
        for _ in range(rng.randrange(0, 10)):
            sq = square()
            if sq not in taken:
                taken.add(sq)
                (friends if rng.random() < 0.5 else enemies).append(sq)
        lines.append(json.dumps({"query": "moves", "betza": rng.choice(PIECES), "from": origin,
                                 "files": files, "ranks": ranks, "side": rng.choice(
                                     ["white", "black"]), "friends": friends,
                                 "enemies": enemies}))
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for files, ranks in ((8, 8), (16, 16)):
        lines = make_lines(args.queries, files, ranks, rng)
        data = "\n".join(lines) + "\n"
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "translator.cli.main", "batch", "--quiet"],
                              input=data, capture_output=True, text=True, check=True)
        wall = time.perf_counter() - start
        answers = proc.stdout.splitlines()
        bad = sum(not json.loads(a)["ok"] for a in answers)
        assert len(answers) == len(lines), "one answer per line"

        import io

        from translator.jsonapi.batch import run_batch

        start = time.perf_counter()
        run_batch(io.StringIO(data), io.StringIO())
        inproc = time.perf_counter() - start
        print(f"{files}x{ranks}: {len(lines)} queries, betza batch {len(lines) / wall:6.0f} q/s "
              f"(whole process, {wall:.2f} s); in-process {len(lines) / inproc:6.0f} q/s; "
              f"errors {bad}")


if __name__ == "__main__":
    main()
