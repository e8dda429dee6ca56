"""``betza find``: the shortest Betza string whose moves are the drawn ones.

The user draws, in one or more example positions, the squares where the piece moves
(without capturing), captures, or may do both. The solver (encodings/find.lp) chooses a set
of candidate moves of kb/find_space.toml, with their direction letters, whose moves in every
example are exactly the drawn ones, with the fewest characters (``#minimize``). Python builds
the facts, reads the chosen moves back and checks the answer with the moves query.

>>> find([Example("d4", both=("b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"))]).betza
'N'
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import clingo

from translator.errors import BetzaError
from translator.facts.schema import BASE_LEN, CAND_SYS, CLASH, SYS_TOK, TOK_LEN, WANT
from translator.facts.translate import move_facts, position_facts
from translator.notation.syntax import Piece
from translator.position import PlacedPiece
from translator.queries.equiv import equivalent
from translator.queries.equiv.answer import Counterexample
from translator.queries.find.check import drawn_marks
from translator.queries.find.examples import Example
from translator.queries.find.space import Space, candidate_space, clashes
from translator.shown import Dir, On, QSquare, each, term
from translator.solve import engine, memo
from translator.solve.memo import remembered
from translator.squares import square_name

__all__ = ["Example", "FindResult", "find"]

CAPTURE_ROUNDS = 8  # at most this many times undrawn squares are tried as capture squares


@dataclass
class FindResult:
    """The shortest string (``None`` when no candidate fits), other shortest strings that
    are different pieces, a position where the first two differ, and, when nothing fits,
    the smallest set of drawn squares that no candidate satisfies."""

    betza: str | None
    alternatives: list[str] = field(default_factory=list)
    same_length: list[str] = field(default_factory=list)
    differ_at: Counterexample | None = None
    unsatisfiable: list[tuple[int, str]] = field(default_factory=list)
    # undrawn squares taken as capture squares for the drawing to fit (example, square)
    assumed_captures: list[tuple[int, str]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "betza": self.betza, "alternatives": self.alternatives}
        if self.same_length:
            out["equal_spellings"] = self.same_length
        if self.differ_at is not None:
            out["differ_at"] = self.differ_at.as_json()
        if self.betza is None:
            out["unsatisfiable"] = [{"example": i + 1, "square": sq}
                                    for i, sq in self.unsatisfiable]
        if self.assumed_captures:
            out["assumed_captures"] = [{"example": i + 1, "square": sq}
                                       for i, sq in self.assumed_captures]
        return out


@cache
def _space_facts(notation: str) -> str:
    """The facts of the search space's candidates, the same for every search (lint runs
    find once or more per string): written once per process and notation."""
    space = candidate_space(notation)
    piece = Piece(tuple(c.move for c in space.candidates))
    out = [move_facts(1, piece)]
    for m, cand in enumerate(space.candidates, start=1):
        out += [BASE_LEN(m, len(str(cand.move))), CAND_SYS(m, cand.system)]
    # (by system, not by candidate: the same tokens and clashes for the hundreds of
    # candidates of a system, and most of the text clingo would parse otherwise)
    for system, tokens in {c.system: c.tokens for c in space.candidates}.items():
        out.extend(SYS_TOK(system, tok) for tok in tokens)
        out.extend(CLASH(system, a, b) for a, b in clashes(system))
    every = {tok for c in space.candidates for tok in c.tokens}
    out.extend(TOK_LEN(tok, len(tok)) for tok in every)
    return "\n".join(out)


def _positions(examples: list[Example]) -> str:
    """The facts of the example positions, the piece on its square in each."""
    out = []
    for q, ex in enumerate(examples, start=1):
        pos = ex.position()
        origin = pos.square(ex.origin)
        if origin in pos.pieces:
            raise BetzaError(f"the piece's own square {ex.origin} also holds another piece",
                             text=ex.origin, pos=0)
        pos.pieces[origin] = PlacedPiece(ex.side, betza="find")
        out.append(position_facts(q, pos, {"find": 1}, [origin], set()))
    return "\n".join(out)


def _drawn(examples: list[Example]) -> set[clingo.Symbol]:
    """The drawn marks, as the atoms of the externals ``want/4`` to set true."""
    out: set[clingo.Symbol] = set()
    for q, ex in enumerate(examples, start=1):
        pos = ex.position()
        for name, kinds in ex.wanted().items():
            x, y = pos.square(name)
            out.update(clingo.parse_term(WANT(q, x, y, k)[:-1]) for k in kinds)
    return out


# every optimal string, found by core-guided optimisation: proving that no shorter string
# exists is where clingo's default (model-guided) strategy spends its time, about 40 times
# longer on lint's masW3 (bench/find.py --strategies)
OPT_MODE = "optN"
SOLVING = (f"--opt-mode={OPT_MODE}", "--opt-strategy=usc")


def _asked(examples: list[Example], *, limit: int = 5, timeout: float = 60.0,
           notation: str = "a", complete: bool = False) -> tuple[object, ...] | None:
    """What a search answers: its examples, how many strings, the notation and whether the
    drawing is complete (the time limit does not change an answer that came within it);
    None for examples that cannot be kept (squares given as lists)."""
    asked = tuple(examples), limit, notation, complete
    try:
        hash(asked)
    except TypeError:
        return None
    return asked


@remembered(_asked)
def find(examples: list[Example], *, limit: int = 5, timeout: float = 60.0,
         notation: str = "a", complete: bool = False) -> FindResult:
    """The shortest Betza string of the search space whose moves are the drawn ones
    (``notation="any"``: the bracket notation's candidates too). A ``complete`` drawing
    (made by the solver from a piece's moves, as lint's) marks every capture square, so
    when nothing fits no undrawn square is taken for one and no smallest set of squares is
    named: the answer is only that nothing fits."""
    if not examples:
        raise BetzaError("find needs at least one example")
    if not any(ex.wanted() for ex in examples):
        raise BetzaError("nothing is drawn: mark at least one destination in some example")
    deadline = time.monotonic() + timeout
    result = _search(examples, limit, deadline, timeout, notation, complete)
    if result.betza is None and not complete:
        return _with_captures(examples, result, limit, (deadline, timeout), notation) or result
    return result


def _search(examples: list[Example], limit: int, deadline: float, timeout: float,
            notation: str, complete: bool = False) -> FindResult:
    space = candidate_space(notation)
    key = ("find.lp", notation, _positions(examples))
    ctl = memo.borrow(key)
    if ctl is None:  # the positions' grounding, the same for every drawing of them
        ctl = engine.ground("find.lp", _space_facts(notation) + "\n" + key[2],
                            list(SOLVING), deadline=deadline, timeout=timeout).ctl
    drawn = _drawn(examples)
    for atom in ctl.symbolic_atoms.by_signature("want", 4):
        ctl.assign_external(atom.symbol, atom.symbol in drawn)
    keep = [atom.literal for atom in ctl.symbolic_atoms.by_signature("keep", 3)]
    for atom in ctl.symbolic_atoms.by_signature("keep", 3):
        ctl.assign_external(atom.symbol, None)  # free, so that assumptions can set it
    ctl.configuration.solve.opt_mode = OPT_MODE  # type: ignore[union-attr]
    found = _optimal(ctl, keep, space, limit, deadline, timeout)
    if not found and complete:
        result = FindResult(None)
    elif not found:
        result = FindResult(None, unsatisfiable=_smallest_core(ctl, keep, examples,
                                                               deadline, timeout))
    else:
        result = _rank(found, examples, space, limit, deadline)
    memo.give_back(key, ctl)
    return result


def _with_captures(examples: list[Example], failed: FindResult, limit: int,
                   limits: tuple[float, float], notation: str) -> FindResult | None:
    """Nothing fits the drawing: does it fit with the undrawn squares that stop a drawn
    capture also drawn as capture squares? On an empty square a capture square means that
    a lone enemy there would be taken, and a natural drawing of a hopper (mRcpR: the enemy
    it takes beyond the screen) leaves the empty squares between out. Those squares are
    added a core at a time; the answer says which were taken so.

    >>> drawn = Example("a1", friends=("a3",), enemies=("a6",), captures=("a6",),
    ...                 moves=("a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1"))
    >>> found = find([drawn])
    >>> found.betza, found.assumed_captures
    ('mRcpR', [(0, 'a4'), (0, 'a5')])
    >>> find([drawn], complete=True).betza   # a complete drawing: a4 and a5 are no captures
    """
    added: list[tuple[int, str]] = []
    core = failed.unsatisfiable
    for _ in range(CAPTURE_ROUNDS):
        # only beside a drawn capture that they stop: a square left out of a drawing of
        # moves alone is not taken for a capture square
        capturing = {i for i, sq in core if "c" in examples[i].wanted().get(sq, ())}
        new = [(i, sq) for i, sq in core if i in capturing and sq not in examples[i].wanted()
               and sq not in examples[i].friends and sq != examples[i].origin]
        if not new or time.monotonic() >= limits[0]:
            return None
        added += new
        examples = [replace(ex, captures=ex.captures + tuple(sq for j, sq in new if j == i))
                    for i, ex in enumerate(examples)]
        result = _search(examples, limit, *limits, notation)
        if result.betza is not None:
            result.assumed_captures = sorted(added)
            return result
        core = result.unsatisfiable
    return None


def _optimal(ctl: clingo.Control, keep: list[int], space: Space, limit: int,
             deadline: float, timeout: float) -> list[str]:
    strings: list[str] = []

    def on_model(model: clingo.Model) -> bool:
        if model.optimality_proven:
            text = _spell(list(model.symbols(shown=True)), space)
            if text not in strings:
                strings.append(text)
        return len(strings) < 4 * limit

    engine.solve(ctl, deadline=deadline, what="find", timeout=timeout, on_model=on_model,
                 assumptions=keep)
    return strings


def _spell(symbols: list[clingo.Symbol], space: Space) -> str:
    chosen: dict[int, list[str]] = {}
    for on in each(symbols, On):
        chosen.setdefault(on.m, [])
    for way in each(symbols, Dir):
        chosen[way.m].append(way.token)
    moves = [space.candidates[m - 1].spelled(toks) for m, toks in sorted(chosen.items())]
    moves.sort(key=space.move_key)
    return "".join(moves)


def _rank(found: list[str], examples: list[Example], space: Space, limit: int,
          deadline: float) -> FindResult:
    # in the canonical order, only as many as the answer names (lint's one: the first
    # that passes); the others are checked only when one of those fails
    pending, checked = sorted(found, key=space.order_key), list[str]()
    while pending and len(checked) < limit:
        batch, pending = pending[:limit - len(checked)], pending[limit - len(checked):]
        drawn = [drawn_marks(batch, ex, _left(deadline)) for ex in examples]
        checked += [s for i, s in enumerate(batch) if all(
            marks[i] == ex.wanted() for marks, ex in zip(drawn, examples, strict=True))]
    if not checked:
        raise BetzaError("the shortest candidates did not reproduce the examples when "
                         "checked; please report this drawing")
    best, files, ranks = checked[0], examples[0].files, examples[0].ranks
    result = FindResult(best)
    for other in checked[1:limit]:
        verdict = equivalent(best, other, files, ranks, timeout=_left(deadline))
        if verdict.equivalent:
            result.same_length.append(other)
            continue
        result.alternatives.append(other)
        if result.differ_at is None:
            result.differ_at = verdict.counterexample
    return result


def _left(deadline: float) -> float:
    """The seconds left before ``deadline`` (a step past it is refused at once)."""
    return max(deadline - time.monotonic(), 0.001)


def _smallest_core(ctl: clingo.Control, keep: list[int], examples: list[Example],
                   deadline: float, timeout: float) -> list[tuple[int, str]]:
    """A minimal set of drawn squares (kept requirements) that no candidate satisfies."""
    ctl.configuration.solve.opt_mode = "ignore"  # type: ignore[union-attr]
    found: list[int] = []  # the solver's core of the last unsatisfiable solve

    def unsat(lits: list[int]) -> bool:
        return bool(engine.solve(ctl, deadline=deadline, what="find", timeout=timeout,
                                 assumptions=list(lits),
                                 on_core=lambda c: found.__setitem__(slice(None), c)
                                 ).unsatisfiable)

    def drop(kept: list[int], block: list[int]) -> list[int]:
        """``kept`` with each square of ``block`` left out in turn where the rest stays
        unsatisfiable: a whole block at once when that holds (each of its squares would
        be left out in its turn), else its halves one after the other."""
        trial = [x for x in kept if x not in set(block)]
        if unsat(trial):
            return trial
        if len(block) == 1:
            return kept
        return drop(drop(kept, block[:len(block) // 2]), block[len(block) // 2:])

    unsat(keep)
    core = [lit for lit in keep if lit in set(found)] or list(keep)
    core = drop(core, list(core))
    names = {atom.literal: atom.symbol for atom in ctl.symbolic_atoms.by_signature("keep", 3)}
    out = []
    for lit in core:
        kept = term(names[lit], QSquare)
        out.append((kept.q - 1, square_name((kept.x, kept.y))))
    return sorted(out)
