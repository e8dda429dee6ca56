"""Reading the piece catalogue's TOML files (the format is described in
:mod:`translator.catalogue.pieces`): entries become :class:`NamedPiece` with their
:class:`Check` facts; a malformed entry raises :class:`CatalogueError` naming it."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from translator.resources import data_dir
from translator.squares import parse_board_size

if TYPE_CHECKING:
    from translator.position import Position


class CatalogueError(ValueError):
    """A catalogue file does not follow the schema (a bug in ``kb/pieces``, not user input)."""


@dataclass(frozen=True)
class Check:
    """One hand-checked fact: from ``start`` on this board the piece reaches exactly ``to``.

    The TOML key ``from`` is stored as ``start``.

    >>> check = Check(board="8x8", start="d4", to=("c6", "e6"))
    >>> check.files, check.ranks, check.side
    (8, 8, 'white')
    """

    board: str
    start: str
    to: tuple[str, ...]
    side: str = "white"
    friends: tuple[str, ...] = ()
    enemies: tuple[str, ...] = ()
    captures: tuple[str, ...] | None = None
    royal: tuple[str, ...] = ()
    ep: tuple[str, ...] = ()
    ep_victim: str | None = None
    virgin: bool | None = None
    last_moved: str | None = None
    why: str | None = None

    @property
    def files(self) -> int:
        """Board width (``"9x10"`` -> 9)."""
        return parse_board_size(self.board)[0]

    @property
    def ranks(self) -> int:
        """Board height (``"9x10"`` -> 10)."""
        return parse_board_size(self.board)[1]

    def position(self) -> Position:
        """The blockers as a light :class:`~translator.position.Position` (mover not placed).

        ``virgin`` is left to the caller, who places the moving piece.

        >>> pos = Check(board="8x8", start="d4", to=(), enemies=("d5",)).position()
        >>> len(pos.pieces), pos.side_to_move
        (1, 'white')
        """
        from translator.position import Position

        pos = Position.light(
            self.files,
            self.ranks,
            side=self.side,
            friends=self.friends,
            enemies=self.enemies,
            royal=self.royal,
            ep=self.ep,
            ep_victim=self.ep_victim,
        )
        pos.last_moved = self.last_moved
        return pos


@dataclass(frozen=True)
class NamedPiece:
    """A catalogue entry; ``family`` is the stem of its file (``"shogi"`` for shogi.toml).

    >>> from translator.catalogue.pieces import lookup
    >>> lookup("Griffon").aliases
    ('Gryphon', 'Aanca')
    """

    name: str
    aliases: tuple[str, ...]
    betza: str
    variants: tuple[str, ...]
    note: str
    checks: tuple[Check, ...]
    family: str = ""
    bracket: str | None = None  # the same piece in the bracket notation ([F?R])

    @property
    def names(self) -> tuple[str, ...]:
        """The name followed by the aliases."""
        return (self.name, *self.aliases)


# --------------------------------------------------------------------------- loading

_PIECE_KEYS = {"name", "aliases", "betza", "bracket", "variants", "note", "check"}
_PIECE_REQUIRED = {"name", "betza", "variants", "note", "check"}
_CHECK_KEYS = {
    "board", "side", "from", "friends", "enemies", "to", "captures",
    "royal", "ep", "ep_victim", "virgin", "last_moved", "why",
}
_CHECK_REQUIRED = {"board", "from", "to"}
_STR_LISTS = ("friends", "enemies", "to", "captures", "royal", "ep")


def pieces_dir() -> Path:
    """The folder holding the catalogue files (``kb/pieces``)."""
    return data_dir("kb") / "pieces"


def _str_list(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CatalogueError(f"{what} must be a list of strings")
    return tuple(value)


def _opt_str(table: dict[str, Any], key: str, what: str) -> str | None:
    value = table.get(key)
    if value is not None and not isinstance(value, str):
        raise CatalogueError(f"{what}: {key} must be a string")
    return value


def _keys(table: Any, what: str, known: set[str], required: set[str]) -> None:
    """``table`` is a TOML table with only ``known`` keys and every ``required`` one."""
    if not isinstance(table, dict):
        raise CatalogueError(f"{what} must be a table")
    unknown = table.keys() - known
    if unknown:
        raise CatalogueError(f"{what}: unknown key(s) {sorted(unknown)}")
    missing = required - table.keys()
    if missing:
        raise CatalogueError(f"{what}: missing key(s) {sorted(missing)}")


def _check(table: Any, what: str) -> Check:
    _keys(table, what, _CHECK_KEYS, _CHECK_REQUIRED)
    lists = {k: _str_list(table[k], f"{what}: {k}") for k in _STR_LISTS if k in table}
    virgin = table.get("virgin")
    if virgin is not None and not isinstance(virgin, bool):
        raise CatalogueError(f"{what}: virgin must be true or false")
    side = table.get("side", "white")
    if side not in ("white", "black"):
        raise CatalogueError(f"{what}: side must be 'white' or 'black'")
    board, start = table["board"], table["from"]
    if not isinstance(board, str) or not isinstance(start, str):
        raise CatalogueError(f"{what}: board and from must be strings")
    return Check(
        board=board,
        start=start,
        to=lists["to"],
        side=side,
        friends=lists.get("friends", ()),
        enemies=lists.get("enemies", ()),
        captures=lists.get("captures"),
        royal=lists.get("royal", ()),
        ep=lists.get("ep", ()),
        ep_victim=_opt_str(table, "ep_victim", what),
        virgin=virgin,
        last_moved=_opt_str(table, "last_moved", what),
        why=_opt_str(table, "why", what),
    )


def _piece(table: Any, family: str, what: str) -> NamedPiece:
    _keys(table, what, _PIECE_KEYS, _PIECE_REQUIRED)
    for key in ("name", "betza", "note"):
        if not isinstance(table[key], str) or not table[key].strip():
            raise CatalogueError(f"{what}: {key} must be a non-empty string")
    what = f"{what} ({table['name']})"
    checks = table["check"]
    if not isinstance(checks, list):
        raise CatalogueError(f"{what}: check must be an array of tables ([[piece.check]])")
    return NamedPiece(
        name=table["name"],
        aliases=_str_list(table.get("aliases", []), f"{what}: aliases"),
        betza=table["betza"],
        variants=_str_list(table["variants"], f"{what}: variants"),
        note=table["note"],
        checks=tuple(_check(c, f"{what} check {i + 1}") for i, c in enumerate(checks)),
        family=family,
        bracket=_opt_str(table, "bracket", what),
    )


def load_pieces(folder: Path | None = None) -> list[NamedPiece]:
    """Read every ``*.toml`` in ``folder`` (default :func:`pieces_dir`), files in name order.

    Raises :class:`CatalogueError` when a file breaks the schema. Unlike :func:`all_pieces`
    this is not cached, so tests can point it at a folder of their own.

    >>> len(load_pieces()) >= 100
    True
    """
    folder = pieces_dir() if folder is None else folder
    pieces: list[NamedPiece] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise CatalogueError(f"{path.name}: {exc}") from exc
        unknown = data.keys() - {"piece"}
        if unknown:
            raise CatalogueError(f"{path.name}: unknown top-level key(s) {sorted(unknown)}")
        entries = data.get("piece", [])
        if not isinstance(entries, list):
            raise CatalogueError(f"{path.name}: piece must be an array of tables ([[piece]])")
        for i, table in enumerate(entries):
            pieces.append(_piece(table, path.stem, f"{path.name} piece {i + 1}"))
    return pieces
