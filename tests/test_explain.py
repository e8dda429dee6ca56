"""``betza explain``: sentences carry the right facts, diagrams mark the right squares."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from translator.catalogue.pieces import all_pieces
from translator.errors import BetzaError
from translator.facts.pieces import parse_piece
from translator.jsonapi.batch import answer_group
from translator.notation.kbtables import tables
from translator.notation.syntax import parse
from translator.present.explain.answer import (
    explain_diagram,
    explain_lines,
    explain_svg,
    explain_text,
    glossary,
)
from translator.queries.plan import plan


def text_of(betza: str) -> str:
    return "\n".join(explain_lines(betza))


def leg_lines(betza: str) -> list[str]:
    return [line.strip() for line in explain_lines(betza) if line.startswith("  leg ")]


# --------------------------------------------------------------------------- glossary


def test_glossary_has_every_atom_and_mode():
    g = glossary()
    letters = tables().letters
    for letter in set(letters) | set("UOI@"):
        assert g["atoms"][letter]["name"] and g["atoms"][letter]["description"], letter
    for boost in "XY":
        assert g["boosts"][boost]["description"]
    for mode in "mcdekxy":
        assert g["modes"]["final"][mode] and g["modes"]["transit"][mode], mode
    for mode in "pg":
        assert g["modes"]["transit"][mode]
    for mode in "mcdekxpgy":
        assert g["modes"]["transit_alternatives"][mode]


def test_glossary_has_every_direction_token():
    g = glossary()["directions"]
    tokens = tables().dirtab
    for system, token in tokens:
        assert token in g[system], (system, token)
        if system == "king":
            assert token in g["continuation"], token
    assert len(g["names"]) == 8 and len(g["turns"]) == 8


def test_glossary_words_are_data():
    g = glossary()
    assert g["atoms"]["W"]["description"] == "one step orthogonally"
    assert g["atoms"]["C"]["name"] == g["atoms"]["L"]["name"] == "Camel"
    assert g["atoms"]["Z"]["name"] == g["atoms"]["J"]["name"] == "Zebra"
    assert g["directions"]["obl"]["lf"] == "the left move of the forward pair"
    assert g["directions"]["obl"]["fh"] == "the four moves with a forward component"
    assert "chiral set bending right" in g["directions"]["obl"]["hr"]
    assert g["directions"]["continuation"]["fs"] == "turning 45 degrees left or right"
    assert g["ranges"]["number"].format(n=4) == "up to 4 steps"
    for rule in ("final_mode", "transit_mode", "continuation", "hop_off"):
        assert g["defaults"][rule]


# --------------------------------------------------------------------------- sentences


def test_shatranj_pawn():
    lines = explain_lines("fmWfcF")
    # the opening plain line names the kb piece and the squares on the empty 9x9 board
    assert lines[0] == ("fmWfcF is the Shatranj Pawn. From e5 on an empty 9x9 board it moves "
                        "to e6 (not capturing there) and captures on d6 f6 (and cannot move "
                        "there when they are empty).")
    assert lines[1] == "fmWfcF: 2 moves."
    first, second = leg_lines("fmWfcF")
    assert "Wazir" in first and "forward" in first and "without capturing" in first
    assert "Ferz" in second and "diagonally" in second and "forward" in second
    assert "only capture an enemy piece" in second


def test_checker_locust():
    first, second = leg_lines("fcafmF")
    assert "must capture an enemy piece" in first and "goes on" in first
    assert "straight on" in second and "must be empty" in second
    assert "the move ends there" in second


def test_grasshopper_hop_and_one_step_beyond():
    first, second = leg_lines("gQ")
    assert "mount" in first and "hop off" in first
    assert "an unlimited slide becomes a single step" in first
    assert second.startswith("leg 2 (implied by the final g")
    assert "one step beyond the mount" in second


def test_cannon_hop_off_leg_keeps_the_capture():
    legs = plan("cpR")[0].legs  # the leg plan the encodings derive
    assert [(leg.modes, leg.final, leg.implied) for leg in legs] == [
        (("p",), False, ""), (("c",), True, "p")]
    hop_off = leg_lines("mRcpR")[-1]
    assert "hops off the mount straight on" in hop_off and "only capture" in hop_off


def test_chiral_knight():
    (leg,) = leg_lines("hrN")
    assert "the chiral set bending right" in leg
    for move in ("2 forward 1 right", "2 right 1 back", "2 back 1 left", "2 left 1 forward"):
        assert move in leg


def test_knight_pairs_and_halves():
    assert "the left move of the forward pair" in text_of("lfN")
    assert "the four moves with a forward component" in text_of("fhN")
    assert "the forward move of the right pair" in text_of("frN")


def test_rifle_rook_returns_the_same_number_of_steps():
    first, second = leg_lines("caibR")
    assert "must capture an enemy piece" in first
    assert "straight back" in second and "iso" in second
    assert "the same number of steps" in second


def test_lion_and_turns():
    (_, second) = leg_lines("mpafsK")
    assert "turning 45 degrees left or right" in second
    text = text_of("KNADcaKmcabK")
    assert "in any direction but straight back, and never onto a square already visited" \
        in text  # caK, reading continuation-directions
    assert "straight back" in text  # cabK


def test_valkyrie_unloads():
    text = text_of("QudQafudQ")
    assert "Move 3 (afudQ)" in text
    assert text.count("unload") == 2
    assert "swap places" in text
    assert "capture a friendly piece" in text


def test_xiangqi_horse_rotates_the_atom():
    first, second = leg_lines("mafsW")
    assert "Wazir" in first and "must be empty" in first
    assert "Ferz" in second and "atom rotation" in second and "45 degrees" in second


def test_ranges_and_toggles():
    assert "up to 4 Wazir steps" in text_of("R4")
    assert "enemy half" in text_of("W*")
    assert "like a Nightrider" in text_of("NN")
    legs = leg_lines("gabyabsR")
    assert "an unlimited slide becomes a single step" in legs[0]
    assert "a single step becomes an unlimited slide" in legs[1]
    assert "like a Bishop" in legs[2] and "135 degrees" in legs[2]
    assert "turning 90 degrees" in text_of("masW3")


def test_initial_ep_and_modifiers():
    text = text_of("fmWfceFifmnD")
    assert "first move" in text and "e.p. rights" in text and "en passant" in text
    assert "cannot jump" in text_of("nA")
    assert "ski-slider" in text_of("jB")
    assert "friendly piece" in text_of("tpafR")
    assert "friendly piece" not in text_of("tpR") and "royal" in text_of("tpR")
    assert "cylinder" in text_of("oR")
    assert "circular" in text_of("qN")


def test_induction_borrowing_castling_imitator():
    relay = text_of("mNxaN")
    assert "induction" in relay and "made by the excited piece" in relay
    assert "borrow" in text_of("xK")
    assert "castling" in text_of("KisO2")
    imitator = text_of("bI")
    assert "last" in imitator and "turned around" in imitator
    assert "drop" in text_of("j@7")


def test_defaults_are_named():
    text = text_of("aK")
    assert "with no mode letter, a leg before the last must end on an empty square" in text
    assert "continuation-directions" in text
    assert "pR = pafR" in text_of("pR")


def test_piece_names_work_like_betza_strings():
    named = explain_lines("Chu Shogi Lion")
    assert named[0].startswith("Chu Shogi Lion = KNADcaKmcabK. From e5 on an empty 9x9 board")
    assert named[1] == "Chu Shogi Lion = KNADcaKmcabK: 6 moves."
    assert named[2:] == explain_lines("KNADcaKmcabK")[2:]


def test_the_opening_line_names_an_equal_piece_proven_by_the_solver():
    # the Mao spelled another way (a first leg is m anyway): no kb piece has this string
    line = explain_lines("mafsmcW", 8, 8, "d4")[0]
    assert line.startswith("mafsmcW moves as the Mao, afsW (proven the same piece")
    assert line.endswith("it moves or captures on b3 b5 c2 c6 e2 e6 f3 f5.")
    assert explain_lines("fcafmF")[0].endswith("it has no moves: it needs other pieces on the "
                                               "board (see the example position below).")


def test_a_piece_that_never_moves_is_told_so():
    # j on a single step has nothing to skip: jaF makes no move in any position (reading
    # ski-and-must-jump), and the opening line does not promise one with other pieces
    lines = explain_lines("jaF")
    assert lines[0] == ("From e5 on a 9x9 board it has no moves, whatever stands on the "
                        "other squares.")
    first, second = leg_lines("jaF")
    assert "this leg never moves" in first
    assert "never moves" not in second
    # jB has squares to skip: a ski-slider, not a stuck leg
    (only,) = leg_lines("jB")
    assert "skips the first square" in only and "never moves" not in only


def test_bad_input_raises():
    with pytest.raises(BetzaError):
        explain_lines("fX")
    with pytest.raises(BetzaError):
        explain_lines("hrWX")


def test_a_kb_piece_s_plan_is_read_as_solved_alone():
    # the plans of every kb piece, derived in one program and kept, are each piece's own:
    # the Chu Shogi Lion (6 moves), the Xiangqi Horse (a turn), the Cannon (a hop-off leg)
    from translator.queries.plan import _program, kb_plans, plans_of
    from translator.solve import engine

    for betza in ("KNADcaKmcabK", "mafsW", "mRcpR"):
        program, count = _program(parse_piece(betza), "spec", 1), len(parse(betza).moves)
        assert program in kb_plans()
        assert plan(betza) == plans_of(engine.run(program, "plan.lp"), count)
    assert [leg.implied for leg in plan("mRcpR")[1].legs] == ["", "p"]


def test_every_catalogue_piece_is_explained():
    for piece in all_pieces():
        lines = explain_lines(piece.betza)
        assert len(lines) > len(parse(piece.betza).moves), piece.name


# --------------------------------------------------------------------------- diagrams


def test_shatranj_pawn_diagram():
    text, marks = explain_diagram("fmWfcF", 9, 9, "e5")
    assert marks == {"e6": "move", "d6": "capture", "f6": "capture"}
    assert "6 . . . x * x . . ." in text
    assert "5 . . . . @ . . . ." in text


def test_origin_defaults_to_the_centre():
    assert explain_diagram("fmWfcF")[1] == explain_diagram("fmWfcF", 9, 9, "e5")[1]


def test_knight_diagram():
    _, marks = explain_diagram("N", 9, 9, "e5")
    assert marks == dict.fromkeys(["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"], "both")


def test_lion_marks_locust_victims():
    text, marks = explain_diagram("KNADcaKmcabK", 9, 9, "e5")
    king = {"d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"}
    assert {sq for sq, kind in marks.items() if kind == "locust"} == king
    assert {sq for sq, kind in marks.items() if kind == "both"} == {
        f"{f}{r}" for f in "cdefg" for r in range(3, 8)} - king - {"e5"}
    assert "! locust victim" in text
    assert "it can also simply move or capture there" in text
    assert "turn pass" in text and "without moving" in text


def test_checker_lands_beyond_its_victim():
    text, marks = explain_diagram("fcafmF", 9, 9, "e5")
    assert marks == {"d6": "locust", "f6": "locust"}
    assert "7 . . + . . . + . ." in text


def test_hoppers_need_a_mount():
    text, marks = explain_diagram("gQ", 9, 9, "e5")
    assert set(marks.values()) == {"hop"}
    assert marks["e7"] == "hop" and "e6" not in marks  # lands one step beyond a mount
    assert "Example with one piece to hop over" in text and "o the mount" in text
    _, cannon = explain_diagram("mRcpR", 9, 9, "e5")
    assert set(cannon.values()) == {"move"}
    text, _ = explain_diagram("mRcpR", 9, 9, "e5")
    assert "Hopping also captures on" in text


def test_first_move_only_and_ep_rights():
    text, marks = explain_diagram("fmWfceFifmnD", 9, 9, "e5")
    assert marks["e7"] == "move"
    assert "Only as the piece's first move: e7." in text
    assert "Moving to e7 creates e.p. rights on e6." in text
    _, ep = explain_diagram("feF", 9, 9, "e5")
    assert ep == {"d6": "ep", "f6": "ep"}


@pytest.mark.parametrize("betza", ["fmWfcF", "fcafmF", "KNADcaKmcabK", "gQ", "mpafsmpW",
                                   "dK", "ifmW"])
def test_the_table_and_the_solver_show_the_same_diagram(betza):
    # explain's diagram from the compiled table's rows equals the one from the solver's
    # answers on the same boards (the path of a piece without a table)
    from translator.compiled.store import solver_only

    table = explain_diagram(betza, 7, 7, "d3")
    with solver_only():
        assert explain_diagram(betza, 7, 7, "d3") == table


def test_svg_uses_the_same_marks():
    root = ET.fromstring(explain_svg("fmWfcF").encode("utf-8"))
    kinds = {el.get("data-square"): el.get("data-kind") for el in root.iter()
             if "mark" in (el.get("class") or "").split()}
    assert kinds == {"e6": "move", "d6": "capture", "f6": "capture"}


def test_explain_text_combines_both():
    text = explain_text("W", 5, 5)
    assert text.startswith("W is the Wazir. From c3 on an empty 5x5 board it moves or "
                           "captures on b3 c2 c4 d3.\nW: 1 move.")
    assert "Diagram of W" in text and "3 . # @ # ." in text


def test_worked_examples_show_what_the_empty_board_cannot():
    from translator.present.explain.example import worked_example

    # j: the Knight must leap over a piece; from e5 the nearest such square is c4 over d5
    jn = worked_example("jN", 9, 9, "e5")
    assert (jn["to"], jn["friends"] + jn["enemies"]) == ("c4", ["d5"])
    # k: only a royal enemy can be captured
    kk = worked_example("kK", 9, 9, "e5")
    assert (kk["to"], kk["enemies"], kk["royal"]) == ("d4", ["d4"], ["d4"])
    # n takes moves away: from a1 a friend on b1 blocks the lame Knight's c2
    nn = worked_example("nN", 9, 9, "e5")
    assert (nn["from"], nn["to"], nn["friends"]) == ("a1", "c2", ["b1"])
    assert nn["lines"] == ["Without n (N) the piece on a1 could also go to c2; with a friend "
                           "on b1, nN cannot."]
    # nn also gives the e.p. right on the square passed (the spec's n): on the empty board
    # the double step goes where fmD goes, with another effect (any start square will do)
    ep = worked_example("fmnnD", 8, 8, "d4")
    file, rank = ep["from"][0], int(ep["from"][1:])
    assert (ep["to"], ep["friends"] + ep["enemies"]) == (f"{file}{rank + 2}", [])
    assert ep["lines"] == [f"fmnnD on {ep['from']} goes to {ep['to']} as fmD does (on an empty "
                           f"board), but its move there gives the e.p. right on {file}{rank + 1}, "
                           "where without n it neither captures nor gives an e.p. right."]
    assert worked_example("N", 9, 9, "e5") is None
    text = explain_text("dK", 5, 5)
    assert "Worked example (what the empty board cannot show):\n  dK (white) on c3 can go " \
           "to b2 in this position: with a friend on b2." in text


def test_the_named_piece_is_proven_on_the_board_explained() -> None:
    # issue 28: W7 is the Rook on 8x8, not on 12x12, where the Rook goes up to 11 squares
    assert explain_lines("W7", 8, 8, "d4")[0].startswith(
        "W7 moves as the Rook, R (proven the same piece on the 8x8 board).")
    assert explain_lines("W7", 12, 12, "g7")[0].startswith(
        "From g7 on an empty 12x12 board it moves or captures on a7 b7 c7 d7 e7 f7 g1 g2")
    assert "(proven the same piece on the 12x12 board)" in explain_lines("FyafsF", 12, 12)[2]


def test_the_explanation_is_for_the_side_asked() -> None:
    # a black Shatranj pawn on e7 goes to e6 and captures on d6 f6, never e8
    lead = explain_lines("fmWfcF", 8, 8, "e7", "black")[0]
    assert lead == ("fmWfcF is the Shatranj Pawn. From e7 on an empty 8x8 board, as Black, it "
                    "moves to e6 (not capturing there) and captures on d6 f6 (and cannot move "
                    "there when they are empty).")
    (answer,) = answer_group([json.dumps({"query": "explain", "betza": "fcafmF",
                                          "board": "8x8", "from": "e7", "side": "black"})])
    assert answer["example"]["lines"][0] == (
        "fcafmF (black) on e7 can go to c5 in this position: with an enemy on d6.")
    assert answer["example"]["enemies"] == ["d6"]


def test_an_explain_query_reads_the_board_as_every_query_does() -> None:
    # files and ranks (as moves, why and equiv take them) size the board too; none: 9x9
    wazir = {"query": "explain", "betza": "W"}
    small, given, default = answer_group([
        json.dumps({**wazir, "files": 5, "ranks": 5}), json.dumps({**wazir, "board": "5x5"}),
        json.dumps(wazir)])
    assert (small["diagram"]["files"], small["diagram"]["ranks"]) == (5, 5)
    assert small["lines"][0] == given["lines"][0] == (
        "W is the Wazir. From c3 on an empty 5x5 board it moves or captures on b3 c2 c4 d3.")
    assert sorted(small["diagram"]["marks"]) == ["b3", "c2", "c4", "d3"]
    assert default["lines"][0].startswith("W is the Wazir. From e5 on an empty 9x9 board")
    (bad,) = answer_group([json.dumps({**wazir, "files": 30, "ranks": 5})])
    assert bad["ok"] is False and "between 1 and 26" in bad["error"]


@pytest.mark.parametrize(("betza", "origin", "to", "friends", "lead"), [
    ("zB", "e4", "d5", [], "zB (white) on e4 can go to d5: 1 move."),
    ("zB", "e4", "d5", ["d5"], "zB (white) on e4 cannot go to d5 in this position."),
    ("zB", "e4", "e8", ["d5", "f7"], "zB (white) on e4 cannot go to e8 in this position."),
    ("oW", "a4", "h4", ["h4"], "oW (white) on a4 cannot go to h4 in this position."),
    ("ozW", "a1", "h2", [], "ozW (white) on a1 can go to h2: 1 move.")])
def test_the_why_of_a_curling_or_wrapping_piece_reads_its_table_first(
        betza: str, origin: str, to: str, friends: list[str], lead: str) -> None:
    # the rows of such a piece's table do not spell its legs: they say whether the move
    # exists and which positions are the closest, and why_words.lp words the paths there,
    # with no why.lp program; the words are those of why.lp's own search (without tables)
    from translator.compiled import store
    from translator.position import Position
    from translator.present.why.answer import why
    from translator.queries.why import program

    pos = Position.light(8, 8, friends=friends)
    program.OPEN.clear()
    program.CLOSED.clear()
    with_table = why(betza, origin, to, pos, "white").explanation
    assert not program.OPEN and not program.CLOSED
    with store.solver_only():
        assert why(betza, origin, to, pos, "white").explanation == with_table
    assert with_table[0] == lead


def test_a_crooked_bishop_blocked_both_ways_needs_one_of_its_blockers_gone() -> None:
    # zB from e4 to e8 zigzags through d5-e6-d7 or f5-e6-f7: a friend on d5 and one on f7
    # block both ways, and taking away either opens one (the leg lands on it before its
    # last leap: it passes over it)
    from translator.position import Position
    from translator.present.why.answer import why

    w = why("zB", "e4", "e8", Position.light(8, 8, friends=["d5", "f7"]), "white")
    assert w.explanation == [
        "zB (white) on e4 cannot go to e8 in this position.",
        "The closest position that allows it has 1 change:",
        "  leg 1 passes over d5, which must be empty but holds a friend",
        "In that position:",
        "  e8, by the move zB:",
        "    leg 1: e4 -> e8 (4 Ferz steps, forward-left): e8 is empty, the move ends there",
        "Other positions with 1 change:",
        "  leg 1 passes over f7, which must be empty but holds a friend (by the move zB)"]
