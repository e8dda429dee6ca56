"""Fairy-Stockfish's reading of a Betza string, written out in the spec's own words.

Fairy-Stockfish 0.0.90 (``from_betza`` in src/piece.cpp, release of 26 August 2023) reads a
string letter by letter into one-leg moves: every atom closes a move with the letters read
since the last atom, letters it does not know are skipped, and each move is a set of
(direction, kind, distance) entries: a step, a rider or a hopper. Its move generator then
moves only the kinds it has tables for (kb/dialects.lp names each departure from the spec;
docs/readings.md says them in words). This module is the reading's parser: it rewrites the
string into the spec string of the same moves, one move per direction, which the encodings
then read as any other; it decides no square.

>>> fsf_spelling("fK")
'fWfrFflF'
>>> fsf_spelling("mafsW")
'fmWrmWlmW'
>>> fsf_spelling("D0")
''
"""

from __future__ import annotations

from dataclasses import dataclass

# from_betza's atom tables: a leaper is one leap, K is W then F, R B Q are riders of W F K
_LEAPERS = {"W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (2, 1), "A": (2, 2), "H": (3, 0),
            "L": (3, 1), "C": (3, 1), "J": (3, 2), "Z": (3, 2), "G": (3, 3)}
_ATOMS = {**{a: (v,) for a, v in _LEAPERS.items()}, "K": ((1, 0), (1, 1)),
          "R": ((1, 0),), "B": ((1, 1),), "Q": ((1, 0), (1, 1))}
_RIDERS = "RBQ"
_VERTICALS, _HORIZONTALS = "fbvh", "rlsh"
_LETTER = {(1, 0): "W", (1, 1): "F", (2, 0): "D", (2, 1): "N", (2, 2): "A", (3, 0): "H",
           (3, 1): "C", (3, 2): "Z", (3, 3): "G"}
# the leaps whose lame path Fairy-Stockfish has a table for (n on any other atom: no move)
_LAME = {(2, 0), (2, 1), (2, 2), (3, 2)}
# the rider and hopper directions it has tables for: Rook, Bishop (and Knight for riders)
_RIDE = {(1, 0), (1, 1), (2, 1)}
_HOP = {(1, 0), (1, 1)}


def _slots(a: int, b: int) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
    """The eight (dx, dy) of the atom (a, b) and the direction groups that select each,
    in from_betza's order (its has_dir tests)."""
    return [((b, a), ("ff", "vv", "rf", "rv", "fh", "rh", "hr")),
            ((-b, -a), ("bb", "vv", "lb", "lv", "bh", "lh", "hr")),
            ((a, -b), ("rr", "ss", "br", "bs", "bh", "lh", "hr")),
            ((-a, b), ("ll", "ss", "fl", "fs", "fh", "rh", "hr")),
            ((a, b), ("rr", "ss", "fr", "fs", "fh", "rh", "hl")),
            ((-a, -b), ("ll", "ss", "bl", "bs", "bh", "lh", "hl")),
            ((b, -a), ("bb", "vv", "rb", "rv", "bh", "rh", "hl")),
            ((-b, a), ("ff", "vv", "lf", "lv", "fh", "lh", "hl"))]


@dataclass
class _Letters:
    """The letters read since the last atom."""

    modes: str = ""
    hopper: bool = False
    distance: int = 0
    lame: bool = False
    initial: bool = False
    groups: tuple[str, ...] = ()


# (initial, mode, kind) -> {(dx, dy): distance}: later entries overwrite earlier ones
Table = dict[tuple[bool, str, str], dict[tuple[int, int], int]]


def fsf_table(betza: str) -> Table:
    """The move table ``from_betza`` builds for ``betza`` (kinds ``step``, ``slide``, ``hop``)."""
    table: Table = {}
    cur = _Letters()
    i = 0
    while i < len(betza):
        c = betza[i]
        if c in "mc":
            cur.modes += c
        elif c in "pg":
            cur.hopper = True
            cur.distance = 1 if c == "g" else cur.distance
        elif c == "n":
            cur.lame = True
        elif c == "i":
            cur.initial = True
        elif c in _VERTICALS + _HORIZONTALS:
            c2 = betza[i + 1] if i + 1 < len(betza) else ""
            if c2 and (c2 == c or (c in _VERTICALS and c2 in _HORIZONTALS)
                       or (c in _HORIZONTALS and c2 in _VERTICALS)):
                cur.groups += (c + c2,)
                i += 1
            else:
                cur.groups += (c + c,)
        elif c in _ATOMS:
            i = _close(betza, i, cur, table)
            cur = _Letters()
        i += 1  # any other character is skipped
    return table


def _close(betza: str, i: int, cur: _Letters, table: Table) -> int:
    """Enter the move of the atom at ``betza[i]``; the index of its last character."""
    c = betza[i]
    rider = c in _RIDERS
    distance = cur.distance
    if i + 1 < len(betza) and (betza[i + 1].isdigit() or betza[i + 1] == c):
        rider = True
        if betza[i + 1].isdigit():
            distance = int(betza[i + 1])
        i += 1
    if not rider and cur.lame:
        distance = -1
    kind = "hop" if cur.hopper else "slide" if rider else "step"
    for atom in _ATOMS[c]:
        groups: list[str] = []
        for g in cur.groups:  # a mixed group on W, D, H, R is split into its letters
            groups += [g[0] * 2, g[1] * 2] if len(_ATOMS[c]) == 1 and atom[1] == 0 \
                and g[0] != g[1] else [g]
        for mode in cur.modes or "mc":
            entries = table.setdefault((cur.initial, mode, kind), {})
            for vec, names in _slots(*atom):
                if not groups or any(g in names for g in groups):
                    entries[vec] = distance
    return i


def _direction(dx: int, dy: int) -> str:
    """The spec's direction letters for the single move (dx, dy) of its atom."""
    fb = "f" if dy > 0 else "b"
    lr = "r" if dx > 0 else "l"
    if dx == 0:
        return fb
    if dy == 0:
        return lr
    if abs(dx) == abs(dy):
        return fb + lr
    return lr + fb if abs(dy) > abs(dx) else fb + lr


def _move(mode: str, kind: str, vec: tuple[int, int], distance: int, initial: bool) -> str:
    """The spec spelling of one entry of the table, or '' where Fairy-Stockfish moves none."""
    leap = tuple(sorted((abs(vec[0]), abs(vec[1])), reverse=True))
    atom = _LETTER[leap]  # type: ignore[index]
    prefix = ("i" if initial else "") + _direction(*vec) + mode
    if kind == "step":
        if distance == -1:
            return prefix + "n" + atom if leap in _LAME else ""
        return prefix + atom
    if kind == "slide":
        return prefix + atom + str(distance) if leap in _RIDE else ""
    if leap not in _HOP:
        return ""
    line = "R" if leap == (1, 0) else "B"  # a hop-off range counts the whole move
    return prefix + ("g" + line if distance == 1 else "p" + line + (str(distance) if distance
                                                                   else ""))


def _unmasked(table: Table) -> Table:
    """Fairy-Stockfish moves a piece by the rider tables of its kinds, cut to the squares its
    entries reach on an empty board (bitboard.cpp, PseudoAttacks), and a hopper's entry
    reaches its whole line there: a ranged rider on a hopper's line goes without limit
    (fpRfR2 slides all the way forward)."""
    for (initial, mode, kind), entries in table.items():
        if kind != "slide":
            continue
        hops = table.get((initial, mode, "hop"), {})
        for vec in entries:
            if vec in hops and vec in _HOP_VECTORS:
                entries[vec] = 0
    return table


_HOP_VECTORS = {(x * dx, y * dy) for x, y in ((1, 0), (0, 1), (1, 1))
                for dx in (1, -1) for dy in (1, -1)}


def fsf_spelling(betza: str) -> str:
    """The spec string of the moves Fairy-Stockfish reads ``betza`` as ('' for none)."""
    table = _unmasked(fsf_table(betza))
    moves = []
    for (initial, mode, kind), entries in table.items():
        other = table.get((initial, "c" if mode == "m" else "m", kind), {})
        for vec, distance in entries.items():
            if other.get(vec) != distance:
                moves.append(_move(mode, kind, vec, distance, initial))
            elif mode == "m":  # moves and captures alike: one move with no mode letter
                moves.append(_move("", kind, vec, distance, initial))
    return "".join(moves)


def dropped(betza: str) -> list[tuple[int, str]]:
    """The letters Fairy-Stockfish skips, with their positions: those it does not know, a
    second digit, and letters after the last atom.

    >>> dropped("mafsW")
    [(1, 'a')]
    >>> dropped("R12")
    [(2, '2')]
    """
    known = set("mcpgni" + _VERTICALS + _HORIZONTALS) | set(_ATOMS)
    found, i, last_atom = [], 0, -1
    while i < len(betza):
        c = betza[i]
        if c in _ATOMS:
            last_atom = i
            if i + 1 < len(betza) and (betza[i + 1].isdigit() or betza[i + 1] == c):
                i += 1
                last_atom = i
        elif c not in known:
            found.append((i, c))
        i += 1
    found += [(j, betza[j]) for j in range(last_atom + 1, len(betza))
              if (j, betza[j]) not in found]
    return sorted(found)
