"""The research kinds of ``betza batch``: ``census`` and ``classes`` (one line each, run
inline: a batch line is one task of the research run, not a Dask cluster of its own)."""

from __future__ import annotations

from typing import Any

from translator.errors import BetzaError
from translator.squares import board_size


def census_line(line: dict[str, Any]) -> dict[str, Any]:
    """A ``census`` line's rows (docs/batch.md)."""
    from translator.research.run import INLINE
    from translator.research.study import census_rows, census_tasks, run_tasks

    pieces = _strings(line, "pieces")
    boards = [board_size(line)]
    densities = line.get("densities", [])
    samples, seed = line.get("samples", 100), line.get("seed", 0)
    if not (isinstance(densities, list) and all(
            isinstance(d, int | float) and not isinstance(d, bool) and 0 <= d <= 1
            for d in densities)):
        raise BetzaError("densities must be a list of numbers from 0 to 1")
    if not (isinstance(samples, int) and 0 < samples <= 100_000
            and isinstance(seed, int)):
        raise BetzaError("samples must be a whole number from 1 to 100000, seed a "
                         "whole number")
    tasks = census_tasks(pieces, boards, densities, samples, seed)
    rows = census_rows(run_tasks(tasks, scheduler=INLINE), pieces, boards)
    return {"ok": True, "rows": rows}


def classes_line(line: dict[str, Any]) -> dict[str, Any]:
    """A ``classes`` line's equivalence classes (docs/batch.md)."""
    from translator.research.run import INLINE
    from translator.research.study import equivalence_classes

    found = equivalence_classes({p: p for p in _strings(line, "pieces")},
                                board_size(line), scheduler=INLINE)
    return {"ok": True, "classes": found.classes, "splits": found.splits,
                "solver_pairs": found.solver_pairs, "all_pairs": found.all_pairs}


def _strings(line: dict[str, Any], key: str) -> list[str]:
    from translator.facts.pieces import parse_piece, resolve_name

    value = line.get(key)
    if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
        raise BetzaError(f"missing {key!r} (a list of Betza strings or piece names)")
    for text in value:
        parse_piece(text)
    return [resolve_name(v) for v in value]
