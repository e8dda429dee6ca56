"""What the parts of ``betza lint`` share: a finding (a stable ``kind``, one line of words,
details), the time budget of one run, and positions in words.

>>> Finding("contained-move", "the move W adds nothing", move="W", position=0,
...         equivalent="K").as_json()["equivalent"]
'K'
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Finding:
    """``kind`` is a stable identifier (``dialect``, ``fairy-stockfish``, ``repeated-move``,
    ``contained-move``, ``redundant-modifier``, ``meaningless-direction``,
    ``order-dependent``, ``shorter``); ``move`` and ``position`` (0-based) point into the
    string; ``equivalent`` is a string proven to be the same piece once the finding is
    fixed, ``suggestion`` the shortest such string known; ``data`` holds the kind's own
    keys (a position, the squares that differ)."""

    kind: str
    message: str
    details: list[str] = field(default_factory=list)
    move: str | None = None
    position: int | None = None
    equivalent: str | None = None
    suggestion: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "message": self.message,
                               "details": self.details}
        for key in ("move", "position", "equivalent", "suggestion"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return {**out, **self.data}


class Budget:
    """The time left of one lint run, shared by its solver calls."""

    def __init__(self, timeout: float):
        self.timeout = timeout
        self.deadline = time.monotonic() + timeout

    def left(self) -> float:
        """Seconds left; past the deadline, the lint stops with a limit error."""
        from translator.solve.engine import SolverTimeout

        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise SolverTimeout(f"the lint checks gave up after the time limit of "
                                f"{self.timeout:g} s (raise it with --timeout)")
        return remaining


def where(files: int, ranks: int, origin: str, side: str = "white",
          friends: list[str] | tuple[str, ...] = (),
          enemies: list[str] | tuple[str, ...] = ()) -> str:
    """A position in words.

    >>> where(8, 8, "e4")
    'from e4 on an empty 8x8 board'
    >>> where(8, 8, "e4", "black", ["e5"], ["c3", "d3"])
    'from e4 (Black) on 8x8 with friends on e5 and enemies on c3 d3'
    """
    colour = " (Black)" if side == "black" else ""
    pieces = [f"{who} on {' '.join(squares)}"
              for who, squares in (("friends", friends), ("enemies", enemies)) if squares]
    if not pieces:
        return f"from {origin}{colour} on an empty {files}x{ranks} board"
    return f"from {origin}{colour} on {files}x{ranks} with {' and '.join(pieces)}"
