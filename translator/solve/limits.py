"""Bounds on a query before it is grounded: a size estimate from the written moves.

Grounding cannot be interrupted, so a query whose paths would fill the memory is refused
before it starts. The estimate is an upper bound on the paths a piece can take from one
square: per move, the product over its legs of the directions a leg may take and the
squares a slide may cover; each path costs about :data:`ATOMS_PER_PATH` ground atoms.

>>> from translator.notation.syntax import parse
>>> estimated_atoms(parse("N"), 8, 8) < estimated_atoms(parse("aaaaK"), 8, 8)
True
>>> try:
...     check_size(parse("aaaaaaaK"), 26, 26, DEFAULT_MAX_ATOMS)
... except LimitError as err:
...     print(err.message[:64])
this query would ground about 8.4e+08 atoms, over the limit of 2

"""

from __future__ import annotations

from translator.errors import LimitError
from translator.notation.syntax import MoveDef, Piece

ATOMS_PER_PATH = 50  # measured: about 50 ground atoms per path of a multi-leg move
DEFAULT_MAX_ATOMS = 2_000_000  # about 5 s and well under 1 GB
SLIDERS = "RBQ"


def _span(move: MoveDef, files: int, ranks: int) -> int:
    """How many squares a slide of ``move`` covers on average: half the board's width
    (the whole area when it wraps round), since a ray stops at the edge or a piece."""
    wraps = any("o" in f for leg in move.legs for f in leg.modifiers)
    return files * ranks if wraps else max(1, max(files, ranks) // 2)


def _first_steps(move: MoveDef, span: int) -> int:
    """How many squares the first leg may cover, at most."""
    if move.range is not None:
        rng = move.range.steps
        return span if rng in (None, 0) else min(rng, span)
    return span if move.atom.doubled or move.atom.letter in SLIDERS else 1


def estimated_atoms(piece: Piece, files: int, ranks: int) -> int:
    """An upper bound on the ground atoms of the piece's paths from one square."""
    total = 0
    for move in piece.moves:
        span = _span(move, files, ranks)
        if move.atom.letter == "U":
            total += (files * ranks) ** len(move.legs)
            continue
        steps, paths = _first_steps(move, span), 1
        for leg in move.legs:
            # a direction token names at most two moves (a pair); none means all eight
            paths *= (min(8, 2 * len(leg.directions)) if leg.directions else 8) * steps
            if set(leg.modes) & {"g", "y"}:  # the range toggles for the next leg
                steps = span if steps == 1 else max(1, steps if len(leg.modes) > 1 else 1)
        if set(move.legs[-1].modes) & {"p", "g"}:
            paths *= steps  # the implied hop-off leg
        total += paths
    return total * ATOMS_PER_PATH


def check_size(piece: Piece, files: int, ranks: int, max_atoms: int, times: int = 1) -> None:
    """Refuse, with a message naming the limit, a query whose estimate is over
    ``max_atoms`` (``times`` queries of the piece in one program)."""
    need = estimated_atoms(piece, files, ranks) * times
    if need > max_atoms:
        raise LimitError(f"this query would ground about {need:.2g} atoms, over the limit of "
                         f"{max_atoms:.2g}; raise it with --max-atoms (batch: \"max_atoms\") "
                         "if the machine has the memory")
