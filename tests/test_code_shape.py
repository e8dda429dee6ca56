"""The package keeps its shape: modules of at most 400 lines, functions of at most 60, and
no import cycle between its modules (imports inside functions included)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "translator"
MAX_MODULE, MAX_FUNCTION = 400, 60


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


MODULES = _modules()


def test_modules_are_small() -> None:
    long = {name: n for name, path in MODULES.items()
            if (n := len(path.read_text().splitlines())) > MAX_MODULE}
    assert long == {}


def test_functions_are_small() -> None:
    long = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = node.end_lineno - node.lineno + 1  # type: ignore[operator]
                if size > MAX_FUNCTION:
                    long.append(f"{name}.{node.name}: {size} lines")
    assert long == []


def _imports(name: str, path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            base = node.module
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in MODULES else base)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m in MODULES and m != name}


def test_no_import_cycles() -> None:
    graph = {name: _imports(name, path) for name, path in MODULES.items()}
    # a package's __init__ re-exporting its modules is not a cycle with them
    graph["translator"] = set()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, [*stack, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert cycles == []


ROOT = PACKAGE.parent
CITING = [*PACKAGE.rglob("*.py"), *(ROOT / "encodings").glob("*.lp"), *(ROOT / "kb").rglob("*.lp"),
          *(ROOT / "kb").glob("*.toml"), *(ROOT / "tests").rglob("*.py"), ROOT / "README.md",
          *(ROOT / "docs").glob("*.md"), ROOT / "encodings" / "README.md"]


def test_readings_are_cited_by_name() -> None:
    # a numbered decision points into a text outside the repository; the names are headings
    # of docs/readings.md
    import re

    names = set(re.findall(r"^## (\S+)$", (ROOT / "docs" / "readings.md").read_text(), re.M))
    numbered, unknown = [], []
    for path in CITING:
        text = path.read_text()
        numbered += [f"{path.name}: {m}" for m in re.findall(r"\b[Dd]ecisions? \d+", text)]
        for listed in re.findall(r"\b[Rr]eadings? ((?:[a-z0-9]+-[a-z0-9-]+|iso|tame|castling)"
                                 r"(?:(?:, | and )(?:[a-z0-9]+-[a-z0-9-]+|iso|tame))*)", text):
            unknown += [f"{path.name}: {n}" for n in re.split(r", | and ", listed)
                        if n not in names]
    assert numbered == [] and unknown == []
