"""Where the data folders (encodings/, kb/) are: inside the installed wheel or the checkout;
the lock every stage takes to parse them; and the folder where answers derived from them are
kept between processes (translator/compiled/kbcache.py, the parsed programs of
translator/solve/kept.py), written whole."""

from __future__ import annotations

import gc
import os
import re
import tempfile
import threading
import time
from functools import cache
from pathlib import Path

# clingo's parser is not safe to run in two threads at once (a kept program may be built
# in a thread of its own, translator/solve/warm.py); grounding and solving are. Here, not in
# solve/engine.py, because notation/ reads the kb tables with it (an earlier stage).
PARSING = threading.RLock()

# Python's cycle collector, as a process that answers queries runs it (see collect_less)
COLLECT_EVERY = (50_000, 50, 100)


def collect_less() -> None:
    """Run the cycle collector less often in this process (a command, a batch, web or Dask
    worker, a test process). An answer allocates hundreds of thousands of small objects
    that live until it is given (symbols, rows of tables), and a process that answers many
    keeps large tables: at Python's default thresholds the collector scanned the young
    objects thousands of times and the whole heap every few seconds (a full pass of a test
    process took ~0.4 s: a fifth of its CPU went to the collector, a web worker's answer could
    wait for one). Garbage cycles are still freed, later.

    >>> collect_less(); gc.get_threshold() == COLLECT_EVERY
    True
    """
    gc.set_threshold(*COLLECT_EVERY)


@cache
def data_dir(name: str) -> Path:
    """The folder ``name`` (``"kb"`` or ``"encodings"``).

    >>> (data_dir("kb") / "atoms.lp").exists()
    True
    """
    installed = Path(__file__).parent / "_data" / name
    if installed.is_dir():
        return installed
    return Path(__file__).parent.parent / name


@cache
def cache_folder() -> Path:
    """Where the derived answers are kept: ``$BETZA_CACHE``, else
    ``$XDG_CACHE_HOME/betza-kb``, else ``~/.cache/betza-kb``."""
    given = os.environ.get("BETZA_CACHE")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "betza-kb"


# a kept file of another key (kept by other rules or code: an older checkout, another
# worktree) is removed once no process has used it for this long; one in use stays, so that
# two versions at work at once do not keep deleting each other's files
STALE_AFTER = 14 * 24 * 3600.0
USED_EVERY = 24 * 3600.0   # a file read is marked used at most this often (one utime)


def write_whole(path: Path, data: bytes, family: str | None = None) -> bool:
    """Write ``data`` to ``path`` whole, then renamed: a process reading at the same time
    sees the old file or the new one, never half of one. False where the folder cannot be
    written (a cache that cannot keep only costs the work again). ``family``: a regular
    expression naming the files that keep the same answer under other keys, whose stale
    ones are removed then (:func:`prune`)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False,
                                         suffix=".tmp") as out:
            out.write(data)
        os.replace(out.name, path)
    except OSError:
        return False
    if family is not None:
        prune(path, family)
    return True


def used(path: Path) -> None:
    """Mark the kept file ``path`` as in use (its modification time, at most once a day):
    :func:`prune` leaves it. Read-only folders are left as they are."""
    try:
        if time.time() - path.stat().st_mtime > USED_EVERY:
            os.utime(path)
    except OSError:
        pass


def prune(path: Path, family: str, now: float | None = None) -> list[str]:
    """Remove the files of ``path``'s folder whose whole names match ``family`` (the same
    answer kept under other keys), but not ``path``, that no process has written or read
    (:func:`used`) for :data:`STALE_AFTER` seconds, and the leftovers of writes cut short
    (``*.tmp``) as old; the names removed.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for name in ("kb-a-01.json", "kb-a-02.json", "kb-a-03.json", "kb-ab-04.json"):
    ...     _ = (folder / name).write_text("{}")
    >>> old = time.time() - STALE_AFTER - 60
    >>> for name in ("kb-a-02.json", "kb-ab-04.json"):
    ...     os.utime(folder / name, (old, old))
    >>> prune(folder / "kb-a-01.json", r"kb-a-[0-9a-f]+[.]json")
    ['kb-a-02.json']
    >>> sorted(p.name for p in folder.iterdir())
    ['kb-a-01.json', 'kb-a-03.json', 'kb-ab-04.json']
    """
    pattern = re.compile(family)
    stale = (now if now is not None else time.time()) - STALE_AFTER
    removed: list[str] = []
    try:
        for other in path.parent.iterdir():
            if other.name == path.name or not (pattern.fullmatch(other.name)
                                               or other.name.endswith(".tmp")):
                continue
            if other.stat().st_mtime < stale and other.is_file():
                other.unlink(missing_ok=True)
                removed.append(other.name)
    except OSError:
        pass
    return sorted(removed)
