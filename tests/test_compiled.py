"""Compiled move tables (translator/compiled/): rows derived by encodings/table.lp, matched
as bit masks, give exactly the moves that encodings/paths.lp and lean.lp ground position by
position, for every piece of the knowledge base and every example of the spec, both sides,
on several boards."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from tests.betza_strings import random_strings
from translator.catalogue.pieces import all_pieces
from translator.compiled import store
from translator.compiled.match import Board, match, square_rows
from translator.compiled.store import route, solver_only
from translator.compiled.table import MoveTable, compile_table
from translator.errors import BetzaError
from translator.facts.pieces import canonical
from translator.position import PlacedPiece, Position, other_side
from translator.queries.moves import MovesQuery, batch_moves, moves
from translator.solve.readers import Move
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
                    side: str, reading: str = "spec") -> Position:
    """A quarter of the squares taken by pieces of either side, some royal, some unmoved."""
    pos = Position(files, ranks, side_to_move=side, dialect=reading)
    for x in range(files):
        for y in range(ranks):
            if (x, y) != origin and rng.random() < 0.25:
                pos.pieces[(x, y)] = PlacedPiece(rng.choice(["white", "black"]),
                                                 royal=rng.random() < 0.15)
    return pos


def table_and_paths_agree(texts: list[str], boards: list[tuple[int, int]], count: int,
                          seed: int, reading: str = "spec") -> int:
    """Answer ``count`` random positions per string and board from the tables and from the
    solver, and require the same moves; the number of positions compared."""
    rng = random.Random(seed)
    queries = []
    # the tables of every string, board by board, compiled in as few programs as fit (as
    # a batch's are), not one program each; a piece the reading refuses has none
    known = []
    for text in texts:
        with contextlib.suppress(BetzaError):
            known.append(canonical(text, reading))
    store.prepare([(betza, reading, files, ranks) for betza in known for files, ranks in boards])
    for text in texts:
        for files, ranks in boards:
            try:
                if route(canonical(text, reading), reading, files, ranks) != "table":
                    continue
            except BetzaError:   # a string the reading refuses
                continue
            for _ in range(count):
                side = rng.choice(["white", "black"])
                origin = (rng.randrange(files), rng.randrange(ranks))
                queries.append(MovesQuery(text, square_name(origin), random_position(
                    rng, files, ranks, origin, side, reading), side, rng.random() < 0.5))
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


# simple pieces and the strings of the programs' differences (dialects.md), which a reading
# compiles as the spec's pieces (issue 39)
READING_EXAMPLES = [
    "N", "R", "B", "Q", "K", "mafsW", "pR", "gQ", "cpR", "mRcpR", "pR4", "gR2", "gB3", "pK",
    "pN", "gK", "mafN", "mafpR3", "mafpW3", "masW3", "maWW", "gWW", "gafN2", "yalmarW",
    "mgafW", "vrK", "vlN", "sfN", "aW", "aK", "aaK", "fnafsmW", "ifnmW6", "fpW0", "npDD",
    "yafsF", "yabFF", "gafsW0", "WW", "NN", "fmrK", "fhD", "srN", "fvK", "hrW", "rhW"]


@pytest.mark.parametrize("reading", ["xboard", "diagram"])
def test_the_tables_of_the_programs_readings_agree_with_paths(reading: str) -> None:
    # each reading compiles these into tables (no solver path for a program's reading as
    # such), and the tables answer exactly as its switches do position by position
    assert all(route(t, reading, 8, 8) == "table" for t in ("N", "R", "pR", "gQ", "mafsW"))
    assert table_and_paths_agree(READING_EXAMPLES, [(8, 8), (7, 9)], 4, 39, reading) > 200


def test_the_tables_of_random_strings_in_the_programs_readings_agree_with_paths() -> None:
    texts = random_strings(30, seed=39)
    assert table_and_paths_agree(texts, [(8, 8)], 4, 40, "xboard") > 40
    assert table_and_paths_agree(texts, [(8, 8)], 4, 41, "diagram") > 40


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
    assert route("mafsW", "xboard", 8, 8) == "table"
    # XBoard's Black keeps the diagonals of rlbK unturned: not White's table turned round
    assert route("rlbK", "xboard", 8, 8) == "solver: a program's reading"
    # the Diagram's ski legs (mafjW, jB) and XBoard's skip counts (jW2) have no table
    for betza, reading in (("mafjW", "diagram"), ("jB", "diagram"), ("jW2", "xboard")):
        assert route(betza, reading, 8, 8) == "solver: a program's reading", betza


def test_a_table_survives_its_json_form() -> None:
    for text in ("mRcpR", "ifmnD", "zR"):   # a hopper, an unmoved double step, a local one
        table = compile_table(text, 6, 7)
        again = MoveTable.from_json(json.loads(json.dumps(table.as_json())))
        assert again.as_json() == table.as_json()
        pos = Position.light(6, 7, friends=["c5"], enemies=["c2", "e4"])
        board = Board.of(pos, "white", (2, 3))
        assert match(square_rows(again, "white", (2, 3)), board, True) == match(
            square_rows(table, "white", (2, 3)), board, True)


def test_a_batch_of_more_pieces_than_a_process_keeps_compiles_each_once(monkeypatch) -> None:
    # with room for 4 tables, a batch of 10 pieces is matched 2 tables at a time: each
    # slice's tables compiled together (5 programs), none compiled again on its own, and
    # the answers those of the solver
    from translator.compiled import table as table_module

    monkeypatch.setattr(store, "KEEP", 4)
    monkeypatch.setattr(store, "_tables", type(store._tables)())
    programs: list[int] = []
    many, alone = table_module.compile_tables, store._compile
    monkeypatch.setattr(store, "compile_tables",
                        lambda pieces, *a, **k: programs.append(len(pieces)) or many(
                            pieces, *a, **k))
    monkeypatch.setattr(store, "_compile", lambda *a, **k: programs.append(-1) or alone(*a, **k))
    texts = ["W", "F", "D", "A", "N", "R", "B", "Q", "K", "H"]
    board = Position.light(6, 6, friends=["c5"], enemies=["e3"])
    queries = [MovesQuery(text, "c3", board) for text in texts * 2]
    matched = batch_moves(queries)
    assert programs == [2, 2, 2, 2, 2]
    with solver_only():
        grounded = batch_moves(queries)
    assert [[m.as_json() for m in found] for found in matched] == [
        [m.as_json() for m in found] for found in grounded]


def test_a_chain_over_the_table_budget_says_it_was_grounded(capsys) -> None:
    from translator.cli.main import main

    assert main(["moves", "aaaK", "--from", "e4", "--json"]) == 0
    chain = json.loads(capsys.readouterr().out)
    assert chain["path"] == "solver" and len(chain["moves"]) > 30
    assert main(["moves", "R", "--from", "e4", "--json"]) == 0
    rook = json.loads(capsys.readouterr().out)
    assert "path" not in rook and len(rook["moves"]) == 14


# pieces that read the position's state beyond their paths' squares (e.p. squares and
# victim, unmoved castling partners) and drop pieces
STATED = ["fmWfceFifmnD", "fmWfceFfmnnD", "ceF", "caeF", "mWceF", "KisO2", "KisO3", "KO",
          "KrO2", "NisO2", "B@9", "fN@7", "fWf@8", "WfF@9"]


def stated_position(rng: random.Random, files: int, ranks: int, origin: tuple[int, int],
                    side: str) -> Position:
    """:func:`random_position` with unmoved friends on the edges of the mover's rank (the
    squares between them often cleared), some other pieces unmoved, and mostly e.p.
    squares: one behind an enemy that has just passed beside the mover, or one or two
    anywhere with a victim square (whatever stands there)."""
    pos = random_position(rng, files, ranks, origin, side)
    x0, home = origin
    if rng.random() < 0.5:
        for x in range(1, files - 1):
            pos.pieces.pop((x, home), None)
    for x in (0, files - 1):
        if x != x0 and rng.random() < 0.7:
            pos.pieces[(x, home)] = PlacedPiece(side, virgin=True)
    for square, piece in list(pos.pieces.items()):
        if rng.random() < 0.2:
            pos.pieces[square] = PlacedPiece(piece.side, royal=piece.royal, virgin=True)
    empty = [(x, y) for x in range(files) for y in range(ranks)
             if (x, y) != origin and (x, y) not in pos.pieces]
    ahead = 1 if side == "white" else -1
    dx = rng.choice([-1, 1])
    beside, behind = (x0 + dx, home), (x0 + dx, home + ahead)
    if rng.random() < 0.5 and 0 <= beside[0] < files and 0 <= behind[1] < ranks:
        # a pawn of the other side has just passed beside the mover
        pos.pieces.pop(behind, None)
        pos.pieces[beside] = PlacedPiece(other_side(side))
        pos.ep, pos.ep_victim = [behind], beside
    elif rng.random() < 0.6:
        pos.ep = rng.sample(empty, rng.choice([1, 2]))
        pos.ep_victim = rng.choice([sq for sq in pos.pieces if sq != origin] + pos.ep)
    return pos


@pytest.mark.parametrize("side", ["white", "black"])
def test_the_tables_of_a_positions_state_agree_with_paths(side: str) -> None:
    from translator.queries.moves import checked, from_table

    rng = random.Random(side)
    queries = []
    for text in STATED:
        for files, ranks in [(8, 8), (10, 8), (5, 6)]:
            for _ in range(5):
                home = 0 if side == "white" else ranks - 1
                origin = (rng.randrange(files), home if rng.random() < 0.6
                          else rng.randrange(ranks))
                queries.append(MovesQuery(text, square_name(origin), stated_position(
                    rng, files, ranks, origin, side), side, rng.random() < 0.6))
    # (the batch compiles the rows of the positions' states together, in few programs:
    # then every query has its table)
    matched = batch_moves(queries)
    assert all(from_table(*checked(q)[:2]) is not None for q in queries)
    with solver_only():
        grounded = batch_moves(queries)
    castled = captured = 0
    for query, got, expected in zip(queries, matched, grounded, strict=True):
        assert not isinstance(expected, BetzaError), (query.betza, expected)
        assert not isinstance(got, BetzaError), (query.betza, got)
        assert [m.as_json() for m in got] == [m.as_json() for m in expected], query
        castled += sum(1 for m in got if m.unloads)
        captured += sum(1 for m in got if m.captures and m.captures[-1] != m.to)
    assert castled > 12 and captured > 5   # castling and e.p. captures were compared


def test_castling_safety_is_an_input_of_the_table() -> None:
    # the rook on f8 attacks f1: the king on e1 may castle to c1 only; as the state of a
    # table: h1 and a1 unmoved, the king royal, f1 threatened
    pos = Position.light(8, 8, friends=["a1", "h1"], unmoved=["a1", "h1"])
    pos.pieces[(5, 7)] = PlacedPiece("black", betza="R")
    pos.pieces[(4, 0)] = PlacedPiece("white", betza="KisO2", royal=True, virgin=True)
    solved = moves("KisO2", "e1", pos, virgin=True)
    assert [m.to for m in solved if m.unloads] == ["c1"]
    state = (("royal", 4, 0), ("threatened", 5, 0), ("virgin", 0, 0), ("virgin", 7, 0))
    table = compile_table("KisO2", 8, 8, state=state, squares=[(4, 0)])
    board = Board.of(pos, "white", (4, 0))
    assert match(square_rows(table, "white", (4, 0)), board, True) == solved
    unsafe = compile_table("KisO2", 8, 8, state=state[1:], squares=[(4, 0)])  # not royal
    assert [m.to for m in match(square_rows(unsafe, "white", (4, 0)), board, True)
            if m.unloads] == ["c1", "g1"]


def test_a_census_position_has_no_e_p_rows_nor_castling() -> None:
    # census positions (translator/research/census.py STATE) have no e.p. square and no
    # unmoved piece: the pawn's table has no e.p. capture, the king's no castling
    assert route("fmWfceFifmnD", "spec", 8, 8, state=()) == "table"
    pawn = compile_table("fmWfceFifmnD", 8, 8, state=())
    assert sorted(row.to for row in pawn.rows) == [(-1, 1), (0, 1), (0, 2), (1, 1)]
    king = compile_table("KisO2", 8, 8, state=())
    assert not any(row.unloads for row in king.rows) and len(king.rows) == 16


@pytest.mark.parametrize("betza", ["R", "mafsW", "fcafmF", "cabK", "[F?R]", "jAjD"])
def test_a_laid_table_orders_its_rows_as_answers_order_moves(betza: str) -> None:
    # square_rows orders by keys made of offsets: from every square, for both sides, its
    # groups (one destination and set of side effects each) come in the order of the moves
    # an answer shows (Move.order_key of each group's least path) and each group's paths
    # least first (Move.path_key), as the matcher's first row that holds needs
    table = compile_table(betza, 7, 6)
    for side in ("white", "black"):
        for origin in [(x, y) for x in range(7) for y in range(6)]:
            rows = square_rows(table, side, origin)
            groups: dict[int, list[Move]] = {}
            for group, _, _, move, _, _ in rows:
                groups.setdefault(group, []).append(move)
            assert list(groups) == list(range(len(groups)))
            for paths in groups.values():
                assert len({m.effects() for m in paths}) == 1
                assert [m.path_key for m in paths] == sorted(m.path_key for m in paths)
            firsts = [paths[0].order_key for paths in groups.values()]
            assert firsts == sorted(firsts), (side, origin)
            assert len({paths[0].effects() for paths in groups.values()}) == len(groups)
