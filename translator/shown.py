"""The answers Python reads from clingo, typed: one named tuple per shown predicate (and
per term of the chains they carry), its arguments named as encodings/README.md documents
them, so that no module reads an answer by the position of its arguments; this is the one
module that touches a symbol's arguments (tests/test_code_shape.py holds it). :func:`each`
picks a predicate's atoms out of a model (by name and arity), :func:`term` reads one term
whose name the caller knows; both convert each argument by its field's type: ``int`` a
number, ``str`` a string or a constant's name, ``int | str`` either, ``clingo.Symbol`` a
term left as it is (a chain that translator/solve/readers.py walks).

>>> import clingo
>>> atoms = [clingo.parse_term("mob(4,3,8)"), clingo.parse_term("reach(1,8)")]
>>> list(each(atoms, Mob))
[Mob(x=4, y=3, moves=8)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple, TypeVar, cast, get_type_hints

import clingo

S = TypeVar("S", bound=tuple[Any, ...])


def each(symbols: Iterable[clingo.Symbol], shape: type[S]) -> Iterator[S]:
    """The atoms of ``shape``'s predicate (named by :func:`shown`, as many arguments as
    it has fields) among ``symbols``, read into ``shape``."""
    name, read, size = NAMES[shape], reader(shape), len(shape._fields)  # type: ignore[attr-defined]
    for sym in symbols:
        if sym.name == name and len(sym.arguments) == size:
            yield read(sym)


def term(sym: clingo.Symbol, shape: type[S]) -> S:
    """One term (or atom) read into ``shape`` whatever its name: the caller knows it is
    one (a link of a chain, ``h(X,Y,Prev)``; the one answer predicate of a program).

    >>> term(clingo.parse_term("h(4,3,nil)"), H)
    H(x=4, y=3, prev=Function('nil', [], True))
    """
    return reader(shape)(sym)


def reader(shape: type[S]) -> Callable[[clingo.Symbol], S]:
    """:func:`term` for one shape, made once. The readers of paths call it on hot paths, so
    it is written out for the shape, as the standard library writes a named tuple's class:
    ``a0, a1, a2 = sym.arguments`` (a term of another arity raises ValueError), then each
    field converted in place.

    >>> reader(H)(clingo.parse_term("h(4,3,nil)")).x
    4
    """
    made = READERS.get(shape)
    if made is None:
        kinds = get_type_hints(shape).values()  # (field order)
        names = [f"a{i}" for i in range(len(kinds))]
        values = ", ".join(_CONVERT[kind].format(a) for kind, a in zip(kinds, names, strict=True))
        source = (f"def made(sym):\n    {', '.join(names)}, = sym.arguments\n"
                  f"    return new(shape, ({values},))\n")
        space: dict[str, Any] = {"new": tuple.__new__, "shape": shape, "_text": _text,
                                 "_value": _value}
        exec(source, space)  # (the source is made here, of the shape's fields alone)
        made = READERS[shape] = space["made"]
    return cast(Callable[[clingo.Symbol], S], made)


READERS: dict[type, Callable[[clingo.Symbol], Any]] = {}


def arity(sym: clingo.Symbol) -> int:
    """How many arguments a term has (``empty`` none, ``type(3)`` one)."""
    return len(sym.arguments)


def shown(name: str) -> Callable[[type[S]], type[S]]:
    """Name the predicate a shape reads (a class decorator)."""
    def named(shape: type[S]) -> type[S]:
        NAMES[shape] = name
        return shape

    return named


NAMES: dict[type, str] = {}


def _text(sym: clingo.Symbol) -> str:
    return sym.string if sym.type == clingo.SymbolType.String else sym.name


def _value(sym: clingo.Symbol) -> int | str:
    return sym.number if sym.type == clingo.SymbolType.Number else _text(sym)


# how a field of each type is read from its argument (in the source reader() writes)
_CONVERT: dict[Any, str] = {int: "{}.number", str: "_text({})", int | str: "_value({})",
                            clingo.Symbol: "{}"}


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


# ---- paths.lp's chains and the answers that carry them (moves.lp, attacks.lp …) --------
NIL = clingo.Function("nil")  # the end of every chain


class H(NamedTuple):
    """``h(X,Y,Prev)``: a leg ended on (x, y); ``prev`` the legs before (``nil`` past the
    origin)."""

    x: int
    y: int
    prev: clingo.Symbol


class Key(NamedTuple):
    """``p(Prev,X,Y)``: lean.lp's key of a path, the inner legs' ends, latest last."""

    prev: clingo.Symbol
    x: int
    y: int


class Lean(NamedTuple):
    """``k(X,Y,K,X0,Y0)``: a move of lean.lp to (x, y) from (x0, y0) through ``key``."""

    x: int
    y: int
    key: clingo.Symbol
    x0: int
    y0: int


class Effect(NamedTuple):
    """``e(Kind,X,Y,Prev)``: a side effect on (x, y) (``cap``, ``ep``, ``mov``)."""

    kind: str
    x: int
    y: int
    prev: clingo.Symbol


class Unload(NamedTuple):
    """``u(X,Y,X2,Y2,Prev)``: the piece from (x2, y2) is put down on (x, y)."""

    x: int
    y: int
    x2: int
    y2: int
    prev: clingo.Symbol


class Answer(NamedTuple):
    """``res(Q,H,E)``, ``ares(Q,H,E)``: in query ``q`` the move along ``h`` with ``e``."""

    q: int
    h: clingo.Symbol
    e: clingo.Symbol


# ---- conditions.lp, equiv.lp ------------------------------------------------------------
@shown("cond")
class Cond(NamedTuple):
    """In query ``q`` piece type ``t`` reaches the effect ``key`` (:class:`CondKey`) under
    the condition list ``cond`` (:class:`Literal` links)."""

    q: int
    t: int
    key: clingo.Symbol
    cond: clingo.Symbol


class CondKey(NamedTuple):
    """``key(X,Y,E)``: an effect, the destination (x, y) and the effects ``e``."""

    x: int
    y: int
    e: clingo.Symbol


class Literal(NamedTuple):
    """``c(X,Y,S,Prev)``: (x, y) must be in state ``s``, and the literals ``prev`` too."""

    x: int
    y: int
    s: str
    prev: clingo.Symbol


@shown("samedef")
class SameDef(NamedTuple):
    """Type ``t`` has the same normalised move definitions as type 1 (samedef.lp)."""

    t: int


@shown("eqmove")
class EqMove(NamedTuple):
    """A move of the piece ``side`` (``a`` or ``b``) that the other lacks (equiv.lp)."""

    q: int
    side: str
    x: int
    y: int
    h: clingo.Symbol
    e: clingo.Symbol


@shown("piece")
class CounterPiece(NamedTuple):
    """A piece of colour ``c`` on (x, y) of the counterexample (its type ``t`` none)."""

    q: int
    x: int
    y: int
    c: str
    t: str


class QSquare(NamedTuple):
    """An atom ``name(Q,X,Y)`` of a query: ``royal``, ``virgin``, ``ep``, ``epvictim``
    (equiv.lp), ``castlesq`` (moves.lp), ``keep`` (find.lp), ``reachable`` (why.lp)."""

    q: int
    x: int
    y: int


@shown("row")
class TableRow(NamedTuple):
    """A path of the table of piece ``q`` (table.lp; compiled/table.py reads the rest)."""

    q: int
    m: int
    h: clingo.Symbol
    e: clingo.Symbol
    c: clingo.Symbol


@shown("made")
class Made(NamedTuple):
    """In query ``q`` part ``m`` of the string (from 1) ends a move on (x, y) (board.lp)."""

    q: int
    x: int
    y: int
    m: int


@shown("noanswer")
class NoAnswer(NamedTuple):
    """In query ``q`` the Interactive Diagram loops forever (moves.lp): leg ``leg`` of move
    ``m`` (both from 1) starts on (x, y) and steps to the occupied (bx, by)."""

    q: int
    m: int
    leg: int
    x: int
    y: int
    bx: int
    by: int


@shown("legal")
class LegalMove(NamedTuple):
    """Candidate move ``n`` of position ``q`` is legal (legal.lp)."""

    q: int
    n: int


@shown("check")
class Check(NamedTuple):
    """In position ``q`` a royal piece of the side to move is attacked (legal.lp)."""

    q: int
