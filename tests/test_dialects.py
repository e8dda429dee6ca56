"""Every example of the spec's dialects.md, each square set derived by hand.

Squares are (file, rank); White moves up the board. ``to(...)`` lists the destinations of
the moves of a piece on an otherwise given board, read in one dialect."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli_runner import betza, betza_process
from translator import Position, moves
from translator.compiled import store
from translator.errors import BetzaError
from translator.facts.pieces import canonical
from translator.present.why.answer import why
from translator.queries.dialect_diff import dialect_differences
from translator.queries.equiv import equivalent

# the module's tests on one process: they share the move tables compiled for them
pytestmark = pytest.mark.xdist_group("dialects")


def _asked() -> Iterator[tuple[str, str, int, int]]:
    """The tables (canonical string, reading, board) of the pieces that this module's
    :func:`to`, :func:`to_pos` and ``moves`` calls ask about, read from its source: the
    strings written out, in the reading written out (a reading named by a loop's variable:
    in each program's)."""
    for node in ast.walk(ast.parse(Path(__file__).read_text())):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args
                and isinstance(node.args[0], ast.Constant)):
            continue
        if node.func.id in ("to", "to_pos") and len(node.args) >= 3:
            reading: ast.expr | None = node.args[2]
        elif node.func.id == "moves":
            reading = next((k.value for k in node.keywords if k.arg == "dialect"), None)
        else:
            continue
        readings = ([reading.value] if isinstance(reading, ast.Constant) else
                    ["spec"] if reading is None else ["spec", "xboard", "diagram"])
        for dialect in readings:
            try:
                yield canonical(node.args[0].value, dialect), dialect, 8, 8
            except BetzaError:   # (a string refused in that reading: the test says so)
                continue


@pytest.fixture(scope="module", autouse=True)
def _tables() -> None:
    """The move tables the module's queries ask for, compiled together in few programs (as
    a batch of queries compiles its pieces': translator/compiled/store.py prepare), not
    in one program per test's piece; each query then matches its table as before."""
    store.prepare(list(_asked()))


def to(betza: str, origin: str, dialect: str, *, friends: tuple[str, ...] = (),
       side: str = "white", virgin: bool = False) -> list[str]:
    pos = Position.light(8, 8, side=side, friends=friends)
    found = moves(betza, origin, pos, virgin=virgin, dialect=dialect)
    return sorted({m.to for m in found}, key=lambda s: (s[0], int(s[1:])))


def test_oblique_continuation_mafN() -> None:
    # e4 -> c3 (-2,-1): the spec repeats the leap to a2; XBoard turns it into the King
    # direction bl and leaps (2,2) to a1. Likewise c5 -> a6 / a5 (l: (2,0)),
    # d6 -> c8 / b8 (fl: (2,2)), f6 -> g8 / f8 (f: (0,2)).
    assert to("mafN", "e4", "spec") == ["a2", "a6", "c8", "g8"]
    assert to("mafN", "e4", "diagram") == ["a2", "a6", "c8", "g8"]
    assert to("mafN", "e4", "xboard") == ["a1", "a5", "b8", "f8"]


def test_afrN_is_refused_only_by_the_spec_reading() -> None:
    with pytest.raises(BetzaError, match="oblique-later-legs"):
        to("afrN", "e4", "spec")
    # c3 then fr of bl = l: (2,0) -> a3; c5 then fr of l = fl -> a7; d6 then f -> d8;
    # f6 then fr of f = fr: (2,2) -> h8
    assert to("afrN", "e4", "xboard") == ["a3", "a7", "d8", "h8"]


def test_oblique_later_legs_diagram_turns_through_the_atoms_directions() -> None:
    # The Diagram turns l/r from the previous leg through the Knight's own eight directions,
    # clockwise for r. ffN from e4 reaches f6 (1,2) and d6 (-1,2); fr turns each to the next
    # Knight direction clockwise: (2,1) from f6 -> h7, (1,2) from d6 -> e8. XBoard turns to
    # King directions instead: f6 then fr (2,2) -> h8, d6 then f (0,2) -> d8.
    assert to("ffafrN", "e4", "diagram") == ["e8", "h7"]
    assert to("ffafrN", "e4", "xboard") == ["d8", "h8"]
    # Black's moves are White's turned round: from e5 d3 (-1,-2) then (-2,-1) -> b2, and
    # f3 (1,-2) then (-1,-2) -> e1
    assert to("ffafrN", "e5", "diagram", side="black") == ["b2", "e1"]
    # afrN from e4: every Knight move, then the next Knight direction clockwise: (3,3) and
    # (4,0) shapes, those on the board: h7 h1 b1 a4 b7 e8
    assert to("afrN", "e4", "diagram") == ["a4", "b1", "b7", "e8", "h1", "h7"]


def test_oblique_later_legs_palcC_in_each_program() -> None:
    # palcC from e4 hops over d7 (-1,3) or h5 (3,1), then turns left and captures. The
    # Diagram's l is the Camel direction two steps anticlockwise: (-3,-1) -> a6, (-1,3) -> g8;
    # XBoard's is the King direction (diagonal, leaping 3): (-3,-3) -> a4, (-3,3) -> e8.
    enemies = ("d7", "h5", "a6", "a4", "g8", "e8")
    assert to_pos("palcC", "e4", "diagram", enemies=enemies) == ["a6", "g8"]
    assert to_pos("palcC", "e4", "xboard", enemies=enemies) == ["a4", "e8"]
    # Black on d5 (White's e4 turned round): over e2 (1,-3), then (3,1) -> h3
    assert to_pos("palcC", "d5", "diagram", side="black", enemies=("e2", "h3", "h5")) == ["h3"]
    with pytest.raises(BetzaError, match="oblique-later-legs"):
        to_pos("palcC", "e4", "spec", enemies=enemies)


def test_range_inheritance_masW3() -> None:
    # from a1: up to 3 steps north or east, then a right-angle turn. The spec (and
    # XBoard) goes up to 3 more steps; the Diagram one step.
    full = ["b2", "b3", "b4", "c2", "c3", "c4", "d2", "d3", "d4"]
    assert to("masW3", "a1", "spec") == full
    assert to("masW3", "a1", "xboard") == full
    assert to("masW3", "a1", "diagram") == ["b2", "b3", "b4", "c2", "d2"]


def test_default_continuation_directions_aW() -> None:
    # spec/XBoard: from each W square forward, left, right: the 8 squares at distance 2
    spec = ["c4", "d3", "d5", "e2", "e6", "f3", "f5", "g4"]
    assert to("aW", "e4", "spec") == spec
    assert to("aW", "e4", "xboard") == spec
    # Diagram: also the 45 and 135 degree turns as an F step: the Knight squares
    # (e5 -> f6, d6 ...) and the W squares beside the start (e5 -> f4, d4 ...)
    knight = ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]
    beside = ["d4", "e3", "e5", "f4"]
    assert to("aW", "e4", "diagram") == sorted(spec + knight + beside,
                                               key=lambda s: (s[0], int(s[1:])))


def test_visited_squares_aaK_null_move() -> None:
    # a1 -> a2 -> b1 -> a1: the third leg comes back to the start. The spec forbids a
    # visited square; XBoard and the Diagram only the straight reversal.
    assert "a1" not in to("aaK", "a1", "spec")
    for dialect in ("xboard", "diagram"):
        found = moves("aaK", "a1", Position.light(), dialect=dialect)
        null = [m for m in found if m.to == "a1"]
        assert null and all(m.is_null for m in null)
        assert null[0].as_json()["null_move"] is True
        assert to("aaK", "a1", dialect) == sorted(
            to("aaK", "a1", "spec") + ["a1"], key=lambda s: (s[0], int(s[1:])))


def test_vs_in_king_system_vrK() -> None:
    assert to("vrK", "e4", "spec") == ["f3", "f5"]          # fr and br
    assert to("vrK", "e4", "xboard") == ["e3", "e5", "f4"]  # f, b and r
    assert to("vrK", "e4", "diagram") == ["f3", "f5"]


def test_n_on_stepper_never_moves_in_xboard() -> None:
    assert to("ifnmW6", "e2", "spec", virgin=True) == ["e3", "e4", "e5", "e6", "e7", "e8"]
    assert to("ifnmW6", "e2", "xboard", virgin=True) == []
    # e5, then fs: 45 degrees either way (an F step)
    assert to("fnafsmW", "e4", "spec") == ["d6", "f6"]
    assert to("fnafsmW", "e4", "xboard") == []


def test_g_on_leaper_gK() -> None:
    # friends on e5 and f5: gK = gafK mounts e5 and slides on to e6 e7 e8, mounts f5
    # and slides on to g6 h7. XBoard: no hop-off at all.
    contra = ["e6", "e7", "e8", "g6", "h7"]
    assert to("gK", "e4", "spec", friends=("e5", "f5")) == contra
    assert to("gafK", "e4", "spec", friends=("e5", "f5")) == contra
    assert to("gK", "e4", "diagram", friends=("e5", "f5")) == contra
    assert to("gK", "e4", "xboard", friends=("e5", "f5")) == []


def test_hop_off_range() -> None:
    # gR2 on a1 with a friend on c1: the mount is at the range limit
    assert to("gR2", "a1", "spec", friends=("c1",)) == ["d1"]
    assert to("gR2", "a1", "xboard", friends=("c1",)) == []
    assert to("gR2", "a1", "xboard", friends=("b1",)) == ["c1"]
    assert to("gR2", "a1", "diagram", friends=("c1",)) == ["d1", "e1", "f1", "g1", "h1"]
    # pR4 over b1: the spec and XBoard count the whole move within the 4, so the hop-off
    # goes the 3 steps left; the Diagram one step
    assert to("pR4", "a1", "spec", friends=("b1",)) == ["c1", "d1", "e1"]
    assert to("pR4", "a1", "xboard", friends=("b1",)) == ["c1", "d1", "e1"]
    assert to("pR4", "a1", "diagram", friends=("b1",)) == ["c1"]
    # pK and pN have no moves in XBoard (nothing is left of a range of 1)
    assert to("pK", "e4", "spec", friends=("e5",)) == ["e6"]
    assert to("pK", "e4", "xboard", friends=("e5",)) == []
    assert to("pN", "e4", "xboard", friends=("f6",)) == []


def test_range_toggle_with_number() -> None:
    # gafN2 over b3: the spec strips the 2 and goes on as a Knight (c5); the Diagram as a
    # Nightrider (c5 d7); XBoard goes on in its King system from b3: (0,2) to b5
    assert to("gafN2", "a1", "spec", friends=("b3",)) == ["c5"]
    assert to("gafN2", "a1", "diagram", friends=("b3",)) == ["c5", "d7"]
    assert to("gafN2", "a1", "xboard", friends=("b3",)) == ["b5"]
    # gB3 over b2: one step in the spec and XBoard, without limit in the Diagram
    assert to("gB3", "a1", "spec", friends=("b2",)) == ["c3"]
    assert to("gB3", "a1", "xboard", friends=("b2",)) == ["c3"]
    assert to("gB3", "a1", "diagram", friends=("b2",)) == ["c3", "d4", "e5", "f6", "g7", "h8"]


def test_black_diagonals_rlbK() -> None:
    # rlbK = r + bl. Black turned round: r is d4 (toward the a-file) and bl is f5; XBoard
    # turns only r and keeps White's bl: d3
    assert to("rlbK", "e4", "spec", side="black") == ["d4", "f5"]
    assert to("rlbK", "e4", "xboard", side="black") == ["d3", "d4"]
    assert to("rlbK", "e4", "xboard") == to("rlbK", "e4", "spec") == ["d3", "f4"]


def test_horizontal_non_jumping_nD() -> None:
    # every neighbour of d4 occupied: nD is blocked everywhere, except sideways in the
    # Diagram (b4 f4)
    ring = ("c4", "e4", "d5", "d3")
    assert to("nD", "d4", "spec", friends=ring) == []
    assert to("nD", "d4", "xboard", friends=ring) == []
    assert to("nD", "d4", "diagram", friends=ring) == ["b4", "f4"]


def test_ski_slider_range_jB() -> None:
    # c1: the first square is skipped; the spec slides on to h6. The Diagram goes on from
    # the skipped square (b2, d2 on rank 2) with NextLeg's range of *: going up (or
    # sideways) 4 - rank steps on 8 ranks, going down rank - 5, at least one: two steps,
    # a3 (the edge) and e3 f4
    assert to("jB", "c1", "spec") == ["a3", "e3", "f4", "g5", "h6"]
    assert to("jB", "c1", "diagram") == ["a3", "e3", "f4"]
    # the range goes by the direction on the board, not by the side: Black's jB from e8
    # skips d7, f7 (rank 7) and goes down 7 - 5 = 2 steps, c6 b5 and g6 h5; White's from
    # e8 the same
    assert to("jB", "e8", "diagram", side="black") == ["b5", "c6", "g6", "h5"]
    assert to("jB", "e8", "diagram") == ["b5", "c6", "g6", "h5"]
    assert to("jB", "e8", "spec", side="black") == ["a4", "b5", "c6", "g6", "h5"]


def test_lame_with_hop_npDD() -> None:
    # friends on a2 and a3: npDD cannot jump a2 to mount a3; the Diagram drops the n
    assert to("npDD", "a1", "spec", friends=("a2", "a3")) == []
    assert to("pDD", "a1", "spec", friends=("a2", "a3")) == ["a5", "a7"]
    assert to("npDD", "a1", "diagram", friends=("a2", "a3")) == ["a5", "a7"]


def to_pos(betza: str, origin: str, dialect: str, *, enemies: tuple[str, ...] = (),
           friends: tuple[str, ...] = (), side: str = "white", virgin: bool = False
           ) -> list[str]:
    pos = Position.light(8, 8, side=side, friends=friends, enemies=enemies)
    found = moves(betza, origin, pos, virgin=virgin, dialect=dialect)
    return sorted({m.to for m in found}, key=lambda s: (s[0], int(s[1:])))


def test_lr_after_vs_on_oblique_vlN() -> None:
    # the spec: the vertical moves of the left pair (c3 c5); both programs: vN (d2 d6 f2
    # f6) and lN (c3 c5). Black, turned round on d5: f4 f6, and vN c3 c7 e3 e7
    assert to("vlN", "e4", "spec") == ["c3", "c5"]
    for dialect in ("xboard", "diagram"):
        assert to("vlN", "e4", dialect) == ["c3", "c5", "d2", "d6", "f2", "f6"]
        assert to("vlN", "d5", dialect, side="black") == ["c3", "c7", "e3", "e7", "f4", "f6"]
    assert to("vlN", "d5", "spec", side="black") == ["f4", "f6"]


def test_iso_after_leaper_maiN() -> None:
    # the spec and the Diagram: maiN is maN (i asks nothing after a leaper leg); XBoard:
    # only a piece that has not moved (then as its own maN)
    for dialect in ("spec", "diagram"):
        assert to("maiN", "e4", dialect) == to("maN", "e4", dialect)
    assert to("maiN", "e4", "xboard") == []
    assert to("maiN", "e4", "xboard", virgin=True) == to("maN", "e4", "xboard")
    assert to("maiN", "d5", "xboard", side="black") == []
    # fasiK on d4: the forward step to d5, then c5 or e5 (Black on e5: e4, then d4 / f4)
    assert to("fasiK", "d4", "xboard", virgin=True) == ["c5", "e5"]
    assert to("fasiK", "e5", "xboard", side="black", virgin=True) == ["d4", "f4"]


def test_toggle_kept_yalmarW() -> None:
    # y: a W step from e5 that toggles to R; l m: a slide turned left; r: turned right. Each
    # leg inherits the range of the one before, so the toggle holds for legs 2 and 3 (the
    # spec reading, and both programs: XBoard's toggle rewrites the atom letter all later
    # legs share, the Diagram keeps the toggled range). e6 -> d6 .. a6 (west), then north:
    # d7 d8 c7 c8 b7 b8 a7 a8; f5 -> f6 f7 f8, then east: g6 h6 g7 h7 g8 h8; e4 -> f4 g4
    # h4, then south: f3 f2 f1 g3 .. h1; d5 -> d4 .. d1, then west: c4 b4 a4 .. c1 b1 a1
    white = ["a1", "a2", "a3", "a4", "a7", "a8", "b1", "b2", "b3", "b4", "b7", "b8",
             "c1", "c2", "c3", "c4", "c7", "c8", "d7", "d8", "f1", "f2", "f3",
             "g1", "g2", "g3", "g6", "g7", "g8", "h1", "h2", "h3", "h6", "h7", "h8"]
    assert len(white) == 35
    for dialect in ("spec", "xboard", "diagram", "diagram:range-inheritance"):
        assert to("yalmarW", "e5", dialect) == white
    # Black on d4, the board turned round: d3 -> e3 .. h3 (Black's left is east), then
    # south: e2 e1 .. h2 h1; c4 -> c3 c2 c1, then west: b3 a3 b2 a2 b1 a1; d5 -> c5 b5 a5,
    # then north: c6 c7 c8 .. a8; e4 -> e5 .. e8, then east: f5 .. h8
    black = ["a1", "a2", "a3", "a6", "a7", "a8", "b1", "b2", "b3", "b6", "b7", "b8",
             "e1", "e2", "f1", "f2", "f5", "f6", "f7", "f8",
             "g1", "g2", "g5", "g6", "g7", "g8", "h1", "h2", "h5", "h6", "h7", "h8",
             "c6", "c7", "c8"]
    black.sort(key=lambda sq: (sq[0], int(sq[1:])))
    assert len(black) == 35
    for dialect in ("spec", "xboard", "diagram"):
        assert to("yalmarW", "d4", dialect, side="black") == black


def test_toggle_on_any_stop_mgafW() -> None:
    # mgafW on e4: a W step onto an empty square, then straight on. The spec toggles only
    # on g's mount, so the second leg is one more W step: c4 e2 e6 g4. XBoard toggles W to
    # R0 whenever the g leg goes on, and so does the Diagram (BetzaParse toggles the range
    # of the legs after a g once, for every path): e5 -> e6 e7 e8, d4 -> c4 b4 a4,
    # f4 -> g4 h4, e3 -> e2 e1
    assert to("mgafW", "e4", "spec") == ["c4", "e2", "e6", "g4"]
    for dialect in ("xboard", "diagram", "diagram:toggle-on-any-stop"):
        assert to("mgafW", "e4", dialect) == ["a4", "b4", "c4", "e1", "e2", "e6", "e7",
                                              "e8", "g4", "h4"]
    # Black on e5: e4 -> e3 e2 e1, d5 -> c5 b5 a5, f5 -> g5 h5, e6 -> e7 e8
    for dialect in ("xboard", "diagram"):
        assert to("mgafW", "e5", dialect, side="black") == [
            "a5", "b5", "c5", "e1", "e2", "e3", "e7", "e8", "g5", "h5"]
    # cyafW on e4 with enemies on e5 and d4: a capture ends the y leg and the rest slides
    # on as R: over e5 to e6 e7 e8, over d4 to c4 b4 a4 (and the y steps onto f4, e3)
    found = moves("cyafW", "e4", Position.light(8, 8, enemies=("e5", "d4")),
                  dialect="xboard")
    assert {(m.to, m.captures) for m in found} == {
        ("e6", ("e5",)), ("e7", ("e5",)), ("e8", ("e5",)), ("c4", ("d4",)), ("b4", ("d4",)),
        ("a4", ("d4",)), ("g4", ()), ("h4", ()), ("e2", ()), ("e1", ())}


def test_h_in_king_system() -> None:
    # fhK on e4: the spec's forward half plane is d5 e5 f5; XBoard reads f, then h = every
    # direction: all eight neighbours d3 d4 d5 e3 e5 f3 f4 f5
    assert to("fhK", "e4", "spec") == ["d5", "e5", "f5"]
    king = ["d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"]
    assert to("fhK", "e4", "xboard") == king
    assert to("rhK", "e4", "xboard") == king
    assert to("fhK", "e5", "xboard", side="black") == ["d4", "d5", "d6", "e4", "e6", "f4",
                                                        "f5", "f6"]
    # on a later leg h goes every way, straight back too: mafhK from e4 returns to e4
    # (e5 then back), which the spec's fh (on, or 45 degrees) never does
    assert "e4" in to("mafhK", "e4", "xboard")
    assert "e4" not in to("mafhK", "e4", "spec")


def test_vs_on_diagonal() -> None:
    # sfB on d8: the spec's sf is the forward pair, off the board from d8: no move.
    # XBoard: sf names nothing, so B goes all four ways: c7 b6 a5, e7 f6 g5 h4
    assert to("sfB", "d8", "spec") == []
    assert to("sfB", "d8", "xboard") == ["a5", "b6", "c7", "e7", "f6", "g5", "h4"]
    # vfrF on e4: v names nothing, fr does: f5 only (the spec, as the Diagram: vf is f on F,
    # then r: d5 f5 f3)
    assert to("vfrF", "e4", "xboard") == ["f5"]
    assert to("vfrF", "e4", "spec") == ["d5", "f3", "f5"]
    # Black on e5: vfrF's fr is Black's forward right, d4
    assert to("vfrF", "e5", "xboard", side="black") == ["d4"]
    # bsB for Black on d1: all four ways, the board's rim stops all but c2 b3 a4, e2 .. h5
    assert to("bsB", "d1", "xboard", side="black") == ["a4", "b3", "c2", "e2", "f3", "g4",
                                                       "h5"]


def test_tame_final_hop() -> None:
    # reading tame: tpR on a1, an enemy on a3: the t of the last written leg is tame, the
    # hop is over any piece: a4 a5 a6 a7 a8, as XBoard. t on a leg that goes on (tpafR)
    # hops over friends only.
    for reading in ("spec", "xboard"):
        assert to_pos("tpR", "a1", reading, enemies=("a3",)) == ["a4", "a5", "a6", "a7", "a8"]
        assert to_pos("tpafR", "a1", reading, enemies=("a3",)) == []
        # Black on h8 over an enemy on h6: h5 h4 h3 h2 h1
        assert to_pos("tpR", "h8", reading, side="black", enemies=("h6",)) == [
            "h1", "h2", "h3", "h4", "h5"]
        # the landing still spares a royal enemy: over a3, the royal a5 stops the ride at a4
        pos = Position.light(8, 8, enemies=("a3", "a5"), royal=("a5",))
        assert sorted(m.to for m in moves("tpR", "a1", pos, dialect=reading)) == ["a4"]
        assert sorted(m.to for m in moves("pR", "a1", pos, dialect=reading)) == ["a4", "a5"]


def test_no_boost_no_star() -> None:
    # moves.c stops at X, Y and *: FXN on e4 is the Ferz alone (d3 d5 f3 f5), where the spec
    # has the Giraffe (4,1) a3 a5 d8 f8 and the Knight
    assert to("FXN", "e4", "xboard") == ["d3", "d5", "f3", "f5"]
    assert to("FXN", "e4", "xboard:no-boost-no-star") == ["d3", "d5", "f3", "f5"]
    assert "a3" in to("FXN", "e4", "spec") and "c3" in to("FXN", "e4", "spec")
    # R*N on a1 is a whole Rook (a2 .. a8, b1 .. h1); the spec's R* stops at the middle
    rook = [f"a{r}" for r in range(2, 9)] + [f"{f}1" for f in "bcdefgh"]
    assert to("R*N", "a1", "xboard") == sorted(rook)
    # fmW*cF for Black on e7: only e6 (the spec's W* goes on to e5, and cF captures)
    assert to("fmW*cF", "e7", "xboard", side="black") == ["e6"]
    assert to("fmW*cF", "e7", "spec", side="black") == ["e5", "e6"]


def test_a_readings_tokens_keep_their_meaning_in_its_canonical_string() -> None:
    # iffB in XBoard: i, then f and f (doubled-letter-apart); its canonical string keeps the i
    # first, so a Black piece on d3 moves (c2 b1, e2 f1) only before it has moved
    assert to("iffB", "d3", "xboard", side="black", virgin=True) == ["b1", "c2", "e2", "f1"]
    assert to("iffB", "d3", "xboard", side="black") == []
    # a modifier written between two letters is put back between them: fmvF is f and v
    # (all four diagonals), where fvF is f alone
    assert to("fmvF", "e4", "spec") == ["d3", "d5", "f3", "f5"]


def test_letter_order() -> None:
    # XBoard stops reading a leg's letters at the first one out of its order. rifnB on e4:
    # r, then i ends the letters: rB, the two right diagonals f5 g6 h7 and f3 g2 h1 (the
    # spec: r and f kept apart by the i, the right and the forward diagonals, for a piece that
    # has not moved: f3 g2 h1, f5 g6 h7 and d5 c6 b7 a8, as the Diagram reads it)
    assert to("rifnB", "e4", "xboard") == ["f3", "f5", "g2", "g6", "h1", "h7"]
    assert to("rifnB", "e4", "spec", virgin=True) == [
        "a8", "b7", "c6", "d5", "f3", "f5", "g2", "g6", "h1", "h7"]
    # cmW with an enemy on e5: c, then m is out of order: cW captures e5 only
    assert to_pos("cmW", "e4", "xboard", enemies=("e5",)) == ["e5"]
    assert to_pos("cmW", "e4", "spec", enemies=("e5",)) == ["d4", "e3", "e5", "f4"]
    # fmicaW: the a after the stray i is not read either: fmW, one step to e5 (Black on
    # e5: e4)
    assert to("fmicaW", "e4", "xboard") == ["e5"]
    assert to("fmicaW", "e5", "xboard", side="black") == ["e4"]


def test_y_mode_bits() -> None:
    # an enemy on e5. mcyafW: y flips the written m off, so the first leg only captures
    # (e5), then goes on toggled to R: e6 e7 e8. The spec also steps onto d4 f4 e3 (y:
    # toggled, sliding on to c4 b4 a4, g4 h4, e2 e1), and its capture on e5 goes on with
    # one more W step (e6)
    assert to_pos("mcyafW", "e4", "xboard", enemies=("e5",)) == ["e6", "e7", "e8"]
    assert to_pos("mcyafW", "e4", "spec", enemies=("e5",)) == [
        "a4", "b4", "c4", "e1", "e2", "e6", "g4", "h4"]
    # gyafW: y clears g's hop: only the empty squares, then on as R: c4 b4 a4, g4 h4,
    # e2 e1 (not over e5)
    assert to_pos("gyafW", "e4", "xboard", enemies=("e5",)) == [
        "a4", "b4", "c4", "e1", "e2", "g4", "h4"]
    # on the last leg y is nothing: yW is W (d4 e3 f4 and the capture on e5), cyW is cW
    assert to_pos("yW", "e4", "xboard", enemies=("e5",)) == ["d4", "e3", "e5", "f4"]
    assert to_pos("cyW", "e4", "xboard", enemies=("e5",)) == ["e5"]
    # Black on e5, the enemy on e4: mcyafW captures e4, then slides on: e3 e2 e1
    assert to_pos("mcyafW", "e5", "xboard", side="black", enemies=("e4",)) == [
        "e1", "e2", "e3"]


def test_chiral_off_oblique() -> None:
    # hrA: XBoard reads h (nothing on F, B, A, G) and then r alone, the two right diagonals:
    # from a8 fr is off the board, br leaps (2,-2) to c6; so do the spec (reading
    # combining-letters: an h that opens no chiral set names nothing) and the Diagram
    assert to("hrA", "a8", "xboard") == ["c6"]
    assert to("hrA", "a8", "spec") == ["c6"]
    assert to("hlF", "d4", "xboard") == ["c3", "c5"]
    # Black's left is the board's right: hlA from d4 goes to f2 and f6
    assert to("hlA", "d4", "xboard", side="black") == ["f2", "f6"]
    # on K and Q h is every direction (hrK is K); on W the first leg's h ends the letters
    king = ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    assert to("hrK", "d4", "xboard") == king
    assert to("hlK", "d5", "xboard", side="black") == ["c4", "c5", "c6", "d4", "d6", "e4",
                                                       "e5", "e6"]
    assert to("hrW", "d4", "xboard") == ["c4", "d3", "d5", "e4"]
    # a later leg's hr goes every way, straight back too: mahrK from d4 may end on d4
    assert "d4" in to("mahrK", "d4", "xboard")
    # an enemy on a4 and e8: hlcQ on d4 captures both (and nothing else)
    assert to_pos("hlcQ", "d4", "xboard", enemies=("a4", "d8")) == ["a4", "d8"]


def test_chiral_off_oblique_h_stands_alone() -> None:
    # hrfF on e4: moves.c's F loop never pairs h (dirType '4' and r's '2' make 2, not 3) and
    # gives it no bits; r and f then pair: dirs1 0x0F & 0xC3 & 0xAA = bit 1, fr: (1,1) to f5.
    # The spec reads the h as nothing and rf as one token too (reading combining-letters).
    assert to("hrfF", "e4", "spec") == ["f5"]
    assert to("hrfF", "e4", "xboard") == ["f5"]
    # Black turns bit 1 into bit 5, (-1,-1): from e5 to d4
    assert to("hrfF", "e5", "xboard", side="black") == ["d4"]
    # hrvF: r and v pair to dirs1 0x0F & 0 = nothing; no letter names a direction: all four
    assert to("hrvF", "e4", "xboard") == ["d3", "d5", "f3", "f5"]
    # hfF: h, then f alone (0xC3 & 0xAA: fr f5 and fl d5); for Black on e5: d4 f4
    assert to("hfF", "e4", "spec") == ["d5", "f5"]
    assert to("hfF", "e4", "xboard") == ["d5", "f5"]
    assert to("hfF", "e5", "xboard", side="black") == ["d4", "f4"]
    # hfK: the K loop's h is 0xFF, every direction
    king = ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    assert to("hfK", "d4", "xboard") == king
    assert to("hfK", "d4", "xboard", side="black") == king
    # flhN: the N loop pairs f and l (0xC3 & 0x60: c5), then h alone is 0xFF: every leap
    knight = ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]
    assert to("flhN", "e4", "xboard") == knight
    assert to("flhN", "e5", "xboard", side="black") == [
        "c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"]


def test_doubled_letter_apart() -> None:
    # fflK on e4: moves.c's K loop reads a doubled letter alone and goes on with the second
    # (desc++ once): f (dirs4 0x01: e5), then f and l pair (dirs3 0x83 & 0xE0 = 0x80: fl,
    # d5). The spec reads ff (f: e5) and l (d4)
    assert to("fflK", "e4", "spec") == ["d4", "e5"]
    assert to("fflK", "e4", "xboard") == ["d5", "e5"]
    # Black on e5: the orthogonal f turns round (e4), the diagonal fl stays White's
    # (black-diagonals: d6)
    assert to("fflK", "e5", "xboard", side="black") == ["d6", "e4"]
    # ffrF: the F loop never pairs f with f (1 | 1 has no bit 2): f (0xC3 & 0xAA: d5 f5)
    # and fr (0x03 & 0xAA: f5); the spec's ff and r add f3. Black on e5: d4 f4
    assert to("ffrF", "e4", "spec") == ["d5", "f3", "f5"]
    assert to("ffrF", "e4", "xboard") == ["d5", "f5"]
    assert to("ffrF", "e5", "xboard", side="black") == ["d4", "f4"]
    # on an oblique atom the N loop pairs a doubled letter as the spec does: ffrrN is ff, rr
    assert to("ffrrN", "e4", "xboard") == ["d6", "f6", "g3", "g5"]


def test_vs_alone_on_oblique_vh_after_other_letters() -> None:
    # fvhN on e4: the N loop reads f alone (dirs2 0x81: d6 f6), then vh, dirs1['v'] = 0:
    # nothing (vh is v only in the Interactive Diagram's reading). Black on e5: d3 f3
    assert to("fvhN", "e4", "xboard") == ["d6", "f6"]
    assert to("fvhN", "e5", "xboard", side="black") == ["d3", "f3"]
    assert to("lshN", "e4", "xboard") == ["c3", "c5"]


def test_vs_alone_frees_the_next_letter() -> None:
    # vlfK on e4: the K loop reads v alone (dirs4 0x11: e5 e3), then l and f pair (dirs3
    # 0xE0 & 0x83 = 0x80: fl, d5). Black on e5: the orthogonal v turns round into itself
    # (e4 e6), the diagonal fl stays White's (black-diagonals: d6)
    assert to("vlfK", "e4", "xboard") == ["d5", "e3", "e5"]
    assert to("vlfK", "e5", "xboard", side="black") == ["d6", "e4", "e6"]
    # sflN on e4: the N loop reads s alone (dirs2 0x66: g5 g3 c3 c5), then f and l pair
    # (dirs1 0xC3 & dirs2 0x60 = 0x40: c5); Black on e5: s is c4 c6 g4 g6, fl is g4
    assert to("sflN", "e4", "xboard") == ["c3", "c5", "g3", "g5"]
    assert to("sflN", "e5", "xboard", side="black") == ["c4", "c6", "g4", "g6"]


def test_letter_order_chiral_opening() -> None:
    # hrfN on e4: moves.c's N loop reads hr where the letters begin (0x55: (1,2) f6, (2,-1)
    # g3, (-1,-2) d2, (-2,1) c5) and then no direction letter (the f is not read); the spec
    # adds f's d6 and f6
    assert to("hrfN", "e4", "spec") == ["c5", "d2", "d6", "f6", "g3"]
    assert to("hrfN", "e4", "xboard") == ["c5", "d2", "f6", "g3"]
    # hfN: any letter after that h but r makes hl (0xAA: g5 f2 c3 d6); Black turns 0xAA
    # into itself, so from e5: c4 d7 f3 g6
    assert to("hfN", "e4", "xboard") == ["c3", "d6", "f2", "g5"]
    assert to("hfN", "e5", "xboard", side="black") == ["c4", "d7", "f3", "g6"]
    # hmN: the m is taken as the chiral partner, so no mode is written: hlN captures too
    assert to_pos("hmN", "e4", "xboard", enemies=("d6",)) == ["c3", "d6", "f2", "g5"]


def test_vs_alone_on_oblique() -> None:
    # sfN on e4: the spec's sf is the forward pair d6 f6; XBoard reads s (c3 c5 g3 g5) and f
    # (d6 f6) apart
    assert to("sfN", "e4", "spec") == ["d6", "f6"]
    assert to("sfN", "e4", "xboard") == ["c3", "c5", "d6", "f6", "g3", "g5"]
    # Black on e5: s is c4 c6 g4 g6, Black's f is d3 f3
    assert to("sfN", "e5", "xboard", side="black") == ["c4", "c6", "d3", "f3", "g4", "g6"]
    # sbN: s and b (d2 f2)
    assert to("sbN", "e4", "xboard") == ["c3", "c5", "d2", "f2", "g3", "g5"]
    # vv names nothing: vvN is N, vvfN is fN (the spec: vvN is vN, d2 d6 f2 f6)
    assert to("vvN", "e4", "spec") == ["d2", "d6", "f2", "f6"]
    assert to("vvN", "e4", "xboard") == ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]
    assert to("vvfN", "e4", "xboard") == ["d6", "f6"]


def test_vs_alone_on_oblique_in_the_diagram() -> None:
    # the Interactive Diagram splits sf and sb as XBoard does: sfN on e4 is s (c3 c5 g3 g5)
    # and f (d6 f6); for Black on e5 sbZ is s (b3 b7 h3 h7) and Black's b, toward rank 8
    # (c8 g8), where the spec's sb is that backward pair alone
    assert to("sfN", "e4", "diagram") == ["c3", "c5", "d6", "f6", "g3", "g5"]
    assert to("sbZ", "e5", "spec", side="black") == ["c8", "g8"]
    assert to("sbZ", "e5", "diagram", side="black") == ["b3", "b7", "c8", "g8", "h3", "h7"]
    # vs is v (d2 d6 f2 f6) and s: all eight; vv stays v, unlike XBoard's
    assert to("vsN", "e4", "diagram") == ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]
    assert to("vvN", "e4", "diagram") == ["d2", "d6", "f2", "f6"]


def test_j_after_n() -> None:
    # njK on e4: XBoard's n and then j is an ordinary leg, all eight neighbours
    assert to("njK", "e4", "xboard") == ["d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"]
    # njjD is jD: with a friend on e5 only e6 (over it); empty d4 f4 e3 bar the rest
    assert to("njjD", "e4", "xboard", friends=("e5",)) == ["e6"]
    assert to("njD", "e4", "xboard", friends=("e5",)) == ["c4", "e2", "e6", "g4"]
    # Black on e5, a friend on e4: njjD jumps it to e3
    assert to("njjD", "e5", "xboard", side="black", friends=("e4",)) == ["e3"]


def test_skip_in_range() -> None:
    # jW2 on e4: XBoard counts the skipped square in the range of 2, so each ray lands on
    # its second square only (e6 c4 e2 g4); the spec goes two squares after it (e7 b4 ...)
    assert to("jW2", "e4", "xboard") == ["c4", "e2", "e6", "g4"]
    assert to("jW2", "e4", "spec") == ["b4", "c4", "e1", "e2", "e6", "e7", "g4", "h4"]
    assert to("jW2", "e5", "xboard", side="black") == ["c5", "e3", "e7", "g5"]
    # jR3 from a1: skip a2, then a3 a4; skip b1, then c1 d1 (as the Diagram)
    assert to("jR3", "a1", "xboard") == ["a3", "a4", "c1", "d1"]
    # on a later leg too: mafjR2 from a1 steps to a2 or a3 (b1 or c1), then skips one and
    # lands on the next: a4 a5 d1 e1 (the spec: a4 a5 a6 d1 e1 f1)
    assert to("mafjR2", "a1", "xboard") == ["a4", "a5", "d1", "e1"]
    assert to("mafjR2", "h8", "xboard", side="black") == ["d8", "e8", "h4", "h5"]
    # a W leg of range 1 that skips lands nowhere: majW has no moves
    assert to("majW", "e4", "xboard") == []
    # the skipped square counts in the distance an iso leg after it goes too: majaiR from
    # a1, friends on b1 a3 a5 d2: a2, then skip a3 to a4 (or b2 to c2), two squares, so the
    # iso leg goes two: from a4 right to c4 (a6 is behind a5), from c2 up to c4 (e2 is
    # behind d2). The spec counts one leap: b4 (from a4), c3 and c1 (from c2)
    blocks = ("b1", "a3", "a5", "d2")
    assert to("majaiR", "a1", "xboard", friends=blocks) == ["c4"]
    assert to("majaiR", "a1", "spec", friends=blocks) == ["b4", "c1", "c3"]
    assert to("majaiR", "h8", "xboard", side="black",
              friends=("g8", "h6", "h4", "e7")) == ["f5"]


def test_jj_skips_two() -> None:
    # jjR from a1: moves.c's jump is 3, and skip = jump - 1 = 2 squares are passed over
    # whatever stands there (a2 a3, b1 c1): a4 .. a8 and d1 .. h1; the spec's jj is j here
    # (a3 .. a8, c1 .. h1)
    assert to("jjR", "a1", "xboard", friends=("a2", "a3")) == [
        "a4", "a5", "a6", "a7", "a8", "d1", "e1", "f1", "g1", "h1"]
    assert to("jjR", "a1", "spec") == [
        "a3", "a4", "a5", "a6", "a7", "a8", "c1", "d1", "e1", "f1", "g1", "h1"]
    # Black on h8: h7 h6 and g8 f8 skipped: h5 .. h1 and e8 .. a8
    assert to("jjR", "h8", "xboard", side="black") == [
        "a8", "b8", "c8", "d8", "e8", "h1", "h2", "h3", "h4", "h5"]
    # the two skipped squares count in the range (skip-in-range): jjW3 lands on the third
    # square only, jjR2 nowhere
    assert to("jjW3", "e4", "xboard") == ["b4", "e1", "e7", "h4"]
    assert to("jjW3", "e5", "xboard", side="black") == ["b5", "e2", "e8", "h5"]
    assert to("jjR2", "a1", "xboard") == []


def test_doubled_atom_twice_after_a_failed_iso_test() -> None:
    # aiKK: moves.c reads aiK and then K. Its leg 2's i follows a single step, so it asks
    # for a piece that has not moved (iso-after-leaper); a moved piece fails it, and the
    # test's continue reads the second K as leg 2, bare: from d4 a King step, then one more
    # every way but straight back (b2 .. f6 but d4), and the K's own steps
    ring = ["b2", "b3", "b4", "b5", "b6", "c2", "c3", "c4", "c5", "c6", "d2", "d3", "d5",
            "d6", "e2", "e3", "e4", "e5", "e6", "f2", "f3", "f4", "f5", "f6"]
    assert to("aiKK", "d4", "xboard") == ring
    assert to("aiKK", "d4", "xboard", virgin=True) == ring
    # fsmcaifmKK: a piece that has not moved makes fsmcaifmK (to c5 or e5, then on: b6
    # f6) and K; one that has moved goes on from c5 or e5 with the bare K instead, every way
    # but straight back: b4 b5 b6 c4 c6 d5 d6 and d6 e4 e6 f4 f5 f6, besides the K
    assert to("fsmcaifmKK", "d4", "xboard", virgin=True) == [
        "b6", "c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5", "f6"]
    assert to("fsmcaifmKK", "d4", "xboard") == [
        "b4", "b5", "b6", "c3", "c4", "c5", "c6", "d3", "d5", "d6", "e3", "e4", "e5", "e6",
        "f4", "f5", "f6"]
    # Black, moved, from e5: aiKK's ring is c3 .. g7 but e5
    assert len(to("aiKK", "e5", "xboard", side="black")) == 24
    # (the spelling leaves the move out: the string reads as written)
    assert canonical("aiKK", "xboard") == "aiKK"


def test_own_square_occupied_xboard() -> None:
    # mabajN from d4: XBoard reads the later legs of N in its King directions
    # (oblique-continuation): d4-c6, then an Alfil leap back to e4, then a Dabbaba leap
    # to c4 whose j must jump d4, where moves.c's board still holds the piece; likewise
    # d3 d5 e4. The spec's d4 is empty from the first leg on: no move.
    assert to("mabajN", "d4", "xboard") == ["c4", "d3", "d5", "e4"]
    assert to("mabajN", "d4", "xboard:own-square-occupied") == []
    assert to("mabajN", "d4", "spec") == []
    # Black from e5: d5 e4 e6 f5
    assert to("mabajN", "e5", "xboard", side="black") == ["d5", "e4", "e6", "f5"]
    # n may not pass it: mabanN from d4 never lands on c4 d3 d5 e4
    assert to("mabanN", "d4", "xboard") == [
        "a2", "a4", "a6", "b1", "b3", "b5", "b7", "c2", "c6", "d1", "d7", "e2", "e6",
        "f1", "f3", "f5", "f7", "g2", "g4", "g6"]


def test_iso_on_final_hop() -> None:
    # maipR from a1, friends on a3 and c3: the spec steps to a2 (b1), mounts a3 (c3) one
    # step on and hops off: a4 .. a8, c4 .. c8. XBoard tests the iso distance (one) on the
    # squares beyond the mount too, so no move
    assert to("maipR", "a1", "spec", friends=("a3", "c3")) == [
        "a4", "a5", "a6", "a7", "a8", "c4", "c5", "c6", "c7", "c8"]
    assert to("maipR", "a1", "xboard", friends=("a3", "c3")) == []
    assert to("maipR", "h8", "xboard", side="black", friends=("h6", "f6")) == []
    # the spec's Black on h8 over h6 (f6): h5 .. h1, f5 .. f1
    assert to("maipR", "h8", "spec", side="black", friends=("h6", "f6")) == [
        "f1", "f2", "f3", "f4", "f5", "h1", "h2", "h3", "h4", "h5"]


def test_doubled_atom_continuation_maWW() -> None:
    # maWW on e4: the Diagram goes on with one step: 38 squares, the spec as maW0: 59
    assert len(to("maWW", "e4", "diagram")) == 38
    assert len(to("maWW", "e4", "spec")) == 59
    assert to("maWW", "e4", "spec") == to("maW0", "e4", "spec")


def test_doubled_atom_is_a_written_range_for_a_final_g_gWW() -> None:
    # The Diagram reads WW as the written range 0, and a final g negates it to 1 (as gW0,
    # range-toggle-with-number): gWW on g5 over a friend on g6 lands on g7 only, not g7 g8.
    assert to("gWW", "g5", "diagram", friends=("g6",)) == ["g7"]
    assert to("gW0", "g5", "diagram", friends=("g6",)) == ["g7"]
    # Black on g5 over g4: g3 only
    assert to("gWW", "g5", "diagram", friends=("g4",), side="black") == ["g3"]
    # gFF on a5 over b6: c7 (not d8)
    assert to("gFF", "a5", "diagram", friends=("b6",)) == ["c7"]
    # a g on a later leg toggles the doubled atom's one-leap range to a ride: gaWW from e4
    # with no mount goes nowhere, as gaW0 (the first leg needs a mount)
    assert to("gaWW", "e4", "diagram") == to("gaW0", "e4", "diagram") == []


def test_doubled_atom_twice_maWW() -> None:
    # XBoard 4.9.1 knows no doubled atom: maWW is maW, then W as a move of its own.
    # maW from e4: a step to e5 d4 f4 e3, then on, left or right: e6 d5 f5, c4 d5 d3,
    # g4 f5 f3, e2 d3 f3; W: d4 e3 e5 f4
    assert to("maWW", "e4", "xboard") == ["c4", "d3", "d4", "d5", "e2", "e3", "e5", "e6",
                                          "f3", "f4", "f5", "g4"]
    assert to("maWW", "e4", "xboard") == to("maWW", "e4", "xboard:doubled-atom-twice")
    # Black on e5: e4 -> e3 d4 f4, d5 -> c5 d6 d4, f5 -> g5 f6 f4, e6 -> e7 d6 f6; W: d5
    # e4 e6 f5
    assert to("maWW", "e5", "xboard", side="black") == [
        "c5", "d4", "d5", "d6", "e3", "e4", "e6", "e7", "f4", "f5", "f6", "g5"]
    # NN is a Knight: from a1 b3 c2 only (the spec's Nightrider also reaches d5 ... g7)
    assert to("NN", "a1", "xboard") == ["b3", "c2"]


def test_hop_off_unlimited_fpW0() -> None:
    # fpW0 on h2 over an enemy on h4: slides on to h5 h6 h7 h8 (the Diagram too); with
    # hop-off-range alone the Diagram's one-step hop-off would stop on h5
    for dialect in ("spec", "xboard", "diagram"):
        assert to_pos("fpW0", "h2", dialect, enemies=("h4",)) == ["h5", "h6", "h7", "h8"]
    assert to_pos("fpW0", "h2", "diagram:hop-off-range", enemies=("h4",)) == ["h5"]
    assert to_pos("fpW0", "a7", "diagram", side="black", enemies=("a5",)) == [
        "a1", "a2", "a3", "a4"]


def test_hop_off_range_after_range_inheritance_mafpR3() -> None:
    # mafpR3 from a1 with a friend on a3: leg 1 can only step up to a2 (a3 blocks it; along
    # rank 1 leg 2 finds no mount), leg 2 hops forward over a3. The Diagram's leg 2 has R's
    # own range (range-inheritance), not the written 3, so the one-step hop-off of
    # hop-off-range does not apply: it slides on a4 a5 a6 a7 a8. The spec (and XBoard)
    # count leg 2 within its inherited 3 from a2: the hop takes one, the hop-off the two
    # left: a4 a5.
    assert to("mafpR3", "a1", "spec", friends=("a3",)) == ["a4", "a5"]
    assert to("mafpR3", "a1", "xboard", friends=("a3",)) == ["a4", "a5"]
    assert to("mafpR3", "a1", "diagram", friends=("a3",)) == ["a4", "a5", "a6", "a7", "a8"]
    # Black from a8 over a6: a5 a4 a3 a2 a1
    assert to("mafpR3", "a8", "diagram", friends=("a6",), side="black") == [
        "a1", "a2", "a3", "a4", "a5"]
    # mafpW3: leg 2 has W's own range (one step), and so has its hop-off: a4 only (the
    # spec: a4 a5, as mafpR3)
    assert to("mafpW3", "a1", "diagram", friends=("a3",)) == ["a4"]
    assert to("mafpW3", "a8", "diagram", friends=("a6",), side="black") == ["a5"]
    # the one-leg pR4 keeps its one-step hop-off (hop-off-range)
    assert to("pR4", "a1", "diagram", friends=("b1",)) == ["c1"]


def test_letters_apart_across_a_modifier() -> None:
    # Direction letters combine only when written next to each other; a modifier between them
    # keeps them apart, in both programs. fmrK on e4: f (e5) and r (f4), not the diagonal
    # frK (f5); for Black from e5: f is e4, r is d5
    assert to("fmrK", "e4", "spec") == ["e5", "f4"]
    assert to("fmrK", "e5", "spec", side="black") == ["d5", "e4"]
    assert to("fmrK", "e4", "diagram") == ["e5", "f4"]
    assert to("frmK", "e4", "spec") == ["f5"]
    # lmfN: the left pair c3 c5 and the forward pair d6 f6 (lfN is d6 alone)
    assert to("lmfN", "e4", "spec") == ["c3", "c5", "d6", "f6"]
    assert to("lmfN", "e5", "spec", side="black") == ["d3", "f3", "g4", "g6"]
    # XBoard reads no direction after a mode letter (letter-order): fmrK is fmK
    assert to("fmrK", "e4", "xboard") == ["e5"]


def test_p_written_with_g_is_g() -> None:
    # reading continuation-ranges: pgR from a1 over a friend on a3 hops as gR, one step: a4
    # (not a4 .. a8 as pR); Black from a8 over a6: a5. The same in both programs.
    for reading in ("spec", "xboard", "diagram"):
        assert to("pgR", "a1", reading, friends=("a3",)) == ["a4"]
        assert to("gpR", "a8", reading, friends=("a6",), side="black") == ["a5"]
    # on a leg that goes on: pgafR from a1 over a3 goes on one step, a4
    assert to("pgafR", "a1", "spec", friends=("a3",)) == ["a4"]


def test_a_two_way_letter_beside_a_one_way_letter_of_its_line() -> None:
    # reading combining-letters: on F, B, A, G the one-way letter, as in both programs: fvF
    # on e4 is d5 f5, srF f3 f5; for Black from e5 rsF is d4 d6 (Black's right is the a-side)
    for reading in ("spec", "xboard", "diagram"):
        assert to("fvF", "e4", reading) == ["d5", "f5"]
        assert to("srF", "e4", reading) == ["f3", "f5"]
        assert to("rsF", "e5", reading, side="black") == ["d4", "d6"]
    # elsewhere both letters, the two-way letter's set: srN is sN, fvK is vK
    assert to("srN", "e4", "spec") == to("srN", "e4", "xboard") == ["c3", "c5", "g3", "g5"]
    assert to("fvK", "e4", "spec") == ["e3", "e5"]
    # fvrF: fv, then r alone: f5 d5 and f3 (XBoard: f, then vr, the right diagonals on v: f5)
    assert to("fvrF", "e4", "spec") == ["d5", "f3", "f5"]
    assert to("fvrF", "e4", "xboard") == ["d5", "f5"]


def test_j_on_step_jF() -> None:
    # the spec (silent) and XBoard: a single step has nothing to skip, no move; the Diagram:
    # a ski-Bishop
    assert to("jF", "e4", "spec") == []
    assert to("jK", "e4", "spec") == []
    assert to("jW", "e4", "spec", side="black") == []
    # on a leg that goes on too: jaF has no move in both programs (e4, and for Black d5)
    assert to("jaF", "e4", "spec") == to("jaF", "e4", "xboard") == []
    assert to("jaF", "d5", "diagram", side="black") == to("jaF", "d5", "spec", side="black") == []
    # a `*` range is a slide, not a single step: jW* from a1 skips a2 and b1 and slides three
    # leaps (to the middle of the board); from a4 the range is at least 1: one leap, the
    # skipping one, a2 a6 c4 (the Diagram too)
    assert to("jW*", "a1", "spec") == ["a3", "a4", "a5", "c1", "d1", "e1"]
    assert to("jW*", "a4", "spec") == to("jW*", "a4", "diagram") == ["a2", "a6", "c4"]
    assert to("jW*", "h5", "spec", side="black") == ["f5", "h3", "h7"]
    assert to("jF", "e4", "xboard") == []
    assert to("jF", "e4", "diagram") == ["a8", "b1", "b7", "c2", "c6", "g2", "g6", "h1", "h7"]
    assert to("jF", "d5", "diagram", side="black") == [
        "a2", "a8", "b3", "b7", "f3", "f7", "g2", "g8", "h1"]


def test_ski_slider_with_a_written_range() -> None:
    # The Diagram's one-leg ski-slider goes (written range - 1) steps after the skipped
    # square. jR3 from a1: skips a2, then a3 a4; skips b1, then c1 d1 (the spec: three
    # steps, a3 a4 a5 and c1 d1 e1)
    assert to("jR3", "a1", "diagram") == ["a3", "a4", "c1", "d1"]
    assert to("jR3", "a1", "spec") == ["a3", "a4", "a5", "c1", "d1", "e1"]
    # Black from h8: skips h7 and g8, then h6 h5 and f8 e8
    assert to("jR3", "h8", "diagram", side="black") == ["e8", "f8", "h5", "h6"]
    # jW1: 1 - 1 = 0, without limit, as jW (j-on-step): a3 to a8 and c1 to h1
    assert to("jW1", "a1", "diagram") == ["a3", "a4", "a5", "a6", "a7", "a8",
                                          "c1", "d1", "e1", "f1", "g1", "h1"]
    # jR0: 0 - 1, the range of * as jB (ski-slider-range), from the skipped square: from
    # c1 up from c2 4 - 2 = 2 steps (c3 c4), sideways from b1, d1 4 - 1 = 3 (a1, the only
    # square left, and e1 f1 g1)
    assert to("jR0", "c1", "diagram") == ["a1", "c3", "c4", "e1", "f1", "g1"]
    # Black's jR0 from c8: down from c7 7 - 5 = 2 steps (c6 c5); sideways counts as up,
    # 4 - 8 < 1, so one step after b8, d8 (a8, e8)
    assert to("jR0", "c8", "diagram", side="black") == ["a8", "c5", "c6", "e8"]
    # jR2: 2 - 1, one step after the skipped square, which still skips (j-on-step): from
    # d4 b4 d2 d6 f4, for Black too; jK2 from e5 c3 c5 c7 e3 e7 g3 g5 g7
    assert to("jR2", "d4", "diagram") == ["b4", "d2", "d6", "f4"]
    assert to("jR2", "d4", "diagram", side="black") == ["b4", "d2", "d6", "f4"]
    assert to("jK2", "e5", "diagram", side="black") == ["c3", "c5", "c7", "e3", "e7",
                                                        "g3", "g5", "g7"]
    assert to("jR2", "d4", "diagram", friends=("d5",)) == ["b4", "d2", "d6", "f4"]


def test_jump_check_first_square_nH() -> None:
    # nH on a1, a friend on a3: the spec tests a2 and a3 (only d1 is free); XBoard only a2
    assert to("nH", "a1", "spec", friends=("a3",)) == ["d1"]
    assert to("nH", "a1", "xboard", friends=("a3",)) == ["a4", "d1"]
    assert to("nH", "h8", "xboard", side="black", friends=("h6",)) == ["e8", "h5"]


def test_horizontal_non_jumping_for_j_sjD() -> None:
    # sjD on e4 with d4 and f4 empty: the spec (must jump) has no move; the Diagram does
    # not test along a rank
    assert to("sjD", "e4", "spec") == []
    assert to("sjD", "e4", "diagram") == ["c4", "g4"]


def test_the_diagram_has_no_answer_for_n_on_an_oblique_atom() -> None:
    # the Interactive Diagram loops forever on nN: its dialect refuses, with the reason and
    # the place of the n; the spec and XBoard answer (nN from a1, a friend on a2: the leap
    # to b3 passes a2, blocked; c2 passes b1)
    for reading in ("diagram", "diagram:lame-with-hop"):
        with pytest.raises(BetzaError, match="loops forever") as info:
            to("nN", "e4", reading)
        assert info.value.pos == 0
    assert to("nN", "a1", "xboard", friends=("a2",)) == to("nN", "a1", "spec",
                                                           friends=("a2",)) == ["c2"]
    assert to("nD", "e4", "diagram") == ["c4", "e2", "e6", "g4"]


def test_equivalence_between_readings() -> None:
    same = equivalent("N", "N", dialect_b="xboard")
    assert same.equivalent and same.label_b == "N (xboard)"
    differ = equivalent("mafN", "mafN", dialect_b="xboard")
    ce = differ.counterexample
    assert not differ.equivalent and ce is not None
    assert {m.to for m in ce.only_a} and {m.to for m in ce.only_b}
    # under one reading both strings are read the same way: XBoard's vrK is vK rK
    assert equivalent("vrK", "vKrK", dialect="xboard").equivalent
    assert not equivalent("vrK", "vKrK").equivalent
    # Black matters for XBoard's black-diagonals
    black = equivalent("rlbK", "rlbK", dialect_b="xboard")
    assert not black.equivalent and black.counterexample.side == "black"


def test_why_reports_the_null_move() -> None:
    answer = why("aaK", "a1", "a1", Position.light(), dialect="xboard")
    assert answer.possible and "null move" in "\n".join(answer.explanation)


def test_why_names_a_move_the_program_split_off() -> None:
    # XBoard reads maWW as maW and W: e5 from e4 is the second move's (it crashed, the
    # plan of the spec's single move having no second), and a moved aiKK's b2 is the bare
    # move aK by c3
    answer = why("maWW", "e4", "e5", Position.light(), dialect="xboard")
    assert answer.possible and "by the move W:" in "\n".join(answer.explanation)
    answer = why("aiKK", "d4", "b2", Position.light(), dialect="xboard")
    assert answer.possible and "by the move aK " in "\n".join(answer.explanation)


def test_dialect_differences() -> None:
    (only,) = dialect_differences("masW3")
    assert (only.name, only.dialect, only.origin, only.side) == (
        "range-inheritance", "diagram", "a1", "white")
    # from a1, with nothing else on the board: the spec's long second legs
    assert only.spec_only == ["c3", "c4", "d3", "d4"] and only.dialect_only == []
    assert "implied" in only.description or "own range" in only.description
    assert dialect_differences("N") == []
    found = dialect_differences("aaK")
    names = {(d.name, d.dialect) for d in found}
    assert names == {("visited-squares", "xboard"), ("visited-squares", "diagram")}
    assert found[0].as_json()["dialect_only"] == ["a1"]


def test_cli_and_batch_take_a_dialect() -> None:
    out = betza("moves", "mafN", "--from", "e4", "--dialect", "xboard", "--json")
    assert [m["to"] for m in json.loads(out.stdout)["moves"]] == ["a1", "a5", "b8", "f8"]
    bad = betza("moves", "N", "--from", "e4", "--dialect", "winboard")
    assert bad.returncode == 2 and "unknown dialect 'winboard'" in bad.stderr
    eq = betza("equiv", "mafN", "--dialect-b", "xboard")
    assert eq.returncode == 1 and "mafN (spec) and mafN (xboard) differ" in eq.stdout
    assert "--dialect xboard" in eq.stdout
    lines = [{"query": "moves", "betza": "vrK", "from": "e4", "dialect": "xboard"},
             {"query": "equiv", "a": "N", "dialect_b": "diagram"},
             {"query": "attacks", "square": "f4", "dialect": "xboard",
              "pieces": {"e4": {"betza": "vrK"}}}]
    answers = [json.loads(line) for line in betza_process(
        "batch", stdin="\n".join(json.dumps(x) for x in lines)).stdout.splitlines()]
    assert [m["to"] for m in answers[0]["moves"]] == ["e3", "e5", "f4"]
    assert answers[1] == {"ok": True, "equivalent": True}
    assert [a["from"] for a in answers[2]["attackers"]] == ["e4"]
