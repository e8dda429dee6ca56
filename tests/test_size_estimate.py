"""The size estimate (translator/solve/limits.py) is an upper bound: for every piece of the
knowledge base and for random strings, the atoms a query of the piece on d4 (8x8, empty
board) adds to its program are at most the estimate, both in the program of its position
(with encodings/lean.lp: the ``lean`` estimate) and in the kept program whose position is
left open (translator/solve/warm.py: the other estimate). What the estimate lets through
is so bounded before grounding starts."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import clingo
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from translator.catalogue.pieces import all_pieces
from translator.errors import BetzaError
from translator.facts.pieces import canonical
from translator.position import Position
from translator.queries import moves
from translator.queries.moves import MovesQuery, prepare
from translator.solve import engine, warm
from translator.solve.limits import estimated_atoms, lean_many

LETTERS = "fblrvsmcdekxpgyinjotuzqaWFDNAHCZGKRBQ0123"
# the module's tests on one process: they share the Wazir's programs, the plan of the kb's
# lean moves and the atoms of each piece's programs (ALONE)
pytestmark = pytest.mark.xdist_group("size_estimate")
# the estimates whose programs are grounded here (a bigger one is refused or grounded
# elsewhere: the bound is only worth checking where it lets a program through)
MOST = 400_000


@pytest.fixture
def count() -> Iterator[Any]:
    """``count(betza, kept, enemies)``: the atoms of the program of one query of ``betza``
    on d4 (of an empty board, or one with enemies on the squares given)."""
    seen: list[int] = []
    ground, build, most = engine.ground, warm.build, warm.MAX_ESTIMATE
    # (the atoms of kb/ and those the rules derive from kb/ alone are not a query's own: a
    # program holds those of them that its rules read, and a Wazir's reads fewer)
    kb = _kb_atoms()

    def grounded(*args: Any, **kwargs: Any) -> engine.Program:
        program = ground(*args, **kwargs)
        seen.append(sum(atom.symbol not in kb for atom in program.ctl.symbolic_atoms))
        return program

    def built(*args: Any, **kwargs: Any) -> Any:
        ctl = build(*args, **kwargs)
        seen.append(sum(atom.symbol not in kb for atom in ctl.symbolic_atoms))
        return ctl

    def atoms(betza: str, kept: bool, enemies: tuple[str, ...] = ()) -> int:
        board = Position.light(8, 8, enemies=enemies)
        pos, origin, _ = prepare(MovesQuery(betza, "d4", board, "white"))
        seen.clear()
        warm.WARM.clear()
        warm.OPEN.clear()
        # (nor a program open in its movers because an earlier test asked the piece on
        # other squares or measured its one-square program: this counts one query's)
        for history in (warm.MEASURED, warm.ASKED, warm.LAST):
            history.clear()
        moves.solve_positions([(0, pos, [origin], ())], "moves.lp", 60, {}, cache=kept)
        (atoms,) = seen
        return atoms

    engine.ground, warm.build, warm.MAX_ESTIMATE = grounded, built, 10**12
    try:
        yield atoms
    finally:
        engine.ground, warm.build, warm.MAX_ESTIMATE = ground, build, most


@cache
def _kb_atoms() -> frozenset[clingo.Symbol]:
    """The atoms of the whole moves program (every rule) grounded with no query's facts."""
    ctl = clingo.Control(["--warn=none"])
    engine.add_program(ctl, "moves.lp")
    ctl.ground([("base", [])])
    return frozenset(atom.symbol for atom in ctl.symbolic_atoms)


# the atoms of a piece's programs on the empty board, kept and not, by its canonical
# string: grounded once per process (every piece's own atoms are counted beyond the
# Wazir's, and a random string may spell a kb piece)
ALONE: dict[tuple[str, bool], int] = {}


def _alone(count: Any, betza: str, kept: bool) -> int:
    key = (canonical(betza), kept)
    if key not in ALONE:
        ALONE[key] = count(betza, kept)
    return ALONE[key]


def _within(count: Any, betza: str) -> None:
    piece = moves.parse_piece(betza)
    for kept in (False, True):
        # (the program of its position knows the piece is alone on the board)
        estimate = estimated_atoms(piece, 8, 8, lean=not kept, alone=not kept)
        if estimate <= MOST:
            # the query's own atoms: beyond those of the program of a Wazir (four steps;
            # a string has at least one move, and the board's atoms are in every program)
            own = _alone(count, betza, kept) - _alone(count, "W", kept)
            assert own <= estimate, (betza, kept)


KB = sorted({p.betza for p in all_pieces()})


@pytest.fixture(scope="module")
def kb_planned() -> None:
    """The lean moves of every kb piece (the estimate's :func:`lean_moves`), planned in one
    program of plan.lp as a batch plans its pieces, not in one program per piece."""
    lean_many([moves.parse_piece(betza) for betza in KB])


@pytest.mark.parametrize("betza", KB)
def test_the_estimate_bounds_every_kb_piece(count: Any, kb_planned: None, betza: str) -> None:
    _within(count, betza)


@settings(max_examples=120, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.filter_too_much])
@given(st.text(LETTERS, min_size=1, max_size=9))
def test_the_estimate_bounds_random_strings(count: Any, betza: str) -> None:
    try:
        prepare(MovesQuery(betza, "d4", Position(8, 8), "white"))
    except BetzaError:
        return
    _within(count, betza)


def test_a_capturing_leg_goes_on_from_the_first_piece_of_a_ray(count: Any) -> None:
    # the estimate of a program of its position lets a c leg go on from one square a ray
    # (the piece that stops it); it still bounds the atoms with enemies all round d4 at
    # one, two or three squares' distance
    for ring in (1, 2, 3):
        enemies = tuple(f"{chr(ord('d') + dx)}{4 + dy}" for dx in range(-ring, ring + 1)
                        for dy in range(-ring, ring + 1) if max(abs(dx), abs(dy)) == ring)
        wazir = count("W", False, enemies)   # (the same Wazir's program for each piece)
        for betza in ("cacaR", "macjarpB0", "cadaQ", "mcacarpB"):
            estimate = estimated_atoms(moves.parse_piece(betza), 8, 8, lean=True)
            own = count(betza, False, enemies) - wazir
            assert own <= estimate, (betza, ring)
    # macjarpB0 on 10x10 was refused as about 4 million atoms (XBoard answers it): from
    # c5 it steps to d6, skips e7 and captures f8, turns right and hops over h6: i5 j4
    pos = Position.light(10, 10, friends=("h6",), enemies=("f8",))
    found = moves.moves("macjarpB0", "c5", pos, dialect="xboard")
    assert sorted((m.to, m.captures) for m in found) == [("i5", ("f8",)), ("j4", ("f8",))]


def test_a_reading_that_gives_later_legs_the_atoms_own_range() -> None:
    # the Diagram's range-inheritance makes the later legs of jmaamprvN0 single leaps: on
    # a 10x11 board it was refused as about 4 million atoms (the Diagram answers). Its
    # first leg's j never lands on an empty board (j-on-oblique): no move
    pos = Position.light(10, 11)
    assert moves.moves("jmaamprvN0", "d4", pos, dialect="diagram") == []
    piece = moves.parse_piece("maN0", "diagram")
    assert estimated_atoms(piece, 10, 11) < estimated_atoms(moves.parse_piece("maN0"), 10, 11)


def test_the_runaway_string_of_the_fuzz_run_is_answered() -> None:
    # its e.p. leg left open in a kept program grounded gigabytes, estimated at 4,000
    # atoms: now estimated at 46 million there, it is answered from its position's program
    # (hand-checked: the Dabbaba's a1, e1, c3; the rest needs a hurdle or an e.p. square)
    found = moves.moves("cgrbgKqeapcKD", "c1")
    assert sorted(m.to for m in found) == ["a1", "c3", "e1"]


def test_the_estimate_asks_lean_lp_which_moves_it_builds() -> None:
    # lean.lp (its lean/2, encodings/leanmoves.lp) builds N and mafsW from their rays, and
    # the cannon's capture, whose inner leg hops; not an initial move (i), a range that
    # depends on the rank (*), a bracket move, a move that wraps round the board (o)
    from translator.notation.syntax import parse
    from translator.solve.limits import lean_moves

    assert lean_moves(parse("NmafsWifmnD")) == {1, 2}
    assert lean_moves(parse("mRcpR")) == {1, 2}
    assert lean_moves(parse("R*[F?R]oW")) == frozenset()


def test_the_lean_moves_of_many_pieces_are_those_of_each_alone() -> None:
    # a batch plans its pieces' lean moves in one program of plan.lp (lean_many): the
    # same moves as a program of each piece alone
    from translator.notation.syntax import parse
    from translator.solve import limits

    pieces = [parse(text) for text in ("NmafsWifmnD", "mRcpR", "R*[F?R]oW", "N", "gQ",
                                       "fmWfcF", "afsafW")]
    limits._LEAN.clear()
    together = limits.lean_many(pieces)
    alone = []
    for piece in pieces:
        limits._LEAN.clear()
        alone.append(limits.lean_moves(piece))
    assert together == alone
    assert together[:3] == [{1, 2}, {1, 2}, frozenset()]
