"""What the moves query says about each square of the ``explain`` diagram: the piece on an
empty board, then with a lone enemy (or friend) on each square in turn, e.p. squares,
castling partners, and the hops a mount makes possible.

>>> from translator.queries.moves import parse_piece
>>> found, _ = analyse("fmWfcF", parse_piece("fmWfcF"), 5, 5, (2, 2))
>>> sorted(found.moves), sorted(found.captures)
(['c4'], ['b4', 'd4'])
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Any

from translator.errors import BetzaError
from translator.notation.syntax import SPECIAL_ATOMS, Piece
from translator.position import Position
from translator.queries.moves import Move as Found
from translator.queries.moves import MovesQuery, batch_moves
from translator.solve.limits import DEFAULT_MAX_ATOMS, check_size
from translator.squares import Square, parse_square, square_name

# A diagram asks about every square of the board (an enemy, a friend there …): its budget
# is larger than one query's, enough for every piece of the catalogue on a 9x9 board.
DIAGRAM_SHARE = 8
DIAGRAM_ATOMS = DIAGRAM_SHARE * DEFAULT_MAX_ATOMS


@dataclass
class Findings:
    """What the engine says about each square (names) of the diagram board."""

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


def _hopped(found: Found, square: str) -> bool:
    """The move hopped over (a leg ended on) ``square`` without capturing it."""
    return square in found.legs[1:-1] and square not in found.captures and found.to != square


def _relaxed(piece: Piece) -> str | None:
    """The piece with every capture-only final leg of a hopping move also allowed to move,
    to find where a hop could capture with one mount on the board (None: nothing to relax)."""
    changed, moves = False, []
    for move in piece.moves:
        legs = list(move.legs)
        hopping = any(set(leg.modes) & {"p", "g"} for leg in legs)
        if move.atom.letter not in SPECIAL_ATOMS and hopping:
            last = legs[-1]
            rest = [m for m in last.modes if m not in ("p", "g")]
            if "c" in rest and "m" not in rest:
                legs[-1] = replace(last, modes=("m", *last.modes))
                changed = True
        moves.append(replace(move, legs=tuple(legs)))
    return str(Piece(tuple(moves))) if changed else None


def _all_squares(files: int, ranks: int, origin: Square) -> list[str]:
    return [square_name((x, y)) for y in range(ranks) for x in range(files) if (x, y) != origin]


@dataclass
class _Asked:
    """The diagram's queries, each tagged with what it probes and on which square."""

    source: str
    org: str
    files: int
    ranks: int
    virgin: bool
    queries: list[MovesQuery] = field(default_factory=list)
    tags: list[tuple[str, str]] = field(default_factory=list)

    def ask(self, tag: str, sq: str, pos: Position, betza: str = "",
            v: bool | None = None) -> None:
        self.queries.append(MovesQuery(betza or self.source, self.org, pos, "white",
                                       self.virgin if v is None else v))
        self.tags.append((tag, sq))


def _queries(source: str, piece: Piece, files: int, ranks: int, origin: Square) -> _Asked:
    """Every position the diagram asks about: empty board, a lone enemy or friend on each
    square, e.p. squares, castling partners."""
    org = square_name(origin)
    squares = _all_squares(files, ranks, origin)
    modes = {m for move in piece.moves for leg in move.legs for m in leg.modes}
    letters = {move.atom.letter for move in piece.moves}
    initial = any("i" in move.legs[0].modifiers for move in piece.moves)
    asked = _Asked(source, org, files, ranks, initial or "O" in letters)
    asked.ask("empty", org, Position.light(files, ranks))
    if initial:
        asked.ask("empty-later", org, Position.light(files, ranks), v=False)
    for sq in squares:
        asked.ask("enemy", sq, Position.light(files, ranks, enemies=[sq]))
        if initial:
            asked.ask("enemy-later", sq, Position.light(files, ranks, enemies=[sq]), v=False)
    if modes & {"p", "g", "x", "d"}:
        for sq in squares:
            asked.ask("friend", sq, Position.light(files, ranks, friends=[sq]))
    relaxed = _relaxed(piece)
    if relaxed:
        for sq in squares:
            asked.ask("relaxed", sq, Position.light(files, ranks, friends=[sq]), betza=relaxed)
    if "e" in modes:
        _ask_ep(asked, squares, origin)
    if "O" in letters:
        edges = [square_name((x, origin[1])) for x in (0, files - 1) if x != origin[0]]
        asked.ask("castle", org, Position.light(files, ranks, friends=edges, unmoved=edges))
    return asked


def _ask_ep(asked: _Asked, squares: list[str], origin: Square) -> None:
    files, ranks = asked.files, asked.ranks
    corners = sorted((square_name((x, y)) for x in (0, files - 1) for y in (0, ranks - 1)
                      if (x, y) != origin),
                     key=lambda s: -distance(parse_square(s), origin))
    for sq in squares:
        victim = next((c for c in corners if c != sq), None)
        if victim:
            asked.ask("ep", sq, Position.light(files, ranks, enemies=[victim], ep=[sq],
                                               ep_victim=victim))


@dataclass
class _Hops:
    """Where hops land: over a mount on the board (``dest``) and, with the capture-only
    hop relaxed to a move, where they could capture (``relaxed``)."""

    dest: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    relaxed: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))


def _collect(asked: _Asked, answers: list[list[Found]]) -> tuple[Findings, Findings, _Hops]:
    f, later, hops = Findings(), Findings(), _Hops()
    org = asked.org
    for (tag, sq), found in zip(asked.tags, answers, strict=True):
        target = later if tag.endswith("-later") else f
        for mv in found:
            if tag.startswith("empty"):
                if mv.to == org:
                    target.stays.add("pass")
                elif not mv.captures:
                    target.moves.add(mv.to)
                if mv.ep_rights and tag == "empty":
                    f.ep_rights.setdefault(mv.to, set()).update(mv.ep_rights)
            elif tag.startswith("enemy"):
                _enemy(target, hops, tag, sq, mv, org)
            elif tag == "friend":
                _friend(f, hops, sq, mv, org)
            elif tag == "relaxed":
                if _hopped(mv, sq) and mv.mover is None and mv.to != org:
                    hops.relaxed[sq].add(mv.to)
            elif tag == "ep":
                if mv.to == sq and mv.captures:
                    f.ep.add(sq)
            elif tag == "castle" and mv.unloads:
                f.castling.add(mv.to)
    return f, later, hops


def _enemy(target: Findings, hops: _Hops, tag: str, sq: str, mv: Found, org: str) -> None:
    if sq in mv.captures:
        if mv.to == sq:
            target.captures.add(sq)
        else:
            target.victims.add(sq)
            if mv.to == org:
                target.stays.add("rifle")
            else:
                target.landings.add(mv.to)
    elif _hopped(mv, sq) and tag == "enemy" and mv.to != org:
        hops.dest[sq].add(mv.to)


def _friend(f: Findings, hops: _Hops, sq: str, mv: Found, org: str) -> None:
    if mv.mover == sq:
        f.induced.setdefault(sq, set()).add(mv.to)
    elif sq in mv.captures:
        if any(dest == org for dest, _ in mv.unloads):
            f.swaps.add(sq)
        elif mv.unloads:
            f.displaced.add(sq)
        else:
            f.friend_captures.add(sq)
    elif _hopped(mv, sq) and mv.to != org:
        hops.dest[sq].add(mv.to)


def _example_mount(hops: _Hops, origin: Square) -> str | None:
    """The mount of the worked hop example: most landings, nearest, highest, central."""
    mounts = set(hops.dest) | set(hops.relaxed)
    if not mounts:
        return None
    return min(mounts, key=lambda m: (-len(hops.dest[m] | hops.relaxed[m]),
                                      distance(parse_square(m), origin),
                                      -parse_square(m)[1],
                                      abs(parse_square(m)[0] - origin[0]),
                                      parse_square(m)[0]))


def _hop_captures(asked: _Asked, f: Findings, hops: _Hops, example: str | None
                  ) -> dict[str, set[str]]:
    """Where a hop could capture: one (mount, target) pair per candidate target, and every
    pair of the example mount, each checked with the mount and an enemy on the board."""
    candidates = {m: hops.relaxed[m] - hops.dest[m] for m in hops.relaxed}
    checks: list[tuple[str, str]] = []
    seen: set[str] = set()
    for mount in sorted(candidates):
        for target in sorted(candidates[mount]):
            if target not in seen and target not in f.captures:
                seen.add(target)
                checks.append((mount, target))
    if example:
        checks += [(example, t) for t in sorted(hops.dest[example] | hops.relaxed[example])
                   if (example, t) not in checks]
    captures: dict[str, set[str]] = defaultdict(set)
    if not checks:
        return captures
    more = batch_moves([MovesQuery(asked.source, asked.org, Position.light(
        asked.files, asked.ranks, friends=[m], enemies=[t]), "white", asked.virgin)
        for m, t in checks])
    for (mount, target), found in zip(checks, more, strict=True):
        if isinstance(found, BetzaError):
            raise found
        if any(mv.to == target and target in mv.captures and mount in mv.legs for mv in found):
            captures[mount].add(target)
    return captures


def analyse(source: str, piece: Piece, files: int, ranks: int, origin: Square,
            max_atoms: int = DIAGRAM_ATOMS) -> tuple[Findings, dict[str, Any]]:
    """Run every query for the diagram in (at most) two batch calls, refusing at once a
    piece whose diagram would ground more than ``max_atoms`` atoms in all."""
    asked = _queries(source, piece, files, ranks, origin)
    check_size(piece, files, ranks, max_atoms, times=len(asked.queries))
    answers = batch_moves(asked.queries)
    for answer in answers:
        if isinstance(answer, BetzaError):
            raise answer
    f, later, hops = _collect(asked, answers)  # type: ignore[arg-type]
    example = _example_mount(hops, origin)
    hop_captures = _hop_captures(asked, f, hops, example)
    for mount in set(hops.dest) | set(hop_captures):
        f.hops |= hops.dest[mount] | hop_captures[mount]
    # captures that only a hop makes (the piece cannot land there by hopping without one)
    candidates = {m: hops.relaxed[m] - hops.dest[m] for m in hops.relaxed}
    capture_only = {t for m, ts in hop_captures.items() for t in ts
                    if t in candidates.get(m, set())}
    extra = {"first_only": set(), "example": example,
             "example_moves": hops.dest.get(example, set()) if example else set(),
             "example_captures": hop_captures.get(example, set()) if example else set(),
             "hop_captures": capture_only - f.captures}
    if any("-later" in tag for tag, _ in asked.tags):
        kinds_now, kinds_later = f.kinds(asked.org), later.kinds(asked.org)
        extra["first_only"] = {sq for sq, k in kinds_now.items() if kinds_later.get(sq) != k}
    return f, extra


def distance(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
