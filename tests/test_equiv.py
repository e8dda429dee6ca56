"""Equivalence: pairs the spec calls equal, pairs that differ only in rare positions."""

import json

import pytest

from translator.cli.main import main
from translator.jsonapi.batch import answer_group
from translator.queries.equiv import equivalent
from translator.queries.moves import moves
from translator.solve import memo


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
    # reading hop-over-king-square: pafK needs a mount, nAnD leaps over empty squares
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

    with memo.fresh(), pytest.raises(BetzaError, match="gave up after the time limit of 0.001 s"):
        equivalent("asR", "asW0", timeout=0.001)


# ---- equivalence by canonical conditions (encodings/conditions.lp) ------------------

@pytest.fixture
def no_search(monkeypatch):
    """The conditions decide: the solver's position search must not be needed."""
    from translator.queries.equiv import search as equiv_search

    def refuse(*args, **kwargs):
        raise AssertionError("fell back to the position search")

    monkeypatch.setattr(equiv_search, "search", refuse)
    with memo.fresh():  # proven here, not an answer kept from another test
        yield


@pytest.mark.parametrize("a,b", [
    ("Q", "RB"), ("K", "WF"), ("KNADcaKmcabK", "mpcaKmcabK"),   # the Lion, two spellings
    ("pafK", "jAjD"), ("afK", "nAnD"),                             # hop-over-king-square
    ("mafsW", "nN"), ("mafF", "nA"), ("W7", "R"), ("pR", "pafR"),
    # a leg without direction letters never goes straight back: the seven other ways
    ("fmaQ", "fmafQfmaflQfmafrQfmalQfmarQfmablQfmabrQ"),
    ("fasiK", "fasK"),                  # iso after a leaper leg asks nothing
    ("yabFF", "yabF0"),                 # a doubled atom toggles as a written range
    ("camabmW", "camabmF"),             # a captured piece stays: neither ever moves
])
def test_equal_for_non_obvious_reasons_by_conditions(a, b, no_search):
    assert equivalent(a, b).equivalent


def test_hook_mover_and_rook_bishop_differ_by_one_blocker(no_search):
    # RaisR reaches every square RB does on an empty board; a piece on b2 stops the
    # bishop from a1 while the hooks a1-a3-c3, a1-a4-d4 ... still go round it
    ce = equivalent("RaisR", "RB").counterexample
    assert (ce.start, ce.friends, ce.enemies) == ("a1", ["b2"], [])
    assert [m.to for m in ce.only_a] == ["c3", "d4", "e5", "f6", "g7", "h8"]
    assert ce.only_b == []
    assert ce.only_a[0].legs == ("a1", "a3", "c3")   # of two hooks, the one shown


def test_non_jumping_knight_is_blocked_on_the_orthogonal_neighbour(no_search):
    # from a1 the knight's leap to c2 passes b1 (reading non-jumping): one piece there blocks nN
    result = equivalent("nN", "N")
    assert check_counterexample("nN", "N", result) == 1
    ce = result.counterexample
    assert (ce.start, ce.friends + ce.enemies) == ("a1", ["b1"])
    assert ce.only_a == [] and [m.to for m in ce.only_b] == ["c2"]


def test_royal_marks_count_after_pieces(no_search):
    # kQ captures only a royal enemy: one plain enemy next to it separates it from cQ;
    # tcQ refuses royal enemies: the enemy must be royal (one piece, one mark)
    # (from a1, an enemy on b1 or on a2 is as small a counterexample: the solver shows the
    # first it finds, which the order of the grounded rules decides)
    kq = equivalent("kQ", "cQ").counterexample
    assert kq.start == "a1" and kq.enemies in (["b1"], ["a2"])
    assert (kq.royal, [m.to for m in kq.only_b]) == ([], kq.enemies)
    tame = equivalent("tcQ", "cQ").counterexample
    assert tame.start == "a1" and tame.enemies in (["b1"], ["a2"])
    assert (tame.royal, [m.to for m in tame.only_b]) == (tame.enemies, tame.enemies)


def test_locust_returning_home_differs_from_a_rook_capture(no_search):
    # caibR captures b1 from a1 and comes back to a1; cR moves to b1
    ce = equivalent("caibR", "cR").counterexample
    assert ce.enemies == ["b1"]
    assert [(m.to, m.captures) for m in ce.only_a] == [("a1", ("b1",))]
    assert [(m.to, m.captures) for m in ce.only_b] == [("b1", ("b1",))]


def test_toggled_doubled_atom_differs_from_a_toggled_slider(no_search):
    # yabFF goes back as a B, yabB as an F: from b2 on an empty board yabFF also reaches
    # the far ends a1, a3, c1 (over b2, the empty start square) and h8
    result = equivalent("yabFF", "yabB")
    assert check_counterexample("yabFF", "yabB", result) == 0
    ce = result.counterexample
    assert ce.start == "b2"
    assert sorted(m.to for m in ce.only_a) == ["a1", "a3", "c1", "h8"] and ce.only_b == []


def test_en_passant_falls_back_to_the_position_search():
    result = equivalent("fmWfcFfeF", "fmWfcF")
    ce = result.counterexample
    assert ce.ep and ce.ep_victim and ce.enemies == [ce.ep_victim]
    assert [m.captures for m in ce.only_a] == [(ce.ep_victim,)] and ce.only_b == []


def test_grounding_budget_refuses_with_a_message():
    from translator.errors import LimitError

    with pytest.raises(LimitError, match="over the limit of 2e\\+06; raise it with --max-atoms"):
        equivalent("aU", "aaU")


def test_conditions_per_effect_are_listed_by_the_encoding():
    # only the effects whose lists of conditions differ are shown: from b2 on a 3x3
    # board, fmW and fmcW both move to b3 when it is empty; fmcW alone captures there
    from translator.facts.translate import move_facts
    from translator.notation.syntax import parse
    from translator.solve import engine

    facts = (move_facts(1, parse("fmW")) + " " + move_facts(2, parse("fmcW")) +
             " compare(effects). board(0,3,3). start(0,1,1). centre(0).")
    shown = {str(s) for s in engine.run(facts, "conditions.lp")}
    assert shown == {"cond(0,2,key(1,2,e(cap,1,2,nil)),c(1,2,x,nil))"}
