"""Whole positions, hand-checked: legal moves with pins, checks, castling, e.p.,
promotion and drops; SAN; FEN; and one-line errors on bad input."""

from __future__ import annotations

import pytest

from translator.errors import BetzaError
from translator.game import Game, divide, perft


def moves(variant: str, fen: str) -> set[str]:
    return set(Game.from_variant(variant, fen).legal_moves())


def test_chess_start_moves_and_perft() -> None:
    g = Game.from_variant("chess")
    pawns = {f"{f}2{f}{r}" for f in "abcdefgh" for r in "34"}
    assert set(g.legal_moves()) == pawns | {"b1a3", "b1c3", "g1f3", "g1h3"}
    assert [perft(g, d) for d in range(1, 4)] == [20, 400, 8902]
    assert divide(g, 2)["e2e4"] == 20


def test_pinned_knight_cannot_move() -> None:
    # the rook on e7 pins the knight on e2 to the king on e1
    assert moves("chess", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1") == {
        "e1d1", "e1d2", "e1f1", "e1f2"}


def test_check_from_a_rook_on_the_rank() -> None:
    g = Game.from_variant("chess", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")
    assert g.in_check()
    assert set(g.legal_moves()) == {"e1d2", "e1e2", "e1f2"}


def test_castling_and_castling_through_check() -> None:
    assert "e1g1" in moves("chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    # the rook on f8 attacks f1, which the king would pass
    assert "e1g1" not in moves("chess", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1")
    # no castling out of check either (the rook on e8)
    assert "e1g1" not in moves("chess", "k3r3/8/8/8/8/8/8/4K2R w K - 0 1")
    # Capablanca: the king on f1 castles to i1 with the rook on j1
    g = Game.from_variant("capablanca", "5k4/10/10/10/10/10/10/5K3R w K - 0 1")
    assert "f1i1" in g.legal_moves()
    g.push("f1i1")
    assert g.piece_at("i1") == "K" and g.piece_at("h1") == "R"


def test_en_passant_and_the_rank_it_opens() -> None:
    g = Game.from_variant("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    assert "e5d6" in g.legal_moves()
    g.push("e5d6")
    assert g.piece_at("d5") is None and g.piece_at("d6") == "P"
    # taking e.p. would leave the rank a5-h5 open to the rook: the king stands in check
    assert "e5d6" not in moves("chess", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1")


def test_promotion_choices_and_shatranj_ferz() -> None:
    assert moves("chess", "8/4P3/8/8/8/8/8/k6K w - - 0 1") >= {
        "e7e8q", "e7e8r", "e7e8b", "e7e8n"}
    assert "e7e8" not in moves("chess", "8/4P3/8/8/8/8/8/k6K w - - 0 1")
    assert {m for m in moves("shatranj", "8/4P3/8/8/8/8/8/k6K w - - 0 1")
            if m.startswith("e7")} == {"e7e8q"}
    # makruk: a pawn promotes on the sixth rank, to the met only
    assert {m for m in moves("makruk", "8/8/8/4P3/8/8/8/k6K w - - 0 1")
            if m.startswith("e5")} == {"e5e6m"}


def test_crazyhouse_drops_and_captures_to_hand() -> None:
    g = Game.from_variant("crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    drops = {m for m in g.legal_moves() if "@" in m}
    # pawns go on ranks 2 to 7, never on the first or last rank
    assert drops == {f"P@{f}{r}" for f in "abcdefgh" for r in range(2, 8)}
    g = Game.from_variant("crazyhouse", "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1")
    g.push("e4d5")
    assert g.hand("white") == {"P": 1}
    assert g.fen() == "4k3/8/8/3P4/8/8/8/4K3[P] b - - 0 1"


def test_shogi_drops_promotion_and_nifu() -> None:
    fen = "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1"
    drops = {m for m in moves("shogi", fen) if m.startswith("P@")}
    # none on the e file (a pawn of its own is there: nifu), none on the last rank (it
    # could never move), every other empty square
    assert drops == {f"P@{f}{r}" for f in "abcdfghi" for r in range(1, 9)}
    g = Game.from_variant("shogi", "4k4/9/4P4/9/9/9/9/9/4K4[] w - - 0 1")
    # the pawn on e7 enters the zone: it may promote or not
    assert {"e7e8", "e7e8+"} <= set(g.legal_moves())
    g = Game.from_variant("shogi", "k8/4P4/9/9/9/9/9/9/4K4[] w - - 0 1")
    # from e8 to e9 it must promote (it could never move again)
    assert {m for m in g.legal_moves() if m.startswith("e8")} == {"e8e9+"}


def test_knightmate_royal_knight() -> None:
    g = Game.from_variant("knightmate")
    # the king leaps as a knight: c2 and g2 hold its pawns
    assert {m for m in g.legal_moves() if m.startswith("e1")} == {"e1d3", "e1f3"}
    g = Game.from_variant("knightmate", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert set(g.legal_moves()) == {"e1c2", "e1d3", "e1f3", "e1g2"}


def test_san_as_fairy_stockfish_writes_it() -> None:
    g = Game.from_variant("chess")
    sans = []
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        sans.append(g.san(uci))
        g.push(uci)
    assert sans == ["f3", "e5", "g4", "Qh4#"]
    assert g.is_checkmate() and not g.is_stalemate()
    g = Game.from_variant("chess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert [g.san(m) for m in ("e1g1", "e1c1", "a1a8")] == ["O-O", "O-O-O", "Ra8+"]
    g = Game.from_variant("chess", "4k3/8/8/8/8/8/8/N3K1N1 w - - 0 1")
    assert g.san("a1b3") == "Nb3" and g.san("g1e2") == "Ne2"
    g = Game.from_variant("chess", "4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1")
    assert g.san("c3e2") == "Nce2" and g.san("g1e2") == "Nge2"


def test_stalemate() -> None:
    g = Game.from_variant("chess", "k7/2Q5/8/8/8/8/8/7K b - - 0 1")
    assert g.legal_moves() == [] and g.is_stalemate() and not g.in_check()


def test_push_pop_and_fen_round_trip() -> None:
    g = Game.from_variant("chess")
    start = g.fen()
    g.push("e2e4")
    assert g.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert g.pop() == "e2e4" and g.fen() == start


def test_attackers_whatever_stands_on_the_square() -> None:
    # Ruy Lopez after 5...Be7 with the rook on e1: it defends the pawn on e4
    g = Game.from_variant(
        "chess", "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQR1K1 w kq - 4 6")
    assert g.attackers("white", "e4") == ["e1"]
    assert g.attackers("black", "e4") == ["f6"]
    assert "d4" in g.covered("white")


@pytest.mark.parametrize("variant, fen, message", [
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank 1 has 7"),
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w - - 0 1", "unknown piece"),
    ("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1", "black has no royal piece"),
    ("chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "not to move is in check"),
    ("chess", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
])
def test_bad_fen_is_one_line(variant: str, fen: str, message: str) -> None:
    with pytest.raises(BetzaError) as err:
        Game.from_variant(variant, fen)
    assert message in err.value.one_line()
    assert "\n" not in err.value.one_line()


def test_unknown_variant_and_illegal_move() -> None:
    with pytest.raises(BetzaError, match="did you mean chess"):
        Game.from_variant("chesss")
    with pytest.raises(BetzaError, match="xiangqi.*palace"):
        Game.from_variant("xiangqi")
    with pytest.raises(BetzaError, match="illegal move 'e2e5'"):
        Game.from_variant("chess").push("e2e5")
