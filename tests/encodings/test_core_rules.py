"""The encodings on their own: translator facts in, derived atoms out (legs.lp, paths.lp).

Expected values are read from the spec text, not from the code: mafsW is one orthogonal
step then a 45-degree turn (the Xiangqi horse); pR hops over a piece and lands beyond it
(hop-off leg implied); a rook slides without limit and its range toggles to one step.
"""

from __future__ import annotations

import clingo

from translator.facts.translate import move_facts
from translator.notation.syntax import parse
from translator.solve import engine


def atoms(facts: str, name: str, arity: int) -> set[tuple]:
    ctl = engine.ground("core.lp", facts).ctl
    out = set()
    for atom in ctl.symbolic_atoms.by_signature(name, arity):
        out.add(tuple(_value(a) for a in atom.symbol.arguments))
    return out


def _value(sym: clingo.Symbol) -> object:
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    return str(sym)


def test_xiangqi_horse_legs() -> None:
    facts = move_facts(1, parse("mafsW"))
    assert atoms(facts, "dir1", 3) == {(1, 1, 0), (1, 1, 2), (1, 1, 4), (1, 1, 6)}
    assert atoms(facts, "turn", 4) == {(1, 1, 2, 1), (1, 1, 2, 7)}  # 45 degrees either way
    assert atoms(facts, "lmode", 4) == {(1, 1, 1, "m"), (1, 1, 2, "m"), (1, 1, 2, "c")}


def test_hopper_gets_an_implied_hop_off_leg() -> None:
    facts = move_facts(1, parse("pR"))
    assert atoms(facts, "nlegs", 3) == {(1, 1, 2)}
    assert atoms(facts, "lmode", 4) == {(1, 1, 1, "p"), (1, 1, 2, "m"), (1, 1, 2, "c")}
    assert atoms(facts, "turn", 4) == {(1, 1, 2, 0)}  # straight on after the mount


def test_ranges_and_their_toggle() -> None:
    assert atoms(move_facts(1, parse("R")), "rng1", 3) == {(1, 1, "rs(slide,inf)")}
    assert atoms(move_facts(1, parse("W3")), "rng1", 3) == {(1, 1, "rs(step,3)")}
    toggles = atoms(move_facts(1, parse("yafsF")), "tog", 2)
    assert ("rs(step,1)", "rs(slide,inf)") in toggles  # F becomes B after y


def test_locust_path_in_a_position() -> None:
    # the checker on e4 (4,3) captures the enemy on f5 (5,4) and lands on g6 (6,5)
    facts = (move_facts(1, parse("fcafmF")) + " board(1,8,8). piece(1,4,3,white,1). "
             "mover(1,4,3). piece(1,5,4,black,none).")
    done = atoms(facts, "done", 6)
    assert {(d[2], d[3]) for d in done} == {(6, 5)}
    (move,) = done
    assert move[5] == "e(cap,5,4,nil)"


def test_wazir_on_a_tiny_board() -> None:
    facts = (move_facts(1, parse("W")) + " board(1,2,2). piece(1,0,0,white,1). "
             "mover(1,0,0).")
    assert {(d[2], d[3]) for d in atoms(facts, "done", 6)} == {(0, 1), (1, 0)}
