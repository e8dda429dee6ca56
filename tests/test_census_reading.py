"""``betza census --dialect``: the pieces measured as a program reads them (issue 39).
Fairy-Stockfish reads ``fK`` as ``fW`` with ``fF`` (from e4: d5 e5 f5, three moves, where the
spec's forward King step has one) and skips the ``a`` of ``mafsW`` (from e4: d4 e5 f4, where
the spec's Xiangqi horse has eight)."""

from __future__ import annotations

import json

from tests.cli_runner import betza
from translator.research.census import empty_board, sampled


def test_empty_board_in_fairy_stockfish_s_reading() -> None:
    fsf, spec = empty_board("fK", 8, 8, reading="fsf"), empty_board("fK", 8, 8)
    assert (fsf["mobility_empty"]["map"]["e4"], spec["mobility_empty"]["map"]["e4"]) == (3, 1)
    assert fsf["mobility_empty"]["map"]["a4"] == 2  # e5 and f5 only: the edge
    assert fsf["dialect"] == "fsf" and "dialect" not in spec
    horse = empty_board("mafsW", 8, 8, reading="fsf")
    assert horse["mobility_empty"]["map"]["e4"] == 3
    assert empty_board("mafsW", 8, 8)["mobility_empty"]["map"]["e4"] == 8


def test_samples_in_fairy_stockfish_s_reading() -> None:
    # on an empty board (density 0) every sample counts the empty-board moves
    found = sampled("fK", 8, 8, 0.0, 10, 0, reading="fsf")
    spec = sampled("fK", 8, 8, 0.0, 10, 0)
    assert max(found["moves"]) == 3 and max(spec["moves"]) == 1


def test_cli_census_dialect() -> None:
    # the tasks run in this process (the scheduler "inline"): the local Dask cluster, a
    # second or more of CPU to start, is test_census's
    out = betza("census", "fK", "--dialect", "fsf", "--scheduler", "inline", "--json")
    assert out.returncode == 0, out.stderr
    row = json.loads(out.stdout)
    assert (row["piece"], row["dialect"], row["mobility_empty"]["max"]) == ("fK", "fsf", 3)
    text = betza("census", "fK", "--dialect", "fsf", "--scheduler", "inline").stdout
    assert text.startswith("fK 8x8 read as Fairy-Stockfish reads it: mobility 2.41 (min 0, "
                           "max 3)")
