"""Equivalence by search: the solver guesses the position (encodings/equiv.lp).

The fallback of :mod:`translator.queries.equiv.answer` for pieces whose moves are not a matter of
conditions on squares (e.p., x, castling): it derives both move sets in guessed positions,
requires a difference and minimises the pieces on the board. Python only loops over start
squares.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import clingo

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece, piece_facts
from translator.facts.schema import BOARD, COMPARE, MOVER, PIECE, START
from translator.position import Position
from translator.queries.equiv.model import Counterexample
from translator.shown import CounterPiece, EqMove, QSquare, each, term
from translator.solve.batch import distinct
from translator.solve.engine import SolverTimeout
from translator.solve.limits import DEFAULT_MAX_ATOMS, estimated_atoms, refuse_over
from translator.solve.readers import Move, move_of
from translator.squares import square_name


def search(a: tuple[str, str], b: tuple[str, str], files: int, ranks: int,
           starts: list[tuple[str, tuple[int, int]]], *, targets_only: bool,
           timeout: float, progress: Callable[[int, int], None] | None,
           deadline: float | None = None, max_atoms: int = DEFAULT_MAX_ATOMS
           ) -> Counterexample | None:
    """A smallest counterexample from the start squares (with the mover's side) ``starts``,
    each string with its reading (``(betza, reading)``), or None when the pieces are
    equivalent; every step by ``deadline`` (default: ``timeout`` from now), a program
    estimated over ``max_atoms`` refused before it is grounded."""
    from translator.solve import engine

    deadline = time.monotonic() + timeout if deadline is None else deadline
    empty = _empty_board_difference(a, b, files, ranks, starts, targets_only,
                                    (deadline, timeout), max_atoms)
    if empty is not None:
        return empty
    # (each start square grounds both pieces' moves in the guessed positions)
    refuse_over(len(starts) * sum(estimated_atoms(parse_piece(*piece), files, ranks)
                                  for piece in (a, b)), max_atoms)
    facts = [piece_facts(1, *a), piece_facts(2, *b),
             COMPARE("targets" if targets_only else "effects")]
    for q, (side, (x, y)) in enumerate(starts):
        facts += [BOARD(q, files, ranks), START(q, x, y), MOVER(q, x, y),
                  PIECE(q, x, y, side, 1), PIECE(q, x, y, side, 2)]
    ctl = engine.ground("equiv.lp", " ".join(facts), deadline=deadline, timeout=timeout).ctl
    # Every counterexample now has a piece on the board. Decide square by square without
    # optimising (the solver keeps what it learns); where the pieces differ, minimise
    # core-guided (upward from one piece) and stop at the first one-piece answer.
    best: tuple[int, int, list[clingo.Symbol]] | None = None
    for q in range(len(starts)):
        if progress:
            progress(q, len(starts))
        solve, solver = ctl.configuration.solve, ctl.configuration.solver
        assert isinstance(solve, clingo.Configuration) and isinstance(solver, clingo.Configuration)
        solve.opt_mode = "ignore"
        if _solve(ctl, q, deadline, timeout) is None:
            continue
        solve.opt_mode = "opt"
        solver.opt_strategy = "usc"
        found = _solve(ctl, q, deadline, timeout)
        assert found is not None
        size = sum(one.q == q for one in each(found, CounterPiece))
        if best is None or size < best[0]:
            best = (size, q, found)
            if size <= 1:
                break
    if best is None:
        return None
    _, q, symbols = best
    return _counterexample(symbols, q, files, ranks, starts[q])


def _empty_board_difference(a: tuple[str, str], b: tuple[str, str], files: int, ranks: int,
                            starts: list[tuple[str, tuple[int, int]]], targets_only: bool,
                            limit: tuple[float, float], max_atoms: int
                            ) -> Counterexample | None:
    """A cheap first step: both pieces' moves (each string with its reading) from every
    start square of the empty board, as a piece that has moved and then as one that has
    not; a difference there is a counterexample with no other piece."""
    from translator.queries.moves import MovesQuery, batch_moves

    boards = {reading: Position(files, ranks, dialect=reading) for _, reading in (a, b)}
    cases = [(side, sq, virgin) for virgin in (False, True) for side, sq in starts]
    queries = [MovesQuery(text, square_name(sq), boards[reading], side, virgin)
               for side, sq, virgin in cases for text, reading in (a, b)]
    deadline, timeout = limit
    answers = batch_moves(queries, timeout=max(deadline - time.monotonic(), 0.001),
                          max_atoms=max_atoms)
    if time.monotonic() > deadline:
        raise SolverTimeout(f"the equivalence search gave up after the time limit of "
                            f"{timeout:g} s")

    def key(m: Move) -> tuple[Any, ...]:
        return (m.to,) if targets_only else m.effects()

    for i, (side, sq, virgin) in enumerate(cases):
        ma, mb = answers[2 * i], answers[2 * i + 1]
        if isinstance(ma, BetzaError) or isinstance(mb, BetzaError):
            raise ma if isinstance(ma, BetzaError) else mb  # type: ignore[misc]
        ka, kb = {key(m) for m in ma}, {key(m) for m in mb}
        if ka != kb:
            ce = Counterexample(files, ranks, square_name(sq), side, virgin=virgin)
            ce.only_a = [m for m in ma if key(m) not in kb]
            ce.only_b = [m for m in mb if key(m) not in ka]
            return ce
    return None


def _solve(ctl: clingo.Control, q: int, deadline: float, timeout: float
           ) -> list[clingo.Symbol] | None:
    """Solve with start square ``q`` required to differ; the last model's atoms, or None
    when there is none."""
    from translator.solve import engine

    model: list[Any] = []

    def on_model(m: clingo.Model) -> None:
        model[:] = m.symbols(shown=True)

    result = engine.solve(ctl, deadline=deadline, what="the equivalence search",
                          timeout=timeout, on_model=on_model,
                          assumptions=[(clingo.Function("differ", [clingo.Number(q)]), True)])
    return model if result.satisfiable else None


def _counterexample(symbols: list[clingo.Symbol], q: int, files: int, ranks: int,
                    start: tuple[str, tuple[int, int]]) -> Counterexample:
    """The counterexample of start square ``q`` (the model shows every start square's
    that differs)."""
    ce = Counterexample(files, ranks, square_name(start[1]), start[0])
    moves: dict[str, list[Move]] = {"a": [], "b": []}
    for mv in each(symbols, EqMove):
        if mv.q == q:
            moves[mv.side].append(move_of(mv.x, mv.y, mv.h, mv.e))
    for pc in each(symbols, CounterPiece):
        if pc.q == q:
            (ce.friends if pc.c == ce.side else ce.enemies).append(square_name((pc.x, pc.y)))
    for sym in symbols:
        if sym.name not in ("royal", "virgin", "ep", "epvictim"):
            continue
        at = term(sym, QSquare)
        if at.q != q:
            continue
        sq = square_name((at.x, at.y))
        if sym.name == "royal":
            ce.royal.append(sq)
        elif sym.name == "virgin":
            ce.virgin = True
        elif sym.name == "ep":
            ce.ep.append(sq)
        else:
            ce.ep_victim = sq
    a, b = distinct(moves["a"]), distinct(moves["b"])
    keys_a, keys_b = {m.effects() for m in a}, {m.effects() for m in b}
    ce.only_a = [m for m in a if m.effects() not in keys_b]
    ce.only_b = [m for m in b if m.effects() not in keys_a]
    for lst in (ce.friends, ce.enemies, ce.royal, ce.ep):
        lst.sort(key=lambda s: (s[0], int(s[1:])))
    return ce
