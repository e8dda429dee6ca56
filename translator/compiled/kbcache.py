"""The knowledge base compiled once: answers derived from every piece of kb/ (their move
tables, their moves from the centre of a board) kept on disk, keyed by a digest of the
rules they were derived from (every file of ``encodings/`` and ``kb/``), so a process asks
the solver about them once per change of the rules, not once per process.

The folder is ``$BETZA_CACHE``, else ``$XDG_CACHE_HOME/betza-kb``, else
``~/.cache/betza-kb``; a file of another digest is never read (a change of the rules
makes a new file, and the old one is removed once no process has used it for two weeks:
:func:`translator.resources.prune`), and a folder that cannot be written only costs the
time of deriving the answer again.

>>> len(rules_digest()), rules_digest() == rules_digest()
(64, True)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from translator.compiled.digest import rules_digest
from translator.resources import cache_folder, used, write_whole

DIGEST_CHARS = 20  # of the rules' digest in a file's name


def _path(name: str, digest: str) -> Path:
    return cache_folder() / f"{name}-{digest[:DIGEST_CHARS]}.json"


def _read(path: Path, digest: str) -> dict[str, Any] | None:
    """The answer kept in ``path`` for the rules ``digest``, or None."""
    try:
        kept = json.loads(path.read_text())
        if isinstance(kept, dict) and kept.get("rules") == digest:
            answer = dict(kept["answer"])
            used(path)
            return answer
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def _keep(name: str, digest: str, answer: dict[str, Any]) -> None:
    """Write the answer, and remove the stale files of its name kept by other rules."""
    write_whole(_path(name, digest), json.dumps({"rules": digest, "answer": answer},
                                                separators=(",", ":")).encode(),
                family=re.escape(name) + rf"-[0-9a-f]{{{DIGEST_CHARS}}}\.json")


def cached(name: str, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The JSON object ``build()`` derives from the rules, read from the cache when an
    earlier process kept it for these rules (:func:`rules_digest`), else built and kept."""
    digest = rules_digest()
    path = _path(name, digest)
    kept = _read(path, digest)
    if kept is not None:
        return kept
    answer = build()
    _keep(name, digest, answer)
    return answer


def kept_already(*names: str) -> bool:
    """Whether the answers ``names`` are kept for these rules (nothing is derived)."""
    digest = rules_digest()
    return all(_path(name, digest).is_file() for name in names)


def remembered(name: str, key: str, build: Callable[[], Any], most: int = 2048) -> Any:
    """The JSON value ``build()`` derives from the rules for ``key``, kept with the others
    of its kind in one file (``name``: at most ``most`` keys, past which it starts afresh),
    so that a later process asking the same reads it. Two processes adding at once may
    each keep only their own: the other's is derived again when next asked.

    >>> import os, tempfile
    >>> os.environ["BETZA_CACHE"] = tempfile.mkdtemp(); cache_folder.cache_clear()
    >>> remembered("doc", "k", lambda: [1, 2]), remembered("doc", "k", lambda: "again")
    ([1, 2], [1, 2])
    >>> del os.environ["BETZA_CACHE"]; cache_folder.cache_clear()
    """
    digest = rules_digest()
    path = _path(name, digest)
    kept = _read(path, digest) or {}
    if key in kept:
        return kept[key]
    answer = build()
    kept = _read(path, digest) or {}   # (what another process kept meanwhile)
    if len(kept) >= most:
        kept = {}
    kept[key] = answer
    _keep(name, digest, kept)
    return answer
