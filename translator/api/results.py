"""The answers of the Python API, as the queries give them plus what they were asked
about, so that a notebook draws each one as a board (``_repr_svg_``, as python-chess
does) and ``print`` shows the command line's text board (``__str__``, as python-chess's
``print(board)``): a list of moves is still a list, an equivalence still an ``EquivResult``.

>>> from translator import Position, moves
>>> found = moves("N", "a1", Position.light(8, 8))
>>> found == [m for m in found], found.square
(True, 'a1')
>>> 'data-square="c2"' in found._repr_svg_()
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields

from translator.catalogue.letters import piece_letter
from translator.position import Position
from translator.present.explain.answer import explain_svg
from translator.present.notebook import found_moves_svg, why_svg
from translator.present.render import (
    attacks_svg,
    attacks_text,
    equiv_svg,
    equiv_text,
    moves_text,
)
from translator.queries.attacks import Attacker
from translator.queries.equiv.model import EquivResult
from translator.queries.why.model import Why
from translator.solve.readers import Move

__all__ = ["Attackers", "Equivalence", "Explanation", "Moves", "WhyAnswer"]


def _mover(piece: str, square: str, position: Position, side: str | None
           ) -> tuple[str, str]:
    """The letter and side the board shows for the piece on ``square``."""
    placed = position.pieces.get(position.square(square))
    if placed is not None:
        return placed.letter or piece_letter(piece), side or placed.side
    return piece_letter(piece), side or position.side_to_move


class Moves(list[Move]):
    """The moves of ``piece`` on ``square`` in ``position`` (a list of :class:`Move`).

    >>> from translator import moves
    >>> found = moves("fcafmF", "e4", Position.light(enemies=["f5"]))
    >>> [m.to for m in found], found.piece, found.position.files
    (['g6'], 'fcafmF', 8)
    >>> print(moves("N", "a1", Position.light(3, 3)))
    N (white) on a1, 3x3 board
    3 . * .
    2 . . *
    1 @ . .
      a b c
      @ the moving piece
      * moves there (empty square)
    2 moves:
      b3
      c2
    """

    def __init__(self, found: Iterable[Move], piece: str, square: str, position: Position,
                 side: str | None = None):
        super().__init__(found)
        self.piece, self.square, self.position, self.side = piece, square, position, side

    def __str__(self) -> str:
        side = _mover(self.piece, self.square, self.position, self.side)[1]
        return moves_text(self.piece, side, self.position, self.position.square(self.square),
                          self)

    def _repr_svg_(self) -> str:
        label, side = _mover(self.piece, self.square, self.position, self.side)
        return found_moves_svg(self.position, self.position.square(self.square), label, side,
                               self, f"{self.piece} on {self.square}")


class Attackers(list[Attacker]):
    """The pieces that can capture on ``square`` in ``position`` (a list of attackers).

    >>> from translator import attacks
    >>> found = attacks("d5", Position.light(enemies=["c3"]))
    >>> [(a.square, a.side) for a in found], found.square
    ([], 'd5')
    >>> 'data-square="d5"' in found._repr_svg_()
    True
    """

    def __init__(self, found: Iterable[Attacker], square: str, position: Position):
        super().__init__(found)
        self.square, self.position = square, position

    def __str__(self) -> str:
        return attacks_text(self.position, self.position.square(self.square), self)

    def _repr_svg_(self) -> str:
        return attacks_svg(self.position, self.position.square(self.square), self)


@dataclass
class WhyAnswer(Why):
    """A :class:`~translator.queries.why.model.Why` answer with the position it was
    asked of.

    >>> from translator import why
    >>> w = why("R", "a1", "a8", Position.light(friends=["a4"]))
    >>> w.possible, w.needed
    (False, [('a4', 'white', 'empty')])
    """

    position: Position | None = None

    @classmethod
    def of(cls, answer: Why, position: Position) -> WhyAnswer:
        return cls(**{f.name: getattr(answer, f.name) for f in fields(answer)},
                   position=position)

    def __str__(self) -> str:
        return "\n".join(self.explanation)

    def _repr_svg_(self) -> str:
        pos = self.position or Position.light()
        label, side = _mover(self.betza, self.origin, pos, self.side)
        return why_svg(pos, pos.square(self.origin), label, side, self.to, self.moves,
                       self.needed)


@dataclass
class Equivalence(EquivResult):
    """An :class:`~translator.queries.equiv.model.EquivResult`; a notebook draws its
    counterexample (nothing to draw when the pieces are equivalent).

    >>> from translator import equivalent
    >>> same = equivalent("WF", "K")
    >>> same.equivalent, same._repr_svg_() is None
    (True, True)
    """

    @classmethod
    def of(cls, answer: EquivResult) -> Equivalence:
        return cls(**{f.name: getattr(answer, f.name) for f in fields(answer)})

    def __str__(self) -> str:
        return equiv_text(self)

    def _repr_svg_(self) -> str | None:
        return equiv_svg(self) if self.counterexample is not None else None


class Explanation(list[str]):
    """The sentences of an explanation; a notebook draws the piece's diagram.

    >>> from translator import explain_lines
    >>> lines = explain_lines("W", "a1")
    >>> lines.square, 'data-square="a2"' in lines._repr_svg_()
    ('a1', True)
    """

    def __init__(self, lines: Iterable[str], piece: str, square: str | None, files: int,
                 ranks: int):
        super().__init__(lines)
        self.piece, self.square, self.files, self.ranks = piece, square, files, ranks

    def __str__(self) -> str:
        return "\n".join(self)

    def _repr_svg_(self) -> str:
        return explain_svg(self.piece, self.files, self.ranks, self.square)
