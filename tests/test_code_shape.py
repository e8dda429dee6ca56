"""The package keeps its shape: modules of at most 400 lines, functions of at most 60, no
import cycle between its modules, and no import against the stage order that
docs/architecture.md draws (imports inside functions included)."""

from __future__ import annotations

import ast
import re
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


def stages(picture: str) -> dict[str, int]:
    """The stage of each subpackage in the flow drawn by the architecture document: each
    ``translator/X/`` at the left of the picture is one stage further down than the last
    one above a ``▼``; the ones drawn together (cli/ and web/) share a stage. The modules
    the document says are shared by every stage come before the first."""
    shared = re.search(r"^Shared by every stage:(.*?)\n\n", picture, re.S | re.M)
    block = picture.split("```")[1]
    order: dict[str, int] = {}
    stage, arrow = 0, False
    for line in block.splitlines():
        found = re.match(r"\s*(?:│\s*)?translator/(\w+)/", line)
        if found:
            stage += 1 if arrow and order else 0
            order[found.group(1)] = stage
            arrow = False
        elif "▼" in line:
            arrow = True
    for name in re.findall(r"`translator/(\w+)\.py`", shared.group(1) if shared else ""):
        order[name] = -1
    return order


STAGES = stages((PACKAGE.parent / "docs" / "architecture.md").read_text())


def against_order(graph: dict[str, set[str]], order: dict[str, int]) -> list[str]:
    """The imports from a module of a stage into a later one (a shared module imports only
    shared ones; catalogue/, beside the flow, is free)."""
    def stage(module: str) -> int | None:
        parts = module.split(".")
        return order.get(parts[1]) if len(parts) > 1 else None

    found = []
    for name, imported in sorted(graph.items()):
        for other in sorted(imported):
            here, there = stage(name), stage(other)
            if here is not None and there is not None and there > here:
                found.append(f"{name} imports {other}")
    return found


def test_the_picture_gives_the_stage_order() -> None:
    flow = ["notation", "facts", "solve", "compiled", "game", "queries", "present", "research",
            "jsonapi", "api", "cli"]
    shared = ["bounds", "errors", "position", "resources", "shown", "squares"]
    assert sorted(STAGES, key=lambda s: (STAGES[s], s)) == [*shared, *flow, "web"]
    assert {STAGES[s] for s in shared} == {-1}
    assert [STAGES[s] for s in flow] == list(range(len(flow)))
    assert STAGES["web"] == STAGES["cli"]


def test_an_import_against_the_order_is_found() -> None:
    graph = {"translator.notation.kbtables": {"translator.solve.engine", "translator.errors"},
             "translator.queries.moves": {"translator.solve.batch", "translator.catalogue.fen"},
             "translator.cli.serve": {"translator.web.app"},
             "translator.squares": {"translator.errors", "translator.notation.syntax"}}
    assert against_order(graph, STAGES) == [
        "translator.notation.kbtables imports translator.solve.engine",
        "translator.squares imports translator.notation.syntax"]


def test_imports_follow_the_stage_order() -> None:
    graph = {name: _imports(name, path) for name, path in MODULES.items()}
    assert against_order(graph, STAGES) == []


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


READER = "translator.shown"  # the one module that reads a clingo symbol's arguments
# (the loader's transform reads the arguments of clingo.ast terms of the encodings, no answer)
AST_READER = "translator.solve.inline"


def argument_reads(source: str) -> list[int]:
    """The lines that read a symbol's ``.arguments`` (by index, by unpacking or whole):
    outside the typed readers of translator/shown.py an answer is read by field name."""
    return sorted(node.lineno for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Attribute) and node.attr == "arguments")


def test_a_positional_read_is_found() -> None:
    source = ("def f(sym):\n"
              "    q = sym.arguments[0].number\n"
              "    x, y = sym.h.arguments[:2]\n"
              "    return term(sym, H).prev, len(sym.arguments)\n")
    assert argument_reads(source) == [2, 3, 4]
    assert argument_reads("def f(sym):\n    return term(sym, H).x, sym.name\n") == []


def test_only_the_typed_readers_touch_symbol_arguments() -> None:
    found = {name: lines for name, path in MODULES.items()
             if name not in (READER, AST_READER) and (lines := argument_reads(path.read_text()))}
    assert found == {}
    assert argument_reads(MODULES[READER].read_text()) != []  # (the reader is where it was)
