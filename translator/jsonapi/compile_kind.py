"""The batch kind ``compile``: a piece's move table as JSON (docs/tables.md), for programs
that match positions themselves; the table of every start square of the board.

>>> answer = compile_line({"query": "compile", "betza": "fcafmF", "board": "8x8"})
>>> answer["route"], answer["board"], len(answer["rows"])
('table', [8, 8], 2)
>>> compile_line({"query": "compile", "betza": "fmWfceFifmnD"})["route"]
'solver: en passant'
"""

from __future__ import annotations

from typing import Any

from translator.jsonapi.fields import line_limits, optional, required
from translator.squares import board_size


def compile_line(line: dict[str, Any]) -> dict[str, Any]:
    """``betza`` (required), ``board`` or ``files``/``ranks``, ``dialect``: the table with
    ``"route": "table"``, or the piece's string, reading and board with ``"route":
    "solver: "`` and the reason it keeps the solver path."""
    from translator.compiled import store
    from translator.facts.pieces import parse_piece

    files, ranks = board_size(line)
    reading = optional(line, "dialect") or "spec"
    betza = str(parse_piece(required(line, "betza"), reading))
    timeout, _ = line_limits(line)
    table = store.table_with(betza, reading, files, ranks,
                             [(x, y) for y in range(ranks) for x in range(files)],
                             timeout=timeout)
    if table is None:
        return {"ok": True, "betza": betza, "reading": reading, "board": [files, ranks],
                "route": f"solver: {store.solver_reason(betza, reading, files, ranks)}"}
    return {"ok": True, **table.as_json(), "route": "table"}
