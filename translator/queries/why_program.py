"""The grounded program of ``betza why``: one grounding of ``encodings/why.lp`` per
position, asked its questions one after another.

``why.lp`` takes the question as external atoms (``goal/3``, ``fixed/1``, ``explore/1``),
so the three questions a ``why`` may ask of a position -- the paths of a move that exists,
the closest position that allows one, every square some position lets the piece reach --
share one grounding, and a learner hovering square after square of the same board (the
web page asks ``why`` of each) pays for the grounding once. Programs are kept per process,
the least recently used dropped first, as translator/solve/warm.py keeps those of moves.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field

import clingo

from translator.queries.why_model import WhyContext
from translator.solve import engine
from translator.squares import Square

KEEP = 8  # grounded why programs kept per process
MAX_OPTIMA = 60  # closest positions enumerated (several can be equally close)
# how each question is solved: (opt_mode, enum_mode, models)
MODES = {"fixed": ("ignore", "auto", "0"), "closest": ("optN", "auto", "0"),
         "explore": ("ignore", "brave", "0")}


def facts(ctx: WhyContext) -> str:
    """The facts of ``ctx``'s position: the mover's own, and the real position of every
    other square (which the solver may change, counting the changes)."""
    from translator.queries.moves import piece_facts

    ids = {betza: t for t, betza in ctx.types.items()}
    pos = ctx.pos
    x0, y0 = pos.square(ctx.origin)
    out = [piece_facts(t, betza, pos.dialect) for t, betza in ctx.types.items()]
    out.append(f"board(0,{pos.files},{pos.ranks}). mover(0,{x0},{y0}). "
               f"piece(0,{x0},{y0},{ctx.side},{ctx.mover_type}).")
    for (x, y), pc in pos.pieces.items():
        if (x, y) == (x0, y0):
            if pc.royal:
                out.append(f"royal(0,{x},{y}).")
            if pc.virgin:
                out.append(f"realvirgin(0,{x},{y}).")
            continue
        out.append(f"real(0,{x},{y},{pc.side}).")
        if pc.virgin:
            out.append(f"realvirgin(0,{x},{y}).")
        if pc.betza and pc.betza in ids:
            out.append(f"realtype(0,{x},{y},{ids[pc.betza]}).")
        if pc.royal:
            out.append(f"realroyal(0,{x},{y}).")
    out.extend(f"realep(0,{x},{y})." for x, y in pos.ep)
    if pos.ep_victim is not None:
        out.append(f"realepvictim(0,{pos.ep_victim[0]},{pos.ep_victim[1]}).")
    if pos.last_moved and pos.last_moved in ids:
        out.append(f"lastmoved(0,{ids[pos.last_moved]}).")
    return "\n".join(out)


@dataclass
class WhyProgram:
    """``why.lp`` grounded for one position; :meth:`ask` solves one question of it."""

    ctl: clingo.Control
    on: list[clingo.Symbol] = field(default_factory=list)
    explored: list[list[clingo.Symbol]] | None = None  # the answer of "explore", once

    def ask(self, question: str, goal: Square | None, deadline: float, timeout: float
            ) -> tuple[list[list[clingo.Symbol]], bool]:
        """The models of ``question`` ("fixed": the real position's paths to ``goal``;
        "closest": the positions nearest the real one with a move to ``goal``, only
        those proven optimal; "explore": what some position lets the piece reach), and
        whether the search finished before ``deadline``."""
        if question == "explore" and self.explored is not None:
            return self.explored, True
        atoms = [clingo.Function("goal", [clingo.Number(0), *map(clingo.Number, goal)])
                 ] if goal is not None else []
        if question != "closest":
            atoms.append(clingo.Function(question, [clingo.Number(0)]))
        for sym in self.on:
            self.ctl.assign_external(sym, False)
        for sym in atoms:
            self.ctl.assign_external(sym, True)
        self.on = atoms
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
        if question == "explore":
            self.explored = models
        return models, True


PROGRAMS: OrderedDict[str, WhyProgram] = OrderedDict()


def program(ctx: WhyContext) -> WhyProgram:
    """The grounded program of ``ctx``'s position, from the cache when it is there."""
    text = facts(ctx)
    found = PROGRAMS.get(text)
    if found is not None:
        PROGRAMS.move_to_end(text)
        return found
    found = WhyProgram(engine.ground("why.lp", text).ctl)
    PROGRAMS[text] = found
    if len(PROGRAMS) > KEEP:
        PROGRAMS.popitem(last=False)
    return found


def ask(ctx: WhyContext, question: str, goal: Square | None, deadline: float,
        timeout: float) -> tuple[list[list[clingo.Symbol]], bool]:
    """:meth:`WhyProgram.ask` of ``ctx``'s program (grounded within the time limit)."""
    found = program(ctx)
    if time.monotonic() > deadline:
        raise engine.SolverTimeout(f"the why search gave up after the time limit of "
                                   f"{timeout:g} s")
    return found.ask(question, goal, deadline, timeout)
