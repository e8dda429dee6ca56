"""The answers Python reads from clingo, typed: one named tuple per shown predicate, its
arguments named as encodings/README.md documents them, so that no module reads an answer
by the position of its arguments. :func:`each` picks a predicate's atoms out of a model
(by name and arity) and converts each argument by its field's type: ``int`` a number,
``str`` a string or a constant's name, ``clingo.Symbol`` a term left as it is (a chain
that translator/solve/readers.py walks).

>>> import clingo
>>> atoms = [clingo.parse_term("mob(4,3,8)"), clingo.parse_term("reach(1,8)")]
>>> list(each(atoms, Mob))
[Mob(x=4, y=3, moves=8)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any, NamedTuple, TypeVar, get_type_hints

import clingo

S = TypeVar("S", bound=tuple[Any, ...])


def each(symbols: Iterable[clingo.Symbol], shape: type[S]) -> Iterator[S]:
    """The atoms of ``shape``'s predicate (named by :func:`shown`, as many arguments as
    it has fields) among ``symbols``, read into ``shape``."""
    name, convert = _reader(shape)
    for sym in symbols:
        if sym.name == name and len(sym.arguments) == len(convert):
            yield shape(*(read(arg) for read, arg in zip(convert, sym.arguments,
                                                         strict=True)))


def shown(name: str) -> Callable[[type[S]], type[S]]:
    """Name the predicate a shape reads (a class decorator)."""
    def named(shape: type[S]) -> type[S]:
        NAMES[shape] = name
        return shape

    return named


NAMES: dict[type, str] = {}


@cache
def _reader(shape: type) -> tuple[str, tuple[Callable[[clingo.Symbol], Any], ...]]:
    hints = get_type_hints(shape)
    return NAMES[shape], tuple(_CONVERT[kind] for kind in hints.values())  # (field order)


def _text(sym: clingo.Symbol) -> str:
    return sym.string if sym.type == clingo.SymbolType.String else sym.name


_CONVERT: dict[Any, Callable[[clingo.Symbol], Any]] = {
    int: lambda sym: sym.number, str: _text, clingo.Symbol: lambda sym: sym}


# ---- census.lp -------------------------------------------------------------------------
@shown("mob")
class Mob(NamedTuple):
    """From (x, y) the piece has ``moves`` moves on the empty board."""

    x: int
    y: int
    moves: int


@shown("reach")
class Reach(NamedTuple):
    """``squares`` squares reached from the centre in at most ``steps`` moves."""

    steps: int
    squares: int


@shown("bound")
class Bound(NamedTuple):
    """Squares reachable from the centre with any number of moves, the centre included."""

    squares: int


@shown("edges")
class Edges(NamedTuple):
    """Moves of the graph (ordered pairs of squares)."""

    edges: int


@shown("forward")
class Forward(NamedTuple):
    """Moves that gain ground (the forwardness of census.lp)."""

    moves: int


@shown("sym")
class Sym(NamedTuple):
    """A symmetry of the move set (``lr``, ``fb`` …)."""

    kind: str


# ---- condpaths.lp (table.lp, conditions.lp) ---------------------------------------------
@shown("nocanon")
class NoCanon(NamedTuple):
    """Piece type ``t`` uses what conditions on squares cannot express, ``why``."""

    t: int
    why: str


@shown("nocanon")
class AnyNoCanon(NamedTuple):
    """Some piece type uses what conditions on squares cannot express, ``why``."""

    why: str


@shown("local")
class Local(NamedTuple):
    """The paths of piece type ``t`` depend on the start square, ``why``."""

    t: int
    why: str


# ---- plan.lp, lean.lp, drops.lp, find.lp, kb/dialects.lp --------------------------------
@shown("plean")
class PLean(NamedTuple):
    """Move ``m`` of piece type ``t`` is built by lean.lp."""

    t: int
    m: int


@shown("lchain")
class LChain(NamedTuple):
    """The longest move of the program has ``legs`` legs (lean.lp)."""

    legs: int


@shown("drop")
class Drop(NamedTuple):
    """In query ``q`` the piece may be dropped on (x, y)."""

    q: int
    x: int
    y: int


@shown("on")
class On(NamedTuple):
    """Candidate move ``m`` is part of the found string (find.lp)."""

    m: int


@shown("dir")
class Dir(NamedTuple):
    """Candidate move ``m`` is written with the direction token ``token`` (find.lp)."""

    m: int
    token: str


@shown("switch")
class SwitchFact(NamedTuple):
    """A named switch of a program's reading, and what it changes (kb/dialects.lp)."""

    name: str
    dialect: str
    text: str


@shown("departs")
class Departs(NamedTuple):
    """The switch ``name`` is a program departing from the spec (kb/dialects.lp)."""

    name: str
