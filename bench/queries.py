"""Timings of the research queries, against the figures the project aims for.

    python bench/queries.py

Prints, for each figure, the measured time and its ratio to the target (below 1.0 is
within target): equivalence of two-leg pieces over every start square and position of
8x8 (target 0.5 s) and 12x12 (3 s), and an attacks query on the 32-piece 8x8 start
position (50 ms).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

from translator.catalogue.fen import parse_fen  # noqa: E402
from translator.queries.attacks import attacks  # noqa: E402
from translator.queries.equiv import equivalent  # noqa: E402

TWO_LEG_PAIRS = [("afsW", "nN"), ("pafK", "jAjD"), ("afK", "nAnD"), ("mpafsK", "N"),
                 ("afafsW", "afsafF"), ("fcafmF", "fcF"), ("pafK", "nAnD"),
                 ("fmWfceF", "fmWfcF"), ("pR", "pafR"), ("gQ", "gafQ")]
HARD_PAIRS = [("KNADcaKmcabK", "mpcaKmcabK"), ("RaisR", "RB")]


def timed(fn, repeat: int = 1) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    equivalent("K", "WF")  # warm caches (kb tables, parser)
    fide = {"P": "fmWfceFifmnD", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "K"}
    pos = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", fide)
    t = timed(lambda: attacks("f3", pos), repeat=5)
    print(f"attacks on the 32-piece start position: {t * 1000:.1f} ms, ratio {t / 0.05:.2f} "
          "(target 50 ms)")

    for files, target in ((8, 0.5), (12, 3.0)):
        print(f"equivalence on {files}x{files} (target {target} s per pair):")
        ratios = []
        for a, b in TWO_LEG_PAIRS + HARD_PAIRS:
            result = None

            def run(a=a, b=b, files=files):
                nonlocal result
                result = equivalent(a, b, files, files)

            t = timed(run)
            ratios.append(t / target)
            hard = " (lion/hook: beyond the two-leg target)" if (a, b) in HARD_PAIRS else ""
            print(f"  {a:>12} vs {b:<12} {'same' if result.equivalent else 'differ':6} "
                  f"{t:7.3f} s  ratio {t / target:5.2f}{hard}")
        two_leg = ratios[:len(TWO_LEG_PAIRS)]
        print(f"  two-leg pairs: median ratio {statistics.median(two_leg):.2f}, "
              f"worst {max(two_leg):.2f}")


if __name__ == "__main__":
    main()
