"""Running many independent solver tasks on Dask: a local cluster (one worker process per
core, since clingo work is CPU-bound and holds the GIL) or a cluster by scheduler address.
Results are written as they complete to an output file (JSON Lines, or a Parquet dataset
folder when the name ends in ``.parquet``), and a rerun with the same file skips the tasks
done already, so an interrupted run loses at most the tasks in flight: a line cut off by
a crash mid-write is dropped (and its task run again), a Parquet part is written whole or
not at all, and a task that failed is stored with its error and run again.

A local cluster listens on 127.0.0.1 only, its dashboard included, unless given another
address (``dashboard``), and is kept for the later runs of the process (closed at its exit,
or when a run is cut off with tasks still running on it). In a Dask worker a task's
grounding steps hold their time limit and the memory ceiling (translator/solve/guard.py): a
step past either ends the worker, and once Dask has seen the task's workers die so on every
try it reports the task failed.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from translator.errors import BetzaError, LimitError
from translator.resources import collect_less
from translator.solve import guard

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


DASHBOARD = "127.0.0.1:0"  # this machine only, on a free port


def guarded(func: Callable[..., Any], *args: Any) -> Any:
    """``func(*args)`` in a Dask worker whose grounding steps are held to their limits."""
    if not guard.armed():
        collect_less()
        guard.limit_memory()
        guard.arm(_end_worker)
    return func(*args)


def _end_worker(message: str) -> None:
    print(f"betza: {message}", file=sys.stderr, flush=True)
    os._exit(guard.OVERRUN_EXIT)


_LOCAL: dict[tuple[int, str], Any] = {}  # the local clusters' clients, by workers and dashboard


def _client(scheduler: str | None, workers: int | None, dashboard: str = DASHBOARD) -> Any:
    """A client of the cluster at ``scheduler``, else of this process's local cluster:
    started on first use and kept for the later runs of the process (``betza classes``
    runs twice; a notebook many times), since starting one costs seconds of CPU."""
    from distributed import Client

    if scheduler:
        return Client(scheduler, timeout="20s")
    key = (workers or os.cpu_count() or 1, dashboard)
    client = _LOCAL.get(key)
    if client is None or client.status != "running":
        client = _LOCAL[key] = _local_client(*key)
    return client


# A kept local cluster idles between runs (a notebook, the tests of a module): its worker's
# statistical profiler (a sample every 10 ms), its servers' ticks (every 20 ms, to notice a
# blocked event loop) and its monitors of the system and memory (every 0.5 and 0.1 s) cost
# each worker about a tenth of a core while it waits, measured; so a run shares the CPU
# with them too. Without the profiler and with these slower, an idle worker costs a
# hundredth (the dashboard's task stream and progress are as before).
QUIET = {"distributed.worker.profile.enabled": False,
         "distributed.admin.tick.interval": "1s",
         "distributed.admin.system-monitor.interval": "5s",
         "distributed.worker.memory.monitor-interval": "1s"}


def _local_client(workers: int, dashboard: str) -> Any:
    import dask
    from distributed import Client, LocalCluster

    # (the scheduler serves HTTP even without a dashboard: on a port of its own, so that
    # a second cluster on this machine does not warn that 8787 is taken. A worker runs one
    # task at a time, so a worker that dies was ended by its task's limits, which a retry
    # meets again: one retry, for a worker lost otherwise, instead of Dask's three.)
    with dask.config.set({"distributed.scheduler.allowed-failures": 1, **QUIET}):
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=dashboard,
                               silence_logs=logging.CRITICAL)
    return Client(cluster)


@atexit.register
def _close_local(client: Any = None) -> None:
    """Close the local cluster of ``client`` (all of them without one)."""
    for key, known in list(_LOCAL.items()):
        if client is None or known is client:
            del _LOCAL[key]
            known.close()
            known.cluster.close()


def _completed(as_completed: Any, futures: dict[Any, str], timeout: float | None
               ) -> Iterable[Any]:
    """The futures as they complete; past ``timeout`` seconds the rest are cancelled."""
    try:
        yield from as_completed(futures, timeout=timeout)
    except TimeoutError:
        for future in futures:
            future.cancel()
        raise LimitError(f"the tasks went past the time limit of {timeout:g} s (raise it "
                         "with --timeout)") from None


class Store:
    """The output file: what is done already, and appending what completes."""

    def __init__(self, path: str | None):
        self.path = Path(path) if path else None
        self.parquet = bool(self.path and self.path.suffix == ".parquet")

    def load(self) -> dict[str, Outcome]:
        """Every task's latest outcome (a failed task's later success replaces it)."""
        if self.path is None or not self.path.exists():
            return {}
        rows: list[dict[str, Any]] = []
        if self.parquet:
            import pandas as pd

            for part in sorted(self.path.glob("part-*.parquet")):
                rows += pd.read_parquet(part).to_dict("records")
        else:
            rows = self._lines()
        done = {}
        for row in rows:
            result = json.loads(row["result"]) if row.get("result") else None
            done[row["task"]] = Outcome(row["task"], result, row.get("error") or None)
        return done

    def _lines(self) -> list[dict[str, Any]]:
        """The rows of a JSON Lines file; a last line cut off by a crash mid-write is cut
        from the file, so that its task runs again and the next row starts a line."""
        assert self.path is not None
        data = self.path.read_bytes()
        whole = data.rfind(b"\n") + 1
        if whole < len(data):
            with self.path.open("r+b") as fh:
                fh.truncate(whole)
        rows = []
        for n, line in enumerate(data[:whole].decode("utf-8").splitlines(), start=1):
            try:
                row = json.loads(line) if line.strip() else None
            except ValueError:
                row = None
            if line.strip() and not (isinstance(row, dict) and isinstance(row.get("task"), str)):
                raise BetzaError(f"{self.path} line {n} is not a result of this command; "
                                 "give --out a new file")
            if row is not None:
                rows.append(row)
        return rows

    def add(self, outcome: Outcome) -> None:
        if self.path is None:
            return
        row = {"task": outcome.key, "result": json.dumps(outcome.result),
               "error": outcome.error or ""}
        if self.parquet:
            import pandas as pd

            self.path.mkdir(parents=True, exist_ok=True)
            count = len(list(self.path.glob("part-*.parquet")))
            part = self.path / f"part-{count:06d}.parquet"
            # written under another name first: a crash leaves no part half written
            pd.DataFrame([row]).to_parquet(part.with_suffix(".tmp"))
            os.replace(part.with_suffix(".tmp"), part)
        else:
            with self.path.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")


def run_tasks(tasks: Iterable[Task], *, scheduler: str | None = None,
              workers: int | None = None, out: str | None = None,
              progress: bool = False, dashboard: str = DASHBOARD,
              timeout: float | None = None) -> dict[str, Outcome]:
    """Run ``tasks`` on Dask, skipping those ``out`` holds as done; every outcome by key.
    A failing task is recorded with its error, does not stop the others, and is run again
    by the next run with the same ``out``. A local cluster's dashboard listens on
    ``dashboard`` (host:port). Past ``timeout`` seconds the tasks still running are
    dropped and a :class:`LimitError` says so."""
    store = Store(out)
    done = store.load()
    todo = [t for t in tasks if t[0] not in done or done[t[0]].error]
    if not todo:
        return done
    if scheduler == INLINE:
        for key, func, args in todo:
            done[key] = _inline(key, func, args)
            store.add(done[key])
        return done
    from distributed import as_completed

    client = _client(scheduler, workers, dashboard)
    finished = False
    try:
        futures = {client.submit(guarded, func, *args, key=key, pure=False): key
                   for key, func, args in todo}
        for n, future in enumerate(_completed(as_completed, futures, timeout), start=1):
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
        finished = True
    finally:
        if scheduler:
            client.close()
        elif not finished:
            # (tasks cut off may still hold its workers: the next run starts afresh)
            _close_local(client)
    return done
