"""The state of a position that e.p. and castling read beyond the squares of their paths,
as the input of a table compiled for it (encodings/condpaths.lp, ``stated/1``): the facts
paths.lp and castling.lp would read of the position, in White's view.

>>> from translator.position import Position
>>> pos = Position.light(8, 8, side="black", enemies=["e4"], ep=["e3"], ep_victim="e4")
>>> position_state(pos, (3, 3), "black", False, frozenset({"ep"}))
(('ep', 3, 5), ('epvictim', 3, 4))
"""

from __future__ import annotations

import time

from translator.compiled import store
from translator.compiled.match import turned
from translator.compiled.table import (
    MoveTable,
    NotCompilable,
    State,
    read_rows,
    rows_by_query,
    shown_rows,
    stated_facts,
)
from translator.errors import LimitError
from translator.facts.pieces import parse_piece, piece_facts
from translator.facts.schema import BOARD, ONSQUARE, QTYPE, START
from translator.position import Position
from translator.shown import NoCanon, each
from translator.solve import engine
from translator.solve.batch import chunks, in_halves
from translator.solve.limits import DEFAULT_MAX_ATOMS, estimated_atoms
from translator.squares import Square


def position_state(pos: Position, origin: Square, side: str, virgin: bool,
                   reads: frozenset[str]) -> State | None:
    """The facts of ``pos`` that a piece of ``side`` on ``origin`` reads (``reads``, as
    :func:`translator.compiled.store.state_reads` says); None when they include what the
    other side's pieces attack (castling safety, answered by the solver): a mover that has
    not moved where the other side has a piece with moves."""
    facts: list[tuple[str, int, int]] = []

    def add(name: str, square: Square) -> None:
        facts.append((name, *turned(square, pos.files, pos.ranks, side)))

    if "ep" in reads:
        for square in pos.ep:
            add("ep", square)
        if pos.ep_victim is not None:
            add("epvictim", pos.ep_victim)
    if "castling" in reads:
        others = [(sq, pc) for sq, pc in pos.pieces.items() if sq != origin]
        if virgin and any(pc.side != side and pc.betza for _, pc in others):
            return None
        for square, pc in others:
            if pc.virgin:
                add("virgin", square)
    return tuple(sorted(facts))


def table_in(pos: Position, betza: str, origin: Square, side: str, virgin: bool, *,
             timeout: float, patient: bool = False) -> MoveTable | None:
    """The table of a piece that reads the position's state, compiled for the state of
    ``pos`` with the rows from ``origin`` (``betza`` canonical); None for a piece that
    reads none, or whose state the solver answers."""
    reads = store.state_reads(betza, pos.dialect, pos.files, pos.ranks)
    if not reads:
        return None
    state = position_state(pos, origin, side, virgin, reads)
    if state is None:
        return None
    return store.table_at(betza, pos.dialect, pos.files, pos.ranks,
                          turned(origin, pos.files, pos.ranks, side), timeout=timeout,
                          patient=patient, state=state)


def prepare_states(movers: list[tuple[Position, str, Square, str, bool]], *,
                   timeout: float = store.COMPILE_TIMEOUT) -> None:
    """Compile together, in as few programs as fit, the rows that the local tables lack
    for a batch's ``movers`` (position, canonical string, square, side, unmoved): of the
    pieces that read the position's state (:func:`table_in`: each mover's position has a
    state of its own), and of those whose rows depend on the start square
    (:func:`translator.compiled.store.table_at`); one program per square would pay its
    fixed cost again and again. What cannot be compiled so, or not in time, is left to
    those two."""
    tables: dict[int, MoveTable] = {}
    wanted: dict[tuple[int, Square], int] = {}   # (table, square): its estimated atoms
    for pos, betza, origin, side, virgin in movers:
        reads = store.state_reads(betza, pos.dialect, pos.files, pos.ranks)
        state = position_state(pos, origin, side, virgin, reads) if reads else None
        if (reads and state is None) or store.many_paths(betza, pos.dialect, pos.files,
                                                           pos.ranks):
            continue
        table = store.table_for(betza, pos.dialect, pos.files, pos.ranks, timeout=timeout,
                                state=state)
        square = turned(origin, pos.files, pos.ranks, side)
        if table is not None and table.local and square not in table.starts:
            tables[id(table)] = table
            wanted[(id(table), square)] = estimated_atoms(
                parse_piece(betza, pos.dialect), pos.files, pos.ranks)
    # (each program in the time one table has, all of them within ``timeout``: a program
    # that failed, out of time on a loaded machine, is tried again in halves, not all of
    # its squares one by one; what the time left does not cover goes to table_at)
    deadline = time.monotonic() + timeout

    def compile_pairs(pairs: list[tuple[MoveTable, Square]]) -> None:
        left = deadline - time.monotonic()
        if left > 0:
            _compile_squares(pairs, min(left, store.COMPILE_TIMEOUT))

    in_halves([[(tables[table], square) for _, table, square in chunk] for chunk in chunks(
        [(0, *key, size) for key, size in wanted.items()], DEFAULT_MAX_ATOMS)],
        compile_pairs, (NotCompilable, LimitError))


def _compile_squares(pairs: list[tuple[MoveTable, Square]], timeout: float) -> None:
    """Add to each local table of ``pairs`` the rows from its square, all in one program
    (query q: the q-th pair; each piece its own type)."""
    kinds: dict[tuple[str, str], int] = {}
    facts = []
    for q, (table, (x, y)) in enumerate(pairs):
        kind = kinds.setdefault((table.betza, table.reading), len(kinds) + 1)
        facts.append(BOARD(q, table.files, table.ranks) + START(q, x, y) + ONSQUARE(q)
                     + QTYPE(q, kind) + stated_facts(table.state, q))
    facts += [piece_facts(kind, betza, reading) for (betza, reading), kind in kinds.items()]
    deadline = time.monotonic() + timeout
    program = engine.ground("table.lp", " ".join(facts), deadline=deadline, timeout=timeout)
    shown = shown_rows(program.ctl, deadline, timeout)
    refused = {no.t for no in each(shown, NoCanon)}
    rows = rows_by_query(shown, len(pairs))
    squares = [square for _, square in pairs]
    for q, (table, square) in enumerate(pairs):
        if kinds[(table.betza, table.reading)] in refused:
            continue   # (table_in compiles it alone, and says why it keeps the solver path)
        found = MoveTable(table.betza, table.reading, table.files, table.ranks, local=True)
        read_rows(rows[q], found, squares, store.MAX_ROWS)
        table.starts[square] = found.starts.get(square, [])
