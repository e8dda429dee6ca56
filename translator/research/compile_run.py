"""``betza compile`` on Dask: one task per piece compiles its move table
(:func:`translator.compiled.store.compile_full`), and this process writes each table into
the output folder (docs/tables.md), one JSON file per table.

A piece that keeps the solver path (e.p., castling, relay ``x`` …) is an answer, not a failure:
its result says why.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     found = compile_pieces(["fcafmF", "fmWfceFifmnD"], "spec", 8, 8, folder,
...                            scheduler="inline")
>>> [(r["betza"], r["route"], r.get("rows")) for r in found]
[('fcafmF', 'table', 2), ('fmWfceFifmnD', 'solver: en passant', None)]
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from translator.compiled import store
from translator.compiled.table import MoveTable
from translator.research.run import run_tasks
from translator.solve.limits import DEFAULT_MAX_ATOMS


def compile_task(betza: str, reading: str, files: int, ranks: int, timeout: float,
                 max_atoms: int) -> dict[str, Any]:
    """In a worker: the table of the canonical string ``betza`` (docs/tables.md) and its
    size, or the reason the piece keeps the solver path."""
    kept = store.compile_full(betza, reading, files, ranks, timeout=timeout,
                              max_atoms=max_atoms)
    if isinstance(kept, str):
        return {"route": f"solver: {kept}", "reason": kept}
    return {"route": "table", "rows": kept.size, "local": kept.local,
            "table": kept.as_json()}


def compile_pieces(strings: Sequence[str], reading: str, files: int, ranks: int,
                   out: str | Path, *, scheduler: str | None = None,
                   workers: int | None = None, timeout: float = 60.0,
                   max_atoms: int = DEFAULT_MAX_ATOMS, progress: bool = False
                   ) -> list[dict[str, Any]]:
    """Compile each canonical string of ``strings`` on Dask (``scheduler``: an address,
    ``"inline"``, or None for a local cluster of ``workers`` processes) and write the
    tables into ``out``; per piece, in the order given: ``betza``, ``reading``,
    ``board``, ``route``, and ``rows``, ``local`` and ``file`` (a table), ``reason`` (the
    solver path) or ``error`` (the task failed)."""
    board = f"{files}x{ranks}"
    keys = {betza: f"compile|{betza}|{reading}|{board}" for betza in strings}
    outcomes = run_tasks([(key, compile_task, (betza, reading, files, ranks, timeout,
                                               max_atoms)) for betza, key in keys.items()],
                         scheduler=scheduler, workers=workers, progress=progress)
    found = []
    for betza, key in keys.items():
        outcome = outcomes[key]
        head: dict[str, Any] = {"betza": betza, "reading": reading, "board": board}
        if outcome.error:
            found.append({**head, "error": outcome.error})
            continue
        result = dict(outcome.result)
        table = result.pop("table", None)
        if table is not None:
            result["file"] = str(store.save(MoveTable.from_json(table), Path(out)))
        found.append({**head, **result})
    return found
