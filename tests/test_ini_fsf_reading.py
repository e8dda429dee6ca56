"""A variants.ini's custom pieces move as Fairy-Stockfish reads them (issue 39), since that
is the program the file is written for, on every surface that takes an ini: the position
queries (moves, attacks, batch: the FEN form with ``variant`` and ``ini``) and whole games
(legal moves, perft). ``--dialect`` asks for another reading of every string.

The pieces are strings the spec reads otherwise: ``mafsW`` (Fairy-Stockfish skips the ``a``:
from e4 it steps to d4 e5 f4, where the spec's Xiangqi horse leaps to c3 c5 d2 d6 f2 f6 g3
g5) and ``fK`` (Fairy-Stockfish's is ``fW`` and ``fF``: d5 e5 f5, the spec's the single step
to e5). Every answer is checked against pyffish reading the same file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_runner import betza, betza_process
from translator.catalogue.variants import get_variant
from translator.game import Game, perft
from translator.jsonapi.inputs import piece_table
from translator.queries.moves import moves

sf = pytest.importorskip("pyffish")

INI = """\
[horsechess:chess]
customPiece1 = a:mafsW
customPiece2 = s:fK
pieceToCharTable = PNBRQ...........S.....AKpnbrq...........s.....ak
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNSQKANR w KQkq - 0 1
promotionPieceTypes = qas
"""
LONE = "4k3/8/8/8/4A3/8/8/4K3 w - - 0 1"
SOLDIER = "4k3/8/8/8/4S3/8/8/4K3 w - - 0 1"


@pytest.fixture(scope="module")
def ini(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ini") / "variants.ini"
    path.write_text(INI)
    sf.load_variant_config(INI)
    return path


def ffish_from(fen: str, origin: str) -> list[str]:
    return sorted(m[2:] for m in sf.legal_moves("horsechess", fen, [])
                  if m.startswith(origin))


def test_the_variant_carries_the_reading_and_keeps_the_strings(ini: Path) -> None:
    v = get_variant("horsechess", ini)
    assert (v.pieces["A"], v.pieces["S"]) == ("mafsW", "fK")  # as written
    assert v.readings == {"A": "fsf", "S": "fsf"}
    table = piece_table({"variant": "horsechess", "ini": str(ini)})
    # the position's table holds Fairy-Stockfish's moves in the spec's words
    assert sorted(m.to for m in moves(table["A"], "e4")) == ["d4", "e5", "f4"]
    assert piece_table({"variant": "horsechess", "ini": str(ini), "dialect": "spec"})[
        "A"] == "mafsW"


def test_moves_of_a_custom_piece_are_fairy_stockfish_s(ini: Path) -> None:
    common = ["--variant", "horsechess", "--ini", str(ini), "--json"]
    horse = json.loads(betza("moves", "--fen", LONE, "--from", "e4", *common).stdout)
    assert sorted(m["to"] for m in horse["moves"]) == ["d4", "e5", "f4"] == ffish_from(
        LONE, "e4")
    soldier = json.loads(betza("moves", "--fen", SOLDIER, "--from", "e4", *common).stdout)
    assert sorted(m["to"] for m in soldier["moves"]) == ["d5", "e5", "f5"] == ffish_from(
        SOLDIER, "e4")
    # asked for the spec reading, the file's strings are read as the spec reads them
    spec = json.loads(betza("moves", "--fen", LONE, "--from", "e4", "--dialect", "spec",
                            *common).stdout)
    assert sorted(m["to"] for m in spec["moves"]) == ["c3", "c5", "d2", "d6", "f2", "f6",
                                                      "g3", "g5"]


def test_attacks_and_batch_read_the_custom_piece_as_fairy_stockfish(ini: Path) -> None:
    out = betza("attacks", "d5", "--variant", "horsechess", "--ini", str(ini), "--fen",
                SOLDIER, "--json")
    assert [(a["from"], a["letter"]) for a in json.loads(out.stdout)["attackers"]] == [
        ("e4", "S")]
    line = json.dumps({"query": "moves", "variant": "horsechess", "ini": str(ini),
                       "fen": LONE, "from": "e4"})
    answer = json.loads(betza_process("batch", stdin=line).stdout)
    assert sorted(m["to"] for m in answer["moves"]) == ["d4", "e5", "f4"]


def test_legal_moves_and_perft_equal_fairy_stockfish(ini: Path) -> None:
    for fen, origin, squares in ((LONE, "e4", ["d4", "e5", "f4"]),
                                 (SOLDIER, "e4", ["d5", "e5", "f5"])):
        game = Game.from_variant("horsechess", fen=fen, ini=ini)
        assert sorted(m[2:] for m in game.legal_moves() if m.startswith(origin)) == squares
        assert sorted(game.legal_moves()) == sorted(sf.legal_moves("horsechess", fen, []))
    game = Game.from_variant("horsechess", ini=ini)
    start = sf.start_fen("horsechess")
    assert perft(game, 1) == len(sf.legal_moves("horsechess", start, []))
    assert perft(game, 2) == sum(len(sf.legal_moves("horsechess", start, [m]))
                                 for m in sf.legal_moves("horsechess", start, []))


def test_legal_on_the_command_line(ini: Path) -> None:
    out = betza("legal", "--variant", "horsechess", "--ini", str(ini), "--fen", LONE,
                "--json")
    moves = json.loads(out.stdout)
    assert [m for m in moves["moves"] if m.startswith("e4")] == ["e4d4", "e4e5", "e4f4"]


def test_the_king_s_own_string_is_fairy_stockfish_s_too(tmp_path: Path) -> None:
    path = tmp_path / "king.ini"
    path.write_text("[fkking:chess]\nking = k:fKbW\n")
    assert get_variant("fkking", path).readings == {"K": "fsf"}
    sf.load_variant_config(path.read_text())
    fen = "4k3/8/8/8/4K3/8/8/8 w - - 0 1"
    game = Game.from_variant("fkking", fen=fen, ini=path)
    # fKbW read as Fairy-Stockfish: fW fF bW, from e4 d5 e5 f5 e3
    assert sorted(game.legal_moves()) == sorted(sf.legal_moves("fkking", fen, [])) == [
        "e4d5", "e4e3", "e4e5", "e4f5"]


def test_the_variant_list_says_the_reading(ini: Path) -> None:
    text = betza("variants", "--ini", str(ini)).stdout.splitlines()
    assert "    A: mafsW (read as Fairy-Stockfish reads it)" in text
    assert "    N: N" in text
    listed = json.loads(betza("variants", "--ini", str(ini), "--json").stdout)["variants"]
    assert listed[0]["readings"] == {"A": "fsf", "S": "fsf"}
