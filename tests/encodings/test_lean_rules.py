"""encodings/lean.lp: the short way of moves gives the moves paths.lp gives.

moves.lp includes lean.lp; core.lp alone builds every move with paths.lp. Every path lean.lp
derives must be one of paths.lp's done/6 atoms, and of each move's paths to one destination
with the same effects both must show the same, the one whose squares come first (lean.lp
follows only that one from a leg's start on, when paths start a leg alike): each case below
grounds both and compares, and a few cases are checked by hand against the board.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import clingo
import pytest

from translator.facts.translate import move_facts
from translator.notation.syntax import parse
from translator.solve import engine
from translator.solve.readers import path_of
from translator.squares import square_coords


def derived(entry: str, facts: str, name: str, arity: int) -> set[str]:
    ctl = engine.ground(entry, facts).ctl
    return {str(a.symbol) for a in ctl.symbolic_atoms.by_signature(name, arity)}


def answers(entry: str, facts: str) -> set[str]:
    """The done/6 atoms of ``entry``, with lean.lp's lfirst/6 read as done/6."""
    return {str(s) for s in done_symbols(entry, facts)}


def done_symbols(entry: str, facts: str) -> set[clingo.Symbol]:
    ctl = engine.ground(entry, facts).ctl
    out = {a.symbol for a in ctl.symbolic_atoms.by_signature("done", 6)}
    for atom in ctl.symbolic_atoms.by_signature("lfirst", 6):
        p, m, x, y, effects, key = atom.symbol.arguments
        out.add(clingo.Function("done", [p, m, x, y, h_chain(x, y, key, p), effects]))
    return out


def h_chain(x: clingo.Symbol, y: clingo.Symbol, key: clingo.Symbol,
            mover: clingo.Symbol) -> clingo.Symbol:
    """paths.lp's path h(X,Y,Prev) of lean.lp's key ``p(Prev,X,Y)`` to (x, y)."""
    if key.name == "nil":
        x0, y0 = mover.arguments[3:]
        rest = clingo.Function("h", [x0, y0, clingo.Function("nil")])
    else:
        prev, a, b = key.arguments
        rest = h_chain(a, b, prev, mover)
    return clingo.Function("h", [x, y, rest])


def first_paths(done: set[clingo.Symbol]) -> set[clingo.Symbol]:
    """Of the done/6 atoms of one move to one destination with the same effects, the one
    whose path's squares come first (earliest first, as translator/queries/moves.py)."""
    # (keyed by the symbols themselves: a symbol's text costs more than the whole rest)
    best: dict[tuple[clingo.Symbol, ...], tuple[list[tuple[int, int]], clingo.Symbol]] = {}
    for atom in done:
        p, m, x, y, path, effects = atom.arguments
        key = (p, m, x, y, effects)
        squares = [square_coords(s) for s in path_of(path)]
        if key not in best or squares < best[key][0]:
            best[key] = (squares, atom)
    return {atom for _, atom in best.values()}


def agree(lean: set[clingo.Symbol], full: set[clingo.Symbol]) -> bool:
    """lean.lp's paths ``lean`` are among paths.lp's ``full``, and both show the same."""
    return lean <= full and first_paths(lean) == first_paths(full)


def destinations(done: set[str]) -> set[tuple[int, int]]:
    """The squares (X,Y) of done/6 strings ``done(p(Q,T,C,X0,Y0),M,X,Y,H,E)``."""
    return {(int(s.split(",")[6]), int(s.split(",")[7])) for s in done}


def shown(facts: str) -> list[str]:
    """The answer atoms moves.lp shows."""
    return sorted(str(s) for s in engine.run(facts, "moves.lp"))


def lean_moves(texts: list[str]) -> dict[str, set[int]]:
    """The move numbers of each string that lean.lp takes (a mover on a1 of a 3x3 board),
    of all in one program: string k as piece type k, moved in query k."""
    facts = " ".join(move_facts(k, parse(betza)) + f" board({k},3,3). "
                     f"piece({k},0,0,white,{k}). mover({k},0,0)."
                     for k, betza in enumerate(texts, start=1))
    out: dict[str, set[int]] = {betza: set() for betza in texts}
    ctl = engine.ground("moves.lp", facts).ctl
    for atom in ctl.symbolic_atoms.by_signature("idle", 2):
        mover, move = atom.symbol.arguments
        q, kind = (arg.number for arg in mover.arguments[:2])
        assert q == kind, atom
        out[texts[kind - 1]].add(move.number)
    return out


SHORT_WAY = ["N", "mRcB", "fmWfcF", "kQdNctR", "mafsW", "RasR", "FyafsF", "mRcpR", "gQ",
             "ptR", "nN", "jB", "nDD", "aK", "mafsmaW"]
LEG_BY_LEG = ["fcafmF", "caibR", "ifmW", "eF", "xK", "zR", "oR", "jafsB", "nafsD", "fW*",
              "[W?R]"]


def test_which_moves_take_the_short_way() -> None:
    lean = lean_moves(SHORT_WAY + LEG_BY_LEG)
    assert lean["N"] == {1}
    assert lean["mRcB"] == {1, 2}
    assert lean["fmWfcF"] == {1, 2}
    assert lean["kQdNctR"] == {1, 2, 3}
    # legs that end on empty squares before the last: the Xiangqi horse, a hook mover,
    # a range toggled by y
    assert lean["mafsW"] == {1}
    assert lean["RasR"] == {1, 2}
    assert lean["FyafsF"] == {1, 2}
    # hoppers: the cannon's capture, the grasshopper (its range toggled by g), a hop over
    # friends only
    assert lean["mRcpR"] == {1, 2}
    assert lean["gQ"] == {1}
    assert lean["ptR"] == {1}
    # one-leg moves that check the squares their leaps pass over, or skip the first
    assert lean["nN"] == {1}
    assert lean["jB"] == {1}
    assert lean["nDD"] == {1}
    # a locust, an iso leg, an initial move, e.p., borrowing, a curl, a wrap, a jump check
    # or ski on a longer move, a `*` range and a bracket move are built leg by leg
    # and so are legs without direction letters: they go every way but back to a visited
    # square
    assert lean["aK"] == {1}
    assert lean["mafsmaW"] == {1}
    for betza in LEG_BY_LEG:
        assert lean[betza] == set(), betza


def position_facts(files: int, ranks: int, origin: tuple[int, int], side: str,
                   rng: random.Random, q: int = 1, kind: int = 1) -> str:
    """A random position of query ``q``, the mover (of piece type ``kind``) on ``origin``."""
    cells = [(x, y) for x in range(files) for y in range(ranks) if (x, y) != origin]
    out = [f"board({q},{files},{ranks}).",
           f"piece({q},{origin[0]},{origin[1]},{side},{kind}).",
           f"mover({q},{origin[0]},{origin[1]})."]
    for x, y in rng.sample(cells, min(len(cells), rng.randrange(0, 12))):
        roll = rng.random()
        if roll < 0.1:
            out.append(f"wall({q},{x},{y}).")
            continue
        out.append(f"piece({q},{x},{y},{rng.choice(['white', 'black'])},none).")
        if roll > 0.8:
            out.append(f"royal({q},{x},{y}).")
    return " ".join(out)


def random_positions(rng: random.Random, count: int, boards: list[tuple[int, int]],
                     first: int = 1, kind: int = 1) -> str:
    """``count`` random positions of a piece of type ``kind``, queries ``first`` on of one
    program (as a batch asks them: paths.lp and lean.lp keep every query's apart)."""
    out = []
    for q in range(first, first + count):
        files, ranks = rng.choice(boards)
        origin = (rng.randrange(files), rng.randrange(ranks))
        side = rng.choice(["white", "black"])
        out.append(position_facts(files, ranks, origin, side, rng, q, kind))
    return " ".join(out)


Paths = dict[str, tuple[set[clingo.Symbol], set[clingo.Symbol]]]


def grounded_together(cases: dict[str, Callable[[int, int], str]], count: int) -> Paths:
    """Per case, lean.lp's paths (moves.lp) and paths.lp's (core.lp) of its facts:
    ``make(kind, first)`` of each case, its piece as type ``kind`` and its ``count``
    positions as queries ``first`` on (made in the order given). All the cases are
    grounded in one program of each file, as a batch grounds its pieces, not in two
    programs per case (whose fixed cost is most of a small case's)."""
    facts, owner = [], {}
    for kind, (name, make) in enumerate(cases.items(), start=1):
        first = (kind - 1) * count + 1
        facts.append(make(kind, first))
        owner.update((q, (name, kind)) for q in range(first, first + count))
    program = " ".join(facts)
    out: Paths = {name: (set(), set()) for name in cases}
    for n, entry in enumerate(("moves.lp", "core.lp")):
        for atom in done_symbols(entry, program):
            q, kind = (arg.number for arg in atom.arguments[0].arguments[:2])
            assert owner[q][1] == kind, atom   # a case's queries move its own piece
            out[owner[q][0]][n].add(atom)
    return out


PIECES = ["N", "R", "B", "Q", "K", "W4", "mRcB", "fmWfcF", "kQ", "dN", "ctR", "cK", "hrN",
          "NN", "R3", "FX", "DY", "vR", "sW2", "ffrrN", "lfN", "C0", "mQ3", "WD",
          "mafsW", "RasR", "FyafsF", "mabW", "mabR", "W3afsF", "mafsmafsW", "yafsF",
          "mafcvN", "ctRafkR", "mafdlR", "gQ", "fcafmF", "aK", "aaK", "aaW", "maR",
          "mafsmaW", "yaW", "aN", "maamK", "pR", "mRcpR", "ptR", "pafsR", "gN", "mpafmpafK",
          "pR4", "cpN", "nN", "nA", "jN", "nDD", "jB", "jR", "jW", "nH", "jjA", "nC", "jQ2",
          # chains whose paths meet: followed on from where they meet by the first alone
          "aaaK", "aaaW", "aaaN", "aaF", "yaaK", "aafsaW", "aaR2",
          # a leg without direction letters never goes straight back; a doubled atom
          # toggles as its written range
          "fmaQ", "maQ", "maB", "yabFF", "yaK"]


@pytest.fixture(scope="module")
def paths_of_pieces() -> Paths:
    boards = [(8, 8), (10, 8), (5, 5), (3, 9)]

    def case(betza: str) -> Callable[[int, int], str]:
        return lambda kind, first: (move_facts(kind, parse(betza)) + " " + random_positions(
            random.Random(betza), 6, boards, first, kind))

    return grounded_together({betza: case(betza) for betza in PIECES}, 6)


# (one test process runs these: the module's fixture, one program of every case, is then
# grounded once, not once in each process that runs some of them)
@pytest.mark.xdist_group("lean_rules_paths")
@pytest.mark.parametrize("betza", PIECES)
def test_same_moves_as_paths(paths_of_pieces: Paths, betza: str) -> None:
    lean, full = paths_of_pieces[betza]
    assert agree(lean, full)


DIALECT_PIECES = ["Q", "fmWfcF", "mafsW", "RasR", "FyafsF", "aK", "aaK", "aaaW",
                  "maR", "mabW",
                  "yafsF", "aN", "frK", "mRcpR", "gQ", "pN", "pR4", "nN", "jB", "nA", "nD",
                  "nDD", "jQ", "vlN", "nH", "jH", "jF", "sjD", "fpW0", "maWW", "yalmarW"]


@pytest.mark.parametrize("reading", ["xboard", "diagram"])
def test_same_moves_as_paths_in_the_dialects(reading: str) -> None:
    # the readings of XBoard and the Interactive Diagram switch rules of both files
    # (black-diagonals, default-continuation-directions, visited-squares …)
    from translator.facts.pieces import piece_facts

    rng = random.Random(reading)

    def case(betza: str) -> Callable[[int, int], str]:
        return lambda kind, first: (piece_facts(kind, betza, reading) + " " + random_positions(
            rng, 3, [(8, 8), (6, 7)], first, kind))

    # the Diagram has no answer for n on an oblique atom (test_dialects.py)
    pieces = [b for b in DIALECT_PIECES if reading != "diagram" or b != "nN"]
    paths = grounded_together({betza: case(betza) for betza in pieces}, 3)
    for betza in pieces:
        lean, full = paths[betza]
        assert agree(lean, full), betza


def test_a_lame_leap_in_the_diagram_reading() -> None:
    # nD on d4 with pieces on e4 and d5: the spec blocks both leaps over them; the
    # Interactive Diagram does not test n along a rank, so f4 is a move there
    from translator.facts.pieces import piece_facts

    position = (" board(1,8,8). piece(1,3,3,white,1). mover(1,3,3). "
                "piece(1,4,3,black,none). piece(1,3,4,black,none).")
    for reading, ends in (("spec", {(1, 3), (3, 1)}), ("diagram", {(1, 3), (3, 1), (5, 3)})):
        facts = piece_facts(1, "nD", reading) + position
        # (the moves.lp program grounded once, for both checks)
        lean = done_symbols("moves.lp", facts)
        assert destinations({str(s) for s in lean}) == ends
        assert agree(lean, done_symbols("core.lp", facts))


def test_rook_by_hand() -> None:
    # R on a1, a friend on a4 and an enemy on d1: a2 a3 b1 c1, and d1 taken
    facts = (move_facts(1, parse("R")) + " board(1,8,8). piece(1,0,0,white,1). "
             "mover(1,0,0). piece(1,0,3,white,none). piece(1,3,0,black,none).")
    done = answers("moves.lp", facts)
    assert destinations(done) == {(0, 1), (0, 2), (1, 0), (2, 0), (3, 0)}
    assert "done(p(1,1,0,0,0),1,3,0,h(3,0,h(0,0,nil)),e(cap,3,0,nil))" in done


def test_hook_mover_by_hand() -> None:
    # mR and the hook mover asR on a1 with a friend on b1: up the a-file, then right
    # along each rank; the enemy on c3 is taken from a3, and the rank 3 ray stops there
    facts = (move_facts(1, parse("mRasR")) + " board(1,4,4). piece(1,0,0,white,1). "
             "mover(1,0,0). piece(1,1,0,white,none). piece(1,2,2,black,none).")
    done = answers("moves.lp", facts)
    assert destinations(done) == {(0, 1), (0, 2), (0, 3), (1, 1), (2, 1), (3, 1), (1, 2), (2, 2),
                    (1, 3), (2, 3), (3, 3)}
    assert "done(p(1,1,0,0,0),2,2,2,h(2,2,h(0,2,h(0,0,nil))),e(cap,2,2,nil))" in done


def test_royal_captures_by_hand() -> None:
    # kQ on d4 takes only the royal enemy on d7, ctR on d4 only the plain one on g4
    position = (" board(1,8,8). piece(1,3,3,white,1). mover(1,3,3). "
                "piece(1,3,6,black,none). royal(1,3,6). piece(1,6,3,black,none).")
    for betza, target in (("kQ", "d7"), ("ctR", "g4")):
        done = answers("moves.lp", move_facts(1, parse(betza)) + position)
        x, y = ord(target[0]) - 97, int(target[1]) - 1
        assert [s for s in done if "cap" in s] == [
            f"done(p(1,1,0,3,3),1,{x},{y},h({x},{y},h(3,3,nil)),e(cap,{x},{y},nil))"]


def test_one_path_shown_per_destination() -> None:
    # asR from d4 reaches f6 by d6 and by f4: moves.lp shows the path whose squares come
    # first (d6 before f4, as translator/queries/moves.py orders them), and both are moves
    # (paths.lp builds both)
    facts = (move_facts(1, parse("asR")) + " board(1,8,8). piece(1,3,3,white,1). "
             "mover(1,3,3).")
    both = {s for s in derived("core.lp", facts, "done", 6) if ",5,5,h(" in s}
    assert {s for s in answers("moves.lp", facts) if ",5,5,h(" in s} == {
        "done(p(1,1,0,3,3),1,5,5,h(5,5,h(3,5,h(3,3,nil))),nil)"}
    assert both == {"done(p(1,1,0,3,3),1,5,5,h(5,5,h(3,5,h(3,3,nil))),nil)",
                    "done(p(1,1,0,3,3),1,5,5,h(5,5,h(5,3,h(3,3,nil))),nil)"}
    assert [s for s in shown(facts) if s.startswith("res(1,k(5,5,")] == [
        "res(1,k(5,5,p(nil,3,5),3,3),nil)"]


def test_a_long_chain_is_answered() -> None:
    # six king steps that never come back to a square: from e4 on an empty board every
    # other square is reached (the chain was refused before lean.lp built it)
    from translator.position import Position
    from translator.queries.moves import moves

    found = moves("aaaaaK", "e4", Position.light(8, 8))
    everywhere = {f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)} - {"e4"}
    assert {m.to for m in found} == everywhere
    assert all(len(m.legs) == 7 and len(set(m.legs)) == 7 for m in found)


def test_paths_that_meet_go_on_as_one() -> None:
    # aaaaaK from e4 on the empty board: 2,175 walks of four king steps that never come
    # back to a square lead to the fifth leg; the walks that end alike (square, and the
    # visited squares the last two legs could end on) start it once (lat/9). The inner
    # legs, single leaps, go from those starts straight to their ends (no lstart/8). The
    # last leg, one king step that may not end on a visited square, starts at most once
    # per square and direction.
    from translator.facts.pieces import piece_facts

    facts = piece_facts(1, "aaaaaK") + " board(0,8,8). piece(0,4,3,white,1). mover(0,4,3)."
    ctl = engine.ground("moves.lp", facts).ctl
    states, starts = [0] * 7, [0] * 7
    for atom in ctl.symbolic_atoms.by_signature("lat", 9):
        states[atom.symbol.arguments[2].number] += 1
    for atom in ctl.symbolic_atoms.by_signature("lstart", 8):
        starts[atom.symbol.arguments[2].number] += 1
    assert states[1:4] == [1, 8, 56]  # nothing meets before the third leg ends
    assert states[4] < 8 * 7 * 7 and states[5] < 2175
    assert starts[1:6] == [0] * 5
    assert 0 < starts[6] <= 64 * 8
    # the answer of the same program (engine.run grounds and solves it so)
    shown: list[clingo.Symbol] = []

    def on_model(model: clingo.Model) -> None:
        shown[:] = model.symbols(shown=True)

    engine.solve(ctl, deadline=time.monotonic() + 60, what="the solver", timeout=60,
                 on_model=on_model)
    assert len(shown) == 63
