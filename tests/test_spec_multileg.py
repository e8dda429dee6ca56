"""Multi-leg XBetza moves: the case studies of the spec, checked against hand-derived sets.

Sources: docs/readings.md (the readings, cited by name), xbetza-cvp.txt (primary, its
"Appendix: some case studies"), betza-xboard.txt, multi-leg-2014.txt. Nothing here was
copied from the engine's output.

Every position is also played by Black on the board turned 180 degrees (reading black-directions):
the helper ``play`` checks that Black's moves, turned back, are exactly White's.
"""

from __future__ import annotations

import pytest

from tests.squares_help import FILES, S, name, xy  # noqa: F401
from tests.tables_help import compile_ahead
from translator.position import Position
from translator.queries.moves import moves


@pytest.fixture(scope="module", autouse=True)
def tables_ahead() -> None:
    """The move tables of the pieces below, compiled together (tests/tables_help.py)."""
    compile_ahead(__file__)


# --- helpers -------------------------------------------------------------------------------


def cap(text: str = "") -> frozenset[str]:
    return frozenset(text.split())


def rot(square: str, files: int = 8, ranks: int = 8) -> str:
    x, y = xy(square)
    return name(files - 1 - x, ranks - 1 - y)


def key(m, f=lambda s: s) -> tuple:
    """Everything that distinguishes a move, with every square passed through ``f``."""
    return (f(m.to), frozenset(map(f, m.captures)),
            frozenset((f(a), f(b)) for a, b in m.unloads),
            frozenset(map(f, m.ep_rights)), f(m.mover) if m.mover else None)


def play(betza, origin, files=8, ranks=8, *, friends=(), enemies=(), ep=(), ep_victim=None,
         virgin=False, colours=True):
    """White's moves; also checks Black's moves in the turned position are the same."""
    white = moves(betza, origin, Position.light(files, ranks, friends=friends, enemies=enemies,
                                                ep=ep, ep_victim=ep_victim), virgin=virgin)
    if colours:
        def r(s):
            return rot(s, files, ranks)

        pos = Position.light(files, ranks, side="black", friends=[r(s) for s in friends],
                             enemies=[r(s) for s in enemies], ep=[r(s) for s in ep],
                             ep_victim=r(ep_victim) if ep_victim else None)
        black = moves(betza, r(origin), pos, virgin=virgin)
        assert {key(m, r) for m in black} == {key(m) for m in white}, "Black != White turned"
    return white


def dests(betza, origin, files=8, ranks=8, **kw) -> set[str]:
    return {m.to for m in play(betza, origin, files, ranks, **kw)}


def effects(betza, origin, files=8, ranks=8, **kw) -> set[tuple[str, frozenset]]:
    return {(m.to, frozenset(m.captures)) for m in play(betza, origin, files, ranks, **kw)}


def box(origin: str, radius: int, files: int = 8, ranks: int = 8) -> set[str]:
    """Squares within ``radius`` King steps of ``origin``, without ``origin``."""
    x0, y0 = xy(origin)
    return {name(x, y) for x in range(max(0, x0 - radius), min(files, x0 + radius + 1))
            for y in range(max(0, y0 - radius), min(ranks, y0 + radius + 1))} - {origin}


def grid(files_: str, ranks_) -> set[str]:
    return {f"{f}{r}" for f in files_ for r in ranks_}


N_E4 = S("d6 f6 c5 g5 c3 g3 d2 f2")
CAMEL_E4 = S("f7 d7 f1 d1 h5 h3 b5 b3")
ZEBRA_E4 = S("g7 c7 g1 c1 h6 h2 b6 b2")
QUEEN_E4 = S("e5 e6 e7 e8 e3 e2 e1 a4 b4 c4 d4 f4 g4 h4 f5 g6 h7 d5 c6 b7 a8 d3 c2 b1 "
             "f3 g2 h1")
BISHOP_E4 = S("f5 g6 h7 d5 c6 b7 a8 d3 c2 b1 f3 g2 h1")
ALL_8X8 = grid("abcdefgh", range(1, 9))


# --- lame leapers: Xiangqi horse, Moa, Moo ------------------------------------------------------


@pytest.mark.parametrize("betza", ["afsW", "mafsW", "nN"])
def test_xiangqi_horse_empty(betza) -> None:
    # W step to an empty square, then one F step turned 45 deg (reading non-jumping: nN is the same)
    assert dests(betza, "e4") == N_E4
    assert dests(betza, "a1") == S("b3 c2")


@pytest.mark.parametrize("betza", ["afsW", "mafsW", "nN"])
def test_xiangqi_horse_crowded(betza) -> None:
    # friend e5 blocks d6 f6; enemy f4 blocks g5 g3 (first leg must be m); c5 is captured
    got = effects(betza, "e4", friends=["e5"], enemies=["f4", "c5"])
    assert got == {("c5", cap("c5")), ("c3", cap()), ("d2", cap()), ("f2", cap())}


def test_xiangqi_horse_corner_blocked() -> None:
    assert dests("afsW", "a1", friends=["a2"]) == S("c2")


def test_moa_afsF() -> None:
    # F step, then a W step turned 45 deg: blockable on the F square only
    assert dests("afsF", "e4") == N_E4
    assert dests("afsF", "e4", friends=["f5"]) == N_E4 - S("f6 g5")
    assert dests("afsF", "e4", friends=["e5"]) == N_E4  # W squares do not block a Moa


def test_moo_afsK() -> None:
    assert dests("afsK", "e4") == N_E4
    # f6 and d6 each have a W path (via e5) and an F path (via f5 / d5)
    assert dests("afsK", "e4", friends=["e5"]) == N_E4
    # e5 f5 (friends) and d5 (enemy: a non-final leg is m) cut both paths of f6 and d6
    assert dests("afsK", "e4", friends=["e5", "f5"], enemies=["d5"]) == N_E4 - S("f6 d6")


# --- lame camels and the Falcon -----------------------------------------------------------------


def test_lame_camel_paths_empty() -> None:
    assert dests("afafsW", "e4") == CAMEL_E4  # W W then F: blockable on W and D squares
    assert dests("afsafF", "e4") == CAMEL_E4  # F W W: blockable on F and N squares
    # afraflW: e5 f6 f7 | f4 g3 h3 | e3 d2 d1 | d4 c5 b5 -- the right-handed half
    assert dests("afraflW", "e4") == S("f7 h3 d1 b5")
    # aflafrW: e5 d6 d7 | f4 g5 h5 | e3 f2 f1 | d4 c3 b3 -- the mirror image
    assert dests("aflafrW", "e4") == S("d7 h5 f1 b3")
    assert dests("afafsWafsafFafraflWaflafrW", "e4") == CAMEL_E4


def test_lame_camel_paths_crowded() -> None:
    assert dests("afafsW", "e4", friends=["e6"]) == CAMEL_E4 - S("d7 f7")  # D square
    assert dests("afsafF", "e4", friends=["f6"]) == CAMEL_E4 - S("f7")  # N square f5-f6-f7
    assert dests("afsafF", "e4", enemies=["f5"]) == CAMEL_E4 - S("f7 h5")  # F square
    assert dests("afraflW", "e4", friends=["f6"]) == S("h3 d1 b5")
    assert dests("aflafrW", "e4", friends=["d6"]) == S("h5 f1 b3")
    # the full lame camel still reaches f7 via e5-e6 when f6 is occupied
    assert dests("afafsWafsafFafraflWaflafrW", "e4", friends=["f6"]) == CAMEL_E4


FALCON = "afafsKafsafKafraflKaflafrK"


def test_falcon_empty() -> None:
    assert dests(FALCON, "e4") == CAMEL_E4 | ZEBRA_E4


def test_falcon_crowded() -> None:
    # Paths (relative to e4) of the moves towards the f7/g7 corner:
    #   camel (1,3): (0,1)(0,2) | (1,1)(1,2) | (0,1)(1,2)
    #   zebra (2,3): (1,1)(2,2) | (0,1)(1,2) | (1,1)(1,2)
    #   zebra (3,2): (1,1)(2,2) | (1,0)(2,1) | (1,1)(2,1)
    # Friends on e5 (0,1) and f5 (1,1) cut every path of f7 and g7 only; h6 keeps f4-g5.
    got = dests(FALCON, "e4", friends=["e5", "f5"])
    assert got == (CAMEL_E4 | ZEBRA_E4) - S("f7 g7")


def test_falcon_crowded_second_ring() -> None:
    # e6 (0,2) and f6 (1,2) occupied: camel f7 loses (0,1)(0,2), (1,1)(1,2), (0,1)(1,2);
    # zebra g7 keeps (1,1)(2,2); camel d7 keeps (-1,1)(-1,2); zebra c7 keeps (-1,1)(-2,2).
    got = dests(FALCON, "e4", friends=["e6"], enemies=["f6"])
    assert got == (CAMEL_E4 | ZEBRA_E4) - S("f7")


# --- area moves ---------------------------------------------------------------------------------


def test_aK_empty() -> None:
    got = dests("aK", "e4")
    assert got == box("e4", 2)  # K, N, A and D squares
    assert len(got) == 24
    assert "e4" not in got  # no null move


def test_aaK_and_area_move_empty() -> None:
    assert dests("aaK", "e4") == box("e4", 3)
    assert len(box("e4", 3)) == 48
    assert dests("KaKaaK", "e4") == box("e4", 3)


def test_aK_crowded() -> None:
    # only f3 is free for the first (m) leg; from f3: e2 f2 g2(enemy) g3 g4 (e4 visited,
    # e3 f4 friends)
    ring = ["d5", "e5", "f5", "d4", "f4", "d3", "e3"]
    got = effects("aK", "e4", friends=ring, enemies=["g2"])
    assert got == {("e2", cap()), ("f2", cap()), ("g2", cap("g2")), ("g3", cap()),
                   ("g4", cap())}


def test_area_move_crowded() -> None:
    # only e5 free.  K: e5.  aK: e5 -> d6 e6 f6.  aaK: d6 -> c7 d7 e7 c6 e6 c5;
    # e6 -> d7 e7 f7 d6 f6; f6 -> e7 f7 g7 e6 g6 g5  (never back to e5 or e4)
    ring = ["d5", "f5", "d4", "f4", "d3", "e3", "f3"]
    got = dests("KaKaaK", "e4", friends=ring)
    assert got == S("e5 d6 e6 f6 c7 d7 e7 f7 g7 c6 g6 c5 g5")


def test_area_moves_on_narrow_boards() -> None:
    # a 1x4 board: no square may be visited twice
    assert dests("aK", "a1", 1, 4) == S("a3")
    assert dests("aaK", "a1", 1, 4) == S("a4")
    assert dests("aaK", "a2", 1, 4) == set()
    assert dests("KaKaaK", "a2", 1, 4) == S("a1 a3 a4")
    # 2x2: three steps visiting the other three squares in some order, never back to a1
    assert dests("aaK", "a1", 2, 2) == S("a2 b1 b2")


# --- hook movers --------------------------------------------------------------------------------


def test_hook_mover_empty() -> None:
    off_cross = grid("abcdfgh", [1, 2, 3, 5, 6, 7, 8])
    assert len(off_cross) == 49
    assert dests("asR", "e4") == off_cross  # one 90 deg turn: never on file e or rank 4
    assert dests("RasR", "e4") == ALL_8X8 - S("e4")
    assert dests("masR", "e4") == off_cross


def test_hook_mover_crowded() -> None:
    # friend e6: northward first leg only reaches e5; enemy c5 is captured (from e5 going
    # west, or from c4 going north) and hides c6 c7 c8, which only the c-file could reach.
    off_cross = grid("abcdfgh", [1, 2, 3, 5, 6, 7, 8])
    got = effects("asR", "e4", friends=["e6"], enemies=["c5"])
    expected = {(s, cap()) for s in off_cross - S("c5 c6 c7 c8")} | {("c5", cap("c5"))}
    assert got == expected
    rook = S("e5 e3 e2 e1 f4 g4 h4 d4 c4 b4 a4")
    assert dests("RasR", "e4", friends=["e6"], enemies=["c5"]) == (off_cross - S("c6 c7 c8")
                                                                   ) | rook


def test_iso_hook_mover() -> None:
    # equal legs: n steps, turn 90 deg, n steps = a Bishop's squares on an empty board
    assert dests("aisR", "e4") == BISHOP_E4
    assert dests("RaisR", "e4") == QUEEN_E4
    # friends e5 f4 cut both paths to f5 g6 h7 (N then E, or E then N)
    assert dests("aisR", "e4", friends=["e5", "f4"]) == BISHOP_E4 - S("f5 g6 h7")


def test_sissa_empty() -> None:
    # Queen leg of n steps, then 45 or 135 deg turn and n steps: n*(1,2)-type offsets (the
    # path stays in the bounding box, so on board iff the target is) and n*(1,0)-type ones
    # (the path overshoots: e.g. (3,0) = 3 up + 3 down-right needs rank 7 and file h).
    rook = S("f4 g4 h4 d4 c4 b4 a4 e5 e6 e7 e8 e3 e2 e1")
    oblique = S("f6 g8 d6 c8 f2 d2 g5 c5 a6 g3 c3 a2")
    assert dests("aivsQ", "e4") == rook | oblique


def test_sissa_crowded_corner() -> None:
    # Sissa on a1, friend b2.  Empty board: b1..h1, a2..a8, b3 c5 d7, c2 e3 g4 (20).
    # c1 = (2,0) needs a1-a2-a3 then a3-b2-c1, or a1-b2-c1: both through b2. Same for a3.
    # b3 keeps a1-a2-b3, d1 = (3,0) goes a1..a4-b3-c2-d1.
    got = dests("aivsQ", "a1", friends=["b2"])
    assert got == S("b1 d1 e1 f1 g1 h1 a2 a4 a5 a6 a7 a8 b3 c5 d7 c2 e3 g4")


# --- bent sliders: Griffon, Picket ---------------------------------------------------------------


def test_griffon_empty() -> None:
    expected = S("d5 f5 d3 f3 f6 f7 f8 g5 h5 d6 d7 d8 c5 b5 a5 f2 f1 g3 h3 d2 d1 c3 b3 a3")
    assert len(expected) == 24
    assert dests("FyafsF", "e4") == expected


def test_griffon_crowded() -> None:
    # friend f6 stops the f-file slide from f5; enemy g5 is captured on the rank slide
    got = effects("FyafsF", "e4", friends=["f6"], enemies=["g5"])
    plain = S("d5 f5 d3 f3 d6 d7 d8 c5 b5 a5 f2 f1 g3 h3 d2 d1 c3 b3 a3")
    assert got == {(s, cap()) for s in plain} | {("g5", cap("g5"))}


def test_picket_yafF() -> None:
    # a Bishop that cannot stop on (nor capture on) the first diagonal square
    assert dests("yafF", "e4") == S("g6 h7 c6 b7 a8 g2 h1 c2 b1")
    # enemy f5 blocks NE (the first leg is m); c6 captured; friend g2 blocks SE
    got = effects("yafF", "e4", friends=["g2"], enemies=["f5", "c6"])
    assert got == {("c6", cap("c6")), ("c2", cap()), ("b1", cap())}


# --- locusts: Checker, Lion, Rifle Rook ---------------------------------------------------------


CHECKER = "fmFfcafmF"


def test_checker() -> None:
    assert effects(CHECKER, "e4") == {("d5", cap()), ("f5", cap())}
    assert effects(CHECKER, "e4", enemies=["f5"]) == {("d5", cap()), ("g6", cap("f5"))}
    # g6 friend: no capture of f5; d5 captured by jumping to the empty c6
    assert effects(CHECKER, "e4", friends=["g6"], enemies=["f5", "d5"]) == {
        ("c6", cap("d5"))}
    # the landing square must be empty (final leg m): no double capture
    assert effects(CHECKER, "e4", enemies=["f5", "g6"]) == {("d5", cap())}


def test_checker_legs() -> None:
    ms = play(CHECKER, "e4", enemies=["f5"])
    jump = [m for m in ms if m.to == "g6"]
    assert len(jump) == 1
    assert jump[0].legs == ("e4", "f5", "g6")
    assert jump[0].captures == ("f5",)


def test_checker_black_explicit() -> None:
    ms = moves(CHECKER, "d5", Position.light(8, 8, side="black", enemies=["e4"]))
    assert {(m.to, frozenset(m.captures)) for m in ms} == {("c4", cap()), ("f3", cap("e4"))}


LIONS = ["KNADcaKmcabK", "mpcaKmcabK"]


@pytest.mark.parametrize("lion", LIONS)
def test_lion_empty(lion) -> None:
    # 24 squares within two King steps, plus the turn pass (step out and back)
    expected = {(s, cap()) for s in box("e4", 2)} | {("e4", cap())}
    assert effects(lion, "e4") == expected


@pytest.mark.parametrize("lion", LIONS)
def test_lion_crowded(lion) -> None:
    # enemies e5 f6, friend d5.
    direct = {(s, cap()) for s in box("e4", 2) - S("d5 e5 f6")}
    direct |= {("e5", cap("e5")), ("f6", cap("f6"))}
    # capture e5 then step on (not back to e4; d5 is a friend): locust moves, one of them a
    # double capture on f6
    locust = {("d6", cap("e5")), ("e6", cap("e5")), ("f6", cap("e5 f6")), ("f5", cap("e5")),
              ("d4", cap("e5")), ("f4", cap("e5"))}
    # out and back: turn pass, and igui on e5
    back = {("e4", cap()), ("e4", cap("e5"))}
    got = effects(lion, "e4", friends=["d5"], enemies=["e5", "f6"])
    assert got == direct | locust | back
    assert len(got) == 23 + 6 + 2


@pytest.mark.parametrize("lion", LIONS)
def test_lion_surrounded_by_friends(lion) -> None:
    ring = ["d5", "e5", "f5", "d4", "f4", "d3", "e3", "f3"]
    got = effects(lion, "e4", friends=ring)
    assert got == {(s, cap()) for s in box("e4", 2) - box("e4", 1)}


def test_rifle_rook() -> None:
    ms = play("caibR", "e4", friends=["g4"], enemies=["e7", "e8", "b4"])
    assert {(m.to, m.captures) for m in ms} == {("e4", ("e7",)), ("e4", ("b4",))}
    assert dests("caibR", "e4") == set()


# --- hoppers that turn: bifurcators, Collider ----------------------------------------------------


def test_bifurcator_pafsR() -> None:
    # mount e6 (any colour), then a Bishop slide turned 45 deg
    assert dests("pafsR", "e4", friends=["e6"]) == S("d7 c8 f7 g8")
    got = effects("pafsR", "e4", friends=["e6"], enemies=["f7"])
    assert got == {("d7", cap()), ("c8", cap()), ("f7", cap("f7"))}
    assert dests("pafsR", "e4") == set()


def test_bifurcator_pasR() -> None:
    assert dests("pasR", "e4", enemies=["e6"]) == S("d6 c6 b6 a6 f6 g6 h6")
    got = effects("pasR", "e4", friends=["e6"], enemies=["g6"])
    assert got == {(s, cap()) for s in S("d6 c6 b6 a6 f6")} | {("g6", cap("g6"))}


def test_collider() -> None:
    # slide to the mount e7, step back to e6 (must be empty), then 135 deg from "south":
    # the two forward diagonals from e6
    assert dests("gabyabsR", "e4", enemies=["e7"]) == S("d7 c8 f7 g8")
    assert dests("gabyabsR", "e4", enemies=["e7"], friends=["c8"]) == S("d7 f7 g8")
    assert dests("gabyabsR", "e4") == set()


def test_collider_mount_adjacent() -> None:
    # mount e5: the backward step lands on the start square, which counts as empty
    # (reading squares-during-a-move) and may be revisited by an explicit direction (reading
    # continuation-directions); then the forward diagonals from e4
    assert dests("gabyabsR", "e4", friends=["e5"]) == S("f5 g6 h7 d5 c6 b7 a8")


# --- displacement: Swapper, Valkyrie -------------------------------------------------------------


def unload_keys(ms) -> set[tuple[str, frozenset]]:
    return {(m.to, frozenset(m.unloads)) for m in ms}


def test_swapper_udQ() -> None:
    # swaps with friends a Queen move away: e7, b4, g6 (h7 is behind g6; enemy c6 is not a
    # friend)
    ms = play("udQ", "e4", friends=["e7", "b4", "g6", "h7"], enemies=["c6"])
    assert unload_keys(ms) == {("e7", frozenset({("e4", "e7")})),
                               ("b4", frozenset({("e4", "b4")})),
                               ("g6", frozenset({("e4", "g6")}))}


def test_valkyrie() -> None:
    # Q: 27 squares minus e7 (friend) and e8 (behind it).  udQ: swap with e7.
    # afudQ: stop on e5 or e6 first, then capture e7 and drop it on e5 / e6.
    ms = play("QudQafudQ", "e4", friends=["e7"])
    expected = {(s, frozenset()) for s in QUEEN_E4 - S("e7 e8")}
    expected |= {("e7", frozenset({("e4", "e7")})), ("e7", frozenset({("e5", "e7")})),
                 ("e7", frozenset({("e6", "e7")}))}
    assert unload_keys(ms) == expected


# --- induction: Relay Knight ---------------------------------------------------------------------


def test_relay_knight() -> None:
    # mN: the 7 empty N squares.  xaN: the friend on f6 leaps as a Knight, anywhere but back
    # onto e4 (a visited square); it captures the enemy on g8.
    ms = play("mNxaN", "e4", friends=["f6"], enemies=["g8"])
    got = {(m.to, m.mover) for m in ms}
    own = {(s, None) for s in S("d6 c5 c3 d2 f2 g3 g5")}
    relayed = {(s, "f6") for s in S("g8 h7 h5 g4 d5 d7 e8")}
    assert got == own | relayed
    for m in ms:
        assert m.captures == (("g8",) if m.to == "g8" else ())


# --- en passant: FIDE and Metamachy pawns, fnafsmW ------------------------------------------------


FIDE = "fmWfceFifmnD"


def ep_keys(ms) -> set[tuple[str, frozenset, frozenset]]:
    return {(m.to, frozenset(m.captures), frozenset(m.ep_rights)) for m in ms}


def test_fide_pawn_double_push_creates_ep_rights() -> None:
    ms = play(FIDE, "e2", virgin=True)
    assert ep_keys(ms) == {("e3", cap(), cap()), ("e4", cap(), cap("e3"))}


def test_fide_pawn_not_virgin() -> None:
    assert ep_keys(play(FIDE, "e2")) == {("e3", cap(), cap())}


def test_fide_pawn_blocked_and_capturing() -> None:
    assert dests(FIDE, "e2", friends=["e3"], virgin=True) == set()  # n: e3 blocks e4
    assert dests(FIDE, "e2", enemies=["e4"], virgin=True) == S("e3")
    got = ep_keys(play(FIDE, "e2", enemies=["d3"], virgin=True))
    assert got == {("e3", cap(), cap()), ("e4", cap(), cap("e3")), ("d3", cap("d3"), cap())}


def test_fide_pawn_black_explicit() -> None:
    ms = moves(FIDE, "e7", Position.light(8, 8, side="black"), virgin=True)
    assert ep_keys(ms) == {("e6", cap(), cap()), ("e5", cap(), cap("e6"))}


def test_fide_pawn_en_passant_capture() -> None:
    got = effects(FIDE, "e5", enemies=["d5"], ep=["d6"], ep_victim="d5")
    assert got == {("e6", cap()), ("d6", cap("d5"))}
    assert effects(FIDE, "e5", enemies=["d5"]) == {("e6", cap())}


def test_fide_pawn_en_passant_black_explicit() -> None:
    pos = Position.light(8, 8, side="black", enemies=["e4"], ep=["e3"], ep_victim="e4")
    got = {(m.to, frozenset(m.captures)) for m in moves(FIDE, "d4", pos)}
    assert got == {("d3", cap()), ("e3", cap("e4"))}


METAMACHY = "fmWfceFfmnnD"


def test_metamachy_pawn() -> None:
    # the double push is not initial-only and creates e.p. rights on the passed square
    assert ep_keys(play(METAMACHY, "e4")) == {("e5", cap(), cap()), ("e6", cap(), cap("e5"))}
    assert dests(METAMACHY, "e4", friends=["e5"]) == set()
    assert dests(METAMACHY, "e4", enemies=["e6"]) == S("e5")  # m only
    got = effects(METAMACHY, "e5", enemies=["f5"], ep=["f6"], ep_victim="f5")
    assert got == {("e6", cap()), ("e7", cap()), ("f6", cap("f5"))}


def test_fnafsmW_ep_rights_on_the_W_square() -> None:
    ms = play("fnafsmW", "e4")
    assert {(m.to, frozenset(m.ep_rights)) for m in ms} == {("d6", cap("e5")),
                                                            ("f6", cap("e5"))}
    assert dests("fnafsmW", "e4", enemies=["f6"]) == S("d6")  # final leg m
    assert dests("fnafsmW", "e4", friends=["e5"]) == set()


def test_fnafsmW_black_explicit() -> None:
    ms = moves("fnafsmW", "e5", Position.light(8, 8, side="black"))
    assert {(m.to, frozenset(m.ep_rights)) for m in ms} == {("d3", cap("e4")),
                                                            ("f3", cap("e4"))}


# --- gluing legs: mp ---------------------------------------------------------------------------


def test_mpafN_2_4_leaper() -> None:
    assert dests("mpafN", "e4") == S("g8 c8 a6 a2")
    assert dests("mpafN", "f5", 12, 10) == S("h9 d9 h1 d1 j7 b7 j3 b3")
    # mp: the N square in between may hold anything
    assert dests("mpafN", "e4", friends=["f6", "d6"], enemies=["c5", "c3"]) == S("g8 c8 a6 a2")


def test_afN_is_lame() -> None:
    assert dests("afN", "e4") == S("g8 c8 a6 a2")
    assert dests("afN", "e4", friends=["f6"]) == S("c8 a6 a2")


def test_mpafsK_is_N() -> None:
    ring = ["d5", "e5", "f5", "d4", "f4", "d3", "e3", "f3"]
    assert dests("mpafsK", "e4") == N_E4
    assert dests("mpafsK", "e4", friends=ring[:4], enemies=ring[4:]) == N_E4
    assert dests("mpafsK", "a1") == S("b3 c2")
    assert dests("mpafsK", "a1", 12, 10, friends=["a2", "b2", "b1"]) == S("b3 c2")


# --- range toggling and p/g on K ---------------------------------------------------------------


def test_gafK_is_the_contra_grasshopper() -> None:
    # first leg: K step onto an adjacent piece; g turns K into Q for the hop-off
    pos = {"friends": ["f5", "d4"], "enemies": ["e5", "h7"]}
    expected = S("e6 e7 e8 g6 h7 c4 b4 a4")
    assert dests("gafK", "e4", **pos) == expected
    assert dests("gK", "e4", **pos) == expected


def test_pafK_is_jAjD() -> None:
    # reading hop-over-king-square: hop an occupied K square, land one step beyond
    pos = {"friends": ["f5"], "enemies": ["e5", "d4", "c6"]}
    assert dests("pafK", "e4", **pos) == S("e6 c4 g6")
    assert dests("jAjD", "e4", **pos) == S("e6 c4 g6")


def test_afK_is_nAnD() -> None:
    pos = {"friends": ["f5"], "enemies": ["e5", "d4", "c6"]}
    expected = {("c6", cap("c6")), ("g4", cap()), ("e2", cap()), ("c2", cap()), ("g2", cap())}
    assert effects("afK", "e4", **pos) == expected
    assert effects("mafK", "e4", **pos) == expected
    assert effects("nAnD", "e4", **pos) == expected


def test_masW3_inherits_the_range() -> None:
    # reading continuation-ranges: up to 3 steps, turn 90 deg, up to 3 more
    assert dests("masW3", "a1") == grid("bcd", [2, 3, 4])
    assert dests("masW3", "e4") == grid("bcdfgh", [1, 2, 3, 5, 6, 7])


def test_gafsR_vs_gafsW0() -> None:
    # gafsR: R -> W, fs -> one F step behind the mount; gafsW0: W0 -> R, fs -> Bishop slide
    assert dests("gafsR", "e4", enemies=["e6"]) == S("d7 f7")
    assert dests("gafsW0", "e4", enemies=["e6"]) == S("d7 c8 f7 g8")


def test_cpafR_is_cafR_plus_pafR() -> None:
    # north: capture e6 then go on (e7, or capture e8 too); or hop e6 to e7 / capture e8.
    # west: b4 is a friend: only a hop, to a4.
    expected = {("e7", cap("e6")), ("e8", cap("e6 e8")), ("e7", cap()), ("e8", cap("e8")),
                ("a4", cap())}
    pos = {"friends": ["b4"], "enemies": ["e6", "e8"]}
    assert effects("cpafR", "e4", **pos) == expected
    assert effects("cafRpafR", "e4", **pos) == expected


# --- default continuation directions and squares during a move ------------------------------


def test_aW_default_continuation_has_no_45_degree_turn() -> None:
    # reading continuation-directions: a 4-way atom continues forward, left or right (never 45 deg,
    # never back)
    assert dests("aW", "e4") == S("e6 g4 e2 c4 d5 f5 f3 d3")


def test_aF_default_continuation() -> None:
    # f5 -> g6 e6 g4; d5 -> c6 c4 e6; d3 -> c2 e2 c4; f3 -> g2 g4 e2: A and D squares
    assert dests("aF", "e4") == S("g6 c6 c2 g2 e6 g4 e2 c4")


def test_cabR_returns_over_the_start_square() -> None:
    # explicit b may revisit (reading continuation-directions); the start square counts as empty
    # (reading squares-during-a-move)
    got = effects("cabR", "e4", enemies=["e7"])
    assert got == {(s, cap("e7")) for s in S("e6 e5 e4 e3 e2 e1")}


def test_captured_piece_stays_on_its_square_until_the_move_ends() -> None:
    # reading squares-during-a-move: capture e6, go on and capture e8, then slide back: e7 is empty,
    # and e6 still holds the piece captured there, so the slide stops on it and captures it again
    got = effects("cafcabR", "e4", enemies=["e6", "e8"])
    assert got == {("e7", cap("e6 e8")), ("e6", cap("e6 e8"))}


def test_camabmW_has_no_move_back_to_the_captured_square() -> None:
    # the example of the reading squares-during-a-move: leg 1 captures e5 (the only enemy), leg 2
    # steps on to e6, d5 or f5, leg 3 steps straight back to e5, which still holds the captured
    # piece: m cannot end there
    assert dests("camabmW", "e4", enemies=["e5"]) == set()


def test_a_hop_leg_can_hop_the_captured_piece() -> None:
    # camabpW: capture e5, step on to e6 / d5 / f5, hop back over e5 (still occupied) and
    # land one step beyond: e4 (the start square, empty), f5, d5; each captures e5
    got = effects("camabpW", "e4", enemies=["e5"])
    assert got == {(s, cap("e5")) for s in S("e4 f5 d5")}


# --- continuation-directions, iso, continuation-ranges as both reference programs read them ------


FMAQ_FROM_E5 = S("e6 e7 e8 f6 g7 h8 f5 g5 h5 f4 g3 h2 d4 c3 b2 a1 d5 c5 b5 a5 d6 c7 b8")
FMAQ_FROM_E6 = S("e7 e8 f7 g8 f6 g6 h6 f5 g4 h3 d5 c4 b3 a2 d6 c6 b6 a6 d7 c8")
FMAQ_FROM_E7 = S("e8 f8 f7 g7 h7 f6 g5 h4 d6 c5 b4 a3 d7 c7 b7 a7 d8")
FMAQ_FROM_E8 = S("f8 g8 h8 f7 g6 h5 d7 c6 b5 a4 d8 c8 b8 a8")


def test_fmaQ_never_goes_straight_back() -> None:
    # reading continuation-directions: leg 1 slides forward to e5, e6, e7 or e8; leg 2 (no direction
    # letters) goes every way of the Queen but straight back (south), so nothing below the first
    # leg's end on the e-file: no e5 from e6, no e4, e3, e2, e1 at all
    got = dests("fmaQ", "e4")
    assert got == FMAQ_FROM_E5 | FMAQ_FROM_E6 | FMAQ_FROM_E7 | FMAQ_FROM_E8
    assert not got & S("e5 e4 e3 e2 e1")


def test_fmaQ_from_e6_goes_on_in_seven_directions() -> None:
    # a friend on e7: leg 1 ends on e5 or e6; from e6, north is blocked at once (e7) and
    # south is never taken, so e5 is not reached from e6
    got = dests("fmaQ", "e4", friends=["e7"])
    assert got == (FMAQ_FROM_E5 - S("e7 e8")) | S(
        "f7 g8 f6 g6 h6 f5 g4 h3 d5 c4 b3 a2 d6 c6 b6 a6 d7 c8")


def test_iso_after_leaper_legs_constrains_nothing() -> None:
    # reading iso: fasiK on d4: leg 1 the forward step to d5, leg 2 a sideways step (c5,
    # e5); no slider leg came before, so i asks nothing: exactly fasK
    assert dests("fasiK", "d4") == S("c5 e5")
    assert dests("fasK", "d4") == S("c5 e5")


def test_toggling_a_doubled_atom_strips_the_doubling_first() -> None:
    # reading continuation-ranges: yabFF slides diagonally to an empty square (f5 g6 h7, d5 c6 b7
    # a8, d3 c2 b1, f3 g2 h1), the toggle makes FF (= F0) a B, which slides straight back: over e4
    # (empty, and an explicit b may come back to it) to the far end of the diagonal
    assert dests("yabFF", "e4") == BISHOP_E4 | {"e4"}
    assert dests("yabF0", "e4") == BISHOP_E4 | {"e4"}
    # a B toggles to an F: one step back, which never reaches the far ends of the diagonals
    assert dests("yabB", "e4") == (BISHOP_E4 | {"e4"}) - S("h7 a8 b1 h1")


def test_t_on_a_hop_leg_means_friendly_mount_only() -> None:
    # reading tame: north mount e6 is a friend (allowed), west mount c4 is an enemy (not)
    pos = {"friends": ["e6"], "enemies": ["c4", "e8"]}
    assert dests("tpafR", "e4", **pos) == S("e7 e8")
    assert dests("pafR", "e4", **pos) == S("e7 e8 b4 a4")


def test_l_r_continuation_of_oblique_atom_is_rejected() -> None:
    # reading oblique-later-legs: afrN is undefined; the error suggests hr/hl
    from translator.errors import BetzaError

    with pytest.raises(BetzaError) as info:
        moves("afrN", "e4", Position.light(8, 8))
    assert "hr" in str(info.value) or "hr" in info.value.message


def test_aR_default_continuation_never_goes_back() -> None:
    # R slide (m), then straight on, left or right (reading continuation-directions: back only if
    # explicit). The four adjacent Rook squares cannot be a destination: reaching e5 would need a
    # turn on e4's own file/rank ending there, or a backward slide from e6.
    assert dests("aR", "e4") == ALL_8X8 - S("e4 e5 e3 d4 f4")


def test_cylinder_belongs_to_its_leg() -> None:
    # reading cylinder: maoW on a1 steps without wrapping (a2, b1), then wraps: from a2 on
    # to a3, left round the edge to h2, right to b2; from b1 on to c1, left to b2 (a rank
    # never wraps with o)
    assert dests("maoW", "a1") == S("a3 b2 c1 h2")
    # moaW on a6: the first step wraps (a5, a7, b6 and h6 round the edge), the second does
    # not: a4 a8, b5 b7 c6 and from h6 on to g6, h5 h7 (and Black's on h3, turned round)
    assert dests("moaW", "a6") == S("a4 a8 b5 b7 c6 g6 h5 h7")
    # with o on both legs both wrap: from a2 on to a3 and round to h2 and b2, from b1 c1 b2,
    # from h1 (round the edge from a1) g1 and h2
    assert dests("moaoW", "a1") == S("a3 b2 c1 g1 h2")
