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
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import clingo

from translator.facts.pieces import parse_piece
from translator.facts.translate import move_facts
from translator.solve import engine

RangeState = tuple[str, int | str]  # (kind, steps): kind step/slide/other, steps n/inf/star
LEG_CLASSES = ("nonjump", "mustjump", "skip", "iso", "tame", "friendhop", "unload")


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


def _value(sym: clingo.Symbol) -> int | str:
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    return sym.name


@lru_cache(maxsize=1024)
def plan(betza: str) -> tuple[MovePlan, ...]:
    """The plan of every move of ``betza`` (a Betza string or a piece name)."""
    piece = parse_piece(betza)
    facts: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
    for sym in engine.run(move_facts(1, piece), "plan.lp"):
        facts[sym.name].append(tuple(_value(a) for a in sym.arguments[1:]))
    return tuple(_move(facts, m) for m in range(1, len(piece.moves) + 1))


def _move(facts: dict[str, list[tuple[Any, ...]]], m: int) -> MovePlan:
    def of(name: str) -> list[tuple[Any, ...]]:
        return [f[1:] for f in facts[name] if f[0] == m]

    geo = of("pgeo")
    leap, system = ((geo[0][0], geo[0][1]), str(geo[0][2])) if geo else (None, None)
    legs: list[LegPlan] = []
    for n in sorted(leg for (leg,) in of("pleg")):
        legs.append(_leg(of, n, legs[-1].ranges if legs else ()))
    return MovePlan(
        leap, system, frozenset(i for (i,) in of("pdir")), tuple(legs),
        bool(of("initial")), max([w for (w,) in of("wrap")], default=0),
        next((str(z) for (z,) in of("curl")), ""),
        frozenset(int(i) for (i,) in of("castledir")),
        tuple(sorted(str(t) for (t,) in of("pprefix"))),
        frozenset((int(i), int(r)) for i, r in of("ppath")))


def _leg(of: Callable[[str], list[tuple[Any, ...]]], n: int, before: tuple[RangeState, ...]
         ) -> LegPlan:
    def at(name: str) -> list[tuple[Any, ...]]:
        return [f[1:] for f in of(name) if f[0] == n]

    modes = tuple(sorted((str(mo) for (mo,) in at("pmode")), key="mcdekxpgy".index))
    classes = {c for c in LEG_CLASSES if at(c)}
    classes |= {f"eprights-{how}" for (how,) in at("eprights")}
    return LegPlan(
        n, modes, bool(at("pwritten")), bool(at("pfinal")),
        next((str(mo) for (mo,) in at("pimplied")), ""),
        _ranges([(str(k), s) for k, s in at("prange")], before),
        frozenset(int(p) for (p,) in at("porient")),
        frozenset(int(r) for (r,) in at("pturn")),
        bool(at("pdefault")), bool(at("pexcited")), frozenset(classes),
        tuple(((str(k), st), (str(k2), st2)) for k, st, k2, st2 in at("ptoggle")),
        next(((int(a), int(b)) for a, b, _ in at("plgeo")), None),
        next((str(sy) for _, _, sy in at("plgeo")), None), bool(at("poutward")),
        tuple(sorted((str(mo) for (mo,) in at("pendmode")), key="mcdekxpgy".index)))


def _ranges(found: list[RangeState], before: tuple[RangeState, ...]
            ) -> tuple[RangeState, ...]:
    """The leg's range states: those it keeps from the leg before first (in that order),
    then the toggled ones, so that the words follow the move."""
    kept = [rs for rs in before if rs in found]
    return tuple(kept + sorted((rs for rs in found if rs not in kept), key=str))
