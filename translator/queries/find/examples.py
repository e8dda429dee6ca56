"""A drawn example of ``betza find``: a position and the squares where the piece must move,
capture, or do both.

>>> Example("e4", moves=("e5",), captures=("d5", "f5")).wanted() == {
...     "e5": {"m"}, "d5": {"c"}, "f5": {"c"}}
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from translator.errors import BetzaError
from translator.position import Position
from translator.squares import board_size, square_name

MARKS = ("moves", "captures", "both")
EXAMPLE_KEYS = {"from", "board", "files", "ranks", "side", "friends", "enemies", *MARKS}


def _squares(value: Any, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(s for s in (p.strip() for p in value.split(",")) if s)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise BetzaError(f"{key} must be a list of square names")


@dataclass(frozen=True)
class Example:
    """One drawn example: the piece on ``origin`` of a ``files`` x ``ranks`` board with
    ``friends`` and ``enemies``, and the squares where it must move (only), capture (only)
    or do both; every other square must be no destination."""

    origin: str
    files: int = 8
    ranks: int = 8
    moves: tuple[str, ...] = ()
    captures: tuple[str, ...] = ()
    both: tuple[str, ...] = ()
    friends: tuple[str, ...] = ()
    enemies: tuple[str, ...] = ()
    side: str = "white"

    def position(self) -> Position:
        return Position.light(self.files, self.ranks, side=self.side,
                              friends=list(self.friends), enemies=list(self.enemies))

    def wanted(self) -> dict[str, set[str]]:
        """Square name -> the kinds drawn there (``m`` move, ``c`` capture)."""
        pos = self.position()
        out: dict[str, set[str]] = {}
        for names, kinds in ((self.moves, "m"), (self.captures, "c"), (self.both, "mc")):
            for name in names:
                sq = pos.square(name)
                occupant = pos.pieces.get(sq)
                if occupant is not None and occupant.side == self.side:
                    raise BetzaError(f"{name} holds a friend: the piece cannot end there",
                                     text=name, pos=0)
                if occupant is not None and kinds == "m":
                    raise BetzaError(f"{name} holds an enemy: a move there captures it",
                                     text=name, pos=0)
                out.setdefault(square_name(sq), set()).update(
                    "c" if occupant is not None else kinds)
        return out

    @classmethod
    def from_json(cls, spec: Mapping[str, Any]) -> Example:
        """An example from the keys of a batch line or a ``--example`` group: ``from``,
        ``board`` (``"8x8"``) or ``files``/``ranks``, ``moves``, ``captures``, ``both``,
        ``friends``, ``enemies`` (square lists or comma-separated text), ``side``.

        >>> Example.from_json({"from": "d4", "both": "d5,d3"}).both
        ('d5', 'd3')
        """
        if not isinstance(spec, Mapping):
            raise BetzaError("an example must be an object with from, moves, captures, both …")
        unknown = sorted(set(spec) - EXAMPLE_KEYS)
        if unknown:
            raise BetzaError(f"unknown example key(s): {', '.join(unknown)}")
        origin = spec.get("from")
        if not isinstance(origin, str) or not origin:
            raise BetzaError("an example needs 'from', the piece's square")
        files, ranks = board_size(spec)
        side = spec.get("side", "white")
        if side not in ("white", "black"):
            raise BetzaError("side must be white or black", text=str(side), pos=0)
        lists = {key: _squares(spec.get(key), key) for key in MARKS + ("friends", "enemies")}
        return cls(origin, files, ranks, side=side, **lists)

    def as_json(self) -> dict:
        return {"from": self.origin, "files": self.files, "ranks": self.ranks,
                "moves": list(self.moves), "captures": list(self.captures),
                "both": list(self.both), "friends": list(self.friends),
                "enemies": list(self.enemies), "side": self.side}
