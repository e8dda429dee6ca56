"""One difference of Fairy-Stockfish's reading alone (``--dialect fsf:NAME``): the spec string
of a piece read as the spec reads it but where that one difference shows.

Fairy-Stockfish reads a string move by move (translator/notation/fsf.py splits it as its
``from_betza`` does). With one switch on, the moves it concerns are read as Fairy-Stockfish
reads them and every other move as the spec does; ``letters-skipped`` drops the letters
Fairy-Stockfish skips and lets the spec read the rest; the switches of its move tables
(``last-range-wins``, ``rider-tables``) concern the whole piece, which they take as
Fairy-Stockfish reads it when no other difference touches any of its moves.

>>> alone("fKN", "king-as-wazir-and-ferz")
'flFfWfrFN'
>>> alone("mafsW", "letters-skipped")
'mfsW'
>>> alone("fR2bgR", "rider-tables")
'bW0fW2bgRfpafW'
"""

from __future__ import annotations

from collections.abc import Callable

from translator.errors import BetzaError
from translator.notation.fsf import Group, dropped, fsf_groups, fsf_spelling, named_groups

# the moves each switch of kb/dialects.lp concerns, as from_betza reads them
TOUCHES: dict[str, Callable[[Group], bool]] = {
    "king-as-wazir-and-ferz": lambda g: g.atom in "KQ" and bool(g.letters.groups),
    "rider-atoms": lambda g: g.atom in "DAHCLZJG" and g.ranged,
    "lame-on-four-atoms": lambda g: g.letters.lame and (g.ranged or g.atom not in "NAD"),
    "hop-on-lines": lambda g: g.letters.hopper and (g.atom not in "RBQ" or (
        "g" in g.text and g.text[-1].isdigit())),
    "greedy-pairs": lambda g: any(p not in named_groups() for p in g.letters.groups),
}
WHOLE = ("last-range-wins", "rider-tables")


def alone(betza: str, name: str) -> str:
    """The spec string of ``betza`` read with Fairy-Stockfish's difference ``name`` alone."""
    if name == "letters-skipped":
        skipped = {i for i, _ in dropped(betza)}
        kept = "".join(c for i, c in enumerate(betza) if i not in skipped)
        if not kept:
            raise BetzaError("Fairy-Stockfish skips every letter of it", text=betza, pos=0)
        return kept
    groups = fsf_groups(betza)
    if name in WHOLE:
        others = [n for n, touches in TOUCHES.items() if any(touches(g) for g in groups)]
        if dropped(betza) or others:
            said = ", ".join(others) or "letters-skipped"
            raise BetzaError(f"{name} concerns the whole piece, which Fairy-Stockfish reads "
                             f"otherwise than the spec already ({said}): use --dialect fsf",
                             text=betza, pos=0)
        return fsf_spelling(betza)
    touches = TOUCHES[name]
    tail = betza[sum(len(g.text) for g in groups):]
    return "".join(fsf_spelling(g.text) if touches(g) else g.text for g in groups) + tail
