"""Equivalence by canonical conditions: compare what each move needs of the board.

The solver (encodings/conditions.lp) lists, per start square and effect (destination and
side effects), the condition of every path of each piece: a conjunction of literals
"this square initially holds that". An effect exists in a position when one of its
conditions holds, so the two pieces are equivalent when, for every start square and
effect, the two disjunctions are the same function of the squares. The solver already
drops the effects whose lists of conditions are the same on both sides; for the rest,
this module looks for the cheapest point of one disjunction that falsifies the other (a
small exact search: boxes of allowed states per square, narrowed one square at a time).
None anywhere means equivalent; otherwise the cheapest point is the smallest
counterexample (fewest pieces, then fewest royal and virginity marks), checked by
computing both move sets there.

Conditions do not depend on where the piece stands as long as the path fits on the
board, so for most pieces they are computed once, from the centre of a board twice as
large, and each real start square keeps the paths that fit (the ``local`` moves that
wrap or have a `*` range are computed from every start square).

>>> best_point([{(0, 1): frozenset("E"), (0, 2): frozenset("E")}],
...            [{(0, 1): frozenset("E")}])   # an absorbed condition adds nothing
>>> best_point([{(1, 1): frozenset("E")}], [{(1, 0): frozenset("E"), (1, 1): frozenset("E")},
...                                          {(0, 1): frozenset("E"), (1, 1): frozenset("E")}])
((2, 0), {(1, 1): 'E', (1, 0): 'F', (0, 1): 'F'})
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

import clingo

from translator.errors import BetzaError
from translator.facts.schema import BOARD, CENTRE, COMPARE, START
from translator.facts.translate import move_facts
from translator.notation.syntax import Piece
from translator.queries.equiv.model import Counterexample
from translator.shown import NIL, AnyNoCanon, Cond, CondKey, Literal, each, term
from translator.solve.engine import SolverTimeout
from translator.solve.limits import check_size, estimated_atoms, from_every_square, refuse_over
from translator.squares import square_name

Var = tuple[int, int] | str     # a square, or VIRGIN
Cube = dict[Var, frozenset[str]]
Cost = tuple[int, int]          # (pieces, royal and virginity marks)
VIRGIN = "virgin"
# states of a square: Empty, Friend, enemy (X), royal enemy (K); of VIRGIN: 0 or 1
STATES = frozenset("EFXK")
FLAGS = frozenset("01")
LITERALS = {name: frozenset(states) for name, states in (
    ("e", "E"), ("f", "F"), ("x", "XK"), ("xn", "X"), ("xk", "K"), ("o", "FXK"), ("v", "1"))}
# the cheapest state first; a friend before an enemy, as the solver's search preferred
PREFERENCE = {"E": (0, 0), "0": (0, 0), "X": (1, 0), "F": (1, 0), "K": (1, 1), "1": (0, 1)}


class NotComparable(Exception):
    """The pieces use moves that are not a matter of conditions on squares."""


def _domain(var: Var) -> frozenset[str]:
    return FLAGS if var == VIRGIN else STATES


@cache
def _pick(allowed: frozenset[str]) -> tuple[str, Cost]:
    """The cheapest state of a set and its cost (asked for very often: cached)."""
    state = min(allowed, key=lambda s: (PREFERENCE[s], "E0FXK1".index(s)))
    return state, PREFERENCE[state]


def _cost(box: Cube) -> Cost:
    pieces = marks = 0
    for allowed in box.values():
        p, m = _pick(allowed)[1]
        pieces, marks = pieces + p, marks + m
    return pieces, marks


def _disjoint(box: Cube, cube: Cube) -> bool:
    return any(not box.get(var, _domain(var)) & allowed for var, allowed in cube.items())


def _implies(cube: Cube, other: Cube) -> bool:
    return all(cube.get(var, _domain(var)) <= allowed for var, allowed in other.items())


def best_point(ours: list[Cube], theirs: list[Cube], bound: Cost | None = None
               ) -> tuple[Cost, dict[Var, str]] | None:
    """The cheapest assignment (cheaper than ``bound``) that satisfies a cube of ``ours``
    and no cube of ``theirs``, as its cost and the states of the squares it constrains
    (every other square empty); None when there is none."""
    best: list[Any] = [bound, None]

    def narrow(box: Cube, cost: Cost) -> None:
        rest = next((cube for cube in theirs if not _disjoint(box, cube)), None)
        if rest is None:
            best[0], best[1] = cost, box
            return
        for var, allowed in rest.items():
            now = box.get(var, _domain(var))
            left = now - allowed
            if left:
                (p0, m0), (p1, m1) = _pick(now)[1], _pick(left)[1]
                tighter = (cost[0] - p0 + p1, cost[1] - m0 + m1)
                if best[0] is None or tighter < best[0]:
                    narrow({**box, var: left}, tighter)

    for cube in ours:
        cost = _cost(cube)
        if (best[0] is None or cost < best[0]) and not any(
                _implies(cube, other) for other in theirs):
            narrow(dict(cube), cost)
    if best[1] is None:
        return None
    return best[0], {var: _pick(allowed)[0] for var, allowed in best[1].items()}


@dataclass
class Conditions:
    """The conditions of one effect: one list of cubes per piece, each cube with the
    bounding box (relative to the start) of the squares its path uses."""

    sides: tuple[list[tuple[Cube, tuple[int, int, int, int]]], ...] = field(
        default_factory=lambda: ([], []))

    def fitting(self, start: tuple[int, int], files: int, ranks: int,
                centre: tuple[int, int]) -> tuple[list[Cube], list[Cube]]:
        """The cubes of paths that stay on the board when they start on ``start``
        instead of ``centre`` (where they were computed, and where they stay)."""
        dx, dy = start[0] - centre[0], start[1] - centre[1]
        return tuple([cube for cube, (x0, y0, x1, y1) in cubes
                      if x0 + dx >= 0 and x1 + dx < files and y0 + dy >= 0 and y1 + dy < ranks]
                     for cubes in self.sides)  # type: ignore[return-value]


def cube_of(cond: clingo.Symbol, start: tuple[int, int], to: tuple[int, int]
            ) -> tuple[Cube, tuple[int, int, int, int]] | None:
    """The cube of a condition list c(X,Y,S,Prev) and its bounding box; None when it
    contradicts itself."""
    cube: Cube = {}
    xs, ys = [start[0], to[0]], [start[1], to[1]]
    for x, y, lit in _literals(cond):
        var: Var = VIRGIN if lit == "v" else (x, y)
        xs.append(x)
        ys.append(y)
        allowed = cube.get(var, _domain(var)) & LITERALS[lit]
        if not allowed:
            return None
        cube[var] = allowed
    return cube, (min(xs), min(ys), max(xs), max(ys))


@lru_cache(maxsize=65536)
def _literals(cond: clingo.Symbol) -> tuple[tuple[int, int, str], ...]:
    """The literals of a condition list, oldest first. Lists share their tails (the
    paths of a piece share their first legs), so each tail is read once."""
    if cond == NIL:
        return ()
    link = term(cond, Literal)
    return (*_literals(link.prev), (link.x, link.y, link.s))


def _ground(pa: Piece, pb: Piece, facts: str, deadline: float, timeout: float
            ) -> list[clingo.Symbol]:
    from translator.solve import engine

    program = engine.ground("conditions.lp", f"{move_facts(1, pa)} {move_facts(2, pb)} "
                                             + facts, deadline=deadline, timeout=timeout)
    symbols: list[clingo.Symbol] = []

    def on_model(model: clingo.Model) -> None:
        symbols[:] = model.symbols(shown=True)

    engine.solve(program.ctl, deadline=deadline, what="the equivalence check",
                 timeout=timeout, on_model=on_model)
    return symbols


def _read(symbols: list[clingo.Symbol], starts: list[tuple[int, int]]
          ) -> dict[int, list[Conditions]]:
    """The shown conditions, per query and effect (refuses what they cannot express)."""
    table: dict[int, dict[clingo.Symbol, Conditions]] = {}
    for no in each(symbols, AnyNoCanon):
        raise NotComparable(no.why)
    for one in each(symbols, Cond):
        key = term(one.key, CondKey)
        found = cube_of(one.cond, starts[one.q], (key.x, key.y))
        conditions = table.setdefault(one.q, {}).setdefault(one.key, Conditions())
        if found is not None:
            conditions.sides[one.t - 1].append(found)
    return {q: list(effects.values()) for q, effects in table.items()}


def _queries(squares: list[tuple[int, int]], files: int, ranks: int, local: bool
             ) -> Iterator[tuple[int, tuple[int, int], tuple[int, int]]]:
    """(query, start square, square the conditions were computed from) per start."""
    for i, start in enumerate(squares):
        yield (i + 1, start, start) if local else (0, start, (files - 1, ranks - 1))


def difference(a: str, b: str, pa: Piece, pb: Piece, files: int, ranks: int,
               squares: list[tuple[int, int]], *, targets_only: bool, deadline: float,
               timeout: float, max_atoms: int,
               progress: Callable[[int, int], None] | None = None) -> Counterexample | None:
    """A smallest counterexample, or None when ``a`` and ``b`` are equivalent on the
    board; raises :class:`NotComparable` for pieces the conditions do not cover, and
    refuses pieces whose paths on the doubled board would exceed ``max_atoms``."""
    # both pieces go from every start square when one of them is local (condpaths.lp's
    # qlocal/1); a wrapping rider of 676 steps was sized once and ran 52 s and 1.76 GB
    if from_every_square(pa) or from_every_square(pb):
        refuse_over(len(squares) * sum(estimated_atoms(p, files, ranks) for p in (pa, pb)),
                    max_atoms)
    for piece in (pa, pb):
        check_size(piece, 2 * files - 1, 2 * ranks - 1, max_atoms)
    centre = (files - 1, ranks - 1)
    facts = " ".join([COMPARE("targets" if targets_only else "effects"),
                      BOARD(0, 2 * files - 1, 2 * ranks - 1), START(0, *centre), CENTRE(0),
                      *(f"{BOARD(q, files, ranks)} {START(q, x, y)}"
                        for q, (x, y) in enumerate(squares, 1))])
    symbols = _ground(pa, pb, facts, deadline, timeout)
    local = any(sym.name == "local" for sym in symbols)
    table = _read(symbols, [centre, *squares])
    best: tuple[Cost, tuple[int, int], dict[Var, str]] | None = None
    for i, (q, start, centre) in enumerate(_queries(squares, files, ranks, local)):
        if progress:
            progress(i, len(squares))
        if time.monotonic() > deadline:
            raise SolverTimeout("the equivalence check gave up after the time limit of "
                                f"{timeout:g} s")
        for conditions in table.get(q, []):
            ours, theirs = conditions.fitting(start, files, ranks, centre)
            for one, other in ((ours, theirs), (theirs, ours)):
                found = best_point(one, other, best[0] if best else None)
                if found is not None:
                    best = (found[0], start, _moved(found[1], start, centre))
        if best is not None and best[0] == (0, 0):
            break
    if best is None:
        return None
    return _checked(a, b, files, ranks, best[1], best[2], targets_only)


def _moved(point: dict[Var, str], start: tuple[int, int], centre: tuple[int, int]
           ) -> dict[Var, str]:
    dx, dy = start[0] - centre[0], start[1] - centre[1]
    return {(v[0] + dx, v[1] + dy) if isinstance(v, tuple) else v: s for v, s in point.items()}


def _checked(a: str, b: str, files: int, ranks: int, start: tuple[int, int],
             point: dict[Var, str], targets_only: bool) -> Counterexample:
    """The counterexample of ``point``, with the moves that differ there (computed anew,
    so a point that separates nothing is never reported)."""
    from translator.queries.moves import MovesQuery, batch_moves

    def names(states: str) -> list[str]:
        return sorted((square_name(v) for v, s in point.items()
                       if isinstance(v, tuple) and s in states), key=lambda n: (n[0], int(n[1:])))

    ce = Counterexample(files, ranks, square_name(start), friends=names("F"),
                        enemies=names("XK"), royal=names("K"), virgin=point.get(VIRGIN) == "1")
    answers = batch_moves([MovesQuery(text, ce.start, ce.position(), "white", ce.virgin)
                           for text in (a, b)])
    ma, mb = answers
    if isinstance(ma, BetzaError):
        raise ma
    if isinstance(mb, BetzaError):
        raise mb

    def key(m: Any) -> Any:
        return m.to if targets_only else m.effects()

    keys_a, keys_b = {key(m) for m in ma}, {key(m) for m in mb}
    ce.only_a = [m for m in ma if key(m) not in keys_b]
    ce.only_b = [m for m in mb if key(m) not in keys_a]
    if not ce.only_a and not ce.only_b:
        raise NotComparable("unchecked")
    return ce
