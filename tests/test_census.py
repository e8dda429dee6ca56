"""Census and equivalence classes: hand-checkable facts, a real Dask LocalCluster, resume.

On an empty 8x8 board, from the centre square e5: the Bishop reaches the squares of its
colour (binding 1/2); the Dabbaba (2,0) keeps both coordinates' parity (1/4); the Alfil
(2,2) also keeps the parity of (dx - dy) / 2 (1/8); the Knight reaches every square from
every square. The Wazir has 2 moves in the 4 corners, 3 on the 24 other edge squares and 4
on the 36 inner ones: (8 + 72 + 144) / 64 = 3.5.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from translator.cli.main import main
from translator.jsonapi.batch import answer_group
from translator.research.census import empty_board
from translator.research.run import INLINE, Outcome, run_tasks
from translator.research.study import census, classes


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
