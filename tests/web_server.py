"""A real ``betza serve`` app on a free local port, in a thread, for the browser tests and
the page screenshot; and Debian's Chromium for Playwright to drive.

The app is wrapped in a :class:`Gate`, which a test can tell to hold back the answers to some
queries until it releases them: a slow server on purpose, so that an answer to an old
question arrives after the answer to a newer one. Production code has no such hook."""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from translator.web.app import create_app

# Every wait of a browser test is for an answer on the page; this only bounds how long a broken
# page is waited for, generously, since a search on a busy shared machine takes many seconds.
ANSWER_LIMIT_MS = 90_000
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
HOLD_LIMIT = 120.0  # a held query goes on by itself after this long (a test that failed)
# The server's own time limit for a query (betza serve's default is 10 s): the page's tests
# are about the page, and on a busy shared machine a search at low CPU priority can take
# longer than the 1-2 s it takes on a quiet one.
TEST_TIMEOUT = 60.0
# One worker per lane: the tests ask one question at a time (a question held back waits in
# the Gate, before the workers), and a second worker per lane only warmed its own copy of
# what the first had (the same explanation computed twice, seconds of CPU each time).
TEST_WORKERS = 1


class Gate:
    """ASGI middleware: a POST /api/query whose JSON body ``matches`` waits for
    :meth:`release` before the app sees it."""

    def __init__(self, app: Any):
        self.app = app
        self.matches: Callable[[dict[str, Any]], bool] = lambda query: False
        self.released = threading.Event()
        self.held = 0  # how many queries have been held back so far

    def hold(self, matches: Callable[[dict[str, Any]], bool]) -> None:
        self.matches = matches
        self.released.clear()

    def release(self) -> None:
        self.matches = lambda query: False
        self.released.set()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"] != "/api/query":
            await self.app(scope, receive, send)
            return
        chunks, more = [], True
        while more:
            message = await receive()
            chunks.append(message.get("body", b""))
            more = message.get("more_body", False)
        body = b"".join(chunks)
        try:
            query = json.loads(body)
        except ValueError:
            query = None
        if isinstance(query, dict) and self.matches(query):
            self.held += 1
            await asyncio.to_thread(self.released.wait, HOLD_LIMIT)
        replayed = False

        async def replay() -> dict[str, Any]:
            nonlocal replayed
            if replayed:
                return dict(await receive())
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running_gated_server() -> Iterator[tuple[str, Gate]]:
    """The page's base URL while a real uvicorn server answers on it, and its gate."""
    port = free_port()
    gate = Gate(create_app(workers=TEST_WORKERS, max_timeout=TEST_TIMEOUT))
    server = uvicorn.Server(uvicorn.Config(gate, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/", gate
    finally:
        gate.release()
        server.should_exit = True
        thread.join(timeout=30)


@contextmanager
def running_server() -> Iterator[str]:
    """The page's base URL while a real uvicorn server answers on it."""
    with running_gated_server() as (url, _gate):
        yield url


def chromium_path() -> str:
    """Debian's chromium (.ci/run installs it); the browser tests never skip."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError("no Chromium found: install Debian's chromium (apt-get install chromium)"
                       ", as .ci/run does")


def listen(page: Any, event: str, handler: Callable[[Any], Any]) -> None:
    """``page.on(event, handler)`` for the rest of the test only (the ``page`` fixture of
    tests/conftest.py removes it when the test ends)."""
    page.on(event, handler)
    page.listeners.append((event, handler))
