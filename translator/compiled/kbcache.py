"""The knowledge base compiled once: answers derived from every piece of kb/ (their move
tables, their moves from the centre of a board) kept on disk, keyed by a digest of the
rules they were derived from (every file of ``encodings/`` and ``kb/``), so a process asks
the solver about them once per change of the rules, not once per process.

The folder is ``$BETZA_CACHE``, else ``$XDG_CACHE_HOME/betza-kb``, else
``~/.cache/betza-kb``; a file of another digest is never read (a change of the rules
makes a new file), and a folder that cannot be written only costs the time of deriving
the answer again.

>>> len(rules_digest()), rules_digest() == rules_digest()
(64, True)
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from translator.compiled.digest import rules_digest


@cache
def cache_folder() -> Path:
    """Where the derived answers are kept (see the module's docstring)."""
    given = os.environ.get("BETZA_CACHE")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "betza-kb"


def cached(name: str, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The JSON object ``build()`` derives from the rules, read from the cache when an
    earlier process kept it for these rules (:func:`rules_digest`), else built and kept."""
    digest = rules_digest()
    path = cache_folder() / f"{name}-{digest[:20]}.json"
    try:
        kept = json.loads(path.read_text())
        if isinstance(kept, dict) and kept.get("rules") == digest:
            return dict(kept["answer"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    answer = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # written whole then renamed: a process reading at the same time sees the old
        # file or the new one, never half of one
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False,
                                         suffix=".tmp") as out:
            json.dump({"rules": digest, "answer": answer}, out, separators=(",", ":"))
        os.replace(out.name, path)
    except OSError:
        pass
    return answer
