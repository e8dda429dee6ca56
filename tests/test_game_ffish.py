"""Whole positions against Fairy-Stockfish (pyffish): perft from the start, and on
positions reached by seeded random legal play (both sides; promotions, drops, castling
and e.p. among them) the legal move lists, the FEN, check and the SAN of every move.

Variants checked (Fairy-Stockfish's built-in names): chess, capablanca, grand, shatranj,
courier, makruk, crazyhouse, minishogi, shogi, knightmate, almost, amazon, losalamos,
gardner, janus, pocketknight, fairy; and designer variants written as
variants.ini sections with custom pieces (tests/test_game_ini.py).

The perft numbers were counted once with pyffish (a recursive loop over
``pyffish.legal_moves`` from ``pyffish.start_fen``, pyffish 0.0.90); the random-play
positions are compared with pyffish live.
"""

from __future__ import annotations

import random

import pytest

from translator.game import Game, divide, perft

sf = pytest.importorskip("pyffish")

# variant -> perft(1), perft(2), ... from the start, as pyffish counts them
PERFT: dict[str, tuple[int, ...]] = {
    "chess": (20, 400, 8902),
    "capablanca": (28, 784, 25228),
    "grand": (65, 4225),
    "shatranj": (16, 256, 4176),
    "courier": (26, 678, 18406),
    "makruk": (23, 529, 12012),
    "crazyhouse": (20, 400, 8902),
    "minishogi": (14, 181, 2512, 35401),
    "shogi": (30, 900, 25470),
    "knightmate": (18, 324, 6765),
    "almost": (22, 484, 11895),
    "janus": (28, 782, 24747),
    "pocketknight": (52, 2565, 88617),
    "fairy": (20, 400, 8902),
}


@pytest.mark.parametrize("variant", sorted(PERFT))
def test_perft_from_the_start_equals_fairy_stockfish(variant: str) -> None:
    game = Game.from_variant(variant)
    assert game.fen() == sf.get_fen(variant, sf.start_fen(variant), [])
    for depth, nodes in enumerate(PERFT[variant], start=1):
        assert perft(game, depth) == nodes, (variant, depth)


def test_divide_sums_to_perft_and_names_each_root_move() -> None:
    game = Game.from_variant("chess")
    counts = divide(game, 2)
    assert len(counts) == 20 and counts["e2e4"] == 20 and counts["g1f3"] == 20
    assert sum(counts.values()) == perft(game, 2) == 400


PLAYED = ["chess", "capablanca", "grand", "shatranj", "courier", "makruk", "crazyhouse",
          "minishogi", "shogi", "knightmate", "almost", "amazon", "losalamos", "gardner",
          "janus", "pocketknight", "fairy"]


def play_against_ffish(game: Game, variant: str, seed: int, plies: int,
                       san_every: int = 3) -> dict[str, int]:
    """Random legal play from the game's position, comparing each position with pyffish;
    returns how many moves of each kind (capture, promotion, drop, castling) were seen
    among the legal ones, so a test can say its positions reached them."""
    rng = random.Random(seed)
    start, history = game.fen(), []
    seen = {"promotion": 0, "drop": 0, "castling": 0, "check": 0}
    for ply in range(plies):
        fen = sf.get_fen(variant, start, history)
        assert game.fen() == fen, (variant, seed, ply)
        ours = sorted(game.legal_moves())
        assert ours == sorted(sf.legal_moves(variant, start, history)), (variant, fen)
        assert game.in_check() == sf.gives_check(variant, start, history), fen
        if not ours:
            break
        for n, move in enumerate(ours):
            if n % san_every == ply % san_every:
                assert game.san(move) == sf.get_san(variant, fen, move), (fen, move)
        seen["promotion"] += sum(not m[-1].isdigit() for m in ours)
        seen["drop"] += sum("@" in m for m in ours)
        seen["castling"] += sum(game.san(m).startswith("O-O") for m in ours)
        seen["check"] += game.in_check()
        move = rng.choice(ours)
        game.push(move)
        history.append(move)
    return seen


@pytest.mark.parametrize("variant", PLAYED)
def test_random_play_equals_fairy_stockfish(variant: str) -> None:
    plies = 60 if variant not in ("grand", "shogi") else 40
    for seed in range(2):
        play_against_ffish(Game.from_variant(variant), variant, seed, plies)


@pytest.mark.parametrize(("variant", "fen", "kind"), [
    # promotions to each piece, and under-promotion by capture
    ("chess", "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", "promotion"),
    # castling both ways with a rook attacked but the king's path safe
    ("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "castling"),
    # drops: crazyhouse pieces in hand, pawns not on the first or last rank
    ("crazyhouse", "r3k3/8/8/8/8/8/8/4K3[QNPpn] w q - 0 1", "drop"),
    # shogi: nifu, no drop where a piece could never move, forced promotion
    ("shogi", "lnsgkgsnl/1r5b1/pppppp1pp/9/9/9/PPPPPP1PP/1B5R1/LNSGKGSNL[Pp] w - - 0 1", "drop"),
    ("minishogi", "rbsgk/4p/5/P4/KGSBR[Pp] w - - 0 1", "drop"),
    # makruk and shatranj promotion to the met/ferz only
    ("makruk", "8/3P1k2/8/8/8/8/8/4K3 w - - 0 1", "promotion"),
    # grand: promotion only to pieces captured, optional on the 8th and 9th ranks
    ("grand", "k9/10/10/4P5/10/10/10/10/10/K9 w - - 0 1", "promotion"),
])
def test_positions_with_special_moves_equal_fairy_stockfish(variant: str, fen: str,
                                                            kind: str) -> None:
    game = Game.from_variant(variant, fen=fen)
    seen = play_against_ffish(game, variant, seed=7, plies=24, san_every=1)
    assert seen[kind] > 0, seen
