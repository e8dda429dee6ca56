"""``betza why``: can the piece go to that square, and if not, why not?

A piece with a compiled move table (translator/compiled/) is answered from it
(:mod:`translator.present.why.table`): the table's rows to the square that hold are the
moves, and when none does, each row's failed conditions are the changes it needs, the rows
with the fewest giving the closest positions. The other pieces (e.p., castling, relay,
the imitator, drops, the programs' readings, walls, moves that wrap or curl) are the
solver's (encodings/why.lp). When the move exists, the position is
fixed and the solver reports every path to the square leg by leg: where each leg went
and how it ended (moved, captured, hopped, excited a friend). When it does not, the
solver guesses the squares the paths look at (and the piece's virginity, royal marks and
e.p. state), requires a path to the square and minimises the differences from the real
position: each difference is a condition the real position fails. No answer at all means
that no position lets the piece go there. Python only builds the facts and words the
answer.

>>> from translator.position import Position
>>> w = why("fcafmF", "e4", "g6", Position.light(friends=["f5"]))
>>> w.possible, w.explanation[2]
(False, '  leg 1 ends on f5, which must hold an enemy but holds a friend')
"""


from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import replace
from typing import Any

import clingo

from translator.errors import BetzaError
from translator.position import Position
from translator.present.english import glossary
from translator.present.why import table as why_table
from translator.present.why.text import board_for, conditions, derivation, written
from translator.queries.moves import MovesQuery, batch_moves, castling_threats, prepare
from translator.queries.why import program as why_program
from translator.queries.why.model import Why, WhyContext, WhyModel, WhyPath
from translator.queries.why.symbols import path_move, reachable, read_model
from translator.solve import warm
from translator.solve.batch import distinct
from translator.solve.readers import Move
from translator.squares import square_coords, square_name

__all__ = ["Why", "why"]

MAX_ALTERNATIVES = 6  # of which at most this many are listed besides the first
EMPTY_BOARD: OrderedDict[str, list[str]] = OrderedDict()  # see _empty_board_targets


def _context(betza: str, origin: str, to: str, position: Position, side: str | None,
             virgin: bool) -> tuple[WhyContext, MovesQuery]:
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


def _path_key(ctx: WhyContext, path: WhyPath) -> tuple[Any, ...]:
    return (path.type_id != ctx.mover_type, path.move_no, *path.move.path_key)


def why(betza: str, origin: str, to: str, position: Position | None = None,
        side: str | None = None, virgin: bool = False, *, timeout: float = 60.0,
        dialect: str | None = None) -> Why:
    """Can the piece ``betza`` on ``origin`` go to ``to`` in ``position``, and why (not)?

    ``side`` defaults to the position's side to move, ``virgin`` says the piece has not
    moved yet, ``dialect`` overrides the position's reading. Raises :class:`BetzaError`
    on bad input or when the solver runs out of ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    position = position or Position.light()
    if dialect is not None:
        position = replace(position, dialect=dialect)
    ctx, query = _context(betza, origin, to, position, side, virgin)
    rows = why_table.rows_for(ctx, ctx.pos.pieces[ctx.pos.square(ctx.origin)].virgin,
                              timeout)
    if rows is not None:
        return _from_table(ctx, query, rows, timeout)
    castles = _castles(ctx)
    if castles:  # whether castling is safe is for moves.lp to say
        (found,) = batch_moves([query], timeout=timeout)
        if isinstance(found, BetzaError):
            raise found
        there = [m for m in found if m.to == ctx.to]
        if there:
            models, finished = why_program.ask(ctx, "fixed", square_coords(ctx.to),
                                               deadline, timeout)
            if not finished and not models:
                why_program.give_up(timeout)
            return _possible(ctx, there, _solved(ctx, models))
        unsafe = _unsafe_castling(ctx, query, timeout)
        if unsafe is not None:
            return unsafe
    # what some position lets the piece reach first (kept for the piece's square): a square
    # outside it has no closest position, and its search need not be made
    reach = _explore(ctx, deadline, timeout)
    if reach is not None and ctx.to not in reach:
        return _unreachable(ctx, query, reach, timeout)
    if not castles:  # the move exists when the real position has a path to the goal
        models, finished = why_program.ask(ctx, "fixed", square_coords(ctx.to), deadline,
                                           timeout)
        if models:
            there = distinct([path_move(s) for s in models[-1] if s.name == "path"])
            return _possible(ctx, there, _solved(ctx, models))
        if not finished:
            why_program.give_up(timeout)
    models, finished = why_program.ask(ctx, "closest", square_coords(ctx.to), deadline,
                                       timeout)
    if not models:
        if not finished:
            why_program.give_up(timeout)
        return _unreachable(ctx, query, reach or [], timeout)
    return _closest(ctx, [(model, min(model.paths, key=lambda p: (_path_key(ctx, p),
                                                                  str(p.move))))
                          for model in (read_model(symbols, ctx.names) for symbols in models)
                          if model.paths])


def _from_table(ctx: WhyContext, query: MovesQuery, rows: why_table.Rows, timeout: float
                ) -> Why:
    """The answer from the piece's move table: the rows to the square that hold, else
    the closest positions the other rows need."""
    ctx.names.update(why_table.leap_names())
    paths = why_table.holding(ctx, rows)
    options = why_table.closest(ctx, rows) if not paths else []
    if paths:
        answer = _possible(ctx, [m for m in rows.matched if m.to == ctx.to], paths)
    elif options:
        answer = _closest(ctx, options)
    else:
        answer = _unreachable(ctx, query, why_table.reach(rows), timeout)
    answer.rows = why_table.report(ctx, rows)
    return answer


def _castles(ctx: WhyContext) -> bool:
    """Whether some piece type of the question castles (has the ``O`` atom)."""
    from translator.facts.pieces import parse_piece

    return any(move.atom.letter == "O" for betza in ctx.types.values()
               for move in parse_piece(betza, ctx.pos.dialect).moves)


def _unsafe_castling(ctx: WhyContext, query: MovesQuery, timeout: float) -> Why | None:
    """The move is a castling that only the attacked squares forbid: say which."""
    if not query.castling_safety:
        return None
    (plain,) = batch_moves([replace(query, castling_safety=False)], timeout=timeout)
    if isinstance(plain, BetzaError) or not any(m.to == ctx.to and m.unloads for m in plain):
        return None
    squares = " ".join(square_name(sq) for sq in castling_threats(query, timeout))
    lines = [f"{_head(ctx)} cannot go to {ctx.to} in this position: that is castling, and a "
             "royal piece may not castle out of, through or into an attacked square.",
             f"  the other side attacks {squares} (see 'betza attacks SQUARE')",
             "  (with --no-castling-safety the castling is allowed)"]
    return Why(ctx.betza, ctx.origin, ctx.to, ctx.side, False, [], lines,
               [f"{sq} is attacked" for sq in squares.split()])


def _solved(ctx: WhyContext, models: list[list[clingo.Symbol]]) -> dict[Move, WhyPath]:
    """The least path of each move in the answer of "fixed"."""
    model = read_model(models[-1], ctx.names) if models else WhyModel([], [])
    out: dict[Move, WhyPath] = {}
    for path in sorted(model.paths, key=lambda p: (_path_key(ctx, p), str(p.move))):
        out.setdefault(path.move, path)
    return out


def _possible(ctx: WhyContext, there: list[Move], paths: dict[Move, WhyPath]) -> Why:
    """The move exists: every move to the square, leg by leg (its path in ``paths``)."""
    board = board_for(ctx)
    lines = [f"{_head(ctx)} can go to {ctx.to}: {len(there)} move"
             f"{'s' if len(there) != 1 else ''}."]
    for mv in there:
        lines += derivation(ctx, paths.get(mv), mv, board)
    return Why(ctx.betza, ctx.origin, ctx.to, ctx.side, True, there, lines)


def _head(ctx: WhyContext) -> str:
    return f"{ctx.betza} ({ctx.side}) on {ctx.origin}"


def _closest(ctx: WhyContext, found: list[tuple[WhyModel, WhyPath]]) -> Why:
    """The move does not exist: the conditions of the closest position that allows it
    (``found``: each closest position with its least path to the square)."""
    options = [(_path_key(ctx, path), conditions(ctx, model, path), model, path)
               for model, path in found]
    options.sort(key=lambda o: (o[0], o[1], str(o[3].move)))
    _, failed, model, path = options[0]
    n = len(model.changed)
    lines = [f"{_head(ctx)} cannot go to {ctx.to} in this position.",
             f"The closest position that allows it has {n} change{'s' if n != 1 else ''}:"]
    lines += [f"  {c}" for c in failed]
    lines.append("In that position:")
    lines += ["  " + line for line in derivation(ctx, path, path.move,
                                                  board_for(ctx, model.changed))]
    seen = {tuple(failed)}
    others = []
    for _, conds, _, alt in options[1:]:
        if tuple(conds) not in seen:
            seen.add(tuple(conds))
            others.append(f"  {'; '.join(conds)} (by the move {written(ctx, alt)})")
    if others:
        lines.append(f"Other positions with {n} change{'s' if n != 1 else ''}:")
        lines += others[:MAX_ALTERNATIVES]
        if len(others) > MAX_ALTERNATIVES:
            lines.append(f"  ... and {len(others) - MAX_ALTERNATIVES} more")
    return Why(ctx.betza, ctx.origin, ctx.to, ctx.side, False, [], lines, failed,
               needed=model.changed)


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
    ctx, _ = _context(betza, origin, origin, position, None, False)
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
                 ) -> Why:
    """No position lets the piece go there: say where it does go (on the empty board, and
    ``reach``: in some position)."""
    targets = _empty_board_targets(replace(query, position=replace(
        ctx.pos, pieces={}, ep=[], ep_victim=None), side=ctx.side), timeout)
    g = glossary()["atoms"]
    leaper = all(len(m.legs) == 1 and g.get(m.atom.letter, {}).get("noun") == "leap"
                 for m in ctx.piece.moves)
    what = "leaps" if leaper else "moves"
    where = (f"its {what} from {ctx.origin} go to {' '.join(targets)} on an empty board"
             if targets else f"it has no moves from {ctx.origin} on an empty board")
    lines = [f"no position lets {ctx.betza} on {ctx.origin} reach {ctx.to}: it is not among "
             f"the squares its moves can reach ({where})."]
    more = [s for s in reach if s not in targets]
    if more:
        lines.append(f"In other positions it can also reach: {' '.join(more)}.")
    return Why(ctx.betza, ctx.origin, ctx.to, ctx.side, False, [], lines, [], False)
