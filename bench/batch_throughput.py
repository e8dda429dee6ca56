"""Throughput of `betza batch` on single-piece `moves` queries.

Generates 1,000 queries of mixed pieces (leapers, riders, hoppers, multi-leg) with random
blockers on 8x8 and on 16x16, pipes each set through `betza batch` (as a research script
would: with its worker processes, one per core, and with `--workers 1`) and prints queries
per second. Also times the in-process API, so start-up cost and per-query cost can be told
apart.

Then the growth of a batch with its length, per kind of line (moves, attacks, board, moves of
castling kings): the time of 2,000 lines over four times that of 500, in one worker. About
1.0 is linear; a join the grounder cannot index makes it grow with the square of the batch
(it was 13 for attacks and 3 for castling before the encodings named the query outside the
mover's term).

Then a batch of simple pieces read as XBoard (`"dialect": "xboard"`) against the same lines
in the spec reading, in one worker: both are answered from compiled move tables (issue 39),
so the ratio of their speeds should be near 1 (the target: at least 0.5).

With ``--memory N``, the memory peak of an attacks batch of N lines, every process of it
counted (the reading one and its workers, which are replaced every 2,800 lines), beside
one worker (``--workers 1``).

    python bench/batch_throughput.py [--queries 1000] [--seed 1] [--no-growth]
                                     [--memory 12000] [--readings 3000] [--only-readings]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

from proctree import tree_resident_kb  # noqa: E402

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
BATCH = [sys.executable, "-m", "translator.cli.main", "batch", "--quiet"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-growth", action="store_true", help="skip the growth rows")
    ap.add_argument("--memory", type=int, metavar="LINES", default=0,
                    help="also the memory peak of an attacks batch of this many lines")
    ap.add_argument("--readings", type=int, metavar="LINES", default=3000,
                    help="lines of the xboard-against-spec batch (0: none)")
    ap.add_argument("--only-readings", action="store_true",
                    help="only the xboard-against-spec batch")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    if args.readings:
        readings(args.readings, rng)
    if args.only_readings:
        return
    for files, ranks in ((8, 8), (16, 16)):
        lines = make_lines(args.queries, files, ranks, rng)
        data = "\n".join(lines) + "\n"
        walls = []
        for workers in ([], ["--workers", "1"]):
            start = time.perf_counter()
            proc = subprocess.run([*BATCH, *workers], input=data, capture_output=True,
                                  text=True, check=True)
            walls.append(time.perf_counter() - start)
            answers = proc.stdout.splitlines()
            assert len(answers) == len(lines), "one answer per line"
        bad = sum(not json.loads(a)["ok"] for a in answers)

        from translator.jsonapi.batch import answer_text

        start = time.perf_counter()
        answer_text(data.splitlines(keepends=True))  # (betza batch runs this in its workers)
        inproc = time.perf_counter() - start
        print(f"{files}x{ranks}: {len(lines)} queries, betza batch {len(lines) / walls[0]:6.0f} "
              f"q/s (whole process, {walls[0]:.2f} s; one worker {len(lines) / walls[1]:.0f} "
              f"q/s); in-process {len(lines) / inproc:6.0f} q/s; errors {bad}")
    if not args.no_growth:
        growth(rng)
    if args.memory:
        memory(args.memory, rng)


def kind_lines(kind: str, n: int, rng: random.Random) -> list[str]:
    """``n`` batch lines of one kind on random 8x8 positions."""
    if kind == "moves":
        return make_lines(n, 8, 8, rng)
    out = []
    for _ in range(n):
        squares = rng.sample([f"{f}{r}" for f in "abcdefgh" for r in range(2, 8)], 9)
        if kind == "attacks":
            pieces = {sq: {"betza": rng.choice(PIECES), "side": rng.choice(["white", "black"])}
                      for sq in squares[1:]}
            line = {"query": "attacks", "square": squares[0], "pieces": pieces}
        elif kind == "board":
            line = {"query": "board", "betza": rng.choice(PIECES), "from": squares[0],
                    "friends": squares[1:4], "enemies": squares[4:]}
        else:  # a castling king, whose castling squares are checked for attacks
            enemies = "".join(rng.choice("rnbq") if rng.random() < 0.3 else "1"
                              for _ in range(8))
            line = {"query": "moves", "variant": "chess", "from": "e1",
                    "fen": f"{enemies}/8/8/8/8/8/8/R3K2R w KQ - 0 1"}
        out.append(json.dumps(line))
    return out


# simple pieces: leapers, riders, hook movers and hoppers
SIMPLE = ["N", "R", "B", "Q", "K", "mafsW", "pR", "gQ", "cpR", "mRcpR", "fmWfcF", "W4", "NN"]


def readings(n: int, rng: random.Random) -> None:
    """The same ``n`` lines of simple pieces in the spec reading and read as XBoard, in one
    worker; prints both times and the ratio of the speeds (xboard / spec)."""
    lines = [json.loads(line) for line in make_lines(n, 8, 8, rng)]
    for line in lines:
        line["betza"] = rng.choice(SIMPLE)
    times = {}
    for reading in ("spec", "xboard"):
        data = "".join(json.dumps({**line, "dialect": reading}) + "\n" for line in lines)
        start = time.perf_counter()
        proc = subprocess.run([*BATCH, "--workers", "1"], input=data, capture_output=True,
                              text=True, check=True)
        times[reading] = time.perf_counter() - start
        assert all(json.loads(a)["ok"] for a in proc.stdout.splitlines()), reading
    print(f"{n:,} lines of simple pieces, one worker: spec {times['spec']:.2f} s, "
          f"xboard {times['xboard']:.2f} s; xboard at {times['spec'] / times['xboard']:.2f} "
          "of the spec's speed")


def memory(n: int, rng: random.Random) -> None:
    """The memory peak of a long attacks batch (every process of it: the reading one and
    its workers), with the workers and with --workers 1; read from /proc (Linux)."""
    data = "\n".join(kind_lines("attacks", n, rng)) + "\n"
    print(f"memory peak of an attacks batch of {n:,} lines (resident, sampled every 50 ms):")
    for workers in ([], ["--workers", "1"]):
        with tempfile.TemporaryFile("w+") as given:
            given.write(data)
            given.seek(0)
            start = time.perf_counter()
            proc = subprocess.Popen([*BATCH, *workers], stdin=given, stdout=subprocess.DEVNULL)
            total = largest = 0
            while proc.poll() is None:
                sizes = tree_resident_kb(proc.pid)
                total, largest = max(total, sum(sizes)), max(largest, *sizes)
                time.sleep(0.05)
        print(f"  {' '.join(workers) or 'with its workers':16} {time.perf_counter() - start:6.1f} s"
              f"   all processes {total / 1024:5.0f} MB   largest {largest / 1024:5.0f} MB")


def growth(rng: random.Random) -> None:
    print("growth with the batch's length (time of 2,000 lines / 4 x time of 500):")
    for kind in ("moves", "attacks", "board", "castling"):
        times = []
        for n in (500, 2000):
            data = "\n".join(kind_lines(kind, n, rng)) + "\n"
            start = time.perf_counter()
            subprocess.run([*BATCH, "--workers", "1"], input=data, capture_output=True,
                           text=True, check=True)
            times.append(time.perf_counter() - start)
        print(f"  {kind:9} 500 lines {times[0]:6.2f} s   2,000 lines {times[1]:6.2f} s   "
              f"growth {times[1] / (4 * times[0]):4.2f}")


if __name__ == "__main__":
    main()
