"""Chess variants as data: board size, start position and a Betza string for each piece letter.

The variants live in ``kb/variants/*.toml`` (one ``[[variant]]`` table per variant); a piece
may be given there by name (``A = "Archbishop"``, resolved through the piece catalogue in
:mod:`translator.catalogue.pieces`) or as a Betza string. Variants of a Fairy-Stockfish
``variants.ini`` file come in through :mod:`translator.catalogue.ini`.

>>> v = get_variant("orthodox chess")
>>> v.name, v.files, v.ranks, v.pieces["P"]
('FIDE', 8, 8, 'fmWfceFifmnD')
>>> len(variant_position(v).pieces)
32
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from translator.catalogue.variant import Variant, kb_dir, variant_position

__all__ = ["Variant", "all_variants", "find_variant", "get_variant", "load_variant_file",
           "resolve_piece", "variant_files", "variant_position"]
from translator.errors import BetzaError


def resolve_piece(value: str, *, variant: str = "", letter: str = "") -> str:
    """A Betza string for ``value``: a piece name from the catalogue, or the string itself.

    A Betza string always ends in an atom letter, a digit or a bracket; a value ending in a
    lower-case letter is therefore a name that the catalogue does not know.

    >>> resolve_piece("fmWfceFifmnD")
    'fmWfceFifmnD'
    """
    try:
        from translator.catalogue.pieces import resolve_betza
    except ImportError:
        def resolve_betza(text: str) -> str:
            return text
    text = value.strip()
    betza = resolve_betza(text) if text else text
    if betza and betza[-1].isalpha() and betza[-1].islower():
        where = f"variant {variant!r}, piece {letter!r}: " if variant else ""
        raise BetzaError(f"{where}{text!r} is neither a Betza string nor a known piece name",
                         text=text, pos=0)
    return betza


def _variant_from_table(data: dict[str, Any], path: Path, index: int) -> Variant:
    where = f"{path.name}, variant #{index + 1}"
    required = {"name": str, "files": int, "ranks": int, "start": str, "pieces": dict}
    for key, kind in required.items():
        if key not in data:
            raise BetzaError(f"{where}: missing field {key!r}")
        if not isinstance(data[key], kind):
            raise BetzaError(f"{where}: field {key!r} must be a {kind.__name__}")
    name = data["name"]
    aliases = data.get("aliases", [])
    if not (isinstance(aliases, list) and all(isinstance(a, str) for a in aliases)):
        raise BetzaError(f"{where}: aliases must be a list of strings")
    pieces, names_of, reasons = _army(data, where, name)
    known = set(required) | {"aliases", "royal", "note", "source", "overrides"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise BetzaError(f"{where}: unknown field(s) {', '.join(unknown)}")
    return Variant(
        name=name,
        files=data["files"],
        ranks=data["ranks"],
        start_fen=data["start"],
        pieces=pieces,
        royal=str(data.get("royal", "K")),
        note=str(data.get("note", "")),
        source=str(data.get("source", path.name)),
        aliases=tuple(aliases),
        names_of=names_of,
        overrides=reasons,
    )


def _army(data: dict[str, Any], where: str, variant: str
          ) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """Betza strings, catalogue names and override reasons of a variant's piece letters.

    A piece is a catalogue name or a Betza string; ``[variant.overrides.X]`` (``betza``,
    ``reason``) states the string the variant uses for a named piece instead of the
    catalogue's, and why."""
    overrides = data.get("overrides", {})
    if not isinstance(overrides, dict):
        raise BetzaError(f"{where}: overrides must be a table of piece letters")
    pieces: dict[str, str] = {}
    names_of: dict[str, str] = {}
    reasons: dict[str, str] = {}
    for letter, value in data["pieces"].items():
        if not isinstance(value, str):
            raise BetzaError(f"{where}: piece {letter!r} must be a name or a Betza string")
        pieces[letter] = resolve_piece(value, variant=variant, letter=letter)
        if pieces[letter] != value.strip():
            names_of[letter] = value.strip()
    for letter, table in overrides.items():
        if letter not in pieces:
            raise BetzaError(f"{where}: override of {letter!r}, which is not in the army")
        if not (isinstance(table, dict) and isinstance(table.get("betza"), str)
                and isinstance(table.get("reason"), str)):
            raise BetzaError(f"{where}: override of {letter!r} needs betza and reason strings")
        pieces[letter], reasons[letter] = table["betza"], table["reason"]
    return pieces, names_of, reasons


def _tables(path: Path) -> list[dict[str, Any]]:
    """The raw ``[[variant]]`` tables of one TOML file (read again only when it changes:
    every line of a batch that names a variant looks it up)."""
    stat = path.stat()
    return _read_tables(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _read_tables(path: Path, _mtime: int, _size: int) -> list[dict[str, Any]]:
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as err:
        raise BetzaError(f"{path.name}: not valid TOML ({err})") from None
    tables = data.get("variant", [])
    if not (isinstance(tables, list) and all(isinstance(t, dict) for t in tables)):
        raise BetzaError(f"{path.name}: 'variant' must be an array of tables ([[variant]])")
    return tables


def load_variant_file(path: str | Path) -> list[Variant]:
    """The variants of one TOML file with ``[[variant]]`` tables."""
    path = Path(path)
    return [_variant_from_table(t, path, i) for i, t in enumerate(_tables(path))]


def variant_files() -> list[Path]:
    """The files ``kb/variants/*.toml`` in name order."""
    return sorted((kb_dir() / "variants").glob("*.toml"))


def all_variants() -> list[Variant]:
    """Every variant of ``kb/variants/*.toml``, file by file in name order.

    >>> "FIDE" in [v.name for v in all_variants()]
    True
    """
    variants: list[Variant] = []
    for path in variant_files():
        variants.extend(load_variant_file(path))
    return variants


def _table_names(table: dict[str, Any]) -> list[str]:
    names = [table.get("name")] + list(table.get("aliases") or [])
    return [n for n in names if isinstance(n, str)]


def _key(name: str) -> str:
    """Names match case-insensitively, with runs of spaces, '-' and '_' alike."""
    return re.sub(r"[\s_-]+", " ", name.strip().casefold())


def find_variant(name: str, variants: Iterable[Variant]) -> Variant | None:
    """The first variant whose name or an alias matches ``name``, else ``None``."""
    key = _key(name)
    for variant in variants:
        if any(_key(n) == key for n in variant.names):
            return variant
    return None


def get_variant(name: str, ini: str | Path | None = None) -> Variant:
    """The variant called ``name`` (case-insensitive; aliases count).

    With ``ini``, the variants of that Fairy-Stockfish ``variants.ini`` file are searched
    first. An unknown name raises :class:`BetzaError` listing close matches.

    >>> get_variant("Chinese Chess").files
    9
    >>> try:
    ...     get_variant("Xiangchi")
    ... except BetzaError as err:
    ...     print(err)
    unknown variant 'Xiangchi'; did you mean: Xiangqi?
    """
    key = _key(name)
    names: list[str] = []
    if ini is not None:
        from translator.catalogue.ini import load_ini
        imported = list(load_ini(ini).values())
        found = find_variant(name, imported)
        if found is not None:
            return found
        names.extend(n for v in imported for n in v.names)
    # Only the variant asked for is built, so one bad piece name elsewhere does not hide it.
    for path in variant_files():
        for index, table in enumerate(_tables(path)):
            if any(_key(n) == key for n in _table_names(table)):
                return _variant_from_table(table, path, index)
            names.extend(_table_names(table))
    names = list(dict.fromkeys(names))
    by_key: dict[str, str] = {}
    for n in names:
        by_key.setdefault(_key(n), n)
    close = difflib.get_close_matches(key, list(by_key), n=5, cutoff=0.6)
    if close:
        hint = "did you mean: " + ", ".join(by_key[c] for c in close) + "?"
    else:
        hint = "known variants: " + ", ".join(names)
    raise BetzaError(f"unknown variant {name!r}; {hint}")
