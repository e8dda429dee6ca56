"""``betza why`` from a piece's compiled move table (translator/compiled/): the rows whose
destination is the square, each checked against the position condition by condition.

A row is one path with the squares it needs (empty, a friend, an enemy …) and whether the
piece must not have moved. The moves that reach the square are the rows that hold (as
``moves`` matches them); when none does, each row's failed conditions are the changes the
position needs for that path, and the rows with the fewest are the closest positions.
Nothing here decides where a piece can go: the rows say it. The legs of a row are put
into words with the leg plan of the encodings (:mod:`translator.queries.plan`): a leg that
ends on an empty square toggles its range (``y``) or only moves, one that ends on a piece
hops over it (``p``) or toggles (``g``).

Pieces without a table (e.p., castling, relay ``x``, the imitator, drops, the programs'
readings, boards with walls, tables over the size budget) are answered by encodings/why.lp
instead (:mod:`translator.queries.why.search` asks which); the paths of moves that wrap
round the board or curl (whose legs a row's squares do not spell out) are put into words
by encodings/why_words.lp in the positions the rows find. A why compiles the rows from the
piece's square even for a piece of many paths, whose moves query grounds its position
instead: the table costs a fraction of why.lp's search.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from translator.compiled import store
from translator.compiled.match import Board, Placed, match, placed, square_rows, turned
from translator.notation.kbtables import tables
from translator.position import PlacedPiece, Position
from translator.queries.plan import plan
from translator.queries.why.model import WhyContext, WhyLeg, WhyModel, WhyPath
from translator.solve.readers import Move
from translator.squares import Square, square_coords, square_name

Change = tuple[str, str, str]  # square, its state now, the state the row needs


@dataclass
class Rows:
    """The table's rows for the question's piece on its square (:func:`rows_for`)."""

    placed: tuple[Placed, ...]
    board: Board
    virgin: bool
    matched: list[Move]  # what ``moves`` answers in the position
    # every move's legs go straight, so that the rows' squares spell out each leg's leaps
    # (moves that wrap or curl are put in words by encodings/why.lp)
    worded: bool = True


def rows_for(ctx: WhyContext, virgin: bool, timeout: float) -> Rows | None:
    """The rows of ``ctx``'s piece from its square (compiled there, as for the patient
    teaching board, whatever the piece's size), or None when the piece keeps the solver
    path."""
    pos = ctx.pos
    if pos.walls:
        return None
    origin = pos.square(ctx.origin)
    mover = pos.pieces[origin]
    table = store.table_at(mover.betza or ctx.betza, pos.dialect, pos.files, pos.ranks,
                           turned(origin, pos.files, pos.ranks, ctx.side), timeout=timeout,
                           patient=True)
    if table is None:
        return None
    board = Board.of(pos, ctx.side, origin)
    return Rows(placed(table, ctx.side, origin), board, virgin,
                match(square_rows(table, ctx.side, origin), board, virgin),
                _worded(table.betza))


@lru_cache(maxsize=1024)
def _worded(betza: str) -> bool:
    """Whether every move's legs go straight (no wrap, no curl): a row's squares then
    tell each leg's leaps."""
    return all(not move.wrap and not move.curl for move in plan(betza))


def reach(rows: Rows) -> list[str]:
    """The squares some position lets the piece reach."""
    return sorted({one.move.to for one in rows.placed}, key=square_coords)


def changes(ctx: WhyContext, rows: Rows, one: Placed) -> list[Change]:
    """What the position must change for the row ``one`` to hold (none: it holds)."""
    pos = ctx.pos
    other = "black" if ctx.side == "white" else "white"
    out: list[Change] = []
    if one.row.unmoved and not rows.virgin:
        out.append((ctx.origin, "moved", "virgin"))
    for need, squares in one.need.items():
        for sq in squares:
            pc = pos.pieces.get(sq)
            now = pc.side if pc is not None else "empty"
            royal = pc is not None and pc.royal
            name = square_name(sq)
            # a square that needs a piece gets an enemy, as the solver mostly chose
            want = {"empty": "empty", "friend": ctx.side, "piece": now if pc else other
                    }.get(need, other)
            if want != now:
                out.append((name, now, want))
            if need == "royal_enemy" and not royal:
                out.append((name, "plain", "royal"))
            elif need == "nonroyal_enemy" and royal:
                out.append((name, "royal", "plain"))
    return out


def changed_position(ctx: WhyContext, changes: list[Change]) -> Position:
    """``ctx``'s position with ``changes`` made (as :func:`changes` lists them): a square
    that gets a piece of another colour gets a bare one, as why.lp's guesses do."""
    pieces = dict(ctx.pos.pieces)
    for name, _now, want in changes:
        sq = square_coords(name)
        pc = pieces.get(sq)
        if want == "empty":
            pieces.pop(sq, None)
        elif want in ("white", "black"):
            pieces[sq] = PlacedPiece(want)
        elif pc is not None:  # a mark: the mover unmoved, a piece royal or not
            pieces[sq] = replace(pc, virgin=pc.virgin or want == "virgin",
                                 royal=want == "royal" or (pc.royal and want != "plain"))
    return replace(ctx.pos, pieces=pieces)


def path_of(ctx: WhyContext, one: Placed) -> WhyPath:
    """The row's path leg by leg, as the words of a ``why`` answer read it."""
    move = one.move
    planned = plan(ctx.types[ctx.mover_type], ctx.pos.dialect)[one.row.move - 1]
    empty = set(one.need.get("empty", ()))
    legs: list[WhyLeg] = []
    passes: dict[str, int] = {}
    taken: set[str] = set()
    for n, (start, end) in enumerate(zip(move.legs, move.legs[1:], strict=False), 1):
        leg = planned.legs[n - 1] if n <= len(planned.legs) else None
        (x0, y0), (x1, y1) = square_coords(start), square_coords(end)
        leap = (leg.leap if leg is not None and leg.leap else planned.leap) or (0, 0)
        steps = _leaps(x1 - x0, y1 - y0, max(leap))
        dx, dy = (x1 - x0) // steps, (y1 - y0) // steps
        for i in range(1, steps):
            passes.setdefault(square_name((x0 + i * dx, y0 + i * dy)), n)
        modes = set(leg.modes) if leg is not None else set()
        victim = None
        if end in move.captures and end not in taken:
            out, victim = "cap", end
            taken.add(end)
        elif end == move.legs[0] or square_coords(end) in empty:
            out = "tog" if "y" in modes and "m" not in modes else "m"
        else:
            out = "tog" if "g" in modes and "p" not in modes else "hop"
        legs.append(WhyLeg(n, start, end, dx, dy, steps, out, victim))
    ends = {leg.end for leg in legs}
    jumps = {square_name(sq): _leg_over(legs, sq) for squares in one.need.values()
             for sq in squares if square_name(sq) not in ends | set(passes)}
    return WhyPath(1, one.row.move, move, legs, passes, jumps)


def _leaps(dx: int, dy: int, size: int) -> int:
    """How many leaps of an atom ``size`` squares long make the leg (one for U)."""
    span = max(abs(dx), abs(dy))
    if size <= 0 or span % size or dx % (span // size or 1) or dy % (span // size or 1):
        return 1
    return max(1, span // size)


def _leg_over(legs: list[WhyLeg], sq: Square) -> int:
    """The leg whose leap passes over ``sq`` (a square a lame or jumping leap checks)."""
    x, y = sq
    for leg in legs:
        (x0, y0), (x1, y1) = square_coords(leg.start), square_coords(leg.end)
        if min(x0, x1) <= x <= max(x0, x1) and min(y0, y1) <= y <= max(y0, y1):
            return leg.n
    return 1


def leap_names() -> dict[tuple[int, int], list[str]]:
    """The kb's letters of each leap (not the king's compounds nor the sliders), to name
    a leg's leaps."""
    names: dict[tuple[int, int], list[str]] = {}
    for letter, (a, b, system, kind) in tables().letters.items():
        if system != "king" and kind != "slide":
            names.setdefault((a, b), []).append(letter)
    return names


def holding(ctx: WhyContext, rows: Rows) -> dict[Move, WhyPath]:
    """The path of each move ``moves`` answers to the square: of the rows that make it
    and hold, the first written move's."""
    out: dict[Move, WhyPath] = {}
    for one in sorted(rows.placed, key=lambda p: p.row.move):
        if one.move.to == ctx.to and one.move in rows.matched and not changes(ctx, rows, one):
            out.setdefault(one.move, path_of(ctx, one))
    return out


def closest(ctx: WhyContext, rows: Rows) -> list[tuple[WhyModel, WhyPath]]:
    """The closest positions that allow a move to the square: per set of changes of the
    fewest, its least path (none when no row reaches the square)."""
    found = [(changes(ctx, rows, one), one) for one in rows.placed if one.move.to == ctx.to]
    if not found:
        return []
    fewest = min(len(c) for c, _ in found)
    best: dict[frozenset[Change], Placed] = {}
    for changed, one in found:
        if len(changed) == fewest:
            key = frozenset(changed)
            kept = best.get(key)
            if kept is None or order(one) < order(kept):
                best[key] = one
    return [(WhyModel(sorted(key, key=lambda c: (square_coords(c[0]), c)),
                      [path_of(ctx, one)]), path_of(ctx, one))
            for key, one in best.items()]


def order(one: Placed) -> tuple[object, ...]:
    """The order of rows: by written move, then by path."""
    return (one.row.move, one.move.path_key)
