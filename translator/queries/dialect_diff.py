"""Where a Betza string moves otherwise in XBoard or the Interactive Diagram: for every named
difference of kb/dialects.lp, a small position where the spec's reading and that dialect's
(with only that one switch on) differ, found by the equivalence solver.

A switch that does not change the string's normalised moves (encodings/samedef.lp, one
grounding for all the switches) is proved harmless without a search; every other switch goes
to the search of encodings/equiv.lp with the string as type 1 (the spec) and as type 2 (the
switch).

>>> [(d.name, d.dialect) for d in dialect_differences("masW3")]
[('range-inheritance', 'diagram')]
>>> dialect_differences("N")
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from translator.notation.dialects import table
from translator.queries.equiv import equivalent, same_definitions

__all__ = ["DialectDifference", "destinations", "dialect_differences", "refusals"]


@dataclass(frozen=True)
class DialectDifference:
    """One named difference the string touches, with a position that shows it."""

    name: str              # stable identifier from dialects.md, e.g. "range-inheritance"
    dialect: str           # "xboard" or "diagram"
    description: str       # the difference in words (from kb)
    files: int
    ranks: int
    origin: str            # square of the piece, e.g. "e4"
    side: str              # "white" / "black"
    friends: list[str]
    enemies: list[str]
    spec_only: list[str]   # destinations only the spec reading gives there
    dialect_only: list[str]
    departs: bool = False  # the spec text is clear: the program departs from it

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "dialect": self.dialect, "description": self.description,
                "files": self.files, "ranks": self.ranks, "from": self.origin,
                "side": self.side, "friends": self.friends, "enemies": self.enemies,
                "spec_only": self.spec_only, "dialect_only": self.dialect_only,
                "departs": self.departs}


def dialect_differences(betza: str, files: int = 8, ranks: int = 8,
                        timeout: float = 60.0) -> list[DialectDifference]:
    """Every named difference the string touches, each with a small position where the spec
    reading and that dialect's reading (with only that one switch on) differ, found by the
    equivalence solver (not looked up). A dialect that has no answer for the string (see
    :func:`refusals`) is left out, and so is Fairy-Stockfish, whose reading lint compares
    whole and move by move (translator/queries/lint/programs.py)."""
    refused = {d for d, _ in refusals(betza)} | {"fsf"}
    switches = [s for s in table() if s.dialect not in refused]
    same = same_definitions(betza, "spec",
                            [(betza, f"{s.dialect}:{s.name}") for s in switches])
    searched = [s for s, alike in zip(switches, same, strict=True) if not alike]
    _tables(betza, [f"{s.dialect}:{s.name}" for s in searched], files, ranks, timeout)
    found = []
    for switch in searched:
        result = equivalent(betza, betza, files, ranks, timeout=timeout,
                            dialect_b=f"{switch.dialect}:{switch.name}")
        ce = result.counterexample
        if result.equivalent or ce is None:
            continue
        found.append(DialectDifference(
            switch.name, switch.dialect, switch.description, files, ranks, ce.start, ce.side,
            list(ce.friends), list(ce.enemies), destinations(ce.only_a),
            destinations(ce.only_b),
            switch.departs))
    return found


def _tables(betza: str, readings: list[str], files: int, ranks: int, timeout: float) -> None:
    """The move tables of ``betza`` in each of ``readings``, compiled in as few programs as
    fit: the equivalence search matches them first (its empty board) for every switch."""
    from translator.compiled import store
    from translator.errors import BetzaError
    from translator.facts.pieces import canonical

    try:
        store.prepare([(canonical(betza, r), r, files, ranks) for r in readings],
                      timeout=timeout)
    except BetzaError:  # (each search compiles its own table then, and says why not)
        return


def refusals(betza: str) -> list[tuple[str, str]]:
    """The dialects that have no answer for the string, each with the reason (the
    Interactive Diagram loops forever on n on an oblique atom).

    >>> refusals("nN")[0][0], refusals("N")
    ('diagram', [])
    """
    from translator.errors import BetzaError
    from translator.facts.pieces import parse_piece
    from translator.notation.dialects import dialects

    found = []
    for dialect in dialects()[1:]:
        try:
            parse_piece(betza, dialect)
        except BetzaError as err:
            found.append((dialect, err.message))
    return found


def destinations(moves: list[Any]) -> list[str]:
    """The destinations of ``moves``, once each, by file and rank."""
    return sorted({m.to for m in moves}, key=lambda s: (s[0], int(s[1:])))
