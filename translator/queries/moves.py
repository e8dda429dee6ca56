"""The Python API: moves of a piece in a position, many at once for research scripts.

>>> from translator.position import Position
>>> [m.to for m in moves("hrN", "e4", Position.light(8, 8))]
['c5', 'd2', 'f6', 'g3']
>>> moves("fcafmF", "e4", Position.light(8, 8, enemies=["f5"]))[0].as_json()
{'to': 'g6', 'legs': ['e4', 'f5', 'g6'], 'captures': ['f5']}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from translator.compiled import store
from translator.compiled.match import Board, MaskRow, match, square_rows, turned
from translator.compiled.state import prepare_states, table_in
from translator.errors import BetzaError, NoAnswerError
from translator.facts.pieces import canonical, parse_piece
from translator.notation.syntax import Piece
from translator.position import PlacedPiece, Position, check_side
from translator.shown import NoAnswer
from translator.solve import warm
from translator.solve.batch import attacked_squares, chunks, solve_chunk, solve_positions
from translator.solve.limits import DEFAULT_MAX_ATOMS, check_size, lean_many
from translator.solve.readers import Move
from translator.squares import Square, square_name


@dataclass(frozen=True)
class MovesQuery:
    """One ``moves`` question: the piece ``betza`` on ``origin`` in ``position``.

    >>> q = MovesQuery("N", "a1", Position.light())
    >>> [[m.to for m in found] for found in batch_moves([q])]
    [['b3', 'c2']]
    """

    betza: str
    origin: str
    position: Position
    side: str | None = None
    virgin: bool = False
    castling_safety: bool = True


class Mover(NamedTuple):
    """The piece a query moves: its square, side, canonical string and whether it has not
    moved yet."""

    origin: Square
    side: str
    betza: str
    virgin: bool

    @classmethod
    def placed(cls, pos: Position, origin: Square) -> Mover:
        """The piece standing on ``origin`` (placed by :func:`prepare`)."""
        pc = pos.pieces[origin]
        return cls(origin, pc.side, canonical(pc.betza or "", pos.dialect), pc.virgin)


def checked(query: MovesQuery) -> tuple[Position, Mover, Piece]:
    """The query's position (as given), its moving piece and the parsed string; bad input
    (a square that already holds a blocker …) raises."""
    pos = query.position
    side = check_side(query.side or pos.side_to_move)
    origin = pos.square(query.origin)
    piece = parse_piece(query.betza, pos.dialect)
    if pos.last_moved is not None:
        parse_piece(pos.last_moved, pos.dialect)
    old = pos.pieces.get(origin)
    if old is not None and old.betza is None:
        raise BetzaError(f"{query.origin} is the moving piece's own square; it cannot also "
                         "hold a friend or an enemy", text=query.origin, pos=0)
    if origin in pos.ep or pos.ep_victim == origin:
        raise BetzaError(f"{query.origin} is the moving piece's own square; it cannot be an "
                         "e.p. square or victim", text=query.origin, pos=0)
    return pos, Mover(origin, side, canonical(query.betza, pos.dialect),
                      query.virgin or (old.virgin if old else False)), piece


def _checked_or_error(query: MovesQuery) -> tuple[Position, Mover, Piece] | BetzaError:
    try:
        return checked(query)
    except BetzaError as err:
        return err


def prepare(query: MovesQuery) -> tuple[Position, Square, Piece]:
    """The query's position with the moving piece put on its square, that square and the
    parsed string; bad input raises (see :func:`checked`)."""
    pos, mover, piece = checked(query)
    return place(pos, mover), mover.origin, piece


def place(pos: Position, mover: Mover) -> Position:
    """``pos`` with ``mover`` standing on its square (keeping the letter and royal mark
    of a piece the position had there)."""
    pieces = dict(pos.pieces)
    old = pieces.get(mover.origin)
    pieces[mover.origin] = PlacedPiece(mover.side, betza=mover.betza,
                                       letter=old.letter if old else None,
                                       royal=old.royal if old else False, virgin=mover.virgin)
    return replace(pos, pieces=pieces)


def table_rows(pos: Position, mover: Mover, timeout: float = 60.0, *, patient: bool = False
               ) -> tuple[tuple[MaskRow, ...], Board, bool] | None:
    """The compiled table's rows for ``mover``, the position's masks as it sees them (its
    own square left out), and whether it has not moved (e.p. and castling: the table of the
    position's state); None when it keeps the solver path (see
    :func:`translator.compiled.store.route` and ``patient`` in
    :func:`translator.compiled.store.table_at`) or the board has walls."""
    if pos.walls:
        return None
    origin, side = mover.origin, mover.side
    table = store.table_at(mover.betza, pos.dialect, pos.files, pos.ranks,
                           turned(origin, pos.files, pos.ranks, side), timeout=timeout,
                           patient=patient) or table_in(
        pos, mover.betza, origin, side, mover.virgin, timeout=timeout, patient=patient)
    if table is None:
        return None
    return square_rows(table, side, origin), Board.of(pos, side, origin), mover.virgin


def from_table(pos: Position, mover: Mover, timeout: float = 60.0) -> list[Move] | None:
    """The moves of ``mover`` matched against its compiled move table
    (translator/compiled/); None when it keeps the solver path."""
    found = table_rows(pos, mover, timeout)
    return None if found is None else match(*found)


def batch_moves(queries: Sequence[MovesQuery | tuple[Any, ...]], *, timeout: float = 60.0,
                max_atoms: int = DEFAULT_MAX_ATOMS) -> list[list[Move] | BetzaError]:
    """Answer many ``moves`` queries with few clingo runs.

    Each query is a :class:`MovesQuery` or a tuple ``(betza, origin, position, side)``.
    The answer for a query is its list of moves, or the :class:`BetzaError` it raised
    (a query whose grounding would exceed ``max_atoms`` is refused before it starts).

    >>> empty = Position.light(3, 3)
    >>> answers = batch_moves([MovesQuery("W", "a1", empty), ("N", "j9", empty, None)])
    >>> sorted(m.to for m in answers[0]), answers[1].one_line()
    (['a2', 'b1'], "file 'j' is off a board 3 files wide at position 1 of 'j9'")
    """
    results: list[list[Move] | BetzaError] = [[] for _ in queries]
    asked = [q if isinstance(q, MovesQuery) else MovesQuery(*q) for q in queries]
    checks = [_checked_or_error(query) for query in asked]
    prepared, alone = _to_ground(asked, checks, results, timeout, max_atoms)
    for chunk in chunks(prepared, max_atoms, alone):
        stuck: dict[int, NoAnswer] = {}
        try:
            answers = solve_chunk(chunk, timeout, stuck=stuck)
        except BetzaError as err:
            for i, *_ in chunk:
                results[i] = err
            continue
        for i, pos, origin, *_ in chunk:
            if i in stuck:
                results[i] = never_finishes(stuck[i], asked[i].betza, pos.dialect, origin)
                continue
            found = answers.get(i, [])
            over = store.over_budget(pos.pieces[origin].betza or "", pos.dialect, pos.files,
                                     pos.ranks)
            results[i] = Grounded(found) if over else found
    return results


def _to_ground(asked: list[MovesQuery], checks: list[tuple[Position, Mover, Piece] | BetzaError],
               results: list[list[Move] | BetzaError], timeout: float, max_atoms: int
               ) -> tuple[list[tuple[int, Position, Square, bool, int]], set[int]]:
    """The queries of a batch that no table answers, placed and sized for the solver (with
    their pieces' lean moves planned together: translator/solve/limits.py), and those
    whose piece is grounded alone; the tables' answers and every error go into
    ``results``."""
    pending: list[tuple[int, Position, Mover, Piece]] = []
    for i, check in enumerate(checks):
        if isinstance(check, BetzaError):
            results[i] = check
    for keys, members in _table_slices(checks):
        # the slice's tables compiled together, in as few programs as fit
        store.prepare(keys, timeout=timeout)
        # and the rows their local tables lack from every square asked (those of the
        # tables of pieces that read their positions' states too), in few programs
        prepare_states([(given, mover.betza, mover.origin, mover.side, mover.virgin)
                        for _, given, mover, _ in members if not given.walls],
                       timeout=timeout)
        for i, given, mover, piece in members:
            try:
                found = from_table(given, mover, timeout)
            except BetzaError as err:
                results[i] = err
                continue
            if found is None:
                pending.append((i, given, mover, piece))
            else:
                results[i] = found
    pending.sort(key=lambda one: one[0])
    lean_many([piece for *_, piece in pending])
    prepared: list[tuple[int, Position, Square, bool, int]] = []
    alone: set[int] = set()
    for i, given, mover, piece in pending:
        try:
            pos = place(given, mover)
            size = check_size(piece, pos.files, pos.ranks, max_atoms, lean=True,
                              moved=not mover.virgin, alone=len(pos.pieces) == 1)
        except BetzaError as err:
            results[i] = err
            continue
        prepared.append((i, pos, mover.origin, asked[i].castling_safety, size))
        if warm.alone(piece, pos.files, pos.ranks):
            alone.add(i)
    return prepared, alone


def _table_slices(checks: list[tuple[Position, Mover, Piece] | BetzaError]
                  ) -> list[tuple[list[tuple[str, str, int, int]], list[tuple[int, Position,
                                                                             Mover, Piece]]]]:
    """The batch's readable queries grouped by the table of their piece and board, in
    slices of at most half the tables a process keeps (translator/compiled/store.py
    KEEP): a slice's tables are compiled together and matched before the next slice's
    could push them out (a batch of more pieces than that would otherwise compile most of
    them again, one program each). Boards with walls, which have no tables, come last."""
    groups: dict[tuple[str, str, int, int] | None, list[tuple[int, Position, Mover, Piece]]]
    groups = {}
    for i, check in enumerate(checks):
        if not isinstance(check, BetzaError):
            given, mover, piece = check
            key = None if given.walls else (mover.betza, given.dialect, given.files,
                                            given.ranks)
            groups.setdefault(key, []).append((i, given, mover, piece))
    keys = [key for key in groups if key is not None]
    size = max(1, store.KEEP // 2)
    slices = [(keys[n:n + size], [one for key in keys[n:n + size] for one in groups[key]])
              for n in range(0, len(keys), size)]
    return slices + [([], groups[None])] if None in groups else slices


def never_finishes(loop: NoAnswer, betza: str, reading: str, origin: Square) -> NoAnswerError:
    """The refusal of a query the Interactive Diagram has no answer for (noanswer/7 of
    encodings/dialect_paths.lp), the caret under the ``j`` of the leg that loops in the
    string as written (``betza``, or the string of the piece name it is)."""
    piece = parse_piece(betza, reading)
    text, at = piece.source, piece.moves[loop.m - 1].start
    for _ in range(loop.leg - 1):  # (an a only ever separates the legs of a move)
        at = text.index("a", at) + 1
    own = " (the piece's own square)" if (loop.bx, loop.by) == origin else ""
    return NoAnswerError(
        f"the Interactive Diagram never finishes this move with the piece on "
        f"{square_name(origin)}: the j of its leg {loop.leg} steps from "
        f"{square_name((loop.x, loop.y))} to {square_name((loop.bx, loop.by))}{own}, which is "
        "occupied and off the leg's rank, and betza.js tests that square again and again; "
        "read the string as the spec does, or as XBoard does (--dialect xboard)",
        text=text, pos=text.find("j", at))


class Grounded(list[Move]):
    """The moves of a piece whose move table is over the size budget (a chain of many
    legs), answered position by position: ``--json`` and the batch say ``"path":
    "solver"``."""


def castling_threats(query: MovesQuery, timeout: float = 60.0) -> list[Square]:
    """The attacked squares of the royal piece's castling in ``query`` (sorted)."""
    pos, origin, _ = prepare(query)
    castling: dict[int, set[Square]] = {}
    solve_positions([(0, pos, [origin], ())], "moves.lp", timeout, castling)
    return attacked_squares([(pos, origin, castling[0])], timeout)[0] if castling else []


def moves(betza: str, origin: str, position: Position | None = None, *,
          side: str | None = None, virgin: bool = False, timeout: float = 60.0,
          max_atoms: int = DEFAULT_MAX_ATOMS, dialect: str | None = None) -> list[Move]:
    """The moves of the piece ``betza`` standing on ``origin``.

    ``side`` defaults to the position's side to move; ``virgin`` says the piece has not
    moved yet (for ``i`` moves); ``dialect`` reads the strings as XBoard (``xboard``) or
    the Interactive Diagram (``diagram``) does, instead of the position's reading.
    """
    pos = position or Position.light()
    if dialect is not None:
        pos = replace(pos, dialect=dialect)
    result = batch_moves([MovesQuery(betza, origin, pos, side, virgin)], timeout=timeout,
                         max_atoms=max_atoms)[0]
    if isinstance(result, BetzaError):
        raise result
    return result
