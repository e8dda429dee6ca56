"""attacks.lp works back from the target: only the moves whose rays pass the target square
are followed (idle/2 for paths.lp, unneeded/2 for lean.lp), and the program stays
stratified (grounding alone answers)."""

from __future__ import annotations

from translator.facts.translate import move_facts, position_facts
from translator.notation.syntax import parse
from translator.position import PlacedPiece, Position
from translator.solve import engine


def ground(pieces: dict[tuple[int, int], str], target: tuple[int, int]) -> engine.Program:
    types = {betza: n for n, betza in enumerate(sorted(set(pieces.values())), start=1)}
    pos = Position(8, 8, {sq: PlacedPiece("white", betza) for sq, betza in pieces.items()})
    facts = " ".join(move_facts(n, parse(b)) for b, n in types.items())
    facts += position_facts(0, pos, types, list(pieces), set())
    return engine.ground("attacks.lp", facts + f" target(0,{target[0]},{target[1]}).")


def started(program: engine.Program) -> set[tuple[int, int]]:
    """The squares of the pieces some of whose moves are built: by paths.lp (startable/2)
    or by lean.lp (lbuild/2)."""
    atoms = program.ctl.symbolic_atoms
    return {(a.symbol.arguments[0].arguments[3].number, a.symbol.arguments[0].arguments[4].number)
            for name in ("startable", "lbuild") for a in atoms.by_signature(name, 2)}


def test_only_pieces_whose_rays_pass_the_target_move() -> None:
    # target e4: the rook on e1 (file), the bishop on b1 (diagonal b1-h7), the knight on
    # d2; not the rook on a2, the bishop on a1, the knight on a1's neighbour b2 (c4, d3)
    program = ground({(4, 0): "R", (1, 0): "B", (3, 1): "N", (0, 1): "R", (0, 0): "B",
                      (1, 1): "N"}, (4, 3))
    assert started(program) == {(4, 0), (1, 0), (3, 1)}
    assert program.messages == []
    assert all(a.is_fact for a in program.ctl.symbolic_atoms.by_signature("ares", 3))


def test_multi_leg_and_ep_moves_are_followed_in_full() -> None:
    # a checker (fcafmF) and a pawn's e.p. capture (fceF) may capture off their rays
    program = ground({(0, 0): "fcafmF", (7, 0): "fceF"}, (4, 3))
    assert started(program) == {(0, 0), (7, 0)}
