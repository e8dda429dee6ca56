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
from translator.squares import Square, square_coords, square_name


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


@lru_cache(maxsize=8192)
def placed(table: MoveTable, side: str, origin: Square) -> tuple[Placed, ...]:
    """The rows of ``table`` for a piece of ``side`` on ``origin``, on the board."""
    files, ranks = table.files, table.ranks

    def turn(sq: Square) -> Square:
        return turned(sq, files, ranks, side)

    start = turn(origin)
    out: list[Placed] = []
    for row in table.rows_from(start):
        def at(o: Offset, row: Row = row) -> Square:
            return turn((start[0] + o[0], start[1] + o[1]))

        move = _move(tuple(square_name(at(o)) for o in row.path),
                     tuple(square_name(at(o)) for o in row.captures),
                     tuple((square_name(at(a)), square_name(at(b))) for a, b in row.unloads),
                     tuple(square_name(at(o)) for o in row.ep_rights))
        out.append(Placed(move, row, {name: tuple(map(at, offsets))
                                      for name, offsets in row.need.items()}))
    return tuple(out)


@lru_cache(maxsize=8192)
def square_rows(table: MoveTable, side: str, origin: Square) -> tuple[MaskRow, ...]:
    """The rows of ``table`` for a piece of ``side`` on ``origin``, as masks."""
    files, ranks = table.files, table.ranks
    moves: dict[tuple[object, ...], list[Placed]] = {}
    for one in placed(table, side, origin):
        moves.setdefault(one.move.effects(), []).append(one)
    out: list[MaskRow] = []
    for group, (_, paths) in enumerate(sorted(moves.items(),
                                              key=lambda kv: min(p.move.order_key
                                                                 for p in kv[1]))):
        for move, row, need in sorted(paths, key=lambda p: p.move.path_key):
            size = files * ranks
            mask = want = int(row.unmoved) << 4 * size
            for name, squares in need.items():
                bits = _mask(list(squares), files)
                for field, value in zip(*FIELDS[name], strict=True):
                    mask |= bits << field * size
                    want |= bits << field * size if value else 0
            out.append((group, mask, want, move, row.move, _mask([square_coords(move.to)],
                                                                 files)))
    return tuple(out)


def _mask(squares: list[Square], files: int) -> int:
    mask = 0
    for x, y in squares:
        mask |= 1 << (y * files + x)
    return mask


@lru_cache(maxsize=65536)
def _move(legs: tuple[str, ...], captures: tuple[str, ...],
          unloads: tuple[tuple[str, str], ...], rights: tuple[str, ...]) -> Move:
    """One Move object per path and effects, shared by every answer that shows it."""
    return Move(legs[-1], legs, captures, unloads, rights)


def holds(row: MaskRow, key: int) -> bool:
    """Whether the row's condition holds on the board of ``key`` (:meth:`Board.key`)."""
    return key & row[1] == row[2]


def match(rows: tuple[MaskRow, ...], board: Board, virgin: bool) -> list[Move]:
    """The moves whose rows hold on ``board`` (one per destination and side effects: the
    least path), in the order of an answer."""
    key = board.key(virgin)
    found: list[Move] = []
    done = -1
    for group, mask, want, move, _, _ in rows:
        if group != done and key & mask == want:
            done = group
            found.append(move)
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


def might(rows: tuple[MaskRow, ...], board: Board, virgin: bool
          ) -> dict[str, dict[str, set[int]]]:
    """Per square a move ends on, the numbers of the string's moves that would end there
    were only that square otherwise: ``"cap"`` (it is empty; an enemy there would be
    captured) or ``"mov"`` (an enemy stands there; were it empty the piece would move
    there). The rest of the position stays as it is."""
    out: dict[str, dict[str, set[int]]] = {}
    for row in rows:
        move, part, bit = row[3], row[4], row[5]
        if board.friends & bit:
            continue
        if board.enemies & bit:
            what = "mov"
            other = Board(board.size, board.friends, board.enemies & ~bit, board.royal & ~bit)
            wanted = move.to not in move.captures
        else:
            what = "cap"
            other = Board(board.size, board.friends, board.enemies | bit, board.royal)
            wanted = move.to in move.captures
        if wanted and holds(row, other.key(virgin)):
            out.setdefault(move.to, {}).setdefault(what, set()).add(part)
    return out
