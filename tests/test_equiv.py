"""Equivalence: pairs the spec calls equal, pairs that differ only in rare positions."""

import json

import pytest

from translator.cli.main import main
from translator.jsonapi.batch import answer_group
from translator.queries.equiv import equivalent
from translator.queries.moves import moves


@pytest.mark.parametrize("a,b", [
    ("Q", "RB"), ("K", "WF"), ("R", "WW"), ("R", "W0"), ("pR", "pafR"), ("gQ", "gafQ"),
    ("mpafsK", "N"), ("afK", "nAnD"), ("B4", "F4"), ("afsW", "nN"), ("pafK", "jAjD"),
    ("W7", "R"),
])
def test_spec_equal_pairs_on_8x8(a, b):
    assert equivalent(a, b).equivalent


def check_counterexample(a, b, result):
    """The counterexample really separates the pieces: recompute both move sets."""
    ce = result.counterexample
    pos = ce.position()
    ma = {m.effects() for m in moves(a, ce.start, pos, virgin=ce.virgin)}
    mb = {m.effects() for m in moves(b, ce.start, pos, virgin=ce.virgin)}
    assert {m.effects() for m in ce.only_a} == ma - mb
    assert {m.effects() for m in ce.only_b} == mb - ma
    assert ma != mb
    return len(ce.friends) + len(ce.enemies)


def test_w7_and_r_differ_on_12x12_on_an_empty_board():
    result = equivalent("W7", "R", 12, 12)
    assert not result.equivalent
    assert check_counterexample("W7", "R", result) == 0
    ce = result.counterexample
    assert ce.only_a == []
    # every extra rook move is 8 or more squares along a line
    x0, y0 = ord(ce.start[0]) - 97, int(ce.start[1:]) - 1
    for mv in ce.only_b:
        x, y = ord(mv.to[0]) - 97, int(mv.to[1:]) - 1
        assert (x == x0 or y == y0) and max(abs(x - x0), abs(y - y0)) >= 8


def test_pafk_and_nand_differ_on_an_empty_board():
    # decision 17: pafK needs a mount, nAnD leaps over empty squares
    result = equivalent("pafK", "nAnD")
    assert check_counterexample("pafK", "nAnD", result) == 0
    assert result.counterexample.only_a == [] and result.counterexample.only_b


@pytest.mark.parametrize("a,b", [("RaisR", "RB"), ("aisR", "B"), ("afafsW", "afsafF")])
def test_pairs_equal_on_an_empty_board_differ_with_one_piece(a, b):
    result = equivalent(a, b)
    assert not result.equivalent
    assert check_counterexample(a, b, result) == 1


def test_locust_differs_from_plain_capture():
    result = equivalent("fcafmF", "fcF")
    assert check_counterexample("fcafmF", "fcF", result) == 1
    ce = result.counterexample
    assert ce.enemies and not ce.friends  # an enemy to capture diagonally forward


def test_effects_versus_targets_only():
    # the swapper's move to a friend's square carries an unload that dQ lacks
    assert not equivalent("udQ", "dQ").equivalent
    assert equivalent("udQ", "dQ", targets_only=True).equivalent


def test_initial_moves_need_virginity_in_the_counterexample():
    result = equivalent("fmWfcF", "fmWfcFifmnD")
    assert result.counterexample.virgin
    check_counterexample("fmWfcF", "fmWfcFifmnD", result)


def test_cli_exits_like_cmp(capsys):
    assert main(["equiv", "Q", "RB"]) == 0
    assert "equivalent" in capsys.readouterr().out
    assert main(["equiv", "W7", "R", "--board", "8x8", "--board", "12x12"]) == 1
    out = capsys.readouterr().out
    assert "same moves on 8x8" in out and "differ on 12x12" in out
    assert main(["equiv", "Q", "3N"]) == 2


def test_batch_equiv_schema():
    lines = [json.dumps({"query": "equiv", "a": "K", "b": "WF", "files": 8, "ranks": 8}),
             json.dumps({"query": "equiv", "a": "pafK", "b": "nAnD"})]
    same, differ = answer_group(lines)
    assert same == {"ok": True, "equivalent": True}
    assert differ["ok"] and differ["equivalent"] is False
    ce = differ["counterexample"]
    for key in ("from", "side", "friends", "enemies", "royal", "virgin", "ep", "ep_victim",
                "only_a", "only_b"):
        assert key in ce
    assert ce["only_a"] == [] and all(set(m) >= {"to", "legs", "captures"}
                                      for m in ce["only_b"])


def test_time_limit_gives_a_clear_error():
    from translator.errors import BetzaError

    with pytest.raises(BetzaError, match="gave up after the time limit of 0.001 s"):
        equivalent("asR", "asW0", timeout=0.001)
