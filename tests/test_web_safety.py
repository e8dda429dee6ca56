"""``betza serve`` as a user starts it, under hostile requests: never a 500, no file read
that a request names, other clients answered throughout; lanes that heal when a worker is
killed; every worker gone when the server is stopped."""

from __future__ import annotations

import contextlib
import errno
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.proctree import descendants
from tests.web_server import free_port
from translator.web.workers import LANES

ROOT = Path(__file__).resolve().parent.parent
JSON = {"Content-Type": "application/json"}
KNIGHT_D4 = {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}
# the search lane's workers run this much nicer than the server (web/workers.py)
SEARCH_NICENESS = LANES["search"][1]


class Server:
    def __init__(self, process: subprocess.Popen[str], port: int):
        self.process, self.port = process, port

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None, timeout: float = 120
                ) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            res = conn.getresponse()
            return res.status, {k.lower(): v for k, v in res.getheaders()}, res.read()
        finally:
            conn.close()

    def query(self, obj: dict) -> tuple[int, dict]:
        status, _, body = self.request("POST", "/api/query", json.dumps(obj).encode(), JSON)
        return status, json.loads(body)


def start_server() -> Server:
    port = free_port()
    betza = Path(sys.executable).with_name("betza")
    # (a limit of 60 s: a loaded machine must not turn a slow answer into a 422)
    process = subprocess.Popen([str(betza), "serve", "--port", str(port), "--workers", "2",
                                "--timeout", "60"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    assert "teaching page is at" in process.stdout.readline()
    server = Server(process, port)
    deadline = time.monotonic() + 60
    while True:  # uvicorn listens a moment after the line is printed
        try:
            server.request("GET", "/api/legend", timeout=5)
            return server
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise
            time.sleep(0.05)


def stop_server(server: Server) -> None:
    if server.process.poll() is None:
        server.process.terminate()
        server.process.wait(timeout=60)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = start_server()
    try:
        yield running
    finally:
        stop_server(running)


def stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name; None once it has ended."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rpartition(")")[2].split()
    except OSError:
        return None


def running(pid: int) -> bool:
    fields = stat(pid)
    return fields is not None and fields[0] != "Z"  # a zombie has ended


def search_workers(server: Server) -> list[int]:
    # field 19 of /proc/PID/stat is the niceness (17 after the name and state)
    # (relative to the server's own: a test run under `nice` starts it nicer)
    base = int((stat(server.process.pid) or [""] * 17)[16] or 0)
    return [p for p in descendants(server.process.pid)
            if (fields := stat(p)) and int(fields[16]) == min(19, base + SEARCH_NICENESS)]


def wait_for(condition, what: str, seconds: float = 60) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


class Bystander:
    """Another client asking for the Knight's moves all along."""

    def __init__(self, server: Server):
        self.server, self.answers, self.stop = server, [], threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.is_set():
            status, answer = self.server.query({"query": "moves", "betza": "N", "from": "d4"})
            self.answers.append((status, {m["to"] for m in answer.get("moves", [])}))

    def __enter__(self) -> Bystander:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=120)


def ini(path: object) -> bytes:
    return json.dumps({"query": "moves", "variant": "secretgame", "ini": str(path),
                       "from": "e4"}).encode()


def hostile(tmp: Path) -> list[tuple[str, str, bytes | None, dict[str, str]]]:
    """(method, path, body, headers) of requests a hostile page or script sends."""
    big = "9" * 4301
    bodies = [
        ini("/dev/zero"), ini(tmp / "fifo"), ini(tmp / "secret.ini"), ini(tmp),
        ini(tmp / "missing.ini"), ini("/etc/shadow"),
        b'{"query": "moves", "betza": "N", "from": "e4", "files": ' + big.encode() + b"}",
        b'{"query": "moves", "betza": "\\ud800N", "from": "e4"}',
        b'{"query": "moves", "betza": "N", "from": "e4", "side": 1}',
        b'{"query": "moves", "betza": "N", "from": "e4", "dialect": ["x"]}',
        b'{"query": "equiv", "a": "N", "b": "N", "dialect": ["x"]}',
        b'{"query": "moves", "betza": "N", "from": "e4", "timeout": Infinity}',
        b'{"query": "moves", "betza": "N", "from": "e4", "timeout": NaN}',
        b'{"query": "lint", "betza": "N", "timeout": 0}',
        # an int no float holds: math.isfinite on it was a 500
        b'{"query": "moves", "betza": "N", "from": "e4", "timeout": 1' + b"0" * 400 + b"}",
        b'{"query": "equiv", "a": "N", "b": "K", "timeout": -' + b"9" * 400 + b"}",
        b'{"query": "why", "betza": "N", "from": "e4", "to": "f6", "timeout": 1e999}',
        b'{"query": "explain", "betza": "N", "timeout": -1}',
        b'{"query": "find", "examples": [], "max_atoms": 0}',
        b'{"query": "moves", "fen": "8/8/8/8/3Q4/8/8/8 w", "pieces": {"Q": "Q", "q": "N"}, '
        b'"from": "d4"}',
        b'{"query": "moves", "betza": "aalhrvvahlU4", "from": "e4", "max_atoms": '
        b'1000000000000, "timeout": 5}',
        b"[" * 100_000 + b"]" * 100_000, b" " * 70_000, b"\xff\xfe", b"{",
        b'{"query": "census", "pieces": ["N"], "samples": ' + big.encode() + b"}",
    ]
    requests = [("POST", "/api/query", body, JSON) for body in bodies]
    query = b'{"query": "moves", "betza": "N", "from": "d4"}'
    return requests + [
        ("POST", "/api/query", query, {"Content-Type": "text/plain"}),
        ("POST", "/api/query", query, {}),
        ("POST", "/api/query", query, {**JSON, "Host": "rebound.example"}),
        ("POST", "/api/svg", ini(tmp / "secret.ini"), JSON),
        ("GET", "/api/query", None, {}), ("PUT", "/api/query", query, JSON),
        ("GET", "/static/../translator/web/app.py", None, {}),
        ("GET", "/static/%2e%2e/app.py", None, {}), ("GET", "/etc/passwd", None, {}),
        ("GET", "/api/variants/" + "x" * 5000, None, {}),
        ("GET", "/api/pieces?q=%ED%A0%80", None, {}),
    ]


def test_hostile_requests_never_500_read_no_file_and_others_are_answered(server, tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "secret.ini").write_text("[secretgame]\ncustomPiece1 = s:SECRETVALUE\n")
    with Bystander(server) as bystander:
        for method, path, body, headers in hostile(tmp_path):
            status, answer_headers, raw = server.request(method, path, body, headers)
            what = f"{method} {path} {(body or b'')[:80]!r}"
            assert status < 500, what
            assert answer_headers["x-content-type-options"] == "nosniff", what
            assert answer_headers["x-frame-options"] == "DENY", what
            assert b"SECRET" not in raw.upper(), what
            if status >= 400:
                error = json.loads(raw)["error"]
                assert "\n" not in error and "internal error" not in error, what
        wait_for(lambda: len(bystander.answers) > 0, "the bystander got no answer")
    assert all(a == (200, KNIGHT_D4) for a in bystander.answers), bystander.answers[:3]
    # nothing opened the FIFO: a reader would be waiting in open() for a writer, and a
    # writer that does not wait finds one (ENXIO means there is none)
    with pytest.raises(OSError) as opened:
        os.open(tmp_path / "fifo", os.O_WRONLY | os.O_NONBLOCK)
    assert opened.value.errno == errno.ENXIO
    # every path gets the same words: nothing tells a file from a directory or a miss
    errors = {json.loads(server.request("POST", "/api/query", ini(p), JSON)[2])["error"]
              for p in (tmp_path / "secret.ini", tmp_path, tmp_path / "missing", "/dev/zero")}
    assert len(errors) == 1


def test_a_killed_search_worker_is_replaced(server):
    status, answer = server.query({"query": "equiv", "a": "Q", "b": "RB"})
    assert status == 200 and answer["equivalent"] is True
    wait_for(lambda: search_workers(server), "no search worker")
    for pid in search_workers(server):  # as the kernel's out-of-memory killer would
        os.kill(pid, signal.SIGKILL)
    status, answer = server.query({"query": "equiv", "a": "Q", "b": "RB"})
    assert status == 200 and answer["equivalent"] is True
    status, answer = server.query({"query": "equiv", "a": "mRcB", "b": "cRmB"})
    assert status == 200 and answer["equivalent"] is False


def test_a_worker_killed_while_it_answers_gets_its_query_answered(server):
    # a lint of WK grinds for about 2 s: its worker is killed in the middle of it
    answers: list[tuple[int, dict]] = []
    asking = threading.Thread(target=lambda: answers.append(server.query(
        {"query": "lint", "betza": "WK"})))
    asking.start()

    seen: dict[int, int] = {}

    def busy() -> list[int]:
        # a worker whose CPU time grows between two looks (its state letter alone can miss
        # it: a process waiting for the CPU on a busy machine, or paging, is not "R")
        working = []
        for p in search_workers(server):
            fields = stat(p)
            used = int(fields[11]) + int(fields[12]) if fields else 0  # utime + stime
            if p in seen and used > seen[p]:
                working.append(p)
            seen[p] = used
        return working

    killed: list[int] = []

    def kill_working() -> bool:
        killed.extend(busy())
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        return bool(killed)

    wait_for(lambda: kill_working() or bool(answers), "the lint never ran")
    assert killed, "the lint was answered before its worker was seen at work"
    asking.join(timeout=120)
    status, answer = answers[0]
    # sent again to the new worker (or, past its time, answered with the reason)
    assert (status == 200 and answer["shortest"] == "K") or (
        status == 422 and "send the query again" in answer["error"]), answers
    assert not set(killed) & set(search_workers(server))
    assert server.query({"query": "equiv", "a": "N", "b": "N"})[1]["equivalent"] is True


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_stopping_the_server_stops_every_worker(how):
    # SIGKILL cannot be answered: the workers notice that their server has gone
    server = start_server()
    try:
        for obj in ({"query": "board", "betza": "N", "from": "d4"},
                    {"query": "why", "betza": "N", "from": "d4", "to": "d5"},
                    {"query": "equiv", "a": "Q", "b": "RB"}):
            assert server.query(obj)[0] == 200
        # a search still grinding when the signal comes (its answer: 503, or none at all
        # from a server killed outright)
        def lint() -> None:
            with contextlib.suppress(OSError, http.client.HTTPException):
                server.request("POST", "/api/query", b'{"query": "lint", "betza": "WK"}', JSON)

        threading.Thread(target=lint, daemon=True).start()
        wait_for(lambda: any((stat(p) or ["S"])[0] == "R" for p in search_workers(server)),
                 "the lint never ran")
        children = descendants(server.process.pid)
        assert len(children) >= 4  # the forkserver and a worker of each lane
        server.process.send_signal(how)
        # uvicorn stops, then ends by the signal, as a program stopped by it does
        assert server.process.wait(timeout=60) in (0, -how, 128 + how)
        assert server.process.stdout is not None
        assert "Traceback" not in server.process.stdout.read()
        wait_for(lambda: not any(running(p) for p in children),
                 f"workers left running: {[p for p in children if running(p)]}")
    finally:
        stop_server(server)


def test_a_worker_past_its_memory_budget_is_stopped_and_its_query_answered(monkeypatch):
    import asyncio

    from translator.web import workers
    from translator.web.processes import largest_mb

    async def ask() -> tuple[dict, dict, float]:
        # (a limit of 120 s: the heavy lane's worker runs at niceness 15, and on a machine
        # busy with other work it took over 30 s to grow past its budget, answered 422 for
        # its time instead)
        pool = workers.SolverPool(workers=2, max_timeout=120)
        try:
            await pool.answer({"query": "equiv", "a": "W", "b": "W"})  # a worker started
            budget = int(largest_mb(pool._pools["search"])) + 60
            monkeypatch.setattr(workers, "BUDGET_MB", budget)
            # seven king legs: 550,000 atoms, hundreds of MB
            hog = await pool.answer({"query": "moves", "betza": "aaaaaaK", "from": "e4"})
            after = await pool.answer({"query": "equiv", "a": "Q", "b": "RB"})
            return hog, after, budget
        finally:
            pool.close()

    hog, after, budget = asyncio.run(ask())
    assert hog["ok"] is False and hog["limit"] is True
    assert f"more memory than a worker may hold ({budget} MB)" in hog["error"]
    assert after["ok"] and after["equivalent"] is True


def test_a_worker_busy_past_its_query_s_limit_is_stopped(monkeypatch):
    # a query answered 422 may finish its grounding for STUCK seconds more; a worker still
    # busy then is stopped (a search lane may have one worker, which every search waits for)
    import asyncio

    from translator.web import workers
    from translator.web.processes import running, workers_of

    monkeypatch.setattr(workers, "STUCK", 0.2)

    async def abandon() -> tuple[list, bool]:
        pool = workers.SolverPool(workers=2, max_timeout=30)
        try:
            executor = pool._pools["search"]
            job = executor.submit(time.sleep, 600)  # a grounding that never looks up
            wait_for(lambda: workers_of(executor), "no worker started")
            grinding = workers_of(executor)
            pool._abandon(job, "search", executor)
            while any(running(w) for w in grinding):
                await asyncio.sleep(0.05)
            answer = await pool.answer({"query": "equiv", "a": "Q", "b": "RB"})
            return answer, pool._pools["search"] is not executor
        finally:
            pool.close()

    answer, replaced = asyncio.run(asyncio.wait_for(abandon(), 120))
    assert replaced and answer["ok"] and answer["equivalent"] is True


def test_a_query_queued_in_a_stopped_pool_is_sent_again():
    # the search lane's one worker is busy; a query waits behind it; the pool is stopped
    # (as for a stuck query): the waiting query is answered by the new pool (once a 500)
    import asyncio

    from translator.web import workers
    from translator.web.processes import workers_of

    async def queued() -> dict:
        pool = workers.SolverPool(workers=2, max_timeout=60)
        try:
            executor = pool._pools["search"]
            assert executor._max_workers == 1  # type: ignore[attr-defined]
            executor.submit(time.sleep, 600)
            wait_for(lambda: workers_of(executor), "no worker started")
            waiting = asyncio.create_task(pool.answer({"query": "equiv", "a": "K", "b": "WF"}))
            while len(executor._pending_work_items) < 2:  # type: ignore[attr-defined]
                await asyncio.sleep(0.01)  # (until it is on the pool's queue)
            assert not waiting.done()
            pool._replace("search", executor, now=True)
            return await waiting
        finally:
            pool.close()

    answer = asyncio.run(asyncio.wait_for(queued(), 120))
    assert answer["ok"] and answer["equivalent"] is True
