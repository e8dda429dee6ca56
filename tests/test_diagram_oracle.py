"""The Interactive Diagram's readings found by running its own betza.js on random strings
(issue 27), each square set worked out by hand from what BetzaParse and NextLeg do.

Squares are (file, rank); White moves up the board, Black down."""

from __future__ import annotations

from tests.test_dialects import to


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
