"""The teaching board of one piece in one position: every square's mark, which part of
the string makes each move, and the squares a move uses without ending there.

The marks say what the piece can do on a square, not only what the square's occupant
allows now: an empty square the piece could capture on carries ``capture``, a move-and-
capture square ``both``: the moves with that one square otherwise (empty or enemy), the
rest of the position as it is, from the compiled table's rows or, for a piece that keeps
the solver path, the solver's answers on those boards (:func:`_flipped`);
:mod:`translator.present.marks` turns them into marks.

>>> from translator.position import Position
>>> b = board(MovesQuery("fmWfcF", "e4", Position.light()))
>>> b.parts, b.marks["e5"], b.marks["d5"], b.marks["f5"]
(['fmW', 'fcF'], 'move', 'capture', 'capture')
>>> b.producers["d5"]
[1]
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from translator.compiled.match import made, match
from translator.errors import BetzaError, NoAnswerError
from translator.notation.syntax import Piece
from translator.position import PlacedPiece, Position
from translator.present.marks import board_marks, otherwise
from translator.queries.moves import Mover, MovesQuery, never_finishes, prepare, table_rows
from translator.shown import Made, NoAnswer, each
from translator.solve import warm
from translator.solve.batch import chunks, solve_chunk
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
           max_atoms: int = DEFAULT_MAX_ATOMS, *, flip: bool = True
           ) -> list[Board | BetzaError]:
    """The boards of many queries, grounded together (as ``batch_moves`` does); without
    ``flip``, a piece on the solver path gets no marks of what a square would be
    otherwise (the boards :func:`_flipped` asks)."""
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
                       moved=not pos.pieces[origin].virgin, alone=len(pos.pieces) == 1)
        except BetzaError as err:
            results[i] = err
            continue
        pieces[i] = piece
        prepared.append((i, pos, origin, query.castling_safety,
                         estimated_atoms(piece, pos.files, pos.ranks)))
    solved: dict[int, Solved] = {}
    alone = {i for i, pos, *_ in prepared if warm.alone(pieces[i], pos.files, pos.ranks)}
    for chunk in chunks(prepared, max_atoms, alone):
        shown: list[Any] = []
        stuck: dict[int, NoAnswer] = {}
        try:
            found = solve_chunk(chunk, timeout, "board.lp", shown, stuck)
        except BetzaError as err:
            for i, *_ in chunk:
                results[i] = err
            continue
        made_by: dict[int, dict[str, set[int]]] = {}
        for part in each(shown, Made):   # parts counted from 0
            made_by.setdefault(part.q, {}).setdefault(
                square_name((part.x, part.y)), set()).add(part.m - 1)
        for i, pos, origin, _ in chunk:
            if i in stuck:
                results[i] = never_finishes(stuck[i], queries[i].betza, pos.dialect, origin)
                continue
            solved[i] = (pos, origin, found.get(i, []), made_by.get(i, {}))
    other = _flipped(queries, solved, timeout, max_atoms) if flip else {}
    for i, (pos, origin, moves, made_there) in solved.items():
        now = other.get(i, {})
        results[i] = now if isinstance(now, BetzaError) else _assemble(
            pos, origin, pieces[i], moves, made_there, now)
    return results


# a board the solver answered: the position, the moving piece's square, its moves and
# the parts of the string (from 0) that end a move on each square
Solved = tuple[Position, Square, list[Move], dict[str, set[int]]]


def _flipped(queries: list[MovesQuery], solved: dict[int, Solved], timeout: float,
             max_atoms: int) -> dict[int, dict[str, dict[str, set[int]]] | BetzaError]:
    """For the pieces on the solver path, what a table's rows say with one square
    otherwise (:func:`translator.present.marks.otherwise`): the solver's answers on the
    boards with an enemy on an empty square (``cap``), or without the enemy a move
    captures (``mov``), all asked in one batch."""
    asked: list[MovesQuery] = []
    where: list[tuple[int, str, str]] = []
    for i, (pos, origin, found, _) in solved.items():
        given = queries[i].position
        ends = {mv.to for mv in found}
        for sq, pc in ((sq, pos.pieces.get(sq)) for sq in _squares(pos, origin)):
            name = square_name(sq)
            if pc is None:
                new = {**given.pieces, sq: PlacedPiece(_other(pos.pieces[origin].side))}
                where.append((i, name, "cap"))
            elif pc.side != pos.pieces[origin].side and name in ends:
                new = {s: p for s, p in given.pieces.items() if s != sq}
                where.append((i, name, "mov"))
            else:
                continue
            asked.append(replace(queries[i], position=replace(given, pieces=new)))
    out: dict[int, dict[str, dict[str, set[int]]] | BetzaError] = {}
    for (i, name, what), answer in zip(where, boards(asked, timeout, max_atoms, flip=False),
                                       strict=True):
        kept = out.setdefault(i, {})
        if isinstance(kept, BetzaError) or isinstance(answer, NoAnswerError):
            continue   # (a piece there would leave the Interactive Diagram with no answer)
        if isinstance(answer, BetzaError):
            out[i] = answer
        elif any(mv.to == name and (name in mv.captures) == (what == "cap")
                 and mv.mover is None for mv in answer.moves):   # the piece's own moves
            kept.setdefault(name, {})[what] = set(answer.producers.get(name, []))
    return out


def _squares(pos: Position, origin: Square) -> list[Square]:
    """The squares a flip may change: not the piece's own, a wall or an e.p. square."""
    fixed = {origin, *pos.walls, *pos.ep, pos.ep_victim}
    return [(x, y) for y in range(pos.ranks) for x in range(pos.files) if (x, y) not in fixed]


def _other(side: str) -> str:
    return "black" if side == "white" else "white"


def _assemble(pos: Position, origin: Square, piece: Piece, found: list[Move],
              made: dict[str, set[int]], other: dict[str, dict[str, set[int]]]) -> Board:
    """One board from the moves, the parts of the string that end a move on each square
    (``made``) and those that would were that square otherwise (``other``: see
    :func:`translator.present.marks.otherwise`), from the compiled table or from the
    solver (board.lp, and :func:`_flipped`)."""
    result = Board(found, [str(move) for move in piece.moves])
    castling = {p for p, move in enumerate(piece.moves) if move.atom.letter == "O"}
    shown = board_marks(pos, origin, found, made, other, castling)
    result.marks, result.context, result.producers = shown.marks, shown.context, shown.producers
    return result
