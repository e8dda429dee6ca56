"""The independent check of a ``betza find`` answer: its moves, by the moves query, drawn
as the user draws them.

A square is a move square when a move ends there without capturing, and a capture square
when a move capturing there exists, or, for an empty square, when a lone enemy put there
would be captured by a move ending there.

>>> from translator.queries.find.examples import Example
>>> sorted(drawn_marks(["fmWfcF"], Example("e4"))[0].items())
[('d5', {'c'}), ('e5', {'m'}), ('f5', {'c'})]
"""

from __future__ import annotations

from translator.errors import BetzaError
from translator.position import PlacedPiece, Position
from translator.queries.find.examples import Example
from translator.queries.moves import MovesQuery, batch_moves
from translator.squares import square_name


def drawn_marks(betzas: list[str], example: Example, timeout: float = 60.0
                ) -> list[dict[str, set[str]]]:
    """For each string: square name -> ``{"m"}``, ``{"c"}`` or both, in ``example`` (all
    within ``timeout`` seconds)."""
    base = example.position()
    origin = base.square(example.origin)
    empties = [(x, y) for x in range(base.files) for y in range(base.ranks)
               if (x, y) not in base.pieces and (x, y) != origin]
    positions: list[tuple[str | None, Position]] = [(None, base)]
    for sq in empties:
        pos = example.position()
        pos.pieces[sq] = PlacedPiece("black" if example.side == "white" else "white")
        positions.append((square_name(sq), pos))
    queries = [MovesQuery(betza, example.origin, pos, example.side)
               for betza in betzas for _, pos in positions]
    answers = iter(batch_moves(queries, timeout=timeout))
    out = []
    for _ in betzas:
        marks: dict[str, set[str]] = {}
        for probe, _pos in positions:
            answer = next(answers)
            if isinstance(answer, BetzaError):
                raise answer
            for mv in answer:
                if probe is None:
                    marks.setdefault(mv.to, set()).add("c" if mv.captures else "m")
                elif mv.to == probe and probe in mv.captures:
                    marks.setdefault(probe, set()).add("c")
        out.append(marks)
    return out
