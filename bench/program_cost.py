"""The fixed cost of a clingo program, phase by phase, and what reading and keeping save.

    python bench/program_cost.py

Prints, for a one-knight moves program (the fixed part every query pays) and for the
moves of the 16 white pieces of the chess start position asked 20 times in one program:
the CPU milliseconds of building the Control (sliced statements and facts), grounding,
solving and freeing it; then two ratios measured in this run: reading the answers from
their text (``str`` of each symbol, translator/solve/batch.py) against reading them by
symbol attributes, and a program asked again (kept by translator/solve/memo.py) against
building it.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import clingo  # noqa: E402

from translator.catalogue.fen import parse_fen  # noqa: E402
from translator.facts.pieces import piece_facts  # noqa: E402
from translator.facts.translate import position_facts  # noqa: E402
from translator.shown import Answer, reader  # noqa: E402
from translator.solve import batch, engine, memo, readers  # noqa: E402

FIDE = {"P": "fmWfceFifmnD", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "K"}


def cpu(fn: Callable[[], object], repeat: int = 21) -> float:
    """The least CPU seconds of ``fn`` over ``repeat`` runs (the machine is shared)."""
    return min(_once(fn) for _ in range(repeat))


def _once(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def program(fen: str, queries: int) -> str:
    pos = parse_fen(fen, FIDE)
    types: dict[str | None, int | str] = {}
    texts = []
    for betza in sorted({pc.betza for pc in pos.pieces.values() if pc.betza}):
        types[betza] = len(types) + 1
        texts.append(piece_facts(len(types), betza, pos.dialect))
    movers = [sq for sq, pc in pos.pieces.items() if pc.side == pos.side_to_move]
    return "\n".join([*texts, *(position_facts(q, pos, types, movers, set())
                                for q in range(queries))])


def phases(facts: str) -> dict[str, float]:
    """CPU ms of each phase of one program (medians of several)."""
    found: dict[str, list[float]] = {"build": [], "ground": [], "solve": [], "free": []}
    for _ in range(7):
        start = time.process_time()
        ctl = engine.control(["moves.lp"], facts)
        built = time.process_time()
        engine.ground_parts(ctl, engine.may_chain(facts))
        grounded = time.process_time()
        with ctl.solve(yield_=True) as handle:
            for model in handle:
                model.symbols(shown=True)
        solved = time.process_time()
        del ctl
        freed = time.process_time()
        for name, took in zip(found, (built - start, grounded - built, solved - grounded,
                                      freed - solved), strict=True):
            found[name].append(took * 1000)
    return {name: statistics.median(ms) for name, ms in found.items()}


def by_attributes(shown: list[clingo.Symbol]) -> None:
    """The answers read as before: each symbol's name and arguments asked of clingo."""
    read = reader(Answer)
    found: dict[int, list[tuple[tuple[int, int], readers.Move]]] = {}
    for sym in shown:
        if sym.name in ("res", "ares"):
            answer = read(sym)
            found.setdefault(answer.q, []).append(readers.path_move(answer.h, answer.e))


def main() -> None:
    cases = {"one knight": program("8/8/8/8/3N4/8/8/8 w - - 0 1", 1),
             "start position x20": program(
                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 20)}
    for label, facts in cases.items():
        engine.run(facts, "moves.lp")  # (parsed encodings, shapes, slices: once per process)
        cost = phases(facts)
        print(f"{label}: " + ", ".join(f"{name} {ms:.1f} ms" for name, ms in cost.items())
              + f" (total {sum(cost.values()):.1f} ms)")
    with memo.fresh():
        shown = engine.run(cases["start position x20"], "moves.lp")
    text = cpu(lambda: batch._read(shown, {}, [], None, {}))
    attributes = cpu(lambda: by_attributes(shown))
    print(f"reading {len(shown)} answers from their text: {text * 1000:.2f} ms, by attributes "
          f"{attributes * 1000:.2f} ms, ratio {text / attributes:.2f}")
    facts = cases["one knight"]
    with memo.fresh():
        built = cpu(lambda: engine.run(facts, "moves.lp"))
    kept = cpu(lambda: engine.run(facts, "moves.lp"))
    print(f"a program asked again: {kept * 1000:.3f} ms, built {built * 1000:.1f} ms, "
          f"ratio {kept / built:.4f}")


if __name__ == "__main__":
    main()
