"""Every query program grounds without clingo warnings: each input predicate is declared
(encodings/inputs.lp and the query files' #defined lines), so a misspelt predicate in a rule
would show up here as "atom does not occur in any rule head"."""

from __future__ import annotations

from pathlib import Path

import clingo
import pytest

from translator.resources import data_dir
from translator.solve import engine

ENTRIES = ["moves.lp", "attacks.lp", "equiv.lp", "samedef.lp", "why.lp", "why_words.lp", "find.lp",
           "census.lp", "plan.lp", "drops.lp", "board.lp", "conditions.lp", "table.lp", "legal.lp"]
# the shared parts query files include (each query file is one concern on top of them)
SHARED = ("core.lp", "inputs.lp", "moves.lp", "condpaths.lp", "attacks.lp")


@pytest.mark.parametrize("entry", ENTRIES)
def test_query_program_has_no_warnings(entry: str) -> None:
    program = engine.ground(entry, "")
    assert program.messages == []


def test_every_query_file_is_tested() -> None:
    tops = {p.name for p in data_dir("encodings").glob("*.lp")
            if p.name not in ("core.lp", "condpaths.lp") and any(
                f'#include "{f}".' in p.read_text() for f in SHARED)}
    assert tops == set(ENTRIES)


def test_a_misspelt_predicate_is_reported() -> None:
    program = engine.ground("moves.lp", "")
    program.ctl.add("typo", [], "oops(X) :- boad(X,_,_).")
    program.ctl.ground([("typo", [])])
    assert any("boad" in m for m in program.messages)


@pytest.mark.parametrize("entry", ["moves.lp", "board.lp"])
def test_the_externals_part_adds_no_warnings(entry: str) -> None:
    messages: list[str] = []
    ctl = clingo.Control(logger=lambda _code, message: messages.append(message))
    engine.add_program(ctl, entry)
    engine.add_program(ctl, "externals.lp")
    ctl.add("base", [], 'move(1,1). atom(1,1,"R"). leg(1,1,1). board(0,4,4). '
                        "mover(0,1,1). piece(0,1,1,white,1).")
    ctl.ground([("base", [])])
    assert messages == []
    assert ctl.symbolic_atoms[clingo.parse_term("piece(0,2,2,black,1)")].is_external


def _heads_and_declared(name: str) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    """The predicates that rules of encodings/``name`` derive, and those it declares with
    #defined (not counting the files it includes)."""
    heads: set[tuple[str, int]] = set()
    declared: set[tuple[str, int]] = set()

    def visit(stm: clingo.ast.AST) -> None:
        if Path(stm.location.begin.filename).name != name:
            return
        if stm.ast_type == clingo.ast.ASTType.Rule and \
                stm.head.ast_type == clingo.ast.ASTType.Literal and \
                stm.head.atom.ast_type == clingo.ast.ASTType.SymbolicAtom:
            term = stm.head.atom.symbol
            if term.ast_type == clingo.ast.ASTType.Function:
                heads.add((term.name, len(term.arguments)))
        elif stm.ast_type == clingo.ast.ASTType.Defined:
            declared.add((stm.name, stm.arity))

    clingo.ast.parse_files([str(data_dir("encodings") / name)], visit)
    return heads, declared


def test_what_lean_declares_is_derived() -> None:
    # lean.lp declares with #defined the atoms that cross its program parts
    # (gringo would otherwise warn in a part grounded before the one deriving them), which
    # also silences the warning a misspelt name would get: each must be some rule's head
    derived: set[tuple[str, int]] = set()
    for path in data_dir("encodings").glob("*.lp"):
        derived |= _heads_and_declared(path.name)[0]
    declared = _heads_and_declared("lean.lp")[1]
    assert declared and declared <= derived, declared - derived
