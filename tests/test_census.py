"""Census and equivalence classes: hand-checkable facts, a real Dask LocalCluster, resume.

On an empty 8x8 board, from the centre square e5: the Bishop reaches the squares of its
colour (binding 1/2); the Dabbaba (2,0) keeps both coordinates' parity (1/4); the Alfil
(2,2) also keeps the parity of (dx - dy) / 2 (1/8); the Knight reaches every square from
every square. The Wazir has 2 moves in the 4 corners, 3 on the 24 other edge squares and 4
on the 36 inner ones: (8 + 72 + 144) / 64 = 3.5.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from translator.cli.main import main
from translator.jsonapi.batch import answer_group
from translator.research.census import empty_board
from translator.research.run import INLINE, Outcome, run_tasks
from translator.research.study import census, classes

# one xdist process runs the module: its tests share that process's local Dask cluster (of
# one worker), instead of each process starting one
pytestmark = pytest.mark.xdist_group("census")


@pytest.mark.parametrize(("betza", "binding"), [("B", 0.5), ("D", 0.25), ("A", 0.125),
                                                ("N", 1.0), ("W", 1.0)])
def test_binding_from_the_centre(betza: str, binding: float) -> None:
    assert empty_board(betza, 8, 8)["binding"] == binding


def test_knight_is_connected_and_bishop_is_not() -> None:
    assert empty_board("N", 8, 8)["connected"]
    assert not empty_board("B", 8, 8)["connected"]


def test_wazir_mobility_and_the_forward_only_pawn_step() -> None:
    w = empty_board("W", 8, 8)
    assert w["mobility_empty"] == {**w["mobility_empty"], "mean": 3.5, "min": 2, "max": 4}
    assert w["symmetry"] == "8-fold" and w["reversible"]
    fw = empty_board("fW", 8, 8)
    assert fw["forward"] == 1.0 and fw["symmetry"] == "left-right"
    assert not fw["reversible"] and fw["reach"] == [1, 2, 3]


def test_knight_reach_in_one_two_three_moves() -> None:
    # from e5: 8 squares in one move; the rest by counting on a board (hand-checked)
    assert empty_board("N", 8, 8)["reach"][0] == 8


def test_classes_wf_is_k_and_the_two_rooks_bishops_differ() -> None:
    frame = classes(["WF", "K", "mRcB", "cRmB"], scheduler=INLINE)
    groups = sorted(frame.groupby("class")["member"].apply(sorted).tolist())
    assert groups == [["K", "WF"], ["cRmB"], ["mRcB"]]


def test_tiny_census_on_a_local_dask_cluster_and_resume(tmp_path: Path) -> None:
    out = tmp_path / "census.jsonl"
    frame = census(["B", "N"], densities=[0.5], samples=20, workers=1, out=str(out))
    assert frame.set_index("piece").loc["B", "binding"] == 0.5
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["task"].split("|")[0] for r in rows} == {"empty", "sample"}
    # a rerun finds every task in the file and computes nothing again
    calls: list[str] = []

    def counted(*args: object) -> None:
        calls.append(str(args))

    again = run_tasks([(r["task"], counted, ()) for r in rows], out=str(out))
    assert calls == [] and set(again) == {r["task"] for r in rows}


def test_failing_task_is_recorded_and_the_run_goes_on(tmp_path: Path) -> None:
    out = tmp_path / "c.parquet"
    done = run_tasks([("ok", empty_board, ("W", 3, 3)), ("bad", empty_board, ("W(", 3, 3))],
                     scheduler=INLINE, out=str(out))
    assert done["ok"].error is None and done["bad"].error
    assert set(run_tasks([], out=str(out))) == {"ok", "bad"}
    assert isinstance(done["bad"], Outcome)


def test_census_cli_plots_and_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["census", "fW", "--workers", "1", "--json", "--plot", str(tmp_path)]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["piece"] == "fW" and row["forward"] == 1.0
    assert {p.name for p in tmp_path.iterdir()} == {"heatmap-fW-8x8.png", "mobility.png"}
    (answer,) = answer_group([json.dumps({"query": "classes", "pieces": ["Q", "RB", "N"]})])
    assert answer["classes"] == [["N"], ["Q", "RB"]]


CENSUS = ["census", "W", "fW", "N", "--density", "0.5", "--samples", "10", "--scheduler",
          "inline", "--json"]


def test_a_census_killed_mid_write_resumes_to_the_output_of_a_whole_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = tmp_path / "whole.jsonl"
    assert main([*CENSUS, "--out", str(whole)]) == 0
    expected = capsys.readouterr().out
    # the same run, killed while it wrote its third row: half a line ends the file
    cut = tmp_path / "cut.jsonl"
    script = ("import os, sys\n"
              "from translator.research import run\n"
              "from translator.cli.main import main\n"
              "add, rows = run.Store.add, []\n"
              "def dying(self, outcome):\n"
              "    rows.append(outcome)\n"
              "    if len(rows) == 3:\n"
              "        line = self.path.read_text() \n"
              "        add(self, outcome)\n"
              "        text = self.path.read_text()\n"
              "        self.path.write_text(text[:len(line) + (len(text) - len(line)) // 2])\n"
              "        os._exit(9)\n"
              "    add(self, outcome)\n"
              "run.Store.add = dying\n"
              "sys.exit(main(sys.argv[1:]))\n")
    killed = subprocess.run([sys.executable, "-c", script, *CENSUS, "--out", str(cut)],
                            capture_output=True, text=True, check=False)
    assert killed.returncode == 9 and killed.stdout == ""
    torn = cut.read_text()
    assert torn.count("\n") == 2 and not torn.endswith("\n")
    assert main([*CENSUS, "--out", str(cut)]) == 0
    assert capsys.readouterr().out == expected
    rows = [json.loads(line) for line in cut.read_text().splitlines()]
    assert sorted(r["task"] for r in rows) == sorted(
        json.loads(line)["task"] for line in whole.read_text().splitlines())


def test_a_failed_census_task_exits_1_and_the_rerun_completes_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from translator.research import study

    out = tmp_path / "c.jsonl"
    real = study.empty_board

    def failing(betza: str, files: int, ranks: int) -> dict[str, object]:
        if betza == "fW":
            raise RuntimeError("worker lost")
        return real(betza, files, ranks)

    monkeypatch.setattr(study, "empty_board", failing)
    assert main([*CENSUS, "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert '"error": "RuntimeError: worker lost"' in captured.out
    assert captured.err == ("betza: 1 results are missing because their tasks failed; run "
                            f"the same command again to retry them (--out {out} keeps what "
                            "is done)\n")
    stored = {json.loads(line)["task"]: json.loads(line)["error"]
              for line in out.read_text().splitlines()}
    assert stored["empty|fW|8x8"] == "RuntimeError: worker lost"
    monkeypatch.setattr(study, "empty_board", real)
    calls: list[str] = []
    monkeypatch.setattr(study, "sampled", lambda *a: calls.append(str(a)))  # done already
    assert main([*CENSUS, "--out", str(out)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert calls == []
    # forward: 4 of the knight's 8 leaps, 1 of the wazir's 4, the one of fW
    assert [(r["piece"], r["forward"]) for r in rows] == [("N", 0.5), ("W", 0.25),
                                                          ("fW", 1.0)]


def test_a_failed_task_on_dask_is_stored_as_failed_and_run_again(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    flag = tmp_path / "fixed"
    tasks = [("flaky", _flaky, (str(flag),)), ("steady", empty_board, ("W", 3, 3))]
    first = run_tasks(tasks, workers=1, out=str(out))
    assert first["flaky"].error == "RuntimeError: not yet" and first["steady"].error is None
    flag.touch()
    second = run_tasks(tasks, scheduler=INLINE, out=str(out))
    assert second["flaky"] == Outcome("flaky", "done")
    assert second["steady"].result["binding"] == first["steady"].result["binding"]


def _flaky(flag: str) -> str:
    if not Path(flag).exists():
        raise RuntimeError("not yet")
    return "done"


def test_the_local_cluster_and_its_dashboard_listen_on_this_machine_only() -> None:
    from translator.research.run import _client

    # (the process's local cluster of one worker, which the module's other tests share:
    # tests/conftest.py closes it after them)
    client = _client(None, 1)
    scheduler = client.cluster.scheduler
    assert scheduler.address.startswith("tcp://127.0.0.1:")
    hosts = {sock.getsockname()[0] for sock in scheduler.http_server._sockets.values()}
    assert hosts == {"127.0.0.1"}
    assert client.dashboard_link.startswith("http://127.0.0.1:")
    assert all(w.startswith("tcp://127.0.0.1:") for w in client.scheduler_info()["workers"])


def test_a_piece_with_no_move_on_an_empty_board_is_measured_in_example_positions(
        capsys: pytest.CaptureFixture[str]) -> None:
    """fcafmF only captures (by jumping an enemy): on an empty board it has no move, so its
    symmetry and reversibility are not claimed; its captures are counted in positions."""
    row = empty_board("fcafmF", 8, 8)
    assert row["moves_on_empty_board"] is False
    assert row["symmetry"] == "not measured" and row["reversible"] is None
    assert row["example_positions"]["0.5"]["captures"] > 0
    assert empty_board("N", 8, 8)["moves_on_empty_board"] is True
    # (on the module's local cluster of one worker)
    assert main(["census", "fcafmF", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "no move on an empty board" in out and "symmetry;" not in out
    assert "reversible;" not in out and "captures)" in out


def _runaway() -> list[str]:
    """A moves query whose kept program grounds for minutes (the size estimate keeps it
    from there; here it is let through), with a time limit of 1 s."""
    from translator.queries.moves import moves
    from translator.solve import warm

    warm.MAX_ESTIMATE = 10**12
    return [m.to for m in moves("cgrbgKqeapcKD", "c1", timeout=1)]


def test_a_dask_task_past_its_time_limit_inside_grounding_is_stored_as_failed(
        tmp_path: Path) -> None:
    # its worker ends inside the grounding step, on every try, until Dask gives up on it
    # (a task that was waiting on the same worker may be counted so too: a rerun retries
    # every failed task). Last in the module: it ends the module's local cluster, which
    # the tests before it share (a test after it would start another)
    from translator.research.run import _close_local

    out = tmp_path / "r.jsonl"
    try:
        done = run_tasks([("runaway", _runaway, ())], workers=1, out=str(out))
    finally:
        _close_local()   # (its workers were ended: the module's later runs start afresh)
    assert done["runaway"].error is not None and "KilledWorker" in done["runaway"].error
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["task"] == "runaway" and "KilledWorker" in row["error"]
