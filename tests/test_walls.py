"""Wall squares ('*' in Fairy-Stockfish FENs): no piece may enter or pass them."""

from translator.catalogue.fen import board_fen, parse_fen
from translator.catalogue.ini import parse_ini
from translator.queries.moves import moves


def test_fen_walls_round_trip():
    pos = parse_fen("8/8/8/8/*7/8/8/R1*5 w", {"R": "R"})
    assert pos.walls == {(0, 3), (2, 0)}
    assert board_fen(pos) == "8/8/8/8/*7/8/8/R1*5 w"


def test_riders_stop_before_walls_and_leapers_cannot_land_on_them():
    pos = parse_fen("8/8/8/8/*7/8/8/R1*5 w", {"R": "R"})
    assert sorted(m.to for m in moves("R", "a1", pos)) == ["a2", "a3", "b1"]
    assert sorted(m.to for m in moves("N", "a1", pos)) == ["b3", "c2"]  # no wall there


def test_knight_cannot_land_on_a_wall():
    pos = parse_fen("8/8/8/8/8/1*6/2*5/8 w", {})
    assert [m.to for m in moves("N", "a1", pos)] == []  # b3 and c2 are walls
    assert sorted(m.to for m in moves("U", "a1", parse_fen("**/1* w", {}))) == []


def test_ini_with_walls_and_a_janus_parent():
    result = parse_ini("""
[crossderby:chess]
queen = -
rook = -
bishop = -
startFen = n*nnnn*k/**pppp**/pp4pp/8/8/PP4PP/**PPPP**/K*NNNN*N w - - 0 1

[gemini:janus]
startFen = rnbaqkabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBAQKABNR w KQkq - 0 1
archbishop = a
""")
    assert result.notes == []
    assert set(result["crossderby"].pieces) == {"P", "N", "K"}
    gemini = result["gemini"]
    assert (gemini.files, gemini.ranks, gemini.pieces["A"]) == (10, 8, "BN")
