"""Two pieces proven equal on a board by their move tables: whole-board tables with the
same rows (each a path, its side effects and the squares it needs, the move numbers left
out) make the same moves in every position of that board, so no equivalence program is
needed. Tables that differ prove nothing (two spellings may reach the same moves by other
paths): the caller asks the equivalence solver then.

>>> same_tables("WW", "D", "spec", 8, 8), same_tables("N", "mafsW", "spec", 8, 8)
(False, False)
>>> same_tables("mafsW", "[W-F]", "spec", 8, 8)
True
"""

from __future__ import annotations

import json
from typing import Any

from translator.compiled import store
from translator.compiled.table import MoveTable
from translator.errors import BetzaError
from translator.facts.pieces import parse_piece


def row_keys(table: MoveTable | dict[str, Any]) -> frozenset[str] | None:
    """A whole-board table's rows as comparable text (None for a local table)."""
    data = table.as_json() if isinstance(table, MoveTable) else table
    if data.get("local") or "rows" not in data:
        return None
    return frozenset(json.dumps({k: v for k, v in row.items() if k != "move"}, sort_keys=True)
                     for row in data["rows"])


def same_tables(first: str, second: str, reading: str, files: int, ranks: int) -> bool:
    """Whether ``first`` and ``second`` have whole-board tables with the same rows on the
    board (compiled together, in one program, when not known yet); False when either has
    no such table."""
    try:
        keys = [(str(parse_piece(text, reading)), reading, files, ranks)
                for text in (first, second)]
        store.prepare(keys)
        tables = [store.table_for(*key) for key in keys]
    except BetzaError:
        return False
    if tables[0] is None or tables[1] is None:
        return False
    mine, theirs = row_keys(tables[0]), row_keys(tables[1])
    return mine is not None and mine == theirs
