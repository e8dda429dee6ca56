"""Every console example in README.md and docs/*.md runs and prints what the page shows.

A ```console block holds commands after "$ " and, below each, its exact output (stdout and
stderr). The commands run in a shell with this environment's ``betza`` first on PATH, in a
scratch folder, so that examples writing files leave nothing behind. A plain ``betza ...``
command (no pipe, no redirection), and ``echo 'LINE' | betza batch``, run in this process
(tests/cli_runner.py; the line is batch's stdin), in the same scratch folder; when it
prints on both stdout and stderr, whose order on the page only the shell shows, it runs in
the shell.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_runner import betza

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _examples() -> list[tuple[str, str, str]]:
    found = []
    for page in PAGES:
        for block in re.findall(r"```console\n(.*?)```", page.read_text(), re.S):
            for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
                command, _, output = chunk.partition("\n")
                found.append((page.name, command, output))
    return found


EXAMPLES = _examples()
# the module's examples on one process: those that run on Dask share its local clusters
# (tests/conftest.py closes them after the module), started once, not once per process
pytestmark = pytest.mark.xdist_group("doc_examples")


def test_the_pages_have_examples() -> None:
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize(("page", "command", "expected"), EXAMPLES,
                         ids=[f"{p}:{c[:40]}" for p, c, _ in EXAMPLES])
def test_example_prints_what_the_page_shows(page: str, command: str, expected: str,
                                            tmp_path: Path, monkeypatch) -> None:
    got = [line.rstrip() for line in _printed(command, tmp_path, monkeypatch).splitlines()]
    assert got == [line.rstrip() for line in expected.splitlines()], f"{page}: $ {command}"


def _printed(command: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """What ``command`` prints (stdout and stderr, as the page shows them together)."""
    here = _here(command, folder, monkeypatch)
    return _shell(command, folder) if here is None else here


# ``betza ARGS`` or ``echo 'LINE' | betza batch``, then ``| FILTER`` (a shell command that
# reads betza's stdout) or ``&& MORE`` (a shell command run when betza succeeds)
_BETZA = re.compile(r"(?:echo '(?P<line>[^'\\]*)' \| )?betza (?P<args>[^<>|;&$`]*?)"
                    r"(?: \| (?P<filter>[^&;]*)| && (?P<more>.*))?")


def _here(command: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> str | None:
    """What ``command`` prints with its ``betza`` command run in this process and the rest
    (a filter of its output, a command after it) in the shell; None when it has to run in
    the shell whole: its betza command prints on both stdout and stderr (whose order only
    the shell shows), or pipes its stderr into a filter too."""
    found = _BETZA.fullmatch(command)
    if found is None or (found["line"] is not None and found["args"] != "batch"):
        return None
    monkeypatch.chdir(folder)
    monkeypatch.setenv("COLUMNS", "100")
    args = shlex.split(found["args"])
    done = betza(*args, stdin=found["line"] + "\n") if found["line"] is not None else betza(*args)
    if done.stdout and done.stderr or found["filter"] and done.stderr:
        return None
    if found["filter"]:
        return _shell(found["filter"], folder, stdin=done.stdout)
    printed = done.stdout + done.stderr
    if found["more"] and done.returncode == 0:
        printed += _shell(found["more"], folder)
    return printed


def _shell(command: str, folder: Path, stdin: str = "") -> str:
    """What ``command`` prints in a shell with this environment's ``betza`` first on PATH."""
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
               COLUMNS="100")
    return subprocess.run(["bash", "-c", command], cwd=folder, env=env, text=True, input=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120).stdout
