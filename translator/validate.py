"""Checks a parsed piece against what the notation defines, before any solving.

The direction tables live in kb/directions.lp; this module reads them from there.
"""

from __future__ import annotations

from functools import cache

import clingo

from translator.errors import BetzaError
from translator.notation import Move, Piece
from translator.resources import data_dir


@cache
def kb_tables() -> tuple[dict[str, tuple[int, int, str, str]], set[tuple[str, str]]]:
    """(atom letter -> (A, B, system, kind), {(system, direction token)}) from kb/."""
    ctl = clingo.Control(["--warn=none"])
    for name in ("atoms.lp", "directions.lp"):
        ctl.load(str(data_dir("kb") / name))
    ctl.ground([("base", [])])
    letters, tokens = {}, set()
    for atom in ctl.symbolic_atoms:
        sym = atom.symbol
        if sym.name == "letter" and len(sym.arguments) == 5:
            a = sym.arguments
            letters[a[0].string] = (a[1].number, a[2].number, a[3].name, a[4].name)
        elif sym.name == "dirtab":
            tokens.add((sym.arguments[0].name, sym.arguments[1].string))
    return letters, tokens


def system_of(move: Move) -> str | None:
    """The direction system of the move's first leg (orth, diag, king, obl) or None."""
    letters, _ = kb_tables()
    if move.atom.letter not in letters:
        return None
    a, b, system, _ = letters[move.atom.letter]
    if move.atom.boost == "X":
        a += 3
    elif move.atom.boost == "Y":
        a, b = a + 2, b + 2
    if move.atom.boost:
        system = "orth" if b == 0 else "diag" if a == b else "obl"
    return system


def validate(piece: Piece) -> None:
    """Raise BetzaError for direction letters the atom cannot have (e.g. ``hrW``) and for
    l/r in continuation legs of oblique atoms without a chiral first leg (decision 13)."""
    _, tokens = kb_tables()
    text = piece.source
    for move in piece.moves:
        system = system_of(move)
        if system is None:
            continue
        chiral = any(t in ("hr", "hl") for t in move.legs[0].directions)
        for n, leg in enumerate(move.legs):
            table = system if n == 0 else "king"
            for tok in leg.directions:
                if (table, tok) not in tokens:
                    what = ("a chiral set needs an oblique atom such as N"
                            if tok in ("hr", "hl") else "is not defined")
                    raise BetzaError(f"direction {tok!r} {what} here", text=text,
                                     pos=_find(text, move, tok))
                if n and system == "obl" and not chiral and set(tok) & {"l", "r"}:
                    raise BetzaError(
                        f"direction {tok!r} in a continuation leg of an oblique atom is "
                        "undefined (spec decision 13): use s, or split the move into hr/hl "
                        "sets (e.g. hrarfNhlalfN)", text=text, pos=_find(text, move, tok))


def _find(text: str, move: Move, token: str) -> int | None:
    pos = text.find(token, move.start)
    return pos if pos >= 0 else None
