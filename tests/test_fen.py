"""FEN and piece-table parsing, board_fen round trips and text boards."""

from __future__ import annotations

import pytest

from translator.catalogue.fen import board_fen, parse_fen, parse_piece_table
from translator.errors import BetzaError
from translator.position import PlacedPiece, Position
from translator.present.textboard import render_board

FIDE = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
CAPABLANCA = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
TABLE = parse_piece_table("K:K,Q:Q,R:R,B:B,N:N,P:fmWfcF,A:BN,C:RN")


def error(func, *args, **kwargs) -> BetzaError:
    with pytest.raises(BetzaError) as info:
        func(*args, **kwargs)
    return info.value


# --- piece table -------------------------------------------------------------------------


def test_piece_table() -> None:
    assert parse_piece_table("C:fcafmF,K:K,P:fmWfcF") == {
        "C": "fcafmF", "K": "K", "P": "fmWfcF"}


def test_piece_table_upper_cases_letters_and_allows_spaces() -> None:
    assert parse_piece_table("c:fcafmF, K : K ") == {"C": "fcafmF", "K": "K"}


@pytest.mark.parametrize(
    ("text", "message", "pos"),
    [
        ("", "empty entry", 0),
        ("K:K,,P:W", "empty entry", 4),
        ("K:K,", "empty entry", 4),
        ("K:K,P", "no ':'", 4),
        ("KK:K", "single ASCII letter", 0),
        ("K:K,1:W", "single ASCII letter", 4),
        ("K:K,:W", "single ASCII letter", 4),
        ("\u00c4:K", "single ASCII letter", 0),
        ("K:K,P:", "empty Betza string", 6),
        ("K:K,P: ,Q:Q", "empty Betza string", 6),
        ("K:K,k:W", "appears twice", 4),
    ],
)
def test_piece_table_errors(text: str, message: str, pos: int) -> None:
    err = error(parse_piece_table, text)
    assert message in err.message
    assert err.text == text
    assert err.pos == pos


# --- parse_fen: good input ---------------------------------------------------------------


def test_fide_start() -> None:
    pos = parse_fen(FIDE, TABLE)
    assert (pos.files, pos.ranks) == (8, 8)
    assert len(pos.pieces) == 32
    assert pos.side_to_move == "white"
    assert pos.pieces[(4, 1)] == PlacedPiece("white", "fmWfcF", "P")
    assert pos.pieces[(4, 7)] == PlacedPiece("black", "K", "k", royal=True, virgin=True)
    assert pos.pieces[(4, 0)].royal and pos.pieces[(4, 0)].side == "white"
    assert not pos.pieces[(3, 0)].royal  # the queen
    assert pos.ep == [] and pos.ep_victim is None


def test_fide_castling_marks_kings_and_corner_rooks() -> None:
    pos = parse_fen(FIDE, TABLE)
    virgin = {sq for sq, piece in pos.pieces.items() if piece.virgin}
    assert virgin == {(0, 0), (4, 0), (7, 0), (0, 7), (4, 7), (7, 7)}


def test_partial_castling_rights() -> None:
    pos = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R b Kq -", TABLE)
    virgin = {sq for sq, piece in pos.pieces.items() if piece.virgin}
    assert virgin == {(4, 0), (7, 0), (4, 7), (0, 7)}
    assert pos.side_to_move == "black"


def test_castling_file_letters() -> None:
    pos = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w Ah -", TABLE)
    virgin = {sq for sq, piece in pos.pieces.items() if piece.virgin}
    assert virgin == {(0, 0), (4, 0), (7, 7), (4, 7)}


def test_castling_without_king_marks_nothing() -> None:
    pos = parse_fen("8/8/8/8/8/8/8/R6R w KQ -", TABLE)
    assert not any(piece.virgin for piece in pos.pieces.values())


def test_capablanca_10x8() -> None:
    pos = parse_fen(CAPABLANCA, TABLE)
    assert (pos.files, pos.ranks) == (10, 8)
    assert len(pos.pieces) == 40
    assert pos.pieces[(2, 0)] == PlacedPiece("white", "BN", "A", virgin=False)
    assert pos.pieces[(7, 7)] == PlacedPiece("black", "RN", "c")
    assert pos.pieces[(5, 0)].royal and pos.pieces[(5, 0)].virgin
    assert pos.pieces[(9, 0)].virgin and pos.pieces[(0, 7)].virgin
    assert not pos.pieces[(1, 0)].virgin  # knight, not a rook


def test_12x12_with_multi_digit_runs() -> None:
    fen = "k11/12/12/12/r10r/12/12/12/12/12/12/11K b"
    pos = parse_fen(fen, TABLE)
    assert (pos.files, pos.ranks) == (12, 12)
    assert pos.pieces[(0, 11)].letter == "k"
    assert pos.pieces[(0, 7)].letter == "r" and pos.pieces[(11, 7)].letter == "r"
    assert pos.pieces[(11, 0)] == PlacedPiece("white", "K", "K", royal=True)
    assert len(pos.pieces) == 4
    assert pos.side_to_move == "black"


def test_26x26() -> None:
    fen = "/".join(["k25"] + ["26"] * 24 + ["24QK"]) + " w"
    pos = parse_fen(fen, TABLE, files=26)
    assert (pos.files, pos.ranks) == (26, 26)
    assert pos.pieces[(0, 25)].letter == "k"
    assert pos.pieces[(24, 0)].letter == "Q"
    assert pos.pieces[(25, 0)].letter == "K"
    assert pos.square("z26") == (25, 25)


def test_no_side_field_means_white() -> None:
    pos = parse_fen("8/8/8/8/8/8/8/8", TABLE)
    assert pos.side_to_move == "white" and pos.pieces == {}


def test_ep_white_to_move() -> None:
    pos = parse_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", TABLE)
    assert pos.ep == [(3, 5)]
    assert pos.ep_victim == (3, 4)  # d5


def test_ep_black_to_move() -> None:
    pos = parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", TABLE)
    assert pos.ep == [(4, 2)]
    assert pos.ep_victim == (4, 3)  # e4


def test_royal_letters_case_insensitive() -> None:
    table = parse_piece_table("K:K,W:W")
    pos = parse_fen("w7/8/8/8/8/8/8/K6W w", table, royal_letters="w")
    assert pos.pieces[(0, 7)].royal and pos.pieces[(7, 0)].royal
    assert not pos.pieces[(0, 0)].royal


def test_promoted_marks_are_ignored() -> None:
    pos = parse_fen("+r6k/8/8/8/8/8/8/Q~6K w", TABLE)
    assert pos.files == 8
    assert pos.pieces[(0, 7)].letter == "r"
    assert pos.pieces[(0, 0)].letter == "Q"
    assert pos.pieces[(7, 0)].letter == "K"


def test_table_with_lower_case_keys() -> None:
    pos = parse_fen("k7/8/8/8/8/8/8/7K w", {"k": "K"})
    assert pos.pieces[(0, 7)].betza == "K"


# --- parse_fen: errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fen", "message", "pos"),
    [
        ("", "empty FEN", 0),
        ("   ", "empty FEN", 0),
        ("8/7/8 w", "rank 2 is 7 squares wide, but the top rank's width is 8", 2),
        ("8/8/8/8/8/8/8/9 w", "rank 1 is 9 squares wide", 14),
        ("/".join(["8"] * 27), "more than 26 ranks", 52),
        ("27", "more than 26 squares wide", 0),
        ("26K", "more than 26 squares wide", 2),
        ("4k3/8/8/8/8/8/8/4Z3 w", "piece letter 'Z' has no Betza string in the piece table", 17),
        ("4k3/8/8/8/8/8/8/4K2! w", "unexpected character '!'", 19),
        ("4k3/8/8/8/8/8/8/4K3_w", "unexpected character '_'", 19),
        ("8/8/8/8/8/8/8/08", "cannot be 0", 14),
        ("8/8/8/8/8/8/8/+8", "'+' must come right before a piece letter", 14),
        ("8/8/8/8/8/8/8/~8", "'~' must come right after a piece letter", 14),
        ("/", "no squares", 0),
        ("8/8/8/8/8/8/8/8 x", "side to move must be 'w' or 'b'", 16),
        ("8/8/8/8/8/8/8/8 white", "side to move must be 'w' or 'b'", 16),
        ("8/8/8/8/8/8/8/8 w - e9", "bad e.p. square: rank 9 is off", 21),
        ("8/8/8/8/8/8/8/8 w - i3", "bad e.p. square: file 'i' is off", 20),
        ("8/8/8/8/8/8/8/8 w - e", "bad e.p. square: not a square name", 20),
        ("8/8/8/8/8/8/8/8 w - e1", "no square behind it", 20),
        ("8/8/8/8/8/8/8/8 b - e8", "no square behind it", 20),
        ("8/8/8/8/8/8/8/4K3 w K1 -", "castling field must be", 21),
        ("8/8/8/8/8/8/8/4K3 w Z -", "castling file 'Z' is off", 20),
        ("8/8/8/8/8/8/8/4K3 w B -", "names b1, which holds no white piece", 20),
    ],
)
def test_fen_errors(fen: str, message: str, pos: int) -> None:
    err = error(parse_fen, fen, TABLE)
    assert message in err.message
    assert err.text == fen
    assert err.pos == pos


def test_fen_width_must_match_files_argument() -> None:
    err = error(parse_fen, "8/8 w", TABLE, files=10)
    assert err.message == "rank 2 is 8 squares wide, but the given width is 10"
    assert err.pos == 0


def test_error_caret_rendering() -> None:
    err = error(parse_fen, "k7/8/8/8/8/8/8/K6Z w", TABLE)
    assert err.render() == (
        "piece letter 'Z' has no Betza string in the piece table at position 18\n"
        "  k7/8/8/8/8/8/8/K6Z w\n"
        "                   ^"
    )


# --- board_fen ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fen",
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w",
        "k11/12/12/12/r10r/12/12/12/12/12/12/11K b",
        "/".join(["k25"] + ["26"] * 24 + ["24QK"]) + " b",
        "2k/3/K1P w",
    ],
)
def test_board_fen_round_trip(fen: str) -> None:
    assert board_fen(parse_fen(fen, TABLE)) == fen


def test_board_fen_drops_other_fields() -> None:
    assert board_fen(parse_fen(FIDE, TABLE)) == FIDE.split()[0] + " w"


def test_board_fen_light_position_uses_x() -> None:
    pos = Position.light(3, 3, side="black", friends=["a1"], enemies=["c3"])
    assert board_fen(pos) == "2X/3/x2 b"


# --- render_board ------------------------------------------------------------------------


def test_render_board_3x3_with_legend() -> None:
    text = render_board(3, 3, {(0, 0): "N", (1, 2): "*", (2, 1): "x"},
                        legend=[("*", "move only"), ("x", "capture only")])
    assert text == (
        "3 . * .\n"
        "2 . . x\n"
        "1 N . .\n"
        "  a b c\n"
        "  * move only\n"
        "  x capture only"
    )


def test_render_board_two_digit_ranks() -> None:
    text = render_board(2, 10, {(0, 9): "K", (1, 0): "#"})
    assert text == (
        "10 K .\n"
        " 9 . .\n"
        " 8 . .\n"
        " 7 . .\n"
        " 6 . .\n"
        " 5 . .\n"
        " 4 . .\n"
        " 3 . .\n"
        " 2 . .\n"
        " 1 . #\n"
        "   a b"
    )


def test_render_board_26_files_footer() -> None:
    text = render_board(26, 1, {})
    assert text.splitlines()[-1] == "  " + " ".join("abcdefghijklmnopqrstuvwxyz")


@pytest.mark.parametrize(
    "cells", [{(3, 0): "x"}, {(0, 0): "xy"}, {(0, 0): ""}],
)
def test_render_board_rejects_bad_cells(cells: dict[tuple[int, int], str]) -> None:
    with pytest.raises(ValueError):
        render_board(3, 3, cells)
