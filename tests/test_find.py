"""``betza find``: from drawn moves to the shortest Betza string (hand-drawn examples)."""

from __future__ import annotations

import json

import pytest

from tests.squares_help import S
from translator.cli.main import main
from translator.errors import BetzaError
from translator.jsonapi.batch import answer_group
from translator.queries.equiv import equivalent
from translator.queries.find import find
from translator.queries.find.answer import Example
from translator.solve import memo

KNIGHT_FROM_E4 = ("c5", "c3", "d6", "d2", "f6", "f2", "g5", "g3")


def test_the_knights_eight_squares_give_n() -> None:
    result = find([Example("d4", both=("b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"))])
    assert result.betza == "N"
    assert result.alternatives == []


def test_the_pawn_of_shatranj() -> None:
    # a step straight forward without capturing, captures one step diagonally forward
    result = find([Example("e4", moves=("e5",), captures=("d5", "f5"))])
    assert result.betza == "fmWfcF"
    assert result.same_length == ["fcFfmK"]  # fmK is the same forward step


def test_without_a_blocker_the_horse_is_drawn_as_a_knight() -> None:
    assert find([Example("e4", both=KNIGHT_FROM_E4)]).betza == "N"
    # and the two differ once a piece stands next to the horse
    verdict = equivalent("N", "mafsW")
    assert not verdict.equivalent
    assert len(verdict.counterexample.friends + verdict.counterexample.enemies) == 1


def test_a_blocker_on_e5_makes_it_the_xiangqi_horse() -> None:
    blocked = Example("e4", friends=("e5",), both=("c5", "c3", "d2", "f2", "g5", "g3"))
    result = find([Example("e4", both=KNIGHT_FROM_E4), blocked])
    assert result.betza == "nN"
    assert equivalent(result.betza, "mafsW").equivalent


def test_the_cannon_from_two_drawings() -> None:
    # screens: friend d6 and f4, enemies b4 and d2; the cannon moves like a rook and
    # captures by jumping exactly one piece (a lone enemy anywhere beyond would be taken)
    screens = Example("d4", friends=("d6", "f4"), enemies=("b4", "d2"),
                      moves=("d5", "e4", "c4", "d3"),
                      captures=("d7", "d8", "g4", "h4", "a4", "d1"))
    # a friend on a diagonal: no capture over it, so the cannon is no queen-hopper
    diagonal = Example("d4", friends=("f6",),
                       moves=("d5", "d6", "d7", "d8", "d3", "d2", "d1", "a4", "b4", "c4",
                              "e4", "f4", "g4", "h4"))
    result = find([screens, diagonal])
    assert result.betza == "mRcpR"


def test_nothing_fits_names_the_smallest_set_of_squares() -> None:
    # h8 alone from d4: every candidate that reaches it (B, Q, AA, the Picket ...) also
    # reaches f6, which is not drawn; h8 without f6 is the smallest contradiction
    result = find([Example("d4", moves=("h8",))])
    assert result.betza is None
    assert result.unsatisfiable == [(0, "f6"), (0, "h8")]


def test_bad_drawings_are_refused() -> None:
    with pytest.raises(BetzaError, match="holds a friend"):
        find([Example("d4", friends=("d5",), moves=("d5",))])
    with pytest.raises(BetzaError, match="off a board"):
        Example.from_json({"from": "d4", "moves": ["z9"]}).wanted()
    with pytest.raises(BetzaError, match="unknown example key"):
        Example.from_json({"from": "d4", "move": ["d5"]})


def test_batch_kind_find() -> None:
    line = {"query": "find", "examples": [{"from": "e4", "moves": ["e5"],
                                           "captures": "d5,f5"}]}
    (answer,) = answer_group([json.dumps(line)])
    assert answer["ok"] and answer["betza"] == "fmWfcF"
    (bad,) = answer_group([json.dumps({"query": "find", "examples": []})])
    assert bad == {"ok": False, "error": "missing 'examples' (a list of example objects)"}


def test_cli_first_line_is_the_string_and_exit_codes(capsys) -> None:
    assert main(["find", "--from", "d4", "--both", "d5,d3,c4,e4"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "W"
    assert main(["find", "--from", "d4", "--moves", "h8"]) == 1
    assert "example 1: h8 (move)" in capsys.readouterr().out
    assert main(["find", "--from", "d4", "--moves", "z9"]) == 2


# brackets.md section 4, the Griffon and the Osprey from d4
GRIFFON_D4 = "a3 a5 b3 b5 c1 c2 c3 c5 c6 c7 c8 e1 e2 e3 e5 e6 e7 e8 f3 f5 g3 g5 h3 h5"
OSPREY_D4 = "a3 a5 b4 b8 c1 c7 d2 d6 e1 e7 f4 f8 g3 g5 h2 h6"


def test_bracket_candidates_only_when_asked():
    from translator.queries.find import find
    from translator.queries.find.answer import Example

    drawn = [Example.from_json({"from": "d4", "both": sorted(S(GRIFFON_D4))})]
    assert find(drawn).betza == "FyafsF"
    assert find(drawn, notation="any").betza == "[F?R]"
    assert find([Example.from_json({"from": "d4", "both": sorted(S(OSPREY_D4))})],
                notation="any").betza == "[D?B]"


def test_the_natural_drawing_of_the_cannon(capsys) -> None:
    # issue 28: the cannon on a1, a friend on a3 as its screen, the enemy on a6 captured;
    # the empty a4 and a5 between are left undrawn, as a person draws it. A lone enemy on
    # a4 or a5 would be captured too, so find takes them for capture squares and says so
    assert main(["find", "--from", "a1", "--friends", "a3", "--enemies", "a6",
                 "--moves", "a2,b1,c1,d1,e1,f1,g1,h1", "--captures", "a6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "mRcpR"
    assert out[1].startswith("Nothing fitted the squares as drawn; with a4 a5 also drawn as "
                             "capture squares, mRcpR fits.")
    line = {"query": "find", "examples": [{"from": "a1", "friends": ["a3"], "enemies": ["a6"],
                                           "moves": ["a2", "b1", "c1", "d1", "e1", "f1", "g1",
                                                     "h1"], "captures": ["a6"]}]}
    (answer,) = answer_group([json.dumps(line)])
    assert answer["betza"] == "mRcpR"
    assert answer["assumed_captures"] == [{"example": 1, "square": "a4"},
                                          {"example": 1, "square": "a5"}]


def test_the_grounding_holds_the_time_limit() -> None:
    # the search's grounding is bounded like its solving: past the limit, a clear refusal
    from translator.solve.engine import SolverTimeout

    with memo.fresh(), pytest.raises(SolverTimeout,
                                     match="the grounder gave up after the time limit"):
        find([Example("a1", moves=("b3", "c2"))], timeout=1e-9)
