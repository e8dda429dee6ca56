"""The answer of an equivalence query: the verdict and a counterexample position."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from translator.position import Position
from translator.solve.readers import Move


@dataclass
class Counterexample:
    """A position where the two pieces differ, and the moves that differ."""

    files: int
    ranks: int
    start: str
    side: str = "white"
    friends: list[str] = field(default_factory=list)
    enemies: list[str] = field(default_factory=list)
    royal: list[str] = field(default_factory=list)
    virgin: bool = False
    ep: list[str] = field(default_factory=list)
    ep_victim: str | None = None
    only_a: list[Move] = field(default_factory=list)
    only_b: list[Move] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"from": self.start, "side": self.side, "friends": self.friends,
                "enemies": self.enemies, "royal": self.royal, "virgin": self.virgin,
                "ep": self.ep, "ep_victim": self.ep_victim, "files": self.files,
                "ranks": self.ranks, "fen": self.fen(),
                "only_a": [m.as_json() for m in self.only_a],
                "only_b": [m.as_json() for m in self.only_b]}

    def position(self) -> Position:
        return Position.light(self.files, self.ranks, side=self.side, friends=self.friends,
                              enemies=self.enemies, royal=self.royal, ep=self.ep,
                              ep_victim=self.ep_victim)

    def fen(self) -> str:
        """The board with the piece on ``start`` and every other piece lettered ``A``
        (``K`` where royal), to paste into ``--fen`` with ``--pieces "A:…,K:…"``.

        >>> Counterexample(8, 8, "a1", friends=["a4"], enemies=["a6"], royal=["a6"]).fen()
        '8/8/k7/8/A7/8/8/A7 w'
        """
        from translator.catalogue.fen import board_fen
        from translator.position import PlacedPiece

        pos = self.position()
        for sq, piece in list(pos.pieces.items()):
            pos.pieces[sq] = PlacedPiece(piece.side, letter="K" if piece.royal else "A",
                                         royal=piece.royal)
        pos.pieces[pos.square(self.start)] = PlacedPiece(self.side, letter="A")
        return board_fen(pos)

    def paste_command(self, betza: str, dialect: str = "spec") -> str:
        """A ``betza moves`` command line that shows this position for ``betza`` read in
        ``dialect``."""
        table = f"A:{betza}" + (f",K:{betza}" if self.royal else "")
        extra = " --virgin" if self.virgin else ""
        if self.side != "white":
            extra += f" --side {self.side}"
        if dialect != "spec":
            extra += f" --dialect {dialect}"
        if self.ep:
            extra += f" --ep {','.join(self.ep)}" + (
                f" --ep-victim {self.ep_victim}" if self.ep_victim else "")
        return f'betza moves --from {self.start} --fen "{self.fen()}" --pieces "{table}"{extra}'


@dataclass
class EquivResult:
    a: str
    b: str
    files: int
    ranks: int
    equivalent: bool
    counterexample: Counterexample | None = None
    dialect_a: str = "spec"
    dialect_b: str = "spec"

    @property
    def label_a(self) -> str:
        """``a`` with its reading when the two are not both the spec's: ``mafN (xboard)``."""
        return self.a + (f" ({self.dialect_a})" if self._readings() else "")

    @property
    def label_b(self) -> str:
        return self.b + (f" ({self.dialect_b})" if self._readings() else "")

    def _readings(self) -> bool:
        return (self.dialect_a, self.dialect_b) != ("spec", "spec")

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "equivalent": self.equivalent}
        if self.counterexample is not None:
            out["counterexample"] = self.counterexample.as_json()
        return out
