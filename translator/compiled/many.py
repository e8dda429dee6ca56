"""Many positions matched against one move table at once, with numpy: each position's
masks (as :class:`translator.compiled.match.Board` has them) in arrays, each row of the
table paired with every position whose start square it applies to, every condition
checked over all the pairs in one go. Masks are ``uint64`` on boards of up to 64 squares,
Python ints (numpy ``object`` arrays, the same operations) beyond.

>>> from translator.compiled.table import compile_table
>>> table = compile_table("R", 8, 8)
>>> boards = Boards.of(8, 8, [(0, 0), (0, 0)], friends=[1 << 24, 0], enemies=[1 << 3, 0])
>>> moves, captures = mobility(table, "white", boards)
>>> moves.tolist(), captures.tolist()
([5, 14], [1, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from translator.compiled.match import square_rows
from translator.compiled.table import MoveTable
from translator.squares import Square

Array = Any  # a numpy array (numpy's own types are not precise enough to help here)


def _masks(values: Sequence[int], wide: bool) -> Array:
    return np.array(list(values), dtype=object if wide else np.uint64)


@dataclass(frozen=True)
class Boards:
    """Positions, one per index: the mover's square (``origins``), and the masks of the
    mover's ``friends`` and ``enemies`` (bit ``rank * files + file``, its own square
    left out), the ``royal`` pieces, and whether the mover has not moved (``virgin``)."""

    files: int
    ranks: int
    origins: list[Square]
    friends: Array
    enemies: Array
    royal: Array
    virgin: Array

    @classmethod
    def of(cls, files: int, ranks: int, origins: Sequence[Square], friends: Sequence[int],
           enemies: Sequence[int], royal: Sequence[int] | None = None,
           virgin: Sequence[bool] | None = None) -> Boards:
        wide = files * ranks > 64
        count = len(origins)
        return cls(files, ranks, list(origins), _masks(friends, wide), _masks(enemies, wide),
                   _masks(royal if royal is not None else [0] * count, wide),
                   np.array(list(virgin) if virgin is not None else [False] * count, bool))

    @property
    def wide(self) -> bool:
        return self.files * self.ranks > 64


def _row_arrays(table: MoveTable, side: str, origins: list[Square], wide: bool
                ) -> tuple[dict[Square, tuple[int, int]], list[Array]]:
    """The rows of every start square in ``origins``, end to end: per square where its
    rows begin and how many there are; per field of the rows an array: the mask and the
    wanted bits of each of the four fields of :meth:`Board.key` (occupied, friends,
    enemies, royal: :func:`square_rows` tests them as one number), whether the row needs
    the piece unmoved, the index of its destination, whether it captures."""
    spans: dict[Square, tuple[int, int]] = {}
    fields: list[list[Any]] = [[] for _ in range(11)]
    names: dict[str, int] = {}
    size = table.files * table.ranks
    full = (1 << size) - 1
    for origin in dict.fromkeys(origins):
        rows = square_rows(table, side, origin)
        spans[origin] = (len(fields[0]), len(rows))
        for _, mask, want, move, _, _ in rows:
            parts = [(bits >> field * size) & full for field in range(4)
                     for bits in (mask, want)]
            for slot, value in enumerate((*parts, bool(want >> 4 * size),
                                          names.setdefault(move.to, len(names)),
                                          bool(move.captures))):
                fields[slot].append(value)
    arrays = [_masks(values, wide) for values in fields[:8]]
    arrays += [np.array(fields[8], bool), np.array(fields[9], np.int64),
               np.array(fields[10], bool)]
    return spans, arrays


def mobility(table: MoveTable, side: str, boards: Boards) -> tuple[Array, Array]:
    """For each position of ``boards``, the number of squares the piece of ``side`` can
    move to, and of those it can move to with a capture (the destinations of the rows
    that hold: :func:`translator.compiled.match.match` on each position, counted)."""
    count = len(boards.origins)
    spans, arrays = _row_arrays(table, side, boards.origins, boards.wide)
    *masks, unmoved, dest, captures = arrays
    starts = np.array([spans[o][0] for o in boards.origins], np.int64)
    lengths = np.array([spans[o][1] for o in boards.origins], np.int64)
    # one pair per position and row of its start square
    at = np.repeat(np.arange(count), lengths)
    first = np.cumsum(lengths) - lengths
    row = np.arange(int(lengths.sum())) - np.repeat(first, lengths) + np.repeat(starts, lengths)
    friends, enemies = boards.friends[at], boards.enemies[at]
    holds = ~unmoved[row] | boards.virgin[at]
    for field, values in enumerate((friends | enemies, friends, enemies, boards.royal[at])):
        mask, want = masks[2 * field][row], masks[2 * field + 1][row]
        holds &= (values & mask) == want
    width = int(dest.max()) + 1 if len(dest) else 1
    keys = at * width + dest[row]
    return (_per_position(np.unique(keys[holds]) // width, count),
            _per_position(np.unique(keys[holds & captures[row]]) // width, count))


def _per_position(positions: Array, count: int) -> Array:
    return np.bincount(positions, minlength=count)
