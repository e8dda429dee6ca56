"""The imitator's modes and direction, drops, and castling as the rules of chess need it.

Expectations are worked out by hand from the spec texts: xbetza-cvp.txt "The Imitator"
(b flips the imitated moves as the opponent would make them; m c e k d keep only moves of
those modes; c implies k), betza-xboard.txt "Drops" (the number is the depth of the drop
zone from the owner's back rank, j exempts the back rank, f/s/b limit pieces of the type
per file / square colour / board, doubled for two; Crazyhouse pawns j@7, Shogi fWf@8) and
"Castling" (the corner piece must not have moved; no castling through check).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from translator.catalogue.fen import parse_fen
from translator.cli.main import main
from translator.errors import BetzaError
from translator.jsonapi.batch import answer_group
from translator.position import Position
from translator.present.why.answer import why
from translator.queries.drops import drops
from translator.queries.moves import MovesQuery, batch_moves, moves
from translator.solve.readers import Move


def targets(betza: str, origin: str, pos: Position, **kw: object) -> set[tuple[str, bool]]:
    return {(m.to, bool(m.captures)) for m in moves(betza, origin, pos, **kw)}  # type: ignore[arg-type]


# --------------------------------------------------------------------------- imitator

def test_m_imitator_makes_only_the_non_captures_of_a_knight() -> None:
    pos = Position.light(enemies=["e6"])
    pos.last_moved = "N"
    assert targets("mI", "d4", pos) == {(sq, False) for sq in
                                        ("b3", "b5", "c2", "c6", "e2", "f3", "f5")}
    assert ("e6", True) in targets("I", "d4", pos)


def test_c_imitator_of_a_pawn_only_captures_diagonally_forward() -> None:
    pos = Position.light(enemies=["c5", "d5", "e5"])
    pos.last_moved = "fmWfcF"
    assert targets("cI", "d4", pos) == {("c5", True), ("e5", True)}


def test_b_imitator_moves_a_pawn_backwards() -> None:
    # the opponent's pawn: one step toward rank 1, capturing diagonally toward rank 1
    pos = Position.light(enemies=["c3", "e5"])
    pos.last_moved = "fmWfcF"
    assert targets("bI", "d4", pos) == {("d3", False), ("c3", True)}


def test_k_imitator_takes_only_a_royal_piece_with_the_captures_of_the_imitated() -> None:
    pos = Position.light(enemies=["e6", "c6"], royal=["e6"])
    pos.last_moved = "N"
    assert targets("kI", "d4", pos) == {("e6", True)}


# --------------------------------------------------------------------------- drops

def test_crazyhouse_pawn_drops_on_ranks_2_to_7() -> None:
    table = {"P": "fmWfceFifmnDj@7", "K": "K"}
    pos = parse_fen("4k3/8/8/8/8/8/4P3/4K3 w", table)
    squares = drops("P", pos, table)
    assert len(squares) == 6 * 8 - 1  # ranks 2-7, but e2 is occupied
    assert "e2" not in squares and not {s for s in squares if s[1] in "18"}


def test_crazyhouse_black_zone_is_counted_from_rank_8() -> None:
    table = {"P": "fmWfceFifmnDj@7"}
    squares = drops("P", parse_fen("8/8/8/8/8/8/8/8 b", table), table)
    assert {int(s[1:]) for s in squares} == {2, 3, 4, 5, 6, 7}


def test_shogi_nifu_and_the_last_rank() -> None:
    table = {"P": "fWf@8"}
    # own pawns on files c and g; a Black pawn on file e does not count
    pos = parse_fen("9/9/9/4p4/9/9/2P3P2/9/9 w", table)
    squares = drops("P", pos, table)
    files = {s[0] for s in squares}
    assert files == set("abdefhi")
    assert not [s for s in squares if s.endswith("9")]  # the last rank
    assert "e6" not in squares  # occupied by the Black pawn
    assert len(squares) == 7 * 8 - 1


def test_doubled_limits_and_board_limit() -> None:
    table = {"X": "ff@3", "Y": "b@2", "Z": "s@8"}
    pos = parse_fen("8/8/8/8/8/8/8/X7 w", table)
    assert "a2" in drops("X", pos, table)  # one X on the a-file: ff allows a second
    pos2 = parse_fen("8/8/8/8/8/8/X7/X7 w", table)
    assert not [s for s in drops("X", pos2, table) if s[0] == "a"]
    assert drops("Y", parse_fen("8/8/8/8/8/8/8/7Y w", table), table) == []
    # s: no second Z on a square of the colour of a1 (dark)
    squares = drops("Z", parse_fen("8/8/8/8/8/8/8/Z7 w", table), table)
    assert "b1" in squares and "c1" not in squares and "b2" not in squares


def test_drop_errors() -> None:
    with pytest.raises(BetzaError, match="means nothing on a drop") as info:
        drops("P", parse_fen("8/8/8/8/8/8/8/8 w", {}), {"P": "fWl@8"})
    assert info.value.pos == 2
    with pytest.raises(BetzaError, match="has no drop move"):
        drops("P", parse_fen("8/8/8/8/8/8/8/8 w", {}), {"P": "fW"})


def test_shogi_variant_carries_its_drops(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL w"
    assert main(["drops", "P", "--variant", "shogi", "--fen", fen, "--json"]) == 0
    squares = json.loads(capsys.readouterr().out)["drops"]
    assert {s[0] for s in squares} == {"e"}  # every other file has a pawn
    # e1 holds the king, e7 a Black pawn, e9 is the last rank
    assert sorted(squares) == ["e2", "e3", "e4", "e5", "e6", "e8"]


def test_batch_drops() -> None:
    line = {"query": "drops", "letter": "P", "fen": "8/8/8/8/8/8/8/8 w",
            "pieces": "P:fmWfcFj@7"}
    (answer,) = answer_group([json.dumps(line)])
    assert answer["ok"] and len(answer["drops"]) == 48


# --------------------------------------------------------------------------- castling

CHESS = {"K": "KisO2", "R": "R", "Q": "Q", "B": "B", "N": "N", "P": "fmWfceFifmnD"}
# the castling positions of the tests below: (FEN, the king's square, castling safety)
CASTLINGS = [
    ("5r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1", True),
    ("5r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1", False),
    ("4r3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1", True),
    ("6r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1", True),
    ("r3k2r/8/8/8/8/8/8/1R6 b kq - 0 1", "e8", True),
    ("r3k2r/8/8/8/8/B7/8/8 b kq - 0 1", "e8", True),
    ("8/8/8/8/8/8/8/R3K2R w - - 0 1", "e1", True),
    ("8/8/8/8/8/8/8/R3K2R w K - 0 1", "e1", True),
    ("8/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1", True),
]
# positions where the castlings are compared with Fairy-Stockfish's
FSF_CASTLINGS = [
    "5r1k/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "4r2k/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "r3k2r/8/8/8/8/B7/8/7K b kq - 0 1",
    "r3k2r/8/8/8/8/8/8/1R5K b kq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
]


def king_square(fen: str) -> str:
    return "e1" if " w " in fen else "e8"


@pytest.fixture(scope="module")
def castled() -> dict[tuple[str, str, bool], list[Move]]:
    """The king's moves in every castling position above, asked in one batch (one
    program's fixed cost for them all; a batch answers each query its own)."""
    asked = CASTLINGS + [(fen, king_square(fen), True) for fen in FSF_CASTLINGS]
    found = batch_moves([MovesQuery(CHESS["K"], origin, parse_fen(fen, CHESS),
                                    castling_safety=safety) for fen, origin, safety in asked])
    answers = {}
    for query, answer in zip(asked, found, strict=True):
        assert not isinstance(answer, BetzaError), (query, answer)
        answers[query] = answer
    return answers


KingMoves = Callable[..., set[str]]


@pytest.fixture
def king_moves(castled: dict[tuple[str, str, bool], list[Move]]) -> KingMoves:
    def answer(fen: str, origin: str, safety: bool = True) -> set[str]:
        return {m.to for m in castled[(fen, origin, safety)]}

    return answer


def test_castling_through_an_attacked_square_is_not_allowed(king_moves: KingMoves) -> None:
    # the rook on f8 attacks f1: no kingside castling; queenside is fine
    moves_ = king_moves("5r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1")
    assert "g1" not in moves_ and "c1" in moves_
    assert "g1" in king_moves("5r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1", safety=False)


def test_castling_out_of_check_and_into_check(king_moves: KingMoves) -> None:
    assert not {"c1", "g1"} & king_moves("4r3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1")
    into = king_moves("6r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1")  # g1 attacked
    assert "g1" not in into and "c1" in into


def test_black_castles_when_only_the_rook_passes_an_attacked_square(
        king_moves: KingMoves) -> None:
    # the White rook on b1 attacks b8, which only the Black rook passes
    assert {"c8", "g8"} <= king_moves("r3k2r/8/8/8/8/8/8/1R6 b kq - 0 1", "e8")
    # a bishop on a3 attacks f8: no kingside castling for Black
    got = king_moves("r3k2r/8/8/8/8/B7/8/8 b kq - 0 1", "e8")
    assert "g8" not in got and "c8" in got


def test_castling_needs_the_partner_unmoved_and_the_squares_between_empty(
        king_moves: KingMoves) -> None:
    assert not {"c1", "g1"} & king_moves("8/8/8/8/8/8/8/R3K2R w - - 0 1", "e1")
    assert king_moves("8/8/8/8/8/8/8/R3K2R w K - 0 1", "e1") & {"c1", "g1"} == {"g1"}
    assert "c1" not in king_moves("8/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1")


def test_why_names_the_attacked_square() -> None:
    pos = parse_fen("5r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", CHESS)
    answer = why("KisO2", "e1", "g1", pos)
    assert not answer.possible
    assert answer.changes == ["f1 is attacked"]


def test_why_names_a_moved_partner() -> None:
    pos = parse_fen("8/8/8/8/8/8/8/R3K2R w Q - 0 1", CHESS)
    answer = why("KisO2", "e1", "g1", pos)
    assert "the piece on h1 must not have moved yet (castling partner)" in answer.changes


@pytest.mark.parametrize("fen", FSF_CASTLINGS)
def test_castling_agrees_with_fairy_stockfish(
        fen: str, castled: dict[tuple[str, str, bool], list[Move]]) -> None:
    pyffish = pytest.importorskip("pyffish")
    origin = king_square(fen)
    theirs = {m[2:4] for m in pyffish.legal_moves("chess", fen, [])
              if m[:2] == origin and m[2:4] in ("c1", "g1", "c8", "g8")}
    ours = {m.to for m in castled[(fen, origin, True)] if m.unloads}
    assert ours == theirs
