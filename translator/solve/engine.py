"""Run the encodings with clingo: build a program, ground it, solve it within a deadline.

A query program is one entry file of ``encodings/`` (``moves.lp``, ``attacks.lp`` …) that
``#include``s ``core.lp`` (the kb facts and the shared semantics), plus the translator's facts
of one or many queries (grounding has a fixed cost per ``Control``, so callers put many
queries in one program; every position predicate carries the query id).

Warnings stay on: clingo's messages are collected (``Program.messages``) instead of being
printed, so that users never see them and ``tests/encodings`` can require that there are none.

>>> symbols = run("move(1,1). atom(1,1,\\"W\\"). leg(1,1,1). board(1,3,3). "
...               "piece(1,0,0,white,1). mover(1,0,0).", "moves.lp")
>>> sorted(str(s) for s in symbols)  # res(Query, path latest first, effects)
['res(1,h(0,1,h(0,0,nil)),nil)', 'res(1,h(1,0,h(0,0,nil)),nil)']
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

import clingo
import clingo.ast

from translator.errors import LimitError
from translator.resources import PARSING, data_dir
from translator.shown import LChain, each
from translator.solve import guard
from translator.solve.inline import inline
from translator.solve.kept import kept_shapes
from translator.solve.memo import remembered
from translator.solve.slicing import (
    Key,
    Shape,
    fact_keys,
    fact_names,
    keyed_positions,
    sliced,
)


class SolverTimeout(LimitError):
    """The solver did not finish within the time limit; the message says how to raise it.

    >>> print(SolverTimeout("the grounder gave up after the time limit of 1 s"))
    the grounder gave up after the time limit of 1 s (raise it with --timeout; batch: "timeout")
    """

    def __init__(self, message: str) -> None:
        super().__init__(f'{message} (raise it with --timeout; batch: "timeout")')




@cache
def program_ast(entry: str) -> tuple[clingo.ast.AST, ...]:
    """The statements of ``encodings/entry`` with its includes, parsed once per process:
    adding parsed statements to a new Control is faster than parsing the files again. The
    accessors of ``encodings/accessors.lp`` are inlined (:mod:`translator.solve.inline`)."""
    statements: list[clingo.ast.AST] = []
    with PARSING:
        clingo.ast.parse_files([str(data_dir("encodings") / entry)], statements.append)
    return tuple(inline(statements, accessor_file()))


@cache
def accessor_file() -> tuple[clingo.ast.AST, ...]:
    """The statements of ``encodings/accessors.lp``, whose accessors are inlined."""
    statements: list[clingo.ast.AST] = []
    with PARSING:
        clingo.ast.parse_files([str(data_dir("encodings") / "accessors.lp")], statements.append)
    return tuple(statements)


def add_program(ctl: clingo.Control, entry: str) -> None:
    """Add the entry file ``entry`` (and what it includes), every rule of it, to ``ctl``."""
    with PARSING, clingo.ast.ProgramBuilder(ctl) as builder:
        for statement in program_ast(entry):
            builder.add(statement)


@cache
def _program(entries: tuple[str, ...]) -> tuple[tuple[clingo.ast.AST, ...], tuple[Shape, ...],
                                                 dict[str, frozenset[int]]]:
    statements = tuple(s for entry in entries for s in program_ast(entry))
    shapes = kept_shapes(statements)
    return statements, shapes, keyed_positions(shapes)


def parse_ahead(entries: Iterable[Sequence[str]]) -> None:
    """Parse and analyse the programs of ``entries`` (each a tuple of entry files, as
    :func:`control` is given them) now rather than on first use, as :func:`control` would:
    a process that forks workers gives each of them the parsed programs (some 0.1 to 0.4 s
    of CPU per program in every process that first grounds it)."""
    for files in entries:
        _program(tuple(files))


@lru_cache(maxsize=256)
def _sliced(entries: tuple[str, ...], names: frozenset[str], keys: frozenset[Key]
            ) -> tuple[list[clingo.ast.AST], str]:
    statements, shapes, _ = _program(entries)
    return sliced(statements, names, shapes, keys, frozenset({"lchain"}))  # (ground_parts)


def statements(entries: Sequence[str], facts: str) -> tuple[list[clingo.ast.AST], str]:
    """Of the entry files' statements, those that may fire given ``facts`` and that the
    answer may read (:func:`translator.solve.slicing.sliced`), and the ``#defined``
    directives of the predicates whose rules were left out."""
    files = tuple(entries)
    return _sliced(files, fact_names(facts), fact_keys(facts, _program(files)[2]))


def control(entries: Sequence[str], facts: str, options: Iterable[str] = (),
            logger: Callable[[clingo.MessageCode, str], None] | None = None
            ) -> clingo.Control:
    """A Control with the entry files ``entries`` and ``facts`` added, not yet grounded:
    of the entries' rules, those that may fire given the facts (:mod:`.slicing`)."""
    ctl = clingo.Control(list(options), logger=logger, message_limit=1000)
    with PARSING:
        kept, defined = statements(entries, facts)
        with clingo.ast.ProgramBuilder(ctl) as builder:
            for statement in kept:
                builder.add(statement)
        ctl.add("base", [], facts + " " + defined)
    return ctl


@dataclass
class Program:
    """A grounded program: its Control and the messages clingo gave while building it."""

    ctl: clingo.Control
    messages: list[str] = field(default_factory=list)


def ground(entry: str, facts: str, options: Iterable[str] = (), *,
           deadline: float | None = None, timeout: float = 0.0) -> Program:
    """Build and ground ``entry`` with ``facts`` (see :func:`ground_parts` for the
    ``deadline``)."""
    messages: list[str] = []

    def logger(_code: clingo.MessageCode, message: str) -> None:
        messages.append(message)

    ctl = control([entry], facts, options, logger)
    ground_parts(ctl, may_chain(facts) and chained(entry), deadline, timeout)
    return Program(ctl, messages)


@cache
def chained(entry: str) -> bool:
    """Whether ``entry`` grounds legs step by step (it includes encodings/lean.lp's
    ``lleg`` part); one that does not (table.lp, conditions.lp …) is grounded in one call."""
    return any(statement.ast_type == clingo.ast.ASTType.Program and statement.name == "lleg"
               for statement in program_ast(entry))


def may_chain(facts: str) -> bool:
    """Whether the move facts in ``facts`` may hold a move of several legs: a second leg,
    or a hop (``p``, ``g``: a leg beyond the hurdle is implied)."""
    return re.search(r"\bleg\(\d+,\d+,(?:[2-9]|\d\d)|\bmode\(\d+,\d+,\d+,[pg]\)",
                     facts) is not None


def ground_parts(ctl: clingo.Control, chains: bool = True, deadline: float | None = None,
                 timeout: float = 0.0) -> None:
    """Ground ``ctl``'s program: the base part, then the legs of encodings/lean.lp's
    multi-leg moves one at a time (``lleg(l)`` and ``lnext(l)``, up to the longest of
    them, ``lchain/1``: a leg's paths that go on alike are cut to the first while
    grounding, over the atoms of the step before), then the query file's answer
    (``lanswer``). Without ``chains`` (:func:`may_chain` of its facts) a program is
    grounded in one call, which costs a few milliseconds less. Past the ``deadline`` (a
    ``time.monotonic()`` value) no step starts, the first included: a
    :class:`SolverTimeout` names the ``timeout``; inside a step,
    :func:`translator.solve.guard.step` holds the deadline (in a process armed for it) and
    the memory ceiling."""
    _before_step(deadline, timeout)
    if not chains:
        with guard.step(deadline, timeout):
            ctl.ground([("base", []), ("lanswer", [])])
        return
    # (parts that no #min joins are grounded together: a ground call costs a few ms)
    with guard.step(deadline, timeout):
        ctl.ground([("base", []), ("lleg", [clingo.Number(1)])])
    longest = max((chain.legs for chain in each(
        (atom.symbol for atom in ctl.symbolic_atoms.by_signature("lchain", 1)), LChain)),
        default=1)
    steps: list[list[tuple[str, Sequence[clingo.Symbol]]]] = []
    for leg in range(2, longest + 1):
        steps += [[("lnext", [clingo.Number(leg - 1)])], [("lleg", [clingo.Number(leg)])]]
    if steps:
        steps[-1].append(("lanswer", []))
    else:
        steps.append([("lanswer", [])])
    for parts in steps:
        _before_step(deadline, timeout)
        with guard.step(deadline, timeout):
            ctl.ground(parts)


def _before_step(deadline: float | None, timeout: float) -> None:
    """No grounding step starts past the deadline (a process not armed for it cannot stop
    one once started)."""
    if deadline is not None and time.monotonic() > deadline:
        raise SolverTimeout(f"the grounder gave up after the time limit of {timeout:g} s")


def solve(ctl: clingo.Control, *, deadline: float, what: str, timeout: float,
          on_model: Callable[[clingo.Model], bool | None] | None = None,
          assumptions: Sequence[tuple[clingo.Symbol, bool] | int] = (),
          on_core: Callable[[Sequence[int]], None] | None = None) -> clingo.SolveResult:
    """Solve ``ctl`` before ``deadline`` (a ``time.monotonic()`` value); past it, raise
    :class:`SolverTimeout` naming ``what`` gave up and the ``timeout`` it had."""
    # (the solver stops at a cancel: only its memory needs the guard)
    with guard.step(None, timeout), ctl.solve(on_model=on_model, assumptions=list(assumptions),
                                              on_core=on_core, async_=True) as handle:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not handle.wait(remaining):
            handle.cancel()
            raise SolverTimeout(f"{what} gave up after the time limit of {timeout:g} s")
        result: clingo.SolveResult = handle.get()
        return result


def _asked(facts: str, entry: str, *, timeout: float = 60.0,
           options: Iterable[str] = ()) -> tuple[str, str, tuple[str, ...]] | None:
    """A program's question, as :func:`run` keeps its answer (None: too long to keep)."""
    if len(facts) > KEPT_FACTS or not isinstance(options, (list, tuple)):
        return None
    return entry, facts, tuple(options)


KEPT_FACTS = 20_000  # characters of facts: the programs whose answers a process keeps


@remembered(_asked, list)
def run(facts: str, entry: str, *, timeout: float = 60.0,
        options: Iterable[str] = ()) -> list[clingo.Symbol]:
    """Ground and solve ``facts`` with the query file ``entry``; the shown atoms of the
    (single, stratified) answer set. The same program asked again (a census of the same
    piece, a position asked twice) is answered from the answers kept
    (:mod:`translator.solve.memo`) without building it."""
    deadline = time.monotonic() + timeout
    program = ground(entry, facts, options, deadline=deadline, timeout=timeout)
    symbols: list[clingo.Symbol] = []

    def on_model(model: clingo.Model) -> None:
        symbols[:] = model.symbols(shown=True)

    solve(program.ctl, deadline=deadline, what="the solver", timeout=timeout,
          on_model=on_model)
    return symbols
