"""Compiled move tables (translator/compiled/): rows derived by encodings/table.lp, matched
as bit masks, give exactly the moves that encodings/paths.lp and lean.lp ground position by
position, for every piece of the knowledge base and every example of the spec, both sides,
on several boards."""

from __future__ import annotations

import json
import random

import pytest

from tests.betza_strings import random_strings
from translator.catalogue.pieces import all_pieces
from translator.compiled.match import Board, match, square_rows
from translator.compiled.store import route, solver_only
from translator.compiled.table import MoveTable, compile_table
from translator.errors import BetzaError
from translator.position import PlacedPiece, Position
from translator.queries.moves import MovesQuery, batch_moves, moves
from translator.squares import square_name

# the strings of the spec's decisions (README.md of the spec), of brackets.md and of
# dialects.md that the spec reading accepts
SPEC_EXAMPLES = [
    "A", "AA", "B", "C", "C0", "DD", "DY", "DmpafyafsW", "F", "FF", "FX", "FafsF", "FyafsF",
    "G", "H", "J", "K", "KaKaaK", "L", "N0", "NN", "Q", "R", "R3", "R4", "RB", "W4", "WF",
    "WW", "WafsW", "WyafsW", "WyasW", "Z", "aD", "aF", "aK", "aN", "aR", "aW", "aaK", "afK",
    "afN", "afafsW", "afsF", "afsW", "afsafF", "aivsQ", "cF", "caF", "cabK", "caibR",
    "camabmW", "fK", "fQ", "fasK", "fasiK", "ffrrN", "fmaQ", "fnafsmW", "fpW0", "frK", "frN",
    "fryafsF", "gB3", "gK", "gR2", "gafK", "gafN2", "gafsR", "gafsW0", "hrN", "hrarfNhlalfN",
    "ifnmW6", "jAjD", "jB", "jF", "lN", "lfN", "maN", "maW0", "maWW", "mafF", "mafK", "mafN",
    "mafW", "mafsF2", "mafsW", "mafsmcW", "maiN", "masR4", "masW3", "mpafN", "nA", "nAnD",
    "nD", "nH", "nN", "npDD", "pDD", "pR4", "pW3", "pafK", "pafR4", "rfN", "rlbK", "rvK",
    "rvN", "sjD", "vFyafsF", "vN", "vlN", "vrK", "vrN", "yabFF", "yafF", "yafN0", "yafW",
    "yafsF", "yafsW", "yalmarW", "yasW", "fmWfcF", "mRcpR", "gQ", "fcafmF", "RaisR", "cpR",
    "K[F?R]", "W[F-B]", "[A-B]", "[A?B]", "[A?R]", "[D-A]", "[D?B]", "[F-W-W-R]", "[F?R2]",
    "[F?R]", "[F?R][W?B]", "[F?cR]", "[F?fsR]", "[F?mR]", "[F?sB]", "[W-W-F]", "[W-sR]",
    "[W?B]", "[W?sR]", "[cF?R]", "[fW?B]", "[mF?cR]", "[vW?B]", "b[W?B]", "f[F?R]",
    "fr[W?B]", "fs[F?R]", "s[F?R]", "s[W?B]", "v[F?R]", "v[W?B]", "N[W?B]", "[W?cB]"]


def random_position(rng: random.Random, files: int, ranks: int, origin: tuple[int, int],
                    side: str) -> Position:
    """A quarter of the squares taken by pieces of either side, some royal, some unmoved."""
    pos = Position(files, ranks, side_to_move=side)
    for x in range(files):
        for y in range(ranks):
            if (x, y) != origin and rng.random() < 0.25:
                pos.pieces[(x, y)] = PlacedPiece(rng.choice(["white", "black"]),
                                                 royal=rng.random() < 0.15)
    return pos


def table_and_paths_agree(texts: list[str], boards: list[tuple[int, int]], count: int,
                          seed: int) -> int:
    """Answer ``count`` random positions per string and board from the tables and from the
    solver, and require the same moves; the number of positions compared."""
    rng = random.Random(seed)
    queries = []
    for text in texts:
        for files, ranks in boards:
            if route(text, "spec", files, ranks) != "table":
                continue
            for _ in range(count):
                side = rng.choice(["white", "black"])
                origin = (rng.randrange(files), rng.randrange(ranks))
                queries.append(MovesQuery(text, square_name(origin), random_position(
                    rng, files, ranks, origin, side), side, rng.random() < 0.5))
    matched = batch_moves(queries)
    with solver_only():
        grounded = batch_moves(queries)
    for query, got, expected in zip(queries, matched, grounded, strict=True):
        assert not isinstance(expected, BetzaError), (query.betza, expected)
        assert not isinstance(got, BetzaError), (query.betza, got)
        assert [m.as_json() for m in got] == [m.as_json() for m in expected], query
    return len(queries)


CATALOGUE = sorted({p.betza for p in all_pieces()})


@pytest.mark.parametrize("part", range(4))
def test_the_tables_of_the_knowledge_base_agree_with_paths(part: int) -> None:
    texts = CATALOGUE[part::4]
    assert table_and_paths_agree(texts, [(8, 8), (10, 7)], 6, part) > 6 * len(texts)


@pytest.mark.parametrize("part", range(2))
def test_the_tables_of_the_spec_examples_agree_with_paths(part: int) -> None:
    texts = SPEC_EXAMPLES[part::2]
    assert table_and_paths_agree(texts, [(8, 8), (5, 9)], 6, part) > 6 * len(texts)


def test_the_tables_of_random_strings_agree_with_paths() -> None:
    texts = random_strings(40, seed=7)
    assert table_and_paths_agree(texts, [(8, 8), (7, 9)], 4, 7) > 100


def test_the_checkers_table_has_its_two_locust_rows() -> None:
    # fcafmF: capture diagonally forward, then step on the same way to an empty square
    table = compile_table("fcafmF", 8, 8)
    assert [(row.path, row.captures, row.need) for row in table.rows] == [
        (((0, 0), (-1, 1), (-2, 2)), ((-1, 1),), {"empty": ((-2, 2),), "enemy": ((-1, 1),)}),
        (((0, 0), (1, 1), (2, 2)), ((1, 1),), {"empty": ((2, 2),), "enemy": ((1, 1),)})]


def test_rows_fit_the_board_from_each_start_square() -> None:
    table = compile_table("N", 8, 8)
    assert sorted(r.to for r in table.rows_from((0, 0)) if not r.captures) == [(1, 2), (2, 1)]
    assert len(table.rows_from((3, 3))) == 16   # 8 leaps, each a move or a capture


def test_a_black_pawn_moves_down_the_board() -> None:
    pos = Position.light(8, 8, side="black", friends=[], enemies=["d6", "f6"])
    found = moves("fmWfcF", "e7", pos)
    assert [(m.to, m.captures) for m in found] == [("d6", ("d6",)), ("e6", ()),
                                                    ("f6", ("f6",))]


def test_unmoved_and_royal_conditions() -> None:
    # ifmW2 moves two squares only before it has moved; a tame capture (t) spares kings
    assert [m.to for m in moves("ifmW2", "e2", Position.light(8, 8), virgin=True)] == [
        "e3", "e4"]
    assert [m.to for m in moves("ifmW2", "e2", Position.light(8, 8))] == []
    pos = Position.light(8, 8, enemies=["e5", "d4"], royal=["e5"])
    assert [m.to for m in moves("tcW", "e4", pos)] == ["d4"]


def test_pieces_that_keep_the_solver_path_say_why() -> None:
    assert route("R", "spec", 8, 8) == "table"
    assert route("fmWfceFifmnD", "spec", 8, 8) == "solver: en passant"
    assert route("KisO2", "spec", 8, 8) == "solver: castling"
    assert route("[F?R]", "spec", 8, 8) == "table"
    assert route("mafsW", "xboard", 8, 8) == "solver: a program's reading"


def test_a_table_survives_its_json_form() -> None:
    for text in ("mRcpR", "ifmnD", "zR"):   # a hopper, an unmoved double step, a local one
        table = compile_table(text, 6, 7)
        again = MoveTable.from_json(json.loads(json.dumps(table.as_json())))
        assert again.as_json() == table.as_json()
        pos = Position.light(6, 7, friends=["c5"], enemies=["c2", "e4"])
        board = Board.of(pos, "white", (2, 3))
        assert match(square_rows(again, "white", (2, 3)), board, True) == match(
            square_rows(table, "white", (2, 3)), board, True)


def test_a_chain_over_the_table_budget_says_it_was_grounded(capsys) -> None:
    from translator.cli.main import main

    assert main(["moves", "aaaK", "--from", "e4", "--json"]) == 0
    chain = json.loads(capsys.readouterr().out)
    assert chain["path"] == "solver" and len(chain["moves"]) > 30
    assert main(["moves", "R", "--from", "e4", "--json"]) == 0
    rook = json.loads(capsys.readouterr().out)
    assert "path" not in rook and len(rook["moves"]) == 14
