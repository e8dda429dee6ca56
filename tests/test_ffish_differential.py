"""Differential test: our engine against Fairy-Stockfish on random positions.

Only Betza strings from the subset where Fairy-Stockfish follows the XBetza spec are used
(``ffish_oracle.FAITHFUL``, see that module's docstring), so any difference is a bug on one
side.  Positions are random but seeded, on 8x8 and 12x10 boards, for both colours, with 0-12
inert blockers of either colour.  All engine queries go through one ``batch_moves`` call,
which keeps the run time to a few seconds; pyffish's answers were recorded once
(tests/fsf_moves.py: a sample asked live in every run).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

pytest.importorskip("pyffish")

from ffish_oracle import FAITHFUL  # noqa: E402

from tests.fsf_moves import Case as Case_  # noqa: E402
from tests.fsf_moves import theirs as recorded  # noqa: E402
from translator.solve.ffish import format_moves  # noqa: E402
from translator.squares import square_name  # noqa: E402

SEED = 20240611
POSITIONS = 800
BOARDS = ((8, 8), (12, 10))
MAX_BLOCKERS = 12
SHOW = 8  # differing cases printed on failure


@dataclass(frozen=True)
class Case:
    betza: str
    files: int
    ranks: int
    origin: str
    side: str
    friends: tuple[str, ...]
    enemies: tuple[str, ...]

    def describe(self) -> str:
        return (f"{self.betza} on {self.origin} ({self.side}, {self.files}x{self.ranks}) "
                f"friends={list(self.friends)} enemies={list(self.enemies)}")


def random_cases(seed: int = SEED, count: int = POSITIONS) -> list[Case]:
    rng = random.Random(seed)
    cases = []
    for i in range(count):
        # Cycling through the list (rather than sampling) gives every string its share.
        betza = FAITHFUL[i % len(FAITHFUL)]
        files, ranks = rng.choice(BOARDS)
        squares = [square_name((x, y)) for x in range(files) for y in range(ranks)]
        picked = rng.sample(squares, 1 + rng.randint(0, MAX_BLOCKERS))
        origin, blockers = picked[0], picked[1:]
        split = rng.randint(0, len(blockers))
        cases.append(Case(betza, files, ranks, origin, rng.choice(("white", "black")),
                          tuple(blockers[:split]), tuple(blockers[split:])))
    return cases


def test_cases_cover_both_boards_and_colours() -> None:
    cases = random_cases()
    assert len(cases) >= 800
    assert {(c.files, c.ranks) for c in cases} == set(BOARDS)
    assert {c.side for c in cases} == {"white", "black"}
    assert {c.betza for c in cases} == set(FAITHFUL)


def ffish_cases() -> list[Case_]:
    """The cases as pyffish is asked them (tests/fsf_moves.py: recorded, a sample live)."""
    return [(c.betza, c.files, c.ranks, c.origin, c.friends, c.enemies, c.side)
            for c in random_cases()]


def test_engine_agrees_with_fairy_stockfish() -> None:
    from translator.position import Position
    from translator.queries.moves import batch_moves

    cases = random_cases()
    queries = [
        (c.betza, c.origin,
         Position.light(c.files, c.ranks, side=c.side, friends=list(c.friends),
                        enemies=list(c.enemies)),
         c.side)
        for c in cases
    ]
    results = batch_moves(queries)
    assert len(results) == len(cases)

    failures: list[str] = []
    for case, result, theirs in zip(cases, results, recorded(ffish_cases()), strict=True):
        if isinstance(result, Exception):
            # batch_moves reports a per-query error in place of the move list.
            failures.append(f"{case.describe()}\n    engine error: {result}\n"
                            f"    ffish: {format_moves(theirs)}")
            continue
        ours = {(m.to, m.to in m.captures) for m in result}
        if ours != theirs:
            failures.append(f"{case.describe()}\n"
                            f"    only ours:  {format_moves(ours - theirs)}\n"
                            f"    only ffish: {format_moves(theirs - ours)}")
    if failures:
        shown = "\n".join(failures[:SHOW])
        pytest.fail(f"{len(failures)} of {len(cases)} positions differ; first ones:\n{shown}")
