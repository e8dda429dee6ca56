"""Census and equivalence classes of many pieces, as Dask task graphs, with pandas
DataFrames for notebooks.

>>> frame = census(["B", "N"], boards=[(8, 8)], scheduler="inline")
>>> frame.set_index("piece")["binding"].to_dict()
{'B': 0.5, 'N': 1.0}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from translator.research.census import combine, empty_board, sampled
from translator.research.run import DASHBOARD, Outcome, Task, run_tasks

if TYPE_CHECKING:
    import pandas as pd

Board = tuple[int, int]


def _board(b: Board) -> str:
    return f"{b[0]}x{b[1]}"


def _read(reading: str) -> str:
    """The tail of a task key: the reading, where it is not the spec's (the keys of a
    census in the spec reading stay as they were, so its saved results are read again)."""
    return "" if reading == "spec" else f"|{reading}"


def census_tasks(pieces: Sequence[str], boards: Sequence[Board], densities: Sequence[float],
                 samples: int, seed: int, chunk: int = 200, reading: str = "spec"
                 ) -> list[Task]:
    """One empty-board task per piece and board, and the samples at each density in
    chunks of ``chunk`` positions, the strings read in ``reading``."""
    tasks: list[Task] = []
    read: tuple[Any, ...] = () if reading == "spec" else (60.0, reading)  # timeout, reading
    for piece in pieces:
        for files, ranks in boards:
            tasks.append((f"empty|{piece}|{files}x{ranks}{_read(reading)}", empty_board,
                          (piece, files, ranks, *read)))
            for density in densities:
                for start in range(0, samples, chunk):
                    tasks.append((f"sample|{piece}|{files}x{ranks}|{density}|{start}"
                                  f"{_read(reading)}", sampled,
                                  (piece, files, ranks, density, min(chunk, samples - start),
                                   seed + start, *read)))
    return tasks


def census_rows(outcomes: dict[str, Outcome], pieces: Sequence[str],
                boards: Sequence[Board], reading: str = "spec") -> list[dict[str, Any]]:
    """One row per piece and board; a row whose tasks failed carries the error."""
    rows = []
    for piece in pieces:
        for b in boards:
            mine = [o for k, o in outcomes.items()
                    if k.split("|")[1] == piece and k.split("|")[2] == _board(b)
                    and k.endswith(_read(reading)) and (reading != "spec" or
                                                        k.count("|") in (2, 4))]
            errors = [o.error for o in mine if o.error]
            empty = outcomes.get(f"empty|{piece}|{_board(b)}{_read(reading)}")
            if errors or empty is None:
                rows.append({"piece": piece, "board": _board(b),
                             "error": errors[0] if errors else "not computed"})
                continue
            samples = [o.result for o in mine if o.key.startswith("sample|")]
            rows.append(combine(empty.result, samples))
    return rows


def census(pieces: Sequence[str], boards: Sequence[Board] = ((8, 8),),
           densities: Sequence[float] = (), samples: int = 100, seed: int = 0, *,
           scheduler: str | None = None, workers: int | None = None,
           out: str | None = None, progress: bool = False, dashboard: str = DASHBOARD,
           reading: str = "spec") -> pd.DataFrame:
    """The census of ``pieces`` as a pandas DataFrame, one row per piece and board (a
    local cluster's dashboard on ``dashboard``, host:port), the strings read in
    ``reading`` (``spec``, or a program's: ``xboard``, ``diagram``, ``fsf``).

    >>> frame = census(["W", "F"], boards=[(3, 3)], scheduler="inline")
    >>> frame.set_index("piece")["connected"].to_dict()
    {'W': True, 'F': False}
    """
    import pandas as pd

    tasks = census_tasks(pieces, boards, densities, samples, seed, reading=reading)
    outcomes = run_tasks(tasks, scheduler=scheduler, workers=workers, out=out,
                         progress=progress, dashboard=dashboard)
    return pd.DataFrame(census_rows(outcomes, pieces, boards, reading))


def equiv_task(a: str, b: str, files: int, ranks: int) -> dict[str, Any]:
    """Whether ``a`` and ``b`` are the same piece, with the counterexample if not."""
    from translator.queries.equiv import equivalent

    return equivalent(a, b, files, ranks).as_json()


@dataclass
class Classes:
    """The equivalence classes (members as given), the pairs the solver split with their
    counterexamples, and how many pairs went to the solver of all possible pairs."""

    classes: list[list[str]]
    splits: list[dict[str, Any]] = field(default_factory=list)
    solver_pairs: int = 0
    all_pairs: int = 0
    errors: list[str] = field(default_factory=list)


def _fingerprint(row: dict[str, Any]) -> str:
    mob = row["mobility_empty"]
    return repr((sorted(mob["map"].items()), row["reach"], row["binding"], row["symmetry"],
                 row["forward"]))


def classes(members: dict[str, str] | Sequence[str], board: Board = (8, 8), *,
            scheduler: str | None = None, workers: int | None = None) -> pd.DataFrame:
    """The equivalence classes of ``members`` as a pandas DataFrame: one row per member
    (``member``, ``betza``, ``class``: the number of its class).

    >>> frame = classes(["WF", "K", "Q", "RB", "mRcB"], scheduler="inline")
    >>> frame.groupby("class")["member"].apply(list).tolist()
    [['K', 'WF'], ['Q', 'RB'], ['mRcB']]
    """
    import pandas as pd

    given = members if isinstance(members, dict) else {m: m for m in members}
    found = equivalence_classes(given, board, scheduler=scheduler, workers=workers)
    return pd.DataFrame([{"member": m, "betza": given[m], "class": n}
                         for n, group in enumerate(found.classes) for m in group])


def equivalence_classes(members: dict[str, str], board: Board = (8, 8), *,
                        scheduler: str | None = None, workers: int | None = None,
                        progress: bool = False, dashboard: str = DASHBOARD) -> Classes:
    """The equivalence classes of ``members`` (name as given -> Betza string): census
    fingerprints bucket them, and the solver decides the pairs inside each bucket (a local
    cluster's dashboard on ``dashboard``)."""
    files, ranks = board
    strings = sorted(set(members.values()))
    first = run_tasks([(f"empty|{s}|{_board(board)}", empty_board, (s, files, ranks))
                       for s in strings], scheduler=scheduler, workers=workers,
                      progress=progress, dashboard=dashboard)
    result = Classes([], all_pairs=len(members) * (len(members) - 1) // 2)
    buckets: dict[str, list[str]] = {}
    for s in strings:
        outcome = first[f"empty|{s}|{_board(board)}"]
        if outcome.error:
            result.errors.append(f"{s}: {outcome.error}")
            continue
        buckets.setdefault(_fingerprint(outcome.result), []).append(s)
    pairs = [(a, b) for group in buckets.values() for i, a in enumerate(group)
             for b in group[i + 1:]]
    result.solver_pairs = len(pairs)
    decided = run_tasks([(f"equiv|{a}|{b}", equiv_task, (a, b, files, ranks))
                         for a, b in pairs], scheduler=scheduler, workers=workers,
                        progress=progress, dashboard=dashboard) if pairs else {}
    parent = {s: s for s in strings}

    def root(s: str) -> str:
        while parent[s] != s:
            s = parent[s]
        return s

    for (a, b) in pairs:
        outcome = decided[f"equiv|{a}|{b}"]
        if outcome.error:
            result.errors.append(f"{a} / {b}: {outcome.error}")
        elif outcome.result["equivalent"]:
            parent[root(a)] = root(b)
        else:
            result.splits.append({"a": a, "b": b,
                                  "counterexample": outcome.result["counterexample"]})
    groups: dict[str, list[str]] = {}
    for name, betza in members.items():
        if betza in parent:
            groups.setdefault(root(betza), []).append(name)
    result.classes = sorted((sorted(g) for g in groups.values()), key=lambda g: g[0])
    return result
