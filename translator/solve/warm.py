"""Programs grounded once and asked about many positions (multi-shot solving).

Most of the cost of one query is not its answer: gringo prepares the rules of
``encodings/paths.lp`` anew on every ground call (about 15 ms on this machine, with or
without facts, also for a parametrised ``#program`` part), while a position's own atoms
cost about a microsecond each. So a single query (one ``moves()`` call, one board of the
web page) is asked of a program grounded for what its answer is built on: the query file,
the board size, the piece types, the movers (square, colour, type) and the query's own
atoms (a target). The rest of the position is made of external atoms
(``encodings/externals.lp``): the driver sets those of the position true, the others
false, and solves; a stratified program has one answer set, the one the facts would give.
A second query with the same key costs a fraction of a millisecond instead of a grounding.

A small piece (:func:`opens`) gets a program open in its mover too: the mover's square is
external as well, so the piece dragged round the teaching board, or asked about from
square after square, is answered by one program (a solve costs about a millisecond per
10,000 atoms of the program, against about 20 ms for a new grounding). Pieces the size
estimate overrates (hoppers) open once a program for one square has shown them small
(:func:`opens_measured`). The web server's workers have an open program built in a
thread of its own while they answer from one-square programs (:func:`ready`).

Programs are kept per process (the web server's workers live for thousands of queries),
the least recently used dropped first.

>>> from translator.position import PlacedPiece, Position
>>> pos = Position(8, 8, {(4, 3): PlacedPiece("white", "R"), (4, 5): PlacedPiece("white")})
>>> text = 'move(1,1). atom(1,1,"R"). leg(1,1,1).'
>>> WARM.clear()
>>> key, shown = answer("moves.lp", pos, [(4, 3)], [], {"R": 1}, text, timeout=10)
>>> len(shown), key in WARM          # e5 and the 10 squares of the rank and the file below
(11, True)
>>> pos.pieces[(4, 4)] = PlacedPiece("white")   # the same program, another position
>>> len(answer("moves.lp", pos, [(4, 3)], [], {"R": 1}, text, timeout=10)[1]), len(WARM)
(10, 1)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TypeVar, cast

import clingo

from translator.facts.translate import Atom, position_atoms
from translator.notation.syntax import Piece
from translator.position import Position
from translator.solve import engine
from translator.solve.limits import estimated_atoms
from translator.squares import Square

# grounded programs kept per process: open in the mover (a piece's one program; their
# size: docs/bench.md) and for one mover square (many, soon replaced), in caches of their own so
# that a stream of the second kind never pushes out the first
KEEP = {True: 24, False: 16}
# A program with the position open holds the paths of every occupancy, which for long
# multi-leg moves is far more than one position's (docs/bench.md): only
# pieces whose estimate (translator/solve/limits.py) is below this are kept.
MAX_ESTIMATE = 20_000
# A program open in its mover holds the paths from every square: worth it while a solve
# of it stays well under a grounding (single-leg riders on 8x8; multi-leg moves are
# dearer per estimated atom, the toggling ones most).
MAX_OPEN = {1: 110_000, 2: 60_000}
# The estimate overrates pieces whose legs share their rays (a hopper's leg beyond the
# mount): for those the atoms of a one-square program, once one is grounded, decide --
# open when that many times the squares stays under this (a solve of a few tens of ms).
# (The count includes the kb's tables, some 600 atoms of every program, which grow with it.)
MAX_OPEN_ATOMS = 160_000
MEASURED: OrderedDict[tuple[Piece, int, int], int] = OrderedDict()
# An open program above this solves in several milliseconds (R, Q): a square asked about
# again gets a program of its own (about a millisecond a solve) -- a script asking about
# one square in many positions, a learner trying blockers round the piece.
MAX_CHEAP_OPEN = 32_000
# Set by a long-lived caller that answers one query at a time and wants it fast (the web
# server's workers): a piece's open program is then built at its first query, and a query
# whose piece opens one is answered from it alone, not grounded together with the others
# of its group (which gives more queries per second in a batch, but each later).
KEPT_FIRST: ContextVar[bool] = ContextVar("kept_first", default=False)
# A long-lived caller asks the moves of a piece of the teaching board's program, which
# shows them too (and more): one kept program per piece, not two.
SHARED = {"moves.lp": "board.lp"}
# query atoms that stay facts of the program (the rest of a position is external)
FIXED = ("board", "mover", "target")

Key = tuple[object, ...]
K = TypeVar("K")
V = TypeVar("V")
QueryAtom = tuple[str, int, int]  # a query's own atom, as (name, x, y): target(Q,X,Y) …


@dataclass
class WarmProgram:
    """A grounded program and the external atoms now true in it."""

    ctl: clingo.Control
    on: set[clingo.Symbol] = field(default_factory=set)

    def set_position(self, atoms: set[clingo.Symbol]) -> None:
        switch(self.ctl, self.on, atoms)
        self.on = atoms


def switch(ctl: clingo.Control, before: set[clingo.Symbol], after: set[clingo.Symbol]
           ) -> None:
    """Make the external atoms ``after`` true, and those of ``before`` not among them false
    (a program's other externals stay as they are)."""
    for sym in before - after:
        ctl.assign_external(sym, False)
    for sym in after - before:
        ctl.assign_external(sym, True)


def kept(cache: OrderedDict[K, V], key: K, make: Callable[[], V], keep: int) -> V:
    """``cache[key]``, made by ``make()`` when it is not there; the cache keeps the ``keep``
    most recently used."""
    if key in cache:
        cache.move_to_end(key)
        return cache[key]
    value = cache[key] = make()
    if len(cache) > keep:
        cache.popitem(last=False)
    return value


WARM: OrderedDict[Key, WarmProgram] = OrderedDict()
OPEN: OrderedDict[Key, WarmProgram] = OrderedDict()
ASKED: OrderedDict[Key, int] = OrderedDict()  # one-square keys asked about, how often
SETTLE_AFTER = 4
LAST: OrderedDict[Key, object] = OrderedDict()  # where each piece was asked about last
BUILDING: dict[object, Future[object]] = {}  # programs being built (ready)
_BUILDER: ThreadPoolExecutor | None = None
RECENT = 16


def symbol(atom: Atom) -> clingo.Symbol:
    name, args = atom
    return clingo.Function(name, [clingo.Number(a) if isinstance(a, int) else
                                  clingo.Function(a) for a in args])


def fact(atom: Atom) -> str:
    return f"{atom[0]}({','.join(map(str, atom[1]))})."


def fits(estimate: int) -> bool:
    """Whether movers whose paths are estimated at ``estimate`` atoms are worth a kept
    program (single-leg pieces, hook movers, two-leg pieces of a few directions)."""
    return estimate <= MAX_ESTIMATE


def opens(piece: Piece, files: int, ranks: int) -> bool:
    """Whether one program open in its mover (on every square) is worth keeping for
    ``piece``: the single-leg riders and leapers, the short two-leg moves.

    >>> from translator.notation.syntax import parse
    >>> opens(parse("R"), 8, 8), opens(parse("mafsW"), 8, 8), opens(parse("R"), 16, 16)
    (True, True, False)
    >>> opens(parse("gQ"), 8, 8), opens(parse("mRcpR"), 8, 8)
    (False, False)
    """
    legs = max((len(move.legs) for move in piece.moves), default=1)
    # (p and g imply a leg beyond the hurdle; y and g toggle the range of the next leg)
    toggles = any(set(leg.modes) & {"g", "y", "p"} for move in piece.moves
                  for leg in move.legs)
    budget = 0 if toggles else MAX_OPEN[1] if legs == 1 else MAX_OPEN[2]
    return estimated_atoms(piece, files, ranks) * files * ranks <= budget


def opens_measured(piece: Piece, files: int, ranks: int) -> bool:
    """:func:`opens`, or the piece's one-square program was grounded and was small: its
    atoms times the squares are under :data:`MAX_OPEN_ATOMS`."""
    measured = MEASURED.get((piece, files, ranks))
    return opens(piece, files, ranks) or (
        measured is not None and measured * files * ranks <= MAX_OPEN_ATOMS)


def measure(piece: Piece, files: int, ranks: int, key: Key) -> None:
    """Note the atoms of the one-square program ``key`` of ``piece`` (for
    :func:`opens_measured`)."""
    if key in WARM:
        kept(MEASURED, (piece, files, ranks), lambda: len(WARM[key].ctl.symbolic_atoms), 256)


def settles(piece: Piece, files: int, ranks: int) -> bool:
    """Whether a square asked about again leaves ``piece``'s open program for one of its
    own (see :data:`MAX_CHEAP_OPEN`)."""
    return estimated_atoms(piece, files, ranks) * files * ranks > MAX_CHEAP_OPEN


def alone(piece: Piece, files: int, ranks: int) -> bool:
    """Whether a query of ``piece`` goes to its kept program on its own (see
    :data:`KEPT_FIRST`)."""
    return KEPT_FIRST.get() and opens_measured(piece, files, ranks)


def _split(atoms: list[Atom], movers: Sequence[Square], open_movers: bool
           ) -> tuple[list[Atom], list[Atom]]:
    """The atoms the program is grounded with, and those set per position."""
    fixed, external = [], []
    at_movers = set() if open_movers else set(movers)
    for atom in atoms:
        name, args = atom
        if name == "mover" and open_movers:
            external.append(atom)
        elif name in FIXED or (name == "piece" and (args[1], args[2]) in at_movers):
            fixed.append(atom)
        else:
            external.append(atom)
    return fixed, external


def moved_on(head: Key, where: object) -> bool:
    """Whether the query before of the same ``head`` (query file and pieces; a why
    program's facts) was asked somewhere else than ``where``: a piece moved round the board
    is worth a program open in its square (a single query is not: it grounds a program
    for its square, several times cheaper than an open one)."""
    before = LAST.pop(head, None)
    LAST[head] = where
    if len(LAST) > 1024:
        LAST.popitem(last=False)
    return before is not None and before != where


def _asked_before(key: Key) -> bool:
    """Whether ``key`` was asked :data:`SETTLE_AFTER` times while it stayed among the last
    :data:`RECENT` one-square keys: a square asked about again and again, not once in a
    while (nor twice by one ``why``)."""
    ASKED[key] = ASKED.pop(key, 0) + 1
    if len(ASKED) > RECENT:
        ASKED.popitem(last=False)
    return ASKED[key] > SETTLE_AFTER


def build(entry: str, externals: str, facts: str, deadline: float | None = None,
          timeout: float = 0.0) -> clingo.Control:
    """``entry`` grounded with ``facts`` and the external declarations of ``externals``
    (by ``deadline`` as :func:`translator.solve.engine.ground_parts` says)."""
    ctl = engine.control([entry, externals], facts, ["--warn=none"])
    engine.ground_parts(ctl, engine.may_chain(facts), deadline, timeout)
    return ctl


def ready(cache: OrderedDict[K, V], key: K, make: Callable[[], V], keep: int) -> V | None:
    """``cache[key]`` if it is there or its build has finished; else None, and ``make`` is
    called in a thread of its own (once). A long-lived caller (:data:`KEPT_FIRST`) asks for
    a program open in the mover so: it takes up to a second to ground, and meanwhile the
    query is answered from a smaller program."""
    if key in cache:
        return kept(cache, key, make, keep)
    job = BUILDING.get(key)
    if job is None:
        global _BUILDER
        _BUILDER = _BUILDER or ThreadPoolExecutor(1, thread_name_prefix="warm-build")
        BUILDING[key] = _BUILDER.submit(make)
        return None
    if not job.done() or job.exception() is not None:  # (a failed one is not tried again)
        return None
    del BUILDING[key]
    return kept(cache, key, lambda: cast(V, job.result()), keep)


def answer(entry: str, pos: Position, movers: list[Square], extra: Sequence[QueryAtom],
           types: Mapping[str | None, int | str], move_text: str, *, timeout: float,
           open_movers: bool = False, settle: bool = False) -> tuple[Key, list[clingo.Symbol]]:
    """The shown atoms of ``entry`` for one query (``pos``, ``movers`` and the query atoms
    ``extra``, all as query 0), from a cached program when one fits; also the program's key.
    ``move_text`` holds the move facts of the piece types numbered by ``types``; with
    ``open_movers`` the program is open in the movers' squares too (see :func:`opens`),
    and with ``settle`` only until the same squares are asked about again: from then on
    they get a program of their own, whose solves are cheaper."""
    deadline = time.monotonic() + timeout
    if KEPT_FIRST.get():
        entry = SHARED.get(entry, entry)
    atoms = position_atoms(0, pos, types, movers, set())
    atoms += [(name, (0, x, y)) for name, x, y in extra]
    # the move facts are in the key: one string read two ways (a dialect) is two programs
    head: Key = (entry, move_text, tuple(sorted(types.items(), key=lambda kv: str(kv[1]))))
    fixed, external = _split(atoms, movers, False)
    key = (*head, tuple(sorted(fixed, key=str)))
    def make(facts: list[Atom], by: float | None = None) -> WarmProgram:
        """The program; built for this query (not in a thread of its own) ``by`` its deadline."""
        return WarmProgram(build(entry, "externals.lp", " ".join([move_text, *map(fact, facts)]),
                                 by, timeout))

    is_open = False
    if open_movers and key not in WARM and not (settle and _asked_before(key)):
        open_fixed, open_external = _split(atoms, movers, True)
        open_fixed.append(("openmovers", (0,)))
        open_key = (*head, tuple(sorted(open_fixed, key=str)))
        if KEPT_FIRST.get():
            is_open = ready(OPEN, open_key, lambda: make(open_fixed), KEEP[True]) is not None
        else:
            # (the piece asked about on the same square for the other side, or unmoved,
            # gets a program of that square: it has not moved round the board)
            is_open = open_key in OPEN or moved_on(head, tuple(movers))
        if is_open:
            fixed, external, key = open_fixed, open_external, open_key
    program = kept(OPEN if is_open else WARM, key, lambda: make(fixed, deadline),
                   KEEP[is_open])
    program.set_position({symbol(a) for a in external})
    if time.monotonic() > deadline:
        raise engine.SolverTimeout(f"the grounder gave up after the time limit of "
                                   f"{timeout:g} s")
    shown: list[clingo.Symbol] = []

    def on_model(model: clingo.Model) -> None:
        shown[:] = model.symbols(shown=True)

    # Solved in this thread: the program is stratified, so with the externals set clasp
    # propagates the one answer set without a search, in time linear in the program (which
    # the atom budget bounds); a solving thread would cost more than the answer.
    program.ctl.solve(on_model=on_model)
    return key, shown
