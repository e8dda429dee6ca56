"""The server's workers share the move tables they compile (translator/compiled/shared.py):
one worker compiles a piece, the others read its table from the server's folder; a folder
left by a server that was killed is removed by the next one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from translator.compiled import shared, store
from translator.web.processes import SHARED, shared_folder


def test_a_table_compiled_by_one_worker_is_read_by_another(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    shared.share(str(tmp_path))
    try:
        with monkeypatch.context() as m:
            m.setattr(store, "_tables", type(store._tables)())   # a worker that knows none
            first = store.table_for("N", "spec", 8, 8)
        assert first is not None and len(list(tmp_path.iterdir())) == 1
        # another worker: nothing of its own, and compiling is not what it does
        monkeypatch.setattr(store, "_tables", type(store._tables)())
        monkeypatch.setattr(store, "_compile", lambda *a, **k: pytest.fail("compiled"))
        second = store.table_for("N", "spec", 8, 8)
    finally:
        shared.share(None)
    assert second is not None and second.as_json() == first.as_json()
    # the knight's rows from e4: its eight leaps, each a move to an empty square and a
    # capture of an enemy; from a1 the two to b3 and c2
    assert len(second.rows_from((4, 3))) == 16
    assert {row.path[-1] for row in second.rows_from((0, 0))} == {(1, 2), (2, 1)}


def test_a_killed_servers_folder_is_removed_by_the_next() -> None:
    # a server whose process has ended (this process id, another start time)
    dead = Path(tempfile.gettempdir()) / f"{SHARED}-{os.getpid()}-1-gone"
    dead.mkdir()
    (dead / "a.pickle").write_bytes(b"")
    mine = Path(shared_folder())
    again = Path(shared_folder())
    try:
        assert not dead.exists()
        assert mine.is_dir() and again.is_dir() and mine != again
    finally:
        for folder in (mine, again, dead):
            if folder.exists():
                for item in folder.iterdir():
                    item.unlink()
                folder.rmdir()
