"""Equivalence of two Betza strings on a board, with a smallest counterexample.

The search is the solver's (encodings/equiv.lp): it guesses the position, derives both
move sets and requires a difference. Python only loops over start squares.

>>> equivalent("Q", "RB").equivalent
True
>>> r = equivalent("W7", "R", 12, 12)
>>> r.equivalent, len(r.counterexample.friends + r.counterexample.enemies)
(False, 0)
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import clingo

from translator.api import Move, distinct, move_from_tokens, parse_piece
from translator.errors import BetzaError
from translator.facts import move_facts
from translator.notation import Piece
from translator.squares import square_name

_TOKEN = re.compile(r"[a-z]+|-?[0-9]+")


@dataclass
class Counterexample:
    """A position where the two pieces differ, and the moves that differ."""

    files: int
    ranks: int
    start: str
    side: str = "white"
    friends: list[str] = field(default_factory=list)
    enemies: list[str] = field(default_factory=list)
    royal: list[str] = field(default_factory=list)
    virgin: bool = False
    ep: list[str] = field(default_factory=list)
    ep_victim: str | None = None
    only_a: list[Move] = field(default_factory=list)
    only_b: list[Move] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"from": self.start, "side": self.side, "friends": self.friends,
                "enemies": self.enemies, "royal": self.royal, "virgin": self.virgin,
                "ep": self.ep, "ep_victim": self.ep_victim, "files": self.files,
                "ranks": self.ranks, "only_a": [m.as_json() for m in self.only_a],
                "only_b": [m.as_json() for m in self.only_b]}

    def position(self):
        from translator.position import Position

        return Position.light(self.files, self.ranks, side=self.side, friends=self.friends,
                              enemies=self.enemies, royal=self.royal, ep=self.ep,
                              ep_victim=self.ep_victim)


@dataclass
class EquivResult:
    a: str
    b: str
    files: int
    ranks: int
    equivalent: bool
    counterexample: Counterexample | None = None

    def as_json(self) -> dict:
        out: dict = {"ok": True, "equivalent": self.equivalent}
        if self.counterexample is not None:
            out["counterexample"] = self.counterexample.as_json()
        return out


def _unsupported(piece: Piece, text: str) -> None:
    for move in piece.moves:
        if move.atom.letter == "I":
            raise BetzaError("equivalence cannot compare the imitator I: its moves depend "
                             "on the game's last move", text=text, pos=move.start)
        if "x" in move.legs[-1].modes:
            raise BetzaError("equivalence cannot compare x on a last leg: the borrowed moves "
                             "depend on the types of the friends", text=text, pos=move.start)


def equivalent(a: str, b: str, files: int = 8, ranks: int = 8, *,
               targets_only: bool = False, timeout: float = 120.0,
               progress: Callable[[int, int], None] | None = None) -> EquivResult:
    """Decide whether ``a`` and ``b`` have the same moves from every start square in
    every position of a ``files`` x ``ranks`` board, both colours (a Black piece is a
    White piece on the board turned round, so White suffices).

    Moves are compared with all their effects unless ``targets_only``.
    """
    from translator import engine
    from translator.position import Position

    Position(files, ranks)  # checks the size
    pa, pb = parse_piece(a), parse_piece(b)
    _unsupported(pa, a)
    _unsupported(pb, b)
    if str(pa) == str(pb):
        return EquivResult(a, b, files, ranks, True)
    squares = [(x, y) for y in range(ranks) for x in range(files)]
    facts = [move_facts(1, pa), move_facts(2, pb),
             f"compare({'targets' if targets_only else 'effects'})."]
    for q, (x, y) in enumerate(squares):
        facts.append(f"board({q},{files},{ranks}). start({q},{x},{y}). mover({q},{x},{y}). "
                     f"piece({q},{x},{y},white,1). piece({q},{x},{y},white,2).")
    deadline = time.monotonic() + timeout
    ctl = clingo.Control(["--warn=none", "--opt-mode=opt"])
    ctl.add("base", [], engine.program_text("equiv.lp"))
    ctl.add("base", [], " ".join(facts))
    ctl.ground([("base", [])])
    best: tuple[int, Counterexample] | None = None
    for q, sq in enumerate(squares):
        if progress:
            progress(q, len(squares))
        found = _solve_one(ctl, q, deadline, timeout)
        if found is None:
            continue
        size, symbols = found
        if best is None or size < best[0]:
            best = (size, _counterexample(symbols, files, ranks, sq))
            if size == 0:
                break
    if best is None:
        return EquivResult(a, b, files, ranks, True)
    return EquivResult(a, b, files, ranks, False, best[1])


def _solve_one(ctl: clingo.Control, q: int, deadline: float, timeout: float
               ) -> tuple[int, list[clingo.Symbol]] | None:
    active = clingo.Function("active", [clingo.Number(q)])
    ctl.assign_external(active, True)
    model: list = []

    def on_model(m: clingo.Model) -> None:
        model[:] = [m.cost[0] if m.cost else 0, m.symbols(shown=True)]

    try:
        with ctl.solve(on_model=on_model, async_=True) as handle:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not handle.wait(remaining):
                handle.cancel()
                raise BetzaError(f"equivalence search gave up after the time limit of "
                                 f"{timeout:g} s")
    finally:
        ctl.assign_external(active, False)
    return (model[0], model[1]) if model else None


def _counterexample(symbols: list[clingo.Symbol], files: int, ranks: int,
                    start: tuple[int, int]) -> Counterexample:
    ce = Counterexample(files, ranks, square_name(start))
    moves: dict[str, list[Move]] = {"a": [], "b": []}
    for sym in symbols:
        tokens = _TOKEN.findall(str(sym))
        name = tokens[0]
        if name == "eqmove":
            mv, _ = move_from_tokens(int(tokens[3]), int(tokens[4]), tokens, 5)
            moves[tokens[2]].append(mv)
            continue
        sq = square_name((int(tokens[2]), int(tokens[3])))
        if name == "piece":
            (ce.friends if tokens[4] == "white" else ce.enemies).append(sq)
        elif name == "royal":
            ce.royal.append(sq)
        elif name == "virgin":
            ce.virgin = True
        elif name == "ep":
            ce.ep.append(sq)
        elif name == "epvictim":
            ce.ep_victim = sq
    a, b = distinct(moves["a"]), distinct(moves["b"])
    keys_a, keys_b = {m.effects() for m in a}, {m.effects() for m in b}
    ce.only_a = [m for m in a if m.effects() not in keys_b]
    ce.only_b = [m for m in b if m.effects() not in keys_a]
    for lst in (ce.friends, ce.enemies, ce.royal, ce.ep):
        lst.sort(key=lambda s: (s[0], int(s[1:])))
    return ce


def stderr_progress(label: str) -> Callable[[int, int], None]:
    def report(done: int, total: int) -> None:
        print(f"\r{label}: start square {done + 1}/{total}", end="", file=sys.stderr,
              flush=True)
    return report
