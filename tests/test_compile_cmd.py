"""``betza compile`` (on Dask), ``--tables DIR`` on the query commands, the batch kind
``compile`` and its HTTP query: the tables written are the ones compile_table derives, and
a folder of tables is what the queries then answer from (shown with a table cut down by
hand, whose answers no solver would give)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from starlette.testclient import TestClient

from tests import cli_runner
from translator.cli.main import main
from translator.compiled import store
from translator.compiled.table import MoveTable, compile_table
from translator.jsonapi.batch import answer_group
from translator.web.app import create_app

BETZA = [str(Path(sys.executable).parent / "betza")]


@pytest.fixture(autouse=True)
def own_tables(monkeypatch):
    """Tables loaded by a test stay in that test (the process's store is shared)."""
    monkeypatch.setattr(store, "_loaded", {})
    monkeypatch.setattr(store, "_folders", set())


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as stop:   # argparse's own errors
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def tables_in(folder: Path) -> dict[str, MoveTable]:
    found = {}
    for path in folder.glob("*.json"):
        table = MoveTable.from_json(json.loads(path.read_text()))
        found[table.betza] = table
    return found


def test_compile_writes_the_tables_compile_table_derives(capsys, tmp_path):
    code, out, err = run(capsys, "compile", "R", "Knight", "fcafmF", "fmWfceFifmnD", "qN",
                         "--out", str(tmp_path), "--scheduler", "inline")
    assert code == 0 and err == ""
    written = tables_in(tmp_path)
    assert sorted(written) == ["N", "R", "fcafmF", "qN"]
    for betza, table in written.items():
        assert table.as_json() == compile_table(betza, 8, 8).as_json()
    assert len(written["qN"].starts) == 64   # local: every start square
    lines = out.splitlines()
    named = store.file_name(written["N"])
    assert lines[0] == f"N (Knight) 8x8: table of 16 rows, {tmp_path}/{named}"
    assert lines[1].startswith("R 8x8: table of 56 rows, ")   # 28 paths, empty or enemy
    assert lines[2].startswith("fcafmF 8x8: table of 2 rows, ")
    assert lines[3] == "fmWfceFifmnD 8x8: keeps the solver path (en passant)"
    assert lines[4].startswith("qN 8x8: table of ") and ", every start square, " in lines[4]
    assert lines[5] == f"5 pieces: 4 tables in {tmp_path}, 1 without (the solver answers them)"


def test_compile_json_is_one_object_per_piece(capsys, tmp_path):
    code, out, _ = run(capsys, "compile", "fcafmF", "KisO2", "xK", "--board", "6x5",
                       "--out", str(tmp_path / "new"), "--scheduler", "inline", "--json")
    assert code == 0
    found = [json.loads(line) for line in out.splitlines()]
    assert [(f["betza"], f["route"]) for f in found] == [
        ("KisO2", "solver: castling"), ("fcafmF", "table"), ("xK", "solver: relay (x) moves")]
    table = found[1]
    assert table == {"ok": True, "names": [], "betza": "fcafmF", "reading": "spec",
                     "board": "6x5", "route": "table", "rows": 2, "local": False,
                     "file": table["file"]}
    assert MoveTable.from_json(json.loads(Path(table["file"]).read_text())).files == 6
    assert found[0]["reason"] == "castling" and "file" not in found[0]


def test_compile_kb_takes_the_catalogue(capsys, tmp_path, monkeypatch):
    import translator.catalogue.pieces as catalogue

    few = [SimpleNamespace(name=name, betza=betza) for name, betza in [
        ("Rook", "R"), ("Wazir", "W"), ("Castle", "R"), ("Pawn", "fmWfceFifmnD")]]
    monkeypatch.setattr(catalogue, "all_pieces", lambda: few)
    code, out, _ = run(capsys, "compile", "--kb", "--out", str(tmp_path), "--scheduler",
                       "inline")
    assert code == 0
    assert [line.split(":")[0] for line in out.splitlines()[:3]] == [
        "R (Castle, Rook) 8x8", "W (Wazir) 8x8", "fmWfceFifmnD (Pawn) 8x8"]
    assert sorted(tables_in(tmp_path)) == ["R", "W"]


@pytest.mark.parametrize(("argv", "message"), [
    (["compile", "3N", "--out", "{tmp}"], "betza: error: a range must follow an atom letter"),
    (["compile", "N", "--out", "{tmp}", "--board", "8by8"], "betza: error: board size"),
    (["compile", "--out", "{tmp}"], "betza: error: no pieces"),
    (["compile", "N", "--out", "{tmp}/file.json"], "is a file, not a folder"),
    (["compile", "N", "--out", "{tmp}", "--dialect", "xbord"], "unknown dialect 'xbord'"),
    (["compile", "N"], "the following arguments are required: --out"),
    (["moves", "R", "--from", "a1", "--tables", "{tmp}/nowhere"], "is not a folder"),
    (["moves", "R", "--from", "a1", "--tables", "{tmp}/empty"], "holds no move tables"),
    (["attacks", "e4", "--tables", "{tmp}"], "file.json: not a move table"),
    (["batch", "--tables", "{tmp}/nowhere"], "is not a folder"),
    (["serve", "--tables", "{tmp}/nowhere"], "is not a folder"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, message):
    (tmp_path / "file.json").write_text('{"schema": "something else"}\n')
    (tmp_path / "empty").mkdir()
    code, out, err = run(capsys, *[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2 and out == ""
    assert message in err.splitlines()[0]


def cut_rook(folder: Path) -> None:
    """The rook's table with one row left: one step up onto an empty square."""
    table = compile_table("R", 8, 8)
    table.rows = [row for row in table.rows if row.path == ((0, 0), (0, 1))
                  and row.need == {"empty": ((0, 1),)}]
    store.save(table, folder)


def test_moves_and_attacks_answer_from_the_tables_given(capsys, tmp_path):
    cut_rook(tmp_path)
    code, out, _ = run(capsys, "moves", "R", "--from", "d4", "--tables", str(tmp_path),
                       "--json")
    assert code == 0
    assert json.loads(out)["moves"] == [{"to": "d5", "legs": ["d4", "d5"], "captures": []}]
    # a piece without a table there is compiled as usual
    code, out, _ = run(capsys, "moves", "W", "--from", "a1", "--tables", str(tmp_path),
                       "--json")
    assert [m["to"] for m in json.loads(out)["moves"]] == ["a2", "b1"]
    code, _, err = run(capsys, "attacks", "e4", "--piece", "R", "--tables", str(tmp_path))
    assert code == 0 and err == ""


def test_batch_answers_from_the_tables_in_its_workers_too(tmp_path):
    cut_rook(tmp_path)
    line = json.dumps({"query": "moves", "betza": "R", "from": "d4"})
    done = subprocess.run([*BETZA, "batch", "--workers", "2", "--tables", str(tmp_path)],
                          input="\n".join([line] * 800) + "\n", capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    answers = done.stdout.splitlines()
    assert len(answers) == 800
    assert set(answers) == {json.dumps({"ok": True, "moves": [
        {"to": "d5", "legs": ["d4", "d5"], "captures": []}]})}


def test_compile_runs_on_a_local_dask_cluster_without_progress_off_a_terminal(
        tmp_path, monkeypatch):
    # (in this process, whose local cluster of one worker tests/conftest.py closes after
    # the module; stderr is not a terminal here either)
    monkeypatch.setenv("TERM", "xterm")
    done = cli_runner.betza("compile", "N", "fmWfceFifmnD", "--workers", "1", "--out",
                            str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines()[1] == "fmWfceFifmnD 8x8: keeps the solver path (en passant)"
    assert tables_in(tmp_path)["N"].as_json() == compile_table("N", 8, 8).as_json()


def test_batch_kind_compile_is_the_table_with_its_route():
    line = {"query": "compile", "betza": "fcafmF", "board": "8x8"}
    (answer,) = answer_group([json.dumps(line)])
    assert answer == {"ok": True, **compile_table("fcafmF", 8, 8).as_json(), "route": "table"}
    assert answer["rows"][1] == {"move": 1, "path": [[0, 0], [1, 1], [2, 2]],
                                 "captures": [[1, 1]],
                                 "need": {"empty": [[2, 2]], "enemy": [[1, 1]]}}
    (answer,) = answer_group([json.dumps({"query": "compile", "betza": "Pawn", "files": 5})])
    assert answer == {"ok": True, "betza": "fmWfceFifmnD", "reading": "spec",
                      "board": [5, 8], "route": "solver: en passant"}
    (answer,) = answer_group([json.dumps({"query": "compile", "betza": "qN", "files": 3,
                                          "ranks": 4})])
    assert answer["local"] and sorted(answer["starts"]) == sorted(
        f"{f}{r}" for f in "abc" for r in "1234")
    assert answer_group(['{"query": "compile", "betza": "N", "board": "0x8"}'])[0][
        "error"].startswith("files must be between 1 and 26")


def test_compile_over_http_and_a_server_with_tables(tmp_path):
    cut_rook(tmp_path)
    with TestClient(create_app(workers=1, tables=str(tmp_path))) as client:
        res = client.post("/api/query", json={"query": "compile", "betza": "fcafmF",
                                              "board": "8x8"})
        assert res.status_code == 200
        assert res.json() == {"ok": True, **compile_table("fcafmF", 8, 8).as_json(),
                              "route": "table"}
        res = client.post("/api/query", json={"query": "moves", "betza": "R", "from": "d4"})
        assert [m["to"] for m in res.json()["moves"]] == ["d5"]
        res = client.post("/api/query", json={"query": "compile", "betza": "R"})
        assert len(res.json()["rows"]) == 1
        res = client.post("/api/query", json={"query": "compile", "betza": "3N"})
        assert res.status_code == 400 and res.json()["position"] == 1


def test_the_matcher_of_docs_tables_md_runs():
    page = (Path(__file__).resolve().parent.parent / "docs" / "tables.md").read_text()
    (block,) = re.findall(r"```python\n(.*?)```", page, re.S)
    exec(compile(block, "docs/tables.md", "exec"), {})
