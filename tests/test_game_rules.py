"""Whole positions worked out by hand: pins, check evasions, castling out of and through
check, an e.p. capture that would uncover a check, promotion choices, attackers as
python-chess's, and bad input as one-line errors."""

from __future__ import annotations

import pytest

from translator.errors import BetzaError
from translator.game import Game, perft


def legal(fen: str, variant: str = "chess") -> list[str]:
    return sorted(Game.from_variant(variant, fen=fen).legal_moves())


def test_a_pinned_bishop_may_not_move() -> None:
    # the rook on e7 pins the bishop on e2 to the king on e1
    assert legal("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1") == ["e1d1", "e1d2", "e1f1", "e1f2"]


def test_in_check_only_evasions() -> None:
    # the queen on d2 checks; the king takes it or steps to f1 (d1, e2, f2 attacked)
    game = Game.from_variant("chess", fen="4k3/8/8/8/8/8/3q4/4K3 w - - 0 1")
    assert game.in_check() and not game.is_checkmate()
    assert sorted(game.legal_moves()) == ["e1d2", "e1f1"]


def test_castling_not_through_check_but_past_an_attacked_b_file() -> None:
    # the rook on f8 attacks f1, which the king crosses for O-O; the rook on b8 attacks
    # b1, which only the rook crosses for O-O-O
    moves = legal("1r2kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert "e1c1" in moves and "e1g1" not in moves


def test_no_castling_out_of_check() -> None:
    moves = legal("4k3/8/8/4q3/8/8/8/R3K2R w KQ - 0 1")
    assert "e1g1" not in moves and "e1c1" not in moves and "e1f1" in moves


def test_castling_rights_follow_the_rooks_and_king() -> None:
    game = Game.from_variant("chess", fen="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    game.push("h1h8")
    assert game.fen() == "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1"
    assert "e8g8" not in game.legal_moves() and "e8c8" not in game.legal_moves()


def test_en_passant_that_uncovers_a_check_is_illegal() -> None:
    # taking c5 e.p. empties b5 and c5 together: the rook on h5 would check a5
    game = Game.from_variant("chess", fen="4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1")
    game.push("c7c5")
    # Fairy-Stockfish writes the e.p. square though the capture is not legal
    assert game.fen() == "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2"
    assert "b5c6" not in game.legal_moves() and "b5b6" in game.legal_moves()


def test_en_passant_when_legal() -> None:
    game = Game.from_variant("chess", fen="4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    game.push("d7d5")
    assert game.fen() == "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
    assert game.san("e5d6") == "exd6"
    game.push("e5d6")
    assert game.piece_at("d5") is None and game.piece_at("d6") == "P"


def test_promotion_offers_each_piece_and_checkmate_is_seen() -> None:
    game = Game.from_variant("chess", fen="k7/4P3/1K6/8/8/8/8/8 w - - 0 1")
    assert sorted(m for m in game.legal_moves() if m.startswith("e7")) == [
        "e7e8b", "e7e8n", "e7e8q", "e7e8r"]
    assert game.san("e7e8q") == "e8=Q#"
    game.push("e7e8q")
    assert game.is_checkmate() and not game.is_stalemate() and game.legal_moves() == []


def test_stalemate() -> None:
    game = Game.from_variant("chess", fen="k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
    assert game.is_stalemate() and not game.in_check() and perft(game, 1) == 0


def test_crazyhouse_captures_go_to_hand_and_promoted_pieces_revert() -> None:
    game = Game.from_variant("crazyhouse", fen="3rk3/4P3/8/8/8/8/8/4K3[] w - - 0 1")
    game.push("e7d8q")
    assert game.fen() == "3Q~k3/8/8/8/8/8/8/4K3[R] b - - 0 1"
    assert game.piece_at("d8") == "Q~"
    game.push("e8d8")
    assert game.hand("black") == {"P": 1} and game.hand("white") == {"R": 1}
    drops = [m for m in game.legal_moves() if m.startswith("P@")]
    assert drops == [] and game.turn == "white"
    game.push("R@a1")
    assert sorted(m for m in game.legal_moves() if m.startswith("P@"))[:2] == ["P@a2", "P@a3"]
    assert not any(m.startswith("P@") and m[-1] in "18" for m in game.legal_moves())


def test_shogi_pawn_drops_nifu_and_last_rank() -> None:
    game = Game.from_variant("shogi", fen="4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1")
    drops = {m for m in game.legal_moves() if m.startswith("P@")}
    assert not any(m[2] == "e" for m in drops)            # nifu: a pawn on the e-file
    assert not any(m.endswith("9") for m in drops)        # it could never move again
    assert "P@d8" in drops and "P@d2" in drops


def test_attackers_include_defenders_as_python_chess() -> None:
    game = Game.from_variant("chess")
    for move in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1",
                 "f8e7", "f1e1"]:
        game.push(move)
    assert game.attackers("white", "e4") == ["e1"]
    assert sorted(game.attackers("black", "e4")) == ["f6"]
    assert sorted(game.attackers("white", "e5")) == ["f3"]
    covered = game.covered("white")
    assert {"e4", "e5", "d4"} <= covered and "h8" not in covered and "a5" not in covered


@pytest.mark.parametrize(("variant", "fen", "message"), [
    ("chess", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "FEN"),
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "FEN"),
    ("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1", "black has no royal piece"),
    ("chess", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "white has 2 royal pieces"),
    ("chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "the side not to move is in check"),
])
def test_bad_fen_is_one_line(variant: str, fen: str, message: str) -> None:
    with pytest.raises(BetzaError, match=message) as err:
        Game.from_variant(variant, fen=fen)
    assert err.value.text == fen


def test_unknown_and_refused_variants() -> None:
    with pytest.raises(BetzaError, match="did you mean capablanca"):
        Game.from_variant("capablnca")
    with pytest.raises(BetzaError, match="explosions on capture"):
        Game.from_variant("atomic")


def test_an_illegal_move_is_refused_and_the_position_kept() -> None:
    game = Game.from_variant("chess")
    with pytest.raises(BetzaError, match="illegal move 'e2e5'"):
        game.push("e2e5")
    assert game.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    with pytest.raises(BetzaError, match="no move to take back"):
        game.pop()
