"""The switches of encodings/dialects.lp on their own: translator facts plus one
reading(T,Name,Dialect) fact in, derived atoms out. Expected values come from the spec's
dialects.md (and XBoard's moves.c, read by hand), not from the code."""

from __future__ import annotations

import re
from pathlib import Path

from tests.encodings.test_core_rules import atoms
from translator.facts.readings import reading_facts
from translator.facts.translate import move_facts
from translator.notation.dialects import table
from translator.notation.syntax import parse
from translator.solve import engine

SPEC_NOTE = Path("/work/shared/spec/dialects.md")
# the differences the note still names that the spec reading now follows (reading
# continuation-ranges: a toggle holds for every later leg): no program departs there now
NOW_THE_SPEC = {"toggle-kept"}
# Fairy-Stockfish's reading (docs/readings.md), found with pyffish, which the note predates
FAIRY_STOCKFISH = {"king-as-wazir-and-ferz", "letters-skipped", "rider-atoms",
                   "lame-on-four-atoms", "hop-on-lines", "greedy-pairs", "last-range-wins",
                   "rider-tables"}
# the differences found by running XBoard 4.9.1's own moves.c and the Interactive
# Diagram's betza.js on random strings (issue 27), which the spec note does not list
FOUND_BY_THE_ORACLE = {"toggle-on-any-stop", "doubled-atom-twice", "y-mode-bits",
                       "h-in-king-system", "vs-on-diagonal",
                       "letter-order", "j-on-inner-step", "j-with-hop", "h-on-orthogonal",
                       "ski-last-leg", "chiral-on-continuation", "n-with-j",
                       "j-on-oblique", "chiral-off-oblique", "vs-alone-on-oblique",
                       "j-after-n", "skip-in-range", "iso-on-final-hop",
                       "vh-on-oblique", "king-doubled-twice", "no-boost-no-star",
                       "t-unread", "jj-skips-two", "doubled-letter-apart", "y-with-final-hop",
                       "iso-with-hop", "same-line-narrows", "iso-at-least",
                       "own-square-occupied", "wrap-with-hop"}


def facts(betza: str, reading: str) -> str:
    return move_facts(1, parse(betza)) + " " + reading_facts(1, reading)


def test_every_named_difference_of_the_note_is_a_switch() -> None:
    names = {(s.name, s.dialect) for s in table()}
    assert {n for n, _ in names} == {
        "range-inheritance", "range-toggle-with-number", "default-continuation-directions",
        "visited-squares", "hop-off-range", "oblique-continuation", "vs-in-king-system",
        "n-on-stepper", "g-on-leaper", "black-diagonals", "horizontal-non-jumping",
        "ski-slider-range", "lame-with-hop", "lr-after-vs-on-oblique", "oblique-later-legs",
        "iso-after-leaper", "doubled-atom-continuation", "hop-off-unlimited",
        "j-on-step", "jump-check-first-square", *FOUND_BY_THE_ORACLE, *FAIRY_STOCKFISH}
    # XBoard = spec on these two; only the Diagram differs
    assert not {("range-toggle-with-number", "xboard"),
                ("default-continuation-directions", "xboard")} & names
    assert {("visited-squares", "xboard"), ("visited-squares", "diagram"),
            ("hop-off-range", "xboard"), ("hop-off-range", "diagram")} <= names
    if SPEC_NOTE.exists():  # the note's bold names, where it is at hand
        bold = set(re.findall(r"\*\*([a-z-]+)\*\*", SPEC_NOTE.read_text()))
        assert bold == {n for n, _ in names} - FOUND_BY_THE_ORACLE - FAIRY_STOCKFISH \
            | NOW_THE_SPEC


def test_xboard_reads_vr_on_the_king_as_v_and_r() -> None:
    # vrK: f (0), b (4), r (2) in XBoard; the spec's fr + br are 1 and 3
    assert atoms(facts("vrK", "xboard"), "dir1", 3) == {(1, 1, 0), (1, 1, 2), (1, 1, 4)}
    assert atoms(facts("vrK", "spec"), "dir1", 3) == {(1, 1, 1), (1, 1, 3)}


def test_xboard_continues_an_oblique_atom_in_the_king_system() -> None:
    assert atoms(facts("mafN", "xboard"), "legfam", 4) == {(1, 1, 1, "obl(2,1)"),
                                                           (1, 1, 2, "line(2)")}
    # the hop-off leg of a one-leg hopper goes on along the first leg's ray
    assert atoms(facts("pN", "xboard"), "legfam", 4) == {(1, 1, 1, "obl(2,1)"),
                                                         (1, 1, 2, "obl(2,1)")}


def test_black_keeps_the_diagonals_of_a_mixed_king_set_in_xboard() -> None:
    # rlbK = r (2) and bl (5): Black turns r round (4 eighths), not bl (0)
    assert atoms(facts("rlbK", "xboard"), "blackturn", 4) == {(1, 1, 2, 4), (1, 1, 5, 0)}
    assert atoms(facts("bK", "xboard"), "blackturn", 4) == {(1, 1, 4, 4)}


def test_default_directions_of_a_continuation_leg() -> None:
    spec = {r for *_, r in atoms(facts("aW", "spec"), "dfltturn", 3)}
    diagram = {r for *_, r in atoms(facts("aW", "diagram"), "dfltturn", 3)}
    assert spec == {0, 2, 6} and diagram == {0, 1, 2, 3, 5, 6, 7}
    assert {r for *_, r in atoms(facts("aK", "xboard"), "dfltturn", 3)} == {0, 1, 2, 3, 5, 6, 7}


def test_v_and_l_on_an_oblique_atom_are_two_sets_in_both_programs() -> None:
    # vlN: the spec's vertical moves of the left pair are octants 5 and 6; both programs
    # read v (octants 0 3 4 7) and l (5 6)
    assert atoms(facts("vlN", "spec"), "dir1", 3) == {(1, 1, 5), (1, 1, 6)}
    for reading in ("xboard", "diagram"):
        assert {i for *_, i in atoms(facts("vlN", reading), "dir1", 3)} == {0, 3, 4, 5, 6, 7}


def test_j_on_a_single_step() -> None:
    # the Diagram: an unlimited ski-slider (range 1 - 1 = 0); the spec and XBoard keep the
    # step, which paths.lp never starts (reading ski-and-must-jump)
    assert atoms(facts("jF", "diagram"), "rng1", 3) == {(1, 1, "rs(step,inf)")}
    assert atoms(facts("jF", "spec"), "rng1", 3) == {(1, 1, "rs(step,1)")}
    assert atoms(facts("jF", "xboard"), "rng1", 3) == {(1, 1, "rs(step,1)")}


def test_a_doubled_atom_and_a_kept_toggle_in_the_diagram() -> None:
    # maWW: the leg after leg 1 goes on with one step (keep one), not the implied WW;
    # yalmarW: leg 1's y toggles however it ends (toggle-on-any-stop), and after it leg 2
    # hands the toggled range on to leg 3 as the spec does: range-inheritance does not go
    # back to the atom's own range after a toggle (no keep for leg 2)
    assert atoms(facts("maWW", "diagram"), "keep", 4) == {(1, 1, 1, "one")}
    assert atoms(facts("yalmarW", "diagram"), "keep", 4) == set()
    assert atoms(facts("yalmarW", "diagram"), "anytog", 3) == {(1, 1, 1)}
    assert atoms(facts("yalmarW", "diagram"), "aftertog", 3) == {(1, 1, 2), (1, 1, 3)}


def test_xboard_checks_the_first_square_of_three_step_leaps_and_iso_needs_a_virgin() -> None:
    assert atoms(facts("nH", "xboard"), "firstjump", 3) == {(1, 1, 1)}
    assert atoms(facts("nD", "xboard"), "firstjump", 3) == set()
    assert atoms(facts("maiN", "xboard"), "isoinit", 3) == {(1, 1, 2)}
    assert atoms(facts("maiN", "diagram"), "isoinit", 3) == set()


def test_samedef_tells_two_readings_apart_only_where_a_switch_matters() -> None:
    def same(a: str, ra: str, b: str, rb: str) -> bool:
        f = (move_facts(1, parse(a)) + reading_facts(1, ra) + " " + move_facts(2, parse(b))
             + reading_facts(2, rb))
        return bool(engine.run(f, "samedef.lp"))

    assert same("N", "spec", "N", "xboard")        # no switch touches the knight
    assert not same("mafN", "spec", "mafN", "xboard")
    assert not same("masW3", "spec", "masW3", "diagram")
    assert same("masW3", "diagram", "masW3", "diagram")


def test_no_program_warns_with_every_switch_on() -> None:
    for reading in ("xboard", "diagram"):
        for betza in ("mafN", "gafN2pR4", "npDDnDjB", "aaKvrKrlbK", "ifnmW6gKgR2"):
            program = engine.ground("moves.lp", facts(betza, reading) +
                                    " board(0,8,8). piece(0,4,3,white,1). mover(0,4,3).")
            assert program.messages == []


def test_xboard_jj_on_a_stepper_skips_two_squares() -> None:
    # moves.c: jj makes jump 3, and on R skip = jump - 1 = 2; on D jj stays must-jump
    assert atoms(facts("jjR", "xboard"), "skip2", 3) == {(1, 1, 1)}
    assert atoms(facts("jjR", "spec"), "skip2", 3) == set()
    assert atoms(facts("jjD", "xboard"), "skip2", 3) == set()
