"""Writes tests/data/fsf_perft.json: Fairy-Stockfish's perft counts from the start of each
variant that betza-kb plays, counted with pyffish's legal_moves (a slow loop: minutes),
for tests/test_game_ffish.py, which checks the shallow depths against pyffish live.

    python tests/fsf_perft_make.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pyffish

DEPTHS = {"chess": 4, "capablanca": 3, "grand": 3, "shatranj": 4, "courier": 3, "makruk": 4,
          "crazyhouse": 4, "minishogi": 4, "shogi": 3, "knightmate": 4, "almost": 4,
          "amazon": 4, "janus": 3, "pocketknight": 3, "fairy": 3, "losalamos": 4,
          "gardner": 4}


def counts(variant: str, depth: int) -> list[int]:
    """perft(1) … perft(depth) from the start."""
    totals = [0] * depth

    def walk(fen: str, d: int) -> None:
        moves = pyffish.legal_moves(variant, fen, [])
        totals[d - 1] += len(moves)
        if d < depth:
            for move in moves:
                walk(pyffish.get_fen(variant, fen, [move]), d + 1)

    walk(pyffish.start_fen(variant), 1)
    return totals


def main() -> None:
    out = {"pyffish": ".".join(map(str, pyffish.version())), "perft": {}}
    for variant, depth in DEPTHS.items():
        out["perft"][variant] = counts(variant, depth)
        print(variant, out["perft"][variant], file=sys.stderr, flush=True)
    path = Path(__file__).parent / "data" / "fsf_perft.json"
    path.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
