"""Running many independent solver tasks on Dask: a local cluster (one worker process per
core, since clingo work is CPU-bound and holds the GIL) or a cluster by scheduler address.
Results are written as they complete to an output file (JSON Lines, or a Parquet dataset
folder when the name ends in ``.parquet``), and a rerun with the same file skips the tasks
already there, so an interrupted run loses at most the tasks in flight.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Task = tuple[str, Callable[..., Any], tuple[Any, ...]]  # key, function, arguments


@dataclass
class Outcome:
    """What a task gave: its result, or the error that stopped it."""

    key: str
    result: Any = None
    error: str | None = None


INLINE = "inline"  # run the tasks one after another in this process (small jobs)


def _inline(key: str, func: Callable[..., Any], args: tuple[Any, ...]) -> Outcome:
    try:
        return Outcome(key, func(*args))
    except Exception as exc:  # recorded on the task, as Dask records a failed task
        return Outcome(key, error=f"{type(exc).__name__}: {exc}")


def _client(scheduler: str | None, workers: int | None) -> Any:
    from distributed import Client, LocalCluster

    if scheduler:
        return Client(scheduler, timeout="20s")
    # (the scheduler serves HTTP even without a dashboard: on a port of its own, so that
    # a second cluster on this machine does not warn that 8787 is taken)
    cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                           processes=True, dashboard_address=":0",
                           silence_logs=logging.CRITICAL)
    return Client(cluster)


class Store:
    """The output file: what is done already, and appending what completes."""

    def __init__(self, path: str | None):
        self.path = Path(path) if path else None
        self.parquet = bool(self.path and self.path.suffix == ".parquet")

    def load(self) -> dict[str, Outcome]:
        if self.path is None or not self.path.exists():
            return {}
        rows: list[dict[str, Any]] = []
        if self.parquet:
            import pandas as pd

            for part in sorted(self.path.glob("part-*.parquet")):
                rows += pd.read_parquet(part).to_dict("records")
        else:
            with self.path.open(encoding="utf-8") as fh:
                rows = [json.loads(line) for line in fh if line.strip()]
        done = {}
        for row in rows:
            result = json.loads(row["result"]) if row.get("result") else None
            done[row["task"]] = Outcome(row["task"], result, row.get("error") or None)
        return done

    def add(self, outcome: Outcome) -> None:
        if self.path is None:
            return
        row = {"task": outcome.key, "result": json.dumps(outcome.result),
               "error": outcome.error or ""}
        if self.parquet:
            import pandas as pd

            self.path.mkdir(parents=True, exist_ok=True)
            count = len(list(self.path.glob("part-*.parquet")))
            pd.DataFrame([row]).to_parquet(self.path / f"part-{count:06d}.parquet")
        else:
            with self.path.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")


def run_tasks(tasks: Iterable[Task], *, scheduler: str | None = None,
              workers: int | None = None, out: str | None = None,
              progress: bool = False) -> dict[str, Outcome]:
    """Run ``tasks`` on Dask, skipping those ``out`` already holds; every outcome by key.
    A failing task is recorded with its error and does not stop the others."""
    store = Store(out)
    done = store.load()
    todo = [t for t in tasks if t[0] not in done]
    if not todo:
        return done
    if scheduler == INLINE:
        for key, func, args in todo:
            done[key] = _inline(key, func, args)
            store.add(done[key])
        return done
    from distributed import as_completed

    client = _client(scheduler, workers)
    try:
        futures = {client.submit(func, *args, key=key, pure=False): key
                   for key, func, args in todo}
        for n, future in enumerate(as_completed(futures), start=1):
            key = futures[future]
            if future.status == "error":
                outcome = Outcome(key, error=f"{type(future.exception()).__name__}: "
                                             f"{future.exception()}")
            else:
                outcome = Outcome(key, future.result())
            done[key] = outcome
            store.add(outcome)
            if progress:
                print(f"\r{n}/{len(todo)} tasks done", end="", file=sys.stderr, flush=True)
        if progress:
            print(file=sys.stderr)
    finally:
        client.close()
        if not scheduler and client.cluster is not None:
            client.cluster.close()
    return done
