"""What why.lp shows, read: the paths to the square leg by leg, the squares they pass
and jump, the changes of the closest position, the names of the leaps."""

from __future__ import annotations

from typing import Any, NamedTuple

import clingo

from translator.queries.why.model import WhyLeg, WhyModel, WhyPath
from translator.shown import QSquare, arity, each, shown, term
from translator.solve.readers import Move, move_of
from translator.squares import square_name


@shown("changed")
class Changed(NamedTuple):
    """The closest position changes (x, y) from the state ``was`` to ``now``."""

    q: int
    x: int
    y: int
    was: clingo.Symbol
    now: clingo.Symbol


@shown("path")
class Path(NamedTuple):
    """Move ``m`` of piece type ``t`` goes to (x, y) along ``h`` with the effects ``e``."""

    q: int
    t: int
    m: int
    x: int
    y: int
    h: clingo.Symbol
    e: clingo.Symbol


@shown("gleg")
class GLeg(NamedTuple):
    """Leg ``n`` of that path goes from (x0, y0) to (x, y), ``leaps`` leaps of (dx, dy),
    and ends as ``out`` says (``cap(X,Y)``: capturing there)."""

    q: int
    t: int
    m: int
    h: clingo.Symbol
    e: clingo.Symbol
    n: int
    x0: int
    y0: int
    x: int
    y: int
    dx: int
    dy: int
    leaps: int
    out: clingo.Symbol


class Crossed(NamedTuple):
    """``gpass``/``gjump``: leg ``n`` of the path passes (jumps) (x, y), a changed square."""

    q: int
    t: int
    m: int
    h: clingo.Symbol
    e: clingo.Symbol
    n: int
    x: int
    y: int


# the shapes of the atoms of one query, by name
SHAPES: dict[str, Any] = {"changed": Changed, "path": Path, "gleg": GLeg, "gpass": Crossed,
                          "gjump": Crossed}


class Capture(NamedTuple):
    """``cap(X,Y)``: a leg captures on (x, y)."""

    x: int
    y: int


@shown("leapname")
class LeapName(NamedTuple):
    """The leap (a, b) is called ``letter``."""

    a: int
    b: int
    letter: str


class State(NamedTuple):
    """A state with an argument, ``type(T)``."""

    arg: int | str


def read_model(symbols: list[clingo.Symbol], names: dict[tuple[int, int], list[str]],
               query: int | None = None) -> WhyModel:
    """A model of why.lp: the changes of its position and its paths leg by leg (the names
    of the leaps it shows are added to ``names``); of ``query`` alone when one is given
    (why_words.lp answers several positions, one query each)."""
    if query is not None:
        symbols = [sym for sym in symbols if _of(sym) in (query, None)]
    model = WhyModel([], [])
    for change in each(symbols, Changed):
        model.changed.append((square_name((change.x, change.y)), square_state(change.was),
                              square_state(change.now)))
    legs: dict[tuple[Any, ...], list[WhyLeg]] = {}
    for g in each(symbols, GLeg):
        victim = None
        if g.out.name == "cap":
            cap = term(g.out, Capture)
            victim = square_name((cap.x, cap.y))
        legs.setdefault((g.t, g.m, str(g.h), str(g.e)), []).append(WhyLeg(
            g.n, square_name((g.x0, g.y0)), square_name((g.x, g.y)), g.dx, g.dy, g.leaps,
            g.out.name, victim))
    crossed: dict[str, dict[tuple[Any, ...], dict[str, int]]] = {"gpass": {}, "gjump": {}}
    for sym in symbols:
        if sym.name in crossed:
            c = term(sym, Crossed)
            crossed[sym.name].setdefault((c.t, c.m, str(c.h), str(c.e)), {}).setdefault(
                square_name((c.x, c.y)), c.n)
    for leap in each(symbols, LeapName):
        known = names.setdefault((leap.a, leap.b), [])
        if leap.letter not in known:
            known.append(leap.letter)
    for p in each(symbols, Path):
        key = (p.t, p.m, str(p.h), str(p.e))
        model.paths.append(WhyPath(p.t, p.m, move_of(p.x, p.y, p.h, p.e),
                                   one_per_leg(legs.get(key, [])),
                                   crossed["gpass"].get(key, {}), crossed["gjump"].get(key, {})))
    return model


def _of(sym: clingo.Symbol) -> int | None:
    """The query of a shown atom of why.lp (None for the names of leaps)."""
    shape = SHAPES.get(sym.name)
    return None if shape is None else term(sym, shape).q


def square_state(sym: clingo.Symbol) -> str:
    """``empty``, ``white``, ``virgin`` ...; a type as ``kind:T``."""
    if arity(sym):
        return f"{sym.name}:{term(sym, State).arg}"
    return sym.name


def one_per_leg(legs: list[WhyLeg]) -> list[WhyLeg]:
    """The legs in order, one per number (a leg reached two ways is told once)."""
    by_n: dict[int, WhyLeg] = {}
    for leg in sorted(legs, key=lambda g: (g.n, g.leaps, g.dx, g.dy, g.out)):
        by_n.setdefault(leg.n, leg)
    return [by_n[n] for n in sorted(by_n)]


def moves(symbols: list[clingo.Symbol]) -> list[Move]:
    """The moves of the ``path(Q,T,M,X,Y,H,E)`` atoms."""
    return [move_of(p.x, p.y, p.h, p.e) for p in each(symbols, Path)]


def reachable(symbols: list[clingo.Symbol]) -> set[str]:
    """The squares of the ``reachable(Q,X,Y)`` atoms (the question "explore")."""
    return {square_name((r.x, r.y)) for r in (term(sym, QSquare) for sym in symbols
                                               if sym.name == "reachable")}
