"""Single-leg Betza/XBetza moves, checked against sets derived by hand from the spec.

Sources: docs/readings.md (the readings, cited by name), xbetza-cvp.txt (primary),
betza-xboard.txt (Table 2 = direction letters). Every expected set below was worked out by
hand from those texts, not copied from the engine.

Conventions: squares are ``a1``..; White moves up the board, White's right is toward the
h-file. Black's moves are White's turned 180 degrees (reading black-directions): Black's forward is
toward rank 1 and Black's right toward the a-file. ``friends`` are of the mover's side.
"""

from __future__ import annotations

import pytest

from tests.squares_help import FILES, S, name, xy  # noqa: F401
from tests.tables_help import compile_ahead
from translator.errors import BetzaError
from translator.position import Position
from translator.queries.moves import moves


@pytest.fixture(scope="module", autouse=True)
def tables_ahead() -> None:
    """The move tables of the pieces below, compiled together (tests/tables_help.py)."""
    compile_ahead(__file__)


# --- helpers -------------------------------------------------------------------------------


def run(betza, origin, files=8, ranks=8, *, side="white", virgin=False, **pos):
    return moves(betza, origin, Position.light(files, ranks, side=side, **pos), virgin=virgin)


def dests(betza, origin, files=8, ranks=8, **kw) -> set[str]:
    return {m.to for m in run(betza, origin, files, ranks, **kw)}


def effects(betza, origin, files=8, ranks=8, **kw) -> set[tuple[str, frozenset]]:
    return {(m.to, frozenset(m.captures)) for m in run(betza, origin, files, ranks, **kw)}


def rot(square: str, files: int = 8, ranks: int = 8) -> str:
    """The square turned 180 degrees about the board centre."""
    x, y = xy(square)
    return name(files - 1 - x, ranks - 1 - y)


def black_dests(betza, origin, files=8, ranks=8, *, friends=(), enemies=(), **kw) -> set[str]:
    """Black's moves in the position turned 180 degrees, turned back into White's frame.

    By reading black-directions this must equal White's moves in the original position."""
    r = [rot(s, files, ranks) for s in friends], [rot(s, files, ranks) for s in enemies]
    got = dests(betza, rot(origin, files, ranks), files, ranks, side="black",
                friends=r[0], enemies=r[1], **kw)
    return {rot(s, files, ranks) for s in got}


def ray(origin, dx, dy, files=8, ranks=8, occupied=(), limit=99) -> set[str]:
    """Squares of a slide from ``origin``: up to the board edge or the first occupied one."""
    x, y = xy(origin)
    out: set[str] = set()
    for _ in range(limit):
        x, y = x + dx, y + dy
        if not (0 <= x < files and 0 <= y < ranks):
            break
        out.add(name(x, y))
        if name(x, y) in occupied:
            break
    return out


ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def rider(origin, dirs, files=8, ranks=8, occupied=(), limit=99) -> set[str]:
    out: set[str] = set()
    for dx, dy in dirs:
        out |= ray(origin, dx, dy, files, ranks, occupied, limit)
    return out


def leaps(origin, a, b, files=8, ranks=8) -> set[str]:
    """The (up to 8) squares an (a,b) leaper reaches from ``origin``."""
    x, y = xy(origin)
    vecs = {(sa * a, sb * b) for sa in (1, -1) for sb in (1, -1)}
    vecs |= {(v, u) for u, v in vecs}
    return {name(x + u, y + v) for u, v in vecs if 0 <= x + u < files and 0 <= y + v < ranks}


def assert_plain_captures(ms, enemies) -> None:
    """Single-leg moves: a move to an enemy square captures exactly it, other moves nothing."""
    for m in ms:
        assert m.captures == ((m.to,) if m.to in enemies else ()), m


# --- direction letters on oblique atoms (readings directions-on-king-and-queen, combining-letters,
# black-directions, oblique-pairs) ---------------------------------------------------------------


def test_hrN_chiral_set_on_e4() -> None:
    # the spec's own example: hrN on e4 reaches f6 g3 d2 c5 (rotations of (1,2) by 90 deg)
    assert dests("hrN", "e4") == S("f6 g3 d2 c5")


def test_hlN_is_the_mirror_image() -> None:
    # mirror (x -> -x) of {(1,2),(2,-1),(-1,-2),(-2,1)}: (-1,2) (-2,-1) (1,-2) (2,1)
    assert dests("hlN", "e4") == S("d6 c3 f2 g5")


def test_hrN_black_keeps_handedness() -> None:
    # reading black-directions: rotated, not mirrored; the chiral set is invariant under a 180 deg
    # turn
    assert dests("hrN", "e4", side="black") == S("f6 g3 d2 c5")
    assert dests("hlN", "e4", side="black") == S("d6 c3 f2 g5")


def test_lfN_white_g1_f3() -> None:
    assert dests("lfN", "g1") == S("f3")
    assert dests("lfN", "e4") == S("d6")
    assert dests("rfN", "g1") == S("h3")


def test_lfN_black() -> None:
    # Black's forward pair from g8 is (+-1,-2); Black's left is toward the h-file
    assert dests("lfN", "g8", side="black") == S("h6")
    assert dests("rfN", "g8", side="black") == S("f6")


def test_ffrrN() -> None:
    # ff = forward pair (+-1,+2): d6 f6; rr = right pair (+2,+-1): g5 g3
    assert dests("ffrrN", "e4") == S("d6 f6 g5 g3")


def test_ffrrN_black() -> None:
    # Black: forward pair (+-1,-2): d2 f2; right pair (-2,+-1): c5 c3
    assert dests("ffrrN", "e4", side="black") == S("d2 f2 c5 c3")


def test_decision_16_rfN_frN() -> None:
    assert dests("rfN", "e4") == S("f6")  # right move of the forward pair
    assert dests("frN", "e4") == S("g5")  # forward move of the right pair


def test_decision_16_rvN_differs_from_vrN() -> None:
    # rvN: pairs named by v (forward and backward), r picks the right move of each
    assert dests("rvN", "e4") == S("f6 f2")
    # vrN: pair named by r (the right pair), v picks its forward and backward moves
    assert dests("vrN", "e4") == S("g5 g3")


def test_half_planes_on_N() -> None:
    assert dests("fhN", "e4") == S("d6 f6 c5 g5")
    assert dests("bhN", "e4") == S("d2 f2 c3 g3")
    assert dests("lhN", "e4") == S("d6 d2 c5 c3")
    assert dests("rhN", "e4") == S("f6 f2 g5 g3")


def test_half_planes_on_N_black() -> None:
    # Black's forward half is toward rank 1, Black's left half toward the h-file
    assert dests("fhN", "e4", side="black") == S("d2 f2 c3 g3")
    assert dests("lhN", "e4", side="black") == S("f6 f2 g5 g3")


# --- direction letters on K / Q (8-fold) and on 4-way atoms --------------------------------


def test_rlbK_on_e5() -> None:
    # r stays alone (r and l cannot combine), then l+b combine: f5 and d4
    assert dests("rlbK", "e5") == S("f5 d4")


def test_rlbK_black() -> None:
    # Black's right is toward a (d5); Black's left-back is toward h and rank 8 (f6)
    assert dests("rlbK", "e5", side="black") == S("d5 f6")


def test_vrK_equals_rvK() -> None:
    assert dests("vrK", "e4") == S("f5 f3")
    assert dests("rvK", "e4") == S("f5 f3")


@pytest.mark.parametrize(
    ("betza", "expected"),
    [
        ("fK", "e5"),
        ("frK", "f5"),
        ("fsK", "d5 f5"),  # fs = fl + fr on the 8-fold K system
        ("vK", "e5 e3"),
        ("sK", "d4 f4"),
        ("bK", "e3"),
        ("blK", "d3"),
        ("fQ", "e5 e6 e7 e8"),
        ("frQ", "f5 g6 h7"),
    ],
)
def test_K_and_Q_directions(betza, expected) -> None:
    assert dests(betza, "e4") == S(expected)


@pytest.mark.parametrize(
    ("betza", "expected"),
    [("fK", "e3"), ("frK", "d3"), ("fsK", "d3 f3"), ("sK", "d4 f4"), ("lK", "f4")],
)
def test_K_directions_black(betza, expected) -> None:
    assert dests(betza, "e4", side="black") == S(expected)


@pytest.mark.parametrize(
    ("betza", "expected"),
    [
        # on F/B the letters f b l r name pairs ...
        ("fF", "d5 f5"),
        ("lF", "d5 d3"),
        ("bF", "d3 f3"),
        ("frF", "f5"),  # ... and a perpendicular second letter picks one
        ("fB", "f5 g6 h7 d5 c6 b7 a8"),
        ("frB", "f5 g6 h7"),
        ("lB", "d5 c6 b7 a8 d3 c2 b1"),
        # on W/R each letter is one direction, and fr is two moves
        ("fW", "e5"),
        ("lW", "d4"),
        ("frW", "e5 f4"),
        ("frR", "e5 e6 e7 e8 f4 g4 h4"),
        ("vR", "e5 e6 e7 e8 e3 e2 e1"),
        ("sR", "a4 b4 c4 d4 f4 g4 h4"),
    ],
)
def test_direction_letters_pairs_vs_single(betza, expected) -> None:
    assert dests(betza, "e4") == S(expected)


def test_direction_letters_black() -> None:
    assert dests("fF", "e4", side="black") == S("d3 f3")
    assert dests("fB", "e4", side="black") == S("d3 c2 b1 f3 g2 h1")
    assert dests("lW", "e4", side="black") == S("f4")
    assert dests("rW", "e4", side="black") == S("d4")
    assert dests("frF", "e4", side="black") == S("d3")


# --- atoms, ranges, compounds ---------------------------------------------------------------


def test_K_centre_and_corners() -> None:
    assert dests("K", "e4") == S("d5 e5 f5 d4 f4 d3 e3 f3")
    assert dests("K", "a1") == S("a2 b1 b2")
    assert dests("K", "h8") == S("g8 h7 g7")


def test_K_is_WF() -> None:
    assert dests("WF", "b7") == dests("K", "b7") == S("a8 b8 c8 a7 c7 a6 b6 c6")


def test_Q_is_RB() -> None:
    q = rider("e4", ORTHO + DIAG)
    assert len(q) == 27
    assert dests("Q", "e4") == q
    assert dests("RB", "e4") == q


def test_W7_equals_R_on_8x8_but_not_12x10() -> None:
    assert dests("W7", "a1") == dests("R", "a1") == rider("a1", ORTHO)
    assert dests("W7", "a1", 12, 10) == S("a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1 h1")
    assert dests("R", "a1", 12, 10) == rider("a1", ORTHO, 12, 10)
    assert len(rider("a1", ORTHO, 12, 10)) == 20


def test_R4_equals_W4() -> None:
    # 12x10, f5: four steps each way
    expected = S("f6 f7 f8 f9 f4 f3 f2 f1 g5 h5 i5 j5 e5 d5 c5 b5")
    assert dests("R4", "f5", 12, 10) == expected
    assert dests("W4", "f5", 12, 10) == expected


def test_R_blocked_and_capturing() -> None:
    ms = run("R", "e4", friends=["e6"], enemies=["b4", "g4"])
    assert {m.to for m in ms} == S("e5 e3 e2 e1 f4 g4 d4 c4 b4")
    assert_plain_captures(ms, {"b4", "g4"})


@pytest.mark.parametrize("betza", ["NN", "N0"])
def test_nightrider(betza) -> None:
    assert dests(betza, "a1") == S("b3 c5 d7 c2 e3 g4")
    # enemy c5 is captured and stops that ray, friend e3 stops the other one
    ms = run(betza, "a1", friends=["e3"], enemies=["c5"])
    assert {m.to for m in ms} == S("b3 c5 c2")
    assert_plain_captures(ms, {"c5"})


def test_nightrider_26x26() -> None:
    # (1,2) ray: b3 .. m25 (12 squares); (2,1) ray: c2 .. y13 (12 squares)
    expected = {name(k, 2 * k) for k in range(1, 13)} | {name(2 * k, k) for k in range(1, 13)}
    assert "m25" in expected and "y13" in expected
    assert dests("NN", "a1", 26, 26) == expected


def test_giraffe_FX_and_DY_12x10() -> None:
    # FX = (4,1) leaper, DY = (4,2) leaper (reading boosted-atoms), from e5 on 12x10
    assert dests("FX", "e5", 12, 10) == S("i6 i4 a6 a4 f9 d9 f1 d1")
    assert dests("DY", "e5", 12, 10) == S("i7 i3 a7 a3 g9 c9 g1 c1")


def test_FX_near_edge_8x8() -> None:
    assert dests("FX", "e4") == S("a5 a3 f8 d8")


@pytest.mark.parametrize("betza", ["C", "L"])
def test_camel(betza) -> None:
    assert dests(betza, "e4") == S("f7 d7 f1 d1 h5 h3 b5 b3")


@pytest.mark.parametrize("betza", ["Z", "J"])
def test_zebra(betza) -> None:
    assert dests(betza, "e4") == S("g7 c7 g1 c1 h6 h2 b6 b2")


def test_other_leapers() -> None:
    assert dests("N", "e4") == S("d6 f6 c5 g5 c3 g3 d2 f2")
    assert dests("N", "a1") == S("b3 c2")
    assert dests("D", "e4") == S("e6 e2 c4 g4")
    assert dests("A", "e4") == S("c6 g6 c2 g2")
    assert dests("H", "e4") == S("e7 e1 b4 h4")
    assert dests("G", "e4") == S("b7 h7 b1 h1")


def test_compound_BN_archbishop() -> None:
    assert dests("BN", "e4") == rider("e4", DIAG) | leaps("e4", 1, 2)
    assert dests("BN", "e4") == dests("NB", "e4")


def test_leaper_ignores_pieces_in_between() -> None:
    ring = ["d5", "e5", "f5", "d4", "f4", "d3", "e3", "f3"]
    ms = run("N", "e4", friends=ring + ["d6"], enemies=["g5"])
    assert {m.to for m in ms} == S("f6 c5 g5 c3 g3 d2 f2")
    assert_plain_captures(ms, {"g5"})


# --- big boards -----------------------------------------------------------------------------


def test_queen_12x10_corner() -> None:
    assert dests("Q", "l10", 12, 10) == rider("l10", ORTHO + DIAG, 12, 10)
    assert len(rider("l10", ORTHO + DIAG, 12, 10)) == 11 + 9 + 9


def test_queen_26x26_with_pieces() -> None:
    occupied = {"m20", "c13", "t6"}
    ms = run("Q", "m13", 26, 26, friends=["m20"], enemies=["c13", "t6"])
    assert {m.to for m in ms} == rider("m13", ORTHO + DIAG, 26, 26, occupied) - {"m20"}
    assert_plain_captures(ms, {"c13", "t6"})


def test_rook_26x26_corner() -> None:
    got = dests("R", "a1", 26, 26)
    assert len(got) == 50
    assert got == rider("a1", ORTHO, 26, 26)


def test_king_and_knight_26x26_corners() -> None:
    assert dests("K", "z1", 26, 26) == S("y1 y2 z2")
    assert dests("N", "z26", 26, 26) == S("y24 x25")


# --- Shatranj pawn, both colours -------------------------------------------------------------


def test_shatranj_pawn_white() -> None:
    assert dests("fmWfcF", "e4") == S("e5")
    ms = run("fmWfcF", "e4", friends=["f5"], enemies=["e5", "d5"])
    assert {m.to for m in ms} == S("d5")  # e5 blocked, f5 is a friend
    assert_plain_captures(ms, {"d5"})
    assert dests("fmWfcF", "e8") == set()  # last rank: no moves
    assert dests("fmWfcF", "a2", enemies=["b3"]) == S("a3 b3")


def test_shatranj_pawn_black() -> None:
    assert dests("fmWfcF", "e5", side="black") == S("e4")
    ms = run("fmWfcF", "e5", side="black", enemies=["d4", "f4"])
    assert {m.to for m in ms} == S("e4 d4 f4")
    assert_plain_captures(ms, {"d4", "f4"})
    assert dests("fmWfcF", "e1", side="black") == set()
    assert dests("fmWfcF", "e4", side="black", enemies=["e3"], friends=["d3"]) == set()


# --- hoppers --------------------------------------------------------------------------------


CANNON_POS = {"friends": ["f4", "e1"], "enemies": ["e6", "e8", "h4"]}


def test_cannon_mRcpR_crowded() -> None:
    # N: moves to e5; hops e6 and captures e8 (e7 empty).  E: f4 (friend) is only a mount,
    # captures h4 beyond it.  S: moves e3 e2, mount e1 has nothing beyond.  W: moves only.
    ms = run("mRcpR", "e4", **CANNON_POS)
    assert {m.to for m in ms} == S("e5 e3 e2 d4 c4 b4 a4 e8 h4")
    assert_plain_captures(ms, {"e8", "h4", "e6"})


def test_cannon_black() -> None:
    assert black_dests("mRcpR", "e4", **CANNON_POS) == S("e5 e3 e2 d4 c4 b4 a4 e8 h4")


def test_cannon_needs_a_mount_to_capture() -> None:
    assert dests("cpR", "e4", enemies=["e5"]) == set()
    assert dests("cpR", "e4", enemies=["e5", "e7"]) == S("e7")


GQ_POS = {"friends": ["e7", "f5", "c2"], "enemies": ["e6", "d4", "c4", "b7", "h4"]}


def test_grasshopper_gQ_crowded() -> None:
    # N: mount e6, e7 friend -> none.  NE: mount f5 -> g6.  E: mount h4 -> off board.
    # SW: mount c2 -> b1.  W: mount d4 -> captures c4.  NW: mount b7 -> a8.  SE, S: no mount.
    ms = run("gQ", "e4", **GQ_POS)
    assert {m.to for m in ms} == S("g6 b1 c4 a8")
    assert_plain_captures(ms, set(GQ_POS["enemies"]))


def test_grasshopper_black() -> None:
    assert black_dests("gQ", "e4", **GQ_POS) == S("g6 b1 c4 a8")


def test_grasshopper_empty_board() -> None:
    assert dests("gQ", "e4") == set()


def test_contra_grasshopper_gK() -> None:
    # gK: a K step onto an adjacent occupied square, then slides on beyond it.
    # N: mount e5 -> e6 e7 e8.  NE: mount f5 -> g6, captures h7.  W: mount d4 -> c4 b4 a4.
    ms = run("gK", "e4", friends=["f5", "d4"], enemies=["e5", "h7"])
    assert {m.to for m in ms} == S("e6 e7 e8 g6 h7 c4 b4 a4")
    assert_plain_captures(ms, {"h7"})
    # a mount that is not adjacent does not count
    assert dests("gK", "e4", enemies=["e6"]) == set()


def test_pR_crowded() -> None:
    # N: mount e6 -> e7, captures e8.  E: mount f4 -> g4 h4.  S: mount e2, e1 friend -> none.
    ms = run("pR", "e4", friends=["e6", "e1"], enemies=["e8", "f4", "e2"])
    assert {m.to for m in ms} == S("e7 e8 g4 h4")
    assert_plain_captures(ms, {"e8"})


def test_pB_crowded() -> None:
    # NE: mount f5 -> g6 h7.  SW: mount d3 -> captures c2 and stops.
    ms = run("pB", "e4", friends=["d3"], enemies=["f5", "c2"])
    assert {m.to for m in ms} == S("g6 h7 c2")
    assert_plain_captures(ms, {"c2"})


def test_gR_crowded() -> None:
    # N: mount e6 -> e7.  E: mount f4 -> g4.  W: mount b4 -> a4.  S: mount e1 -> off board.
    assert dests("gR", "e4", friends=["f4", "b4"], enemies=["e6", "e1"]) == S("e7 g4 a4")


def test_gR_black() -> None:
    pos = {"friends": ["f4", "b4"], "enemies": ["e6", "e1"]}
    assert black_dests("gR", "e4", **pos) == S("e7 g4 a4")


# --- n and j --------------------------------------------------------------------------------


def test_nA_xiangqi_elephant() -> None:
    assert dests("nA", "e4") == S("g6 c6 c2 g2")
    assert dests("nA", "e4", friends=["f5"]) == S("c6 c2 g2")


def test_nN_blocked_on_orthogonal_neighbour() -> None:
    # e5 blocks d6 f6; f4 blocks g5 g3; diagonal neighbours block nothing
    assert dests("nN", "e4", friends=["e5", "d5", "f3"], enemies=["f4"]) == S("c5 c3 d2 f2")


def test_nD() -> None:
    ms = run("nD", "e4", friends=["c4"], enemies=["e5", "g4"])
    assert {m.to for m in ms} == S("g4 e2")  # e6 blocked by e5, c4 is a friend
    assert_plain_captures(ms, {"g4"})


def test_jB_ski_bishop() -> None:
    # skips the first square whatever is on it: f5 (friend) is jumped; c6 is captured
    ms = run("jB", "e4", friends=["f5"], enemies=["c6"])
    assert {m.to for m in ms} == S("g6 h7 c6 g2 h1 c2 b1")
    assert_plain_captures(ms, {"c6"})


def test_jD_must_jump() -> None:
    # e6 over occupied e5 (and captures there), c4 over occupied d4; g4, e2 have empty midpoints
    ms = run("jD", "e4", friends=["d4"], enemies=["e5", "e6"])
    assert {m.to for m in ms} == S("e6 c4")
    assert_plain_captures(ms, {"e6"})
    assert dests("jD", "e4") == set()


def test_npDD_mount_on_a3() -> None:
    # mount a3 -> a5 a7 (a4 a6 empty); mount c1 -> e1 g1
    assert dests("npDD", "a1", enemies=["a3", "c1"]) == S("a5 a7 e1 g1")


def test_npDD_mount_on_a5() -> None:
    assert dests("npDD", "a1", friends=["a5"]) == S("a7")


def test_npDD_not_over_a2_or_a4() -> None:
    assert dests("npDD", "a1", enemies=["a2"]) == set()
    assert dests("npDD", "a1", enemies=["a4"]) == set()
    assert dests("npDD", "a1", enemies=["a2", "a3"]) == set()
    # after hopping a3 the leap a5 -> a7 would jump the occupied a6
    assert dests("npDD", "a1", enemies=["a3", "a6"]) == S("a5")


# --- new modes: d, k, t, i, e ----------------------------------------------------------------


def test_dK_captures_friends_only() -> None:
    ms = run("dK", "e4", friends=["e5", "d4"], enemies=["f5", "d5"])
    assert {m.to for m in ms} == S("e5 d4")
    for m in ms:
        assert m.captures == (m.to,)


def test_kR_captures_only_a_royal() -> None:
    ms = run("kR", "e4", enemies=["e8", "a4", "h4"], royal=["e8"])
    assert [(m.to, m.captures) for m in ms] == [("e8", ("e8",))]
    # a non-royal piece in between blocks it
    assert dests("kR", "e4", enemies=["e8", "e6"], royal=["e8"]) == set()


def test_final_leg_t_cannot_capture_royal() -> None:
    ms = run("tR", "e4", enemies=["e8", "a4"], royal=["e8"])
    assert {m.to for m in ms} == S("e5 e6 e7 e3 e2 e1 f4 g4 h4 d4 c4 b4 a4")
    assert_plain_captures(ms, {"a4"})


def test_i_only_for_virgin() -> None:
    assert dests("iW", "e4") == set()
    assert dests("iW", "e4", virgin=True) == S("e5 e3 d4 f4")


def test_KimN() -> None:
    king = S("d5 e5 f5 d4 f4 d3 e3 f3")
    assert dests("KimN", "e4", enemies=["f6"]) == king
    # mN cannot capture f6
    assert dests("KimN", "e4", enemies=["f6"], virgin=True) == king | S("d6 c5 g5 c3 g3 d2 f2")


def test_e_en_passant() -> None:
    ms = run("feF", "e5", enemies=["d5"], ep=["d6"], ep_victim="d5")
    assert [(m.to, m.captures) for m in ms] == [("d6", ("d5",))]


def test_e_without_ep_square_has_no_move() -> None:
    assert dests("feF", "e5", enemies=["d5", "d6", "f6"]) == set()


def test_e_en_passant_black() -> None:
    ms = run("feF", "d4", side="black", enemies=["e4"], ep=["e3"], ep_victim="e4")
    assert [(m.to, m.captures) for m in ms] == [("e3", ("e4",))]


# --- o (cylinder) and oo (torus) --------------------------------------------------------------


def test_oW_cylinder() -> None:
    assert dests("oW", "a4") == S("a5 a3 b4 h4")
    assert dests("oW", "h4") == S("h5 h3 g4 a4")
    assert dests("oW", "e1") == S("e2 d1 f1")  # no wrap top/bottom


def test_oR_cylinder_with_blocker() -> None:
    # right: b4 c4 (friend d4); left wraps: h4 g4 f4 e4 (then d4); file a does not wrap
    expected = S("b4 c4 h4 g4 f4 e4 a5 a6 a7 a8 a3 a2 a1")
    assert dests("oR", "a4", friends=["d4"]) == expected


def test_oR_cylinder_captures_across_the_edge() -> None:
    ms = run("oR", "b4", friends=["b5", "b3", "d4"], enemies=["g4"])
    # right: c4 (friend d4); left: a4, wraps to h4, captures g4
    assert {m.to for m in ms} == S("c4 a4 h4 g4")
    assert_plain_captures(ms, {"g4"})


def test_oR_cylinder_empty_rank() -> None:
    # the wrapping slide sweeps the whole rank; the start square itself is no destination
    assert dests("oR", "a4") == rider("a4", ORTHO) | S("h4")
    assert "a4" not in dests("oR", "a4")


def test_oK_oN_cylinder() -> None:
    assert dests("oK", "a1") == S("a2 b1 b2 h1 h2")
    assert dests("oN", "a1") == S("b3 c2 h3 g2")


def test_oo_torus() -> None:
    assert dests("ooW", "a1") == S("a2 b1 h1 a8")
    assert dests("ooK", "a1") == S("a2 b1 b2 h1 h2 a8 b8 h8")


# --- U, z, q --------------------------------------------------------------------------------


def test_U_universal_leaper() -> None:
    try:
        ms = run("U", "b2", 4, 4, friends=["c3"], enemies=["d4"])
    except BetzaError as err:
        pytest.skip(f"U not supported: {err}")
    if not ms:
        pytest.skip("U gives no moves")
    allsq = {name(x, y) for x in range(4) for y in range(4)}
    assert {m.to for m in ms} == allsq - S("b2 c3")
    assert_plain_captures(ms, {"d4"})


def test_zB_crooked_bishop() -> None:
    # each first diagonal step, then alternating with one of the two perpendicular diagonals:
    #  f5 g4 h5 | f5 e6 f7 e8 | f3 g4 h3 | f3 e2 f1 | d5 c4 b5 a4 | d5 e6 d7 e8 | d3 c4 b3 a4
    #  | d3 e2 d1
    expected = S("f5 g4 h5 e6 f7 e8 f3 h3 e2 f1 d5 c4 b5 a4 d7 d3 b3 d1")
    assert len(expected) == 18
    assert dests("zB", "e4") == expected


def test_zB_blocked() -> None:
    # a friend on f5 cuts both zig-zags starting NE; an enemy on c4 is captured and stops
    # the two zig-zags through it (d5-c4-b5-a4 and d3-c4-b3-a4)
    ms = run("zB", "e4", friends=["f5"], enemies=["c4"])
    assert {m.to for m in ms} == S("f3 g4 h3 e2 f1 d5 c4 e6 d7 e8 d3 d1")
    assert_plain_captures(ms, {"c4"})


def test_qN_rose_from_d4() -> None:
    # N directions in clockwise order: (1,2) (2,1) (2,-1) (1,-2) (-1,-2) (-2,-1) (-2,1) (-1,2);
    # a rose path starts in any of them and turns one place on at every step, either way.
    # clockwise:  e6 g7 | f5 h4 | f3 g1 | e2 | c2 a1 | b3 | b5 a7 | c6 d8
    # anticlock:  e6 d8 | f5 g7 | f3 h4 | e2 g1 | c2 | b3 a1 | b5 | c6 a7
    expected = S("e6 f5 f3 e2 c2 b3 b5 c6 g7 h4 g1 a1 a7 d8")
    assert dests("qN", "d4") == expected


def test_qN_rose_blocked() -> None:
    # friend f5 cuts both paths starting (2,1): f5 h4 (cw) and f5 g7 (acw); enemy e6 is
    # captured and stops both paths starting (1,2): e6 g7 (cw) and e6 d8 (acw).
    # g7 is lost (only those two paths); h4 survives via f3 h4, d8 via c6 d8.
    ms = run("qN", "d4", friends=["f5"], enemies=["e6"])
    assert {m.to for m in ms} == S("e6 f3 e2 c2 b3 b5 c6 h4 g1 a1 a7 d8")
    assert_plain_captures(ms, {"e6"})


# --- both colours agree (reading black-directions) for a few asymmetric pieces ---------------


@pytest.mark.parametrize(
    ("betza", "origin", "friends", "enemies"),
    [
        ("fmWfcF", "c3", ["c4"], ["b4", "d4"]),
        ("lfNrbB", "d4", ["f2"], ["c6"]),
        ("frRblQ", "e4", ["e7"], ["b1", "h4"]),
        ("ffrrN", "b2", [], ["a4"]),
        ("fhNbK", "g7", ["g6"], ["h5"]),
    ],
)
def test_black_is_white_turned(betza, origin, friends, enemies) -> None:
    white = dests(betza, origin, friends=friends, enemies=enemies)
    assert black_dests(betza, origin, friends=friends, enemies=enemies) == white


# --- more spec statements --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("betza", "expected"),
    [
        # Table 2 of betza-xboard.txt, read with the reading oblique-pairs (the letter next to the
        # atom names the pair, the one in front picks from it)
        ("ffN", "d6 f6"),  # doubled: the forward pair, no combining
        ("fsN", "c5 g5"),  # forward moves of the two sideways pairs
        ("bsN", "c3 g3"),
        ("lvN", "d6 d2"),  # left moves of the forward and backward pairs
        ("llN", "c5 c3"),
        ("flN", "c5"),
        ("blN", "c3"),
    ],
)
def test_more_N_direction_sets(betza, expected) -> None:
    assert dests(betza, "e4") == S(expected)


@pytest.mark.parametrize(
    ("betza", "expected"),
    [
        ("AA", "c3 e5 g7"),
        ("C0", "b4 c7 d2 g3"),
        ("DD", "a3 a5 a7 c1 e1 g1"),
    ],
)
def test_unlimited_riders_of_any_atom(betza, expected) -> None:
    # reading unlimited-range: doubling or 0 = unlimited rider for any atom
    assert dests(betza, "a1") == S(expected)


def test_jR_skips_the_first_square() -> None:
    # reading ski-and-must-jump: j on a slider skips the first square whatever is on it
    ms = run("jR", "e4", friends=["e5"], enemies=["f4", "b4"])
    assert {m.to for m in ms} == S("e6 e7 e8 g4 h4 e2 e1 c4 b4")
    assert_plain_captures(ms, {"b4"})


def test_pN_and_gN_on_a_leaper() -> None:
    # pN = pafN: N leap onto an occupied square, then one more N leap the same way
    assert dests("pN", "e4", enemies=["f6", "c5"]) == S("g8 a6")
    # gN = gafN: the leap onto the mount, then range 1 -> unlimited (a Nightrider beyond)
    assert dests("gN", "e4", 12, 10, friends=["f6"]) == S("g8 h10")
    ms = run("gN", "e4", 12, 10, friends=["f6"], enemies=["g8"])
    assert [(m.to, m.captures) for m in ms] == [("g8", ("g8",))]


def test_final_leg_hop_counts_within_its_number() -> None:
    # reading continuation-ranges: a final p with a number counts the whole move within it:
    # pR4 over a3 (two steps) hops off with the two left; pafR4, whose p leg goes on, hands
    # its leg 2 the 4 as it had it (the hop-off leg of the final p is implied, that one not)
    assert dests("pR4", "a1", 12, 10, enemies=["a3"]) == S("a4 a5")
    assert dests("pafR4", "a1", 12, 10, enemies=["a3"]) == S("a4 a5 a6 a7")
    assert dests("pR4", "a1", 12, 10, friends=["a4"]) == S("a5")
    assert dests("pR4", "a1", 12, 10, friends=["a5"]) == set()  # the mount uses up the 4
    # Black, the board turned round: the same squares turned back
    assert black_dests("pR4", "a1", 12, 10, enemies=["a3"]) == S("a4 a5")


def test_xiangqi_king_WfkR() -> None:
    # the spec's example: W steps, plus a forward Rook capture of the royal enemy only
    pos = {"enemies": ["e10"], "royal": ["e10"]}
    assert dests("WfkR", "e1", 9, 10, **pos) == S("d1 f1 e2 e10")
    blocked = {"enemies": ["e10", "e5"], "royal": ["e10"]}
    assert dests("WfkR", "e1", 9, 10, **blocked) == S("d1 f1 e2")


def test_nH_needs_both_jumped_squares_empty() -> None:
    # reading non-jumping: every square jumped over by a leap must be empty
    assert dests("nH", "e4") == S("e7 e1 b4 h4")
    assert dests("nH", "e4", friends=["e6", "c4"], enemies=["h4"]) == S("e1 h4")
