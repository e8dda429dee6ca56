"""The Interactive Diagram's readings found by running its own betza.js on random strings
(issue 27), each square set worked out by hand from what BetzaParse and NextLeg do.

Squares are (file, rank); White moves up the board, Black down."""

from __future__ import annotations

import pytest

from tests.test_dialects import to, to_pos
from translator.errors import BetzaError, NoAnswerError


def test_j_on_inner_step_goes_along_a_rank_only() -> None:
    # jafW from e4: NextLeg tests a j leg's passed squares by half-steps, which on a W step
    # test nothing along a rank and end the ray on an empty square in the other directions.
    # So leg 1 only reaches d4 and f4, and leg 2 goes on straight: c4 and g4.
    assert to("jafW", "e4", "diagram") == ["c4", "g4"]
    assert to("jafW", "e4", "diagram:j-on-inner-step") == ["c4", "g4"]
    # Black from e5: d5 and f5, then c5 and g5
    assert to("jafW", "e5", "diagram", side="black") == ["c5", "g5"]
    # a friend on d4 stops that way (leg 1 is m): f4, then sideways g3 and g5
    assert to("jafsW", "e4", "diagram", friends=("d4",)) == ["g3", "g5"]
    # the King's diagonal and vertical steps are all dead: leg 1 of jaK only reaches d4
    # and f4, and leg 2 goes every way but straight back: from d4 c3 c4 c5 d3 d5 e3 e5,
    # from f4 e3 e5 f3 f5 g3 g4 g5
    assert to("jaK", "e4", "diagram") == ["c3", "c4", "c5", "d3", "d5", "e3", "e5",
                                          "f3", "f5", "g3", "g4", "g5"]


def test_j_with_hop_is_dropped() -> None:
    # jpR on e1 with a friend on e3: the Diagram hops as pR, whose unlimited hop-off goes on
    # to e4 .. e8; the spec's ski step first skips e2, then the ride finds e3 as its mount
    assert to("jpR", "e1", "diagram", friends=("e3",)) == ["e4", "e5", "e6", "e7", "e8"]
    assert to("jpR", "e8", "diagram", friends=("e6",), side="black") == [
        "e1", "e2", "e3", "e4", "e5"]
    assert to("jpR", "e1", "diagram:j-with-hop", friends=("e3",)) == [
        "e4", "e5", "e6", "e7", "e8"]


def test_h_on_orthogonal_adds_the_backward_move() -> None:
    # fhD from c3: f and h's backward bit, so vD: c1 c5 (the spec's fhD is fD: c5)
    assert to("fhD", "c3", "diagram") == ["c1", "c5"]
    assert to("fhD", "c3", "spec") == ["c5"]
    assert to("fhD", "c6", "diagram", side="black") == ["c4", "c8"]
    # rhW: r and b; White from e4 f4 e3, Black from e5 d5 e6
    assert to("rhW", "e4", "diagram:h-on-orthogonal") == ["e3", "f4"]
    assert to("rhW", "e5", "diagram", side="black") == ["d5", "e6"]
    # on the King the Diagram combines fh into the forward half, as the spec does
    assert to("fhK", "e4", "diagram") == ["d5", "e5", "f5"]


def test_ski_last_leg_and_its_move_from_the_start_square() -> None:
    # mafjW from a1, a friend on a3: leg 1 steps to a2 or b1; the last leg skips one
    # square (a3, occupied or not; c1) and, W's range 1 - 1 being 0, slides on without
    # limit: a4 .. a8, d1 .. h1. BetzaParse also makes that last leg a move of its own from
    # a1, sliding along leg 1's directions: a2 (a3 is the friend), b1 .. h1.
    assert to("mafjW", "a1", "diagram", friends=("a3",)) == [
        "a2", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
    assert to("mafjW", "a8", "diagram", friends=("a6",), side="black") == [
        "a1", "a2", "a3", "a4", "a5", "a7", "b8", "c8", "d8", "e8", "f8", "g8", "h8"]
    assert to("mafjW", "a1", "diagram:ski-last-leg", friends=("a3",)) == to(
        "mafjW", "a1", "diagram", friends=("a3",))


def test_ski_last_leg_of_a_slider_has_the_range_of_w_star() -> None:
    # mafjR from a1: R's range 0 - 1 is NextLeg's W*, counted from the skipped square
    # toward the middle of the board (up to rank 4 going up or along a rank, down to rank 5
    # going down), at least one step. Up the a-file: from a2 over a3, 3 - 2 = 1 step: a4;
    # from a3 over a4 (0: one step) a5, ... from a6 over a7: a8. Along rank 1 the skipped
    # square is on rank 1: three steps, from b1 over c1 d1 e1 f1, ... from f1 over g1 h1.
    # Leg 1 slides with m rights only, so Expand's loop directive takes the place of the
    # move from the start square: no other move.
    assert to("mafjR", "a1", "diagram") == ["a4", "a5", "a6", "a7", "a8",
                                            "d1", "e1", "f1", "g1", "h1"]
    # Black from a8: down the file over a6 .. a2 one step each (a5 .. a1); along rank 8 the
    # count still goes toward rank 4 (NextLeg reads the step's direction, not the side):
    # one step after the skipped square, d8 .. h8
    assert to("mafjR", "a8", "diagram", side="black") == ["a1", "a2", "a3", "a4", "a5",
                                                          "d8", "e8", "f8", "g8", "h8"]


def test_g_toggles_a_doubled_atoms_one_leap() -> None:
    # gafNN on a1 over a friend on b3: BetzaParse keeps N's own range (one leap) for NN and
    # g toggles it to unlimited, so the Diagram goes on as a Nightrider: c5 d7; the spec
    # toggles the rider to one leap: c5
    assert to("gafNN", "a1", "diagram", friends=("b3",)) == ["c5", "d7"]
    assert to("gafNN", "a1", "spec", friends=("b3",)) == ["c5"]
    assert to("gafNN", "h8", "diagram", friends=("g6",), side="black") == ["e2", "f4"]


def test_ski_last_leg_after_a_sliding_leg_with_other_rights() -> None:
    # pmajR on d4: Expand splits leg 1 (m and p rights) in two, and the half without m keeps
    # the move of its own from the start square: R's range 0 - 1 is W*, which from rank 4
    # is one step every way (leg 2 turns every way but back, so the turns add up to all
    # eight): the King squares. majR has no such half and no such move; on an empty board
    # p adds nothing else.
    king = {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}
    with_p, without = set(to("pmajR", "d4", "diagram")), set(to("majR", "d4", "diagram"))
    assert not king & without
    assert with_p - without == king and without <= with_p


def test_chiral_on_continuation_is_the_plain_turn() -> None:
    # ahrN from e4: the Diagram skips the h of a later leg, so hr is r: each Knight leap
    # (dx, dy), then (dy, -dx): g5 -> h3, g3 -> f1, f2 -> d1, d2 -> b3, c3 -> b5, c5 -> d7,
    # d6 -> f7, f6 -> h5; the spec refuses hr on a later leg
    assert to("ahrN", "e4", "diagram") == ["b3", "b5", "d1", "d7", "f1", "f7", "h3", "h5"]
    assert to("ahrN", "e4", "diagram") == to("arN", "e4", "diagram")
    with pytest.raises(BetzaError, match="chiral"):
        to("ahrN", "e4", "spec")
    # Black from e5: the path turned round keeps its turn: b4 b6 d2 d8 f2 f8 h4 h6
    assert to("ahrN", "e5", "diagram", side="black") == ["b4", "b6", "d2", "d8", "f2", "f8",
                                                         "h4", "h6"]
    assert to("ahlN", "e5", "diagram:chiral-on-continuation", side="black") == to(
        "alN", "e5", "diagram", side="black")


def test_vh_and_sh_on_oblique_atoms_are_v_and_s() -> None:
    # the Knight on e4: the Diagram's vh is v (d2 d6 f2 f6) and sh is s (c3 c5 g3 g5); the
    # spec's vh and sh are all eight moves
    assert to("vhN", "e4", "diagram") == ["d2", "d6", "f2", "f6"]
    assert to("shN", "e4", "diagram") == ["c3", "c5", "g3", "g5"]
    assert len(to("vhN", "e4", "spec")) == len(to("shN", "e4", "spec")) == 8
    # the Camel (3,1) for Black on e5: v is d2 d8 f2 f8, s is b4 b6 h4 h6
    assert to("vhC", "e5", "diagram", side="black") == ["d2", "d8", "f2", "f8"]
    assert to("shC", "e5", "diagram", side="black") == ["b4", "b6", "h4", "h6"]


def test_n_with_j_makes_only_the_j_test() -> None:
    # njD on e4 with a friend on e5: the Diagram tests that the passed square is occupied:
    # e6 (over e5), not e2 (e3 empty); c4 and g4 along the rank are not tested. The spec
    # passes a leap either test allows: also e2.
    assert to("njD", "e4", "diagram", friends=("e5",)) == ["c4", "e6", "g4"]
    assert to("njD", "e4", "spec", friends=("e5",)) == ["c4", "e2", "e6", "g4"]
    # Black from e5 with a friend on e4: e3 (over e4), not e7
    assert to("jnD", "e5", "diagram", side="black", friends=("e4",)) == ["c5", "e3", "g5"]
    # the switch alone tests along the rank too (d5, f5 empty): e3 only
    assert to("jnD", "e5", "diagram:n-with-j", side="black", friends=("e4",)) == ["e3"]


def test_j_on_oblique_tests_the_half_steps() -> None:
    # jN on e4 with friends on the diagonal neighbours d5 f5 d3 f3: NextLeg steps back from
    # d6 by the half-step (0,1) to d5, occupied: d6 lands, and so do f6 d2 f2; a leap of
    # one rank (c3 c5 g3 g5) never does. The spec tests the orthogonal neighbours (e5 for
    # d6), all empty: no move.
    diagonal = ("d5", "f5", "d3", "f3")
    assert to("jN", "e4", "diagram", friends=diagonal) == ["d2", "d6", "f2", "f6"]
    assert to("jN", "e4", "spec", friends=diagonal) == []
    assert to("jN", "e4", "diagram", friends=("e5", "e3", "d4", "f4")) == []
    # Black from e5 with friends on d6 and f4: d7 (over d6) and f3 (over f4)
    assert to("jN", "e5", "diagram:j-on-oblique", side="black", friends=("d6", "f4")) == [
        "d7", "f3"]


def test_king_doubled_twice() -> None:
    # BetzaParse doubles no K: fKK is fK (e5) and then K, the eight neighbours of e4; the
    # spec reads KK as the K-rider, fKK e5 to e8
    king = ["d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"]
    assert to("fKK", "e4", "diagram") == king
    assert to("fKK", "e4", "diagram:king-doubled-twice") == king
    assert to("fKK", "e4", "spec") == ["e5", "e6", "e7", "e8"]
    # mafKK for Black from d5 with a friend on d3: mafK is two K steps straight on (b3 b5
    # b7 d7 f3 f5 f7, d3 held by the friend; d4 is a first step but no end), and K adds the
    # neighbours c4 c5 c6 d4 d6 e4 e5 e6
    assert to("mafKK", "d5", "diagram", side="black", friends=("d3",)) == [
        "b3", "b5", "b7", "c4", "c5", "c6", "d4", "d6", "d7", "e4", "e5", "e6",
        "f3", "f5", "f7"]
    # a doubled N stays a Nightrider: NN from a1 reaches b3 c5 d7 and c2 e3 g4
    assert to("NN", "a1", "diagram") == ["b3", "c2", "c5", "d7", "e3", "g4"]


def test_t_unread() -> None:
    # BetzaParse has no t: tpafR on a1 over an enemy on a3 hops as pafR (a4 .. a8), where the
    # spec hops over friends only on a leg that goes on (no move)
    assert to_pos("tpafR", "a1", "diagram", enemies=("a3",)) == ["a4", "a5", "a6", "a7", "a8"]
    assert to_pos("tpafR", "a1", "diagram:t-unread", enemies=("a3",)) == [
        "a4", "a5", "a6", "a7", "a8"]
    assert to_pos("tpafR", "a1", "spec", enemies=("a3",)) == []
    # Black from h8 over an enemy on h6: h5 .. h1
    assert to_pos("tpafR", "h8", "diagram", side="black", enemies=("h6",)) == [
        "h1", "h2", "h3", "h4", "h5"]


def test_ski_slider_range_cut_to_one_leap_still_skips() -> None:
    # jB from b6 gets the range of * (ski-slider-range), which the board cuts to one leap:
    # that leap skips, c5 and c7 are passed over and it lands on d4 and d8 (not a5 a7 c5 c7)
    assert to("jB", "b6", "diagram") == ["d4", "d8"]
    assert to("jB", "b7", "diagram") == ["d5"]
    # Black from g3: its range of * is cut to one leap as well, e5 and e1
    assert to("jB", "g3", "diagram", side="black") == ["e1", "e5"]


def test_y_with_final_hop_toggles_the_hop_off_range() -> None:
    # ypB on a1 over a friend on c3: BetzaParse's final p leg gets y's toggle bit (32, as
    # g), so the hop-off's range is !0 = 1: d4 only; the spec's p rides on: d4 .. h8
    assert to("ypB", "a1", "diagram", friends=("c3",)) == ["d4"]
    assert to("ypB", "a1", "spec", friends=("c3",)) == ["d4", "e5", "f6", "g7", "h8"]
    assert to("ypB", "h8", "diagram:y-with-final-hop", friends=("f6",), side="black") == [
        "e5"]
    # ypR3 on a1 over a3: the hop-off's range is !3 = 0, without limit: a4 .. a8 (the
    # spec's final p counts the whole move within the 3: two steps to the mount, a4 only);
    # y's m bit leaves it m only, so an enemy on a7 ends it uncaptured, where cypR3
    # captures it
    assert to("ypR3", "a1", "diagram", friends=("a3",)) == ["a4", "a5", "a6", "a7", "a8"]
    assert to("ypR3", "a1", "spec", friends=("a3",)) == ["a4"]
    assert to_pos("ypR3", "a1", "diagram", friends=("a3",), enemies=("a7",)) == [
        "a4", "a5", "a6"]
    assert to_pos("cypR3", "a1", "diagram", friends=("a3",), enemies=("a7",)) == [
        "a4", "a5", "a6", "a7"]
    # Black from h8 over h6: h5 .. h1
    assert to("ypR3", "h8", "diagram", friends=("h6",), side="black") == [
        "h1", "h2", "h3", "h4", "h5"]


def test_iso_with_hop_is_dropped() -> None:
    # maipR from a1 over a friend on c3: BetzaParse keeps no iso bit on the final hop leg,
    # so any slide of leg 1 may be followed by a hop over c3 (every turn but straight
    # back, a 45 degree turn making R a B): from a3 right (d3 .. h3), from c1 up (c4 ..
    # c8), from a5 down-right (d2 e1) and from e1 up-left (b4 a5). The spec's iso hop leg
    # makes as many steps as leg 1: only the 2-and-2 paths over a3 and c1.
    iso = ["c4", "c5", "c6", "c7", "c8", "d3", "e3", "f3", "g3", "h3"]
    assert to("maipR", "a1", "spec", friends=("c3",)) == iso
    assert to("maipR", "a1", "diagram", friends=("c3",)) == sorted(
        iso + ["a5", "b4", "d2", "e1"], key=lambda s: (s[0], int(s[1:])))
    # Black from h8 over f6, the same paths turned round
    assert to("maipR", "h8", "diagram", friends=("f6",), side="black") == [
        "a6", "b6", "c6", "d6", "d8", "e6", "e7", "f1", "f2", "f3", "f4", "f5", "g5", "h4"]
    # the switch alone, whose later legs turn as the spec's (f, l, r), over c4: from a4
    # right (three steps, then two) and from c1 up (two, then three), which iso forbids
    assert to("maipR", "a1", "spec", friends=("c4",)) == []
    assert to("maipR", "a1", "diagram:iso-with-hop", friends=("c4",)) == [
        "c5", "c6", "c7", "c8", "d4", "e4", "f4", "g4", "h4"]


def test_a_later_toggle_toggles_the_range_that_leg_has() -> None:
    # fyafyasN0 from a1: BetzaParse toggles origRange, N's own one leap, at each y: leg 1
    # runs the written N0, leg 2 !1 = unlimited, leg 3 !0 = one leap. Legs 1 and 2 go
    # straight on along (1,2) to c5 or d7 (the board ends there), leg 3 turns 90 degrees
    # either way for one leap: e4 a6 from c5, f6 b8 from d7. Leg 2's range equals the
    # written N0, and its toggle is still of that range, not of N's own again (which
    # would let leg 3 ride on to g3 and h5, as the spec's does)
    assert to("fyafyasN0", "a1", "diagram") == ["a6", "b8", "e4", "f6"]
    assert to("fyafyasN0", "a1", "spec") == ["a6", "b8", "e4", "f6", "g3", "h5"]
    assert to("fyafyasN0", "h8", "diagram", side="black") == ["c3", "d5", "g1", "h3"]


def test_no_answer_where_a_j_step_off_its_rank_meets_a_piece() -> None:
    # jafW from e4 with a friend on e5: off the rank NextLeg's half-step is (0,0), so its
    # test of the passed squares reads e5 again and again and never ends; the dialect
    # refuses, the caret under the j. Along the rank nothing is tested: a friend on d4
    # only stops leg 1 that way (g4); on an empty e5 the ray just ends (c4 g4).
    with pytest.raises(NoAnswerError, match="leg 1 steps from e4 to e5") as err:
        to("jafW", "e4", "diagram", friends=("e5",))
    assert err.value.pos == 0 and err.value.text == "jafW"
    assert to("jafW", "e4", "diagram", friends=("d4",)) == ["g4"]
    assert to("jafW", "e4", "diagram") == ["c4", "g4"]
    # the moving piece's own square counts (betza.js's board still holds it): majbaW's
    # second leg steps back onto e4 from whichever square leg 1 reached
    with pytest.raises(NoAnswerError, match=r"to e4 \(the piece's own square\)") as err:
        to("majbaW", "e4", "diagram")
    assert err.value.pos == 2
    # Black's fjafW from e5 steps down: a friend on e4 leaves no answer, one on e6 (behind
    # it) none is asked of, and the empty e4 ends the ray: no move
    with pytest.raises(NoAnswerError, match="leg 1 steps from e5 to e4"):
        to("fjafW", "e5", "diagram", side="black", friends=("e4",))
    assert to("fjafW", "e5", "diagram", side="black", friends=("e6",)) == []
    # the spec: j on a single step has nothing to skip, and the leg never moves
    assert to("jafW", "e4", "spec", friends=("e5",)) == []


def test_ski_last_leg_after_a_toggle_has_the_toggled_range() -> None:
    # gafjW: BetzaParse flips origRange at leg 1's g, so the ski leg has W's one step
    # flipped to unlimited, and 0 - 1 is W*. On an empty board leg 1 finds no mount, and
    # only the last part's move of its own from the start square is left: W* from e2 goes
    # up to rank 4 (e3 e4) and along the rank as far (c2 d2, f2 g2), down one step (e1).
    # The spec's gafjW has no mount to hop: no move.
    assert to("gafjW", "e2", "diagram") == ["c2", "d2", "e1", "e3", "e4", "f2", "g2"]
    assert to("gafjW", "e2", "spec") == []
    # Black from e7: NextLeg counts W* by the step's direction on the board, not the side:
    # down to rank 5 (e6 e5), up and along the rank one step (e8, d7 f7)
    assert to("gafjW", "e7", "diagram", side="black") == ["d7", "e5", "e6", "e8", "f7"]


def test_p_with_final_g_hops_as_g() -> None:
    # gpR on a1 over a friend on b1: BetzaParse's g is the p bit and the toggle bit (48),
    # so the written p adds nothing and the hop-off's range is R's unlimited toggled to
    # one step: c1 only (and up the file, over a3: a4). The spec reads p beside g as g
    # too (reading continuation-ranges).
    assert to("gpR", "a1", "diagram", friends=("b1", "a3")) == ["a4", "c1"]
    assert to("gpR", "a1", "spec", friends=("b1", "a3")) == ["a4", "c1"]
    # Black from h8 over g8 and h6: f8 and h5
    assert to("pgR", "h8", "diagram", friends=("g8", "h6"), side="black") == ["f8", "h5"]


def test_same_line_narrows() -> None:
    # BetzaParse on an oblique atom: the wide set of the first letter meets the narrow set of
    # the second, the one-way letter's pair: srN from e4 is rN (g3 g5), fvN and vfN fN (d6 f6)
    assert to("srN", "e4", "diagram") == ["g3", "g5"]
    assert to("vfN", "e4", "diagram:same-line-narrows") == ["d6", "f6"]
    # for Black lsN from e5: Black's left is the h-side, g4 g6
    assert to("lsN", "e5", "diagram", side="black") == ["g4", "g6"]
    # the K system: a first letter in the second's wide set stands alone: fvK is fK (e5),
    # rsK rK (f4), but vfK is vK (e3 e5)
    assert to("fvK", "e4", "diagram") == ["e5"]
    assert to("rsK", "e4", "diagram") == ["f4"]
    assert to("vfK", "e4", "diagram") == ["e3", "e5"]
    # a later leg reads the K system too: mafvK goes straight on only (c2 c4 c6 e2 e6 g2 g4
    # g6), never straight back to e4 as the spec's v does
    assert to("mafvK", "e4", "diagram") == ["c2", "c4", "c6", "e2", "e6", "g2", "g4", "g6"]
    assert "e4" in to("mafvK", "e4", "spec")


def test_iso_at_least_where_the_leg_cannot_stop_on_an_empty_square() -> None:
    # maicR from a1 with an enemy on h2: leg 1 steps to a2 (one square); leg 2 has no m, so
    # NextLeg passes b2 .. g2 and tests the length only at h2, seven squares >= one. The
    # spec's iso leg must go exactly one square, and no path of it meets h2.
    assert to_pos("maicR", "a1", "diagram", enemies=("h2",)) == ["h2"]
    assert to_pos("maicR", "a1", "diagram:iso-at-least", enemies=("h2",)) == ["h2"]
    assert to_pos("maicR", "a1", "spec", enemies=("h2",)) == []
    # Black from h8, an enemy on a7: h8-h7, then seven squares to a7
    assert to_pos("maicR", "h8", "diagram", enemies=("a7",), side="black") == ["a7"]
    # a piece nearer than the distance stops the leg: by a1-a4 (three squares) the enemy on
    # c4 is two squares on; the friends on b1, b3 and a5 close the other ways to it (the
    # Diagram's R turns as K on later legs: a1-a2, then b3 c4)
    assert to_pos("maicR", "a1", "diagram", friends=("b1", "b3", "a5"),
                  enemies=("c4",)) == []
    assert to_pos("maicR", "a1", "diagram", friends=("b1", "a5"), enemies=("c4",)) == ["c4"]
    # with m the leg stops exactly there, as in the spec: maimcR from a1 reaches a3 by a2
    assert "a3" in to("maimcR", "a1", "diagram")
    # a g leg is a hop at the first piece at least that far: paigaR from f7 over the friend
    # on g7 (one square), down to the enemy on g3 (four), then one step every way but back
    # (the Diagram's R turns as K on later legs)
    assert to_pos("paigaR", "f7", "diagram", friends=("g7",), enemies=("g3",)) == [
        "f2", "f3", "f4", "g2", "h2", "h3", "h4"]


def test_own_square_occupied_j_on_oblique_jumps_the_moving_piece() -> None:
    # mbhaiajN0 from d5: d5-e3 (a backward N), e3-c4 (iso: one leap), then c4-d6, whose
    # half-step back from d6 is d5, where betza.js's board still holds the moving piece;
    # likewise d5-b4-c6-d4 (own-square-occupied). The spec's j finds d5 empty there, and so
    # does j-on-oblique alone.
    assert to("mbhaiajN0", "d5", "diagram") == ["d4", "d6"]
    assert to("mbhaiajN0", "d5", "diagram:j-on-oblique") == []
    assert to("mbhaiajN0", "d5", "spec") == []
    # Black from d4: d3 and d5
    assert to("mbhaiajN0", "d4", "diagram", side="black") == ["d3", "d5"]


def test_h_alone_names_nothing_and_hr_is_r_off_an_oblique_atom() -> None:
    # BetzaParse gives an h that follows no letter no direction bit: hF, hhF and hB are
    # F and B, hrF is rF (from d4 e3 e5), hrfB is rfB (e5 f6 g7 h8), with a modifier between
    # r and f they stay apart (hrmfB: rB and fB), hfK is fK (d5), hrK is rK (e4), hfN is fN
    king = ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    assert to("hF", "d4", "diagram") == ["c3", "c5", "e3", "e5"]
    assert to("hhF", "d4", "diagram") == ["c3", "c5", "e3", "e5"]
    assert to("hrF", "d4", "diagram") == ["e3", "e5"]
    assert to("hrfB", "d4", "diagram") == ["e5", "f6", "g7", "h8"]
    assert to("hrmfB", "d4", "diagram") == ["a7", "b6", "c5", "e3", "e5", "f2", "f6", "g1",
                                            "g7", "h8"]
    assert to("hK", "d4", "diagram") == king
    assert to("hfK", "d4", "diagram") == ["d5"]
    assert to("hrK", "d4", "diagram") == ["e4"]
    assert to("hfN", "d4", "diagram") == ["c6", "e6"]
    # before l or r on the first leg of an oblique atom it opens the chiral set, wherever
    # it stands: fmhrN is fN and hrN (b5 c2 e6 f3, and c6)
    assert to("fmhrN", "d4", "diagram") == ["b5", "c2", "c6", "e6", "f3"]
    # on the first leg of W, D, H, R it is the backward move (h-on-orthogonal): hW is bW
    # (d3), hrW is bW and rW (d3 e4)
    assert to("hW", "d4", "diagram") == ["d3"]
    assert to("hrW", "d4", "diagram:h-on-orthogonal") == ["d3", "e4"]
    # on a later leg it names nothing: mahK is maK, which never ends on d4, and hr is r
    # (chiral-on-continuation): mahrK is marK, from d4 b4 c3 c5 d2 d6 e3 e5 f4
    assert "d4" not in to("mahK", "d4", "diagram")
    assert to("mahrK", "d4", "diagram:chiral-on-continuation") == [
        "b4", "c3", "c5", "d2", "d6", "e3", "e5", "f4"]
    # Black: hrF from e5 is Black's right pair, d4 d6; hrW from e5 d5 (right) and e6 (back)
    assert to("hrF", "e5", "diagram", side="black") == ["d4", "d6"]
    assert to("hrW", "e5", "diagram", side="black") == ["d5", "e6"]
    # the spec reads the h as nothing there too, on W: hrW is rW (e4), hW is W
    assert to("hF", "d4", "spec") == ["c3", "c5", "e3", "e5"]
    assert to("hrW", "d4", "spec") == ["e4"]
    assert to("hW", "d4", "spec") == ["c4", "d3", "d5", "e4"]


def test_wrap_with_hop_is_dropped() -> None:
    # goR on a4 over a friend on g4: BetzaParse builds the last leg of a hopper from its hop,
    # toggle and initial bits only, so o is gone: h4 only. The spec's o wraps the slide left
    # round the edge to h4 .. g4 as well, and it lands on f4
    assert to("goR", "a4", "diagram", friends=("g4",)) == ["h4"]
    assert to("goR", "a4", "diagram:wrap-with-hop", friends=("g4",)) == ["h4"]
    assert to("goR", "a4", "spec", friends=("g4",)) == ["f4", "h4"]
    # Black on a5 over g5: h5 only
    assert to("goR", "a5", "diagram", side="black", friends=("g5",)) == ["h5"]
