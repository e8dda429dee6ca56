"""Turn parsed moves and positions into the ASP facts documented in encodings/README.md.

>>> print(move_facts(1, parse("fcF")))
move(1,1). atom(1,1,"F"). leg(1,1,1). dir(1,1,1,"f"). mode(1,1,1,c).
>>> print(move_facts(1, parse("v[F?R2]")))  # doctest: +NORMALIZE_WHITESPACE
move(1,1). atom(1,1,"F"). bracket(1,1). pdir(1,1,"v"). sep(1,1,1,stop). leg(1,1,1).
latom(1,1,1,"F"). leg(1,1,2). latom(1,1,2,"R"). lrange(1,1,2,2).
"""

from __future__ import annotations

from collections.abc import Mapping

from translator.facts.schema import (
    ATOM,
    BOOST,
    BRACKET,
    DIR,
    FLAG,
    LATOM,
    LEG,
    LRANGE,
    LRIDER,
    MODE,
    MOVE,
    MOVED,
    PDIR,
    RANGE,
    RIDER,
    SEP,
    fact,
)
from translator.notation.syntax import Piece, Range, parse  # noqa: F401  (parse: doctest)
from translator.position import Position


def _steps(rng: Range) -> str:
    steps = rng.steps
    return "star" if steps is None else ("inf" if steps == 0 else str(steps))


def move_facts(type_id: int, piece: Piece) -> str:
    """Facts describing every move of ``piece``, as piece type ``type_id``."""
    out: list[str] = []
    t = type_id
    for m, move in enumerate(piece.moves, start=1):
        out += [MOVE(t, m), ATOM(t, m, move.atom.letter)]
        if move.atom.boost:
            out.append(BOOST(t, m, move.atom.boost))
        if move.atom.doubled:
            out.append(RIDER(t, m))
        if move.moved_only:
            out.append(MOVED(t, m))
        if move.range is not None:
            out.append(RANGE(t, m, _steps(move.range)))
        if move.is_bracket:
            out.append(BRACKET(t, m))
            out.extend(PDIR(t, m, tok) for tok in move.prefix)
            out.extend(SEP(t, m, n, "stop" if sep == "?" else "go")
                       for n, sep in enumerate(move.seps, start=1))
        for n, leg in enumerate(move.legs, start=1):
            out.append(LEG(t, m, n))
            if move.is_bracket:
                out.append(LATOM(t, m, n, leg.atom.letter))
                if leg.atom.doubled:
                    out.append(LRIDER(t, m, n))
                if leg.range is not None:
                    out.append(LRANGE(t, m, n, _steps(leg.range)))
            out.extend(DIR(t, m, n, tok) for tok in leg.directions)
            out.extend(MODE(t, m, n, mode) for mode in leg.modes)
            out.extend(FLAG(t, m, n, flag) for flag in leg.modifiers)
    return " ".join(out)


def position_facts(qid: int, pos: Position, types: Mapping[str | None, int | str],
                   movers: list[tuple[int, int]], virgin: set[tuple[int, int]]) -> str:
    """Facts for query ``qid``: the board, its pieces (typed by ``types`` of their Betza
    strings, ``none`` for bare blockers), royals, virgins, e.p. state and the movers."""
    return " ".join(fact(name, args)
                    for name, args in position_atoms(qid, pos, types, movers, virgin))


Atom = tuple[str, tuple[int | str, ...]]


def position_atoms(qid: int, pos: Position, types: Mapping[str | None, int | str],
                   movers: list[tuple[int, int]], virgin: set[tuple[int, int]]) -> list[Atom]:
    """The atoms of :func:`position_facts` as ``(name, arguments)`` pairs (a program
    grounded once takes them as externals: translator/solve/warm.py)."""
    out: list[Atom] = [("board", (qid, pos.files, pos.ranks))]
    for (x, y), pc in pos.pieces.items():
        out.append(("piece", (qid, x, y, pc.side, types.get(pc.betza, "none"))))
        if pc.royal:
            out.append(("royal", (qid, x, y)))
        if pc.virgin or (x, y) in virgin:
            out.append(("virgin", (qid, x, y)))
    out.extend(("wall", (qid, x, y)) for x, y in pos.walls)
    out.extend(("ep", (qid, x, y)) for x, y in pos.ep)
    if pos.ep_victim is not None:
        out.append(("epvictim", (qid, *pos.ep_victim)))
    out.extend(("mover", (qid, x, y)) for x, y in movers)
    if pos.last_moved is not None and pos.last_moved in types:
        out.append(("lastmoved", (qid, types[pos.last_moved])))
    return out
