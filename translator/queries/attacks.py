"""Which pieces attack a square: every piece that could capture a piece standing there.

>>> from translator.catalogue.fen import parse_fen
>>> pos = parse_fen("8/8/8/3p4/8/2N5/8/8 w", {"N": "N", "P": "fmWfcF"})
>>> [(a.square, [m.to for m in a.moves]) for a in attacks("d5", pos)]
[('c3', ['d5'])]
>>> attackers_of_square("e4", "fcafmF", 8, 8)
['d3', 'f3']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece
from translator.position import SIDES, PlacedPiece, Position, other_side
from translator.queries.moves import Mover, from_table
from translator.solve.batch import chunks, distinct, movers_estimate, solve_positions
from translator.solve.limits import DEFAULT_MAX_ATOMS, refuse_over
from translator.solve.readers import Move
from translator.solve.warm import QueryAtom
from translator.squares import Square, square_name


@dataclass(frozen=True)
class Attacker:
    """A piece that can capture on the target square, and the moves that do it."""

    square: str
    side: str
    betza: str
    letter: str | None = None
    moves: tuple[Move, ...] = field(default=())

    def as_json(self) -> dict[str, Any]:
        return {"from": self.square, "side": self.side, "betza": self.betza,
                "letter": self.letter, "moves": [m.as_json() for m in self.moves]}


@dataclass(frozen=True)
class AttacksQuery:
    """``square`` in ``position``; ``by`` a side or None for both; ``royal_target``: the
    piece placed on an empty target square is royal (for k moves)."""

    square: str
    position: Position
    by: str | None = None
    royal_target: bool = False


def _subqueries(query: AttacksQuery) -> list[tuple[Position, list[Square], Square]]:
    pos = query.position
    target = pos.square(query.square)
    sides = [query.by] if query.by else list(SIDES)
    for side in sides:
        if side not in SIDES:
            raise BetzaError("by must be 'white', 'black' or null")
    for pc in pos.pieces.values():
        if pc.betza:
            parse_piece(pc.betza, pos.dialect)
    standing = pos.pieces.get(target)
    out = []
    if standing is not None:
        movers = [sq for sq, pc in pos.pieces.items() if pc.betza and pc.side in sides]
        out.append((pos, movers, target))
    else:  # answer for an enemy of each attacking side placed there
        for side in sides:
            pieces = dict(pos.pieces)
            pieces[target] = PlacedPiece(other_side(side), royal=query.royal_target)
            placed = replace(pos, pieces=pieces)
            movers = [sq for sq, pc in pos.pieces.items() if pc.betza and pc.side == side]
            out.append((placed, movers, target))
    return out


def batch_attacks(queries: Sequence[AttacksQuery], timeout: float = 60.0,
                  max_atoms: int = DEFAULT_MAX_ATOMS) -> list[list[Attacker] | BetzaError]:
    """Answer many attacks queries in few clingo programs (each within ``max_atoms`` by
    the size estimate, and within ``timeout``); a query over the budget on its own is
    refused, the others are still answered."""
    results: list[list[Attacker] | BetzaError] = [[] for _ in queries]
    items: list[tuple[int, Position, list[Square], list[QueryAtom], int]] = []
    owner: list[int] = []
    for i, query in enumerate(queries):
        try:
            subs = []
            for pos, movers, square in _subqueries(query):
                rest = [sq for sq in movers if not _from_table(pos, sq, square, results[i],
                                                                timeout)]
                subs.append((pos, rest, square))
            sizes = [movers_estimate(pos, movers, lean=True) for pos, movers, _ in subs]
            refuse_over(sum(sizes), max_atoms)
        except BetzaError as err:
            results[i] = err
            continue
        for (pos, movers, (x, y)), size in zip(subs, sizes, strict=True):
            if movers:
                items.append((len(items), pos, movers, [("target", x, y)], size))
                owner.append(i)
    found: dict[int, list[tuple[Square, Move]]] = {}
    for chunk in chunks(items, max_atoms):
        try:
            found.update(solve_positions(chunk, "attacks.lp", timeout))
        except BetzaError as err:
            for qid, *_ in chunk:
                results[owner[qid]] = err
    for qid, pos, *_ in items:
        target = results[owner[qid]]
        if isinstance(target, BetzaError):
            continue
        by_origin: dict[Square, list[Move]] = {}
        for origin, mv in found.get(qid, []):
            by_origin.setdefault(origin, []).append(mv)
        for origin, mvs in by_origin.items():
            pc = pos.pieces[origin]
            target.append(Attacker(square_name(origin), pc.side, pc.betza or "", pc.letter,
                                   tuple(distinct(mvs))))
    for r in results:
        if isinstance(r, list):
            r.sort(key=lambda a: (a.square[0], int(a.square[1:])))
    return results


def _from_table(pos: Position, origin: Square, target: Square, into: Any,
                timeout: float) -> bool:
    """Add to ``into`` the piece on ``origin`` with its moves that capture on ``target``,
    matched against its compiled table; False when it keeps the solver path."""
    pc = pos.pieces[origin]
    found = from_table(pos, Mover.placed(pos, origin), timeout)
    if found is None:
        return False
    name = square_name(target)
    hits = tuple(m for m in found if name in m.captures)
    if hits and isinstance(into, list):
        into.append(Attacker(square_name(origin), pc.side, pc.betza or "", pc.letter, hits))
    return True


def attacks(square: str, position: Position, *, by: str | None = None,
            royal_target: bool = False, timeout: float = 60.0,
            max_atoms: int = DEFAULT_MAX_ATOMS) -> list[Attacker]:
    """Every piece of ``by`` (both sides when None) that can capture on ``square``."""
    (result,) = batch_attacks([AttacksQuery(square, position, by, royal_target)], timeout,
                              max_atoms)
    if isinstance(result, BetzaError):
        raise result
    return result


def attackers_of_square(square: str, betza: str, files: int = 8, ranks: int = 8, *,
                        side: str = "white", royal_target: bool = False,
                        dialect: str = "spec") -> list[str]:
    """On an empty board, the squares from which the piece ``betza`` attacks ``square``
    (for teaching: the piece's attack pattern seen from the target), read in ``dialect``."""
    parse_piece(betza, dialect)
    base = Position(files, ranks, dialect=dialect)
    target = base.square(square)
    queries = []
    for x in range(files):
        for y in range(ranks):
            if (x, y) != target:
                pos = replace(base, pieces={(x, y): PlacedPiece(side, betza)})
                queries.append(AttacksQuery(square, pos, side, royal_target))
    answers = batch_attacks(queries)
    squares = [a.square for r in answers if isinstance(r, list) for a in r]
    return sorted(squares, key=lambda s: (s[0], int(s[1:])))
