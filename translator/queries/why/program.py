"""The grounded programs of ``betza why``, asked their questions one after another, for
the pieces without a compiled move table (translator/queries/why/table.py answers the
others from their rows).

``why.lp`` takes the question as external atoms (``goal/3``, ``fixed/1``, ``explore/1``),
so the three questions a ``why`` may ask of a position -- the paths of a move that exists,
the closest position that allows one, every square some position lets the piece reach --
share one grounding. For small pieces (those translator/solve/warm.py opens in the mover)
the position is external too (``encodings/why_externals.lp``): one grounding per piece
type and board answers every square and position, a solve of some milliseconds where a
grounding costs tens. Other pieces get a grounding per position, which a learner hovering
square after square of the same board (the web page asks ``why`` of each) still pays
once. Programs are kept per process, the least recently used dropped first.

A piece whose table answers but some of whose moves wrap round the board or curl (their
legs not spelt out by a row's squares) has its paths put into words by
``encodings/why_words.lp`` (:func:`words`), in the positions the table found, all in one program
that guesses nothing: a fraction of why.lp's cost.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import NoReturn

import clingo

from translator.facts.schema import BOARD, MOVERSIDE, MOVERTYPE
from translator.facts.translate import Atom
from translator.position import Position
from translator.queries.why.model import WhyContext
from translator.queries.why.table import Change
from translator.solve import engine, warm
from translator.squares import Square, square_coords

KEEP_EXPLORED = 1024  # answers of "explore" kept per process
READ_BY_EXPLORE = ("wmover", "wroyal", "realtype", "lastmoved")
MAX_OPTIMA = 60  # closest positions enumerated (several can be equally close)
# how each question is solved: (opt_mode, enum_mode, models)
MODES = {"fixed": ("ignore", "auto", "0"), "closest": ("optN", "auto", "0"),
         "explore": ("ignore", "brave", "0")}


def position_atoms(ctx: WhyContext) -> list[Atom]:
    """``ctx``'s position as atoms of encodings/why_externals.lp and why.lp: the mover's
    own, and the real position of every other square (which the solver may change,
    counting the changes)."""
    ids = {betza: t for t, betza in ctx.types.items()}
    pos = ctx.pos
    x0, y0 = pos.square(ctx.origin)
    out: list[Atom] = [("wmover", (0, x0, y0, ctx.side))]
    for (x, y), pc in pos.pieces.items():
        mover = (x, y) == (x0, y0)
        if not mover:
            out.append(("real", (0, x, y, pc.side)))
            if pc.betza and pc.betza in ids:
                out.append(("realtype", (0, x, y, ids[pc.betza])))
        if pc.virgin:
            out.append(("realvirgin", (0, x, y)))
        if pc.royal:
            out.append(("wroyal" if mover else "realroyal", (0, x, y)))
    out.extend(("realep", (0, x, y)) for x, y in pos.ep)
    if pos.ep_victim is not None:
        out.append(("realepvictim", (0, *pos.ep_victim)))
    if pos.last_moved and pos.last_moved in ids:
        out.append(("lastmoved", (0, ids[pos.last_moved])))
    return out


def type_facts(ctx: WhyContext) -> str:
    """The moves of the program's piece types, the board, the mover's type and side."""
    from translator.facts.pieces import piece_facts

    out = [piece_facts(t, betza, ctx.pos.dialect) for t, betza in ctx.types.items()]
    out.append(BOARD(0, ctx.pos.files, ctx.pos.ranks) + MOVERTYPE(0, ctx.mover_type)
               + MOVERSIDE(0, ctx.side))
    return "\n".join(out)


def opens(ctx: WhyContext) -> bool:
    """Whether one program open in the position (:func:`warm.opens`) answers ``ctx``."""
    from translator.facts.pieces import parse_piece

    pos = ctx.pos
    return all(warm.opens(parse_piece(betza, pos.dialect), pos.files, pos.ranks)
               for betza in ctx.types.values())


@dataclass
class WhyProgram(warm.WarmProgram):
    """``why.lp`` grounded for one position, or for every position of a piece type and
    board with the position's externals (``on``) set by :meth:`set_position`; :meth:`ask`
    solves one question of it."""

    question: set[clingo.Symbol] = field(default_factory=set)  # its external atoms now true

    def ask(self, question: str, goal: Square | None, deadline: float, timeout: float
            ) -> tuple[list[list[clingo.Symbol]], bool]:
        """The models of ``question`` ("fixed": the real position's paths to ``goal``;
        "closest": the positions nearest the real one with a move to ``goal``, only
        those proven optimal; "explore": what some position lets the piece reach), and
        whether the search finished before ``deadline``."""
        atoms = {clingo.Function("goal", [clingo.Number(0), *map(clingo.Number, goal)])
                 } if goal is not None else set()
        if question != "closest":
            atoms.add(clingo.Function(question, [clingo.Number(0)]))
        warm.switch(self.ctl, self.question, atoms)
        self.question = atoms
        config = self.ctl.configuration.solve
        assert isinstance(config, clingo.Configuration)
        config.opt_mode, config.enum_mode, config.models = MODES[question]
        models: list[list[clingo.Symbol]] = []
        optimal = question == "closest"

        def on_model(m: clingo.Model) -> bool:
            if optimal and not m.optimality_proven:
                return True
            models.append(list(m.symbols(shown=True)))
            return not optimal or len(models) < MAX_OPTIMA

        try:
            engine.solve(self.ctl, deadline=deadline, what="the why search",
                         timeout=timeout, on_model=on_model)
        except engine.SolverTimeout:
            return models, False
        return models, True


# grounded why programs kept per process: open ones (a piece type's one program, by its
# facts) and those of one position (by the position's facts too), in caches of their own
OPEN: OrderedDict[str, WhyProgram] = OrderedDict()
CLOSED: OrderedDict[str, WhyProgram] = OrderedDict()
KEEP = {True: 16, False: 8}


def program(ctx: WhyContext, atoms: list[Atom], text: str) -> WhyProgram:
    """The grounded program of ``ctx``'s position (its :func:`position_atoms` and
    :func:`type_facts`): one for the piece types and board with the position as externals
    when the pieces are small, else one for the position; from the cache when it is
    there."""
    closed = " ".join([text, *map(warm.fact, atoms)])

    def make(facts: str) -> WhyProgram:
        return WhyProgram(warm.build("why.lp", "why_externals.lp", facts))

    # open once the piece is asked about in another position, or its open program exists;
    # a long-lived caller has it built meanwhile (warm.ready)
    is_open = text in OPEN or (closed not in CLOSED and opens(ctx) and (
        warm.ready(OPEN, text, lambda: make(text + " openwhy(0)."), KEEP[True]) is not None
        if warm.KEPT_FIRST.get() else warm.moved_on(("why", text), closed)))
    found = warm.kept(OPEN if is_open else CLOSED, text if is_open else closed,
                      lambda: make(text + " openwhy(0)." if is_open else closed),
                      KEEP[is_open])
    if is_open:
        found.set_position({warm.symbol(a) for a in atoms})
    return found


# the answers of "explore", by the piece types and the atoms of the position it reads
EXPLORED: OrderedDict[tuple[str, frozenset[Atom]], list[list[clingo.Symbol]]] = OrderedDict()


def explore_key(atoms: list[Atom], text: str) -> tuple[str, frozenset[Atom]]:
    """What the answer of "explore" depends on, of a position's atoms and type facts. It
    asks what *some* position lets the piece reach, so why.lp guesses every square's
    occupant, royal mark and e.p. state: what stays is the piece types, the mover (its
    square, side, royal mark, virginity where no move guesses it), the types of the other
    pieces and the last-moved type."""
    mover = atoms[0][1][:3]  # wmover(Q,X,Y,Side) comes first
    return text, frozenset(a for a in atoms if a[0] in READ_BY_EXPLORE or (
        a[0] == "realvirgin" and a[1] == mover))


def ask(ctx: WhyContext, question: str, goal: Square | None, deadline: float,
        timeout: float) -> tuple[list[list[clingo.Symbol]], bool]:
    """:meth:`WhyProgram.ask` of ``ctx``'s program (grounded within the time limit); an
    answer of "explore" is kept for the next position that shares what it reads, whose
    program then need not be grounded for it."""
    atoms, text = position_atoms(ctx), type_facts(ctx)
    key = explore_key(atoms, text) if question == "explore" else None
    if key is not None and key in EXPLORED:
        EXPLORED.move_to_end(key)
        return EXPLORED[key], True
    found = program(ctx, atoms, text)
    if time.monotonic() > deadline:
        give_up(timeout)
    models, finished = found.ask(question, goal, deadline, timeout)
    if key is not None and finished:
        warm.kept(EXPLORED, key, lambda: models[-1:], KEEP_EXPLORED)
    return models, finished


def words(ctx: WhyContext, positions: list[tuple[Position, list[Change]]], goal: Square,
          deadline: float, timeout: float) -> list[clingo.Symbol]:
    """What ``encodings/why_words.lp`` shows of ``positions`` (the real one, or closest ones
    with the changes from the real one that made each), position ``i`` as query ``i``: the
    paths of ``ctx``'s piece to ``goal`` leg by leg, as why.lp shows a model of its own.
    All are asked in one program."""
    from translator.facts.pieces import piece_facts
    from translator.facts.translate import position_atoms as atoms_of

    ids: dict[str | None, int | str] = {betza: t for t, betza in ctx.types.items()}
    origin = ctx.pos.square(ctx.origin)
    facts = [piece_facts(t, betza, ctx.pos.dialect) for t, betza in ctx.types.items()]
    for q, (pos, changes) in enumerate(positions):
        facts += map(warm.fact, atoms_of(q, pos, ids, [origin], set()))
        facts.append(warm.fact(("goal", (q, *goal))))
        facts += (warm.fact(("changed", (q, *square_coords(sq), was, now)))
                  for sq, was, now in changes)
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        give_up(timeout)
    return engine.run(" ".join(facts), "why_words.lp", timeout=remaining)


def give_up(timeout: float) -> NoReturn:
    raise engine.SolverTimeout(f"the why search gave up after the time limit of "
                               f"{timeout:g} s")
