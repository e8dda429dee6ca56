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


@lru_cache(maxsize=8192)
def square_rows(table: MoveTable, side: str, origin: Square) -> tuple[MaskRow, ...]:
    """The rows of ``table`` for a piece of ``side`` on ``origin``, as masks."""
    files, ranks = table.files, table.ranks

    def turn(sq: Square) -> Square:
        return turned(sq, files, ranks, side)

    start = turn(origin)
    moves: dict[tuple[object, ...], list[tuple[tuple[object, ...], Move, Row]]] = {}
    for row in table.rows_from(start):
        def at(o: Offset, row: Row = row) -> Square:
            return turn((start[0] + o[0], start[1] + o[1]))

        move = _move(tuple(square_name(at(o)) for o in row.path),
                     tuple(square_name(at(o)) for o in row.captures),
                     tuple((square_name(at(a)), square_name(at(b))) for a, b in row.unloads),
                     tuple(square_name(at(o)) for o in row.ep_rights))
        moves.setdefault(move.effects(), []).append((move.path_key, move, row))
    out: list[MaskRow] = []
    for group, (_, paths) in enumerate(sorted(moves.items(),
                                              key=lambda kv: min(p[1].order_key
                                                                 for p in kv[1]))):
        for _, move, row in sorted(paths, key=lambda p: p[0]):
            size = files * ranks
            mask = want = int(row.unmoved) << 4 * size
            for name, offsets in row.need.items():
                bits = _mask([turn((start[0] + dx, start[1] + dy)) for dx, dy in offsets],
                             files)
                for field, value in zip(*FIELDS[name], strict=True):
                    mask |= bits << field * size
                    want |= bits << field * size if value else 0
            out.append((group, mask, want, move, row.move, _mask([at(row.to)], files)))
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
