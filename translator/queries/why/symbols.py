"""What why.lp shows, read: the paths to the square leg by leg, the squares they pass
and jump, the changes of the closest position, the names of the leaps."""

from __future__ import annotations

from typing import Any

import clingo

from translator.queries.why.model import WhyLeg, WhyModel, WhyPath
from translator.solve.readers import Move, move_of, square_of
from translator.squares import square_name


def square_at(sym: clingo.Symbol, i: int) -> str:
    return square_name((sym.arguments[i].number, sym.arguments[i + 1].number))


def read_model(symbols: list[clingo.Symbol], names: dict[tuple[int, int], list[str]]) -> WhyModel:
    model = WhyModel([], [])
    legs: dict[tuple[Any, ...], list[WhyLeg]] = {}
    passes: dict[tuple[Any, ...], dict[str, int]] = {}
    jumps: dict[tuple[Any, ...], dict[str, int]] = {}
    found: list[tuple[tuple[Any, ...], int, int, Move]] = []
    for sym in symbols:
        a = sym.arguments
        if sym.name == "changed":
            model.changed.append((square_at(sym, 1), square_state(a[3]), square_state(a[4])))
        elif sym.name == "path":
            key = (a[1].number, a[2].number, str(a[5]), str(a[6]))
            found.append((key, a[1].number, a[2].number, path_move(sym)))
        elif sym.name == "gleg":  # gleg(Q,T,M,H,E,L,X0,Y0,X,Y,DX,DY,N,Out)
            _, t, m, h, e, n, x0, y0, x, y, dx, dy, leaps, out = a
            victim = square_of(*out.arguments[:2]) if out.name == "cap" else None
            legs.setdefault((t.number, m.number, str(h), str(e)), []).append(WhyLeg(
                n.number, square_of(x0, y0), square_of(x, y), dx.number, dy.number,
                leaps.number, out.name, victim))
        elif sym.name in ("gpass", "gjump"):
            key = (a[1].number, a[2].number, str(a[3]), str(a[4]))
            table = passes if sym.name == "gpass" else jumps
            table.setdefault(key, {}).setdefault(square_at(sym, 6), a[5].number)
        elif sym.name == "leapname":
            names.setdefault((a[0].number, a[1].number), [])
            if a[2].string not in names[(a[0].number, a[1].number)]:
                names[(a[0].number, a[1].number)].append(a[2].string)
    for key, type_id, move_no, mv in found:
        model.paths.append(WhyPath(type_id, move_no, mv, one_per_leg(legs.get(key, [])),
                                   passes.get(key, {}), jumps.get(key, {})))
    return model


def square_state(sym: clingo.Symbol) -> str:
    """``empty``, ``white``, ``virgin`` ...; a type as ``kind:T``."""
    if sym.arguments:
        arg = sym.arguments[0]
        return f"{sym.name}:{arg.number if arg.type == clingo.SymbolType.Number else arg.name}"
    return sym.name


def one_per_leg(legs: list[WhyLeg]) -> list[WhyLeg]:
    """The legs in order, one per number (a leg reached two ways is told once)."""
    by_n: dict[int, WhyLeg] = {}
    for leg in sorted(legs, key=lambda g: (g.n, g.leaps, g.dx, g.dy, g.out)):
        by_n.setdefault(leg.n, leg)
    return [by_n[n] for n in sorted(by_n)]


def path_move(sym: clingo.Symbol) -> Move:
    """The move of a ``path(Q,T,M,X,Y,H,E)`` atom."""
    a = sym.arguments
    return move_of(a[3].number, a[4].number, a[5], a[6])
