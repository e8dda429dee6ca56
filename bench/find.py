"""Bench of ``betza find`` over every single-leg piece of the kb.

Each piece's moves from d4 on an empty 8x8 board are drawn as the user would draw them; the
shortest string found must be the piece's own, or an equivalent string no longer than it.
Prints how many were recovered exactly, recovered as an equivalent (shorter or equal)
string, matched the drawing but are a different piece (the drawing does not pin the piece
down), or not found, and the time distribution against the 2 s target.

    python bench/find.py [--most N]

With ``--strategies`` it instead times lint's shortest-spelling search (find on the drawings
lint makes) with clingo's default optimisation strategy and with the core-guided one find
uses, checks that both find the same strings, and prints the ratio.

    python bench/find.py --strategies
"""

from __future__ import annotations

import argparse
import statistics
import time

from translator.catalogue.pieces import all_pieces
from translator.errors import BetzaError
from translator.notation.syntax import parse
from translator.queries.equiv import equivalent
from translator.queries.find import answer as find_answer
from translator.queries.find import find
from translator.queries.find.answer import Example
from translator.queries.find.check import drawn_marks


def single_leg(betza: str) -> bool:
    try:
        piece = parse(betza)
    except BetzaError:
        return False
    return all(len(m.legs) == 1 and m.atom.letter not in "UOI@" for m in piece.moves)


def drawing(betza: str) -> Example:
    (marks,) = drawn_marks([betza], Example("d4"))
    pick = {frozenset("m"): "moves", frozenset("c"): "captures", frozenset("mc"): "both"}
    lists: dict[str, list[str]] = {"moves": [], "captures": [], "both": []}
    for square, kinds in marks.items():
        lists[pick[frozenset(kinds)]].append(square)
    return Example("d4", **{k: tuple(v) for k, v in lists.items()})


STRATEGY_PIECES = ("masW3", "B", "nN", "mRcpR", "gQ", "fcafmF", "fbR2", "AD", "mpafF")


def strategies() -> None:
    """Core-guided against model-guided optimisation on lint's drawings, in one run."""
    from translator.queries.lint.shortest import _first_examples

    core_guided = find_answer.SOLVING
    totals = {"model-guided": 0.0, "core-guided": 0.0}
    for betza in STRATEGY_PIECES:
        examples = _first_examples(betza, 8, 8)
        found = {}
        for name, options in (("model-guided", ("--opt-mode=optN",)),
                              ("core-guided", core_guided)):
            find_answer.SOLVING = options
            start = time.perf_counter()
            result = find(examples, limit=5)
            totals[name] += time.perf_counter() - start
            found[name] = (result.betza, result.same_length, result.alternatives)
        find_answer.SOLVING = core_guided
        same = "same strings" if len(set(map(str, found.values()))) == 1 else "DIFFERENT"
        print(f"{betza:>8} -> {found['core-guided'][0] or '-':<8} {same}")
    print(f"model-guided {totals['model-guided']:.1f} s, core-guided "
          f"{totals['core-guided']:.1f} s: ratio "
          f"{totals['model-guided'] / totals['core-guided']:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--most", type=int, default=0, help="only the first N pieces")
    ap.add_argument("--strategies", action="store_true",
                    help="time the two optimisation strategies on lint's drawings")
    args = ap.parse_args()
    if args.strategies:
        strategies()
        return
    pieces = sorted({p.betza for p in all_pieces() if single_leg(p.betza)})
    pieces = pieces[:args.most] if args.most else pieces
    counts = {"exact": 0, "equivalent": 0, "other piece": 0, "not found": 0}
    times = []
    for betza in pieces:
        example = drawing(betza)
        if not (example.moves or example.captures or example.both):
            print(f"{betza:>12} has no moves on an empty board: skipped")
            continue
        start = time.perf_counter()
        result = find([example])
        times.append(time.perf_counter() - start)
        if result.betza == betza:
            kind = "exact"
        elif result.betza is None:
            kind = "not found"
        elif equivalent(result.betza, betza).equivalent:
            kind = "equivalent"
        else:
            kind = "other piece"
        counts[kind] += 1
        print(f"{betza:>12} -> {result.betza or '-':<12} {kind:<12} {times[-1]:5.2f} s")
    print(f"\n{len(pieces)} single-leg pieces of the kb, drawn from d4 on an empty 8x8 board")
    for kind, n in counts.items():
        print(f"  {kind:<12} {n}")
    q = statistics.quantiles(times, n=10) if len(times) > 1 else times * 9
    print(f"time: median {statistics.median(times):.2f} s, p90 {q[-1]:.2f} s, "
          f"max {max(times):.2f} s; ratio of the median to the 2 s target "
          f"{statistics.median(times) / 2:.2f}")


if __name__ == "__main__":
    main()
