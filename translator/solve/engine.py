"""Run the encodings with clingo: one fresh ``Control`` per chunk of queries.

Grounding the encodings has a fixed cost per ``Control`` (a few ms), so callers put many
queries in one program; every position predicate carries the query id.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import cache

import clingo
import clingo.ast

from translator.errors import BetzaError
from translator.resources import data_dir

KB_FILES = ("atoms.lp", "directions.lp")
CORE = ("legs.lp", "geometry.lp", "paths.lp", "castling.lp")


@cache
def program_text(*encodings: str) -> str:
    """The kb facts plus the core encodings plus the query's own ``encodings``."""
    kb, enc = data_dir("kb"), data_dir("encodings")
    parts = [(kb / name).read_text() for name in KB_FILES]
    parts += [(enc / name).read_text() for name in CORE + encodings]
    return "\n".join(parts)


@cache
def program_ast(*encodings: str) -> tuple:
    """The program of :func:`program_text`, parsed once per process: adding parsed
    statements to a new Control is faster than parsing the text again."""
    statements: list = []
    clingo.ast.parse_string(program_text(*encodings), statements.append)
    return tuple(statements)


def add_program(ctl: clingo.Control, *encodings: str) -> None:
    """Add the kb, the core encodings and ``encodings`` to ``ctl``."""
    with clingo.ast.ProgramBuilder(ctl) as builder:
        for statement in program_ast(*encodings):
            builder.add(statement)


class SolverTimeout(BetzaError):
    """The solver did not finish within the time limit."""


def run(facts: str, encodings: Iterable[str], *, timeout: float = 60.0,
        options: Iterable[str] = ()) -> list[clingo.Symbol]:
    """Ground and solve ``facts`` with the given query encodings; return the shown atoms
    of the (single, stratified) answer set."""
    ctl = clingo.Control(["--warn=none", *options])
    add_program(ctl, *encodings)
    ctl.add("base", [], facts)
    timer = threading.Timer(timeout, ctl.interrupt)
    ctl.ground([("base", [])])
    symbols: list[clingo.Symbol] = []

    def on_model(model: clingo.Model) -> None:
        symbols[:] = model.symbols(shown=True)

    timer.start()
    try:
        result = ctl.solve(on_model=on_model)
    finally:
        timer.cancel()
    if result.interrupted:
        raise SolverTimeout(f"the solver gave up after the time limit of {timeout:g} s")
    return symbols
