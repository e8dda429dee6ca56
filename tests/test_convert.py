"""``betza convert``: the spellings of brackets.md section 6 in both directions, the moves that
have no spelling in the other notation (with the reason), the CLI, the batch kind, and the
property that a conversion round-trips to the same piece, proven by the equivalence solver."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from translator.cli.main import main
from translator.jsonapi.batch import answer_group
from translator.queries.convert import convert
from translator.queries.equiv import equivalent

# brackets.md section 6 (the first nine checked against the Interactive Diagram there)
PAIRS = [("FyafsF", "[F?R]"), ("yafsF", "[F-R]"), ("yafsW", "[W-B]"), ("afsW", "[W-F]"),
         ("afsF", "[F-W]"), ("afF", "[F-F]"), ("yafF", "[F-B]"), ("afafsW", "[W-W-F]"),
         ("afsafF", "[F-W-W]"), ("WyafsW", "[W?B]"), ("WafsW", "[W?F]"), ("FafsF", "[F?W]"),
         ("WyasW", "[W?sR]"), ("yasW", "[W-sR]"), ("yafW", "[W-R]")]


@pytest.mark.parametrize("a_form, bracket", PAIRS)
def test_a_notation_to_brackets(a_form, bracket):
    answer = convert(a_form, "bracket")
    assert answer.result == bracket
    assert answer.proofs == [("8x8", True)]


@pytest.mark.parametrize("a_form, bracket", PAIRS)
def test_brackets_to_a_notation(a_form, bracket):
    answer = convert(bracket, "a")
    assert answer.result == a_form and answer.proven


@pytest.mark.parametrize("a_form, bracket", [("afsK", "[K-fsK]"), ("afN", "[N-fN]"),
                                             ("fafsW", "[fW-F]"), ("yafsN", "[N-fsN0]")])
def test_letters_are_written_where_outward_would_say_otherwise(a_form, bracket):
    # a King leg's outward is straight on only; after an oblique leap there is no outward
    assert convert(a_form, "bracket").result == bracket
    assert convert(bracket, "a").result == a_form


def test_the_xiangqi_horse_written_with_its_m():
    assert convert("mafsW", "bracket").result == "[W-F]"


def test_the_ship_has_a_long_a_spelling():
    # brackets.md: the Ship needs its first steps split by which way they turn
    answer = convert("v[F?R]", "a")
    assert answer.result is not None and answer.proven
    assert answer.result.count("F") == 3   # F (the four stops) and two bent rides


@pytest.mark.parametrize("betza, to, words", [
    ("cafmF", "bracket", "a leg before the last ends with c"),
    ("pR", "bracket", "a leg before the last ends with p"),
    ("[D?B]", "a", "leg 2's atom is not the first leg's atom turned"),
    ("[F?R2]", "a", "leg 2's range is not the one before it, nor its toggle"),
])
def test_moves_without_a_spelling_say_why(betza, to, words):
    answer = convert(betza, to)
    assert answer.result is None and not answer.proofs
    assert words in answer.reasons[0]


def test_single_leg_strings_are_already_both():
    assert convert("fmWfcF", "bracket").result == "fmWfcF"
    assert convert("K[F?R]", "a").result == "KFyafsF"


def test_cli_exit_status_and_json(capsys):
    assert main(["convert", "FyafsF", "--to", "bracket"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "[F?R]" and "proven the same piece as FyafsF on 8x8" in out[1]
    assert main(["convert", "[D?B]", "--to", "a", "--json"]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["result"] is None and answer["reasons"]
    assert main(["convert", "[F?", "--to", "a"]) == 2
    assert "not closed" in capsys.readouterr().err


def test_batch_kind():
    (answer,) = answer_group([json.dumps({"query": "convert", "betza": "mafsW",
                                          "to": "bracket"})])
    assert answer == {"ok": True, "betza": "mafsW", "to": "bracket", "result": "[W-F]",
                      "proofs": [{"board": "8x8", "equivalent": True}]}


def test_explain_shows_both_spellings():
    from translator.present.explain.answer import explain_lines

    assert "In the bracket notation: [F?R]" in explain_lines("Griffon")[2]
    assert "In the a-notation: WyafsW" in explain_lines("[W?B]")[2]


bent = st.tuples(st.sampled_from(["", "v", "s", "f", "fr"]), st.sampled_from(["", "y"]),
                 st.sampled_from(["f", "fs", "s", "fl"]), st.sampled_from(["W", "F", "D"]))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bent)
def test_conversion_round_trips_to_the_same_piece(parts):
    first, toggle, turn, atom = parts
    source = f"{first}{toggle}a{turn}{atom}"
    there = convert(source, "bracket")
    if there.result is None:
        return
    assert there.proven
    back = convert(there.result, "a")
    if back.result is not None:
        assert back.proven
        assert equivalent(source, back.result, 8, 8).equivalent
