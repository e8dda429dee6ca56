"""Hostile ``--tables`` folders: every file that is not a table betza-kb compiled for these
rules is refused with one line naming it and the reason (exit 2), never used; a good folder
is still answered from. The forgeries recompute the checksum by the recipe of
docs/tables.md where they pretend to be honest."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from translator.cli.main import main
from translator.compiled import store, trust
from translator.compiled.digest import compiled_by, table_checksum
from translator.compiled.table import compile_table

N_FILE = "N-spec-8x8-0a0718e1fb.json"
K_FILE = "K-spec-8x8-9c778ef76b.json"
KNIGHT_FROM_E4 = ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]


@pytest.fixture(autouse=True)
def own_tables(monkeypatch):
    monkeypatch.setattr(store, "_loaded", {})
    monkeypatch.setattr(store, "_folders", set())


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("good")
    for betza in ("N", "K"):
        store.save(compile_table(betza, 8, 8), folder)
    assert sorted(p.name for p in folder.iterdir()) == [K_FILE, N_FILE]
    return folder


def moves(capsys, folder: Path, *extra: str) -> tuple[int, str, str]:
    code = main(["moves", "N", "--from", "e4", "--tables", str(folder), "--json", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def resealed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its checksum recomputed (docs/tables.md's recipe)."""
    return {**data, "checksum": table_checksum(data)}


def edit(change: Callable[[dict[str, Any]], None], reseal: bool = True
         ) -> Callable[[Path], None]:
    def apply(folder: Path) -> None:
        path = folder / N_FILE
        data = json.loads(path.read_text())
        change(data)
        path.write_text(json.dumps(resealed(data) if reseal else data))
    return apply


def first_row(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["rows"][0][key] = value
    return change


def other_rules(data: dict[str, Any]) -> None:
    data["rules"] = compiled_by("xboard")


def replace_with_king(folder: Path) -> None:
    (folder / K_FILE).rename(folder / N_FILE)


def link_to_zero(folder: Path) -> None:
    (folder / N_FILE).unlink()
    (folder / N_FILE).symlink_to("/dev/zero")


HOSTILE = {
    "other rules": (edit(other_rules), "compiled by other rules"),
    "no rules": (edit(lambda d: d.pop("rules")), "records no rules it was compiled from"),
    "edited by hand": (edit(first_row("need", {"empty": [[1, 2]]}), reseal=False),
                       "does not match its checksum"),
    "unknown need key": (edit(first_row("need", {"bogus": [[1, 2]]})),
                         "unknown key 'bogus' in a row"),
    "unknown top key": (edit(lambda d: d.update(extra=1)), "unknown key 'extra'"),
    "fractional square": (edit(first_row("path", [[0, 0], [0.5, 2]])),
                          "an offset 0.5 is not a whole number"),
    "off the board": (edit(first_row("path", [[0, 0], [9, 2]])), "an offset 9 is off the board"),
    "own square only": (edit(first_row("path", [[0, 0]])),
                        "a path of the piece's own square only"),
    "NaN": (lambda f: (f / N_FILE).write_text('{"schema": NaN}'),
            "NaN is not a number of a table"),
    "not JSON": (lambda f: (f / N_FILE).write_text('{"schema": '), "not JSON"),
    "K's rows in N's file": (replace_with_king, "its name does not match its content (the "
                             f"table of K on 8x8, spec, is named {K_FILE})"),
    "a second table": (lambda f: shutil.copy(f / N_FILE, f / "N-spec-8x8-0a0718e1fb.old.json"),
                       f"a second table of N on 8x8 (the first is {N_FILE})"),
    "a link to /dev/zero": (link_to_zero, "not a regular file"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_table_is_refused_naming_the_file_and_the_reason(capsys, tmp_path, good,
                                                                  case):
    folder = tmp_path / "tables"
    shutil.copytree(good, folder)
    spoil, reason = HOSTILE[case]
    spoil(folder)
    code, out, err = moves(capsys, folder)
    assert (code, out) == (2, "")
    (line,) = err.splitlines()
    named = "N-spec-8x8-0a0718e1fb.old.json" if case == "a second table" else N_FILE
    assert line.startswith(f"betza: error: --tables: {named}: ")
    assert reason in line


def test_a_table_past_the_size_limit_is_refused_unread(capsys, tmp_path, good, monkeypatch):
    monkeypatch.setattr(trust, "MAX_BYTES", 1000)   # N's table is some 1,700 bytes
    code, _, err = moves(capsys, good)
    assert code == 2
    assert err == f"betza: error: --tables: {K_FILE}: past the size limit of 1000 bytes\n"


def test_a_good_folder_is_answered_from(capsys, tmp_path, good):
    folder = tmp_path / "tables"
    shutil.copytree(good, folder)
    cut = json.loads((folder / N_FILE).read_text())
    cut["rows"] = [row for row in cut["rows"] if row["path"][-1] == [1, 2]]
    (folder / N_FILE).write_text(json.dumps(resealed(cut)))   # a cut table, honestly sealed
    code, out, err = moves(capsys, folder)
    assert (code, err) == (0, "")
    assert [m["to"] for m in json.loads(out)["moves"]] == ["f6"]


def test_a_stale_table_is_compiled_afresh_where_asked(capsys, tmp_path, good):
    folder = tmp_path / "tables"
    shutil.copytree(good, folder)
    edit(other_rules)(folder)
    code, out, err = moves(capsys, folder, "--stale-tables", "recompile")
    assert (code, err) == (0, "")
    assert sorted(m["to"] for m in json.loads(out)["moves"]) == KNIGHT_FROM_E4
    assert all(key[0] != "N" for key in store._loaded)   # the stale file was not read
