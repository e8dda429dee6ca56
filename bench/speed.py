"""Speed of betza-kb beside a minimal procedural move generator and Fairy-Stockfish.

    python bench/speed.py [--positions 300] [--quick] [--lines 30000] [--compiled-only]

One run prints, as ratios (below 1.0 is within target):
  0. the compiled tables: a warm moves() call on random squares and positions beside the
     procedural floor, and batch throughput on a mixed 30,000-line corpus;
  1. time per moves query of R, N, Q on random 8x8 positions: betza-kb in batch, a few lines
     of Python written here (the floor of any generator), and pyffish (when installed), all
     on the same positions;
  2. single calls of the Python API (moves() of one piece on many positions, with the
     program kept and with a new program per call; attacks on the 32-piece start position);
  3. the figures of the speed issue: batch throughput on single-leg and multi-leg corpora,
     multi-leg chains aaaK / aaaaK / aaaaaK on 8x8, aaaaaaaK on 26x26 (an answer or a clear
     refusal);
  3. whole-process equivalence timings on 8x8, 12x12, 16x16 and 26x26, as ratios to the
     issue's targets, with the fitted growth exponent.
Timings vary by 30% on a shared machine; compare the ratios, not single numbers.
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from translator.errors import BetzaError  # noqa: E402
from translator.jsonapi.workers import default_workers  # noqa: E402
from translator.position import Position  # noqa: E402
from translator.queries.moves import MovesQuery, batch_moves  # noqa: E402
from translator.squares import square_name  # noqa: E402

VECTORS = {"R": ([(1, 0), (-1, 0), (0, 1), (0, -1)], True), "N": (
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)], False),
    "Q": ([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)], True)}


def procedural(piece: str, origin: tuple[int, int], own: set, other: set) -> set:
    """The floor: a hand-written generator for R, N, Q on 8x8."""
    vectors, slides = VECTORS[piece]
    out = set()
    for dx, dy in vectors:
        x, y = origin
        while True:
            x, y = x + dx, y + dy
            if not (0 <= x < 8 and 0 <= y < 8) or (x, y) in own:
                break
            out.add((x, y))
            if (x, y) in other or not slides:
                break
    return out


def positions(n: int, rng: random.Random) -> list[tuple[str, tuple[int, int], set, set]]:
    out = []
    for _ in range(n):
        squares = rng.sample([(x, y) for x in range(8) for y in range(8)], 12)
        out.append((rng.choice("RNQ"), squares[0], set(squares[1:6]), set(squares[6:])))
    return out


def fen_of(piece: str, origin: tuple[int, int], own: set, other: set) -> str:
    rows = []
    for y in range(7, -1, -1):
        row, empty = "", 0
        for x in range(8):
            ch = piece if (x, y) == origin else "P" if (x, y) in own else \
                "p" if (x, y) in other else ""
            if not ch:
                empty += 1
                continue
            row += (str(empty) if empty else "") + ch
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def compare(n: int) -> None:
    rng = random.Random(7)
    cases = positions(n, rng)
    start = time.perf_counter()
    for piece, origin, own, other in cases:
        procedural(piece, origin, own, other)
    floor = (time.perf_counter() - start) / n
    queries = [MovesQuery(p, square_name(o), _position(own, other), "white")
               for p, o, own, other in cases]
    start = time.perf_counter()
    answers = batch_moves(queries)
    ours = (time.perf_counter() - start) / n
    agree = sum({(m.to) for m in a} == {square_name(s) for s in procedural(*c)}
                for a, c in zip(answers, cases, strict=True) if not isinstance(a, BetzaError))
    print(f"moves of R, N, Q on {n} random 8x8 positions (agree with the floor: {agree}/{n})")
    print(f"  betza-kb batch   {ours * 1e3:8.3f} ms/query")
    print(f"  procedural floor {floor * 1e3:8.3f} ms/query   ratio ours/floor {ours / floor:8.1f}")
    try:
        import pyffish
    except ImportError:
        print("  pyffish          not installed")
        return
    start = time.perf_counter()
    for case in cases:
        pyffish.legal_moves("chess", fen_of(*case), [])
    theirs = (time.perf_counter() - start) / n
    print(f"  pyffish          {theirs * 1e3:8.3f} ms/query   ratio ours/pyffish "
          f"{ours / theirs:8.1f}")


def single_calls(n: int) -> None:
    """The Python API one call at a time: ``moves()`` of one piece on ``n`` positions, with
    the program grounded once for the piece and its square (translator/solve/warm.py) and
    with a new program per call (the cache emptied first, as every call was before)."""
    from translator.catalogue.fen import parse_fen
    from translator.queries.attacks import attacks
    from translator.queries.moves import moves
    from translator.solve import warm

    rng = random.Random(11)
    cases = positions(n, rng)
    print(f"single calls of the Python API, {n} positions each:")
    for piece in ("Q", "fcafmF"):
        times = {}
        for label, clear in (("a new program per call", True), ("one program kept", False)):
            start = time.perf_counter()
            for _, _, own, other in cases:
                if clear:
                    warm.WARM.clear()
                    warm.OPEN.clear()
                moves(piece, "d4", _position(own - {(3, 3)}, other - {(3, 3)}))
            times[label] = (time.perf_counter() - start) / n
        cold, kept = times.values()
        print(f"  moves({piece!r}, 'd4', ...)  new program {cold * 1e3:6.2f} ms/call   "
              f"kept {kept * 1e3:6.2f} ms/call   ratio new/kept {cold / kept:5.1f}")
    fide = {"P": "fmWfceFifmnD", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "K"}
    pos = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", fide)
    squares = [square_name((x, y)) for x in range(8) for y in range(8)]
    start = time.perf_counter()
    for sq in squares:
        attacks(sq, pos)
    each = (time.perf_counter() - start) / len(squares)
    print(f"  attacks on each square of the 32-piece start position {each * 1e3:6.2f} ms/call")


# the compiled-tables issue's mixed corpus: these pieces on random 8x8 positions
MIXED = ["R", "N", "Q", "B", "K", "mRcpR", "gQ", "fcafmF", "mafsW", "nN", "fmWfcF", "RaisR",
         "FyafsF", "cpR"]


def compiled(n: int, lines: int) -> None:
    """The compiled tables (translator/compiled/): a warm ``moves()`` call on random
    squares and positions beside the procedural floor (target: within 20 times it), and
    ``betza batch`` on a mixed corpus of ``lines`` lines, whole process (target 20,000
    queries per second)."""
    from batch_throughput import make_lines  # the corpora of the throughput bench

    from translator.queries.moves import moves

    rng = random.Random(13)
    cases = [(rng.choice(MIXED), *positions(1, rng)[0][1:]) for _ in range(n)]
    args = [(p, square_name(o), _position(own, other)) for p, o, own, other in cases]
    for piece, origin, pos in args:   # the warm-up pass: every table compiled once
        moves(piece, origin, pos)
    start = time.perf_counter()
    for piece, origin, pos in args:
        moves(piece, origin, pos)
    ours = (time.perf_counter() - start) / n
    floor_cases = positions(n, rng)
    start = time.perf_counter()
    for case in floor_cases:
        procedural(*case)
    floor = (time.perf_counter() - start) / n
    print(f"compiled tables: moves() of {len(MIXED)} pieces on {n} random squares and "
          "positions, after a warm-up pass")
    print(f"  betza-kb moves()  {ours * 1e3:8.3f} ms/call   procedural floor "
          f"{floor * 1e3:6.3f} ms/call   ratio ours/floor {ours / floor:6.1f} (target 20)")
    import batch_throughput

    batch_throughput.PIECES, saved = MIXED, batch_throughput.PIECES
    try:
        text = "\n".join(make_lines(lines, 8, 8, random.Random(5))) + "\n"
    finally:
        batch_throughput.PIECES = saved
    qps = lines / whole_process(["batch", "--quiet"], text)
    print(f"  betza batch, mixed corpus {qps:8.0f} q/s   ratio target/measured "
          f"{20000 / qps:5.2f}   ({lines} lines, {default_workers()} workers)")


def _position(own: set, other: set) -> Position:
    pos = Position.light(8, 8, friends=[square_name(s) for s in own],
                         enemies=[square_name(s) for s in other])
    return pos


def whole_process(args: list[str], stdin: str = "") -> float:
    return timed_process(args, stdin)[0]


def timed_process(args: list[str], stdin: str = "") -> tuple[float, int]:
    """The wall time of a ``betza`` process and its exit status."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "translator.cli.main", *args], input=stdin,
                          capture_output=True, text=True, check=False)
    return time.perf_counter() - start, done.returncode


def table(quick: bool) -> None:
    from batch_throughput import make_lines  # the corpora of the throughput bench

    print("the speed issue's table (whole processes):")
    rng = random.Random(3)
    # thousands of positions each, as the issue measures them (about 2,800 and 2,200)
    single = [line for line in make_lines(9000, 8, 8, rng) if '"betza": "' in line
              and any(f'"betza": "{p}"' in line for p in ("N", "R", "B", "Q", "K", "W4"))]
    multi = [line for line in make_lines(9000, 8, 8, rng) if any(
        f'"betza": "{p}"' in line for p in ("afsW", "FyafsF", "caibR", "RasR", "fcafmF"))]
    workers = default_workers()
    for name, lines, target in (("single-leg", single, 2000), ("multi-leg", multi, 1500)):
        text = "\n".join(lines) + "\n"
        qps = len(lines) / whole_process(["batch", "--quiet"], text)
        alone = len(lines) / whole_process(["batch", "--quiet", "--workers", "1"], text)
        print(f"  batch, {name:10} {qps:8.0f} q/s   ratio target/measured {target / qps:5.2f}"
              f"   ({len(lines)} queries, {workers} workers; one worker: {alone:.0f} q/s)")
    for betza, board in (("aaaK", "8x8"), ("aaaaK", "8x8"), ("aaaaaK", "8x8"),
                         ("aaaaaaaK", "26x26")):
        t, status = timed_process(["moves", betza, "--from", "e4", "--board", board, "--json"])
        limit = 10.0 if board == "26x26" else 0.5
        said = "answered" if status == 0 else "refused: over --max-atoms"
        print(f"  moves {betza:9} {board:6} {t:7.2f} s   ratio to {limit:g} s {t / limit:5.2f}"
              f"   ({said})")
    equivalence(quick)


# the speed issue's targets for whole-process equivalence queries (seconds)
EQUIV_TARGETS = {("asR", "asW0"): {8: 0.3, 12: 1.0, 16: 3.0},
                 ("RaisR", "RB"): {8: 0.3, 12: 0.5, 16: 1.0},
                 ("afsR", "afsW0"): {12: 0.5}}


def growth(sizes: list[int], times: list[float]) -> float:
    """The exponent k of the least-squares fit time ~ c * n^k."""
    xs, ys = [math.log(n) for n in sizes], [math.log(t) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs)


def equivalence(quick: bool) -> None:
    """Whole-process ``betza equiv`` on growing boards: time, ratio to the target where
    the issue sets one, and the fitted growth (26x26 only while it stays feasible)."""
    floor = whole_process(["equiv", "R", "R", "--json"])
    print(f"equivalence, whole processes (a process that compares R with R: {floor:.2f} s)")
    for (a, b), targets in EQUIV_TARGETS.items():
        sizes, times, cells = [], [], []
        for n in (8, 12) if quick else (8, 12, 16, 26):
            if n == 26 and times and times[-1] > 10:
                cells.append("26x26 skipped")
                break
            t = whole_process(["equiv", a, b, "--board", f"{n}x{n}", "--json"])
            sizes.append(n)
            times.append(t)
            ratio = f" ({t / targets[n]:.2f})" if n in targets else ""
            cells.append(f"{n}x{n} {t:5.2f} s{ratio}")
        print(f"  equiv {a:6} {b:6} " + "  ".join(cells)
              + f"   growth ~ n^{growth(sizes, times):.1f}")
    print("  (in brackets: time / target; below 1.00 is within target)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--quick", action="store_true", help="smaller boards for equivalence")
    ap.add_argument("--lines", type=int, default=30000,
                    help="lines of the mixed corpus for the compiled tables' batch figure")
    ap.add_argument("--compiled-only", action="store_true",
                    help="only the compiled tables' figures")
    args = ap.parse_args()
    compiled(args.positions, args.lines)
    if args.compiled_only:
        return
    compare(args.positions)
    single_calls(100)
    table(args.quick)


if __name__ == "__main__":
    main()
