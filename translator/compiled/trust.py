"""Reading a move table file that another run (or another program, or a hand) wrote: it is
used only when it is what it says it is. A file is refused, with one line naming it and
the reason, when it is not a regular file or is past :data:`MAX_BYTES` (read with that
bound, never whole), is not JSON or has numbers JSON does not have (NaN), was compiled by
other rules (another encodings/, kb/ or reading: :func:`translator.compiled.digest.compiled_by`)
or records none, does not match its checksum (edited by hand), has keys the schema does
not, squares that are fractional or off the board, a path of the piece's own square only,
more rows than a compile writes, or a name that does not match its content.

>>> stamp({"schema": SCHEMA, "reading": "spec"})["rules"] == compiled_by("spec")
True
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from translator.compiled.digest import compiled_by, table_checksum
from translator.compiled.table import NEED_NAMES, SCHEMA, MoveTable
from translator.errors import BetzaError
from translator.squares import MAX_SIZE, parse_square

MAX_BYTES = 16 * 1024 * 1024   # a table of MAX_ROWS long rows is some 6 MB
MAX_ROWS = 20_000              # the most a compile writes (store.MAX_ROWS)
TOP_KEYS = frozenset({"schema", "betza", "reading", "board", "local", "rows", "starts",
                      "state", "rules", "checksum"})
ROW_KEYS = frozenset({"move", "path", "captures", "unloads", "ep_rights", "need"})
NEED_KEYS = frozenset(NEED_NAMES) | {"unmoved"}
STALE = ("compiled by other rules (another version of encodings/ or kb/, or another "
         "reading): compile it again")


class Refused(BetzaError):
    """A table file that must not be used; ``stale``: only because it was compiled by
    other rules (compiling the piece afresh answers instead, where asked to)."""

    def __init__(self, message: str, stale: bool = False) -> None:
        super().__init__(message)
        self.stale = stale


def stamp(data: dict[str, Any]) -> dict[str, Any]:
    """A table's JSON (:meth:`MoveTable.as_json`) with the rules it was compiled by and
    its checksum, as ``betza compile`` writes it."""
    marked = {**data, "rules": compiled_by(str(data["reading"]))}
    return {**marked, "checksum": table_checksum(marked)}


def read_table(path: Path) -> MoveTable:
    """The table of the file ``path``, checked (the module's docstring); else
    :class:`Refused` with the reason in words."""
    data = _parse(_read(path))
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise Refused(f"not a move table of schema {SCHEMA}")
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise Refused(f"unknown key {unknown[0]!r}")
    if data.get("checksum") != table_checksum(data):
        raise Refused("its content does not match its checksum (edited by hand?)")
    if "rules" not in data:
        raise Refused("records no rules it was compiled from (written by an older "
                      "betza-kb): compile it again", stale=True)
    if data["rules"] != compiled_by(str(data.get("reading"))):
        raise Refused(STALE, stale=True)
    _check_shape(data)
    try:
        return MoveTable.from_json(data)
    except (ValueError, KeyError, TypeError) as err:
        raise Refused(f"not a move table ({err})") from None


def _read(path: Path) -> bytes:
    try:
        if not path.is_file():
            raise Refused("not a regular file")
        with path.open("rb") as fh:
            if os.fstat(fh.fileno()).st_size > MAX_BYTES:
                raise Refused(f"past the size limit of {MAX_BYTES} bytes")
            text = fh.read(MAX_BYTES + 1)
    except OSError as err:
        raise Refused(f"cannot be read ({err.strerror})") from None
    if len(text) > MAX_BYTES:
        raise Refused(f"past the size limit of {MAX_BYTES} bytes")
    return text


def _parse(text: bytes) -> Any:
    def constant(name: str) -> Any:
        raise Refused(f"{name} is not a number of a table")

    try:
        return json.loads(text, parse_constant=constant)
    except (ValueError, RecursionError) as err:
        if isinstance(err, Refused):
            raise
        raise Refused(f"not JSON ({str(err).splitlines()[0]})") from None


def _whole(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(f"{what} {value!r} is not a whole number")
    if not low <= value <= high:
        raise Refused(f"{what} {value} is off the board")
    return value


def _check_shape(data: dict[str, Any]) -> None:
    board = data.get("board")
    if not isinstance(board, list) or len(board) != 2:
        raise Refused("'board' must be [files, ranks]")
    files, ranks = (_whole(n, 1, MAX_SIZE, "a board size") for n in board)
    if not isinstance(data.get("betza"), str) or not isinstance(data.get("reading"), str):
        raise Refused("'betza' and 'reading' must be strings")
    if data.get("local") is True:
        starts = data.get("starts")
        if not isinstance(starts, dict):
            raise Refused("a local table needs 'starts'")
        groups: list[tuple[tuple[int, int] | None, Any]] = []
        for name, rows in starts.items():
            try:
                groups.append((parse_square(name, files, ranks), rows))
            except BetzaError:
                raise Refused(f"start square {name!r} is not on the board") from None
    elif data.get("local") is False:
        groups = [(None, data.get("rows"))]
    else:
        raise Refused("'local' must be true or false")
    count = 0
    for start, rows in groups:
        if not isinstance(rows, list):
            raise Refused("the rows must be a list")
        count += len(rows)
        if count > MAX_ROWS:
            raise Refused(f"more than {MAX_ROWS} rows (more than a compile writes)")
        for row in rows:
            _check_row(row, start, files, ranks)


def _check_row(row: Any, start: tuple[int, int] | None, files: int, ranks: int) -> None:
    if not isinstance(row, dict):
        raise Refused("a row must be an object")
    unknown = sorted(set(row) - ROW_KEYS) or sorted(set(row.get("need") or {}) - NEED_KEYS)
    if unknown:
        raise Refused(f"unknown key {unknown[0]!r} in a row")
    _whole(row.get("move"), 1, 10_000, "move number")
    path = row.get("path")
    if not isinstance(path, list) or len(path) < 2 or path[0] != [0, 0]:
        raise Refused("a row's path must start at [0, 0] and go somewhere (a path of "
                      "the piece's own square only is no move)")
    need = row.get("need") or {}
    if need.get("unmoved", True) is not True:
        raise Refused("'unmoved' must be true when given")
    named = path + _list(row, "captures") + _list(row, "ep_rights") + [
        sq for pair in _list(row, "unloads") for sq in _pair(pair)] + [
        sq for key, offsets in need.items() if key != "unmoved" for sq in _list(need, key)]
    for offset in named:
        dx, dy = _pair(offset)
        if start is None:
            _whole(dx, 1 - files, files - 1, "an offset")
            _whole(dy, 1 - ranks, ranks - 1, "an offset")
        else:
            _whole(start[0] + _whole(dx, -MAX_SIZE, MAX_SIZE, "an offset"), 0, files - 1,
                   "a file")
            _whole(start[1] + _whole(dy, -MAX_SIZE, MAX_SIZE, "an offset"), 0, ranks - 1,
                   "a rank")


def _list(owner: dict[str, Any], key: str) -> list[Any]:
    value = owner.get(key, [])
    if not isinstance(value, list):
        raise Refused(f"{key!r} must be a list")
    return value


def _pair(value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise Refused(f"a square must be [file, rank], not {value!r}")
    return value
