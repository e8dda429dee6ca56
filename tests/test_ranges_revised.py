"""Reading continuation-ranges as revised (issue 39): each leg inherits the range of the one
before, toggles included; a final p with a number counts the whole move within it; a final g
hops off a single leap after a slide, doubled atoms included. Every square set worked by hand, for
White and for Black (the board turned round), in the spec reading.

Squares are (file, rank); White moves up the board, Black down."""

from __future__ import annotations

from tests.test_dialects import to, to_pos


def order(squares: list[str]) -> list[str]:
    return sorted(squares, key=lambda sq: (sq[0], int(sq[1:])))


def test_a_toggle_holds_for_every_later_leg() -> None:
    # yafarW from a1: the y step goes to a2 (b1 leads nowhere: leg 3 would turn south, off
    # the board) and toggles W to R; leg 2 slides on north to a3 .. a8, and leg 3, turned
    # right (east), inherits the slide: every square of files b .. h on ranks 3 .. 8 (42).
    # A toggle for the next leg only would make leg 3 one step: b3 .. b8.
    assert to("yafarW", "a1", "spec") == order([f + r for f in "bcdefgh" for r in "345678"])
    # a friend on d5 stops the slide east along rank 5 at c5
    assert to("yafarW", "a1", "spec", friends=("d5",)) == order(
        [f + r for f in "bcdefgh" for r in "345678" if f + r not in ("d5", "e5", "f5",
                                                                          "g5", "h5")])


def test_a_toggle_holds_for_black_too() -> None:
    # Black yafarW from h8, the board turned round: h7, then h6 .. h1, then west (Black's
    # right): files a .. g on ranks 1 .. 6
    assert to("yafarW", "h8", "spec", side="black") == order(
        [f + r for f in "abcdefg" for r in "123456"])
    # and yalmarW, worked out in tests/test_dialects.py: 35 squares from d4 as from e5
    assert len(to("yalmarW", "d4", "spec", side="black")) == 35


def test_a_final_p_with_a_number_counts_the_whole_move() -> None:
    # pR2 from a1 with a friend on b1: the hop takes one step of the 2, the hop-off the one
    # left: c1 only; with a friend on a2 too: a3 as well
    assert to("pR2", "a1", "spec", friends=("b1",)) == ["c1"]
    assert to("pR2", "a1", "spec", friends=("a2", "b1")) == ["a3", "c1"]
    # an enemy as the mount, and an enemy on the landing square, which the hop-off takes
    assert to_pos("pR2", "a1", "spec", enemies=("b1", "c1")) == ["c1"]
    # pR3 with the mount two squares away: one step left (d1); three away: none
    assert to("pR3", "a1", "spec", friends=("c1",)) == ["d1"]
    assert to("pR3", "a1", "spec", friends=("d1",)) == []
    # pR4 over b1: c1 d1 e1 (the 3 steps left)
    assert to("pR4", "a1", "spec", friends=("b1",)) == ["c1", "d1", "e1"]
    # without a number the hop-off is as long as the atom allows: pR = pafR, pK over e5: e6
    assert to("pR", "a1", "spec", friends=("b1",)) == ["c1", "d1", "e1", "f1", "g1", "h1"]
    assert to("pK", "e4", "spec", friends=("e5",)) == ["e6"]


def test_a_final_p_with_a_number_for_black() -> None:
    # Black pR2 from h8 over g8: f8 only; over h7: h6 only
    assert to("pR2", "h8", "spec", friends=("g8",), side="black") == ["f8"]
    assert to("pR2", "h8", "spec", friends=("h7",), side="black") == ["h6"]
    # pR3 from h8 over f8 (two away): e8
    assert to("pR3", "h8", "spec", friends=("f8",), side="black") == ["e8"]


def test_the_last_leg_of_a_longer_move_counts_within_what_it_inherits() -> None:
    # mafpR3 from a1 with a friend on a3: leg 1 steps to a2 (a3 blocks; along rank 1 leg 2
    # finds no mount); leg 2 inherits the 3, hops over a3 (one) and goes the two left: a4 a5
    assert to("mafpR3", "a1", "spec", friends=("a3",)) == ["a4", "a5"]
    # Black from h8 over h6: h7, then over h6 to h5 h4
    assert to("mafpR3", "h8", "spec", friends=("h6",), side="black") == ["h4", "h5"]


def test_a_final_g_hops_off_a_single_leap_on_a_doubled_atom() -> None:
    # gWW is gW0: slide to the mount, one step beyond. From g5 over g6: g7 (not g8)
    assert to("gWW", "g5", "spec", friends=("g6",)) == ["g7"]
    assert to("gW0", "g5", "spec", friends=("g6",)) == ["g7"]
    # from a1 over a4: the slide a2 a3 reaches the mount, the hop-off a5 only
    assert to("gWW", "a1", "spec", friends=("a4",)) == ["a5"]
    # a written range, and a slider: one leap beyond as well (gR2 over c1: d1; gR over d1: e1)
    assert to("gW3", "a1", "spec", friends=("c1",)) == ["d1"]
    assert to("gR", "a1", "spec", friends=("d1",)) == ["e1"]
    # gNN (N0) from a1 over c5: b3 is empty, the ride reaches c5, then one leap on: d7
    assert to("gNN", "a1", "spec", friends=("c5",)) == ["d7"]
    # after a single leap the toggle still makes a rider: gK is the Contra-Grasshopper
    assert to("gK", "e4", "spec", friends=("e5",)) == ["e6", "e7", "e8"]


def test_a_final_g_on_a_doubled_atom_for_black() -> None:
    # Black gWW from b4 over b3: b2 only; from h8 over h5: the slide h7 h6, then h4
    assert to("gWW", "b4", "spec", friends=("b3",), side="black") == ["b2"]
    assert to("gWW", "h8", "spec", friends=("h5",), side="black") == ["h4"]
