"""``betza convert``: rewrite a string between the a-notation (``yafsF``) and the bracket
notation (``[F-R]``), where the other notation can say the same, and prove the result equal.

The leg plan that the encodings derive (:mod:`translator.queries.plan`: each leg's atom after
rotation, range after toggles, turns, modes, the paths a prefix keeps) is spelt in the other
notation with the kb's letter and direction tables; the equivalence solver then proves the
spelling moves exactly as the input, on the boards asked for. Nothing here decides a move.

>>> convert("yafsF", "bracket").result
'[F-R]'
>>> convert("[W-F]", "a").result
'afsW'
>>> convert("cafmF", "bracket").reasons[0][:58]
'move 1 (cafmF): a leg before the last ends with c, which b'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from translator.compiled.compare import same_tables
from translator.errors import BetzaError
from translator.facts.pieces import parse_piece, resolve_name
from translator.notation.kbtables import four_way, shortest_tokens, tables
from translator.notation.syntax import MoveDef
from translator.queries.plan import LegPlan, MovePlan, RangeState, plan
from translator.solve.engine import SolverTimeout

NOTATIONS = ("bracket", "a")
OTHER_SPELLING_TIMEOUT = 5.0  # seconds for explain's proof of the other spelling


@dataclass
class Conversion:
    """The input, the notation asked for, the rewritten string (``None`` when some move has
    no spelling there: ``reasons`` says why) and the proofs: board -> equivalent."""

    source: str
    to: str
    result: str | None = None
    reasons: list[str] = field(default_factory=list)
    proofs: list[tuple[str, bool | None]] = field(default_factory=list)  # None: not proven

    @property
    def proven(self) -> bool:
        return bool(self.proofs) and all(ok for _, ok in self.proofs)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "betza": self.source, "to": self.to,
                               "result": self.result, "proofs": [
                                   {"board": b, "equivalent": ok} for b, ok in self.proofs]}
        if self.reasons:
            out["reasons"] = self.reasons
        return out


def convert(betza: str, to: str, boards: list[tuple[int, int]] | None = None,
            check: bool = True, timeout: float = 60.0) -> Conversion:
    """Rewrite ``betza`` (a string or a piece name) into notation ``to`` (``"bracket"`` or
    ``"a"``); with ``check``, prove it equal on each board (default 8x8)."""
    if to not in NOTATIONS:  # Fairy-Stockfish's spelling: convert_fsf.to_fsf
        raise BetzaError(f"the notation to convert to is 'bracket' or 'a', not {to!r}")
    source = resolve_name(betza)
    piece = parse_piece(betza)
    plans = plan(source)
    answer = Conversion(betza, to)
    spelt: list[str] = []
    for n, (move, mp) in enumerate(zip(piece.moves, plans, strict=True), 1):
        try:
            spelt.extend(_to_bracket(move, mp) if to == "bracket" else _to_a(move, mp))
        except _Inexpressible as why:
            answer.reasons.append(f"move {n} ({move}): {why}")
    if answer.reasons:
        return answer
    answer.result = "".join(_merge_stops(spelt) if to == "bracket" else spelt)
    if check:
        _prove(answer, source, boards or [(8, 8)], timeout)
    return answer


def _prove(answer: Conversion, source: str, boards: list[tuple[int, int]],
           timeout: float) -> None:
    from translator.queries.equiv import equivalent

    assert answer.result is not None
    try:
        parse_piece(answer.result)
    except BetzaError as err:
        answer.reasons.append(f"the spelling {answer.result} is not valid there: {err.message}")
        answer.result = None
        return
    for files, ranks in boards:
        if same_tables(source, answer.result, "spec", files, ranks):
            answer.proofs.append((f"{files}x{ranks}", True))   # no program needed
            continue
        try:
            same: bool | None = equivalent(source, answer.result, files, ranks,
                                           timeout=timeout).equivalent
        except SolverTimeout:
            same = None
        answer.proofs.append((f"{files}x{ranks}", same))
        if not same:
            break


def other_spelling(betza: str, files: int = 8, ranks: int = 8) -> tuple[str, str] | None:
    """The same piece in the other notation, proven equal on a ``files`` x ``ranks`` board:
    ``("bracket", "[F?R]")``
    for ``FyafsF``; ``None`` when the string has no multi-leg move, no such spelling, or
    the proof does not finish in a few seconds.

    >>> other_spelling("FyafsF")
    ('bracket', '[F?R]')
    """
    from translator.compiled.kbcache import remembered

    piece = parse_piece(betza)
    if not any(len(move.legs) > 1 for move in piece.moves):
        return None
    to = "a" if any(move.is_bracket for move in piece.moves) else "bracket"
    source = resolve_name(betza)
    # proven once per change of the rules and kept on disk (a later explain of the string
    # reads it); a proof cut short by its time limit is kept nowhere
    try:
        spelt = remembered(f"other-spelling-{files}x{ranks}", f"{to} {source}",
                           lambda: _spelt(source, to, files, ranks))
    except SolverTimeout:
        return None
    return (to, spelt) if spelt else None


def _spelt(source: str, to: str, files: int, ranks: int) -> str | None:
    """The other spelling proven equal, None when there is none; a proof that ran out of
    time is :class:`SolverTimeout`."""
    answer = _cached(source, to, files, ranks)
    if any(ok is None for _, ok in answer.proofs):
        raise SolverTimeout("the proof of the other spelling ran out of time")
    return answer.result if answer.result and answer.proven else None


@lru_cache(maxsize=256)
def _cached(source: str, to: str, files: int, ranks: int) -> Conversion:
    return convert(source, to, [(files, ranks)], timeout=OTHER_SPELLING_TIMEOUT)


class _Inexpressible(Exception):
    """A move has no spelling in the other notation (the message says why)."""


# ---- spelling: letters and direction tokens from the kb tables ----------------------------

def _atom(leap: tuple[int, int], system: str, rs: RangeState, bracket: bool) -> str:
    """The atom letter (and range) of a leap in ``system`` with range state ``rs``."""
    kind, steps = rs
    letters = tables().letters
    base = next((let for let, (a, b, sy, k) in letters.items()
                 if (a, b) == leap and sy == system and k != "slide"
                 and let not in ("L", "J")), None)
    if base is None:
        raise _Inexpressible(f"no atom letter leaps {leap} in the {system} system")
    slider = next((let for let, (a, b, sy, k) in letters.items()
                   if (a, b) == leap and sy == system and k == "slide"), None)
    if steps == 1:
        return base
    if steps == "star":
        return base + "*"
    if slider is not None and (bracket or kind == "slide"):
        return slider + ("" if steps == "inf" else str(steps))
    return base + ("0" if steps == "inf" else str(steps))


def _token(system: str, dirs: frozenset[int]) -> str:
    """The shortest direction letters naming exactly ``dirs`` in ``system`` ("" = all)."""
    best = shortest_tokens(system)
    if dirs == frozenset().union(*best):
        return ""
    if dirs in best:
        return best[dirs]
    # shortest first; among equals, the first in the kb table's order
    pairs = sorted((a + b for da, a in best.items() for db, b in best.items()
                    if da | db == dirs and not da & db), key=len)
    if pairs:
        return pairs[0]
    raise _Inexpressible(f"no direction letters name exactly these directions ({system})")


# ---- a-notation -> brackets ---------------------------------------------------------------

def _to_bracket(move: MoveDef, mp: MovePlan) -> list[str]:
    if len(mp.legs) == 1 or move.is_bracket:
        return [str(move)]
    if mp.leap is None or mp.system is None:
        raise _Inexpressible("its atom is no leap")
    if mp.initial or mp.wrap or mp.curl:
        raise _Inexpressible("i, o, z and q are not part of the bracket notation")
    legs = [_bracket_leg(mp, leg) for leg in mp.legs]
    return ["[" + "-".join(legs) + "]"]


def _turned(mp: MovePlan, leg: LegPlan) -> tuple[tuple[int, int], str]:
    """The leg's atom after the 45-degree turns of the a-chain rotated it (W <-> F)."""
    assert mp.leap is not None and mp.system is not None
    leap, system = mp.leap, mp.system
    if 1 in leg.orient and four_way(system):
        leap, system = ((leap[0], leap[0]), "diag") if leap[1] == 0 else ((leap[0], 0), "orth")
    return leap, system


def _outward(before: str, system: str) -> frozenset[int]:
    """The turns a bracket leg with no letters makes (brackets.md 3.3), or none when the
    notation defines no outward direction there."""
    if system == "king" or (system == before and system in ("orth", "diag")):
        return frozenset({0})
    if {before, system} == {"orth", "diag"}:
        return frozenset({1, 7})
    return frozenset()


def _bracket_leg(mp: MovePlan, leg: LegPlan) -> str:
    assert mp.leap is not None and mp.system is not None
    if leg.classes or leg.implied or leg.excited:
        raise _Inexpressible(f"leg {leg.n} has a modifier the bracket notation lacks "
                             "(hops, n, j, i, t, u, x)")
    if len(leg.ranges) != 1 or len(leg.orient) != 1:
        raise _Inexpressible(f"leg {leg.n} goes more than one way (a range toggled only on "
                             "some paths)")
    if not leg.final and set(leg.modes) - {"m", "y"}:
        bad = "".join(sorted(set(leg.modes) - {"m", "y"}))
        raise _Inexpressible(f"a leg before the last ends with {bad}, which brackets cannot "
                             "say (a '-' leg only passes an empty square)")
    if leg.final and set(leg.modes) - {"m", "c"}:
        raise _Inexpressible("its last leg has modes other than m and c")
    leap, system = _turned(mp, leg)
    atom = _atom(leap, system, leg.ranges[0], bracket=True)
    modes = "" if not leg.final or set(leg.modes) == {"m", "c"} else "".join(leg.modes)
    if leg.n == 1:
        dirs = _token(system, mp.directions) if system in ("orth", "diag") else \
            _first_oblique(mp)
        return dirs + modes + atom
    before = _turned(mp, mp.legs[leg.n - 2])[1]
    turns = "" if leg.turns == _outward(before, system) else _token("king", leg.turns)
    return turns + modes + atom


def _first_oblique(mp: MovePlan) -> str:
    assert mp.system is not None
    if _token(mp.system, mp.directions):
        raise _Inexpressible("direction letters on a first leg that is neither orthogonal "
                             "nor diagonal cannot go inside a bracket")
    return ""


def _merge_stops(spelt: list[str]) -> list[str]:
    """``F`` beside ``[F-R]`` is ``[F?R]``: a simple move that is the first leg of a bracket
    move (with the last leg's default modes) becomes a '?' stop there."""
    out = list(spelt)
    for text in spelt:
        if not text.startswith("[") or "-" not in text:
            continue
        first = text[1:].split("-", 1)[0]
        if first in out and first[0] not in "mc":
            out.remove(first)
            out[out.index(text)] = "[" + first + "?" + text[1:].split("-", 1)[1]
    return out


# ---- brackets -> a-notation ---------------------------------------------------------------

def _to_a(move: MoveDef, mp: MovePlan) -> list[str]:
    if not move.is_bracket:
        return [str(move)]
    out: list[str] = []
    last = len(mp.legs)
    for end in [n for n, sep in enumerate(move.seps, 1) if sep == "?"] + [last]:
        out.extend(_chain(move, mp, end))
    return out


def _chain(move: MoveDef, mp: MovePlan, end: int) -> list[str]:
    """The a-notation moves of the bracket's path up to leg ``end`` (ending there)."""
    legs = mp.legs[:end]
    first = legs[0]
    assert first.leap is not None and first.system is not None
    groups: dict[frozenset[int], set[int]] = {}
    if end == 1:
        groups[frozenset()] = {i for i, _ in mp.paths} or set(mp.directions)
    elif len(mp.legs) == 2 and mp.paths:
        for i in {i for i, _ in mp.paths}:
            turns = frozenset(r for j, r in mp.paths if j == i)
            groups.setdefault(turns, set()).add(i)
    else:
        groups[legs[1].turns if end > 1 else frozenset()] = set(mp.directions)
    atom = _atom(first.leap, first.system, first.ranges[0], bracket=False)
    out = []
    for turns, firsts in sorted(groups.items(), key=lambda g: sorted(g[1])):
        groups_text = [_token(first.system, frozenset(firsts))]
        for k, leg in enumerate(legs[1:], 2):
            assert leg.leap is not None and leg.system is not None
            _same_atom(first, leg, k)
            groups_text[-1] += _toggle(legs[k - 2], leg, k)
            groups_text.append(_token("king", turns if k == 2 else leg.turns))
        modes = legs[-1].may_end if end < len(mp.legs) else legs[-1].modes
        if set(modes) != {"m", "c"}:
            groups_text[-1] += "".join(modes)
        out.append("a".join(groups_text) + atom)
    return out


def _same_atom(first: LegPlan, leg: LegPlan, k: int) -> None:
    assert first.leap is not None and leg.leap is not None
    a, b = first.leap
    turned = (leg.leap == first.leap) if first.system == "obl" else leg.leap in ((a, a), (a, 0))
    if not turned:
        raise _Inexpressible(f"leg {k}'s atom is not the first leg's atom turned: the "
                             "a-notation has one atom per move")


def _toggle(before: LegPlan, leg: LegPlan, k: int) -> str:
    """'y' on the leg before when the range changes as a toggle does, '' when it stays."""
    kind, steps = leg.ranges[0]
    was_kind, was = before.ranges[0]
    if steps == was:
        return ""
    if (was, steps) in ((1, "inf"),) or (was_kind == "slide" and steps == 1):
        return "y"
    raise _Inexpressible(f"leg {k}'s range is not the one before it, nor its toggle (y): "
                         "the a-notation's legs inherit their range")
