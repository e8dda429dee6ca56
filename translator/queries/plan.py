"""The leg plan of a piece, as the encodings derive it (encodings/plan.lp): for every move and
leg, the modes with their defaults, the range states after toggles, the turns, the atom
rotation and the modifier classes. Explanations put these facts into words; they never
work the rules out again.

>>> (move,) = plan("mafsW")
>>> [(leg.n, leg.modes, leg.ranges, leg.orient) for leg in move.legs]
[(1, ('m',), (('step', 1),), frozenset({0})), (2, ('m', 'c'), (('step', 1),), frozenset({1}))]
>>> [leg.implied for leg in plan("cpR")[0].legs]
['', 'p']
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, NamedTuple

import clingo

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece
from translator.facts.readings import reading_facts
from translator.facts.translate import move_facts
from translator.notation.syntax import Piece
from translator.shown import term
from translator.solve import engine

RangeState = tuple[str, int | str]  # (kind, steps): kind step/slide/other, steps n/inf/star
KB_TIMEOUT = 60.0  # seconds for the plans of every kb piece (once per change of the rules)
LEG_CLASSES = ("nonjump", "mustjump", "skip", "jstuck", "iso", "tame", "friendhop", "unload",
               "counted")


@dataclass(frozen=True)
class LegPlan:
    """One leg as the piece really makes it."""

    n: int
    modes: tuple[str, ...]
    written_modes: bool
    final: bool
    implied: str  # the final p or g that implies this hop-off leg, or ""
    ranges: tuple[RangeState, ...]
    orient: frozenset[int]  # 1: turns of 45 degrees rotated the 4-way atom
    turns: frozenset[int]  # eighths clockwise from the previous leg (continuation legs)
    default_directions: bool
    excited: bool
    classes: frozenset[str]  # of LEG_CLASSES, and "eprights-path" / "eprights-jumped"
    toggles: tuple[tuple[RangeState, RangeState], ...] = ()  # g/y: state before, after
    leap: tuple[int, int] | None = None  # a bracket leg's own atom (A, B) and system
    system: str | None = None
    outward: bool = False  # a later bracket leg with no letters
    may_end: tuple[str, ...] = ()  # '?' after this bracket leg: the modes it may end with


@dataclass(frozen=True)
class MovePlan:
    """One move: its atom geometry, its legs and move-wide modifier classes."""

    leap: tuple[int, int] | None  # (A, B) of the atom, None for U O I @
    system: str | None  # orth, diag, king, obl
    directions: frozenset[int]  # White's directions of the first leg
    legs: tuple[LegPlan, ...]
    initial: bool
    wrap: int
    curl: str
    castling_sides: frozenset[int] = frozenset()  # 2 right, 6 left (White's)
    prefix: tuple[str, ...] = ()  # the letters before a bracket
    paths: frozenset[tuple[int, int]] = frozenset()  # a bracket's (first direction, turn)


class MoveMark(NamedTuple):
    """``name(T,M)``: move ``m`` is ``initial``."""

    t: int
    m: int


class MoveValue(NamedTuple):
    """``name(T,M,V)``: a first-leg direction (``pdir``), the wrap count, the curl, a
    castling direction, a bracket's prefix letters."""

    t: int
    m: int
    value: int | str


class Geo(NamedTuple):
    """``pgeo(T,M,A,B,S)``: the atom (a, b) of move ``m`` and its system."""

    t: int
    m: int
    a: int
    b: int
    system: str


class PathTurn(NamedTuple):
    """``ppath(T,M,I,R)``: a bracket's path, first direction ``i`` then turn ``r``."""

    t: int
    m: int
    i: int
    r: int


class LegMark(NamedTuple):
    """``name(T,M,L)``: the leg is there, final, has written modes … (a class of
    LEG_CLASSES)."""

    t: int
    m: int
    leg: int


class LegValue(NamedTuple):
    """``name(T,M,L,V)``: a mode of the leg, the mode it is implied by, its orientation,
    its turn, a mode it may end with, how it creates e.p. rights."""

    t: int
    m: int
    leg: int
    value: int | str


class Range(NamedTuple):
    """``prange(T,M,L,K,S)``: the leg has the range state (kind, steps)."""

    t: int
    m: int
    leg: int
    kind: str
    steps: int | str


class Toggle(NamedTuple):
    """``ptoggle(T,M,L,K,S,K2,S2)``: the leg toggles the range state (kind, steps) to
    (kind2, steps2)."""

    t: int
    m: int
    leg: int
    kind: str
    steps: int | str
    kind2: str
    steps2: int | str


class LegGeo(NamedTuple):
    """``plgeo(T,M,L,A,B,S)``: a bracket leg's own atom (a, b) and its system."""

    t: int
    m: int
    leg: int
    a: int
    b: int
    system: str


SHAPES: dict[str, type[Any]] = {
    "initial": MoveMark, "plean": MoveMark, "pgeo": Geo, "ppath": PathTurn,
    **dict.fromkeys(("pdir", "wrap", "curl", "castledir", "pprefix"), MoveValue),
    **dict.fromkeys(("pleg", "pfinal", "pwritten", "pdefault", "pexcited", "poutward",
                     *LEG_CLASSES), LegMark),
    **dict.fromkeys(("pmode", "pimplied", "porient", "pturn", "pendmode", "eprights"),
                    LegValue),
    "prange": Range, "ptoggle": Toggle, "plgeo": LegGeo}


def plan(betza: str, reading: str = "spec") -> tuple[MovePlan, ...]:
    """The plan of every move of ``betza`` (a Betza string or a piece name), move by move as
    ``reading`` splits its letters into moves (XBoard's ``maWW`` is ``maW`` and ``W``)."""
    piece = parse_piece(betza, reading)
    # kept by the program it solves: explain, convert and why ask for the same piece as
    # written, by name or in its canonical spelling
    return _plan(_program(piece, reading, 1), len(piece.moves))


def _program(piece: Piece, reading: str, t: int) -> str:
    """The facts of ``piece`` as type ``t`` (the reading's switches too: its legs are the
    program's, XBoard's mafN's second leg a King-system leap)."""
    return move_facts(t, piece) + " " + reading_facts(t, reading)


@lru_cache(maxsize=1024)
def _plan(program: str, count: int) -> tuple[MovePlan, ...]:
    kept = kb_plans().get(program)
    return plans_of(engine.run(program, "plan.lp") if kept is None
                    else map(clingo.parse_term, kept), count)


def plans_of(shown: Iterable[clingo.Symbol], count: int) -> tuple[MovePlan, ...]:
    """The plans of moves 1 … ``count`` from the shown atoms of encodings/plan.lp."""
    facts: dict[str, list[Any]] = defaultdict(list)
    for sym in shown:
        facts[sym.name].append(term(sym, SHAPES[sym.name]))
    return tuple(_move(facts, m) for m in range(1, count + 1))


KB_PLANS = "kb-plans"  # the name kb_plans keeps its answer by (translator/compiled/kbcache.py)


@cache
def kb_plans() -> dict[str, list[str]]:
    """The shown plan atoms of every kb piece (the spec reading), by the program that
    :func:`plan` solves for it: derived in one program for all (a program per piece
    costs some 25 ms, nearly all of it the same grounding of the kb's tables) and kept
    per change of the rules (translator/compiled/kbcache.py), so that a kb piece's plan
    is read, not solved. Empty when the one program does not finish in time (each piece
    is then solved alone)."""
    from translator.catalogue.pieces import all_pieces
    from translator.compiled.kbcache import cached

    def derive() -> dict[str, list[str]]:
        pieces = list({str(p): p for p in (parse_piece(k.betza) for k in all_pieces())
                       }.values())
        found: dict[int, list[str]] = defaultdict(list)
        program = " ".join(_program(p, "spec", t) for t, p in enumerate(pieces, 1))
        for sym in engine.run(program, "plan.lp", timeout=KB_TIMEOUT):
            found[term(sym, SHAPES[sym.name]).t].append(str(sym))
        return {_program(p, "spec", 1): found[t] for t, p in enumerate(pieces, 1)}

    try:
        return cached(KB_PLANS, derive)
    except BetzaError:   # a busy machine: kept nowhere, so that a later process tries again
        return {}


def _move(facts: dict[str, list[Any]], m: int) -> MovePlan:
    def of(name: str) -> list[Any]:
        return [f for f in facts[name] if f.m == m]

    geo = of("pgeo")
    leap, system = ((geo[0].a, geo[0].b), geo[0].system) if geo else (None, None)
    legs: list[LegPlan] = []
    for n in sorted(one.leg for one in of("pleg")):
        legs.append(_leg(of, n, legs[-1].ranges if legs else ()))
    return MovePlan(
        leap, system, frozenset(d.value for d in of("pdir")), tuple(legs),
        bool(of("initial")), max([w.value for w in of("wrap")], default=0),
        next((str(z.value) for z in of("curl")), ""),
        frozenset(int(c.value) for c in of("castledir")),
        tuple(sorted(str(p.value) for p in of("pprefix"))),
        frozenset((p.i, p.r) for p in of("ppath")))


def _leg(of: Callable[[str], list[Any]], n: int, before: tuple[RangeState, ...]
         ) -> LegPlan:
    def at(name: str) -> list[Any]:
        return [f for f in of(name) if f.leg == n]

    modes = tuple(sorted((str(mo.value) for mo in at("pmode")), key="mcdekxpgy".index))
    classes = {c for c in LEG_CLASSES if at(c)}
    classes |= {f"eprights-{how.value}" for how in at("eprights")}
    geo = at("plgeo")
    return LegPlan(
        n, modes, bool(at("pwritten")), bool(at("pfinal")),
        next((str(mo.value) for mo in at("pimplied")), ""),
        _ranges([(r.kind, r.steps) for r in at("prange")], before),
        frozenset(int(p.value) for p in at("porient")),
        frozenset(int(r.value) for r in at("pturn")),
        bool(at("pdefault")), bool(at("pexcited")), frozenset(classes),
        tuple(((g.kind, g.steps), (g.kind2, g.steps2)) for g in at("ptoggle")),
        (geo[0].a, geo[0].b) if geo else None, geo[0].system if geo else None,
        bool(at("poutward")),
        tuple(sorted((str(mo.value) for mo in at("pendmode")), key="mcdekxpgy".index)))


def _ranges(found: list[RangeState], before: tuple[RangeState, ...]
            ) -> tuple[RangeState, ...]:
    """The leg's range states: those it keeps from the leg before first (in that order),
    then the toggled ones, so that the words follow the move."""
    kept = [rs for rs in before if rs in found]
    return tuple(kept + sorted((rs for rs in found if rs not in kept), key=str))
