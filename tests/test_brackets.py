"""The bracket notation (spec/brackets.md): the worked examples of its section 4, with and
without blockers, the a-notation spellings of section 6 proven equal, and malformed brackets.

Every square set below is copied from brackets.md (worked out by hand there and checked with
an independent interpreter), not from this engine's output. Every position is also played by
Black on the board turned 180 degrees.
"""

from __future__ import annotations

import pytest

from tests.squares_help import S
from tests.tables_help import compile_ahead
from tests.test_spec_multileg import dests, effects
from translator.errors import BetzaError
from translator.facts.pieces import parse_piece
from translator.notation.syntax import parse
from translator.queries.equiv import equivalent


@pytest.fixture(scope="module", autouse=True)
def tables_ahead() -> None:
    """The move tables of the pieces below, compiled together (tests/tables_help.py)."""
    compile_ahead(__file__)


SECTION_4 = {  # White piece on d4, empty 8x8 board
    "[F?R]": "a3 a5 b3 b5 c1 c2 c3 c5 c6 c7 c8 e1 e2 e3 e5 e6 e7 e8 f3 f5 g3 g5 h3 h5",
    "[F-R]": "a3 a5 b3 b5 c1 c2 c6 c7 c8 e1 e2 e6 e7 e8 f3 f5 g3 g5 h3 h5",
    "[W?B]": "a2 a6 a8 b1 b3 b5 b7 c2 c4 c6 d3 d5 e2 e4 e6 f1 f3 f5 f7 g2 g6 g8 h1 h7",
    "[W-B]": "a2 a6 a8 b1 b3 b5 b7 c2 c6 e2 e6 f1 f3 f5 f7 g2 g6 g8 h1 h7",
    "[D?B]": "a3 a5 b4 b8 c1 c7 d2 d6 e1 e7 f4 f8 g3 g5 h2 h6",
    "[D-B]": "a3 a5 b8 c1 c7 e1 e7 f8 g3 g5 h2 h6",
    "v[F?R]": "c1 c2 c3 c5 c6 c7 c8 e1 e2 e3 e5 e6 e7 e8",
    "v[W?B]": "a8 b1 b7 c2 c6 d3 d5 e2 e6 f1 f7 g8",
    "[F-B]": "a1 a7 b2 b6 f2 f6 g1 g7 h8",
    "[W-R]": "a4 b4 d1 d2 d6 d7 d8 f4 g4 h4",
    "[W?sR]": "a3 a5 b3 b5 c1 c2 c3 c4 c5 c6 c7 c8 d3 d5 e1 e2 e3 e4 e5 e6 e7 e8 f3 f5 "
              "g3 g5 h3 h5",
    "[W-sR]": "a3 a5 b3 b5 c1 c2 c3 c5 c6 c7 c8 e1 e2 e3 e5 e6 e7 e8 f3 f5 g3 g5 h3 h5",
    "[F?sB]": "a3 a5 b4 b8 c1 c3 c5 c7 d2 d6 e1 e3 e5 e7 f4 f8 g3 g5 h2 h6",
    "[W-F]": "b3 b5 c2 c6 e2 e6 f3 f5",
    "[F-W]": "b3 b5 c2 c6 e2 e6 f3 f5",
    "[F-F]": "b2 b6 f2 f6",
    "[W-W-F]": "a3 a5 c1 c7 e1 e7 g3 g5",
    "[F-W-W]": "a3 a5 c1 c7 e1 e7 g3 g5",
    "[F-W-W-R]": "c8 e8 h3 h5",
    "[D-A]": "b8 f8 h2 h6",
    "[A?R]": "a2 a6 b1 b2 b6 b7 b8 f1 f2 f6 f7 f8 g2 g6 h2 h6",
    "[F?R2]": "a3 a5 b3 b5 c1 c2 c3 c5 c6 c7 e1 e2 e3 e5 e6 e7 f3 f5 g3 g5",
    "[mF?cR]": "c3 c5 e3 e5",
    "s[F?R]": "a3 a5 b3 b5 c3 c5 e3 e5 f3 f5 g3 g5 h3 h5",
    "f[F?R]": "c5 c6 c7 c8 e5 e6 e7 e8",
    "s[W?B]": "a2 a6 b3 b5 c4 e4 f3 f5 g2 g6 h1 h7",
    "b[W?B]": "b1 c2 d3 e2 f1",
}
COUNTS = {"[F?R]": 24, "[F-R]": 20, "[W?B]": 24, "[W-B]": 20, "[D?B]": 16, "[D-B]": 12,
          "v[F?R]": 14, "v[W?B]": 12, "[F-B]": 9, "[W-R]": 10, "[W?sR]": 28, "[W-sR]": 24}


@pytest.mark.parametrize("betza", SECTION_4)
def test_worked_example_on_the_empty_board(betza):
    assert dests(betza, "d4") == S(SECTION_4[betza])


@pytest.mark.parametrize("betza, n", COUNTS.items())
def test_counts_of_section_4(betza, n):
    assert len(S(SECTION_4[betza])) == n


def test_king_plus_griffon():
    assert dests("K[F?R]", "d4") == S(SECTION_4["[F?R]"]) | S("c4 d3 d5 e4")


def test_friend_on_e5_stops_the_griffon_there():
    assert dests("[F?R]", "d4", friends=["e5"]) == S(
        "a3 a5 b3 b5 c1 c2 c3 c5 c6 c7 c8 e1 e2 e3 f3 g3 h3")


def test_enemy_on_e5_is_captured_and_nothing_beyond():
    got = effects("[F?R]", "d4", enemies=["e5"])
    assert len(got) == 18
    assert ("e5", frozenset({"e5"})) in got
    assert not {sq for sq, _ in got} & S("e6 e7 e8 f5 g5 h5")


def test_enemy_on_e7_ends_the_northward_ride():
    got = dests("[F?R]", "d4", enemies=["e7"])
    assert "e7" in got and "e8" not in got and S("f5 g5 h5") <= got


def test_osprey_leaps_its_d_leg():
    assert dests("[D?B]", "d4", enemies=["d5"]) == S(SECTION_4["[D?B]"])
    assert dests("[D?B]", "d4", enemies=["d6"]) == S(SECTION_4["[D?B]"]) - S("c7 b8 e7 f8")


@pytest.mark.parametrize("side", ["friends", "enemies"])
def test_ski_rook_only_passes_its_first_square(side):
    got = dests("[W-R]", "d4", **{side: ["d5"]})
    assert got == S(SECTION_4["[W-R]"]) - S("d6 d7 d8")


def test_mode_before_question_mark_says_how_the_move_may_end_there():
    # [mF?cR]: may stop on an F square only when it is empty; rides only capture
    assert effects("[mF?cR]", "d4", enemies=["c5", "e7"]) == {
        ("c3", frozenset()), ("e3", frozenset()), ("e5", frozenset()),
        ("e7", frozenset({"e7"}))}


SECTION_6 = [("[F?R]", "FyafsF"), ("[F-R]", "yafsF"), ("[W-B]", "yafsW"), ("[W-F]", "mafsW"),
             ("[F-W]", "afsF"), ("[F-F]", "mafF"), ("[F-B]", "yafF"), ("[W-W-F]", "afafsW"),
             ("[F-W-W]", "afsafF"), ("[W?B]", "WyafsW"), ("[W?F]", "WafsW"),
             ("[F?W]", "FafsF"), ("[W?sR]", "WyasW"), ("[W-sR]", "yasW"), ("[W-R]", "yafW")]


@pytest.mark.parametrize("bracket, a_form", SECTION_6)
def test_section_6_spellings_are_the_same_piece(bracket, a_form):
    assert equivalent(bracket, a_form, 8, 8).equivalent


def test_the_ship_is_not_the_prefixed_a_form():
    # brackets.md section 6: vFyafsF is the whole Griffon, the Ship is not
    assert not equivalent("v[F?R]", "vFyafsF", 8, 8).equivalent


def test_canonical_spelling_round_trips():
    for text in [*SECTION_4, "K[F?R]", "[F?R][W?B]", "W[F-B]"]:
        assert str(parse(text)) == text
        assert str(parse(str(parse(text)))) == text


@pytest.mark.parametrize("text, pos, words", [
    ("[F?", 2, "not closed"),
    ("[?R]", 1, "starts with a leg"),
    ("[]", 1, "empty bracket"),
    ("[F??R]", 3, "leg is missing"),
    ("[F]", 2, "at least two legs"),
    ("[F?-R]", 3, "leg is missing"),
    ("[F?R]]", 5, "closes no bracket"),
    ("F?R", 1, "inside a bracket"),
    ("[N-R]", 3, "after an oblique leap"),
    ("[cF-R]", 1, "not settled"),
    ("v[W?sR]", 0, "90 degrees"),
    ("v[W-W-F]", 0, "more than two legs"),
    ("[fN-fN]", 1, "only on an orthogonal or diagonal atom"),
    ("f[fF?R]", 2, "both before the bracket and inside"),
    ("[pF?R]", 1, "not part of the bracket notation"),
    ("m[F?R]", 0, "only direction letters may stand before a bracket"),
    ("[F?U]", 3, "cannot be a leg of a bracket"),
])
def test_malformed_brackets_get_one_line_with_a_caret(text, pos, words):
    with pytest.raises(BetzaError) as err:
        parse_piece(text)
    assert words in err.value.message
    assert err.value.pos == pos


@pytest.mark.parametrize("a, b", [("[F?R]", "[F?B]"), ("[F?R]", "[F-R]"),
                                  ("v[F?R]", "s[F?R]"), ("[mF?R]", "[F?R]"),
                                  ("[F-W-W]", "[F-W-W-R]"), ("[W-F]", "[F-W]")])
def test_different_brackets_are_told_apart(a, b):
    # same first atom, other legs: the cheap same-definition check must not call them equal
    assert not equivalent(a, b, 8, 8).equivalent


def test_explain_names_each_legs_own_atom_and_the_question_mark():
    from translator.present.explain.answer import explain_lines

    lines = explain_lines("[F?R2]")
    assert "the move may also end after leg 1 ('?')" in lines[2]
    assert lines[3].startswith("  leg 1, Ferz (F): one Ferz step")
    assert lines[4].startswith("  leg 2, Rook (R2): up to 2 Wazir steps")
    assert "outward" in lines[4]


def test_why_traces_a_griffon_through_its_ferz_square():
    from translator.position import Position
    from translator.present.why.answer import why

    answer = why("[F?R]", "d4", "e8", Position.light(8, 8, friends=["e5"]))
    assert not answer.possible
    assert "leg 1 ends on e5, which must be empty but holds a friend" in answer.explanation[2]
    assert any("leg 1: d4 -> e5" in line for line in answer.explanation)


def test_brackets_are_read_only_by_the_spec_reading():
    # brackets.md open point 7: neither XBoard nor the stored Interactive Diagram reads them
    from translator.position import Position
    from translator.queries.moves import moves

    with pytest.raises(BetzaError) as err:
        moves("K[F?R]", "d4", Position.light(8, 8), dialect="xboard")
    assert "read only as the spec reads it" in err.value.message and err.value.pos == 1
