"""The knowledge base's catalogue as JSON: named pieces, variants, the board's marks.

Shared by ``betza pieces --json``, ``betza variants --json`` and the web page.

>>> [p["betza"] for p in pieces_json("xiangqi horse")][:1]
['mafsW']
>>> legend_json()["marks"]["both"]["text"]
'move or capture'
"""

from __future__ import annotations

from typing import Any

from translator.errors import BetzaError

# what the teaching board's data-mark and data-context attributes can hold
BOARD_MARKS = ("move", "capture", "both", "castling", "friend", "relay")
BOARD_CONTEXT = ("locust", "mount", "unload", "ep")


def pieces_json(text: str | None = None) -> list[dict[str, Any]]:
    """Every named piece, or those matching ``text`` (best first)."""
    from translator.catalogue.pieces import all_pieces, search

    found = search(text) if text else all_pieces()
    return [{"name": p.name, "aliases": list(p.aliases), "betza": p.betza,
             "variants": list(p.variants), "note": p.note,
             **({"bracket": p.bracket} if p.bracket else {})} for p in found]


def variant_summary(v: Any) -> dict[str, Any]:
    return {"name": v.name, "files": v.files, "ranks": v.ranks, "start": v.start_fen,
            "pieces": v.pieces, "royal": v.royal, "readings": v.readings}


def variants_json() -> dict[str, Any]:
    """Every variant of the kb with its board, start position and piece table."""
    from translator.catalogue.variants import all_variants

    return {"variants": [variant_summary(v) for v in all_variants()], "notes": []}


def games_json() -> dict[str, Any]:
    """The variants whose whole games are played (the ``legal`` kind, the Play tab), and
    Fairy-Stockfish's other built-ins refused, each with the rule that is missing."""
    from translator.game.rules import PLAYED, REFUSED_VARIANTS

    return {"games": list(PLAYED), "refused": dict(REFUSED_VARIANTS)}


def variant_json(name: str) -> dict[str, Any]:
    """One variant with a legend row per piece: letter, name, Betza and what it does."""
    from translator.catalogue.variants import all_variants, find_variant
    from translator.present.explain.answer import explain_lines

    v = find_variant(name, all_variants())
    if v is None:
        raise BetzaError(f"no variant called {name!r} in the knowledge base "
                         "(betza variants lists them)")
    rows = []
    for letter, betza in sorted(v.pieces.items()):
        lines = explain_lines(betza)
        rows.append({"letter": letter, "name": v.names_of.get(letter, ""), "betza": betza,
                     "royal": letter in v.royal, "explanation": lines[0] if lines else ""})
    return {**variant_summary(v), "note": v.note, "legend": rows}


def legend_json() -> dict[str, Any]:
    """The colour and words of every mark the board can show (one legend for the page and
    the SVG drawings)."""
    from translator.present.svg import ALL_KINDS

    def entry(kind: str) -> dict[str, str]:
        colour, text = ALL_KINDS[kind]
        return {"colour": colour, "text": text}

    return {"marks": {k: entry(k) for k in BOARD_MARKS},
            "context": {k: entry(k) for k in BOARD_CONTEXT}}
