"""The sentence of a move whose atom is no leap: castling (O), the imitator (I), a drop (@).

>>> from translator.queries.plan import plan
>>> from translator.notation.syntax import parse
>>> special_line(parse("O2").moves[0], plan("O2")[0])[:30]
"castling (O2): on the piece's "
"""

from __future__ import annotations

from translator.notation.syntax import MoveDef
from translator.present.english import glossary
from translator.queries.plan import MovePlan


def special_line(move: MoveDef, mp: MovePlan) -> str:
    g = glossary()
    sp = g["special"]
    letter = move.atom.letter
    leg = move.legs[0]
    steps = move.range.steps if move.range is not None else None
    if letter == "O":
        sides = mp.castling_sides
        side = (sp["castling_sides"] if sides == {2, 6} else
                sp["castling_right"] if sides == {2} else sp["castling_left"])
        return str(sp["castling"].format(n=steps or 1, sides=side))
    if letter == "I":
        parts = [sp["imitator"]]
        if any(t.startswith("b") for t in leg.directions):
            parts.append(sp["imitator_back"])
        if leg.modes:
            final = g["modes"]["final"]
            parts.append(sp["imitator_modes"].format(
                what=final["or"].join(final[m] for m in leg.modes)))
        return "; ".join(parts)
    parts = [sp["drop"].format(n=steps or 1)]
    if "j" in leg.modifiers:
        parts.append(sp["drop_j"])
    for t in leg.directions:
        for ch in dict.fromkeys(t):
            if f"drop_{ch}" in sp:
                parts.append(sp[f"drop_{ch}"])
    return "; ".join(parts)
