"""encodings/board.lp on its own: made/4 says which move of the string ends a move on a
square (what a square would show were it otherwise is asked of the solver as boards of
its own, tests/test_marks.py). Expected values are read from the strings: fmWfcF on e4
(x=4, y=3) moves to e5 and captures on d5 / f5."""

from __future__ import annotations

from translator.facts.translate import move_facts, position_facts
from translator.notation.syntax import parse
from translator.position import Position
from translator.solve import engine


def shown(betza: str, **position: list[str]) -> set[str]:
    piece = parse(betza)
    pos = Position.light(8, 8, **position)
    pieces = dict(pos.pieces)
    from translator.position import PlacedPiece

    pieces[(4, 3)] = PlacedPiece("white", betza=str(piece))
    pos.pieces = pieces
    facts = move_facts(1, piece) + position_facts(0, pos, {str(piece): 1}, [(4, 3)], set())
    return {str(s) for s in engine.run(facts, "board.lp") if s.name == "made"}


def test_each_square_names_the_move_that_makes_it() -> None:
    assert shown("fmWfcF") == {"made(0,4,4,1)"}


def test_an_enemy_the_capture_takes() -> None:
    # e5 holds an enemy fmW cannot take; fcF takes the one on d5
    assert shown("fmWfcF", enemies=["e5", "d5"]) == {"made(0,3,4,2)"}
