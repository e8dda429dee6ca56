"""The server's lanes (translator/web/lanes.py, workers.py): a query waits for a free
worker of its lane with its limit running, and is dropped unsent when its limit runs out,
its client goes or a newer query of its channel comes; a heavy query waits in its own lane.

The tests take a lane's only worker themselves (its slot), so that what waits behind it
is known without any timing; they give it back and wait for the answers."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.testclient import TestClient

from translator.web.app import create_app
from translator.web.lanes import Slots, is_heavy, lane_of
from translator.web.workers import SolverPool

LONG = "QslLionH" + "1000" * 50
EXPLAIN_W = {"query": "explain", "betza": "W", "board": "5x5"}


@pytest.fixture
def kb_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kb's pieces compiled for every board (an explanation on a board they are not
    compiled for yet is heavy, whatever the piece: test_an_explanation_...)."""
    from translator.present.explain import summary

    monkeypatch.setattr(summary, "kb_ready", lambda files, ranks: True)


@pytest.mark.usefixtures("kb_compiled")
def test_heavy_requests_are_told_by_their_size_estimate():
    assert lane_of({"query": "explain", "betza": "N" * 60_000, "from": "d4"}) == "heavy"
    assert lane_of({"query": "compile", "betza": "Q", "files": 26, "ranks": 26}) == "heavy"
    assert lane_of({"query": "equiv", "a": "qN", "b": LONG}) == "heavy"
    assert lane_of({"query": "board", "betza": "aaaaK", "from": "d4"}) == "heavy"
    assert lane_of({"query": "moves", "betza": "aaaK", "from": "d4"}) == "heavy"
    # the quick ones keep their own lanes
    assert lane_of({"query": "compile", "betza": "Q", "files": 8, "ranks": 8}) == "search"
    assert lane_of({"query": "compile", "betza": "Q", "files": 26, "ranks": 26,
                    "from": "m13"}) == "board"
    assert lane_of({"query": "equiv", "a": "Q", "b": "RB"}) == "search"
    assert lane_of({"query": "explain", "betza": "lG3", "board": "8x8"}) == "explain"
    assert lane_of({"query": "explain", "betza": "Q", "board": "8x8", "from": "d4"}) == "explain"
    # (an explanation compiles the piece's rows from one square, or on the doubled board)
    assert lane_of({"query": "explain", "betza": "Q", "board": "26x26", "from": "m13"}) == (
        "explain")
    assert lane_of({"query": "explain", "betza": "aaaK", "board": "8x8"}) == "heavy"
    assert lane_of({"query": "why", "betza": "N", "from": "d4", "to": "f5"}) == "why"
    assert lane_of({"query": "board", "betza": "aaK", "from": "d4"}) == "board"
    assert lane_of({"query": "board", "betza": "Q", "from": "d4", "files": 26,
                    "ranks": 26}) == "board"
    # what the worker is to refuse is no concern of the lane
    for bad in ({"betza": "3N"}, {"betza": 5}, {"betza": "aaaaK", "files": "8"},
                {"betza": "aaaaK", "files": 99}):
        assert not is_heavy({"query": "board", "from": "d4", **bad})


def test_a_dropped_waiter_takes_no_worker():
    async def run() -> tuple[list[str], int]:
        slots, order = Slots(1), []
        await slots.take()
        gone = asyncio.ensure_future(slots.take())
        kept = asyncio.ensure_future(slots.take())
        await asyncio.sleep(0)
        assert slots.waiting() == 2
        gone.cancel()                      # its client went while it waited
        kept.add_done_callback(lambda _: order.append("kept"))
        slots.give()
        await kept
        slots.give()
        return order, slots.free

    assert asyncio.run(run()) == (["kept"], 1)


async def _held(lane: str, queries: list[dict[str, Any]], cancel: int | None = None
                ) -> tuple[list[Any], dict[str, int]]:
    """The answers of ``queries`` sent in turn while the test holds the only worker of
    ``lane``; query ``cancel`` is cancelled (its client gone) while it waits."""
    pool = SolverPool(workers=1, max_timeout=60)
    try:
        assert pool.status()[lane]["workers"] == 1
        slots = pool._slots[lane]
        await slots.take()
        tasks = [asyncio.ensure_future(pool.answer(q)) for q in queries]
        while slots.waiting() < len(queries):   # every query in the queue
            done = [t for t in tasks if t.done()]
            if done:  # (answered without waiting: superseded at once)
                break
            await asyncio.sleep(0)
        if cancel is not None:
            tasks[cancel].cancel()
        slots.give()
        answers = await asyncio.gather(*tasks, return_exceptions=True)
        return answers, pool.status()[lane]
    finally:
        pool.close()


def test_an_explanation_on_a_board_the_kb_is_not_compiled_for_is_heavy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the first explanation on a board size compiles the kb's pieces there (seconds), which
    # later ones on that board read from the cache; without a board it is on 9x9
    from translator.present.explain import summary

    ready = {(8, 8)}
    monkeypatch.setattr(summary, "kb_ready", lambda files, ranks: (files, ranks) in ready)
    assert lane_of({"query": "explain", "betza": "W", "board": "8x8"}) == "explain"
    assert lane_of({"query": "explain", "betza": "W", "files": 12, "ranks": 12}) == "heavy"
    assert lane_of({"query": "explain", "betza": "W"}) == "heavy"
    ready.add((9, 9))
    assert lane_of({"query": "explain", "betza": "W"}) == "explain"
    assert lane_of({"query": "why", "betza": "W", "from": "a1", "to": "a2", "files": 12,
                    "ranks": 12}) == "why"


@pytest.mark.usefixtures("kb_compiled")
def test_a_newer_query_of_a_channel_drops_the_one_waiting():
    old = {**EXPLAIN_W, "betza": "F", "channel": "tab1:explain"}
    other = {**EXPLAIN_W, "channel": "tab2:explain"}
    new = {**EXPLAIN_W, "channel": "tab1:explain"}
    answers, status = asyncio.run(_held("explain", [old, other, new]))
    assert answers[0] == {"ok": False, "superseded": True, "error": "a newer query of the "
                          "same channel came before this one was started: it was dropped "
                          "unanswered"}
    assert answers[1]["lines"][1] == answers[2]["lines"][1] == "W: 1 move."
    assert (status["superseded"], status["sent"]) == (1, 2)


def test_a_query_whose_client_has_gone_is_never_sent():
    answers, status = asyncio.run(_held("why", [
        {"query": "why", "betza": "N", "from": "d4", "to": "f5"},
        {"query": "why", "betza": "N", "from": "d4", "to": "d5"}], cancel=0))
    assert isinstance(answers[0], asyncio.CancelledError)
    assert answers[1]["ok"] and not answers[1]["possible"]
    assert (status["dropped"], status["sent"]) == (1, 1)


def test_the_time_waited_counts_against_the_limit():
    # the worker is never given back to it: its 0.5 s run out while it waits, and it is
    # answered 422 without having been sent
    async def run() -> tuple[dict[str, Any], dict[str, int]]:
        pool = SolverPool(workers=1, max_timeout=60)
        try:
            await pool._slots["search"].take()
            answer = await pool.answer({"query": "equiv", "a": "Q", "b": "RB",
                                        "timeout": 0.5})
            return answer, pool.status()["search"]
        finally:
            pool.close()

    answer, status = asyncio.run(run())
    assert answer["limit"] is True and "time limit of 0.5 s" in answer["error"]
    assert (status["expired"], status["sent"]) == (1, 0)


def test_a_query_estimated_heavy_whose_like_was_quick_waits_in_its_own_lane():
    # aaaK's estimate (205,000 atoms from d4) makes its moves heavy; once the heavy lane
    # has answered them from d4 within a quarter of a second, its moves from e5 go to the
    # board's lane, and its why (another kind, not measured) still to the heavy one
    async def run() -> tuple[list[dict[str, Any]], dict[str, dict[str, int]]]:
        pool = SolverPool(workers=1, max_timeout=60)
        try:
            moves = {"query": "moves", "betza": "aaaK", "from": "d4"}
            first = await pool.answer(moves)
            assert len(pool._measured._seconds) == 1  # its time, noted
            pool._measured.note(moves, 0.05)  # (as quick as on an idle machine)
            second = await pool.answer({**moves, "from": "e5"})
            return [first, second], pool.status()
        finally:
            pool.close()

    answers, status = asyncio.run(run())
    assert [a["ok"] for a in answers] == [True, True]
    assert {m["to"] for m in answers[0]["moves"]} >= {"c3", "e3", "e5", "c5"}
    assert (status["heavy"]["sent"], status["board"]["sent"]) == (1, 1)


@pytest.mark.usefixtures("kb_compiled")
def test_a_heavy_query_does_not_hold_up_a_quick_one():
    # the heavy lane's worker is busy (held): an explanation is answered all the same
    async def run() -> tuple[dict[str, Any], dict[str, int]]:
        pool = SolverPool(workers=1, max_timeout=60)
        try:
            await pool._slots["heavy"].take()
            heavy = asyncio.ensure_future(pool.answer(
                {"query": "compile", "betza": "Q", "files": 26, "ranks": 26, "timeout": 60}))
            quick = await pool.answer(EXPLAIN_W)
            status = pool.status()["heavy"]
            heavy.cancel()
            return quick, status
        finally:
            pool.close()

    quick, heavy = asyncio.run(run())
    assert quick["lines"][1] == "W: 1 move."
    assert (heavy["waiting"], heavy["sent"]) == (1, 0)


def test_the_channel_key_and_the_status_over_http():
    with TestClient(create_app(workers=2), base_url="http://localhost") as client:
        res = client.post("/api/query", json={"query": "moves", "betza": "N", "from": "a1",
                                              "channel": "tab1:board"})
        assert res.status_code == 200
        assert {m["to"] for m in res.json()["moves"]} == {"b3", "c2"}
        lanes = client.get("/api/status").json()["lanes"]
    assert set(lanes) == {"board", "why", "explain", "search", "heavy"}
    # (a worker per core in every lane but the board's, twice as many, and the searches', half)
    assert lanes["board"]["sent"] == 1 and lanes["heavy"]["workers"] == 2
    assert (lanes["board"]["workers"], lanes["search"]["workers"]) == (4, 1)
