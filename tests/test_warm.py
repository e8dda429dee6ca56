"""Programs grounded once (translator/solve/warm.py) answer exactly as programs grounded with
the position's facts, position after position, and attacks on the 32-piece start position.
Pieces that a compiled table answers (translator/compiled/) are asked of the solver here
(``solver_only``): the kept programs answer the others (e.p., castling, brackets …)."""

from __future__ import annotations

import random

import pytest

from translator.catalogue.fen import parse_fen
from translator.compiled.store import solver_only
from translator.position import PlacedPiece, Position
from translator.queries.attacks import AttacksQuery, attacks, batch_attacks
from translator.queries.moves import MovesQuery, batch_moves, moves
from translator.solve import warm
from translator.squares import square_name

# one worker for the tests of this module: the facts' answers they compare with are
# grounded together, once (the grounded fixture)
pytestmark = pytest.mark.xdist_group("warm")


@pytest.fixture(autouse=True)
def _solver() -> object:
    with solver_only():
        yield


FIDE = {"P": "fmWfceFifmnD", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "KisO2"}
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def random_position(rng: random.Random, origin: str) -> Position:
    """Friends, enemies, a royal enemy, e.p. squares, walls and unmoved pieces around
    ``origin`` on 8x8 (the rules read each of them)."""
    squares = [square_name((x, y)) for x in range(8) for y in range(8)]
    squares.remove(origin)
    taken = rng.sample(squares, 12)
    pos = Position.light(8, 8, friends=taken[:4], enemies=taken[4:8], royal=taken[7:8],
                         ep=taken[8:9] if rng.random() < 0.5 else (),
                         ep_victim=taken[6] if rng.random() < 0.5 else None)
    pos.walls = {pos.square(taken[9])} if rng.random() < 0.3 else set()
    for sq in taken[10:]:
        pos.pieces[pos.square(sq)] = PlacedPiece(rng.choice(["white", "black"]),
                                                 virgin=True)
    return pos


EVERY_POSITION = ["R", "N", "fmWfceFifmnD", "fcafmF", "mafsW", "caibR", "mRcpR", "FyafsF",
                  "nN", "jB", "W4", "yafsF"]
# (every piece of the test above that opens: there each is asked about on one square)
ANY_SQUARE = ["R", "fcafmF", "mafsW", "N", "fmWfceFifmnD", "nN", "jB", "W4"]


def every_position(betza: str) -> list[MovesQuery]:
    """12 random positions round ``betza`` on d4, either side, unmoved every other time."""
    rng = random.Random(betza)
    return [MovesQuery(betza, "d4", random_position(rng, "d4"), rng.choice(
        ["white", "black"]), virgin=n % 2 == 0) for n in range(12)]


def any_square(betza: str) -> list[MovesQuery]:
    """A random position round ``betza`` on each of six squares, corners and centre."""
    rng = random.Random(betza)
    return [MovesQuery(betza, origin, random_position(rng, origin),
                       rng.choice(["white", "black"]), virgin=rng.random() < 0.5)
            for origin in ("a1", "h8", "d4", "e5", "b7", "g2")]


@pytest.fixture(scope="module")
def grounded() -> dict[tuple[str, str], list]:
    """The answers of the facts to the queries of the tests below that compare the kept
    programs with them, per test and piece: one batch of them all, whose programs ground
    every position's facts (no kept program)."""
    asked = {("every", betza): every_position(betza) for betza in EVERY_POSITION}
    asked |= {("any", betza): any_square(betza) for betza in ANY_SQUARE}
    asked |= {("typed", ""): typed_queries(), ("hopper", "gQ"): hopper_queries(),
              ("rider", "R"): rider_queries()}
    for cache in (warm.WARM, warm.OPEN):
        cache.clear()
    with solver_only():
        answers = iter(batch_moves([q for queries in asked.values() for q in queries]))
    assert not warm.WARM and not warm.OPEN   # (no answer came from a kept program)
    return {key: [next(answers) for _ in queries] for key, queries in asked.items()}


@pytest.mark.parametrize("betza", EVERY_POSITION)
def test_one_program_answers_every_position_as_its_facts_would(betza: str, grounded) -> None:
    warm.WARM.clear()
    queries = every_position(betza)
    # (a batch of many queries: programs of all their facts, no kept program)
    for query, facts in zip(queries, grounded["every", betza], strict=True):
        assert moves(betza, "d4", query.position, side=query.side,
                     virgin=query.virgin) == facts
    # one program per side to move and virginity of the moving piece, no more
    assert len(warm.WARM) <= 4


def typed_queries() -> list[MovesQuery]:
    """The imitator, a relay piece and borrowing pieces on d4, after various last moves."""
    table = {**FIDE, "I": "I", "X": "xK"}
    rng = random.Random(5)
    fens = ["8/8/8/3p4/2NIR3/8/8/8 w - - 0 1", "8/8/2p5/8/2NXB3/8/8/8 w - - 0 1",
            "8/8/8/3pP3/3I4/8/8/8 w - d6 0 1"]
    queries = []
    for fen in fens * 3:
        pos = parse_fen(fen, table)
        pos.last_moved = rng.choice(["N", "fmWfceFifmnD", "R"])
        queries.append(MovesQuery(pos.pieces[(3, 3)].betza or "", "d4", pos))
    return queries


def test_typed_pieces_imitator_and_borrowing_agree_with_the_facts(grounded) -> None:
    # all the positions' facts in one batch; each query alone asks a kept program
    for query, facts in zip(typed_queries(), grounded["typed", ""], strict=True):
        assert batch_moves([query])[0] == facts


def test_castling_safety_from_a_cached_program() -> None:
    for fen, expected in (("5r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", {"c1"}),
                          ("2r5/8/8/8/8/8/8/R3K2R w KQ - 0 1", {"g1"}),
                          ("8/8/8/8/8/8/8/R3K2R w KQ - 0 1", {"c1", "g1"})):
        pos = parse_fen(fen, FIDE)
        castles = {m.to for m in moves(FIDE["K"], "e1", pos) if m.unloads}
        assert castles == expected


def test_attacks_on_the_start_position() -> None:
    pos = parse_fen(START, FIDE)
    asked = {sq: attacks(sq, pos) for sq in ("f3", "d3", "c6", "f6", "e4", "d5", "e2")}
    found = {sq: [(a.square, a.side) for a in attackers] for sq, attackers in asked.items()}
    assert found == {"f3": [("e2", "white"), ("g1", "white"), ("g2", "white")],
                     "d3": [("c2", "white"), ("e2", "white")],
                     "c6": [("b7", "black"), ("b8", "black"), ("d7", "black")],
                     "f6": [("e7", "black"), ("g7", "black"), ("g8", "black")],
                     "e4": [], "d5": [], "e2": []}
    (knight,) = [a for a in asked["f3"] if a.square == "g1"]
    assert [m.as_json() for m in knight.moves] == [
        {"to": "f3", "legs": ["g1", "f3"], "captures": ["f3"]}]


def test_attacks_of_every_square_alone_and_together_agree() -> None:
    pos = parse_fen(START, FIDE)
    squares = [square_name((x, y)) for x in range(8) for y in range(8)]
    together = batch_attacks([AttacksQuery(sq, pos) for sq in squares])
    # asked alone (a kept program each time): every seventh square, one on each rank and file
    sample = range(0, 64, 7)
    assert [attacks(squares[i], pos) for i in sample] == [together[i] for i in sample]
    attacked = {sq for sq, found in zip(squares, together, strict=True) if found}
    # the pawns cover ranks 3 and 6; nothing reaches further, nor captures a piece
    assert attacked == {f"{f}{r}" for f in "abcdefgh" for r in "36"}


@pytest.mark.parametrize("betza", ANY_SQUARE)
def test_a_small_piece_on_any_square_is_answered_by_one_program(betza: str, grounded) -> None:
    warm.OPEN.clear()
    queries = any_square(betza)
    for query, facts in zip(queries, grounded["any", betza], strict=True):
        assert moves(betza, query.origin, query.position, side=query.side,
                     virgin=query.virgin) == facts
    # the mover's square, side and virginity are externals of the one program
    assert len(warm.OPEN) == 1


def test_which_program_answers_a_single_query(grounded) -> None:
    # A single query grounds a program for its square (cheaper than an open one); the
    # piece asked about on another square gets its open program; a rider asked about on
    # one square again and again gets a program of that square back (cheaper solves).
    warm.WARM.clear()
    warm.OPEN.clear()
    warm.LAST.clear()
    warm.ASKED.clear()
    first, second, *again = rider_queries()
    moves("R", "d4", first.position)
    assert (len(warm.WARM), len(warm.OPEN)) == (1, 0)
    moves("R", "e5", second.position)
    assert (len(warm.WARM), len(warm.OPEN)) == (1, 1)
    found = [moves("R", "b2", q.position) for q in again]
    # (a batch of many queries grounds their facts, and leaves the kept programs alone)
    assert found == grounded["rider", "R"][2:]
    assert (len(warm.WARM), len(warm.OPEN)) == (2, 1)


def rider_queries() -> list[MovesQuery]:
    """The rook on d4, on e5, then on b2 in one more position than settle a square."""
    rng = random.Random(3)
    return [MovesQuery("R", origin, random_position(rng, origin))
            for origin in ["d4", "e5"] + ["b2"] * (warm.SETTLE_AFTER + 1)]


@pytest.mark.parametrize(("betza", "open_movers"), [
    ("gQ", False), ("mRcpR", False), ("aaK", False), ("caKcaK", False), ("fcafmF", True),
    ("xK", True)])
def test_paths_have_no_positive_loops(betza: str, open_movers: bool) -> None:
    # A later leg's question about a square must not support an earlier leg's answer, nor a
    # piece its own start (borrowing its own type): with the position external (and the
    # mover too, for the last two) a loop would make clasp check unfounded sets on every
    # solve. Each of these had one.
    from translator.facts.pieces import piece_facts

    mover = "openmovers(0)." if open_movers else "mover(0,3,3). piece(0,3,3,white,1)."
    ctl = warm.build("board.lp", "externals.lp", f"{piece_facts(1, betza)} board(0,8,8). {mover}")
    ctl.solve()
    assert ctl.statistics["problem"]["lp"]["sccs"] == 0


def hopper_queries() -> list[MovesQuery]:
    """The grasshopper on d4, then on a1 and g7, each in a random position."""
    rng = random.Random(11)
    return [MovesQuery("gQ", origin, random_position(rng, origin))
            for origin in ("d4", "a1", "g7")]


def test_a_hopper_opens_once_its_square_program_is_small(grounded) -> None:
    # gQ's size estimate is over the budget of an open program, but its program for one
    # square shows it small: once it has been asked about on another square as well, it
    # gets the open program.
    for cache in (warm.WARM, warm.OPEN, warm.LAST, warm.MEASURED):
        cache.clear()
    (first, *later), facts = hopper_queries(), grounded["hopper", "gQ"]
    assert moves("gQ", "d4", first.position) == facts[0]
    assert (len(warm.WARM), len(warm.OPEN), len(warm.MEASURED)) == (1, 0, 1)
    assert [moves("gQ", q.origin, q.position) for q in later] == facts[1:]
    assert (len(warm.WARM), len(warm.OPEN)) == (2, 1)


def test_the_web_workers_build_an_open_program_beside_their_answers() -> None:
    # A web worker (KEPT_FIRST) answers from a program for the piece's square while the
    # open program is grounded in a thread; once it is ready, it answers.
    rng = random.Random(12)
    for cache in (warm.WARM, warm.OPEN, warm.BUILDING):
        cache.clear()
    token = warm.KEPT_FIRST.set(True)
    try:
        positions = [("d4", random_position(rng, "d4")), ("e5", random_position(rng, "e5"))]
        found = [moves("R", origin, pos) for origin, pos in positions[:1]]
        assert (len(warm.WARM), len(warm.OPEN), len(warm.BUILDING)) == (1, 0, 1)
        next(iter(warm.BUILDING.values())).result(timeout=60)
        found += [moves("R", origin, pos) for origin, pos in positions[1:]]
        assert (len(warm.WARM), len(warm.OPEN), len(warm.BUILDING)) == (1, 1, 0)
    finally:
        warm.KEPT_FIRST.reset(token)
    assert found == batch_moves([MovesQuery("R", o, p) for o, p in positions])
