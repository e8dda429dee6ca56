"""Positions: board size, pieces with their Betza strings, side to move, e.p. state.

Two ways in: a FEN board with a piece table (:func:`translator.fen.parse_fen`), or the
light form used by tests and research scripts (:meth:`Position.light`).

>>> pos = Position.light(8, 8, friends=["a1", "b2"], enemies=["c3", "e8"], royal=["e8"])
>>> pos.pieces[(2, 2)].side
'black'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from translator.errors import BetzaError
from translator.squares import MAX_SIZE, Square, parse_square, square_name

SIDES = ("white", "black")
Side = Literal["white", "black"]
# the readings of a Betza string (translator.notation.dialects); one switch of a dialect,
# "xboard:oblique-continuation", is a reading too, given as a position's ``dialect``
Reading = Literal["spec", "xboard", "diagram"]


def other_side(side: str) -> str:
    return "black" if side == "white" else "white"


def check_side(side: Any) -> str:
    if not isinstance(side, str):
        raise BetzaError("side must be 'white' or 'black'")
    if side not in SIDES:
        raise BetzaError("side must be 'white' or 'black'", text=side, pos=0)
    return side


@dataclass(frozen=True)
class PlacedPiece:
    """A piece on the board. ``betza`` is ``None`` for a bare blocker of the light form."""

    side: str
    betza: str | None = None
    letter: str | None = None
    royal: bool = False
    virgin: bool = False


@dataclass
class Position:
    """A board of ``files`` x ``ranks`` with pieces on it.

    ``ep`` lists the squares where e.p. capture is possible this turn and ``ep_victim`` the
    square of the piece such a capture removes.

    >>> pos = Position(10, 8, {(0, 0): PlacedPiece("white", "R", "R")}, side_to_move="black")
    >>> pos.square("j8"), pos.pieces[pos.square("a1")].betza
    ((9, 7), 'R')
    """

    files: int = 8
    ranks: int = 8
    pieces: dict[Square, PlacedPiece] = field(default_factory=dict)
    side_to_move: str = "white"
    ep: list[Square] = field(default_factory=list)
    ep_victim: Square | None = None
    last_moved: str | None = None  # Betza string of the last-moved piece type (for I)
    walls: set[Square] = field(default_factory=set)  # squares no piece may enter (FEN '*')
    dialect: str = "spec"  # how its pieces' Betza strings are read (translator.notation.dialects)

    def __post_init__(self) -> None:
        for value, what in ((self.files, "files"), (self.ranks, "ranks")):
            if not isinstance(value, int) or not 1 <= value <= MAX_SIZE:
                raise BetzaError(f"{what} must be a whole number from 1 to {MAX_SIZE}")

    def square(self, name: str) -> Square:
        """Parse a square name on this board."""
        return parse_square(name, self.files, self.ranks)

    @classmethod
    def light(
        cls,
        files: int = 8,
        ranks: int = 8,
        *,
        side: str = "white",
        friends: Iterable[str] = (),
        enemies: Iterable[str] = (),
        royal: Iterable[str] = (),
        ep: Iterable[str] = (),
        ep_victim: str | None = None,
        unmoved: Iterable[str] = (),
    ) -> Position:
        """Blockers only: ``friends`` are of ``side``'s colour, ``enemies`` of the other;
        ``unmoved`` marks listed pieces that have not moved (castling partners)."""
        pos = cls(files, ranks, side_to_move=check_side(side))
        royal_squares = {pos.square(s) for s in royal}
        for names, colour in ((friends, side), (enemies, other_side(side))):
            for name in names:
                sq = pos.square(name)
                if sq in pos.pieces:
                    raise BetzaError("square listed twice", text=name, pos=0)
                pos.pieces[sq] = PlacedPiece(colour, royal=sq in royal_squares)
        for sq in royal_squares - pos.pieces.keys():
            raise BetzaError("--royal names a square with no piece on it",
                             text=square_name(sq), pos=0)
        for name in unmoved:
            sq = pos.square(name)
            if sq not in pos.pieces:
                raise BetzaError("--unmoved names a square with no piece on it", text=name,
                                 pos=0)
            pos.pieces[sq] = replace(pos.pieces[sq], virgin=True)
        pos.ep = [pos.square(s) for s in ep]
        pos.ep_victim = pos.square(ep_victim) if ep_victim else None
        return pos

