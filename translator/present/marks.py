"""Marks: what each square shows, the one place that turns the moves a piece has into the
kinds of :data:`translator.present.svg.MARK_KINDS`. Its inputs are match results, the
moves of the piece with a square empty, holding an enemy or holding a friend (the rest
of the position as it is): rows of the compiled table evaluated against those boards
(:func:`otherwise`, :mod:`translator.present.explain.states`), or, for a piece that
keeps the solver path, the solver's answers on the same boards
(:mod:`translator.present.board`, the same module). Nothing here knows the notation.

>>> from translator.compiled.match import Board, square_rows
>>> from translator.compiled.table import compile_table
>>> rows = square_rows(compile_table("fmWfcF", 5, 5), "white", (2, 2))
>>> empty = Board(25, 0, 0, 0)
>>> otherwise(rows, empty, False)
{'b4': {'cap': {2}}, 'd4': {'cap': {2}}}
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from translator.compiled.match import Board, MaskRow, holds
from translator.position import Position
from translator.solve.readers import Move
from translator.squares import Square, parse_square, square_name

# how a move's destination is marked, from the kinds of move that end there
MOVE_KINDS = ("castling", "relay", "friend")


# ---- the teaching board: one position ---------------------------------------------------

def otherwise(rows: tuple[MaskRow, ...], board: Board, virgin: bool
              ) -> dict[str, dict[str, set[int]]]:
    """Per square a move ends on, the numbers of the string's moves that would end there
    were only that square otherwise: ``"cap"`` (it is empty; an enemy there would be
    captured) or ``"mov"`` (an enemy stands there; were it empty the piece would move
    there). The rest of the position stays as it is (for a piece that keeps the solver
    path, the solver answers those boards: translator/present/board.py)."""
    out: dict[str, dict[str, set[int]]] = {}
    for row in rows:
        move, part, bit = row[3], row[4], row[5]
        if board.friends & bit:
            continue
        if board.enemies & bit:
            what, other = "mov", board.with_square(bit, "empty")
            wanted = move.to not in move.captures
        else:
            what, other = "cap", board.with_square(bit, "enemy")
            wanted = move.to in move.captures
        if wanted and holds(row, other.key(virgin)):
            out.setdefault(move.to, {}).setdefault(what, set()).add(part)
    return out


@dataclass
class BoardMarks:
    """A teaching board's ``marks`` (square -> destination kind), ``context`` (square ->
    ``locust``, ``mount``, ``unload`` or ``ep`` for squares used on the way) and
    ``producers`` (square -> indexes of the string's moves that mark it, from 0)."""

    marks: dict[str, str]
    context: dict[str, str]
    producers: dict[str, list[int]] = field(default_factory=dict)


def board_marks(pos: Position, origin: Square, found: list[Move], made: dict[str, set[int]],
                other: dict[str, dict[str, set[int]]], castling: set[int]) -> BoardMarks:
    """The marks of one position from its moves (``found``), the moves of the string
    (from 0) that end a move on each square (``made``) and those that would were that
    square otherwise (``other``, as :func:`otherwise`); ``castling``: the moves of the
    string that are castling."""
    marks = _marks(pos, origin, found, other, made, castling)
    out = BoardMarks(marks, _context(pos, found, set(marks) | {square_name(origin)}))
    for sq, kind in marks.items():
        extra = other.get(sq, {}).get("cap" if kind == "capture" else "mov", set())
        out.producers[sq] = sorted(made.get(sq, set()) | extra)
    for sq in out.context:
        users = [mv.to for mv in found if sq in mv.legs or sq in mv.captures
                 or sq in mv.ep_rights or any(sq == d for d, _ in mv.unloads)]
        out.producers[sq] = sorted({p for to in users for p in made.get(to, set())})
    return out


def _kind(pos: Position, mv: Move, castling: bool) -> str:
    """The kind of one move's destination, as the board marks it."""
    if castling:
        return "castling"
    if mv.mover:
        return "relay"
    occupant = pos.pieces.get(pos.square(mv.to))
    if occupant is not None and mv.to in mv.captures:
        return "friend" if occupant.side == pos.pieces[pos.square(mv.legs[0])].side \
            else "capture"
    return "move"  # an empty square (a locust lands there after its capture)


def _marks(pos: Position, origin: Square, found: list[Move],
           other: dict[str, dict[str, set[int]]], made: dict[str, set[int]],
           castling: set[int]) -> dict[str, str]:
    kinds: dict[str, set[str]] = {}
    for mv in found:
        castles = bool(made.get(mv.to)) and made[mv.to] <= castling
        kinds.setdefault(mv.to, set()).add(_kind(pos, mv, castles))
    for sq, what in other.items():
        if "cap" in what and pos.square(sq) not in pos.pieces:
            kinds.setdefault(sq, set()).add("capture")
        if "mov" in what and sq in kinds:
            kinds[sq].add("move")
    marks: dict[str, str] = {}
    # (by file and rank, as moves are listed: the solver's order is not the same in a
    # kept program as in a new one)
    for sq, found_kinds in sorted(kinds.items(), key=lambda kv: pos.square(kv[0])):
        if {"move", "capture"} <= found_kinds:
            marks[sq] = "both"
        elif "move" in found_kinds or "capture" in found_kinds:
            marks[sq] = "move" if "move" in found_kinds else "capture"
        else:
            marks[sq] = next(k for k in MOVE_KINDS if k in found_kinds)
    marks.pop(square_name(origin), None)
    return marks


def _context(pos: Position, found: list[Move], marked: set[str]) -> dict[str, str]:
    """Squares moves use without ending there: victims, mounts, unloads, e.p. rights."""
    context: dict[str, str] = {}
    for mv in found:
        for sq in mv.legs[1:-1]:
            if pos.square(sq) in pos.pieces and sq not in mv.captures:
                context.setdefault(sq, "mount")
        for dest, _src in mv.unloads:
            context.setdefault(dest, "unload")
        for sq in mv.ep_rights:
            context.setdefault(sq, "ep")
        for sq in mv.captures:
            if sq != mv.to:
                context[sq] = "locust"
    return {sq: kind for sq, kind in context.items() if sq not in marked}


def answer_marks(found: list[Move]) -> dict[str, str]:
    """The squares of a moves answer as the text board marks them: ``move`` or
    ``capture`` where a move ends, ``locust`` where one captures on the way,
    ``unload`` where one puts a captured piece down."""
    out: dict[str, str] = {}
    for mv in found:
        for c in mv.captures:
            if c != mv.to:
                out[c] = "locust"
        for dest, _src in mv.unloads:
            out.setdefault(dest, "unload")
    for mv in found:
        out[mv.to] = "capture" if mv.to in mv.captures else "move"
    return out


# ---- explain's diagram: the empty board, one square at a time ---------------------------

@dataclass
class Findings:
    """What the moves say about each square (names) of the diagram board."""

    moves: set[str] = field(default_factory=set)
    captures: set[str] = field(default_factory=set)
    victims: set[str] = field(default_factory=set)
    landings: set[str] = field(default_factory=set)
    hops: set[str] = field(default_factory=set)
    ep: set[str] = field(default_factory=set)
    stays: set[str] = field(default_factory=set)  # how it can end on its own square
    ep_rights: dict[str, set[str]] = field(default_factory=dict)
    castling: set[str] = field(default_factory=set)
    induced: dict[str, set[str]] = field(default_factory=dict)
    friend_captures: set[str] = field(default_factory=set)
    swaps: set[str] = field(default_factory=set)
    displaced: set[str] = field(default_factory=set)

    def kinds(self, origin: str) -> dict[str, str]:
        """Square -> mark kind, one per square (locust first, then move/capture, hop, ep)."""
        out: dict[str, str] = {}
        squares = (self.moves | self.captures | self.victims | self.hops | self.ep
                   | self.castling) - {origin}
        for sq in squares:
            if sq in self.victims:
                out[sq] = "locust"
            elif sq in self.moves | self.castling and sq in self.captures:
                out[sq] = "both"
            elif sq in self.moves | self.castling:
                out[sq] = "move"
            elif sq in self.captures:
                out[sq] = "capture"
            elif sq in self.hops:
                out[sq] = "hop"
            else:
                out[sq] = "ep"
        return out


@dataclass
class Hops:
    """Where hops land over a mount on ``dest`` (the mount's square -> landings) and
    where they capture with the mount and an enemy on the board (``captures``)."""

    dest: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    captures: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))


# One answer of the diagram: what was on the board (``empty``, a lone ``enemy`` or
# ``friend`` on the square, the square an ``ep`` square, the ``castle`` partners), the
# square, the moves
Seen = tuple[str, str, list[Move]]


def hopped(found: Move, square: str) -> bool:
    """The move hopped over (a leg ended on) ``square`` without capturing it."""
    return square in found.legs[1:-1] and square not in found.captures and found.to != square


def collect(seen: list[Seen], org: str) -> tuple[Findings, Hops]:
    """The findings of the boards of ``seen`` (all with the piece unmoved, or all with it
    moved) and where their hops land (without the hops' captures, :class:`Hops`)."""
    f, hops = Findings(), Hops()
    for tag, sq, found in seen:
        for mv in found:
            if tag == "empty":
                if mv.to == org:
                    f.stays.add("pass")
                elif not mv.captures:
                    f.moves.add(mv.to)
                if mv.ep_rights:
                    f.ep_rights.setdefault(mv.to, set()).update(mv.ep_rights)
            elif tag == "enemy":
                _enemy(f, hops, sq, mv, org)
            elif tag == "friend":
                _friend(f, hops, sq, mv, org)
            elif tag == "ep" and mv.to == sq and mv.captures:
                f.ep.add(sq)
            elif tag == "castle" and mv.unloads:
                f.castling.add(mv.to)
    return f, hops


def _enemy(f: Findings, hops: Hops, sq: str, mv: Move, org: str) -> None:
    if sq in mv.captures:
        if mv.to == sq:
            f.captures.add(sq)
        else:
            f.victims.add(sq)
            if mv.to == org:
                f.stays.add("rifle")
            else:
                f.landings.add(mv.to)
    elif hopped(mv, sq) and mv.to != org:
        hops.dest[sq].add(mv.to)


def _friend(f: Findings, hops: Hops, sq: str, mv: Move, org: str) -> None:
    if mv.mover == sq:
        f.induced.setdefault(sq, set()).add(mv.to)
    elif sq in mv.captures:
        if any(dest == org for dest, _ in mv.unloads):
            f.swaps.add(sq)
        elif mv.unloads:
            f.displaced.add(sq)
        else:
            f.friend_captures.add(sq)
    elif hopped(mv, sq) and mv.to != org:
        hops.dest[sq].add(mv.to)


def example_mount(hops: Hops, origin: Square) -> str | None:
    """The mount of the worked hop example: most landings, nearest, highest, central."""
    mounts = set(hops.dest) | set(hops.captures)
    if not mounts:
        return None
    return min(mounts, key=lambda m: (-len(hops.dest[m] | hops.captures[m]),
                                      distance(parse_square(m), origin),
                                      -parse_square(m)[1],
                                      abs(parse_square(m)[0] - origin[0]),
                                      parse_square(m)[0]))


def _add_hops(f: Findings, hops: Hops) -> None:
    for mount in set(hops.dest) | set(hops.captures):
        f.hops |= hops.dest[mount] | hops.captures[mount]


def diagram_findings(now: tuple[Findings, Hops], later: tuple[Findings, Hops] | None,
                     origin: Square) -> dict[str, Any]:
    """Add the hops to the findings of ``now`` (the piece unmoved); the rest the diagram
    says: the hop example's mount and its landings, squares only a hop captures on,
    squares marked otherwise once the piece has moved (``later``: the findings then, None
    when they are the same)."""
    org = square_name(origin)
    f, hops = now
    example = example_mount(hops, origin)
    _add_hops(f, hops)
    capture_only = {t for m, ts in hops.captures.items() for t in ts - hops.dest[m]}
    first_only: set[str] = set()
    if later is not None:
        _add_hops(*later)
        kinds_now, kinds_later = f.kinds(org), later[0].kinds(org)
        first_only = {sq for sq, k in kinds_now.items() if kinds_later.get(sq) != k}
    return {"first_only": first_only, "example": example,
            "example_moves": hops.dest.get(example, set()) if example else set(),
            "example_captures": hops.captures.get(example, set()) if example else set(),
            "hop_captures": capture_only - f.captures}


def distance(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
