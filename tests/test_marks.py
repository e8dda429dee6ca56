"""The teaching board's marks agree with ``moves``: a square marked ``move`` or ``both`` is
a move's destination were it empty, one marked ``capture`` or ``both`` a capture's were an
enemy there, the rest of the position as it is (the marks of the issue's examples were
wrong before they came from the compiled table)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.betza_strings import random_strings
from translator.compiled.store import solver_only
from translator.errors import BetzaError
from translator.position import PlacedPiece, Position
from translator.present.board import Board, board, boards
from translator.queries.moves import MovesQuery, batch_moves, moves
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
                                   "fmWfceFifmnD",
                                   *random_strings(12, seed=3)])
def test_marks_agree_with_moves(betza: str) -> None:
    _agree(betza)


@pytest.mark.parametrize("betza", ["bfmcHnaflabF", "[F?R]"])
def test_marks_agree_with_moves_on_the_solver_path(betza: str) -> None:
    # a piece without a table (e.p., castling … or, here, forced) gets from the solver
    # what a square would show were it otherwise: the same boards a table's rows answer
    with solver_only():
        _agree(betza)


def _agree(betza: str) -> None:
    # (the three boards drawn together, then every moves query they call for asked in
    # one batch, as batch_moves grounds them: few solver programs, not one a square)
    rng = random.Random(betza)
    queries = []
    for _ in range(3):
        side = rng.choice(["white", "black"])
        origin = square_name((rng.randrange(8), rng.randrange(8)))
        taken = rng.sample([square_name((x, y)) for x in range(8) for y in range(8)
                            if square_name((x, y)) != origin], 10)
        pos = Position.light(side=side, friends=taken[:4], enemies=taken[4:])
        queries.append(MovesQuery(betza, origin, pos, side))
    # each moves query with its board and what it checks: None (the position as it is:
    # every move's destination is marked), or a marked square otherwise (empty, or an
    # enemy there) and whether the move there captures
    asked: list[tuple[MovesQuery, Board, tuple[str, str, bool] | None]] = []
    for query, drawn in zip(queries, boards(queries), strict=True):
        assert not isinstance(drawn, BetzaError), drawn
        asked.append((query, drawn, None))
        pos, side = query.position, query.side or "white"
        for sq, mark in drawn.marks.items():
            if pos.square(sq) in pos.pieces and pos.pieces[pos.square(sq)].side == side:
                continue
            for capture in (False, True):
                if mark in ("both", "capture" if capture else "move"):
                    asked.append((replace(query, position=_otherwise(pos, sq, side, capture)),
                                  drawn, (sq, mark, capture)))
    answers = batch_moves([query for query, *_ in asked])
    for (query, drawn, check), found in zip(asked, answers, strict=True):
        assert not isinstance(found, BetzaError), found
        if check is None:
            for mv in found:
                assert mv.to in drawn.marks or mv.to == query.origin, mv
            continue
        sq, mark, capture = check
        assert any(m.to == sq and (sq in m.captures) == capture for m in found), (sq, mark)


# ---- present/marks.py: the one classifier, on hand-made moves and boards -----------------

def test_board_marks_from_moves_and_the_square_otherwise() -> None:
    from translator.present.marks import board_marks
    from translator.solve.readers import Move

    # a piece on d4 with an enemy on d5 and a friend on e4: it captures d5 (move 0) and
    # would move there were it empty (move 1); it moves to c4 and would capture there
    # (move 0); a locust capture of e5 lands on f6
    pos = Position.light(8, 8, friends=["e4"], enemies=["d5", "e5"])
    pos = replace(pos, pieces={**pos.pieces, (3, 3): PlacedPiece("white")})
    found = [Move("d5", ("d4", "d5"), ("d5",)), Move("c4", ("d4", "c4")),
             Move("f6", ("d4", "e5", "f6"), ("e5",))]
    made = {"d5": {0}, "c4": {1}, "f6": {2}}
    other = {"d5": {"mov": {1}}, "c4": {"cap": {0}}}
    shown = board_marks(pos, (3, 3), found, made, other, castling=set())
    assert shown.marks == {"c4": "both", "d5": "both", "f6": "move"}
    assert shown.context == {"e5": "locust"}
    assert shown.producers == {"c4": [1], "d5": [0, 1], "f6": [2], "e5": [2]}


def test_the_square_otherwise_from_the_table() -> None:
    from translator.compiled.match import Board, square_rows
    from translator.compiled.table import compile_table
    from translator.present.marks import otherwise

    # the Shatranj pawn on c3 of 5x5: c4 is a move only; b4 and d4 are captures were an
    # enemy there; with an enemy on d4 it would not move there were d4 empty
    rows = square_rows(compile_table("fmWfcF", 5, 5), "white", (2, 2))
    assert otherwise(rows, Board(25, 0, 0, 0), False) == {"b4": {"cap": {2}},
                                                            "d4": {"cap": {2}}}
    enemy = Board.of(Position.light(5, 5, enemies=["d4"]), "white")
    assert otherwise(rows, enemy, False) == {"b4": {"cap": {2}}}


def test_answer_marks_of_a_moves_answer() -> None:
    from translator.present.marks import answer_marks
    from translator.solve.readers import Move

    found = [Move("c4", ("c2", "c3", "c4"), ("c3",)), Move("d3", ("c2", "d3"), ("d3",)),
             Move("b2", ("c2", "b2"), ("b2",), (("a1", "b2"),))]
    assert answer_marks(found) == {"c3": "locust", "c4": "move", "d3": "capture",
                                   "a1": "unload", "b2": "capture"}


def test_explain_says_the_ship_captures_where_it_moves() -> None:
    # issue 26: `betza explain '[F?R]'` said "moves to d4 d6 f4 f6 (not capturing there)"
    from translator.present.explain.summary import summary_line

    line = summary_line("[F?R]", 9, 9, "e5")
    assert "not capturing" not in line
    said = line.split("it moves or captures on ")[1].rstrip(".").split()
    assert {"d4", "d6", "f4", "f6"} <= set(said)


def test_explain_probe_is_gone() -> None:
    # what a square shows is the table's rows evaluated (present/marks.py), never probed
    from pathlib import Path

    import translator

    assert not [p for p in Path(translator.__file__).parent.rglob("*probe*.py")]
