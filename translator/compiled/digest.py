"""The marks that tie a move table to what it was compiled from: the digest of the rules
(every file of ``encodings/`` and ``kb/``) and the reading, and the checksum of its content.
A table whose marks do not match this install's is refused, never used (docs/tables.md
gives the recipe for another program).

>>> len(rules_digest()), rules_digest() == rules_digest()
(64, True)
>>> compiled_by("spec") == compiled_by("spec"), compiled_by("spec") == compiled_by("xboard")
(True, False)
>>> table_checksum({"rows": [], "checksum": "x"}) == table_checksum({"rows": []})
True
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from translator.resources import data_dir


@cache
def rules_digest() -> str:
    """The sha256 of every file of ``encodings/`` and ``kb/``, in the order of their paths:
    for each, its path (``encodings/moves.lp``), a NUL, its bytes, a NUL. Two installs
    answer alike exactly when their digests agree (the key of anything derived from the
    rules: compiled tables, the knowledge base's pieces kept on disk)."""
    digest = hashlib.sha256()
    for name in ("encodings", "kb"):
        root = data_dir(name)
        for path in sorted(p for p in root.rglob("*") if p.is_file()
                           and "__pycache__" not in p.parts):
            digest.update(f"{name}/{path.relative_to(root).as_posix()}\0".encode())
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


@cache
def compiled_by(reading: str) -> str:
    """The rules a table of ``reading`` is compiled by: the sha256 of
    ``rules_digest() + "|" + reading``."""
    return hashlib.sha256(f"{rules_digest()}|{reading}".encode()).hexdigest()


def canonical(value: Any) -> bytes:
    """``value`` as the bytes a checksum is taken of: JSON with sorted keys, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def table_checksum(table: dict[str, Any]) -> str:
    """The sha256 of a table's JSON (its rows and every other key, ``rules`` included)
    but its ``checksum``, as :func:`canonical` writes it."""
    return hashlib.sha256(canonical({key: value for key, value in table.items()
                                     if key != "checksum"})).hexdigest()
