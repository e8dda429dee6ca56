"""Boards drawn for the answers of the Python API in a notebook (``_repr_svg_``): the
position, the piece, and the squares its moves reach, in the look of every other diagram
(:func:`translator.present.svg.render_svg`).

>>> from translator.solve.readers import Move
>>> from translator.position import Position
>>> svg = found_moves_svg(Position.light(3, 3), (0, 0), "N", "white",
...                       [Move("b3", ("a1", "b3"))])
>>> 'class="mark mark-move" data-square="b3"' in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence

from translator.position import Position
from translator.present.svg import render_svg
from translator.solve.readers import Move
from translator.squares import Square, parse_square, square_name


def _move_marks(found: Sequence[Move]) -> dict[Square, str]:
    """Where the moves end (a capture or a plain move) and what they take on the way."""
    marks: dict[Square, str] = {}
    for mv in found:
        for sq in mv.captures:
            if sq != mv.to:
                marks.setdefault(parse_square(sq), "locust")
    for mv in found:
        marks[parse_square(mv.to)] = "capture" if mv.to in mv.captures else "move"
    return marks


def _pieces(pos: Position, origin: Square, label: str, side: str
            ) -> dict[Square, tuple[str, str]]:
    pieces = {sq: (pc.letter or "", pc.side) for sq, pc in pos.pieces.items()}
    pieces[origin] = (pos.pieces[origin].letter or label if origin in pos.pieces else label,
                      side)
    return pieces


def found_moves_svg(pos: Position, origin: Square, label: str, side: str,
                    found: Sequence[Move], title: str | None = None) -> str:
    """The board of a moves answer: the piece (``label``, of ``side``) on ``origin``, every
    destination marked as a move or a capture, pieces captured on the way as locust
    victims, and the legs of multi-leg moves as arrows."""
    bent = [[parse_square(sq) for sq in mv.legs] for mv in found if len(mv.legs) > 2]
    return render_svg(pos.files, pos.ranks, pieces=_pieces(pos, origin, label, side),
                      marks=_move_marks(found), origin=origin,
                      title=title or f"{label or '?'} on {square_name(origin)}", paths=bent)


def why_svg(pos: Position, origin: Square, label: str, side: str, to: str,
            found: Sequence[Move], needed: Sequence[tuple[str, str, str]]) -> str:
    """The board of a ``why`` answer: the paths to ``to`` when the move exists; else the
    square asked about and the squares the closest position allowing it changes."""
    if found:
        return found_moves_svg(pos, origin, label, side, found,
                               f"{label or '?'} on {square_name(origin)} to {to}")
    marks = {parse_square(sq): "blocked" for sq, _now, _need in needed}
    marks[parse_square(to)] = "move"
    labels = {"move": f"{to}: the square asked about",
              "blocked": "must hold something else for the move"}
    return render_svg(pos.files, pos.ranks, pieces=_pieces(pos, origin, label, side),
                      marks=marks, origin=origin, labels=labels,
                      title=f"{label or '?'} on {square_name(origin)} cannot go to {to}")
