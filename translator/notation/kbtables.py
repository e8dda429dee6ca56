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

import clingo

from translator.notation.syntax import MoveDef, parse  # noqa: F401  (parse: doctest)
from translator.resources import PARSING, data_dir


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
    for atom in ctl.symbolic_atoms:
        sym, args = atom.symbol, atom.symbol.arguments
        if sym.name == "letter" and len(args) == 5:
            letters[args[0].string] = (args[1].number, args[2].number, args[3].name,
                                       args[4].name)
        elif sym.name == "dirtab" and len(args) == 3:
            dirtab[(args[0].name, args[1].string)].add(args[2].number)
        elif sym.name == "ovec" and len(args) == 5:
            ovec[args[0].number] = tuple(a.number for a in args[1:])  # type: ignore[assignment]
        elif sym.name == "boost" and len(args) == 3 and args[0].type == clingo.SymbolType.String:
            boosts[args[0].string] = (args[1].number, args[2].number)
        elif sym.name == "droptok":
            drops.add(args[0].string)
        elif sym.name == "alldirs" and len(args) == 2:
            alldirs[args[0].name].add(args[1].number)
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
