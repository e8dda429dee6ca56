"""Move tables compiled ahead for a test module of hand-derived move sets.

A query of ``moves`` answers from the piece's move table (translator/compiled/), compiled
at the piece's first query: one program per piece, whose fixed cost is most of a small
piece's. A module that asks about a hundred pieces has their tables compiled together
instead, as a batch has its pieces' (``store.prepare``: a few programs for them all); the
answers are the same, from the same tables.
"""

from __future__ import annotations

import ast
from pathlib import Path

from translator.compiled import store
from translator.errors import BetzaError
from translator.facts.pieces import canonical

_DONE: set[tuple[str, int, int, str]] = set()   # the modules whose tables this process compiled


def strings_of(path: str) -> list[str]:
    """Every string constant of the Python source at ``path``, each once."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    return list(dict.fromkeys(node.value for node in ast.walk(tree)
                              if isinstance(node, ast.Constant) and isinstance(node.value, str)))


def pieces_of(path: str, reading: str = "spec") -> list[str]:
    """The canonical strings of the module's string constants that read as a piece (a
    square set, a message or a malformed string does not)."""
    found: dict[str, None] = {}
    for text in strings_of(path):
        if not text.strip() or " " in text.strip() or "\n" in text:
            continue
        try:
            found[canonical(text, reading)] = None
        except BetzaError:
            continue
    return list(found)


def compile_ahead(path: str, files: int = 8, ranks: int = 8, reading: str = "spec") -> None:
    """Compile together the tables, on a ``files`` x ``ranks`` board, of every piece the
    module at ``path`` names (once per process)."""
    if (path, files, ranks, reading) in _DONE:
        return
    _DONE.add((path, files, ranks, reading))
    store.prepare([(betza, reading, files, ranks) for betza in pieces_of(path, reading)])
