"""Checks of moves written in the bracket notation (``[F?R]``, ``v[W?B]``), beyond the
grammar: what spec/brackets.md leaves open is refused here with a message saying so.

>>> try:
...     check_bracket("[cF-R]", parse("[cF-R]").moves[0])
... except BetzaError as err:
...     print(err.message[:48], err.pos)
c on a leg before '-' is not settled by the brac 1
"""

from __future__ import annotations

from translator.errors import BetzaError
from translator.notation.kbtables import four_way, tables
from translator.notation.syntax import Leg, MoveDef, parse  # noqa: F401  (parse: doctest)

BRACKET_MODES = "mc"
STRAIGHT_OR_BENT = {0, 1, 7}  # the turns (eighths) a prefix can classify


def check_bracket(text: str, move: MoveDef) -> None:
    """Raise BetzaError where a bracket move asks for what the notation leaves open."""
    systems = [tables().letters[leg.atom.letter][2] for leg in move.legs]
    for n, leg in enumerate(move.legs):
        _check_modes(text, move, n, leg)
        if leg.atom.boost:
            raise BetzaError("X and Y boosts are not part of the bracket notation",
                             text=text, pos=_at(text, move, leg.atom.boost))
        table = systems[0] if n == 0 else "king"
        for tok in leg.directions:
            if (table, tok) not in tables().dirtab:
                raise BetzaError(f"direction {tok!r} is not defined here", text=text,
                                 pos=_at(text, move, tok))
    first = move.legs[0]
    if first.directions and not four_way(systems[0]):
        raise BetzaError("direction letters inside the first leg work only on an orthogonal "
                         "or diagonal atom: put them before the bracket (v[F?R])", text=text,
                         pos=_at(text, move, first.directions[0]))
    if first.directions and move.prefix:
        raise BetzaError("direction letters both before the bracket and inside its first "
                         "leg: put them before the bracket only", text=text,
                         pos=_at(text, move, first.directions[0]))
    _check_oblique(text, move, systems)
    if move.prefix:
        _check_prefix(text, move)


def _check_modes(text: str, move: MoveDef, n: int, leg: Leg) -> None:
    for flag in leg.modifiers:
        raise BetzaError(f"{flag!r} is not part of the bracket notation: a bracket leg takes "
                         "direction letters and the modes m and c (write the a-notation "
                         "for the others)", text=text, pos=_at(text, move, flag))
    for mode in leg.modes:
        if mode not in BRACKET_MODES:
            raise BetzaError(f"{mode!r} is not part of the bracket notation: a bracket leg "
                             "takes the modes m and c (write the a-notation for the "
                             "others)", text=text, pos=_at(text, move, mode))
    if n < len(move.seps) and move.seps[n] == "-" and "c" in leg.modes:
        raise BetzaError("c on a leg before '-' is not settled by the bracket notation (a "
                         "locust capture, or no more than a condition?): write a locust in "
                         "the a-notation (cafmF)", text=text, pos=_at(text, move, "c"))


def _check_oblique(text: str, move: MoveDef, systems: list[str]) -> None:
    """After an oblique leap no direction is 'outward', and K-system directions have no
    meaning: only another oblique leg with its own letters may follow."""
    for n in range(1, len(move.legs)):
        leg = move.legs[n]
        if systems[n - 1] == "obl" and (systems[n] != "obl" or not leg.directions):
            raise BetzaError("the direction of a leg after an oblique leap is undefined: "
                             "only an oblique leg with direction letters may follow one "
                             "([N-fN])", text=text, pos=_at(text, move, str(leg.atom)))
        if systems[n] == "obl" and systems[n - 1] != "obl":
            raise BetzaError("an oblique leg after a straight one has no defined direction",
                             text=text, pos=_at(text, move, str(leg.atom)))


def _check_prefix(text: str, move: MoveDef) -> None:
    """A prefix reads the whole path as a straight or an oblique move (45-degree bend):
    only two-leg brackets whose second leg goes straight on or turns 45 degrees."""
    if len(move.legs) > 2:
        raise BetzaError("direction letters before a bracket of more than two legs are not "
                         "defined yet (the path has no settled direction class)", text=text,
                         pos=move.start)
    turns = {r for tok in move.legs[1].directions for r in tables().dirtab[("king", tok)]}
    if turns - STRAIGHT_OR_BENT:
        raise BetzaError("direction letters before a bracket whose path bends 90 degrees or "
                         "more are not defined yet (no settled direction class)", text=text,
                         pos=move.start)
    first = tables().letters[move.legs[0].atom.letter][2]
    for tok in move.prefix:
        if (first, tok) not in tables().dirtab and ("obl", tok) not in tables().dirtab:
            raise BetzaError(f"direction {tok!r} is not defined before a bracket", text=text,
                             pos=text.find(tok, move.start))


def _at(text: str, move: MoveDef, token: str) -> int | None:
    """Where ``token`` is written in the move's bracket (its legs), else in the move."""
    opening = text.find("[", move.start)
    pos = text.find(token, opening if opening >= 0 else move.start)
    return pos if pos >= 0 else None
