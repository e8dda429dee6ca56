"""Whole positions against Fairy-Stockfish (pyffish): perft from the start, and on
positions reached by seeded random legal play (both sides; promotions, drops, castling
and e.p. among them) the legal move lists, the FEN, check and the SAN of every move.

Variants checked (Fairy-Stockfish's built-in names): chess, capablanca, grand, shatranj,
courier, makruk, crazyhouse, minishogi, shogi, knightmate, almost, amazon, losalamos,
gardner, janus, pocketknight, fairy; and designer variants written as
variants.ini sections with custom pieces (tests/test_game_ini.py).

The perft numbers (depths 1 to 4, 3 on the large boards) were counted once with pyffish
0.0.90 by tests/fsf_perft_make.py (tests/data/fsf_perft.json); depths 1 and 2 are asked of
pyffish again here. The random games are compared ply by ply with pyffish's answers
recorded by tests/fsf_games_make.py (tests/data/fsf_games.json.gz), their first and last
plies with pyffish live (tests/fsf_games.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fsf_games import Played, play_against_recording
from translator.game import Game, divide, perft

sf = pytest.importorskip("pyffish")

# variant -> perft(1), perft(2), ... from the start, as pyffish counts them: counted once
# by tests/fsf_perft_make.py (a loop over pyffish.legal_moves, minutes), depths 1 and 2
# asked of pyffish again here
DATA = json.loads((Path(__file__).parent / "data" / "fsf_perft.json").read_text())
PERFT: dict[str, list[int]] = DATA["perft"]


def fsf_perft(variant: str, fen: str, depth: int, history: tuple[str, ...] = ()) -> int:
    moves = sf.legal_moves(variant, fen, list(history))
    if depth == 1:
        return len(moves)
    return sum(fsf_perft(variant, fen, depth - 1, (*history, m)) for m in moves)


@pytest.mark.parametrize("variant", sorted(PERFT))
def test_perft_from_the_start_equals_fairy_stockfish(variant: str) -> None:
    game = Game.from_variant(variant)
    assert game.fen() == sf.get_fen(variant, sf.start_fen(variant), [])
    for depth, nodes in enumerate(PERFT[variant], start=1):
        assert perft(game, depth) == nodes, (variant, depth)
    start = sf.start_fen(variant)
    assert PERFT[variant][:2] == [fsf_perft(variant, start, d) for d in (1, 2)]


def test_divide_sums_to_perft_and_names_each_root_move() -> None:
    game = Game.from_variant("chess")
    counts = divide(game, 2)
    assert len(counts) == 20 and counts["e2e4"] == 20 and counts["g1f3"] == 20
    assert sum(counts.values()) == perft(game, 2) == 400


PLAYED = ["chess", "capablanca", "grand", "shatranj", "courier", "makruk", "crazyhouse",
          "minishogi", "shogi", "knightmate", "almost", "amazon", "losalamos", "gardner",
          "janus", "pocketknight", "fairy"]
# two seeded random games of each variant from the start (tests/fsf_games.py compares
# each ply with pyffish's recorded answers, and the first and last with pyffish live)
GAMES = {variant: [Played(variant, seed, 60 if variant not in ("grand", "shogi") else 40)
                   for seed in range(2)] for variant in PLAYED}


@pytest.mark.parametrize("variant", PLAYED)
def test_random_play_equals_fairy_stockfish(variant: str) -> None:
    for case in GAMES[variant]:
        play_against_recording(sf, Game.from_variant(variant), case)


# positions with special moves, each with the kind of move its random play must reach
SPECIAL = [
    # promotions to each piece, and under-promotion by capture
    ("chess", "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", "promotion"),
    # castling both ways with a rook attacked but the king's path safe
    ("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "castling"),
    # drops: crazyhouse pieces in hand, pawns not on the first or last rank
    ("crazyhouse", "r3k3/8/8/8/8/8/8/4K3[QNPpn] w q - 0 1", "drop"),
    # shogi: nifu, no drop where a piece could never move, forced promotion
    ("shogi", "lnsgkgsnl/1r5b1/pppppp1pp/9/9/9/PPPPPP1PP/1B5R1/LNSGKGSNL[Pp] w - - 0 1", "drop"),
    ("minishogi", "rbsgk/4p/5/P4/KGSBR[Pp] w - - 0 1", "drop"),
    # makruk promotion to the met only (pawns left on the board: once none is, Fairy-
    # Stockfish writes makruk's counting in the FEN, which betza-kb does not; docs/game.md)
    ("makruk", "8/3P1k2/8/p7/8/8/P7/4K3 w - - 0 1", "promotion"),
    # grand: promotion only to pieces captured, optional on the 8th and 9th ranks
    ("grand", "k9/10/10/4P5/10/10/10/10/10/K9 w - - 0 1", "promotion"),
]


def special_game(variant: str, fen: str) -> Played:
    """The game of a special position: 24 plies, the SAN of every legal move compared."""
    return Played(variant, 7, 24, san_every=1, fen=fen)


@pytest.mark.parametrize(("variant", "fen", "kind"), SPECIAL)
def test_positions_with_special_moves_equal_fairy_stockfish(variant: str, fen: str,
                                                            kind: str) -> None:
    game = Game.from_variant(variant, fen=fen)
    seen = play_against_recording(sf, game, special_game(variant, fen))
    assert seen[kind] > 0, seen
