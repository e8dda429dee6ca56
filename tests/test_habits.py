"""The project's habits hold: the pre-commit hooks run what CI runs."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def test_the_pre_commit_hooks_run_the_linters_of_ci() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    hooks = [hook for repo in config["repos"] for hook in repo["hooks"]]
    assert {hook["language"] for hook in hooks} == {"system"}  # offline: the venv's own tools
    # CI names the folder ruff checks; pre-commit gives it the files a commit changes
    ci = [line.split("#")[0].strip().removesuffix(" .")
          for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert sorted(hook["entry"] for hook in hooks) == sorted(
        line for line in ci if line.startswith((".venv/bin/ruff", ".venv/bin/mypy")))
