"""The ``why`` query: can the piece go to that square, and if not, what would let it?

A piece with a compiled move table (translator/compiled/) is answered from it
(:mod:`translator.queries.why.table`): the table's rows to the square that hold are the
moves, and when none does, each row's failed conditions are the changes it needs, the rows
with the fewest giving the closest positions; when some of its moves wrap or curl, the
rows say as much, and encodings/why_words.lp puts the paths into words in the real
position or in the closest ones. The other pieces (e.p., castling, relay, the imitator,
drops, the programs' readings, walls) are the solver's (encodings/why.lp,
:mod:`translator.queries.why.program`). When the move exists,
the position is fixed and the solver reports every path to the square leg by leg. When it
does not, the solver guesses the squares the paths look at (and the piece's virginity,
royal marks and e.p. state), requires a path to the square and minimises the differences
from the real position: each difference is a condition the real position fails. No
answer at all means that no position lets the piece go there.

What this finds is one of :class:`Possible`, :class:`Closest`, :class:`UnsafeCastling`
and :class:`Unreachable`; :mod:`translator.present.why` puts it into words.

>>> from translator.position import Position
>>> found = search("fcafmF", "e4", "g6", Position.light(friends=["f5"]))
>>> type(found).__name__, [model.changed for model, _ in found.options]
('Closest', [[('f5', 'white', 'black')]])
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

import clingo

from translator.errors import BetzaError
from translator.position import Position
from translator.queries.moves import MovesQuery, batch_moves, castling_threats, prepare
from translator.queries.why import program as why_program
from translator.queries.why import table as why_table
from translator.queries.why.model import WhyContext, WhyModel, WhyPath
from translator.queries.why.symbols import moves, reachable, read_model
from translator.solve import warm
from translator.solve.batch import distinct
from translator.solve.readers import Move
from translator.squares import square_coords, square_name

EMPTY_BOARD: OrderedDict[str, list[str]] = OrderedDict()  # see _empty_board_targets


@dataclass
class Possible:
    """The move exists: the moves to the square, and the path of each leg by leg."""

    ctx: WhyContext
    moves: list[Move]
    paths: dict[Move, WhyPath]
    rows: why_table.Rows | None = None  # when answered from the piece's table


@dataclass
class Closest:
    """It does not: each closest position that allows it, with its least path there."""

    ctx: WhyContext
    options: list[tuple[WhyModel, WhyPath]]
    rows: why_table.Rows | None = None


@dataclass
class UnsafeCastling:
    """It is a castling that only the attacked squares (``attacked``) forbid."""

    ctx: WhyContext
    attacked: list[str]
    rows: None = None


@dataclass
class Unreachable:
    """No position lets the piece go there: where it goes on the empty board
    (``targets``), and in some position (``reach``)."""

    ctx: WhyContext
    targets: list[str]
    reach: list[str]
    rows: why_table.Rows | None = None


Found = Possible | Closest | UnsafeCastling | Unreachable


def context(betza: str, origin: str, to: str, position: Position, side: str | None,
            virgin: bool) -> tuple[WhyContext, MovesQuery]:
    """The question, with the piece types of the position numbered as why.lp has them."""
    from translator.facts.pieces import parse_piece

    query = MovesQuery(betza, origin, position, side, virgin)
    pos, start, piece = prepare(query)
    goal = pos.square(to)
    mover = pos.pieces[start]
    types: dict[int, str] = {}
    for text in [mover.betza] + [pc.betza for pc in pos.pieces.values()] + [pos.last_moved]:
        if text and text not in types.values():
            parse_piece(text, position.dialect)
            types[len(types) + 1] = text
    ctx = WhyContext(betza, piece, mover.side, square_name(start), square_name(goal), pos,
                     types, 1, {})
    return ctx, query


def path_key(ctx: WhyContext, path: WhyPath) -> tuple[Any, ...]:
    """The order of paths: the piece's own moves first, in written order, then the least."""
    return (path.type_id != ctx.mover_type, path.move_no, *path.move.path_key)


def search(betza: str, origin: str, to: str, position: Position | None = None,
           side: str | None = None, virgin: bool = False, *, timeout: float = 60.0,
           dialect: str | None = None) -> Found:
    """What lets the piece ``betza`` on ``origin`` go to ``to`` in ``position`` (the
    arguments of :func:`translator.present.why.why`)."""
    deadline = time.monotonic() + timeout
    position = position or Position.light()
    if dialect is not None:
        position = replace(position, dialect=dialect)
    ctx, query = context(betza, origin, to, position, side, virgin)
    rows = why_table.rows_for(ctx, ctx.pos.pieces[ctx.pos.square(ctx.origin)].virgin,
                              timeout)
    if rows is not None and rows.worded:
        return _from_table(ctx, query, rows, timeout)
    castles = _castles(ctx)
    if rows is not None and not castles:
        worded = _curled(ctx, query, rows, deadline, timeout)
        if worded is not None:
            return worded
    if castles:  # whether castling is safe is for moves.lp to say
        (found,) = batch_moves([query], timeout=timeout)
        if isinstance(found, BetzaError):
            raise found
        there = [m for m in found if m.to == ctx.to]
        if there:
            return Possible(ctx, there, _solved(ctx, _asked(ctx, "fixed", deadline, timeout)))
        unsafe = _unsafe_castling(ctx, query, timeout)
        if unsafe is not None:
            return unsafe
    # what some position lets the piece reach first (kept for the piece's square): a square
    # outside it has no closest position, and its search need not be made
    reach = why_table.reach(rows) if rows is not None else _explore(ctx, deadline, timeout)
    if reach is not None and ctx.to not in reach:
        return _unreachable(ctx, query, reach, timeout)
    # the move exists when the real position has a path to the goal; a table's rows that
    # hold are the real position's moves, so with none to the square there is no path to
    # ask the solver for (its words for wrapping or curling legs are asked below)
    if not castles and (rows is None or any(m.to == ctx.to for m in rows.matched)):
        models = _asked(ctx, "fixed", deadline, timeout)
        if models:
            return Possible(ctx, distinct(moves(models[-1])), _solved(ctx, models))
    models = _asked(ctx, "closest", deadline, timeout)
    if not models:
        return _unreachable(ctx, query, reach or [], timeout)
    return Closest(ctx, [(model, min(model.paths, key=lambda p: (path_key(ctx, p),
                                                                 str(p.move))))
                         for model in (read_model(symbols, ctx.names) for symbols in models)
                         if model.paths])


def _asked(ctx: WhyContext, question: str, deadline: float, timeout: float
           ) -> list[list[clingo.Symbol]]:
    """The models of ``question`` about the square; none when there are none, and a
    refusal when the search ran out of time before it knew."""
    models, finished = why_program.ask(ctx, question, square_coords(ctx.to), deadline,
                                       timeout)
    if not finished and not models:
        why_program.give_up(timeout)
    return models


def _from_table(ctx: WhyContext, query: MovesQuery, rows: why_table.Rows, timeout: float
                ) -> Found:
    """The answer from the piece's move table: the rows to the square that hold, else
    the closest positions the other rows need."""
    ctx.names.update(why_table.leap_names())
    paths = why_table.holding(ctx, rows)
    if paths:
        return Possible(ctx, [m for m in rows.matched if m.to == ctx.to], paths, rows)
    options = why_table.closest(ctx, rows)
    if options:
        return Closest(ctx, options, rows)
    return replace(_unreachable(ctx, query, why_table.reach(rows), timeout), rows=rows)


def _curled(ctx: WhyContext, query: MovesQuery, rows: why_table.Rows, deadline: float,
            timeout: float) -> Found | None:
    """The answer from the piece's move table when some of its moves wrap or curl: the
    rows say whether the move exists and which positions are the closest, and
    encodings/why_words.lp says their paths leg by leg (None: it found no path where the
    rows found one, and why.lp is asked instead)."""
    goal = square_coords(ctx.to)
    if any(m.to == ctx.to for m in rows.matched):
        shown = why_program.words(ctx, [(ctx.pos, [])], goal, deadline, timeout)
        there = distinct(moves(shown))
        return Possible(ctx, there, _solved(ctx, [shown])) if there else None
    options = why_table.closest(ctx, rows)[:why_program.MAX_OPTIMA]
    if not options:
        return _unreachable(ctx, query, why_table.reach(rows), timeout)
    shown = why_program.words(ctx, [(why_table.changed_position(ctx, model.changed),
                                     model.changed) for model, _ in options],
                              goal, deadline, timeout)
    found: list[tuple[WhyModel, WhyPath]] = []
    for q, (model, _) in enumerate(options):
        paths = read_model(shown, ctx.names, q).paths
        if not paths:
            return None
        found.append((WhyModel(model.changed, paths), min(paths, key=lambda p: (
            path_key(ctx, p), str(p.move)))))
    return Closest(ctx, found)


def _castles(ctx: WhyContext) -> bool:
    """Whether some piece type of the question castles (has the ``O`` atom)."""
    from translator.facts.pieces import parse_piece

    return any(move.atom.letter == "O" for betza in ctx.types.values()
               for move in parse_piece(betza, ctx.pos.dialect).moves)


def _unsafe_castling(ctx: WhyContext, query: MovesQuery, timeout: float
                     ) -> UnsafeCastling | None:
    """The move is a castling that only the attacked squares forbid: which they are."""
    if not query.castling_safety:
        return None
    (plain,) = batch_moves([replace(query, castling_safety=False)], timeout=timeout)
    if isinstance(plain, BetzaError) or not any(m.to == ctx.to and m.unloads for m in plain):
        return None
    return UnsafeCastling(ctx, [square_name(sq) for sq in castling_threats(query, timeout)])


def _solved(ctx: WhyContext, models: list[list[clingo.Symbol]]) -> dict[Move, WhyPath]:
    """The least path of each move in the answer of "fixed"."""
    model = read_model(models[-1], ctx.names) if models else WhyModel([], [])
    out: dict[Move, WhyPath] = {}
    for path in sorted(model.paths, key=lambda p: (path_key(ctx, p), str(p.move))):
        out.setdefault(path.move, path)
    return out


def _explore(ctx: WhyContext, deadline: float, timeout: float) -> list[str] | None:
    """Every square some position lets the piece reach (None if the search ran out)."""
    models, finished = why_program.ask(ctx, "explore", None, deadline, timeout)
    if not finished:
        return None
    return sorted(reachable(models[-1]) if models else (), key=square_coords)


def reachable_anywhere(betza: str, origin: str, position: Position, *,
                       timeout: float = 60.0) -> list[str]:
    """The squares ``betza`` on ``origin`` reaches in some position on ``position``'s board
    (any pieces anywhere else), sorted by rank and file."""
    ctx, _ = context(betza, origin, origin, position, None, False)
    # (where the rows go needs no words for their legs: a move that wraps or curls is
    # read from the table too)
    rows = why_table.rows_for(ctx, False, timeout)
    if rows is not None:
        return why_table.reach(rows)
    return _explore(ctx, time.monotonic() + timeout, timeout) or []


def _empty_board_targets(query: MovesQuery, timeout: float) -> list[str]:
    """The destinations of ``query`` (on an empty board), kept for the next question
    about the same piece and square."""
    def targets() -> list[str]:
        (plain,) = batch_moves([query], timeout=timeout)
        if isinstance(plain, BetzaError):
            raise plain
        return sorted({m.to for m in plain}, key=square_coords)

    return warm.kept(EMPTY_BOARD, repr(query), targets, 512)


def _unreachable(ctx: WhyContext, query: MovesQuery, reach: list[str], timeout: float
                 ) -> Unreachable:
    """No position lets the piece go there: where it does go (on the empty board, and
    ``reach``: in some position)."""
    return Unreachable(ctx, _empty_board_targets(replace(query, position=replace(
        ctx.pos, pieces={}, ep=[], ep_victim=None), side=ctx.side), timeout), reach)
