"""The parser: the whole XBetza syntax, canonical spelling, errors with a caret."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from translator.errors import BetzaError
from translator.notation.grouping import combine_directions
from translator.notation.syntax import parse


def legs(text):
    return [(leg.directions, leg.modes, leg.modifiers)
            for move in parse(text).moves for leg in move.legs]


@pytest.mark.parametrize("text", [
    "W", "F", "D", "N", "A", "H", "C", "Z", "G", "L", "J", "K", "R", "B", "Q", "U", "O2",
    "I", "FX", "DY", "NY", "WX", "N0", "NN", "DD", "WW", "R4", "W10", "fmW*", "@",
    "fmWfcF", "mRcpR", "gQ", "nA", "jB", "npDD", "hrN", "hlN", "lfN", "ffrrN", "fhN",
    "rlbK", "KNADcaKmcabK", "mpcaKmcabK", "afafsKafsafKafraflKaflafrK", "FyafsF",
    "QudQafudQ", "mNxaN", "xK", "fmWfceFifmnD", "fmWfceFfmnnD", "aivsQ", "caibR",
    "gabyabsR", "RasR", "oN", "ooQ", "zB", "qN", "tR", "kR", "dK", "ifnmW6", "hrarfNhlalfN",
])
def test_spec_strings_parse_and_respell(text):
    piece = parse(text)
    assert parse(str(piece)) == piece


def test_structure_of_a_compound():
    piece = parse("fmWfcF")
    assert [str(m) for m in piece.moves] == ["fmW", "fcF"]
    assert legs("fmWfcF") == [(("f",), ("m",), ()), (("f",), ("c",), ())]


def test_legs_split_at_a():
    move = parse("gabyabsR").moves[0]
    assert [leg.modes for leg in move.legs] == [("g",), ("y",), ()]
    assert [leg.directions for leg in move.legs] == [(), ("b",), ("bs",)]
    assert move.atom.letter == "R" and all(leg.atom.letter == "R" for leg in move.legs)


def test_atoms_ranges_and_boosts():
    nn = parse("NN").moves[0]
    assert nn.atom.letter == "N" and nn.atom.doubled
    fx = parse("FX").moves[0]
    assert (fx.atom.letter, fx.atom.boost) == ("F", "X")
    assert parse("R4").moves[0].range.steps == 4
    assert parse("W0").moves[0].range.steps == 0
    assert parse("fmW*").moves[0].range.steps is None
    # a doubled letter is one rider, not two moves
    assert len(parse("NN").moves) == 1 and len(parse("BN").moves) == 2


def test_greedy_direction_combining():
    assert combine_directions("rlb", [0, 1, 2], "rlbK") == ("r", "lb")
    assert combine_directions("ffrr", [0, 1, 2, 3], "ffrrN") == ("ff", "rr")
    assert combine_directions("fh", [0, 1], "fhN") == ("fh",)
    assert combine_directions("hr", [0, 1], "hrN") == ("hr",)
    assert combine_directions("vr", [0, 1], "vrK") == ("vr",)
    assert combine_directions("fb", [0, 1], "fbW") == ("f", "b")


def test_modes_are_a_set_and_canonically_ordered():
    assert str(parse("cmfhaN")) == "fhmcaN"
    assert parse("mcK") == parse("cmK")
    assert legs("ifmnD") == [(("f",), ("m",), ("i", "n"))]
    assert legs("fmnnD") == [(("f",), ("m",), ("nn",))]
    assert legs("ooQ") == [((), (), ("oo",))]


@pytest.mark.parametrize("text,message,pos", [
    ("Nx", "no atom letter", 1),
    ("a", "no atom letter", 0),
    ("3N", "range must follow an atom", 0),
    ("fq", "no atom letter", 1),
    ("", "empty", 0),
    ("Né", "non-ASCII", 1),
    ("N-B", "Betza 2.0", 1),
    ("wN", "'w' is not", 0),
    ("T", "not an atom letter", 0),
    ("nnnN", "repeated", 2),
    ("fX", "boosts an atom", 1),
    ("N B", "spaces", 1),
])
def test_bad_input_is_one_error_with_a_caret(text, message, pos):
    with pytest.raises(BetzaError) as info:
        parse(text)
    err = info.value
    assert message in err.message
    assert err.pos == pos
    rendered = err.render().splitlines()
    assert len(rendered) == 3
    assert rendered[2].index("^") - 2 == len(text[:pos].encode("ascii", "backslashreplace"))


def test_semantic_checks_name_the_token():
    from translator.facts.pieces import parse_piece

    # (a boosted W, (4,0), is on one line: no chiral set)
    with pytest.raises(BetzaError, match="chiral set needs an oblique atom") as info:
        parse_piece("hrWX")
    assert info.value.pos == 0
    with pytest.raises(BetzaError, match="oblique-later-legs") as info:
        parse_piece("afrN")
    assert info.value.pos == 1
    parse_piece("hrarfNhlalfN")  # l/r are fine after a chiral first leg
    parse_piece("afsN")


letters = st.text(alphabet="fblrvsmcdekxpgyinjotuzq", max_size=4)
atoms = st.sampled_from(["W", "F", "D", "N", "A", "K", "R", "B", "Q", "NN", "C", "Z", "FX"])


@given(st.lists(st.tuples(st.lists(letters, min_size=1, max_size=3), atoms,
                          st.sampled_from(["", "2", "0", "*"])), min_size=1, max_size=3))
def test_canonical_spelling_round_trips(parts):
    text = "".join("a".join(groups) + atom + rng for groups, atom, rng in parts)
    try:
        piece = parse(text)
    except BetzaError:
        return  # e.g. a stray h or a repeated modifier
    assert parse(str(piece)) == piece
    assert str(parse(str(piece))) == str(piece)
