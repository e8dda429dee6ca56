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

from translator.compiled.table import MoveTable, Offset, Row
from translator.position import Position
from translator.solve.readers import Move
from translator.squares import Square, square_name


@dataclass(frozen=True)
class Board:
    """A position as bit masks (bit ``rank * files + file``), seen from the moving side:
    ``friends`` and ``enemies`` of the mover, ``royal`` the royal pieces."""

    occupied: int
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
        return cls(friends | enemies, friends, enemies, royal)


# one row as masks: (group, empty, piece, friend, enemy, royal enemy, non-royal enemy,
# unmoved, move); rows of a group (one destination with one set of side effects) come
# together, the least path first, so the first that holds is the move an answer shows
MaskRow = tuple[int, int, int, int, int, int, int, bool, Move]


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
            masks = {name: _mask([turn((start[0] + dx, start[1] + dy)) for dx, dy in sqs],
                                 files) for name, sqs in row.need.items()}
            enemy = (masks.get("enemy", 0) | masks.get("royal_enemy", 0)
                     | masks.get("nonroyal_enemy", 0))
            piece = enemy | masks.get("friend", 0) | masks.get("piece", 0)
            out.append((group, masks.get("empty", 0), piece, masks.get("friend", 0), enemy,
                        masks.get("royal_enemy", 0), masks.get("nonroyal_enemy", 0),
                        row.unmoved, move))
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


def match(rows: tuple[MaskRow, ...], board: Board, virgin: bool) -> list[Move]:
    """The moves whose rows hold on ``board`` (one per destination and side effects: the
    least path), in the order of an answer."""
    occupied, friends, enemies, royal = board.occupied, board.friends, board.enemies, \
        board.royal
    found: list[Move] = []
    done = -1
    for group, empty, piece, friend, enemy, king, commoner, unmoved, move in rows:
        if group == done or occupied & empty or occupied & piece != piece \
                or friend & enemies or enemy & friends or royal & king != king \
                or commoner & royal or (unmoved and not virgin):
            continue
        done = group
        found.append(move)
    return found
