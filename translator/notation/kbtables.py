"""The kb's atom geometry and direction tables, read once from kb/atoms.lp and
kb/directions.lp, for the Python code that checks or describes notation.

>>> geometry(parse("FX").moves[0])
(4, 1, 'obl', 'other')
>>> sorted(tables().dirtab[("obl", "hr")])
[0, 2, 4, 6]
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

import clingo

from translator.notation.syntax import MoveDef, parse  # noqa: F401  (parse: doctest)
from translator.resources import PARSING, data_dir
from translator.shown import each, shown


@dataclass(frozen=True)
class Tables:
    """``letters``: atom letter -> (A, B, system, kind); ``dirtab``: (system, token) ->
    direction indices; ``ovec``: oblique index -> leap coefficients; ``boosts``: X/Y ->
    (DA, DB)."""

    letters: dict[str, tuple[int, int, str, str]]
    dirtab: dict[tuple[str, str], frozenset[int]]
    ovec: dict[int, tuple[int, int, int, int]]
    boosts: dict[str, tuple[int, int]]
    droptoks: frozenset[str] = frozenset()  # the letters a drop (@) may carry
    alldirs: dict[str, frozenset[int]] = field(default_factory=dict)  # without letters


# the kb facts read, each argument named as kb/atoms.lp and kb/directions.lp explain it
@shown("letter")
class Letter(NamedTuple):
    letter: str
    a: int
    b: int
    system: str
    kind: str


@shown("dirtab")
class DirTab(NamedTuple):
    system: str
    token: str
    i: int


@shown("ovec")
class OVec(NamedTuple):
    i: int
    pa: int
    pb: int
    qa: int
    qb: int


@shown("boost")
class Boost(NamedTuple):
    letter: str
    da: int
    db: int


@shown("droptok")
class DropTok(NamedTuple):
    token: str
    limit: str
    times: int


@shown("alldirs")
class AllDirs(NamedTuple):
    system: str
    i: int


@cache
def tables() -> Tables:
    """The kb facts as Python tables (grounded once per process)."""
    ctl = clingo.Control()
    with PARSING:
        for name in ("atoms.lp", "directions.lp"):
            ctl.load(str(data_dir("kb") / name))
    ctl.ground([("base", [])])
    letters: dict[str, tuple[int, int, str, str]] = {}
    dirtab: dict[tuple[str, str], set[int]] = defaultdict(set)
    ovec: dict[int, tuple[int, int, int, int]] = {}
    boosts: dict[str, tuple[int, int]] = {}
    drops: set[str] = set()
    alldirs: dict[str, set[int]] = defaultdict(set)
    symbols = [atom.symbol for atom in ctl.symbolic_atoms]
    for one in each(symbols, Letter):
        letters[one.letter] = (one.a, one.b, one.system, one.kind)
    for tab in each(symbols, DirTab):
        dirtab[(tab.system, tab.token)].add(tab.i)
    for vec in each(symbols, OVec):
        ovec[vec.i] = (vec.pa, vec.pb, vec.qa, vec.qb)
    for boost in each(symbols, Boost):
        boosts[boost.letter] = (boost.da, boost.db)
    drops.update(tok.token for tok in each(symbols, DropTok))
    for every in each(symbols, AllDirs):
        alldirs[every.system].add(every.i)
    return Tables(letters, {k: frozenset(v) for k, v in dirtab.items()}, ovec, boosts,
                  frozenset(drops), {k: frozenset(v) for k, v in alldirs.items()})


def four_way(system: str) -> bool:
    """Whether an atom of ``system`` goes four ways without direction letters (kb
    alldirs/2: W, F, R, B … as against K, Q, N …).

    >>> four_way("orth"), four_way("diag"), four_way("king"), four_way("obl")
    (True, True, False, False)
    """
    return len(tables().alldirs.get(system, ())) == 4


def token_key(token: str) -> tuple[int, str]:
    """Direction tokens are written shortest first, then alphabetically."""
    return (len(token), token)


@cache
def shortest_tokens(system: str) -> dict[frozenset[int], str]:
    """The shortest token (by :func:`token_key`) naming each direction set of ``system``.

    >>> shortest_tokens("diag")[frozenset({1, 7})]
    'f'
    """
    best: dict[frozenset[int], str] = {}
    for (sy, tok), dirs in tables().dirtab.items():
        if sy == system and (dirs not in best or token_key(tok) < token_key(best[dirs])):
            best[dirs] = tok
    return best


def geometry(move: MoveDef) -> tuple[int, int, str, str] | None:
    """(A, B, system, kind) of the move's atom after any X/Y boost (as encodings/legs.lp
    computes it); None for the special atoms U O I @."""
    kb = tables()
    if move.atom.letter not in kb.letters:
        return None
    a, b, system, kind = kb.letters[move.atom.letter]
    if move.atom.boost:
        da, db = kb.boosts[move.atom.boost]
        a, b, kind = a + da, b + db, "other"
        system = "orth" if b == 0 else "diag" if a == b else "obl"
    return a, b, system, kind
