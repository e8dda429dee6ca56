"""The cache folder keeps one answer per key, and forgets the answers of other keys (other
rules, other code: an older checkout) once no process has used them for two weeks, while
those still in use stay (translator/resources.py ``prune``)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import clingo.ast as ast
import pytest

from translator.compiled import kbcache
from translator.compiled.digest import rules_digest
from translator.resources import STALE_AFTER, cache_folder
from translator.solve.kept import kept_shapes

OLD = STALE_AFTER + 60


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BETZA_CACHE", str(tmp_path))
    cache_folder.cache_clear()
    yield tmp_path
    cache_folder.cache_clear()


def _file(folder: Path, name: str, age: float) -> Path:
    path = folder / name
    path.write_text("{}")
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_a_kb_answer_kept_removes_its_stale_files_only(folder: Path) -> None:
    stale = _file(folder, "kb-moves-8x8-" + "0" * 20 + ".json", OLD)
    in_use = _file(folder, "kb-moves-8x8-" + "1" * 20 + ".json", 60)
    other_name = _file(folder, "kb-moves-8x8-3-" + "0" * 20 + ".json", OLD)
    cut_short = _file(folder, "tmpab12cd.tmp", OLD)
    assert kbcache.cached("kb-moves-8x8", lambda: {"N": 8}) == {"N": 8}
    kept = folder / f"kb-moves-8x8-{rules_digest()[:20]}.json"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [kept.name, in_use.name, other_name.name])
    assert not stale.exists() and not cut_short.exists()


def test_a_kept_answer_read_is_marked_used(folder: Path) -> None:
    kbcache.cached("kb-plans", lambda: {"W": 1})
    kept = folder / f"kb-plans-{rules_digest()[:20]}.json"
    then = time.time() - OLD
    os.utime(kept, (then, then))
    assert kbcache.cached("kb-plans", lambda: {"W": 2}) == {"W": 1}   # read, not built
    assert time.time() - kept.stat().st_mtime < STALE_AFTER


def test_the_shapes_of_other_encodings_are_removed_once_unused(folder: Path) -> None:
    stale = _file(folder, "shapes-" + "0" * 32 + ".json", OLD)
    in_use = _file(folder, "shapes-" + "1" * 32 + ".json", 60)
    statements: list[ast.AST] = []
    ast.parse_string("h(X) :- m(X,p).", statements.append)
    kept_shapes(statements)
    names = sorted(p.name for p in folder.iterdir())
    assert len(names) == 2 and in_use.name in names and stale.name not in names
