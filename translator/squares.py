"""Square names on boards up to 26x26: files a..z, ranks 1..26, White at rank 1.

Squares are ``(file, rank)`` pairs counted from 0, so ``a1`` is ``(0, 0)``.

>>> parse_square("e4")
(4, 3)
>>> square_name((4, 3))
'e4'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from translator.errors import BetzaError

Square = tuple[int, int]
MAX_SIZE = 26
_SQUARE = re.compile(r"([a-z])([0-9]+)")


def square_name(square: Square) -> str:
    """``(4, 3)`` -> ``'e4'``."""
    x, y = square
    return f"{chr(ord('a') + x)}{y + 1}"


def square_coords(name: str) -> Square:
    """``'e4'`` -> ``(4, 3)`` for a name the program made itself (an answer's squares, for
    sorting them): unchecked, unlike :func:`parse_square`, which reads user input."""
    return (ord(name[0]) - 97, int(name[1:]) - 1)


def parse_square(text: str, files: int = MAX_SIZE, ranks: int = MAX_SIZE) -> Square:
    """Parse ``'e4'`` into ``(4, 3)``, checking it lies on a ``files`` x ``ranks`` board."""
    name = text.strip()
    m = _SQUARE.fullmatch(name)
    if not m or m.group(2).startswith("0"):
        raise BetzaError("not a square name (expected a file letter and a rank, like e4)",
                         text=name, pos=_culprit(name))
    x, y = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
    if x >= files:
        raise BetzaError(f"file {m.group(1)!r} is off a board {_count(files, 'file')} wide",
                         text=name, pos=0)
    if y >= ranks:
        raise BetzaError(f"rank {y + 1} is off a board {_count(ranks, 'rank')} high",
                         text=name, pos=1)
    return (x, y)


def _count(n: int, noun: str) -> str:
    """``8 files``, ``1 file``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _culprit(name: str) -> int:
    """Where ``name`` stops looking like a square: after the file letter and rank digits
    (a leading zero in the rank is the culprit too)."""
    if not name or not ("a" <= name[0] <= "z"):
        return 0
    digits = len(name[1:]) - len(name[1:].lstrip("0123456789"))
    if digits and name[1] == "0":
        return 1
    return min(1 + digits, len(name) - 1) if digits else 1 if len(name) > 1 else 0


def parse_board_size(text: str) -> tuple[int, int]:
    """``'8x8'`` -> ``(8, 8)``; ``'12x10'`` is 12 files and 10 ranks."""
    m = re.fullmatch(r"\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*", text)
    if not m:
        raise BetzaError("board size must look like 8x8 (files x ranks)", text=text, pos=0)
    # (a number too long to be a board size is not converted at all)
    files, ranks = (int(g) if len(g) <= 3 else MAX_SIZE + 1 for g in m.groups())
    for value, start, what in ((files, m.start(1), "files"), (ranks, m.start(2), "ranks")):
        if not 1 <= value <= MAX_SIZE:
            raise BetzaError(f"{what} must be between 1 and {MAX_SIZE}", text=text, pos=start)
    return files, ranks


def board_size(spec: Mapping[str, Any]) -> tuple[int, int]:
    """``board: "8x8"`` or ``files``/``ranks`` (default 8x8)."""
    if spec.get("board"):
        return parse_board_size(str(spec["board"]))
    files, ranks = spec.get("files", 8), spec.get("ranks", 8)
    if any(not isinstance(v, int) or isinstance(v, bool) for v in (files, ranks)):
        raise BetzaError("files and ranks must be whole numbers")
    if not (1 <= files <= 26 and 1 <= ranks <= 26):
        raise BetzaError("files and ranks must be between 1 and 26")
    return files, ranks


def centre(files: int, ranks: int) -> Square:
    """The centre square of a board (of two middle files or ranks, the higher)."""
    return files // 2, ranks // 2
