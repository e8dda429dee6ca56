"""The programs grounded with only the rules that may fire (translator/solve/slicing.py)
derive what the whole programs derive, on real queries of every kind."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import clingo
import pytest

from translator import Position, equivalent, explain_lines, moves, why
from translator.compiled import store
from translator.solve import engine, memo
from translator.solve.slicing import fact_names, sliced


def _grounded(ctl: clingo.Control) -> tuple[frozenset[clingo.Symbol], frozenset[clingo.Symbol]]:
    """A grounded program's ground atoms that hold once grounded, and all its ground atoms
    (clingo's symbols: equal symbols are equal across programs)."""
    atoms = [(atom.symbol, atom.is_fact) for atom in ctl.symbolic_atoms]
    return (frozenset(symbol for symbol, fact in atoms if fact),
            frozenset(symbol for symbol, _ in atoms))


def _first_answer(ctl: clingo.Control) -> frozenset[clingo.Symbol]:
    answer: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda model: answer.extend(model.symbols(atoms=True)) or False)
    return frozenset(answer)


def _same(entries: Sequence[str], facts: str, options: Sequence[str], sliced_ctl: clingo.Control,
          ground: Callable[..., None]) -> None:
    """The program of ``facts`` with only the rules that may fire (``sliced_ctl``, grounded
    by the query that built it) has the whole program's answer: where grounding decides it
    (every atom a fact), the same single answer; else (a program that guesses) every atom
    the whole program holds once grounded, and no atom the whole program does not name."""
    whole = clingo.Control([*options, "--warn=none"])
    for entry in entries:
        engine.add_program(whole, entry)
    whole.add("base", [], facts)
    ground(whole, engine.may_chain(facts))
    holds, atoms = _grounded(sliced_ctl)
    whole_holds, whole_atoms = _grounded(whole)
    if holds == atoms:
        whole_holds = _first_answer(whole)
    # (the predicates of the whole program's that hold and that the sliced one leaves out:
    # facts that no statement it keeps reads)
    left = {symbol.name for symbol in whole_holds} - {symbol.name for symbol in atoms}
    assert not left & fact_names(" ".join(map(str, engine.statements(entries, facts)[0]))), (
        entries, facts[:300])
    whole_holds = frozenset(symbol for symbol in whole_holds if symbol.name not in left)
    if holds == atoms:
        assert whole_holds == holds, (entries, facts[:300])
    else:
        assert whole_holds <= holds and atoms <= whole_atoms, (entries, facts[:300])


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, ...]]]:
    """Every program built while the test runs is built whole too, and once the query has
    grounded it, their ground atoms are compared; the entry files of those compared are
    listed. (Every program of engine.control is grounded by engine.ground_parts, with
    ``engine.may_chain`` of its facts, or in one call when its entries ground no legs step
    by step.)"""
    built, ground = engine.control, engine.ground_parts
    asked: dict[int, tuple[tuple[str, ...], str, tuple[str, ...]]] = {}
    seen: list[tuple[str, ...]] = []

    def control(entries, facts, options=(), logger=None):  # type: ignore[no-untyped-def]
        ctl = built(entries, facts, options, logger)
        asked[id(ctl)] = (tuple(entries), facts, tuple(options))
        return ctl

    def ground_parts(ctl, chains=True, deadline=None, timeout=0.0):  # type: ignore[no-untyped-def]
        ground(ctl, chains, deadline, timeout)
        entries, facts, options = asked.pop(id(ctl))
        assert chains == engine.may_chain(facts) or not any(map(engine.chained, entries))
        _same(entries, facts, options, ctl, ground)
        seen.append(entries)

    monkeypatch.setattr(engine, "control", control)
    monkeypatch.setattr(engine, "ground_parts", ground_parts)
    with store.solver_only(), memo.fresh():
        yield seen
    assert not asked  # (every program built was grounded, and compared)


@pytest.mark.parametrize("betza", ["N", "mafsW", "fcafmF", "yafsF", "gQ", "[F?R]", "mRcpR",
                                   "FyafsF", "pR2", "yalmarW", "ionH", "K"])
def test_moves_and_why_ground_the_whole_programs_atoms(compared, betza):
    board = Position.light(8, 8, friends=["c5", "e2"], enemies=["e7", "g6"])
    found = moves(betza, "e4", board)
    why(betza, "e4", found[0].to if found else "e5", board)
    assert {"moves.lp", "why.lp"} <= {entry for entries in compared for entry in entries}


def test_equivalence_and_explain_ground_the_whole_programs_atoms(compared):
    assert equivalent("Q", "RB").equivalent
    assert not equivalent("mRcB", "cRmB").equivalent
    explain_lines("mafsW")
    assert len(compared) > 2


def test_a_rule_that_cannot_fire_is_left_out_and_its_head_declared():
    statements: list[clingo.ast.AST] = []
    clingo.ast.parse_string("""
        reach(X) :- step(X).            % kept: step/1 is given
        hop(X) :- hurdle(X), reach(X).  % left out: nothing gives hurdle/1
        far(X) :- reach(X), not hop(X).
        near(X) :- reach(X), X < 2.
        any :- #count { X: hurdle(X) } > 0.
    """, statements.append)
    kept, defined = sliced(statements, fact_names("step(1). step(3)."))
    assert [str(s) for s in kept] == [
        "#program base.", "reach(X) :- step(X).", "far(X) :- reach(X); not hop(X).",
        "near(X) :- reach(X); X < 2.", "any :- 0 < #count { X: hurdle(X) }."]
    assert defined == "#defined hop/1."


CASTLING = (("royal", 4, 0), ("virgin", 0, 0), ("virgin", 7, 0))
EP = (("ep", 3, 5), ("epvictim", 3, 4))


@pytest.mark.parametrize(("betza", "state", "square"), [
    ("mRcpR", None, None), ("[F?R]", None, None), ("yafsF", None, None), ("aaK", None, None),
    ("cabK", None, None), ("jB", None, None), ("zR", None, (4, 3)),
    ("fmWfceFifmnD", (), None), ("fmWfceFifmnD", EP, (4, 4)), ("KisO2", (), None),
    ("KisO2", CASTLING, (4, 0))])
def test_move_tables_ground_the_whole_programs_atoms(compared, betza, state, square):
    # table.lp, whose rules for hops (mode p), e.p. (e), castling (O) … want constants
    # that only some pieces' facts have; local tables (z, a state of squares) from a square
    from translator.compiled.table import compile_table

    table = compile_table(betza, 8, 8, state=state, squares=[square] if square else None)
    assert table.size > 0 and ("table.lp",) in compared


def test_a_rule_that_wants_a_constant_no_atom_has_is_left_out():
    from translator.solve.slicing import fact_keys, keyed_positions, shapes_of

    statements: list[clingo.ast.AST] = []
    clingo.ast.parse_string("""
        hop(T) :- mode(T,p).            % left out: no mode(_,p)
        slide(T) :- mode(T,s).          % kept: mode(1,s) is given
        far(T) :- slide(T), kind(T,far). % left out: kind(T,K) has mode(T,K)'s K, never far
        kind(T,K) :- mode(T,K).
        same(T) :- kind(T,s).           % kept: mode(1,s) gives kind(1,s)
        pool(T,(s;far)) :- mode(T,_).   % kept: a pool of constants
        wide(T) :- pool(T,far).         % kept: the pool gives far
        near(T) :- kind(T,near), hop(T). % left out: hop/1 cannot be derived
        #program step(l).
        at(l) :- mode(l,s).             % kept: l is the part's parameter, not a constant
    """, statements.append)
    shapes = shapes_of(statements)
    facts = "mode(1,s). mode(2,s)."
    kept, defined = sliced(statements, fact_names(facts), shapes,
                           fact_keys(facts, keyed_positions(shapes)))
    assert [str(s) for s in kept] == [
        "#program base.", "slide(T) :- mode(T,s).", "kind(T,K) :- mode(T,K).",
        "same(T) :- kind(T,s).", "pool(T,(s;far)) :- mode(T,_).", "wide(T) :- pool(T,far).",
        "#program step(l).", "at(l) :- mode(l,s)."]
    assert defined == "#defined far/1. #defined hop/1. #defined near/1."


def test_a_rule_whose_head_no_statement_reads_is_left_out_where_only_the_shown_is_the_answer():
    statements: list[clingo.ast.AST] = []
    clingo.ast.parse_string("""
        #show. #show go/1.
        unit(1;2). unit(0..1). note("unread"). -odd(1). pair(1,2).
        go(X) :- step(X), unit(X).
        rsv(X) :- tog(X). tog(X) :- rsv(X), pair(X,_). rsv(X) :- step(X).
    """, statements.append)
    kept, _ = sliced(statements, fact_names("step(1)."))
    assert [str(s) for s in kept] == [
        "#program base.", "#show.", "#show go/1.", "unit(1;2).", "unit((0..1)).", "-odd(1).",
        "go(X) :- step(X); unit(X)."]
    kept, _ = sliced(statements, fact_names("step(1)."), python=frozenset({"tog"}))
    assert "pair(1,2)." in [str(s) for s in kept]
    statements = [s for s in statements if str(s) != "#show."]  # (every atom is shown)
    assert len(sliced(statements, frozenset({"step"}))[0]) == len(statements)
