"""The teaching board of one piece in one position: every square's mark, which part of
the string makes each move, and the squares a move uses without ending there.

The marks say what the piece can do on a square, not only what the square's occupant
allows now: an empty square the piece could capture on carries ``capture``, a move-and-
capture square ``both``: the moves with that one square otherwise (empty or enemy), the
rest of the position as it is, from the compiled table's rows or, for a piece that keeps
the solver path, from ``encodings/board.lp``; :mod:`translator.present.marks` turns them
into marks.

>>> from translator.position import Position
>>> b = board(MovesQuery("fmWfcF", "e4", Position.light()))
>>> b.parts, b.marks["e5"], b.marks["d5"], b.marks["f5"]
(['fmW', 'fcF'], 'move', 'capture', 'capture')
>>> b.producers["d5"]
[1]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from translator.compiled.match import made, match
from translator.errors import BetzaError
from translator.notation.syntax import Piece
from translator.position import Position
from translator.present.marks import board_marks, otherwise
from translator.queries.moves import (
    Mover,
    MovesQuery,
    chunks,
    prepare,
    solve_chunk,
    table_rows,
)
from translator.solve import warm
from translator.solve.limits import DEFAULT_MAX_ATOMS, check_size, estimated_atoms
from translator.solve.readers import Move
from translator.squares import Square, square_name


@dataclass
class Board:
    """What the board shows: ``marks`` (square -> a destination kind of
    :data:`translator.present.svg.MARK_KINDS`), ``context`` (square -> ``locust``,
    ``mount``, ``unload`` or ``ep`` for squares used on the way), ``parts`` (the string's
    moves as written) and ``producers`` (square -> indexes of the parts that mark it)."""

    moves: list[Move]
    parts: list[str]
    marks: dict[str, str] = field(default_factory=dict)
    context: dict[str, str] = field(default_factory=dict)
    producers: dict[str, list[int]] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The ``board`` batch kind's answer (and the web page's)."""
        squares: dict[str, dict[str, Any]] = {}
        for sq, kind in self.marks.items():
            squares[sq] = {"mark": kind, "parts": self.producers.get(sq, [])}
        for sq, kind in self.context.items():
            squares[sq] = {"context": kind, "parts": self.producers.get(sq, [])}
        moves = [{**mv.as_json(), "parts": self.producers.get(mv.to, [])}
                 for mv in self.moves]
        return {"moves": moves, "parts": self.parts, "squares": squares}


def board(query: MovesQuery, timeout: float = 60.0,
          max_atoms: int = DEFAULT_MAX_ATOMS) -> Board:
    """The board of ``query``'s piece (raises :class:`BetzaError` on bad input or a limit)."""
    (result,) = boards([query], timeout, max_atoms)
    if isinstance(result, BetzaError):
        raise result
    return result


def boards(queries: list[MovesQuery], timeout: float = 60.0,
           max_atoms: int = DEFAULT_MAX_ATOMS) -> list[Board | BetzaError]:
    """The boards of many queries, grounded together (as ``batch_moves`` does)."""
    results: list[Board | BetzaError] = [BetzaError("no answer")] * len(queries)
    prepared: list[tuple[int, Position, Square, bool, int]] = []
    pieces: dict[int, Piece] = {}
    for i, query in enumerate(queries):
        try:
            pos, origin, piece = prepare(query)
            tabled = table_rows(pos, Mover.placed(pos, origin), timeout, patient=True)
            if tabled is not None:
                results[i] = _assemble(pos, origin, piece, match(*tabled),
                                       {sq: {p - 1 for p in ps}
                                        for sq, ps in made(*tabled).items()},
                                       {sq: {k: {p - 1 for p in ps} for k, ps in what.items()}
                                        for sq, what in otherwise(*tabled).items()})
                continue
            check_size(piece, pos.files, pos.ranks, max_atoms, lean=True,
                       moved=not pos.pieces[origin].virgin)
        except BetzaError as err:
            results[i] = err
            continue
        pieces[i] = piece
        prepared.append((i, pos, origin, query.castling_safety,
                         estimated_atoms(piece, pos.files, pos.ranks)))
    alone = {i for i, pos, *_ in prepared if warm.alone(pieces[i], pos.files, pos.ranks)}
    for chunk in chunks(prepared, max_atoms, alone):
        shown: list[Any] = []
        try:
            found = solve_chunk(chunk, timeout, "board.lp", shown)
        except BetzaError as err:
            for i, *_ in chunk:
                results[i] = err
            continue
        by_query: dict[int, list[Any]] = {}
        for sym in shown:
            by_query.setdefault(sym.arguments[0].number, []).append(sym)
        for i, pos, origin, _ in chunk:
            results[i] = _assemble(pos, origin, pieces[i], found.get(i, []),
                                   *_shown(by_query.get(i, [])))
    return results


def _shown(shown: list[Any]) -> tuple[dict[str, set[int]], dict[str, dict[str, set[int]]]]:
    """The ``made``/``might`` symbols of board.lp (the solver path) as :func:`_assemble`
    takes them: parts counted from 0."""
    made_by: dict[str, set[int]] = {}
    might_by: dict[str, dict[str, set[int]]] = {}
    for sym in shown:
        args = sym.arguments
        sq, part = square_name((args[1].number, args[2].number)), args[-1].number - 1
        if sym.name == "might":
            might_by.setdefault(sq, {}).setdefault(args[3].name, set()).add(part)
        elif sym.name == "made":
            made_by.setdefault(sq, set()).add(part)
    return made_by, might_by


def _assemble(pos: Position, origin: Square, piece: Piece, found: list[Move],
              made: dict[str, set[int]], other: dict[str, dict[str, set[int]]]) -> Board:
    """One board from the moves, the parts of the string that end a move on each square
    (``made``) and those that would were that square otherwise (``other``: see
    :func:`translator.present.marks.otherwise`), both from the compiled table or from
    board.lp."""
    result = Board(found, [str(move) for move in piece.moves])
    castling = {p for p, move in enumerate(piece.moves) if move.atom.letter == "O"}
    shown = board_marks(pos, origin, found, made, other, castling)
    result.marks, result.context, result.producers = shown.marks, shown.context, shown.producers
    return result
