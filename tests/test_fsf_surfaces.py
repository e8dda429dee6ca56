"""Every CLI and JSON answer follows ``--dialect fsf`` (issue 39): Fairy-Stockfish 0.0.90 skips
the ``a`` of ``mafsW`` (from e4: d4 e5 f4, the spec's Xiangqi horse c3 c5 d2 d6 f2 f6 g3 g5)
and reads ``fK`` as ``fW`` and ``fF`` (from e4: d5 e5 f5, the spec's e5 only)."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.testclient import TestClient

from tests.cli_runner import betza, betza_process
from translator.web.app import create_app

LONE = "8/8/8/8/4N3/8/8/8 w"


def answer(*args: str) -> dict:
    out = betza(*args, "--json")
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def test_moves_and_attacks() -> None:
    horse = answer("moves", "mafsW", "--from", "e4", "--dialect", "fsf")
    assert [m["to"] for m in horse["moves"]] == ["d4", "e5", "f4"]
    for target, attackers in (("d5", ["e4"]), ("f5", ["e4"]), ("d4", [])):
        found = answer("attacks", target, "--fen", LONE, "--pieces", "N:fK", "--dialect", "fsf")
        assert [a["from"] for a in found["attackers"]] == attackers
    spec = answer("attacks", "d5", "--fen", LONE, "--pieces", "N:fK")
    assert spec["attackers"] == []


def test_why_and_explain() -> None:
    there = answer("why", "mafsW", "--from", "e4", "--to", "e5", "--dialect", "fsf")
    assert there["possible"] and there["explanation"][1] == "e5, by the move fmW:"
    never = answer("why", "mafsW", "--from", "e4", "--to", "d6", "--dialect", "fsf")
    assert not never["possible"]
    assert never["explanation"][0].endswith("(its moves from e4 go to d4 e5 f4 on an empty "
                                            "board).")
    said = answer("explain", "mafsW", "--from", "e4", "--dialect", "fsf")
    assert said["dialect"] == "fsf"
    assert said["lines"][0] == ("Read as Fairy-Stockfish reads it (fsf): from e4 on an empty "
                                "9x9 board mafsW goes to d4 e5 f4 (the spec reading: c3 c5 d2 "
                                "d6 f2 f6 g3 g5).")


def test_equiv_both_ways() -> None:
    assert betza("equiv", "fK", "fWfF", "--dialect", "fsf").returncode == 0
    assert betza("equiv", "fK", "fWfF").returncode == 1
    # the spec's fW is Fairy-Stockfish's fW, not its fK
    assert betza("equiv", "fW", "fW", "--dialect-b", "fsf").returncode == 0
    differ = answer("equiv", "fW", "fK", "--dialect-b", "fsf")
    assert differ["equivalent"] is False


def test_compile_a_table_of_the_reading(tmp_path: Path) -> None:
    out = betza("compile", "fK", "--dialect", "fsf", "--out", str(tmp_path), "--json")
    assert out.returncode == 0, out.stderr
    assert [p.name.split("-")[1] for p in tmp_path.glob("*.json")] == ["fsf"]
    moved = answer("moves", "fK", "--from", "e4", "--dialect", "fsf", "--tables",
                   str(tmp_path))
    assert [m["to"] for m in moved["moves"]] == ["d5", "e5", "f5"]


def test_batch_and_http() -> None:
    lines = [{"query": "moves", "betza": "mafsW", "from": "e4", "dialect": "fsf"},
             {"query": "equiv", "a": "fK", "b": "fWfF", "dialect": "fsf"},
             {"query": "convert", "betza": "fK", "to": "fsf"}]
    out = betza_process("batch", stdin="\n".join(json.dumps(line) for line in lines))
    got = [json.loads(line) for line in out.stdout.splitlines()]
    assert [m["to"] for m in got[0]["moves"]] == ["d4", "e5", "f4"]
    assert got[1]["equivalent"] is True and got[2]["result"] == "fW"
    with TestClient(create_app(workers=1, max_timeout=60.0),
                    base_url="http://localhost") as client:
        res = client.post("/api/query", json=lines[0])
        assert res.status_code == 200
        assert [m["to"] for m in res.json()["moves"]] == ["d4", "e5", "f4"]
