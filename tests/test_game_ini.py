"""Designer variants written as variants.ini sections (``parent:child``,
``customPieceN`` with Betza strings from the faithful subset of tests/ffish_oracle.py,
``pieceToCharTable``, ``startFen``, ``promotionPieceTypes``, castling and drop options),
played against Fairy-Stockfish reading the same file (``pyffish.load_variant_config``):
the start FEN, perft, and random play (legal moves, FEN, check, SAN; pyffish's answers
along the games recorded by tests/fsf_games_make.py, a sample asked live)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fsf_games import Played, play_against_recording
from translator.errors import BetzaError
from translator.game import Game, perft

sf = pytest.importorskip("pyffish")

INI = """\
# a wazir-knight and a ferz-vertical-knight beside the rooks; promotion to them too
[wazirchess:chess]
customPiece1 = w:WfA
customPiece2 = y:FvN
pieceToCharTable = PNBRQ............W...Y.Kpnbrq............w...y.k
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RWYQKYWR w KQkq - 0 1
promotionPieceTypes = qwy

# crazyhouse with a knight-bishop(2) in place of the black and white bishops on f
[dropper:crazyhouse]
customPiece1 = a:NB2
startFen = rnbqkanr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKANR[] w KQkq - 0 1
promotionPieceTypes = qa

# no castling, pawns without the double step, promotion on the 6th rank of a 6x6 board
[smallboard:chess]
maxFile = f
maxRank = 6
startFen = rnbkqr/pppppp/6/6/PPPPPP/RNBKQR w - - 0 1
castling = false
doubleStep = false
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = nq
"""

SECTIONS = ["wazirchess", "dropper", "smallboard"]


@pytest.fixture(scope="module")
def ini(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ini") / "variants.ini"
    path.write_text(INI)
    sf.load_variant_config(INI)
    return path


@pytest.mark.parametrize("section", SECTIONS)
def test_designer_variant_start_and_perft_equal_fairy_stockfish(ini: Path,
                                                               section: str) -> None:
    game = Game.from_variant(section, ini=ini)
    start = sf.start_fen(section)
    assert game.fen() == sf.get_fen(section, start, [])
    expected = [len(sf.legal_moves(section, start, []))]
    expected.append(sum(len(sf.legal_moves(section, start, [m]))
                        for m in sf.legal_moves(section, start, [])))
    assert [perft(game, 1), perft(game, 2)] == expected


# two seeded random games of each section (tests/fsf_games.py: pyffish's answers recorded
# by tests/fsf_games_make.py, the first and last ply asked live)
GAMES = {section: [Played(section, seed, 60) for seed in range(2)] for section in SECTIONS}


@pytest.mark.parametrize("section", SECTIONS)
def test_designer_variant_random_play_equals_fairy_stockfish(ini: Path,
                                                             section: str) -> None:
    for case in GAMES[section]:
        play_against_recording(sf, Game.from_variant(section, ini=ini), case)


def test_a_custom_piece_moves_as_its_betza_says(ini: Path) -> None:
    game = Game.from_variant("wazirchess", fen="4k3/8/8/8/3W4/8/8/4K3 w - - 0 1", ini=ini)
    wazir = sorted(m[2:] for m in game.legal_moves() if m.startswith("d4"))
    # WfA: the wazir squares and the forward alfil leaps
    assert wazir == ["b6", "c4", "d3", "d5", "e4", "f6"]


def test_an_unknown_section_says_did_you_mean(ini: Path) -> None:
    with pytest.raises(BetzaError, match="did you mean wazirchess"):
        Game.from_variant("wazirches", ini=ini)


@pytest.mark.parametrize(("option", "says"), [
    ("flyingGeneral = true", "the flying general"),
    ("mustCapture = true", "compulsory captures"),
    ("checkCounting = true", "a rule option this knowledge base does not read"),
    ("mobilityRegionWhiteKing = d1 e1 f1", "a palace or other mobility regions"),
    ("mobilityRegionBlackFers = d8 e8 f8", "a palace or other mobility regions"),
])
def test_a_rule_the_kb_cannot_play_is_refused_in_one_line(tmp_path: Path, option: str,
                                                         says: str) -> None:
    path = tmp_path / "refused.ini"
    path.write_text(f"[odd:chess]\n{option}\n")
    with pytest.raises(BetzaError, match=says) as err:
        Game.from_variant("odd", ini=path)
    assert "odd" in str(err.value)


def test_options_that_repeat_the_default_or_only_score_the_end_are_played(
        tmp_path: Path) -> None:
    path = tmp_path / "plain.ini"
    path.write_text("[plain:chess]\nmustCapture = false\nnMoveRule = 70\n"
                    "stalemateValue = loss\n")
    assert perft(Game.from_variant("plain", ini=path), 2) == 400
