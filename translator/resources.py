"""Where the data folders (encodings/, kb/) are: inside the installed wheel or the checkout;
the lock every stage takes to parse them; and the folder where answers derived from them are
kept between processes (translator/compiled/kbcache.py, the parsed programs of
translator/solve/kept.py), written whole."""

from __future__ import annotations

import os
import tempfile
import threading
from functools import cache
from pathlib import Path

# clingo's parser is not safe to run in two threads at once (a kept program may be built
# in a thread of its own, translator/solve/warm.py); grounding and solving are. Here, not in
# solve/engine.py, because notation/ reads the kb tables with it (an earlier stage).
PARSING = threading.RLock()


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


def write_whole(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` whole, then renamed: a process reading at the same time
    sees the old file or the new one, never half of one. False where the folder cannot be
    written (a cache that cannot keep only costs the work again)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False,
                                         suffix=".tmp") as out:
            out.write(data)
        os.replace(out.name, path)
    except OSError:
        return False
    return True
