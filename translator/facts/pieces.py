"""A piece as the solver takes it: its string (or catalogue name) parsed and checked in a
reading, and the facts of one piece type.

>>> str(parse_piece("Knight"))
'N'
>>> piece_facts(1, "fW")
'move(1,1). atom(1,1,"W"). leg(1,1,1). dir(1,1,1,"f"). '
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from translator.errors import BetzaError
from translator.facts.translate import move_facts
from translator.notation.syntax import Atom, Leg, MoveDef, Piece, parse


@lru_cache(maxsize=4096)
def parse_piece(text: str, reading: str = "spec") -> Piece:
    """Parse (and check) a Betza string, or a piece name from the catalogue, as read in
    ``reading`` (``spec``, a dialect, or ``dialect:difference``)."""
    from translator.notation.validate import validate

    try:
        piece = parse(resolve_name(text))
    except BetzaError as err:
        raise _misspelt_name(text) or err from None
    validate(piece, reading)
    from translator.notation.dialects import has_switch

    if has_switch(reading, "doubled-atom-twice"):
        piece = _doubled_twice(piece)
    return piece


def _doubled_twice(piece: Piece) -> Piece:
    """XBoard's letters (switch doubled-atom-twice): moves.c knows no doubled atom, so the
    second letter of ``WW`` is a move of its own. ``maWW`` is ``maW`` and then ``W``.

    >>> [str(m) for m in _doubled_twice(parse("fmaWWcNN")).moves]
    ['fmaW', 'W', 'cN', 'N']
    """
    moves: list[MoveDef] = []
    for move in piece.moves:
        if not move.atom.doubled or move.is_bracket:
            moves.append(move)
            continue
        single = Atom(move.atom.letter)
        legs = tuple(replace(leg, atom=single) for leg in move.legs)
        moves.append(replace(move, legs=legs, atom=single, end=move.end - 1))
        moves.append(MoveDef((Leg((), (), (), single),), single, start=move.end - 1,
                             end=move.end))
    return replace(piece, moves=tuple(moves))


@lru_cache(maxsize=4096)
def canonical(text: str, reading: str = "spec") -> str:
    """The canonical spelling of :func:`parse_piece`'s piece (asked once per query: kept).

    >>> canonical("Knight"), canonical("Wazir")
    ('N', 'W')
    """
    return str(parse_piece(text, reading))


def piece_facts(type_id: int, text: str, reading: str = "spec") -> str:
    """The facts of piece type ``type_id``: the moves of ``text`` and its reading."""
    from translator.facts.readings import reading_facts

    return move_facts(type_id, parse_piece(text, reading)) + " " + reading_facts(type_id,
                                                                                   reading)


def _misspelt_name(text: str) -> BetzaError | None:
    """For text that is neither a Betza string nor a name: the names it may have meant."""
    from translator.catalogue.pieces import near_names

    stripped = text.strip()
    if len(stripped) < 3 or not ("a" <= stripped[-1] <= "z" or " " in stripped):
        return None
    close = near_names(stripped)
    if not close:
        return None
    return BetzaError(f"unknown piece {stripped!r} — did you mean {' or '.join(close)}?",
                      text=text, pos=text.find(stripped))


def resolve_name(text: str) -> str:
    """The Betza string of a catalogue name; any other text as it is."""
    try:
        from translator.catalogue.pieces import resolve_betza
    except ImportError:  # the catalogue is optional for the engine
        return text
    return resolve_betza(text)
