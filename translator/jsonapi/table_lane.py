"""The short way through a batch for the commonest line: ``moves`` of a piece with a move
table, on a light position (blockers only), answered straight from the table.

A research script's batch is mostly such lines, and building a :class:`Position`, a
query and an answer dictionary for each cost four times matching the table itself. Here
the squares are read through a dictionary of the board's names, the masks built from
them, the table's rows matched (translator/compiled/match.py) and the answer written from
each move's JSON text, which the move keeps. Anything else (another key, a name the
dictionary lacks, a square listed twice, a piece that keeps the solver path) is left to
the general way, which answers it or says what is wrong: this lane never refuses a line,
so it has no error messages of its own, and its answers are those of the general way
(tests/test_batch_lane.py compares them).

>>> answers(['{"query": "moves", "betza": "R", "from": "a1", "friends": ["a3"], '
...          '"enemies": ["c1"]}'], {})[0]
'{"ok": true, "moves": [{"to": "a2", "legs": ["a1", "a2"], "captures": []}, \
{"to": "b1", "legs": ["a1", "b1"], "captures": []}, \
{"to": "c1", "legs": ["a1", "c1"], "captures": ["c1"]}]}'
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, NamedTuple

from translator.compiled import store
from translator.compiled.match import Board, match, square_names, square_rows, turned
from translator.errors import BetzaError
from translator.facts.pieces import canonical
from translator.jsonapi.fields import check_common
from translator.squares import MAX_SIZE, Square

# the keys this lane reads; a line with any other goes the general way
KEYS = frozenset({"query", "betza", "from", "files", "ranks", "side", "friends", "enemies",
                  "virgin", "timeout", "max_atoms"})
served = 0   # lines answered here, in this process (a batch worker's clingo memory grows
# only with the others: translator/jsonapi/workers.py replaces it after so many of those)


@lru_cache(maxsize=64)
def _numbers(files: int, ranks: int) -> dict[str, int]:
    """The board's square names (``"e4"``) and their numbers, the bits of a mask."""
    return {name: n for n, name in enumerate(square_names(files, ranks))}


class Lane(NamedTuple):
    """A line of this lane, read: its piece's key in the store, where it stands, the
    masks of its blockers, its side and virginity, its time limit."""

    key: tuple[str, str, int, int]   # canonical string, reading, files, ranks
    origin: Square
    friends: int
    enemies: int
    side: str
    virgin: bool
    timeout: float


def answers(raw: list[str], limits: dict[str, Any]) -> list[str | None]:
    """The JSON texts (without their newlines) that answer the batch lines ``raw``, None
    for the lines that are not for this lane. The tables of their pieces not compiled
    yet are compiled together first (translator/compiled/store.py)."""
    read = [_read(text, limits) for text in raw]
    lines = [lane for lane in read if lane is not None]
    if lines:
        store.prepare([lane.key for lane in lines],
                      timeout=min(lane.timeout for lane in lines))
    return [None if lane is None else _answer(lane) for lane in read]


def _read(text: str, limits: dict[str, Any]) -> Lane | None:
    if '"moves"' not in text:   # most other kinds are not read twice
        return None
    try:
        line = json.loads(text)
    except ValueError:
        return None
    if type(line) is not dict or line.get("query") != "moves" or not KEYS.issuperset(line):
        return None
    for key, value in limits.items():
        line.setdefault(key, value)
    try:
        return _lane(line)
    except BetzaError:   # the general way says what is wrong
        return None


def _lane(line: dict[str, Any]) -> Lane | None:
    timeout, _ = check_common(line)
    files, ranks = line.get("files", 8), line.get("ranks", 8)
    betza, origin_name = line.get("betza"), line.get("from")
    side, virgin = line.get("side") or "white", line.get("virgin", False)
    if not (type(files) is int and type(ranks) is int and 1 <= files <= MAX_SIZE
            and 1 <= ranks <= MAX_SIZE and isinstance(betza, str) and betza
            and isinstance(origin_name, str) and type(virgin) is bool):
        return None
    numbers = _numbers(files, ranks)
    origin = numbers.get(origin_name)
    friends = _mask(line.get("friends"), numbers)
    enemies = _mask(line.get("enemies"), numbers)
    if origin is None or friends is None or enemies is None:
        return None
    if friends & enemies or (friends | enemies) & 1 << origin:   # refused by the general way
        return None
    return Lane((canonical(betza), "spec", files, ranks), (origin % files, origin // files),
                friends, enemies, side, virgin, timeout)


def _answer(lane: Lane) -> str | None:
    global served
    _, _, files, ranks = lane.key
    try:
        table = store.table_at(*lane.key, turned(lane.origin, files, ranks, lane.side),
                               timeout=lane.timeout)
    except BetzaError:
        return None
    if table is None:
        return None
    board = Board(files * ranks, lane.friends, lane.enemies, 0)
    found = match(square_rows(table, lane.side, lane.origin), board, lane.virgin)
    served += 1
    return '{"ok": true, "moves": [' + ", ".join(m.json_text for m in found) + "]}"


def _mask(names: Any, numbers: dict[str, int]) -> int | None:
    """The bits of a list of square names; None for anything but distinct names of the
    board."""
    if names is None:
        return 0
    if type(names) is not list:
        return None
    mask = 0
    for name in names:
        n = numbers.get(name) if type(name) is str else None
        if n is None:
            return None
        mask |= 1 << n
    return mask if mask.bit_count() == len(names) else None
