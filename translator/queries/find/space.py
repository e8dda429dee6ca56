"""The candidate moves of ``betza find``, built from the templates of kb/find_space.toml.

Each candidate is a parsed move without direction letters on its first leg, plus the
direction tokens that leg may take: for each distinct set of directions of the atom's
table (kb/directions.lp) the shortest token that names it.

>>> space = candidate_space()
>>> "mafsW" in [str(c.move) for c in space.candidates]
True
>>> [t for t in space.candidates[0].tokens][:4]
['b', 'f', 'l', 'r']
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import cache

from translator.errors import BetzaError
from translator.notation.grouping import combine_directions, spec_grouping
from translator.notation.kbtables import geometry, shortest_tokens, tables, token_key
from translator.notation.syntax import MoveDef, parse
from translator.resources import data_dir


@dataclass(frozen=True)
class Candidate:
    """A candidate move and the direction tokens its first leg may take."""

    move: MoveDef
    family: str
    tokens: tuple[str, ...]
    system: str

    def spelled(self, chosen: list[str]) -> str:
        """The move with ``chosen`` direction tokens on its first leg."""
        ordered = tuple(sorted(chosen, key=token_key))
        first = replace(self.move.legs[0], directions=ordered)
        return str(replace(self.move, legs=(first, *self.move.legs[1:])))


@dataclass(frozen=True)
class Space:
    candidates: tuple[Candidate, ...]
    atom_order: str

    def move_key(self, move: str) -> tuple:
        """The order of moves inside an answer: by atom (``atom_order``), shorter first."""
        return (self.atom_order.find(parse(move).moves[0].atom.letter), len(move), move)

    def order_key(self, betza: str) -> tuple:
        """The documented canonical order of equally short answers."""
        piece = parse(betza)
        letters = sum(len(t) for m in piece.moves for t in m.legs[0].directions)
        atoms = [self.atom_order.find(m.atom.letter) for m in piece.moves]
        return (len(piece.moves), letters, atoms, betza)


@cache
def _config() -> dict:
    with (data_dir("kb") / "find_space.toml").open("rb") as fh:
        return tomllib.load(fh)


@cache
def _tokens(system: str) -> tuple[str, ...]:
    """The shortest token for each direction set of ``system`` but the full set."""
    best = shortest_tokens(system)
    everything = frozenset().union(*best)
    return tuple(sorted((tok for dirs, tok in best.items() if dirs != everything),
                        key=token_key))


@cache
def clashes(system: str) -> tuple[tuple[str, str], ...]:
    """Pairs of tokens that, written side by side in canonical order, would be read as
    other directions (``f`` then ``r`` on an oblique atom reads as the one move ``fr``)."""
    tokens = _tokens(system)
    return tuple((a, b) for a in tokens for b in tokens
                 if token_key(a) < token_key(b) and not _reads_back(a, b, system))


def _reads_back(a: str, b: str, system: str) -> bool:
    dirtab = tables().dirtab
    letters = a + b
    # grouped as the spec reads a first leg of the system (its first atom letter in kb order)
    atom = next(letter for letter, geo in tables().letters.items() if geo[2] == system)
    try:
        read = combine_directions(letters, list(range(len(letters))), letters,
                                  spec_grouping(atom, True))
    except BetzaError:
        return False
    if any((system, tok) not in dirtab for tok in read):
        return False
    return set().union(*(dirtab[(system, t)] for t in read)) == dirtab[(system, a)] | dirtab[
        (system, b)]


def _expand(family: dict, modes: list[str]) -> list[tuple[str, str]]:
    out = []
    for template in family["templates"]:
        for atom in family["atoms"]:
            ranges = family.get("ranges", []) if "{range}" in template else [""]
            seconds = family.get("seconds", []) if "{second}" in template else [""]
            for rng, second in ((r, s) for r in ranges for s in seconds):
                for mode in modes if "{mode}" in template else [""]:
                    text = template.format(mode=mode, atom=atom, range=rng, second=second)
                    out.append((text, family["name"]))
    return out


NOTATIONS = ("a", "any")  # the a-notation only; or the bracket notation's families too


@cache
def candidate_space(notation: str = "a") -> Space:
    """Every candidate move of the search space, in the order of kb/find_space.toml; the
    families of the bracket notation only with ``notation="any"``.

    >>> "[F?R]" in [str(c.move) for c in candidate_space("any").candidates]
    True
    """
    if notation not in NOTATIONS:
        raise BetzaError(f"the notation to search is 'a' or 'any', not {notation!r}")
    config = _config()
    candidates = []
    for family in config["family"]:
        if family.get("notation", "a") != "a" and notation != "any":
            continue
        for text, name in _expand(family, config["modes"]):
            (move,) = parse(text).moves
            geo = geometry(move)
            system = geo[2] if geo else "orth"
            candidates.append(Candidate(move, name, _tokens(system), system))
    return Space(tuple(candidates), config["atom_order"])
