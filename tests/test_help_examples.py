"""Every example line of every command's ``--help`` runs as printed: exit status 0, or 1
where the command says "different" or "findings" (like cmp), and no error. The lines of one
command run in order in one scratch folder (``compile ... --out tables/`` then ``moves
--tables tables/``), with the input files the examples name (``drawing.json``,
``variants.ini``, ``queries.jsonl``) written there first. ``betza serve`` lines start a
server that the next lines (the ``curl`` example) ask, and is stopped once it has answered.

A line of shell syntax (a redirection, a pipe), ``betza serve`` and ``curl`` run in bash as
printed; a plain ``betza ...`` line runs the command in this process (tests/cli_runner.py),
its words split as the shell splits them, and one plain line also runs in bash, where it
prints what it printed here: the printed form reaches the same command through the
``betza`` script.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli_runner import Done, betza
from translator.cli.main import build_parser

BIN = Path(sys.executable).parent
INPUTS = {
    "drawing.json": json.dumps([{"from": "d4", "both": ["d5", "d3", "c4", "e4"]},
                                {"from": "a1", "both": ["a2", "b1"]}]),
    "variants.ini": "[mygame:chess]\ncustomPiece1 = a:mafsW\npawn = -\n"
                    "startFen = 4k3/8/8/8/8/8/4A3/4K3 w - - 0 1\n",
    "pieces.txt": "N\nmafsW\nR\n",
    "queries.jsonl": '{"query": "moves", "betza": "N", "from": "d4"}\n'
                     '{"query": "explain", "betza": "mafsW"}\n',
}


def _examples() -> dict[str, list[str]]:
    """The example command lines of each subcommand's epilog, continuations joined and
    the comment after them (three or more spaces) left out."""
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    found: dict[str, list[str]] = {}
    for name, command in sub.choices.items():
        lines = iter((command.epilog or "").splitlines())
        for line in lines:
            text = line.strip()
            if not text.startswith(("betza ", "curl ")):
                continue
            while text.endswith("\\"):
                text = text[:-1].rstrip() + " " + next(lines).strip()
            found.setdefault(name, []).append(re.split(r"\s{3,}", text)[0])
    return found


EXAMPLES = _examples()


def test_every_command_has_examples() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    assert sorted(EXAMPLES) == sorted(sub.choices)
    assert "curl" in " ".join(EXAMPLES["serve"])


def _wait_for(url: str, server: subprocess.Popen[bytes]) -> None:
    """Until ``url`` answers (or the server has stopped, which fails the test)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert server.poll() is None, "the server stopped"
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    raise AssertionError(f"{url} never answered")


SHELL = re.compile(r"[<>|;&$`]")


def _run(line: str, folder: Path, env: dict[str, str]
         ) -> subprocess.CompletedProcess[str] | Done:
    """The line in bash when it needs the shell, else the command in this process (run in
    ``folder``, the current directory of the test: see the ``chdir`` of the test)."""
    if line.startswith("betza ") and not SHELL.search(line):
        return betza(*shlex.split(line)[1:])
    return _bash(line, folder, env)


def _bash(line: str, folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", line], cwd=folder, env=env, text=True,
                          capture_output=True, timeout=600)


def _env() -> dict[str, str]:
    # BROWSER=true: `serve --open` asks the system's browser, here one that does nothing
    return dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ['PATH']}", BROWSER="true")


def test_a_plain_example_prints_the_same_from_the_shell(tmp_path: Path, monkeypatch) -> None:
    line = EXAMPLES["moves"][0]
    assert line == "betza moves hrN --from e4" and not SHELL.search(line)
    monkeypatch.chdir(tmp_path)
    shell, here = _bash(line, tmp_path, _env()), _run(line, tmp_path, _env())
    assert (shell.returncode, shell.stdout, shell.stderr) == (0, here.stdout, "")
    assert isinstance(here, Done) and here.returncode == 0
    assert "hrN (white) on e4" in here.stdout


# the commands whose examples start this process's local Dask cluster (of a worker per
# core: each starts in a second or two of CPU): run next to each other on one xdist worker,
# in this order (the cluster of the one serves the next), and the cluster is closed after
# the last of them, not kept idle through the module
DASK = ("census", "classes", "compile")


@pytest.fixture
def _dask_closed_after(command: str) -> Iterator[None]:
    yield
    run = sys.modules.get("translator.research.run")
    if run is not None and command not in DASK[:-1]:
        run._close_local()


@pytest.mark.parametrize("command", [
    pytest.param(c, marks=pytest.mark.xdist_group("help_dask")) if c in DASK else c
    for c in sorted(EXAMPLES)])
@pytest.mark.usefixtures("_dask_closed_after")
def test_help_examples_run_as_printed(command: str, tmp_path: Path, monkeypatch) -> None:
    for name, text in INPUTS.items():
        (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)   # where the lines run in this process read and write
    env = _env()
    servers: dict[str, subprocess.Popen[bytes]] = {}   # by port
    try:
        for line in EXAMPLES[command]:
            if line.startswith("betza serve"):
                found = re.search(r"--port (\d+)", line)
                port = found.group(1) if found else "8765"
                if port in servers:   # the one before on this port gives way, port and all
                    before = servers.pop(port)
                    before.terminate()
                    before.wait(timeout=60)
                servers[port] = subprocess.Popen(["bash", "-c", f"exec {line}"], cwd=tmp_path,
                                                 env=env, stdout=subprocess.DEVNULL,
                                                 stderr=subprocess.DEVNULL)
                _wait_for(f"http://127.0.0.1:{port}/", servers[port])
                continue
            done = _run(line, tmp_path, env)
            assert done.returncode in (0, 1), f"$ {line}\n{done.stderr}"
            assert "error" not in done.stderr, f"$ {line}\n{done.stderr}"
            if line.startswith("curl"):
                assert json.loads(done.stdout)["ok"] is True, done.stdout
    finally:
        for server in servers.values():
            server.terminate()
            server.wait(timeout=30)
