"""The opening line of an explanation: what the piece does on an empty board, and the
named piece of the knowledge base it equals, when there is one (proven on the board the
explanation is about by equal move tables or the equivalence solver, not guessed from the
spelling). The kb's pieces are compiled once per change of the rules and kept on disk
(translator/compiled/kbcache.py): finding the candidates is a lookup.

>>> print(summary_line("mafsW", 8, 8, "d4"))  # doctest: +NORMALIZE_WHITESPACE
mafsW is the Xiangqi Horse. From d4 on an empty 8x8 board it moves or captures on
b3 b5 c2 c6 e2 e6 f3 f5.
>>> print(summary_line("fmWfcF", 5, 5, "c3"))
fmWfcF is the Shatranj Pawn. From c3 on an empty 5x5 board it moves to c4 (not capturing there) \
and captures on b4 d4 (and cannot move there when they are empty).
>>> print(summary_line("fmWfcF", 8, 8, "e7", "black"))
fmWfcF is the Shatranj Pawn. From e7 on an empty 8x8 board, as Black, it moves to e6 (not \
capturing there) and captures on d6 f6 (and cannot move there when they are empty).
"""

from __future__ import annotations

from functools import cache, partial
from typing import Any

from translator.catalogue.pieces import NamedPiece, all_pieces, lookup
from translator.compiled import store
from translator.compiled.compare import same_tables
from translator.compiled.kbcache import cached, kept_already
from translator.compiled.table import MoveTable
from translator.errors import BetzaError
from translator.facts.pieces import parse_piece, resolve_name
from translator.position import Position
from translator.present.english import glossary, join
from translator.queries.moves import MovesQuery, batch_moves
from translator.solve.engine import SolverTimeout
from translator.solve.readers import Move
from translator.squares import centre, parse_square, square_name

# an equal kb piece is proven equal on the board being explained, within this many seconds
# (a proof that takes longer is not claimed)
PROOF_TIMEOUT = 10.0
# the kb's pieces are compiled for the cache within this many seconds (once per change of
# the rules); past it nothing is kept and no named piece is claimed
KB_TIMEOUT = 60.0
KB_GROUP = 16   # pieces compiled in one program (a busy machine grounds it in seconds)


def _signature(found: list[Move]) -> frozenset[tuple[Any, ...]]:
    return frozenset(mv.effects() for mv in found)


def _probe_square(files: int, ranks: int) -> str:
    return square_name(centre(files, ranks))


Signature = frozenset[tuple[Any, ...]]


def _as_json(found: list[Move]) -> list[list[Any]]:
    return sorted([mv.to, sorted(mv.captures), sorted(map(list, mv.unloads)),
                   sorted(mv.ep_rights), mv.mover] for mv in found)


def _from_json(moves: list[list[Any]]) -> Signature:
    return frozenset((to, frozenset(captures), frozenset(tuple(u) for u in unloads),
                      frozenset(rights), mover) for to, captures, unloads, rights, mover in moves)


def _kb_moves(files: int, ranks: int) -> dict[str, Any]:
    """Every kb piece's moves from the centre of an empty ``files`` x ``ranks`` board, by
    name (answered by their tables, compiled first and kept too)."""
    pieces = all_pieces()
    # their tables (compiled in groups, or read from the cache) answer them below
    store.adopt([MoveTable.from_json(t) for t in _kb_table_index(files, ranks).values()])
    pos = Position.light(files, ranks)
    answers = batch_moves([MovesQuery(p.betza, _probe_square(files, ranks), pos)
                           for p in pieces], timeout=KB_TIMEOUT)
    stopped = [found for found in answers if isinstance(found, SolverTimeout)]
    if stopped:   # a busy machine: kept nowhere, so that a later process tries again
        raise stopped[0]
    return {piece.name: _as_json(found) for piece, found in zip(pieces, answers, strict=True)
            if not isinstance(found, BetzaError)}


def _group_tables(pieces: list[NamedPiece], files: int, ranks: int) -> dict[str, Any]:
    """The whole-board move tables of ``pieces`` (compiled in one program), by name."""
    keys = [(str(parse_piece(resolve_name(p.betza), "spec")), "spec", files, ranks)
            for p in pieces]
    store.prepare(keys)
    found = {piece.name: store.table_for(*key) for piece, key in zip(pieces, keys, strict=True)}
    if any(store.solver_reason(*key) == store.OUT_OF_TIME for key, table
           in zip(keys, found.values(), strict=True) if table is None):
        raise SolverTimeout("compiling the knowledge base's pieces ran out of time")
    return {name: table.as_json() for name, table in found.items()
            if table is not None and not table.local}


@cache
def _kb_index(files: int, ranks: int) -> dict[Signature, tuple[NamedPiece, ...]]:
    """The kb's pieces by their moves from the centre of an empty ``files`` x ``ranks``
    board (derived once per change of the rules: translator/compiled/kbcache.py)."""
    kept = cached(f"kb-moves-{files}x{ranks}", lambda: _kb_moves(files, ranks))
    by_moves: dict[Signature, tuple[NamedPiece, ...]] = {}
    for piece in all_pieces():
        if piece.name in kept:
            sig = _from_json(kept[piece.name])
            by_moves[sig] = (*by_moves.get(sig, ()), piece)
    return by_moves


@cache
def _kb_shard(files: int, ranks: int, first: int) -> dict[str, Any]:
    """The whole-board tables of the :data:`KB_GROUP` kb pieces from the ``first``, by name,
    kept as one file (a process stopped half way keeps the groups it compiled; the next
    goes on from there)."""
    group = all_pieces()[first:first + KB_GROUP]
    return cached(_shard_name(files, ranks, first), partial(_group_tables, group, files, ranks))


def _shard_name(files: int, ranks: int, first: int) -> str:
    return f"kb-tables-{files}x{ranks}-{first // KB_GROUP}"


def kb_ready(files: int, ranks: int) -> bool:
    """Whether the kb's moves on the board are kept on disk already: an explanation on it
    then looks up the piece it equals; else it derives them first (seconds on a board of a
    size not asked before)."""
    return kept_already(f"kb-moves-{files}x{ranks}")


def read_kept(files: int, ranks: int) -> None:
    """Read the kb's answers on the board where they are kept on disk already (a process
    that forks workers reads them once for all of them); nothing is compiled here."""
    if kb_ready(files, ranks):
        _kb_index(files, ranks)
    if kept_already(*(_shard_name(files, ranks, first)
                      for first in range(0, len(all_pieces()), KB_GROUP))):
        _kb_table_index(files, ranks)


def _kb_table_index(files: int, ranks: int) -> dict[str, Any]:
    """The kb's whole-board tables by name (every group of them)."""
    out: dict[str, Any] = {}
    for first in range(0, len(all_pieces()), KB_GROUP):
        out.update(_kb_shard(files, ranks, first))
    return out


def _kb_table(piece: NamedPiece, files: int, ranks: int) -> dict[str, Any] | None:
    """The kb piece's whole-board table as kept, or None: only its own group's file is read
    (a piece's group is fixed by its place in the catalogue)."""
    at = next(i for i, p in enumerate(all_pieces()) if p.name == piece.name)
    found: dict[str, Any] | None = _kb_shard(files, ranks, at - at % KB_GROUP).get(piece.name)
    return found


def _same_table(source: str, candidate: NamedPiece, files: int, ranks: int) -> bool:
    """Whether ``source`` and ``candidate`` have whole-board tables with the same rows (the
    candidate's read from the kb's compiled tables, not compiled again)."""
    _adopt(candidate, files, ranks)
    return same_tables(source, candidate.betza, "spec", files, ranks)


def _adopt(piece: NamedPiece, files: int, ranks: int) -> None:
    """Give the store the kb piece's compiled whole-board table, read from the cache, so
    that its board and diagram are matched against it, not compiled again."""
    try:
        kept = _kb_table(piece, files, ranks)
    except BetzaError:   # compiled in time or not, the board is drawn all the same
        return
    if kept is not None:
        store.adopt([MoveTable.from_json(kept)])


def adopt_kb_table(betza: str, files: int, ranks: int) -> bool:
    """Give the store the kept table of the kb piece that ``betza`` names or spells exactly,
    before any part of an explanation compiles it again; whether there is one."""
    named = _named_or_exact(betza)
    if named is not None:
        _adopt(named, files, ranks)
    return named is not None


def _named_or_exact(betza: str) -> NamedPiece | None:
    """The kb piece ``betza`` names, or whose string it is, else None."""
    stripped = betza.strip()
    named = lookup(stripped) if stripped and "a" <= stripped[-1] <= "z" else None
    if named is not None:
        return named
    source = resolve_name(betza)
    return next((p for p in all_pieces() if p.betza == source), None)


def equal_kb_piece(betza: str, files: int = 8, ranks: int = 8) -> NamedPiece | None:
    """The named piece ``betza`` is (by name or exact string) or moves as on a ``files`` x
    ``ranks`` board, else None.

    >>> equal_kb_piece("W7").name, equal_kb_piece("W7", 12, 12)
    ('Rook', None)
    """
    named = _named_or_exact(betza)
    if named is not None:
        return named
    source = resolve_name(betza)
    from translator.queries.equiv import differ_plainly, equivalent

    origin = _probe_square(files, ranks)
    found = batch_moves([MovesQuery(source, origin, Position.light(files, ranks))])[0]
    if isinstance(found, BetzaError) or not found:
        return None
    try:
        alike = _kb_index(files, ranks).get(_signature(found), ())
    except BetzaError:   # the kb could not be compiled in time: no piece is claimed
        return None
    # (kb pieces of one string, the King and the Commoner, are one candidate: the first)
    first: dict[str, NamedPiece] = {}
    for piece in alike:
        first.setdefault(piece.betza, piece)
    candidates = list(first.values())[:3]
    for candidate in candidates:   # a table comparison first: no program at all
        if _same_table(source, candidate, files, ranks):
            return candidate
    for candidate in candidates:
        try:
            # the empty board and one full of enemies, matched against the tables
            # compiled above, tell most candidates apart with no equivalence program
            if differ_plainly(source, candidate.betza, files, ranks,
                              timeout=PROOF_TIMEOUT):
                continue
            if equivalent(source, candidate.betza, files, ranks,
                          timeout=PROOF_TIMEOUT).equivalent:
                return candidate
        except BetzaError:  # a piece the equivalence solver refuses is not claimed equal
            continue
    return None


def _squares(names: list[str]) -> str:
    return " ".join(sorted(names, key=lambda s: (parse_square(s)[0], parse_square(s)[1])))


def summary_line(betza: str, files: int, ranks: int, origin: str, side: str = "white") -> str:
    """One plain line: the kb piece it is or equals on this board, and where it goes on the
    empty board for ``side``."""
    from translator.present.board import board

    s = glossary()["sentences"]
    shown = betza.strip()
    parts = []
    named = equal_kb_piece(betza, files, ranks)
    if named is not None:
        _adopt(named, files, ranks)
        if named.betza != resolve_name(betza):
            parts.append(s["equals_named"].format(betza=shown, name=named.name,
                                                  named=named.betza, files=files, ranks=ranks))
        elif shown != named.betza:  # the user typed a name
            parts.append(s["named"].format(name=shown, betza=named.betza) + ".")
        else:
            parts.append(s["is_named"].format(betza=shown, name=named.name))
    pos = Position.light(files, ranks, side=side)
    marks = board(MovesQuery(resolve_name(betza), origin, pos, side=side)).marks
    groups: dict[str, list[str]] = {}
    for sq, kind in marks.items():
        key = kind if kind in ("both", "move", "capture") else "other"
        groups.setdefault(key, []).append(sq)
    what = [s[f"reach_{k}"].format(squares=_squares(groups[k]))
            for k in ("both", "move", "capture", "other") if k in groups]
    where = {"origin": origin, "files": files, "ranks": ranks,
             "as_side": s["as_black"] if side == "black" else ""}
    if what:
        parts.append(s["on_board"].format(what=join(what), **where))
    else:
        from translator.queries.why.search import reachable_anywhere
        some = reachable_anywhere(resolve_name(betza), origin, pos, timeout=20.0)
        parts.append(s["no_moves_here" if some else "no_moves_at_all"].format(**where))
    return " ".join(parts)
