"""What the browser tests share: one real server for the whole session (with its
:class:`~tests.web_server.Gate`; its worker processes cost seconds to start and warm), and
one Chromium for the browser modules run in a row, whose one page serves their tests in
turn (each loads it afresh). The browser tests are one xdist group (``pytestmark`` of their
modules, and ``--dist loadgroup`` in pyproject.toml), so that under ``-n 2`` one process
starts the server and Chromium, once, not both."""

from __future__ import annotations

import atexit
import gc
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_server import (
    ANSWER_LIMIT_MS,
    CHROMIUM_FLAGS,
    Gate,
    chromium_path,
    running_gated_server,
)
from translator.resources import collect_less

# The test processes and the commands they run (each a Python process) reuse compiled
# bytecode, kept out of the source tree, even where the environment says not to write it
# (PYTHONDONTWRITEBYTECODE): compiling the package again costs each command about 0.2 s of
# CPU, and rewriting the assertions of the test modules about 14 s per test process.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "betza-kb-pycache"))
sys.dont_write_bytecode = False
sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]
# A test process keeps large tables: it collects cycles as the product's processes do
collect_less()


def _leave_at_once() -> None:
    """End a test process of ``-n 2`` once its exit handlers have run, without the
    interpreter's teardown: freeing a heap of a GB or more object by object (the kept
    grounded programs among it) took the two processes 10 s and more after their last test,
    while pytest waited for them to end. Their results are sent by then; the handlers this
    would skip (registered before this module: multiprocessing's, which ends the pools'
    workers, and logging's) run here."""
    import logging
    import multiprocessing.util

    multiprocessing.util._exit_function()  # type: ignore[attr-defined]
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if os.environ.get("PYTEST_XDIST_WORKER"):
    # (handlers registered later, as the modules' own, run before this one)
    atexit.register(_leave_at_once)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish() -> None:
    """Whatever the session made stays till the process ends: the collector need not scan it
    again (pytest's last collection, and the interpreter's at exit, took seconds each over
    a test process's heap)."""
    gc.freeze()


@pytest.fixture(scope="module", autouse=True)
def _local_dask_clusters_closed() -> Iterator[None]:
    """A process keeps its local Dask cluster for its later runs
    (:mod:`translator.research.run`); the tests of a module share it, and it is closed
    after them: idle, its workers still cost some CPU each."""
    yield
    run = sys.modules.get("translator.research.run")
    if run is not None:
        run._close_local()


@pytest.fixture(scope="session")
def served() -> Iterator[tuple[str, Gate]]:
    """The shared server's base URL and gate."""
    with running_gated_server() as (url, gate):
        yield url, gate


@pytest.fixture(scope="session")
def base_url(served: tuple[str, Gate]) -> str:
    return served[0]


@pytest.fixture
def gate(served: tuple[str, Gate]) -> Iterator[Gate]:
    """The server's gate; whatever a test holds back is let go when it ends."""
    yield served[1]
    served[1].release()


class _Chromium:
    """Debian's Chromium, driven by Playwright, for the browser tests that run in a row
    (the modules of the xdist group "browser": one process runs them one after the other);
    starting Playwright and Chromium costs over 2 s of CPU. Playwright's sync API runs an
    event loop in this thread while it is open, so it is closed before a module of other
    tests, which may start loops of their own (``asyncio.run``)."""

    def __init__(self) -> None:
        self.playwright: Any = None
        self.browser: Any = None
        self.page: Any = None

    def open(self) -> Any:
        if self.browser is None:
            from playwright.sync_api import sync_playwright

            self.playwright = sync_playwright().start()
            self.browser = self.playwright.chromium.launch(executable_path=chromium_path(),
                                                           args=CHROMIUM_FLAGS)
        return self.browser

    def shared_page(self) -> Any:
        """One browser context and page for the browser modules' tests (each of which loads
        the page afresh, so no script state carries over; the page keeps nothing in the
        browser's storage): a context and its first page cost Chromium some 1.5 s of CPU."""
        if self.page is None:
            context = self.open().new_context(viewport={"width": 1400, "height": 1000})
            self.page = context.new_page()
        return self.page

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.playwright.stop()
            self.browser = self.playwright = self.page = None


_CHROMIUM = _Chromium()


@pytest.fixture(scope="module", autouse=True)
def _chromium_only_for_browser_tests(request: pytest.FixtureRequest) -> None:
    """The shared Chromium is closed when a module of other tests begins."""
    if not any(mark.args == ("browser",) for mark in request.node.iter_markers("xdist_group")):
        _CHROMIUM.close()


@pytest.fixture(scope="session")
def _chromium_at_the_end() -> Iterator[None]:
    yield
    _CHROMIUM.close()


@pytest.fixture(scope="module")
def browser(_chromium_at_the_end: None) -> Any:
    """The shared Chromium (:class:`_Chromium`)."""
    return _CHROMIUM.open()


@pytest.fixture(scope="module")
def browser_page(browser: Any) -> Any:
    """The browser tests' page (:meth:`_Chromium.shared_page`), 1400x1000."""
    return _CHROMIUM.shared_page()


@pytest.fixture
def page(browser_page: Any, base_url: str) -> Iterator[Any]:
    """The shared page on the shared server (``page.base``), which a test loads first; a
    script error or a dialog on it fails the test. Listeners a test adds with
    :func:`tests.web_server.listen` go when it ends. (The page is left as the test left
    it: the next test's loading ends it, and a navigation to a blank page cost each test
    some 0.1 s of Chromium's CPU.)"""
    pg = browser_page
    pg.set_default_timeout(ANSWER_LIMIT_MS)
    errors: list[str] = []
    pg.listeners = [("pageerror", lambda e: errors.append(str(e))),
                    ("dialog", lambda d: errors.append("dialog: " + d.message))]
    for event, handler in pg.listeners:
        pg.on(event, handler)
    pg.base = base_url
    yield pg
    for event, handler in pg.listeners:
        pg.remove_listener(event, handler)
    assert errors == []


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``--dist loadgroup``: a test marked ``xdist_group(name)`` gets ``@name`` after its
    node id, by which xdist sends a group's tests to one process. pytest-xdist 3.8 sets
    the id where pytest 9 no longer reads it (``_nodeid``), so every group was spread over
    the processes: the session's server and a module's shared answers were made in each."""
    if not getattr(config.option, "loadgroup", False):
        return
    from _pytest.nodeid import NodeId

    for item in items:
        names = sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                        for mark in item.iter_markers("xdist_group")})
        suffix = "@" + "_".join(names)
        if names and not item.nodeid.endswith(suffix):
            item._id = NodeId.parse(item.nodeid + suffix)  # type: ignore[attr-defined]
