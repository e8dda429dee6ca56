"""Compiled variants kept on disk, so that a process plays a variant without compiling its
pieces again (seconds per variant) when an earlier one compiled it with the same rules.

A kept variant is a file ``game-<name>-<key>.json`` in the knowledge base's cache folder
(translator/compiled/kbcache.py: ``$BETZA_CACHE``, else ``$XDG_CACHE_HOME/betza-kb``, else
``~/.cache/betza-kb``). Its key is the digest of everything its tables are derived from:
the rules of the notation (:func:`translator.compiled.digest.compiled_by`: ``encodings/``,
``kb/`` and the reading), the code that compiles and lays them out (every module of
``translator``) and the variant's rules (:class:`~translator.game.rules.GameRules`, every
field). Its first line records the key and the sha256 of the rest; a file whose key or
checksum does not match, that is not JSON, is past :data:`MAX_BYTES` or is not a regular
file is never used (the variant is compiled afresh and the file written again), nor is one
whose content does not have the shape of a compiled variant (checked by
translator/game/compile.py). A folder that cannot be written only costs the compile.

>>> len(code_digest()), code_digest() == code_digest()
(64, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

from translator.compiled.digest import compiled_by
from translator.game.rules import GameRules
from translator.resources import cache_folder, used, write_whole

MAX_BYTES = 64 * 1024 * 1024   # the largest variant played (grand) keeps some 5 MB


@cache
def code_digest() -> str:
    """The sha256 of every module of ``translator`` (its path and bytes, in path order):
    a kept variant compiled by other code is not read."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(f"{path.relative_to(root).as_posix()}\0".encode())
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def variant_key(rules: GameRules, reading: str) -> str:
    """The digest a kept variant of ``rules`` compiled in ``reading`` is filed under."""
    fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), default=_plain)
    return hashlib.sha256(f"{compiled_by(reading)}|{code_digest()}|{text}".encode()).hexdigest()


def _plain(value: Any) -> Any:
    """A rule's value JSON does not write: a set in order, anything else by its repr."""
    return sorted(value) if isinstance(value, (set, frozenset)) else repr(value)


def path_of(name: str, key: str) -> Path:
    """The file of the variant ``name`` kept under ``key``."""
    return cache_folder() / f"game-{_slug(name)}-{key[:32]}.json"


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9_]", "_", name.lower())[:40]


def read_kept(name: str, key: str) -> Any:
    """The JSON kept for the variant ``name`` under ``key``, or None when there is none or
    it is not to be used (the module's docstring)."""
    path = path_of(name, key)
    try:
        if not path.is_file():
            return None
        with path.open("rb") as fh:
            if os.fstat(fh.fileno()).st_size > MAX_BYTES:
                return None
            head, _, body = fh.read(MAX_BYTES + 1).partition(b"\n")
        mark = json.loads(head)
        if (not isinstance(mark, dict) or mark.get("key") != key
                or mark.get("checksum") != hashlib.sha256(body).hexdigest()):
            return None
        data = json.loads(body)
        used(path)
        return data
    except (OSError, ValueError, RecursionError):
        return None


def keep(name: str, key: str, data: Any) -> None:
    """Write ``data`` for the variant ``name`` under ``key`` (whole, then renamed: a process
    reading at the same time sees the old file or the new one, never half of one), and
    remove the variant's files of other keys that no process has used for two weeks
    (:func:`translator.resources.prune`: each change of the code or the rules would
    otherwise leave megabytes behind, while a file another checkout still plays stays)."""
    body = json.dumps(data, separators=(",", ":")).encode()
    head = json.dumps({"key": key, "checksum": hashlib.sha256(body).hexdigest()}).encode()
    write_whole(path_of(name, key), head + b"\n" + body,
                family=f"game-{_slug(name)}-[0-9a-f]{{32}}\\.json")
