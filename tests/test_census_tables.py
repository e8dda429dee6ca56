"""Census mobility sampling from the compiled tables (numpy over many positions at once,
translator/compiled/many.py) gives the numbers the solver gives position by position."""

from __future__ import annotations

import pytest

from translator.compiled.store import route, solver_only
from translator.facts.pieces import parse_piece
from translator.research.census import sampled


@pytest.mark.parametrize(("betza", "board", "density", "seed"), [
    ("R", (8, 8), 0.3, 1), ("Q", (8, 8), 0.6, 2), ("fcafmF", (8, 8), 0.5, 3),
    ("mafsW", (8, 8), 0.4, 4), ("mRcpR", (8, 8), 0.5, 5), ("FyafsF", (8, 8), 0.3, 6),
    ("ifmnDfmWfcF", (8, 8), 0.3, 7),
    # local tables (rows per start square): wrapping and a curling rider
    ("qN", (8, 8), 0.2, 8), ("oW", (6, 6), 0.3, 9),
    # over 64 squares: Python ints in numpy object arrays
    ("Q", (10, 8), 0.4, 10), ("mRcpR", (9, 9), 0.5, 11), ("fcafmF", (12, 12), 0.5, 12),
    # keeps the solver path either way
    ("fmWfceFifmnD", (8, 8), 0.5, 13),
])
def test_sampled_mobility_is_the_solvers(betza, board, density, seed):
    files, ranks = board
    assert (route(str(parse_piece(betza)), "spec", files, ranks) == "table") \
        == (betza != "fmWfceFifmnD")
    from_tables = sampled(betza, files, ranks, density, 60, seed)
    with solver_only():
        assert sampled(betza, files, ranks, density, 60, seed) == from_tables
    assert from_tables["samples"] == len(from_tables["moves"]) == 60


def test_rook_on_an_empty_and_on_a_full_board():
    empty = sampled("R", 8, 8, 0.0, 50, 0)
    assert set(empty["moves"]) == {14} and set(empty["captures"]) == {0}
    # every other square taken: only the neighbours holding enemies can be reached
    full = sampled("R", 8, 8, 1.0, 50, 0)
    assert full["moves"] == full["captures"]
    assert set(full["moves"]) <= {0, 1, 2, 3, 4} and max(full["moves"]) >= 2
