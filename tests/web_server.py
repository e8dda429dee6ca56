"""A real ``betza serve`` app on a free local port, in a thread, for the browser tests and
the page screenshot; and Debian's Chromium for Playwright to drive."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from translator.web.app import create_app

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running_server() -> Iterator[str]:
    """The page's base URL while a real uvicorn server answers on it."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(workers=2), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def chromium_path() -> str:
    """Debian's chromium (.ci/run installs it); the browser tests never skip."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError("no Chromium found: install Debian's chromium (apt-get install chromium)"
                       ", as .ci/run does")
