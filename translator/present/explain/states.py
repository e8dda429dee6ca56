"""What each square of ``betza explain``'s diagram shows: the moves of the piece on an empty
board, then with one square holding an enemy, or a friend, the rest of the board empty;
for a hopper, with a mount and an enemy beyond it. They are the compiled table's rows
evaluated against those boards; a piece that keeps the solver path
(:func:`translator.compiled.store.route`) has the solver answer the same boards, in one
batch, with, as its reason needs, each square an e.p. square or the castling partners in
place. :mod:`translator.present.marks` turns the moves into marks.

>>> from translator.facts.pieces import parse_piece
>>> found, _ = analyse("fmWfcF", parse_piece("fmWfcF"), 5, 5, (2, 2))
>>> sorted(found.moves), sorted(found.captures)
(['c4'], ['b4', 'd4'])
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from translator.compiled import store
from translator.compiled.match import Board, MaskRow, match, shown
from translator.errors import BetzaError
from translator.notation.syntax import Piece
from translator.position import Position
from translator.present.marks import (
    Findings,
    Hops,
    Seen,
    collect,
    diagram_findings,
    distance,
    example_mount,
    hopped,
)
from translator.queries.moves import Mover, MovesQuery, batch_moves, prepare, table_rows
from translator.solve.limits import DEFAULT_MAX_ATOMS, check_size
from translator.squares import Square, parse_square, square_name

# A diagram asks about every square of the board (an enemy, a friend there …): its budget
# is larger than one query's, enough for every piece of the catalogue on a 9x9 board.
DIAGRAM_SHARE = 8
DIAGRAM_ATOMS = DIAGRAM_SHARE * DEFAULT_MAX_ATOMS


def analyse(source: str, piece: Piece, files: int, ranks: int, origin: Square,
            max_atoms: int = DIAGRAM_ATOMS, reading: str = "spec"
            ) -> tuple[Findings, dict[str, Any]]:
    """The findings of the diagram and what else it says (:func:`diagram_findings`), the
    string read in ``reading``; a piece on the solver path whose boards would ground more
    than ``max_atoms`` atoms in all is refused at once."""
    org = square_name(origin)
    empty = Position.light(files, ranks)
    empty.dialect = reading
    pos, _, _ = prepare(MovesQuery(source, org, empty, "white", True))
    mover = Mover.placed(pos, origin)
    tabled = table_rows(pos, mover, patient=True)
    if store.state_reads(mover.betza, pos.dialect, files, ranks):
        tabled = None   # (its table is of the empty board's state: e.p. is asked below)
    found: dict[bool, tuple[Findings, Hops]] = {}
    if tabled is not None:
        rows = tabled[0]
        seen = {True: _table_states(rows, files, ranks, org, True)}
        if any(row[1] >> 4 * files * ranks for row in rows):  # a row needs it unmoved
            seen[False] = _table_states(rows, files, ranks, org, False)
        for virgin, boards in seen.items():
            found[virgin] = collect(boards, org)
            found[virgin][1].captures = _table_hop_captures(rows, files, ranks, virgin)
    else:
        asker = _Solver(source, org, files, ranks, reading)
        _ask_states(asker, store.solver_reason(mover.betza, pos.dialect, files, ranks))
        check_size(piece, files, ranks, max_atoms, times=len(asker.queries))
        with store.solver_only():  # one program for all the boards, not a table per state
            seen = asker.answers()
        for virgin, boards in seen.items():
            found[virgin] = collect(boards, org)
            found[virgin][1].captures = _solver_hop_captures(asker, found[virgin][1],
                                                             origin, virgin)
    later = found.get(False) if _moved(seen) else None
    return found[True][0], diagram_findings(found[True], later, origin)


def _moved(seen: dict[bool, list[Seen]]) -> bool:
    """Whether a board shows other moves once the piece has moved."""
    if False not in seen:
        return False
    unmoved = {(tag, sq): {mv.effects() for mv in found} for tag, sq, found in seen[True]}
    return any(unmoved.get((tag, sq)) != {mv.effects() for mv in found}
               for tag, sq, found in seen[False])


# ---- from the compiled table ------------------------------------------------------------

def _bit(square: str, files: int) -> int:
    x, y = parse_square(square)
    return 1 << (y * files + x)


def _table_states(rows: tuple[MaskRow, ...], files: int, ranks: int, org: str,
                  virgin: bool) -> list[Seen]:
    """The rows of the empty board, and of each square holding an enemy or a friend (of
    the groups whose rows name that square: the others are as on the empty board)."""
    size = files * ranks
    empty = Board(size, 0, 0, 0)
    squares = (1 << 4 * size) - 1
    groups: dict[int, set[int]] = defaultdict(set)
    for row in rows:
        named = row[1] & squares
        while named:
            low = named & -named
            groups[(low.bit_length() - 1) % size].add(row[0])
            named ^= low
    seen: list[Seen] = [("empty", org, match(rows, empty, virgin))]
    for index, touched in sorted(groups.items()):
        sq = square_name((index % files, index // files))
        own = tuple(row for row in rows if row[0] in touched)
        for state in ("enemy", "friend"):
            key = empty.with_square(1 << index, state).key(virgin)
            seen.append((state, sq, [row[3] for row in shown(own, key)]))
    return seen


def _table_hop_captures(rows: tuple[MaskRow, ...], files: int, ranks: int, virgin: bool
                        ) -> dict[str, set[str]]:
    """Per mount, where a hop over it captures: a move capturing on its destination with
    a leg ending on the mount, which it does not capture, shown with a friend there and
    an enemy on the destination."""
    out: dict[str, set[str]] = defaultdict(set)
    empty = Board(files * ranks, 0, 0, 0)
    by_to: dict[str, list[MaskRow]] = defaultdict(list)
    for row in rows:
        by_to[row[3].to].append(row)
    for to, reaching in by_to.items():
        own = tuple(reaching)
        mounts = {m for row in own if to in row[3].captures for m in row[3].legs
                  if hopped(row[3], m)}
        for mount in mounts:
            board = empty.with_square(_bit(mount, files), "friend")
            key = board.with_square(_bit(to, files), "enemy").key(virgin)
            if any(to in row[3].captures and hopped(row[3], mount) for row in shown(own, key)):
                out[mount].add(to)
    return out


# ---- from the solver, for a piece that keeps its path -----------------------------------

class _Solver:
    """The boards asked of the solver, each tagged with what it shows of which square."""

    def __init__(self, source: str, org: str, files: int, ranks: int,
                 reading: str = "spec") -> None:
        self.source, self.org, self.files, self.ranks = source, org, files, ranks
        self.reading = reading
        self.queries: list[MovesQuery] = []
        self.tags: list[tuple[str, str]] = []

    def ask(self, tag: str, sq: str, pos: Position, virgin: bool) -> None:
        pos.dialect = self.reading
        self.queries.append(MovesQuery(self.source, self.org, pos, "white", virgin))
        self.tags.append((tag, sq))

    def answers(self) -> dict[bool, list[Seen]]:
        """The answers by whether the piece was unmoved."""
        out: dict[bool, list[Seen]] = {True: [], False: []}
        for query, (tag, sq), found in zip(self.queries, self.tags,
                                           batch_moves(self.queries), strict=True):
            if isinstance(found, BetzaError):
                raise found
            out[query.virgin].append((tag, sq, found))
        return out


def _ask_states(asker: _Solver, reason: str) -> None:
    """The empty board, each square holding an enemy or a friend (with the piece unmoved,
    and once more with it moved), each an e.p. square for a piece that captures
    e.p., the castling partners in place for one that castles."""
    files, ranks, org = asker.files, asker.ranks, asker.org
    origin = parse_square(org)
    squares = [square_name((x, y)) for y in range(ranks) for x in range(files)
               if (x, y) != origin]
    corners = sorted((square_name((x, y)) for x in (0, files - 1) for y in (0, ranks - 1)
                      if (x, y) != origin), key=lambda s: -distance(parse_square(s), origin))
    edges = [square_name((x, origin[1])) for x in (0, files - 1) if x != origin[0]]
    for virgin in (True, False):
        asker.ask("empty", org, Position.light(files, ranks), virgin)
        for sq in squares:
            asker.ask("enemy", sq, Position.light(files, ranks, enemies=[sq]), virgin)
            asker.ask("friend", sq, Position.light(files, ranks, friends=[sq]), virgin)
            victim = next((c for c in corners if c != sq), None)
            if reason == store.REASONS["ep"] and victim:
                asker.ask("ep", sq, Position.light(files, ranks, enemies=[victim], ep=[sq],
                                                   ep_victim=victim), virgin)
        if reason == store.REASONS["castling"]:
            asker.ask("castle", org, Position.light(files, ranks, friends=edges,
                                                    unmoved=edges), virgin)


def _solver_hop_captures(asker: _Solver, hops: Hops, origin: Square, virgin: bool
                         ) -> dict[str, set[str]]:
    """Where the hops of the example's mount capture, each asked with the mount and an
    enemy on the board (of its landings: unlike a table's rows, the solver is not asked
    where else a hop over each mount could capture)."""
    example = example_mount(hops, origin)
    out: dict[str, set[str]] = defaultdict(set)
    if example is None:
        return out
    targets = sorted(hops.dest[example])
    found = batch_moves([MovesQuery(asker.source, asker.org, Position.light(
        asker.files, asker.ranks, friends=[example], enemies=[t]), "white", virgin)
        for t in targets])
    for target, moves in zip(targets, found, strict=True):
        if isinstance(moves, BetzaError):
            raise moves
        if any(mv.to == target and target in mv.captures and hopped(mv, example)
               for mv in moves):
            out[example].add(target)
    return out
