"""The named-piece catalogue: ``kb/pieces/*.toml``, one file per family.

Every entry names a piece, gives its XBetza string and at least one hand-checked fact::

    [[piece]]
    name = "Griffon"
    aliases = ["Gryphon", "Aanca"]      # other names users may type; may be empty
    betza = "FyafsF"
    bracket = "[F?R]"                   # optional: the bracket notation, proven equal by a test
    variants = ["Grande Acedrex (Aanca)", "fairy chess"]
    note = "one line: how it moves, in plain English"
    [[piece.check]]
    why = "optional: what the position shows"
    board = "8x8"                       # files x ranks
    side = "white"                      # optional, default white (Black = White turned 180 degrees)
    from = "d4"
    friends = ["e5"]                    # optional blockers of the mover's colour
    enemies = ["c7"]                    # optional blockers of the other colour
    to = ["a3", "c7", ...]              # the EXACT set of destination squares
    captures = ["c7"]                   # optional: the exact subset of `to` that captures

Conventions of a check:

- ``to`` is the set of squares where some move of the piece ends. A move that ends where it
  started (the Lion's turn pass or igui, the Rifle Rook's capture) puts ``from`` in ``to``.
- ``captures`` (when given) is the set of squares of ``to`` reached by at least one move that
  removes an enemy piece, on that square or, for locust moves, on the way (a Checker landing on
  f6 after taking e5 puts f6 in ``captures``). Friendly displacement (``d``/``u`` modes) is not a
  capture; checks of such pieces leave ``captures`` out. Left out means "not checked".
- Optional extras for special modes: ``royal`` (squares whose pieces are royal, for ``k``),
  ``ep`` and ``ep_victim`` (e.p. state, as in :meth:`translator.position.Position.light`),
  ``virgin`` (whether the moving piece has not moved yet, for ``i``; left out when irrelevant)
  and ``last_moved`` (Betza string of the last-moved piece type, for the Imitator ``I``).

Names and aliases are words: at least three letters, an upper-case first letter and a lower-case
last letter, unique across the catalogue (case-insensitively, ignoring spaces and punctuation).
Since no Betza string ends in a lower-case letter (a move description ends with an atom, a range
number, ``*`` or ``)``), :func:`resolve_betza` treats text as a piece name only when it ends in a
lower-case letter; a Betza string can never be captured by a name.

>>> lookup("chu shogi lion").betza
'KNADcaKmcabK'
>>> resolve_betza("Xiangqi Horse"), resolve_betza("mafsW")
('mafsW', 'mafsW')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from translator.catalogue.piece_files import (
    CatalogueError,
    Check,
    NamedPiece,
    load_pieces,
    pieces_dir,
)

__all__ = [
    "CatalogueError",
    "Check",
    "NamedPiece",
    "all_pieces",
    "iter_checks",
    "load_pieces",
    "lookup",
    "near_names",
    "pieces_dir",
    "resolve_betza",
    "search",
]


@cache
def _catalogue() -> tuple[NamedPiece, ...]:
    return tuple(load_pieces())


def all_pieces() -> list[NamedPiece]:
    """Every catalogue entry (loaded once, then cached).

    >>> any(p.name == "Nightrider" for p in all_pieces())
    True
    """
    return list(_catalogue())


def iter_checks() -> Iterator[tuple[NamedPiece, Check]]:
    """Every (piece, check) pair of the catalogue, for engine-based tests.

    >>> piece, check = next(iter_checks())
    >>> len(check.to) >= 0 and piece.betza != ""
    True
    """
    for piece in _catalogue():
        for check in piece.checks:
            yield piece, check


# --------------------------------------------------------------------------- lookup


def _key(text: str) -> str:
    """Case-folded, with everything but letters and digits dropped: ``"Chu-Shogi lion"`` ->
    ``"chushogilion"``."""
    return re.sub(r"[^0-9a-z]", "", text.casefold())


def _variant_prefixes(variant: str) -> set[str]:
    """Keys a variant can be written as in front of a piece name.

    ``"Grande Acedrex (Aanca)"`` -> ``{"grandeacedrex"}``; ``"Tamerlane Chess"`` ->
    ``{"tamerlanechess", "tamerlane"}``.
    """
    base = re.sub(r"\(.*?\)|\?", " ", variant)
    keys = {_key(base)}
    words = base.split()
    if len(words) > 1 and words[-1].casefold() == "chess":
        keys.add(_key(" ".join(words[:-1])))
    return {k for k in keys if k}


@cache
def _index() -> tuple[dict[str, tuple[NamedPiece, ...]], dict[str, tuple[NamedPiece, ...]]]:
    primary: dict[str, list[NamedPiece]] = {}
    qualified: dict[str, list[NamedPiece]] = {}
    for piece in _catalogue():
        for name in piece.names:
            primary.setdefault(_key(name), []).append(piece)
            for variant in piece.variants:
                for prefix in _variant_prefixes(variant):
                    qualified.setdefault(prefix + _key(name), []).append(piece)
    return (
        {k: tuple(dict.fromkeys(v)) for k, v in primary.items()},
        {k: tuple(dict.fromkeys(v)) for k, v in qualified.items()},
    )


def lookup(name: str) -> NamedPiece | None:
    """The piece called ``name``, or ``None`` if there is none or the name is ambiguous.

    Case, spaces, hyphens, underscores and other punctuation are ignored. A name or alias
    matches first; failing that, a variant followed by a name (``"chu shogi lion"``,
    ``"tamerlane picket"``) when exactly one piece fits.

    >>> lookup("contra grasshopper").betza
    'gK'
    >>> lookup("Grand Chess Cardinal").name
    'Archbishop'
    >>> lookup("no such piece") is None
    True
    """
    key = _key(name)
    if not key:
        return None
    primary, qualified = _index()
    for table in (primary, qualified):
        hits = table.get(key, ())
        if len(hits) == 1:
            return hits[0]
        if hits:
            return None
    return None


def search(text: str) -> list[NamedPiece]:
    """Pieces whose name, aliases, variants or note contain ``text`` (case-insensitively), or
    whose Betza string contains it (case-sensitively, since ``fN`` and ``FN`` differ).

    Best matches first: exact name or alias, then names starting with the text, names containing
    it, variants, notes, Betza strings; ties in name order. Empty text lists every piece.

    >>> [p.name for p in search("gryphon")]
    ['Griffon']
    >>> "Cannon" in [p.name for p in search("Xiangqi")]
    True
    """
    needle = text.strip()
    folded = needle.casefold()
    key = _key(needle)

    def rank(piece: NamedPiece) -> int | None:
        names = [n.casefold() for n in piece.names]
        if key and any(_key(n) == key for n in names):
            return 0
        if any(n.startswith(folded) for n in names):
            return 1
        if any(folded in n for n in names):
            return 2
        if any(folded in v.casefold() for v in piece.variants):
            return 3
        if folded in piece.note.casefold():
            return 4
        if needle in piece.betza:
            return 5
        return None

    ranked = [(r, p.name.casefold(), p) for p in _catalogue() if (r := rank(p)) is not None]
    return [p for _, _, p in sorted(ranked, key=lambda t: t[:2])]


def near_names(text: str, most: int = 3) -> list[str]:
    """Catalogue names close to ``text`` (a misspelt name), best first.

    >>> near_names("Lon")
    ['Lion']
    """
    import difflib

    key = _key(text)
    by_key: dict[str, str] = {}
    for piece in _catalogue():
        for name in piece.names:
            by_key.setdefault(_key(name), name)
    close = difflib.get_close_matches(key, list(by_key), n=most, cutoff=0.75)
    return list(dict.fromkeys(by_key[k] for k in close))


def resolve_betza(text: str) -> str:
    """``text``'s Betza string if it names a catalogue piece, else ``text`` unchanged.

    Only text ending in a lower-case letter is looked up as a name: no Betza string ends that
    way (see the module docstring), so e.g. ``"WfF"`` is never mistaken for a name.

    >>> resolve_betza("Griffon")
    'FyafsF'
    >>> resolve_betza("chu shogi lion")
    'KNADcaKmcabK'
    >>> resolve_betza("FyafsF")
    'FyafsF'
    """
    stripped = text.strip()
    if stripped and "a" <= stripped[-1] <= "z":
        piece = lookup(stripped)
        if piece is not None:
            return piece.betza
    return text
