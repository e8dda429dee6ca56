"""A piece as the solver takes it: its string (or catalogue name) parsed and checked in a
reading, and the facts of one piece type.

>>> str(parse_piece("Knight"))
'N'
>>> piece_facts(1, "fW")
'move(1,1). atom(1,1,"W"). leg(1,1,1). dir(1,1,1,"f"). '
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from translator.errors import BetzaError
from translator.facts.translate import move_facts
from translator.notation.grouping import Flags, Grouping, spec_grouping
from translator.notation.syntax import Atom, Leg, MoveDef, Piece, parse


@lru_cache(maxsize=4096)
def parse_piece(text: str, reading: str = "spec") -> Piece:
    """Parse (and check) a Betza string, or a piece name from the catalogue, as read in
    ``reading`` (``spec``, a dialect, or ``dialect:difference``)."""
    from translator.notation.dialects import has_switch
    from translator.notation.validate import validate

    try:
        betza = resolve_name(text)
        if reading.partition(":")[0] == "fsf":
            # the spec string of its moves, which this reading would spell anew: the piece
            # keeps the string as written for its canonical string
            spelt = _fsf(betza, reading)
            piece = parse(spelt) if spelt else Piece(())
            validate(piece, reading)
            return replace(piece, source=betza, as_written=True)
        if has_switch(reading, "no-boost-no-star"):
            betza = _xboard_stops(betza)
        if has_switch(reading, "t-unread"):
            betza = betza.replace("t", "")  # BetzaParse has no branch for t
        if has_switch(reading, "letter-order"):
            betza = _xboard_letters(betza)
        piece = parse(betza, _grouping(reading))
    except BetzaError as err:
        raise _misspelt_name(text) or err from None
    validate(piece, reading)

    if has_switch(reading, "doubled-atom-twice"):
        piece = _doubled_twice(piece, moved=has_switch(reading, "iso-after-leaper"))
    elif has_switch(reading, "king-doubled-twice"):
        piece = _doubled_twice(piece, "K")
    if has_switch(reading, "j-after-n"):
        piece = _j_after_n(piece)
    if has_switch(reading, "range-inheritance"):
        piece = replace(piece, own_range=True)
    return piece


def _fsf(betza: str, reading: str) -> str:
    """Fairy-Stockfish's moves of ``betza`` in the spec's words (translator/notation/fsf.py),
    ``""`` where it reads no move at all; with one of its differences named, the spec string
    read with that one alone (translator/notation/fsf_alone.py)."""
    from translator.notation.dialects import switches
    from translator.notation.fsf import fsf_spelling
    from translator.notation.fsf_alone import alone

    switches(reading)  # an unknown name is refused with the known ones
    name = reading.partition(":")[2]
    return alone(betza, name) if name else fsf_spelling(betza)


_XB_MODES = "mcdetpgoy"  # moves.c's order of the mode letters, after i and the directions
_XB_ATOMS = "ABCDFGHJKLNOQRWZ"  # the letters moves.c's symmetry[] table gives a geometry


def _xboard_stops(betza: str) -> str:
    """Where moves.c stops reading (switch no-boost-no-star): after an atom and its number,
    a character that is neither a lower-case letter nor an atom it knows (``X``, ``Y``,
    ``*``) ends the whole string, as does an atom it does not know (``U``, ``I``). A string
    that would keep nothing, or has brackets or drops, is read as written.

    >>> _xboard_stops("FXN"), _xboard_stops("R*N"), _xboard_stops("fmW*cF"), _xboard_stops("WU")
    ('F', 'R', 'fmW', 'W')
    """
    if any(c in betza for c in "[(@"):
        return betza
    pos = 0
    while pos < len(betza):
        start = pos
        while pos < len(betza) and betza[pos].islower():
            pos += 1
        if pos == len(betza):
            return betza  # letters with no atom: the parser says where
        if betza[pos] not in _XB_ATOMS:
            return betza[:start] or betza
        pos += 1
        number = re.match(r"[0-9]+", betza[pos:])
        if number:  # atoi, then one more digit skipped when the number is over 9
            pos += 2 if int(number.group()) > 9 else 1
        if pos < len(betza) and not (betza[pos].islower() or betza[pos] in _XB_ATOMS):
            return betza[:pos]
    return betza


_XB_OBLIQUE = "CJLNZ"  # symmetry N in both programs: a first leg may open with hr, hl
_XB_APART = "ABFGKQ"  # moves.c's F and K loops, which read a doubled letter as two


def _grouping(reading: str) -> Grouping | None:
    """How the reading groups direction letters: XBoard's (below), the Interactive
    Diagram's, which pairs a two-way letter with a one-way letter of its line on every leg
    (same-line-narrows), or the spec's (``None``)."""
    from translator.notation.dialects import has_switch

    if any(has_switch(reading, name) for name in _DIAGRAM_GROUPING):
        return _diagram_grouping(reading)
    return _xboard_grouping(reading)


# the Interactive Diagram's switches that its own grouping of the letters reads
_DIAGRAM_GROUPING = ("same-line-narrows", "chiral-on-continuation", "h-on-orthogonal")


def _diagram_grouping(reading: str) -> Grouping:
    """BetzaParse's grouping (Flags): a two-way letter pairs with a one-way letter of its
    line (same-line-narrows); an h before l or r on a later leg gives no token, as the King
    system BetzaParse reads later legs in has no chiral set (chiral-on-continuation: hr is
    r); on the first leg of W, D, H, R an h of its own is a token, the backward move
    (h-on-orthogonal). Elsewhere as the spec."""
    from translator.notation.dialects import has_switch

    same_line = has_switch(reading, "same-line-narrows")
    later_plain = has_switch(reading, "chiral-on-continuation")
    orth_h = has_switch(reading, "h-on-orthogonal")

    def flags(atom: str, first: bool) -> Flags:
        spec = spec_grouping(atom, first)
        return spec._replace(same_line=same_line or spec.same_line,
                             chiral=spec.chiral and (first or not later_plain),
                             h_void=not (orth_h and first and atom in "WDHR"))
    return flags


def _xboard_grouping(reading: str) -> Grouping | None:
    """How the reading groups direction letters where XBoard's moves.c does (Flags): its
    K loop reads the first leg of K and Q and every later leg, its N loop the first leg
    of C, J, L, N, Z (``None``: as the spec)."""
    from translator.notation.dialects import has_switch

    lone_h = has_switch(reading, "chiral-off-oblique")
    apart = has_switch(reading, "doubled-letter-apart")
    king_vs = has_switch(reading, "vs-in-king-system")
    obl_vs = reading.startswith("xboard") and has_switch(reading, "vs-alone-on-oblique")
    if not (lone_h or apart or king_vs or obl_vs):
        return None

    def flags(atom: str, first: bool) -> Flags:
        oblique = first and atom in _XB_OBLIQUE
        king = not first or atom in "KQ"
        return Flags(lone_h, oblique, apart and (not first or atom in _XB_APART),
                     king and king_vs or oblique and obl_vs)
    return flags


def _xboard_letters(betza: str) -> str:
    """XBoard's letters (switch letter-order): moves.c reads the lower-case letters of each
    leg in one order, ``i``, directions, ``m c d e t p g o y``, ``n``, ``j``, then ``a``
    for the next leg; the first letter out of that order ends the move's letters, and what
    follows it up to the atom (further legs too) is not read. On W, D, H, R the first
    leg's directions stop at ``h`` as well. On C, J, L, N, Z an ``h`` that opens the first
    leg takes the next letter, whatever it is, for its chiral set (``hr`` if it is ``r``,
    ``hl`` otherwise) and ends the directions.

    >>> _xboard_letters("fmicpK"), _xboard_letters("rifnB"), _xboard_letters("fmaiN")
    ('fmK', 'rB', 'fmaiN')
    >>> _xboard_letters("icarifcaiB"), _xboard_letters("cmW"), _xboard_letters("fhmaR")
    ('icarB', 'cW', 'fR')
    >>> _xboard_letters("WfmicF"), _xboard_letters("N0mcK")
    ('WfmF', 'N0mcK')
    >>> _xboard_letters("hrfmN"), _xboard_letters("ihfmN"), _xboard_letters("hN")
    ('hrN', 'ihlmN', 'hlN')
    """
    out, pos = [], 0
    while pos < len(betza):
        end = pos
        while end < len(betza) and betza[end].islower():
            end += 1
        if end == len(betza) or not betza[end].isupper():
            return betza  # not a plain a-chain (brackets, drops ...): read as written
        out.append(_xboard_prefix(betza[pos:end], betza[end]))
        pos = end
        while pos < len(betza) and not betza[pos].islower() and betza[pos] not in "[(":
            out.append(betza[pos])
            pos += 1
        if pos < len(betza) and betza[pos] in "[(":
            return betza
    return "".join(out)


def _xboard_prefix(prefix: str, atom: str) -> str:
    """The letters of one move's legs that moves.c reads (see _xboard_letters)."""
    kept, pos, first = [], 0, True
    while True:
        start = pos
        while prefix[pos:pos + 1] == "i":
            pos += 1
        if first and atom in _XB_OBLIQUE and prefix[pos:pos + 1] == "h":
            head = prefix[start:pos] + ("hr" if prefix[pos + 1:pos + 2] == "r" else "hl")
            pos += 2
        else:
            dirs = "fblrvs" if first and atom in "WDHR" else "fblrvsh"
            while prefix[pos:pos + 1] and prefix[pos] in dirs:
                pos += 1
            head = prefix[start:pos]
        mark = pos
        for letter in _XB_MODES + "n":
            if prefix[pos:pos + 1] == letter:
                pos += 1
        while prefix[pos:pos + 1] == "j":
            pos += 1
        if prefix[pos:pos + 1] == "a":
            kept.append(head + prefix[mark:pos + 1])
            pos += 1
            first = False
            continue
        kept.append(head + prefix[mark:pos])
        return "".join(kept)


def _doubled_twice(piece: Piece, letters: str = "", moved: bool = False) -> Piece:
    """XBoard's letters (switch doubled-atom-twice): moves.c knows no doubled atom, so the
    second letter of ``WW`` is a move of its own. ``maWW`` is ``maW`` and then ``W``. With
    ``letters``, only those atoms (the Interactive Diagram's ``KK``: king-doubled-twice).
    With ``moved`` (iso-after-leaper), a later leg's ``i`` after single leaps that a moved
    piece fails ends moves.c's reading of that leg, which goes on with the second letter:
    ``maiKK`` is also ``maK`` for a piece that has moved (:func:`_fallback`).

    >>> [str(m) for m in _doubled_twice(parse("fmaWWcNN")).moves]
    ['fmaW', 'W', 'cN', 'N']
    >>> [str(m) for m in _doubled_twice(parse("fKKcNN"), "K").moves]
    ['fK', 'K', 'cNN']
    >>> [(str(m), m.moved_only) for m in _doubled_twice(parse("caicKK"), moved=True).moves]
    [('caicK', False), ('K', False), ('caK', True)]
    """
    moves: list[MoveDef] = []
    for move in piece.moves:
        if not move.atom.doubled or move.is_bracket or \
                (letters and move.atom.letter not in letters):
            moves.append(move)
            continue
        single = Atom(move.atom.letter)
        legs = tuple(replace(leg, atom=single) for leg in move.legs)
        moves.append(replace(move, legs=legs, atom=single, end=move.end - 1))
        moves.append(MoveDef((Leg((), (), (), single),), single, start=move.end - 1,
                             end=move.end))
        if moved:
            moves.extend(_fallback(moves[-2]))
    return replace(piece, moves=tuple(moves))


def _fallback(move: MoveDef) -> tuple[MoveDef, ...]:
    """The move moves.c makes of a move written with a doubled atom when its first later
    leg with ``i`` follows single leaps only (its range argument is 0, so ``i`` asks for a
    piece that has not moved: iso-after-leaper) and the piece has moved: the test's
    ``continue`` reads the second letter of the atom as that leg, with no other letter."""
    for k, leg in enumerate(move.legs[1:], start=1):
        if "i" in leg.modifiers:
            before = move.legs[:k]
            if move.atom.letter in "RBQ" or any(set(b.modes) & {"g", "y"} for b in before):
                return ()
            bare = Leg((), (), (), move.atom)
            return (replace(move, legs=(*before, bare), moved_only=True),)
    return ()


_AFTER_N = {"j": (), "jj": ("j",)}  # moves.c: n sets jump = 0, each j then adds one


def _j_after_n(piece: Piece) -> Piece:
    """XBoard's letters (switch j-after-n): moves.c's ``n`` makes a leg non-jumping and each
    ``j`` after it counts one up from there, so ``nj`` is an ordinary leg and ``njj`` is
    ``j``.

    >>> [str(m) for m in _j_after_n(parse("njKmnjjaW")).moves]
    ['K', 'mjaW']
    """
    moves: list[MoveDef] = []
    for move in piece.moves:
        legs = tuple(_leg_after_n(leg) for leg in move.legs)
        moves.append(move if legs == move.legs else replace(move, legs=legs))
    return replace(piece, moves=tuple(moves))


def _leg_after_n(leg: Leg) -> Leg:
    jumps = [f for f in leg.modifiers if f in _AFTER_N]
    if "n" not in leg.modifiers or not jumps:
        return leg
    kept = [f for f in leg.modifiers if f not in ("n", jumps[0])]
    return replace(leg, modifiers=(*kept, *_AFTER_N[jumps[0]]))


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
