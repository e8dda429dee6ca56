"""Perft, the count of move sequences to a depth, bounded in time, and split over Dask
workers when deep: each root move's subtree is a task of its own (a local cluster by
default, a scheduler by address), run by :func:`translator.research.run.run_tasks` as the
census runs its tasks.

The counting itself is the engine's (:func:`translator.game.perft`); here it is asked
subtree by subtree, the clock read between two subtrees of :data:`LEAF` plies, so that a
count past its time limit stops within a fraction of a second with a one-line error.

>>> from translator.game import Game
>>> count(Game.from_variant("chess"), 2, deadline=None)
400
>>> split("chess", None, None, (), 2, scheduler=INLINE).nodes
400
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from translator.errors import BetzaError, LimitError
from translator.game import Game, perft
from translator.research.run import INLINE as INLINE
from translator.research.run import run_tasks

LEAF = 2          # plies counted by the engine in one go between two looks at the clock
MAX_DEPTH = 30    # deeper than any count that ends in a lifetime
SPLIT_DEPTH = 4   # from this depth the command line splits the root moves over Dask


@dataclass
class Perft:
    """A count: its nodes, and per root move (UCI) the nodes under it."""

    nodes: int
    divide: dict[str, int] = field(default_factory=dict)


def game_of(variant: str, ini: str | None, fen: str | None, moves: Sequence[str],
            sans: list[str] | None = None) -> Game:
    """The game of ``variant`` from ``fen`` (its start position when None) with ``moves``
    (UCI) played, the SAN of each appended to ``sans`` when given; an illegal move is a
    one-line error naming it."""
    game = Game.from_variant(variant, fen=fen, ini=ini)
    for n, uci in enumerate(moves, start=1):
        if not isinstance(uci, str) or uci not in game.legal_moves():
            raise BetzaError(f"move {n} ({uci!r}) is not legal in {game.fen()!r}",
                             text=" ".join(str(m) for m in moves),
                             pos=sum(len(str(m)) + 1 for m in moves[:n - 1]))
        if sans is not None:
            sans.append(game.san(uci))
        game.push(uci)
    return game


def check_depth(depth: object) -> int:
    """A depth as given (a whole number from 0 to :data:`MAX_DEPTH`), or the error."""
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_DEPTH:
        raise BetzaError(f"depth must be a whole number from 0 to {MAX_DEPTH}, not {depth!r}")
    return depth


def late(timeout: float | None) -> LimitError:
    """The error of a count past its time limit."""
    limit = "" if timeout is None else f" of {timeout:g} s"
    return LimitError(f"perft went past the time limit{limit} (raise it with --timeout, "
                      "or a line's \"timeout\" key)")


def _over(deadline: float | None, timeout: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise late(timeout)


def count(game: Game, depth: int, deadline: float | None, timeout: float | None = None) -> int:
    """perft(``depth``) of ``game``, the clock read between subtrees of :data:`LEAF`
    plies (``deadline``: a :func:`time.monotonic` time, None for no limit)."""
    if depth <= LEAF:
        return perft(game, depth)
    total = 0
    for uci in game.legal_moves():
        _over(deadline, timeout)
        game.push(uci)
        try:
            total += count(game, depth - 1, deadline, timeout)
        finally:
            game.pop()
    return total


def divided(game: Game, depth: int, deadline: float | None, timeout: float | None = None) -> Perft:
    """The count with the nodes under each root move (depth 0: one node, no moves)."""
    if depth == 0:
        return Perft(1)
    each: dict[str, int] = {}
    for uci in game.legal_moves():
        game.push(uci)
        try:
            each[uci] = count(game, depth - 1, deadline, timeout)
        finally:
            game.pop()
    return Perft(sum(each.values()), each)


def subtree(variant: str, ini: str | None, fen: str | None, moves: tuple[str, ...],
            depth: int, ends: float | None, timeout: float | None) -> int:
    """One task: the count under the position after ``moves`` (a root move last), given
    up at the wall-clock time ``ends`` (:func:`time.time`, which worker processes share)."""
    deadline = None if ends is None else time.monotonic() + ends - time.time()
    _over(deadline, timeout)
    return count(game_of(variant, ini, fen, moves), depth, deadline, timeout)


def split(variant: str, ini: str | None, fen: str | None, moves: Sequence[str], depth: int,
          *, scheduler: str | None = None, workers: int | None = None,
          progress: bool = False, timeout: float | None = None) -> Perft:
    """perft(``depth``) with each root move's subtree a Dask task (``scheduler``: a
    cluster's address, None for a local cluster, :data:`INLINE` for this process); past
    ``timeout`` seconds the tasks are dropped and the count refused with a one-line error."""
    game = game_of(variant, ini, fen, moves)
    if depth == 0:
        return Perft(1)
    roots = game.legal_moves()
    ends = None if timeout is None else time.time() + timeout
    tasks = [(f"perft-{uci}", subtree, (variant, ini, fen, (*moves, uci), depth - 1, ends,
                                        timeout)) for uci in roots]
    try:
        outcomes = run_tasks(tasks, scheduler=scheduler, workers=workers,
                             progress=progress, timeout=timeout)
    except LimitError:
        raise late(timeout) from None
    each: dict[str, int] = {}
    for uci in roots:
        outcome = outcomes[f"perft-{uci}"]
        if outcome.error is not None:
            if outcome.error.startswith("LimitError"):
                raise late(timeout)
            raise BetzaError(f"perft under {uci} failed: {outcome.error}")
        each[uci] = int(outcome.result)
    return Perft(sum(each.values()), each)
