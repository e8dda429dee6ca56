"""The short way of `betza batch` (translator/jsonapi/table_lane.py) answers exactly as the
general way, and several pieces compile together (translator/compiled/store.py prepare)."""

from __future__ import annotations

import json
import random

import pytest

from translator.compiled import store
from translator.compiled.table import compile_table, compile_tables
from translator.jsonapi import table_lane
from translator.jsonapi.batch import answer_group, answer_text

PIECES = ["R", "N", "Q", "B", "K", "mRcpR", "gQ", "fcafmF", "mafsW", "nN", "fmWfcF", "RaisR",
          "FyafsF", "cpR", "ooW", "[F?R]", "rmabR", "fmWfceFifmnD", "iW", "Knight"]


def _lines(n: int, rng: random.Random) -> list[str]:
    lines = []
    for _ in range(n):
        files, ranks = rng.choice([(8, 8), (8, 8), (5, 7)])
        names = [f"{chr(97 + x)}{y + 1}" for x in range(files) for y in range(ranks)]
        origin, *others = rng.sample(names, 1 + rng.randrange(8))
        half = len(others) // 2
        line = {"query": "moves", "betza": rng.choice(PIECES), "from": origin,
                "files": files, "ranks": ranks, "friends": others[:half],
                "enemies": others[half:]}
        if rng.random() < 0.5:
            line["side"] = "black"
        if rng.random() < 0.2:
            line["virgin"] = True
        lines.append(json.dumps(line))
    return lines


# lines the lane leaves to the general way, which answers or refuses them
ODD = [
    '{"query": "moves", "betza": "R", "from": "e4", "friends": ["e4"]}',
    '{"query": "moves", "betza": "R", "from": "e4", "friends": ["a1"], "enemies": ["a1"]}',
    '{"query": "moves", "betza": "R", "from": "e4", "friends": ["a1", "a1"]}',
    '{"query": "moves", "betza": "R", "from": "z9"}',
    '{"query": "moves", "betza": "R", "from": "e4", "friends": "a1, b2"}',
    '{"query": "moves", "betza": "R", "from": "e4", "royal": ["e5"], "enemies": ["e5"]}',
    '{"query": "moves", "betza": "Rx", "from": "e4"}',
    '{"query": "moves", "betza": "R", "from": "e4", "side": "red"}',
    '{"query": "moves", "betza": "R", "from": "e4", "timeout": -1}',
    '{"query": "moves", "betza": "R", "from": "e4", "files": true}',
    '{"query": "moves", "betza": "R", "from": " e4"}',
    '{"query": "moves", "betza": "R", "from": "e4", "virgin": 1}',
    '["moves"]',
]


def test_the_lane_answers_as_the_general_way() -> None:
    lines = _lines(300, random.Random(7)) + ODD
    before = table_lane.served
    fast = answer_text(lines)
    assert table_lane.served - before > 250   # most lines took the short way
    general = "".join(json.dumps(answer) + "\n" for answer in answer_group(lines))
    assert fast.splitlines() == general.splitlines()


def test_the_lane_answers_a_rook_and_leaves_bad_squares_to_the_general_way() -> None:
    texts = table_lane.answers(
        ['{"query": "moves", "betza": "R", "from": "a1", "friends": ["a3"], '
         '"enemies": ["c1"], "side": "black"}', ODD[3]], {})
    # Black's rook on a1: its friend on a3, the enemy on c1
    assert [m["to"] for m in json.loads(texts[0] or "")["moves"]] == ["a2", "b1", "c1"]
    assert texts[1] is None
    answer = json.loads(answer_text([ODD[3]]))
    assert answer["ok"] is False and "z9" in answer["error"]


def test_pieces_compile_together_as_one_by_one() -> None:
    together = compile_tables([("FyafsF", "spec"), ("fmWfceFifmnD", "spec"), ("ooW", "spec"),
                               ("mRcpR", "spec")], 8, 8)
    for text, table in (("FyafsF", together[0]), ("mRcpR", together[3])):
        alone = compile_table(text, 8, 8)
        assert table is not None and not isinstance(table, Exception)
        assert [r.as_json() for r in table.rows] == [r.as_json() for r in alone.rows]
    assert str(together[1]) == "ep"     # e.p. keeps the solver path
    assert together[2] is None          # wrapping: compiled square by square


@pytest.mark.usefixtures("fresh_store")
def test_prepare_keeps_the_tables_and_the_reasons() -> None:
    store.prepare([("N", "spec", 6, 6), ("fmWfceFifmnD", "spec", 6, 6)])
    assert store.route("N", "spec", 6, 6) == "table"
    assert store.solver_reason("fmWfceFifmnD", "spec", 6, 6) == "en passant"


@pytest.fixture
def fresh_store() -> None:
    for key in [("N", "spec", 6, 6), ("fmWfceFifmnD", "spec", 6, 6)]:
        store._tables.pop(key, None)
