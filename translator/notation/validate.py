"""Checks a parsed piece against what the notation defines, before any solving.

The direction tables live in kb/directions.lp (read through translator.notation.kbtables).
"""

from __future__ import annotations

from translator.errors import BetzaError
from translator.notation.brackets import check_bracket
from translator.notation.dialects import has_switch, switches
from translator.notation.kbtables import geometry, tables
from translator.notation.syntax import MoveDef, Piece


def validate(piece: Piece, reading: str = "spec") -> None:
    """Raise BetzaError for direction letters the atom cannot have (e.g. ``hrW``) and for
    l/r in continuation legs of oblique atoms without a chiral first leg (unless the
    reading is a program's: XBoard turns such legs to the K system, the Interactive Diagram
    turns them through the atom's own directions; then ``afrN`` is fine)."""
    tokens = tables().dirtab
    text = piece.source
    # (chiral-on-continuation reads a later leg's hr as r, which the leg then turns by)
    lr_later = any(has_switch(reading, name) for name in (
        "oblique-later-legs", "oblique-continuation", "chiral-on-continuation"))
    # h a letter of its own (XBoard; the Interactive Diagram's on W, D, H, R)
    h_apart = has_switch(reading, "chiral-off-oblique") or has_switch(reading, "h-on-orthogonal")
    for move in piece.moves:
        if move.is_bracket:
            if switches(reading):
                raise BetzaError("the bracket notation is read only as the spec reads it: "
                                 "XBoard and the Interactive Diagram do not read brackets "
                                 "(use the spec reading, or convert it: betza convert --to a)",
                                 text=text, pos=text.find("[", move.start))
            check_bracket(text, move)
            continue
        if move.atom.letter == "@":
            _check_drop(text, move)
        if move.atom.letter == "I":
            _check_imitator(text, move)
        geo = geometry(move)
        if geo is None:
            continue
        system = geo[2]
        if system == "obl" and reading.partition(":")[0] == "diagram":
            _check_diagram_oblique(text, move)
        chiral = any(t in ("hr", "hl") for t in move.legs[0].directions)
        for n, leg in enumerate(move.legs):
            table = system if n == 0 else "king"
            for tok in leg.directions:
                if (table, tok) not in tokens and not (tok == "h" and h_apart):
                    what = ("a chiral set needs an oblique atom such as N"
                            if tok in ("hr", "hl") else "is not defined")
                    raise BetzaError(f"direction {tok!r} {what} here", text=text,
                                     pos=_find(text, move, tok))
                if (n and system == "obl" and not chiral and not lr_later
                        and set(tok) & {"l", "r"}):
                    raise BetzaError(
                        f"direction {tok!r} in a continuation leg of an oblique atom is "
                        "undefined: use s, or split the move into the chiral halves hr/hl "
                        "(e.g. hrarfNhlalfN), or read it as XBoard or the Interactive Diagram does "
                        "(--dialect xboard, --dialect diagram); "
                        "see docs/readings.md, oblique-later-legs",
                        text=text, pos=_find(text, move, tok))


def _check_diagram_oblique(text: str, move: MoveDef) -> None:
    """The Interactive Diagram has no answer for n on an oblique atom: it loops forever."""
    for leg in move.legs:
        for flag in leg.modifiers:
            if flag in ("n", "nn"):
                raise BetzaError(
                    f"{flag!r} on an oblique atom has no answer in the Interactive Diagram "
                    "(it loops forever on it); read the string as the spec does, or as "
                    "XBoard does (--dialect xboard)", text=text, pos=_find(text, move, flag))


def _check_drop(text: str, move: MoveDef) -> None:
    """On a drop only f, s, b (limits, each at most doubled) and j (not on the back rank)
    mean something."""
    leg = move.legs[0]
    for tok in leg.directions:
        if tok not in tables().droptoks:
            raise BetzaError(f"{tok!r} means nothing on a drop (@): the limits are f (per "
                             "file), s (per square colour), b (per board), and j exempts "
                             "the back rank", text=text, pos=_find(text, move, tok))
    for extra in [*leg.modes, *(f for f in leg.modifiers if f != "j")]:
        raise BetzaError(f"{extra!r} means nothing on a drop (@)", text=text,
                         pos=_find(text, move, extra))


def _check_imitator(text: str, move: MoveDef) -> None:
    """On the imitator only f (the default) or b, and the modes m c e k d mean something."""
    if len(move.legs) > 1:
        raise BetzaError("the imitator I makes the moves of another piece: it has no legs",
                         text=text, pos=move.start)
    leg = move.legs[0]
    for tok in leg.directions:
        if tok not in ("f", "b"):
            raise BetzaError(f"{tok!r} means nothing on the imitator I: only f (the default) "
                             "or b (the moves turned round)", text=text,
                             pos=_find(text, move, tok))
    for extra in [*(m for m in leg.modes if m not in "mcekd"), *leg.modifiers]:
        raise BetzaError(f"{extra!r} means nothing on the imitator I: its modes are m c e k d",
                         text=text, pos=_find(text, move, extra))


def _find(text: str, move: MoveDef, token: str) -> int | None:
    pos = text.find(token, move.start)
    return pos if pos >= 0 else None
