"""The Python API: moves of a piece in a position, many at once for research scripts.

>>> from translator.position import Position
>>> [m.to for m in moves("hrN", "e4", Position.light(8, 8))]
['c5', 'd2', 'f6', 'g3']
>>> moves("fcafmF", "e4", Position.light(8, 8, enemies=["f5"]))[0].as_json()
{'to': 'g6', 'legs': ['e4', 'f5', 'g6'], 'captures': ['f5']}
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from translator.compiled import store
from translator.compiled.match import Board, MaskRow, match, square_rows, turned
from translator.compiled.state import table_in
from translator.errors import BetzaError
from translator.facts.pieces import canonical, parse_piece, piece_facts, resolve_name
from translator.facts.translate import position_facts
from translator.notation.syntax import Piece
from translator.position import PlacedPiece, Position, check_side, other_side
from translator.solve import warm
from translator.solve.limits import DEFAULT_MAX_ATOMS, check_size, estimated_atoms
from translator.solve.readers import Move, answer_move
from translator.solve.warm import QueryAtom
from translator.squares import Square

__all__ = ["Grounded", "Move", "Mover", "MovesQuery", "batch_moves", "distinct", "moves",
           "parse_piece", "piece_facts", "resolve_name", "solve_positions"]

CHUNK = 1000  # queries per clingo program: spreads the fixed grounding cost


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


def movers_estimate(pos: Position, movers: Sequence[Square], lean: bool = False) -> int:
    """The size estimate (translator/solve/limits.py) of one program that builds the moves
    of the pieces standing on ``movers`` (``lean``: with encodings/lean.lp)."""
    return sum(estimated_atoms(parse_piece(pos.pieces[sq].betza or "", pos.dialect), pos.files,
                               pos.ranks, lean) for sq in movers)


def distinct(found: list[Move]) -> list[Move]:
    """One move per destination and side effects; of several paths keep the shortest."""
    best: dict[tuple[Any, ...], Move] = {}
    for mv in found:
        key = mv.effects()
        if key not in best or mv.path_key < best[key].path_key:
            best[key] = mv
    return sorted(best.values(), key=lambda mv: mv.order_key)


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
    prepared: list[tuple[int, Position, Square, bool, int]] = []
    alone: set[int] = set()
    for i, q in enumerate(queries):
        query = q if isinstance(q, MovesQuery) else MovesQuery(*q)
        try:
            given, mover, piece = checked(query)
            found = from_table(given, mover, timeout)
            if found is not None:
                results[i] = found
                continue
            pos, origin = place(given, mover), mover.origin
            size = check_size(piece, pos.files, pos.ranks, max_atoms, lean=True,
                              moved=not mover.virgin)
        except BetzaError as err:
            results[i] = err
            continue
        prepared.append((i, pos, origin, query.castling_safety, size))
        if warm.alone(piece, pos.files, pos.ranks):
            alone.add(i)
    for chunk in chunks(prepared, max_atoms, alone):
        try:
            answers = solve_chunk(chunk, timeout)
        except BetzaError as err:
            for i, *_ in chunk:
                results[i] = err
            continue
        for i, pos, origin, *_ in chunk:
            found = answers.get(i, [])
            over = store.over_budget(pos.pieces[origin].betza or "", pos.dialect, pos.files,
                                     pos.ranks)
            results[i] = Grounded(found) if over else found
    return results


class Grounded(list[Move]):
    """The moves of a piece whose move table is over the size budget (a chain of many
    legs), answered position by position: ``--json`` and the batch say ``"path":
    "solver"``."""


def chunks(prepared: list[Any], max_atoms: int, alone: Collection[int] = ()
           ) -> Iterator[list[Any]]:
    """Queries in groups of at most CHUNK whose estimated sizes add up to the limit; the
    query ids in ``alone`` each in a group of their own (a kept program answers them)."""
    chunk: list[Any] = []
    total = 0
    for item in prepared:
        if item[0] in alone:
            yield [item[:-1]]
            continue
        if chunk and (len(chunk) == CHUNK or total + item[-1] > max_atoms):
            yield chunk
            chunk, total = [], 0
        chunk.append(item[:-1])
        total += item[-1]
    if chunk:
        yield chunk


def solve_positions(items: Sequence[tuple[int, Position, list[Square], Sequence[QueryAtom]]],
                    encoding: str, timeout: float = 60.0,
                    castling: dict[int, set[Square]] | None = None,
                    others: list[Any] | None = None, *, cache: bool = False
                    ) -> dict[int, list[tuple[Square, Move]]]:
    """Ground positions together with ``encoding`` and read its shown moves.

    Each item is ``(query id, position, movers, query atoms)`` (``("target", x, y)`` …);
    the answer maps a query id to ``(origin, move)`` pairs, one per path (see
    :func:`distinct` to merge paths). ``castling`` collects, per query id, the squares a
    royal piece's castling uses, and ``others`` every other shown symbol (an encoding's
    own answer beside its moves). Many queries are grounded together; with ``cache``, a
    single one is asked of a program kept for its board, pieces and movers
    (translator/solve/warm.py: worth it when the same piece is asked again on another
    position, as the Python API and the web page do; a position of many movers, as attacks
    asks, grounds faster with its facts).
    """
    from translator.solve import engine

    types: dict[tuple[str, str], int] = {}  # one type per string and reading
    texts: list[str] = []
    for _, pos, _, _ in items:
        betzas = {pc.betza for pc in pos.pieces.values()} | {pos.last_moved}
        # "" is a piece with no moves (immobile); sorted, so that equal sets number alike
        for betza in sorted(b for b in betzas if b):
            if (betza, pos.dialect) not in types:
                types[betza, pos.dialect] = len(types) + 1
                texts.append(piece_facts(len(types), betza, pos.dialect))
    text = " ".join(texts)

    def read(pos: Position) -> dict[str | None, int | str]:
        return {betza: t for (betza, reading), t in types.items() if reading == pos.dialect}

    if cache and len(items) == 1:
        qid, pos, movers, extra = items[0]
        pieces = [parse_piece(pos.pieces[sq].betza or "", pos.dialect) for sq in movers]
        if warm.fits(movers_estimate(pos, movers)):
            single = len(pieces) == 1
            key, shown = warm.answer(encoding, pos, movers, extra, read(pos), text,
                                     timeout=timeout, open_movers=single and
                                     warm.opens_measured(pieces[0], pos.files, pos.ranks),
                                     settle=single and warm.settles(pieces[0], pos.files,
                                                                    pos.ranks))
            if single:
                warm.measure(pieces[0], pos.files, pos.ranks, key)
            return _read(shown, castling, others, {0: qid})
    facts = [text]
    for qid, pos, movers, extra in items:
        facts.append(position_facts(qid, pos, read(pos), movers, set()))
        facts.extend(f"{name}({qid},{x},{y})." for name, x, y in extra)
    return _read(engine.run("\n".join(facts), encoding, timeout=timeout), castling, others)


def _read(shown: list[Any], castling: dict[int, set[Square]] | None,
          others: list[Any] | None, ids: dict[int, int] | None = None
          ) -> dict[int, list[tuple[Square, Move]]]:
    """The moves of ``solve_positions`` from the shown symbols (query ids mapped by
    ``ids`` when given)."""
    found: dict[int, list[tuple[Square, Move]]] = {}
    for sym in shown:
        name = sym.name
        if name == "castlesq":
            if castling is not None:
                q, x, y = (a.number for a in sym.arguments)
                castling.setdefault(ids[q] if ids else q, set()).add((x, y))
            continue
        if name not in ("res", "ares"):
            if others is not None:
                others.append(sym)
            continue
        q, origin, mv = answer_move(sym)
        found.setdefault(ids[q] if ids else q, []).append((origin, mv))
    return found


def solve_chunk(chunk: list[tuple[int, Position, Square, bool]], timeout: float,
                encoding: str = "moves.lp", others: list[Any] | None = None
                ) -> dict[int, list[Move]]:
    """The moves of each ``(query id, position, origin, castling safety)`` of ``chunk``,
    from ``encoding`` (which shows ``res/7``; its other symbols go to ``others``)."""
    castling: dict[int, set[Square]] = {}
    found = solve_positions([(i, pos, [origin], ()) for i, pos, origin, _ in chunk],
                            encoding, timeout, castling, others, cache=len(chunk) == 1)
    safe = {i for i, *_, safety in chunk if safety}
    checks = {q: squares for q, squares in castling.items() if q in safe}
    if checks:  # the same queries again, knowing which castling squares are attacked
        asked = [(i, pos, origin) for i, pos, origin, _ in chunk if i in checks]
        attacked = _attacked([(pos, origin, checks[i]) for i, pos, origin in asked], timeout)
        again = [(i, pos, [origin], [("threatened", x, y) for x, y in squares])
                 for (i, pos, origin), squares in zip(asked, attacked, strict=True)]
        found.update(solve_positions(again, "moves.lp", timeout, cache=len(again) == 1))
    return {q: distinct([mv for _, mv in pairs]) for q, pairs in found.items()}


def _attacked(cases: list[tuple[Position, Square, set[Square]]], timeout: float
              ) -> list[list[Square]]:
    """Castling safety, for each ``(position, origin, squares)``: the squares of a royal
    piece's castling (where it stands, passes, lands) on which a piece of the other side
    could capture it, asked of the attacks encoding with the royal piece moved there (the
    squares of every case in one program)."""
    items: list[tuple[int, Position, list[Square], Sequence[QueryAtom]]] = []
    asked: list[tuple[int, Square]] = []
    for case, (pos, origin, squares) in enumerate(cases):
        mover = pos.pieces[origin]
        enemy = other_side(mover.side)
        attackers = [sq for sq, pc in pos.pieces.items() if pc.side == enemy and pc.betza]
        for sq in sorted(squares) if attackers else []:
            pieces = dict(pos.pieces)
            del pieces[origin]
            pieces[sq] = replace(mover, betza=None)  # a royal piece that only stands there
            items.append((len(items), replace(pos, pieces=pieces, side_to_move=enemy),
                          attackers, [("target", *sq)]))
            asked.append((case, sq))
    found = solve_positions(items, "attacks.lp", timeout) if items else {}
    out: list[list[Square]] = [[] for _ in cases]
    for n in sorted(found):
        case, sq = asked[n]
        out[case].append(sq)
    return out


def castling_threats(query: MovesQuery, timeout: float = 60.0) -> list[Square]:
    """The attacked squares of the royal piece's castling in ``query`` (sorted)."""
    pos, origin, _ = prepare(query)
    castling: dict[int, set[Square]] = {}
    solve_positions([(0, pos, [origin], ())], "moves.lp", timeout, castling)
    return _attacked([(pos, origin, castling[0])], timeout)[0] if castling else []


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
