"""Research runs report per line: a line of --file that cannot be read is named with its
line number and reason (stderr, and a line of --json), the others are done, the exit
status is 1; --strict stops at the first (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from translator.cli.main import main

LINES = "N\nbyarcN\n\nR\n3K\n"   # byarcN: refused by the spec reading; 3K: no atom
BYARC = "direction 'r' in a continuation leg of an oblique atom is undefined"


@pytest.fixture
def pieces(tmp_path: Path) -> Path:
    path = tmp_path / "pieces.txt"
    path.write_text(LINES)
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_compile_writes_every_other_table_and_names_the_bad_lines(capsys, tmp_path, pieces):
    code, out, err = run(capsys, "compile", "--file", str(pieces), "--out",
                         str(tmp_path / "t"), "--scheduler", "inline")
    assert code == 1
    assert sorted(p.name.split("-")[0] for p in (tmp_path / "t").iterdir()) == ["N", "R"]
    assert out.splitlines()[-1].startswith("2 pieces: 2 tables in")
    first, second = err.splitlines()
    assert first.startswith(f"betza: {pieces}, line 2: {BYARC}")
    assert second == (f"betza: {pieces}, line 5: a range must follow an atom letter at "
                      "position 1 of '3K'")


def test_compile_json_has_a_line_per_refused_line(capsys, tmp_path, pieces):
    code, out, _ = run(capsys, "compile", "--file", str(pieces), "--out", str(tmp_path / "t"),
                       "--scheduler", "inline", "--json")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [(a["ok"], a.get("betza"), a.get("line")) for a in answers] == [
        (True, "N", None), (True, "R", None), (False, None, 2), (False, None, 5)]
    assert answers[2]["input"] == "byarcN" and answers[2]["file"] == str(pieces)
    assert answers[2]["error"].startswith(BYARC)


def test_strict_stops_at_the_first_bad_line(capsys, tmp_path, pieces):
    code, out, err = run(capsys, "compile", "--file", str(pieces), "--out",
                         str(tmp_path / "t"), "--scheduler", "inline", "--strict")
    assert (code, out) == (2, "")
    assert err.startswith(f"betza: error: {pieces}, line 2: {BYARC}")
    assert len(err.splitlines()) == 1
    assert not (tmp_path / "t").exists() or not list((tmp_path / "t").iterdir())


def test_census_and_classes_do_the_good_lines(capsys, pieces):
    code, out, err = run(capsys, "census", "--file", str(pieces), "--scheduler", "inline",
                         "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [r.get("piece", r.get("line")) for r in rows] == ["N", "R", 2, 5]
    assert rows[0]["mobility_empty"]["max"] == 8 and rows[1]["mobility_empty"]["min"] == 14
    assert [line.split(", ")[1][:6] for line in err.splitlines()] == ["line 2", "line 5"]
    code, out, err = run(capsys, "classes", "--file", str(pieces), "WF", "K",
                         "--scheduler", "inline", "--json")
    answer = json.loads(out)
    assert code == 1
    assert sorted(answer["classes"]) == [["N"], ["R"], ["WF", "K"]] or sorted(
        map(sorted, answer["classes"])) == [["K", "WF"], ["N"], ["R"]]
    assert [r["line"] for r in answer["refused"]] == [2, 5]
    assert len(err.splitlines()) == 2


def test_a_bad_string_on_the_command_line_is_still_a_usage_error(capsys, tmp_path):
    code, _, err = run(capsys, "compile", "N", "3K", "--out", str(tmp_path))
    assert code == 2 and err.startswith("betza: error: a range must follow an atom letter")
