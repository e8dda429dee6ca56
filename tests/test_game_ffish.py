"""Whole positions against Fairy-Stockfish itself (pyffish, a test extra).

Checked variants: chess, capablanca, grand, shatranj, courier, makruk, crazyhouse,
minishogi, shogi, knightmate, almost, amazon, and designer variants of a variants.ini
with custom pieces. For each: perft from the start (depths 1-2 asked of pyffish here,
the deeper counts of tests/data/fsf_perft.json, written by tests/fsf_perft_make.py with
pyffish), and on positions reached by seeded random legal play (both sides; captures,
promotions, drops, castling and e.p. come up) the legal move lists, the FEN, check and
the SAN of every legal move equal pyffish's.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from translator.game import Game, perft

sf = pytest.importorskip("pyffish")

DATA = json.loads((Path(__file__).parent / "data" / "fsf_perft.json").read_text())
VARIANTS = sorted(DATA["perft"])


def fsf_perft(variant: str, fen: str, depth: int) -> int:
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(fsf_perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


@pytest.mark.parametrize("variant", VARIANTS)
def test_perft_from_the_start(variant: str) -> None:
    game = Game.from_variant(variant)
    stored = DATA["perft"][variant]
    assert [perft(game, d) for d in range(1, len(stored) + 1)] == stored
    assert stored[:2] == [fsf_perft(variant, sf.start_fen(variant), d) for d in (1, 2)]


def random_play(variant: str, seed: int, plies: int, ini: str | None = None) -> int:
    """Plays seeded random legal moves, checking each position against pyffish; returns
    the number of positions checked."""
    rng = random.Random(seed)
    game = Game.from_variant(variant, ini=ini)
    start, played = sf.start_fen(variant), []
    for checked in range(plies):
        fen = sf.get_fen(variant, start, played)
        ours = game.legal_moves()
        assert sorted(ours) == sorted(sf.legal_moves(variant, start, played)), fen
        assert game.fen() == fen
        assert game.in_check() == sf.gives_check(variant, start, played), fen
        for move in rng.sample(ours, min(4, len(ours))):
            assert game.san(move) == sf.get_san(variant, fen, move), (fen, move)
        if not ours:
            return checked + 1
        move = rng.choice(ours)
        game.push(move)
        played.append(move)
    return plies


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_equals_fairy_stockfish(variant: str) -> None:
    assert sum(random_play(variant, seed, 45) for seed in (1, 2)) > 10


DESIGNER = """
[knightrider:chess]
customPiece1 = a:NN
customPiece2 = c:mRcpR
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKCNR w KQkq - 0 1
promotionPieceTypes = qrbnac

[hopperhouse:crazyhouse]
customPiece1 = g:gQ
customPiece2 = w:WfF
startFen = rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWKBNR[] w KQkq - 0 1
"""


@pytest.mark.parametrize("variant", ["knightrider", "hopperhouse"])
def test_designer_variants_equal_fairy_stockfish(tmp_path: Path, variant: str) -> None:
    ini = tmp_path / "variants.ini"
    ini.write_text(DESIGNER)
    sf.load_variant_config(DESIGNER)
    game = Game.from_variant(variant, ini=str(ini))
    assert perft(game, 2) == fsf_perft(variant, sf.start_fen(variant), 2)
    assert random_play(variant, 7, 40, ini=str(ini)) > 5
