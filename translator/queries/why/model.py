"""The data of a ``why`` answer: the solver's paths leg by leg and the closest position,
shared by the search (:mod:`translator.queries.why.search`) and its words
(:mod:`translator.present.why.text`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from translator.notation.syntax import Piece
from translator.position import Position
from translator.solve.readers import Move


@dataclass
class Why:
    """The answer: whether the piece can go there, its moves there, and the explanation
    (one line per fact). ``changes`` are the conditions the real position fails, for the
    closest position that allows the move (empty when the move exists, and when no
    position allows it: then ``reachable`` is False)."""

    betza: str
    origin: str
    to: str
    side: str
    possible: bool
    moves: list[Move] = field(default_factory=list)
    explanation: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    reachable: bool = True
    # the closest position's changes as (square, state now, state needed), e.g.
    # ("f5", "empty", "black"): what a worked example puts on the board
    needed: list[tuple[str, str, str]] = field(default_factory=list)
    # from a compiled table: each of its rows to the square (a path), with the conditions
    # the position fails for it (none: the row holds)
    rows: list[dict[str, Any]] | None = None

    def as_json(self) -> dict[str, Any]:
        """The answer schema of ``betza why --json`` and the batch ``why`` query."""
        out = {"ok": True, "possible": self.possible,
               "moves": [m.as_json() for m in self.moves],
               "explanation": self.explanation}
        if self.rows is not None:
            out["rows"] = self.rows
        return out


@dataclass(frozen=True)
class WhyLeg:
    n: int
    start: str
    end: str
    dx: int
    dy: int
    leaps: int
    out: str  # m tog hop exc cap
    victim: str | None = None


@dataclass
class WhyPath:
    type_id: int
    move_no: int
    move: Move
    legs: list[WhyLeg]
    passes: dict[str, int]
    jumps: dict[str, int]


@dataclass
class WhyModel:
    changed: list[tuple[str, str, str]]  # square, real state, needed state
    paths: list[WhyPath]


@dataclass
class WhyContext:
    betza: str
    piece: Piece
    side: str
    origin: str
    to: str
    pos: Position  # with the mover on its square
    types: dict[int, str]  # type id -> Betza string
    mover_type: int
    names: dict[tuple[int, int], list[str]]


