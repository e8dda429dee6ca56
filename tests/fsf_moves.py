"""Fairy-Stockfish's moves of one piece among blockers (:func:`translator.solve.ffish.ffish_moves`)
for the random cases of the differential tests (tests/test_ffish_differential.py,
tests/test_fsf_differential.py, tests/test_fsf_dialect.py), recorded once by
tests/fsf_moves_make.py in tests/data/fsf_moves.json.gz: pyffish costs 2 to 7 ms a call
whatever it is asked, seconds per test for its hundreds of cases.

pyffish is still asked live in every run, for every :data:`LIVE_EVERY`-th case of a test:
its answer must equal the recording, so an installed
pyffish that reads strings otherwise than the one the recording was made with is seen
(then make the recording again, and see which answers changed).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from translator.solve.ffish import ffish_moves

PATH = Path(__file__).parent / "data" / "fsf_moves.json.gz"
LIVE_EVERY = 20

# (betza, files, ranks, origin, friends, enemies, side): ffish_moves' arguments
Case = tuple[str, int, int, str, Sequence[str], Sequence[str], str]
Moves = set[tuple[str, bool]]


def key(case: Case) -> str:
    betza, files, ranks, origin, friends, enemies, side = case
    return json.dumps([betza, files, ranks, origin, list(friends), list(enemies), side])


def live(case: Case) -> Moves:
    betza, files, ranks, origin, friends, enemies, side = case
    return ffish_moves(betza, files, ranks, origin, list(friends), list(enemies), side)


@cache
def _recording() -> dict[str, Any]:
    with gzip.open(PATH, "rt") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def theirs(cases: Sequence[Case]) -> list[Moves]:
    """pyffish's moves in each case: recorded, every :data:`LIVE_EVERY`-th asked live too."""
    import pyffish

    recorded = _recording()["moves"]
    out = []
    for n, case in enumerate(cases):
        kept = recorded.get(key(case))
        assert kept is not None, f"no recording of {case}: run python tests/fsf_moves_make.py"
        found = {(to, bool(capture)) for to, capture in kept}
        if n % LIVE_EVERY == 0:
            assert live(case) == found, (
                f"pyffish {'.'.join(map(str, pyffish.version()))} answers otherwise than the "
                f"recording of pyffish {_recording()['pyffish']} in {case}: make it again with "
                "tests/fsf_moves_make.py and see what changed")
        out.append(found)
    return out
