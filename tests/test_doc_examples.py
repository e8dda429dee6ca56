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
    piped = re.fullmatch(r"echo '([^'\\]*)' \| betza batch", command)
    if piped or (command.startswith("betza ") and not re.search(r"[<>|;&$`]", command)):
        monkeypatch.chdir(folder)
        monkeypatch.setenv("COLUMNS", "100")
        done = (betza("batch", stdin=piped.group(1) + "\n") if piped else
                betza(*shlex.split(command)[1:]))
        if not (done.stdout and done.stderr):
            return done.stdout + done.stderr
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
               COLUMNS="100")
    return subprocess.run(["bash", "-c", command], cwd=folder, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120).stdout
