"""``betza why``: can the piece go to that square, and if not, why not? The answer in words:
:mod:`translator.queries.why.search` finds what lets the piece go there (its moves there,
the closest positions that allow one, the castling the attacked squares forbid, or where
it goes instead), and this module says it, each move leg by leg
(:mod:`translator.present.why.text`).

>>> from translator.position import Position
>>> w = why("fcafmF", "e4", "g6", Position.light(friends=["f5"]))
>>> w.possible, w.explanation[2]
(False, '  leg 1 ends on f5, which must hold an enemy but holds a friend')
"""


from __future__ import annotations

from typing import Any

from translator.position import Position
from translator.present.english import glossary
from translator.present.why.text import board_for, conditions, derivation, written
from translator.queries.why import table as why_table
from translator.queries.why.model import Why, WhyContext, WhyModel, WhyPath
from translator.queries.why.search import (
    Closest,
    Found,
    Possible,
    Unreachable,
    UnsafeCastling,
    path_key,
    search,
)

__all__ = ["Why", "why"]

MAX_ALTERNATIVES = 6  # of which at most this many are listed besides the first


def why(betza: str, origin: str, to: str, position: Position | None = None,
        side: str | None = None, virgin: bool = False, *, timeout: float = 60.0,
        dialect: str | None = None) -> Why:
    """Can the piece ``betza`` on ``origin`` go to ``to`` in ``position``, and why (not)?

    ``side`` defaults to the position's side to move, ``virgin`` says the piece has not
    moved yet, ``dialect`` overrides the position's reading. Raises :class:`BetzaError`
    on bad input or when the solver runs out of ``timeout`` seconds.
    """
    found = search(betza, origin, to, position, side, virgin, timeout=timeout,
                   dialect=dialect)
    answer = _worded(found)
    if found.rows is not None:
        answer.rows = _report(found.ctx, found.rows)
    return answer


def _worded(found: Found) -> Why:
    if isinstance(found, Possible):
        return _possible(found)
    if isinstance(found, Closest):
        return _closest(found.ctx, found.options)
    if isinstance(found, UnsafeCastling):
        return _unsafe_castling(found)
    return _unreachable(found)


def _report(ctx: WhyContext, rows: why_table.Rows) -> list[dict[str, Any]]:
    """Each row of the piece's table to the square: its written move, path and captures,
    and the conditions the position fails for it, in words (none: it holds)."""
    out: list[dict[str, Any]] = []
    for one in sorted(rows.placed, key=why_table.order):
        if one.move.to != ctx.to:
            continue
        path, changed = why_table.path_of(ctx, one), why_table.changes(ctx, rows, one)
        out.append({"move": str(written(ctx, path)), "legs": list(one.move.legs),
                    "captures": list(one.move.captures),
                    "fails": conditions(ctx, WhyModel(changed, [path]), path)})
    return out


def _unsafe_castling(found: UnsafeCastling) -> Why:
    """The move is a castling that only the attacked squares forbid: say which."""
    ctx, squares = found.ctx, " ".join(found.attacked)
    lines = [f"{_head(ctx)} cannot go to {ctx.to} in this position: that is castling, and a "
             "royal piece may not castle out of, through or into an attacked square.",
             f"  the other side attacks {squares} (see 'betza attacks SQUARE')",
             "  (with --no-castling-safety the castling is allowed)"]
    return Why(ctx.betza, ctx.origin, ctx.to, ctx.side, False, [], lines,
               [f"{sq} is attacked" for sq in found.attacked])


def _possible(found: Possible) -> Why:
    """The move exists: every move to the square, leg by leg (its path in ``paths``)."""
    ctx, there = found.ctx, found.moves
    board = board_for(ctx)
    lines = [f"{_head(ctx)} can go to {ctx.to}: {len(there)} move"
             f"{'s' if len(there) != 1 else ''}."]
    for mv in there:
        lines += derivation(ctx, found.paths.get(mv), mv, board)
    return Why(ctx.betza, ctx.origin, ctx.to, ctx.side, True, there, lines)


def _head(ctx: WhyContext) -> str:
    return f"{ctx.betza} ({ctx.side}) on {ctx.origin}"


def _closest(ctx: WhyContext, found: list[tuple[WhyModel, WhyPath]]) -> Why:
    """The move does not exist: the conditions of the closest position that allows it
    (``found``: each closest position with its least path to the square)."""
    options = [(path_key(ctx, path), conditions(ctx, model, path), model, path)
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


def _unreachable(found: Unreachable) -> Why:
    """No position lets the piece go there: say where it does go (on the empty board, and
    in some position)."""
    ctx, targets = found.ctx, found.targets
    g = glossary()["atoms"]
    leaper = all(len(m.legs) == 1 and g.get(m.atom.letter, {}).get("noun") == "leap"
                 for m in ctx.piece.moves)
    what = "leaps" if leaper else "moves"
    where = (f"its {what} from {ctx.origin} go to {' '.join(targets)} on an empty board"
             if targets else f"it has no moves from {ctx.origin} on an empty board")
    lines = [f"no position lets {ctx.betza} on {ctx.origin} reach {ctx.to}: it is not among "
             f"the squares its moves can reach ({where})."]
    more = [s for s in found.reach if s not in targets]
    if more:
        lines.append(f"In other positions it can also reach: {' '.join(more)}.")
    return Why(ctx.betza, ctx.origin, ctx.to, ctx.side, False, [], lines, [], False)
