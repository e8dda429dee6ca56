"""Answer positions from a compiled move table: each row's condition as bit masks over the
board's squares, checked against the position's masks. The matcher knows nothing of the
notation: it checks conjunctions of square states.

A Black piece is a White one on the board turned round (the table is White's): its rows
are those of the turned start square, every square turned back.

>>> from translator.compiled.table import compile_table
>>> from translator.position import Position
>>> rows = square_rows(compile_table("R", 8, 8), "white", (0, 0))
>>> board = Board.of(Position.light(8, 8, friends=["a4"], enemies=["d1"]), "white")
>>> [m.to for m in match(rows, board, virgin=False)]
['a2', 'a3', 'b1', 'c1', 'd1']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import NamedTuple

from translator.compiled.table import MoveTable, Offset, Row
from translator.position import Position
from translator.solve.readers import Move
from translator.squares import Square, square_name


@dataclass(frozen=True)
class Board:
    """A position as bit masks (bit ``rank * files + file``), seen from the moving side:
    ``friends`` and ``enemies`` of the mover, ``royal`` the royal pieces; ``size`` the
    number of squares."""

    size: int
    friends: int
    enemies: int
    royal: int

    @classmethod
    def of(cls, pos: Position, side: str, skip: Square | None = None) -> Board:
        """The masks of ``pos`` for a mover of ``side`` (``skip``: its own square)."""
        files = pos.files
        friends = enemies = royal = 0
        for (x, y), pc in pos.pieces.items():
            if (x, y) == skip:
                continue
            bit = 1 << (y * files + x)
            if pc.side == side:
                friends |= bit
            else:
                enemies |= bit
            if pc.royal:
                royal |= bit
        return cls(files * pos.ranks, friends, enemies, royal)

    def with_square(self, bit: int, state: str) -> Board:
        """The board with the square of ``bit`` holding ``state`` instead (``empty``,
        ``enemy``: not royal, or ``friend``)."""
        friends, enemies = self.friends & ~bit, self.enemies & ~bit
        if state == "enemy":
            enemies |= bit
        elif state == "friend":
            friends |= bit
        return Board(self.size, friends, enemies, self.royal & ~bit)

    @property
    def occupied(self) -> int:
        return self.friends | self.enemies

    def key(self, virgin: bool) -> int:
        """The board as one number that a row's condition tests with one mask: four
        fields of ``size`` bits (occupied, friends, enemies, royal) and the mover's
        virginity above them."""
        n = self.size
        return (self.occupied | self.friends << n | self.enemies << 2 * n
                | self.royal << 3 * n | int(virgin) << 4 * n)


# what each condition of a row says of a square's bit in the four fields of Board.key
# (occupied, friend, enemy, royal): (the fields it tests, the values they must have)
FIELDS = {"empty": ((0,), (0,)), "friend": ((0, 1), (1, 1)), "enemy": ((0, 2), (1, 1)),
          "nonroyal_enemy": ((0, 2, 3), (1, 1, 0)), "royal_enemy": ((0, 2, 3), (1, 1, 1)),
          "piece": ((0,), (1,))}

# one row: (group, mask, want, move, the move's number in the string, the destination's
# bit): it holds on a board whose key has ``key & mask == want``. Rows of a group (one
# destination with one set of side effects) come together, the least path first, so the
# first that holds is the move an answer shows
MaskRow = tuple[int, int, int, Move, int, int]


def turned(square: Square, files: int, ranks: int, side: str) -> Square:
    """The square as White sees it: Black's board is White's turned round."""
    return (files - 1 - square[0], ranks - 1 - square[1]) if side == "black" else square


class Placed(NamedTuple):
    """A row of a table put on the board for a piece of ``side`` on ``origin``: its move
    (squares named), the row, and the squares its condition names per need
    (:data:`translator.compiled.table.NEED_NAMES`), as the board has them."""

    move: Move
    row: Row
    need: dict[str, tuple[Square, ...]]


class _Laid(NamedTuple):
    """The rows of a table that fit on the board from a start square, each with its plan,
    its move and the numbers of its squares (:meth:`numbers` of the plan's ``deltas``);
    ``here`` the start's number (see :func:`_laid`), ``black`` whether the board is
    turned round, ``size`` its squares."""

    rows: list[tuple[Row, _Plan, Move, list[int]]]
    here: int
    black: bool
    size: int

    def numbers(self, deltas: tuple[int, ...]) -> list[int]:
        """The numbers of the squares ``deltas`` (each ``dy * files + dx``) from the start."""
        here = self.here
        return [here - d for d in deltas] if self.black else [here + d for d in deltas]


def _laid(table: MoveTable, side: str, origin: Square) -> _Laid:
    files, ranks = table.files, table.ranks
    size = files * ranks
    sx, sy = turned(origin, files, ranks, side)
    # a square's number is rank * files + file, on Black's board turned round size - 1
    # minus White's: a row's squares are a pattern of numbers moved to the start
    black = side == "black"
    laid = _Laid([], size - 1 - (sy * files + sx) if black else sy * files + sx, black, size)
    names = square_names(files, ranks)
    for row in table.starts.get((sx, sy), []) if table.local else table.rows:
        plan = _plan(row, files, size)
        low_x, high_x, low_y, high_y = plan.box
        if not (sx + low_x >= 0 and sx + high_x < files and sy + low_y >= 0
                and sy + high_y < ranks):
            continue
        numbers = laid.numbers(plan.deltas)
        # (lists made into tuples, and nothing made for what the row lacks: a game's
        # compile lays every row on every square)
        at = [names[n] for n in numbers]
        move = _move(tuple([at[i] for i in plan.path]),
                     tuple([at[i] for i in plan.captures]) if plan.captures else (),
                     tuple([(at[a], at[b]) for a, b in plan.unloads]) if plan.unloads else (),
                     tuple([at[i] for i in plan.rights]) if plan.rights else ())
        laid.rows.append((row, plan, move, numbers))
    return laid


@lru_cache(maxsize=8192)
def placed(table: MoveTable, side: str, origin: Square) -> tuple[Placed, ...]:
    """The rows of ``table`` for a piece of ``side`` on ``origin``, on the board."""
    laid = _laid(table, side, origin)
    files = table.files
    return tuple(Placed(move, row, {name: tuple((n % files, n // files)
                                                for n in laid.numbers(deltas))
                                    for name, deltas in plan.need_deltas})
                 for row, plan, move, _ in laid.rows)


@lru_cache(maxsize=8192)
def square_rows(table: MoveTable, side: str, origin: Square) -> tuple[MaskRow, ...]:
    """The rows of ``table`` for a piece of ``side`` on ``origin``, as masks."""
    laid = _laid(table, side, origin)
    size, here, black = laid.size, laid.here, laid.black
    moves: dict[tuple[object, ...], list[tuple[Row, _Plan, Move, list[int]]]] = {}
    for one in laid.rows:
        moves.setdefault(one[2].effects(), []).append(one)
    out: list[MaskRow] = []
    for group, (_, paths) in enumerate(sorted(moves.items(),
                                              key=lambda kv: min(p[2].order_key
                                                                 for p in kv[1]))):
        for row, plan, move, numbers in sorted(paths, key=lambda p: p[2].path_key):
            unmoved = int(row.unmoved) << 4 * size
            mask, want = plan.black if black else plan.white
            out.append((group, unmoved | (mask << here) >> size,
                        unmoved | (want << here) >> size, move, row.move,
                        1 << numbers[plan.path[-1]]))
    return tuple(out)


class _Plan(NamedTuple):
    """A row's squares as numbers relative to its start (``deltas``: ``dy * files +
    dx``, each named once; ``path`` … index them), the box of its offsets, and the mask
    and wanted value of its condition in the fields of :data:`FIELDS` (White's, and
    Black's on the board turned round), each field's square bits moved up by the board's
    size so that none is negative: moved to a start square and down by the size, they
    are the row's mask (the box keeps every square of the condition on the board, so no
    bit falls into the field below)."""

    deltas: tuple[int, ...]
    path: tuple[int, ...]
    captures: tuple[int, ...]
    unloads: tuple[tuple[int, int], ...]
    rights: tuple[int, ...]
    box: tuple[int, int, int, int]
    white: tuple[int, int]
    black: tuple[int, int]
    need_deltas: tuple[tuple[str, tuple[int, ...]], ...]


@lru_cache(maxsize=65536)
def _plan(row: Row, files: int, size: int) -> _Plan:
    # (a local table's rows of one shape recur from many start squares: one plan serves)
    return _shaped(row.path, row.captures, row.unloads, row.ep_rights,
                   tuple(row.need.items()), files, size)


@lru_cache(maxsize=65536)
def _shaped(path: tuple[Offset, ...], captures: tuple[Offset, ...],
            unloads: tuple[tuple[Offset, Offset], ...], rights: tuple[Offset, ...],
            need: tuple[tuple[str, tuple[Offset, ...]], ...], files: int, size: int) -> _Plan:
    index = {o: i for i, o in enumerate(dict.fromkeys(
        [*path, *captures, *[o for pair in unloads for o in pair], *rights]))}
    named = set(index)
    need_deltas = []
    white = white_want = black = black_want = 0
    for name, items in need:
        named.update(items)
        deltas = tuple([dy * files + dx for dx, dy in items])
        need_deltas.append((name, deltas))
        up = turned_round = 0
        for d in deltas:
            up |= 1 << (size + d)
            turned_round |= 1 << (size - d)
        for field, value in zip(*FIELDS[name], strict=True):
            white |= up << field * size
            black |= turned_round << field * size
            if value:
                white_want |= up << field * size
                black_want |= turned_round << field * size
    xs, ys = [x for x, _ in named], [y for _, y in named]
    return _Plan(tuple([dy * files + dx for dx, dy in index]),
                 tuple([index[o] for o in path]), tuple([index[o] for o in captures]),
                 tuple([(index[a], index[b]) for a, b in unloads]),
                 tuple([index[o] for o in rights]),
                 (min(xs), max(xs), min(ys), max(ys)), (white, white_want),
                 (black, black_want), tuple(need_deltas))


@lru_cache(maxsize=64)
def square_names(files: int, ranks: int) -> tuple[str, ...]:
    """The board's square names by number (rank * files + file)."""
    return tuple(square_name((n % files, n // files)) for n in range(files * ranks))


@lru_cache(maxsize=65536)
def _move(legs: tuple[str, ...], captures: tuple[str, ...],
          unloads: tuple[tuple[str, str], ...], rights: tuple[str, ...]) -> Move:
    """One Move object per path and effects, shared by every answer that shows it."""
    return Move(legs[-1], legs, captures, unloads, rights)


def holds(row: MaskRow, key: int) -> bool:
    """Whether the row's condition holds on the board of ``key`` (:meth:`Board.key`)."""
    return key & row[1] == row[2]


def shown(rows: tuple[MaskRow, ...], key: int) -> list[MaskRow]:
    """The rows an answer shows on the board of ``key``: of each group, the first that
    holds."""
    found: list[MaskRow] = []
    done = -1
    for row in rows:
        if row[0] != done and key & row[1] == row[2]:
            done = row[0]
            found.append(row)
    return found


def match(rows: tuple[MaskRow, ...], board: Board, virgin: bool) -> list[Move]:
    """The moves whose rows hold on ``board`` (one per destination and side effects: the
    least path), in the order of an answer."""
    found = [row[3] for row in shown(rows, board.key(virgin))]
    # (the least path of a group is not always the one that holds: order as an answer)
    found.sort(key=ORDER)
    return found


ORDER = attrgetter("order_key")


def made(rows: tuple[MaskRow, ...], board: Board, virgin: bool) -> dict[str, set[int]]:
    """Per destination, the numbers of the string's moves that end a move there (any
    path that holds, not only the one an answer shows)."""
    key = board.key(virgin)
    out: dict[str, set[int]] = {}
    for row in rows:
        if holds(row, key):
            out.setdefault(row[3].to, set()).add(row[4])
    return out
