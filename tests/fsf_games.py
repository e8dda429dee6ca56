"""Seeded random games against Fairy-Stockfish's answers recorded once (tests/fsf_games_make.py
writes tests/data/fsf_games.json.gz with pyffish): a game of betza-kb is played from the
case's position, and at every ply its FEN, its legal moves (all of them), check and the SAN
of every ``san_every``-th legal move are compared with pyffish's; the move played is the
seeded random choice among the legal ones (so the recorded game and betza-kb's are the same
game as long as they agree). pyffish costs 2 to 7 ms a call whatever it is asked (it
rebuilds its variant tables each time), which made these games minutes of pyffish alone.

pyffish is still asked live in every run: at the first and the last ply of each game its
FEN, legal moves, check and a few SANs must equal the recording, so an installed pyffish
that answers otherwise than the one the recording was made with is seen (then make the
recording again, and see which answers changed).
"""

from __future__ import annotations

import gzip
import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from translator.game import Game

PATH = Path(__file__).parent / "data" / "fsf_games.json.gz"
LIVE_SANS = 3   # SANs asked of pyffish live per sampled ply


@dataclass(frozen=True)
class Played:
    """One seeded random game: ``plies`` plies (fewer where a side has no move) of
    ``variant`` from ``fen`` (None: the variant's start)."""

    variant: str
    seed: int
    plies: int
    san_every: int = 3
    fen: str | None = None

    def key(self) -> str:
        return f"{self.variant}|{self.fen or ''}|{self.seed}|{self.plies}|{self.san_every}"

    def start(self, sf: Any) -> str:
        return self.fen or sf.start_fen(self.variant)


# one ply as recorded: the FEN, the legal moves (sorted), check, the SANs compared
Ply = tuple[str, list[str], bool, list[str]]


def compared(legal: list[str], ply: int, san_every: int) -> list[str]:
    """The legal moves whose SAN is compared at ``ply``: every ``san_every``-th, turning
    from ply to ply."""
    return [m for n, m in enumerate(legal) if n % san_every == ply % san_every]


def ask(sf: Any, case: Played, history: list[str], ply: int, sans: int | None = None) -> Ply:
    """pyffish's answers after ``history`` (``sans``: the SANs of only the first that many
    of the compared moves)."""
    start = case.start(sf)
    fen = sf.get_fen(case.variant, start, history)
    legal = sorted(sf.legal_moves(case.variant, start, history))
    check = bool(sf.gives_check(case.variant, start, history))
    wanted = compared(legal, ply, case.san_every)[:sans]
    return fen, legal, check, [sf.get_san(case.variant, fen, m) for m in wanted]


def record(sf: Any, case: Played) -> list[Ply]:
    """The game of ``case`` as pyffish plays and answers it (tests/fsf_games_make.py)."""
    rng, history, plies = random.Random(case.seed), [], []
    for ply in range(case.plies):
        answer = ask(sf, case, history, ply)
        plies.append(answer)
        if not answer[1]:
            break
        history.append(rng.choice(answer[1]))
    return plies


@cache
def _recording() -> dict[str, Any]:
    with gzip.open(PATH, "rt") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def recorded(case: Played) -> list[Ply]:
    games = _recording()["games"]
    assert case.key() in games, (f"no recording of {case}: run python tests/fsf_games_make.py")
    return [(fen, legal, bool(check), sans) for fen, legal, check, sans in games[case.key()]]


def play_against_recording(sf: Any, game: Game, case: Played) -> dict[str, int]:
    """Plays ``case`` with ``game`` (in the case's position), comparing every ply with the
    recording and the first and last plies with pyffish live; returns how many moves of
    each kind (promotion, drop, castling) and checks were seen among the legal ones, so a
    test can say its positions reached them."""
    plies = recorded(case)
    assert len(plies) == case.plies or not plies[-1][1], case
    rng, history = random.Random(case.seed), []
    seen = {"promotion": 0, "drop": 0, "castling": 0, "check": 0}
    for ply, (fen, legal, check, sans) in enumerate(plies):
        if ply in (0, len(plies) - 1):
            live = ask(sf, case, history, ply, LIVE_SANS)
            assert live == (fen, legal, check, sans[:LIVE_SANS]), (
                f"pyffish {'.'.join(map(str, sf.version()))} answers otherwise than the "
                f"recording of pyffish {_recording()['pyffish']} ({case}, ply {ply}): "
                "make it again with tests/fsf_games_make.py and see what changed")
        assert game.fen() == fen, (case, ply)
        ours = sorted(game.legal_moves())
        assert ours == legal, (case.variant, fen)
        assert game.in_check() == check, fen
        if not ours:
            break
        for move, san in zip(compared(ours, ply, case.san_every), sans, strict=True):
            assert game.san(move) == san, (fen, move)
        seen["promotion"] += sum(not m[-1].isdigit() for m in ours)
        seen["drop"] += sum("@" in m for m in ours)
        seen["castling"] += sum(game.is_castling(m) for m in ours)
        seen["check"] += game.in_check()
        move = rng.choice(ours)
        game.push(move)
        history.append(move)
    return seen
