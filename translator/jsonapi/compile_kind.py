"""The batch kind ``compile``: a piece's move table as JSON (docs/tables.md), for programs
that match positions themselves; the table of every start square of the board, or, with
``from`` (and ``side``), the rows of one piece on one square (the teaching page's).

>>> answer = compile_line({"query": "compile", "betza": "fcafmF", "board": "8x8"})
>>> answer["route"], answer["board"], len(answer["rows"])
('table', [8, 8], 2)
>>> compile_line({"query": "compile", "betza": "fmWfceFifmnD"})["route"]
'solver: en passant'
>>> one = compile_line({"query": "compile", "betza": "oW", "from": "h1", "side": "black"})
>>> one["local"], list(one["starts"]), len(one["starts"]["a8"])
(True, ['a8'], 6)
"""

from __future__ import annotations

from typing import Any

from translator.jsonapi.fields import line_limits, optional, required
from translator.position import check_side
from translator.squares import Square, board_size, parse_square, square_name


def compile_line(line: dict[str, Any]) -> dict[str, Any]:
    """``betza`` (required), ``board`` or ``files``/``ranks``, ``dialect``, ``from`` and
    ``side``: the table with ``"route": "table"``, or the piece's string, reading and
    board with ``"route": "solver: "`` and the reason it keeps the solver path."""
    from translator.compiled import store
    from translator.compiled.match import turned
    from translator.facts.pieces import parse_piece

    files, ranks = board_size(line)
    reading = optional(line, "dialect") or "spec"
    betza = str(parse_piece(required(line, "betza"), reading))
    timeout, _ = line_limits(line)
    start: Square | None = None
    if line.get("from") is not None:
        side = check_side(line.get("side") or "white")
        start = turned(parse_square(required(line, "from"), files, ranks), files, ranks, side)
        # as the teaching board's query takes it: compiled on that square whatever its size
        table = store.table_at(betza, reading, files, ranks, start, timeout=timeout,
                               patient=True)
    else:
        table = store.table_with(betza, reading, files, ranks,
                                 [(x, y) for y in range(ranks) for x in range(files)],
                                 timeout=timeout)
    if table is None:
        return {"ok": True, "betza": betza, "reading": reading, "board": [files, ranks],
                "route": f"solver: {store.solver_reason(betza, reading, files, ranks)}"}
    out = table.as_json()
    if start is not None and table.local:
        # (a local table kept by the process may hold other squares too: they are not asked)
        out["starts"] = {square_name(start): out["starts"].get(square_name(start), [])}
    return {"ok": True, **out, "route": "table"}
