"""The state of a position that e.p. and castling read beyond the squares of their paths,
as the input of a table compiled for it (encodings/condpaths.lp, ``stated/1``): the facts
paths.lp and castling.lp would read of the position, in White's view.

>>> from translator.position import Position
>>> pos = Position.light(8, 8, side="black", enemies=["e4"], ep=["e3"], ep_victim="e4")
>>> position_state(pos, (3, 3), "black", False, frozenset({"ep"}))
(('ep', 3, 5), ('epvictim', 3, 4))
"""

from __future__ import annotations

from translator.compiled import store
from translator.compiled.match import turned
from translator.compiled.table import MoveTable, State
from translator.position import Position
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
