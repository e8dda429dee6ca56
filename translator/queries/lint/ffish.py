"""Does Fairy-Stockfish read a Betza string as betza-kb does? For ``betza lint``.

Fairy-Stockfish (through ``pyffish``, :mod:`translator.solve.ffish`) and our engine list the
moves of the piece in a few positions: the empty board from the centre, two corners and an
edge, the centre for Black, and the centre ringed by friends, by enemies, and by enemies two
squares away (hurdles, lame leaps, captures). Without ``pyffish`` the answer is "not
checked".

>>> [p.origin for p in probes(8, 8)][:4]
['e5', 'a1', 'h8', 'a5']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from translator.errors import BetzaError
from translator.position import Position
from translator.queries.lint.finding import where
from translator.solve import ffish
from translator.squares import centre, square_name

STATUS_WORDS = {"same": "accepted, same moves", "different": "accepted, different moves",
                "not accepted": "not accepted", "not checked": "not checked"}


@dataclass(frozen=True)
class Probe:
    """A position the two engines are asked about."""

    origin: str
    side: str = "white"
    friends: tuple[str, ...] = ()
    enemies: tuple[str, ...] = ()


@dataclass
class FfishCheck:
    """``status``: ``same``, ``different``, ``not accepted`` or ``not checked``;
    ``reason`` in words; for ``different``, the first position where the two differ and
    the moves only ours / only Fairy-Stockfish's make there (``xd5`` = captures on d5)."""

    status: str
    reason: str
    probe: Probe | None = None
    only_ours: list[str] = field(default_factory=list)
    only_theirs: list[str] = field(default_factory=list)

    @property
    def words(self) -> str:
        return STATUS_WORDS[self.status]

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status, "message": self.words,
                               "reason": self.reason}
        if self.probe is not None:
            out["position"] = {"from": self.probe.origin, "side": self.probe.side,
                               "friends": list(self.probe.friends),
                               "enemies": list(self.probe.enemies)}
            out["only_betza_kb"], out["only_fairy_stockfish"] = self.only_ours, self.only_theirs
        return out


def _ring(files: int, ranks: int, x: int, y: int, r: int) -> tuple[str, ...]:
    """The squares at king distance ``r`` from (x, y), on the board."""
    return tuple(square_name((x + dx, y + dy)) for dx in range(-r, r + 1)
                 for dy in range(-r, r + 1) if max(abs(dx), abs(dy)) == r
                 and 0 <= x + dx < files and 0 <= y + dy < ranks)


def probes(files: int, ranks: int) -> list[Probe]:
    """The positions tried, without repeats (a small board has fewer)."""
    x, y = centre(files, ranks)
    mid = square_name((x, y))
    found = [Probe(mid), Probe("a1"), Probe(square_name((files - 1, ranks - 1))),
             Probe(square_name((0, y))), Probe(mid, "black"),
             Probe(mid, friends=_ring(files, ranks, x, y, 1)),
             Probe(mid, enemies=_ring(files, ranks, x, y, 1)),
             Probe(mid, enemies=_ring(files, ranks, x, y, 2))]
    return list(dict.fromkeys(found))


def check_ffish(betza: str, files: int, ranks: int) -> FfishCheck:
    """Compare Fairy-Stockfish's moves of ``betza`` with ours on :func:`probes`."""
    if not ffish.available():
        return FfishCheck("not checked", "pyffish (Fairy-Stockfish for Python) is not "
                          "installed: pip install pyffish")
    if files > ffish.MAX_FILES or ranks > ffish.MAX_RANKS:
        return FfishCheck("not checked", f"this pyffish build handles boards up to "
                          f"{ffish.MAX_FILES}x{ffish.MAX_RANKS}")
    if not ffish.BETZA_CHARS.fullmatch(betza):
        return FfishCheck("not checked", "a piece definition of Fairy-Stockfish's "
                          "variants.ini is letters and digits only")
    tried = probes(files, ranks)
    ours = _our_moves(betza, files, ranks, tried)
    theirs = [ffish.ffish_moves(betza, files, ranks, p.origin, list(p.friends),
                                list(p.enemies), p.side) for p in tried]
    if not any(theirs) and any(ours):
        return FfishCheck("not accepted", "Fairy-Stockfish reads no move at all from it, "
                          "in any of the positions tried")
    for probe, mine, its in zip(tried, ours, theirs, strict=True):
        if mine != its:
            place = where(files, ranks, probe.origin, probe.side, probe.friends,
                          probe.enemies)
            return FfishCheck("different", f"{place} the two engines give different moves",
                              probe, ffish.format_moves(mine - its).split(),
                              ffish.format_moves(its - mine).split())
    if not any(ours):
        return FfishCheck("same", f"neither engine finds a move in the {len(tried)} "
                          "positions tried")
    return FfishCheck("same", f"the same moves in all {len(tried)} positions tried")


def _our_moves(betza: str, files: int, ranks: int, tried: list[Probe]
               ) -> list[set[tuple[str, bool]]]:
    from translator.queries.moves import MovesQuery, batch_moves

    queries = [MovesQuery(betza, p.origin, Position.light(
        files, ranks, side=p.side, friends=list(p.friends), enemies=list(p.enemies)), p.side)
        for p in tried]
    out = []
    for answer in batch_moves(queries):
        if isinstance(answer, BetzaError):
            raise answer
        out.append({(m.to, m.to in m.captures) for m in answer})
    return out
