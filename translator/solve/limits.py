"""Bounds on a query before it is grounded: a size estimate from the written moves.

A query whose paths would fill the memory is refused before it starts (a grounding step
that outruns its limits anyway is stopped inside: translator/solve/guard.py). The estimate
is an upper bound on the atoms of the paths a piece can take from one square
(tests/test_size_estimate.py grounds the kb's pieces and random strings to check it): per
move, the product over its legs of the directions a leg may take and the squares a slide
may cover (a circular or crooked rider, ``q`` or ``z``, turns either way and rides on; in
the program of a given position a leg that only captures goes on from one square a ray);
each path costs about :data:`ATOMS_PER_PATH` ground atoms. A move that encodings/lean.lp
builds (``lean``) is counted with the directions of its atom (four for W, F, R, B …, eight
for K, Q, N …), and costs less per path: lean.lp follows paths that start a leg alike as
one. Without ``lean`` the estimate is that of a kept program (translator/solve/warm.py),
whose position is left open: an e.p. capture may take a victim on any square.

>>> from translator.notation.syntax import parse
>>> estimated_atoms(parse("N"), 8, 8) < estimated_atoms(parse("aaaaK"), 8, 8)
True
>>> chain = parse("aaaaaK")  # answered by moves.lp (lean.lp), not by why.lp (paths.lp)
>>> estimated_atoms(chain, 8, 8, lean=True) < DEFAULT_MAX_ATOMS < estimated_atoms(chain, 8, 8)
True
>>> initial = parse("ircarcRifmafpasmamcAA")  # every move needs a piece that has not moved
>>> estimated_atoms(initial, 10, 10, moved=True), estimated_atoms(initial, 10, 10) > 10**6
(0, True)
>>> try:
...     check_size(parse("aaaaaaaK"), 26, 26, DEFAULT_MAX_ATOMS, lean=True)
... except LimitError as err:
...     print(err.message[:64])
this query would ground about 6.5e+06 atoms, over the limit of 2

"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

from translator.errors import LimitError
from translator.notation.kbtables import four_way, tables
from translator.notation.syntax import SPECIAL_ATOMS, Leg, MoveDef, Piece

# The constants below are measured: bench/limits.py prints the estimate beside the atoms
# really grounded, and docs/bench.md keeps the figures behind each constant.
ATOMS_PER_PATH = 50  # ground atoms per path of a multi-leg move
# a move that encodings/lean.lp builds from its rays (lean/2 of encodings/leanmoves.lp, as
# plan.lp shows it: lean_moves) costs less, since paths that meet go on as one; 2 leaves
# room above the atoms per path of the chains of riders measured
LEAN_ATOMS_PER_PATH = 2
# and per state that a leg of a chain of single leaps starts from
LEAN_ATOMS_PER_STATE = 3
DEFAULT_MAX_ATOMS = 2_000_000  # seconds and well under 1 GB of grounding (docs/bench.md)
SLIDERS = "RBQ"
BENDS = {"q", "z"}  # a circular and a crooked rider: a rider whatever its atom
CIRCLE = 7  # steps of such a rider counted (a circular one is back on its square at 8)
EP_LAST = 3
BOARD_COPY = 3  # atoms per square of a kept program's copy of the board (_board_copy)
# per leg of each move, the atoms of its own (its directions, modes, the legs' links), with
# room above the most measured
LEG_ATOMS = 150
# the states one of the last two legs of single leaps starts from, per square, at most
# (eight directions, some 200 sets of visited squares): it puts the chains that ground
# within the default budget under it and the longer ones over it; a chain on a large board
# is counted over every square, not only those it reaches
MET = 8 * 200
# pieces whose lean moves (:func:`lean_many`) are kept per process
LEAN_KEPT = 4096
_LEAN: OrderedDict[Piece, frozenset[int]] = OrderedDict()


def _span(move: MoveDef, files: int, ranks: int) -> int:
    """How many squares a slide of ``move`` covers on average: half the board's width
    (the whole area when it wraps round), since a ray stops at the edge or a piece."""
    return files * ranks if _wraps(move) else max(1, max(files, ranks) // 2)


def _wraps(move: MoveDef) -> bool:
    return any("o" in f for leg in move.legs for f in leg.modifiers)


def _first_steps(move: MoveDef, span: int) -> int:
    """How many squares the first leg may cover, at most (a circular or crooked rider:
    :data:`CIRCLE`). A numbered range is not cut by the span when the move wraps: no edge
    ends its ray, which goes round the board again for as many steps as it is given
    (paths.lp's lim/4; ``oH676`` rides 676 steps on any board)."""
    if set("".join(move.legs[0].modifiers)) & BENDS:
        return CIRCLE
    if move.range is not None:
        rng = move.range.steps
        if rng in (None, 0):
            return span
        return rng if _wraps(move) else min(rng, span)
    return span if move.atom.doubled or move.atom.letter in SLIDERS else 1


def estimated_atoms(piece: Piece, files: int, ranks: int, lean: bool = False,
                    moved: bool = False, alone: bool = False) -> int:
    """An upper bound on the ground atoms of the piece's paths from one square; with
    ``lean``, for a program that builds the moves it can from their rays (moves.lp and
    board.lp include encodings/lean.lp); with ``moved``, for a piece known to have moved,
    whose moves that need an unmoved piece (``i`` on the first leg) start no path; with
    ``alone``, for a piece alone on the board, whose moves with a first leg that ends only
    on another piece (:func:`_needs_piece`) go no further than that leg's rays."""
    total = 0
    built = lean_moves(piece) if lean else frozenset()
    for number, move in enumerate(piece.moves, 1):
        if not _starts(move, moved):
            continue
        cut = alone and _needs_piece(move)
        span = _span(move, files, ranks)
        if move.atom.letter == "U":
            total += (files * ranks) ** len(move.legs) * ATOMS_PER_PATH
            continue
        steps, paths = _first_steps(move, span), 1
        short = number in built
        # lean.lp follows the paths that start a leg alike as one: a chain of single leaps
        # starts each of its last two legs, where few visited squares still matter, from
        # at most so many states per square (MET: measured)
        met = files * ranks * MET if short and steps == 1 and not any(
            set(leg.modes) & {"g", "y"} for leg in move.legs) else None
        states = peak = 0
        toggled = False
        for n, leg in enumerate(move.legs):
            if n and piece.own_range and not toggled:  # the atom's own range again
                steps = span if move.atom.letter in SLIDERS else 1
            ways = _ways(leg, n, short)
            if lean and _stops(leg, n, move):
                # in a program of its position a leg that only captures goes on from the
                # first piece of each ray, not from every square its slide covers
                peak = max(peak, paths * ways * steps)
                paths *= ways
            else:
                paths *= ways * steps
            if not lean and "e" in leg.modes:
                # a kept program (translator/solve/warm.py) leaves the e.p. victim open:
                # the legs after an e.p. capture go on from every square it may stand on,
                # and one that ends the move reads it (measured: under 3 times the atoms)
                paths *= files * ranks if n < len(move.legs) - 1 else EP_LAST
            if met is not None:
                if n >= len(move.legs) - 2:
                    paths = min(paths, met)
                states += paths
            if set("".join(leg.modifiers)) & BENDS:  # the next leg rides on, straight
                steps = span
            if set(leg.modes) & {"g", "y"}:  # the range toggles for the next leg (and in a
                toggled = True                # program that keeps it, for all after it)
                steps = span if steps == 1 else max(1, steps if len(leg.modes) > 1 else 1)
            if cut:
                break
        if set(move.legs[-1].modes) & {"p", "g"} and not cut:
            paths *= steps  # the implied hop-off leg
        per = ATOMS_PER_PATH if not short else (
            LEAN_ATOMS_PER_PATH if met is None else LEAN_ATOMS_PER_STATE)
        total += max(paths, states, peak) * per + (LEG_ATOMS * len(move.legs) if lean else 0)
    return total + _board_copy(piece, files, ranks, lean, moved)


def _starts(move: MoveDef, moved: bool) -> bool:
    """Whether ``move`` may start a path (of a piece that has ``moved``: not one whose first
    leg needs an unmoved piece)."""
    return not (moved and "i" in move.legs[0].modifiers)


def _board_copy(piece: Piece, files: int, ranks: int, lean: bool, moved: bool) -> int:
    """The atoms of the copy of the board a program with the position open (not ``lean``:
    a kept program, translator/solve/warm.py) makes for a mover with a move of several legs
    that may start a path, whose later legs may go anywhere: encodings/lean.lp's lpiece/4
    of either colour and lfull/3 on every square (one of one-leg moves copies only the
    squares of its rays)."""
    several = any(len(move.legs) > 1 for move in piece.moves if _starts(move, moved))
    return BOARD_COPY * files * ranks if several and not lean else 0


def from_every_square(piece: Piece) -> bool:
    """Whether the equivalence check grounds the piece from every start square of the real
    board rather than once from the centre of a board twice as large: some move wraps,
    curls (``q``, ``z``) or has a ``*`` range (encodings/condpaths.lp's local/2)."""
    return any(_wraps(move) or (move.range is not None and move.range.steps is None)
               or any(set("".join(leg.modifiers)) & BENDS for leg in move.legs)
               for move in piece.moves)


def _needs_piece(move: MoveDef) -> bool:
    """The first leg of ``move`` ends only on a piece: it captures (c, d) or hops (p, g)
    and has no mode that ends on an empty square (``paimtpapQ``; a bracket and the special
    atoms are left out)."""
    modes = set(move.legs[0].modes)
    return (not move.is_bracket and move.atom.letter not in SPECIAL_ATOMS and bool(modes)
            and modes <= {"c", "d", "p", "g"})


def _stops(leg: Leg, n: int, move: MoveDef) -> bool:
    """Leg ``n`` goes on to a further leg only from a captured piece (modes c and d only),
    which ends its slide."""
    return n < len(move.legs) - 1 and bool(leg.modes) and set(leg.modes) <= {"c", "d"}


def _ways(leg: Leg, n: int, short: bool) -> int:
    """How many directions leg ``n`` of a move may take, at most: a direction token names
    at most two moves (a pair); none means all eight. On the first leg, and for a move
    lean.lp builds, at most the atom's own: four or eight; for the latter a later leg
    without direction letters goes on, left or right (a four-way atom) or every way but
    straight back to the square it came from."""
    atom_ways = 8
    system = tables().letters.get(leg.atom.letter, (0, 0, "king", ""))[2]
    if short or n == 0:  # a first leg goes the atom's own ways in every reading
        atom_ways = 4 if four_way(system) else 8
    turns = 2 if set("".join(leg.modifiers)) & BENDS else 1  # it turns either way
    if leg.directions:
        return min(atom_ways, 2 * len(leg.directions)) * turns
    if short and n > 0:
        return atom_ways - 1 if atom_ways == 8 else 3
    return atom_ways * turns


def lean_moves(piece: Piece) -> frozenset[int]:
    """The numbers of the moves of ``piece`` that encodings/lean.lp builds from their rays
    (its lean/2, which plan.lp shows as plean/2; the spec's reading)."""
    return lean_many([piece])[0]


def lean_many(pieces: Sequence[Piece]) -> list[frozenset[int]]:
    """:func:`lean_moves` of each piece: those not known yet planned together, in one
    program of plan.lp (whose fixed cost is most of a piece's: a batch of many strings
    pays it once); kept per process, the least recently asked dropped first.

    >>> from translator.notation.syntax import parse
    >>> [sorted(m) for m in lean_many([parse("N"), parse("mRcpR"), parse("R*")])]
    [[1], [1, 2], []]
    """
    from translator.facts.translate import move_facts
    from translator.shown import PLean, each
    from translator.solve import engine

    missing = [piece for piece in dict.fromkeys(pieces) if piece not in _LEAN]
    if missing:
        built: dict[int, set[int]] = {t: set() for t in range(1, len(missing) + 1)}
        facts = " ".join(move_facts(t, piece) for t, piece in enumerate(missing, 1))
        for lean in each(engine.run(facts, "plan.lp"), PLean):
            built[lean.t].add(lean.m)
        for t, piece in enumerate(missing, 1):
            _LEAN[piece] = frozenset(built[t])
    found = []
    for piece in pieces:
        _LEAN.move_to_end(piece)
        found.append(_LEAN[piece])
    while len(_LEAN) > LEAN_KEPT:
        _LEAN.popitem(last=False)
    return found


def check_size(piece: Piece, files: int, ranks: int, max_atoms: int, times: int = 1,
               lean: bool = False, moved: bool = False, alone: bool = False) -> int:
    """The estimate of ``times`` queries of the piece in one program (``lean``, ``moved``
    and ``alone`` as for :func:`estimated_atoms`); refuse, with a message naming the limit,
    one over ``max_atoms``."""
    return refuse_over(estimated_atoms(piece, files, ranks, lean, moved, alone) * times,
                       max_atoms)


def refuse_over(need: int, max_atoms: int) -> int:
    """``need``, the estimate of a query's atoms; refuse, with a message naming the limit,
    one over ``max_atoms``."""
    if need > max_atoms:
        raise LimitError(f"this query would ground about {need:.2g} atoms, over the limit of "
                         f"{max_atoms:.2g}; raise it with --max-atoms (batch: \"max_atoms\") "
                         "if the machine has the memory")
    return need
