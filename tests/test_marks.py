"""The teaching board's marks agree with ``moves``: a square marked ``move`` or ``both`` is
a move's destination were it empty, one marked ``capture`` or ``both`` a capture's were an
enemy there, the rest of the position as it is (the marks of the issue's examples were
wrong before they came from the compiled table)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.betza_strings import random_strings
from translator.position import PlacedPiece, Position
from translator.queries.board import board
from translator.queries.moves import MovesQuery, moves
from translator.squares import square_name


def test_the_ship_captures_where_it_moves() -> None:
    # [F?R] from e5: a Ferz step that may end there (d4 d6 f4 f6), move or capture
    marks = board(MovesQuery("[F?R]", "e5", Position.light())).marks
    assert {sq: marks[sq] for sq in ("d4", "d6", "f4", "f6")} == dict.fromkeys(
        ("d4", "d6", "f4", "f6"), "both")
    pos = Position.light(enemies=["d4"])
    assert ("d4", ("d4",)) in [(m.to, m.captures) for m in moves("[F?R]", "e5", pos)]


def test_a_black_hook_mover_cannot_capture_where_it_first_passes() -> None:
    # rmabR for Black on e5: right (toward the a-file) over empty squares, then back;
    # b5 c5 d5 are reached only coming back over themselves, so an enemy there would
    # block the first leg: they are move squares, not capture squares
    marks = board(MovesQuery("rmabR", "e5", Position.light(side="black"),
                             side="black")).marks
    assert marks == {"b5": "move", "c5": "move", "d5": "move", "f5": "both", "g5": "both",
                     "h5": "both"}
    pos = Position.light(side="black", enemies=["c5"])
    assert "c5" not in [m.to for m in moves("rmabR", "e5", pos, side="black")]


def _otherwise(pos: Position, square: str, side: str, enemy: bool) -> Position:
    pieces = dict(pos.pieces)
    pieces.pop(pos.square(square), None)
    if enemy:
        pieces[pos.square(square)] = PlacedPiece("black" if side == "white" else "white")
    return replace(pos, pieces=pieces)


@pytest.mark.parametrize("betza", ["bfmcHnaflabF", "flmNsasmabrabW", "pamcafQ", "[A?R]",
                                   "[W?cB]", "v[F?R]", "N[W?B]", "fcafmF", "mRcpR", "gQ",
                                   *random_strings(12, seed=3)])
def test_marks_agree_with_moves(betza: str) -> None:
    rng = random.Random(betza)
    for _ in range(3):
        side = rng.choice(["white", "black"])
        origin = square_name((rng.randrange(8), rng.randrange(8)))
        taken = rng.sample([square_name((x, y)) for x in range(8) for y in range(8)
                            if square_name((x, y)) != origin], 10)
        pos = Position.light(side=side, friends=taken[:4], enemies=taken[4:])
        marks = board(MovesQuery(betza, origin, pos, side)).marks
        for sq, mark in marks.items():
            if pos.square(sq) in pos.pieces and pos.pieces[pos.square(sq)].side == side:
                continue
            if mark in ("move", "both"):
                empty = _otherwise(pos, sq, side, enemy=False)
                assert any(m.to == sq and sq not in m.captures
                           for m in moves(betza, origin, empty, side=side)), (sq, mark)
            if mark in ("capture", "both"):
                occupied = _otherwise(pos, sq, side, enemy=True)
                assert any(m.to == sq and sq in m.captures
                           for m in moves(betza, origin, occupied, side=side)), (sq, mark)
        for mv in moves(betza, origin, pos, side=side):
            assert mv.to in marks or mv.to == origin, mv
