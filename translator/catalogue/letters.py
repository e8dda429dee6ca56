"""The letter a board shows on a piece: its own FEN letter in the kb's variants (``N`` for
the Knight, never the initial of its name that the King has too), else the first letter of
what was typed (a name's initial, or a Betza string's first atom).

>>> [piece_letter(p) for p in ("N", "Knight", "K", "Griffon", "fmWfcF", "W7", "fcafmF", "")]
['N', 'N', 'K', 'G', 'P', 'W', 'F', '']
"""

from __future__ import annotations

from functools import cache

from translator.catalogue.pieces import lookup, resolve_betza


@cache
def _fen_letters() -> dict[str, tuple[str, ...]]:
    """Betza string -> the letters the kb's variants give it, in file order."""
    from translator.catalogue.variants import all_variants

    out: dict[str, tuple[str, ...]] = {}
    for variant in all_variants():
        for letter, betza in variant.pieces.items():
            if letter not in out.get(betza, ()):
                out[betza] = (*out.get(betza, ()), letter)
    return out


def piece_letter(text: str) -> str:
    """The letter for the piece ``text`` (a name or a Betza string); "" for no piece."""
    stripped = text.strip()
    typed_name = lookup(stripped) if stripped and "a" <= stripped[-1] <= "z" else None
    source = resolve_betza(stripped)
    letters = _fen_letters().get(source, ())
    if letters:
        # a piece with several letters (K is M in a variant whose king is another piece)
        # shows the one it was typed with, when that is one of them
        own = stripped[0].upper()
        return own if own in letters else letters[0]
    if typed_name is not None:
        return stripped[0].upper()
    return next((ch for ch in stripped if ch.isupper()), "")
