"""Move tables shared by the worker processes of one server: a worker that compiles a
piece's table writes it into a folder of the server's own, and the others read it there
instead of compiling it again. (The lanes of ``betza serve`` are separate processes: a
string asked of the board, then explained, then asked why, was compiled by each worker
that met it.)

The folder is made by the server, private to its user, and removed when it stops; its
files are pickles written whole (:func:`translator.resources.write_whole`) by the
server's own workers, the only ones that read them. Tables of a position's state (e.p.,
castling) and the reasons a piece keeps the solver path stay in their process: what the
store remembers beside them is not shared. Past :data:`MOST` files the folder takes no
more.

>>> import tempfile
>>> from translator.compiled.table import MoveTable
>>> share(tempfile.mkdtemp())
>>> key = ("N", "spec", 8, 8, None)
>>> write(key, MoveTable("N", "spec", 8, 8))
>>> read(key).betza, read(("K", "spec", 8, 8, None))
('N', None)
>>> share(None)
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any

from translator.compiled.table import MoveTable
from translator.resources import write_whole

MOST = 4096  # tables a server's folder holds (each a few kB to a few hundred)

_folder: Path | None = None


def share(folder: str | None) -> None:
    """Read and write the tables of ``folder`` from now on (None: share nothing)."""
    global _folder
    _folder = None if folder is None else Path(folder)


def _path(key: tuple[Any, ...]) -> Path | None:
    if _folder is None or key[4] is not None:
        return None
    return _folder / (hashlib.sha1(repr(key).encode()).hexdigest() + ".pickle")


def read(key: tuple[Any, ...]) -> MoveTable | None:
    """The table of ``key`` another worker compiled, or None."""
    path = _path(key)
    if path is None:
        return None
    try:
        table = pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError):
        return None
    return table if isinstance(table, MoveTable) else None


def write(key: tuple[Any, ...], table: MoveTable) -> None:
    """Share the table of ``key`` just compiled (a local one without its rows: each
    worker compiles those of the squares it is asked about)."""
    path = _path(key)
    if path is None or path.exists():
        return
    try:
        if len(os.listdir(path.parent)) >= MOST:
            return
    except OSError:
        return
    write_whole(path, pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL))
