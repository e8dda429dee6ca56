"""Fairy-Stockfish's reading of a Betza string, written out in the spec's own words.

Fairy-Stockfish 0.0.90 (pyffish 0.0.90; ``from_betza`` in src/piece.cpp) reads a string
letter by letter into one-leg moves: every atom closes a move with the letters read since the
last atom, letters it does not know are skipped, and each move is a set of (direction, kind,
distance) entries: a step, a rider or a hopper. Its move generator (bitboard.cpp) moves a
piece by the rider tables its entries name, cut to the squares they reach on an empty board
(kb/dialects.lp names each departure from the spec; docs/readings.md says them in words).
This module rewrites the string into the spec string of the same moves, one move per
direction and a-chains where a cut leaves squares no letter names, which the encodings then
read as any other.

>>> fsf_spelling("fK")
'flFfWfrF'
>>> fsf_spelling("mafsW")
'lmWfmWrmW'
>>> fsf_spelling("fR2bgR")  # the grasshopper's line opens the Rook's table backwards
'bW0fW2bgRfpafW'
>>> fsf_spelling("D0")
''
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from translator.squares import MAX_SIZE

# from_betza's atom tables: a leaper is one leap, K is W then F, R B Q are riders of W F K
_LEAPERS = {"W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (2, 1), "A": (2, 2), "H": (3, 0),
            "L": (3, 1), "C": (3, 1), "J": (3, 2), "Z": (3, 2), "G": (3, 3)}
_ATOMS = {**{a: (v,) for a, v in _LEAPERS.items()}, "K": ((1, 0), (1, 1)),
          "R": ((1, 0),), "B": ((1, 1),), "Q": ((1, 0), (1, 1))}
_RIDERS = "RBQ"
_VERTICALS, _HORIZONTALS = "fbvh", "rlsh"
_LETTER = {(1, 0): "W", (1, 1): "F", (2, 0): "D", (2, 1): "N", (2, 2): "A", (3, 0): "H",
           (3, 1): "C", (3, 2): "Z", (3, 3): "G"}


def _slots(a: int, b: int) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
    """The eight (dx, dy) of the atom (a, b) and the direction groups that select each,
    in from_betza's order (its has_dir tests)."""
    return [((b, a), ("ff", "vv", "rf", "rv", "fh", "rh", "hr")),
            ((-b, -a), ("bb", "vv", "lb", "lv", "bh", "lh", "hr")),
            ((a, -b), ("rr", "ss", "br", "bs", "bh", "rh", "hr")),
            ((-a, b), ("ll", "ss", "fl", "fs", "fh", "lh", "hr")),
            ((a, b), ("rr", "ss", "fr", "fs", "fh", "rh", "hl")),
            ((-a, -b), ("ll", "ss", "bl", "bs", "bh", "lh", "hl")),
            ((b, -a), ("bb", "vv", "rb", "rv", "bh", "rh", "hl")),
            ((-b, a), ("ff", "vv", "lf", "lv", "fh", "lh", "hl"))]


def named_groups() -> frozenset[str]:
    """The direction groups from_betza's has_dir tests name (any other selects nothing)."""
    return frozenset(name for _, names in _slots(1, 1) for name in names)


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


@dataclass
class Group:
    """One move as from_betza reads it: the text from the end of the last atom to the end
    of this one (its digit or doubled letter included), the letters read, the atom."""

    text: str
    letters: _Letters
    atom: str
    ranged: bool


def fsf_groups(betza: str) -> list[Group]:
    """The moves of ``betza`` as from_betza splits it, letters it skips included."""
    found = []
    cur, start, i = _Letters(), 0, 0
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
            end = i + 1
            if end < len(betza) and (betza[end].isdigit() or betza[end] == c):
                end += 1
            found.append(Group(betza[start:end], cur, c, end > i + 1))
            cur, start, i = _Letters(), end, end - 1
        i += 1  # any other character is skipped
    return found


def fsf_table(betza: str) -> Table:
    """The move table ``from_betza`` builds for ``betza`` (kinds ``step``, ``slide``, ``hop``)."""
    table: Table = {}
    for group in fsf_groups(betza):
        _close(group, table)
    return table


def _close(group: Group, table: Table) -> None:
    """Enter the move of one group."""
    c, cur = group.atom, group.letters
    rider = c in _RIDERS or group.ranged
    distance = cur.distance
    if group.text[-1].isdigit():
        distance = int(group.text[-1])
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


# The rider types of Fairy-Stockfish's move generator (bitboard.cpp, init_pieces): each
# moves in all of its directions whichever of them the string names; a unit, then how it goes
_LINES = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_KNIGHTS = tuple((x * a, y * b) for a, b in ((1, 2), (2, 1)) for x in (1, -1) for y in (1, -1))
_LAME_TYPES = (tuple((x * 2, y * 2) for x, y in _DIAGONALS),  # elephant
               tuple((x * 2, y * 2) for x, y in _LINES),  # lame dabbaba
               _KNIGHTS,  # horse
               tuple((x * a, y * b) for a, b in ((2, 3), (3, 2)) for x in (1, -1)
                     for y in (1, -1)))  # Janggi elephant
_FARTHEST = MAX_SIZE - 1  # no move goes farther on the largest board
_CHAINED = 11  # the farthest move on Fairy-Stockfish's largest board


def _line_type(vec: tuple[int, int], units: tuple[tuple[int, int], ...]) -> \
        tuple[tuple[int, int], ...]:
    """The directions of the rider type whose magic covers ``vec`` (Rook's lines come in a
    horizontal and a vertical type)."""
    if units is _LINES:
        return ((1, 0), (-1, 0)) if vec[1] == 0 else ((0, 1), (0, -1))
    return units


def _reach(entries: dict[str, dict[tuple[int, int], int]]) -> \
        list[tuple[tuple[int, int], int]]:
    """PseudoMoves/PseudoAttacks as rays: each entry reaches, on an empty board, ``(vec,
    n)`` the first n multiples of vec (_FARTHEST: the whole line); a rider steps at most two
    squares at a time, a grasshopper's line has no end."""
    rays = [(vec, 1) for vec in entries.get("step", {})]
    for kind in ("slide", "hop"):
        for (dx, dy), limit in entries.get(kind, {}).items():
            if max(abs(dx), abs(dy)) <= 2:
                rays.append(((dx, dy), limit if limit and not (kind == "hop" and limit == 1)
                             else _FARTHEST))
    return rays


def _along(unit: tuple[int, int], rays: list[tuple[tuple[int, int], int]]) -> \
        list[tuple[int, int]]:
    """The rays on the line of ``unit`` as (multiple of unit, count)."""
    found = []
    for (dx, dy), n in rays:
        for m in (1, 2, 3):
            if (dx, dy) == (m * unit[0], m * unit[1]):
                found.append((m, n))
    return found


def _types(entries: dict[str, dict[tuple[int, int], int]]) -> \
        dict[str, set[tuple[int, int]]]:
    """The rider types the entries switch on, by how they go (``slide``, ``cannon``,
    ``grasshopper``, ``lame``), as the set of their directions."""
    types: dict[str, set[tuple[int, int]]] = {}
    for vec, limit in entries.get("step", {}).items():
        if limit:
            for lame in _LAME_TYPES:
                if vec in lame:
                    types.setdefault("lame", set()).update(lame)
    for vec in entries.get("slide", {}):
        for units in (_LINES, _DIAGONALS, _KNIGHTS):
            if vec in units:
                types.setdefault("slide", set()).update(_line_type(vec, units))
    for vec, limit in entries.get("hop", {}).items():
        for units in (_LINES, _DIAGONALS):
            if vec in units:
                kind = "grasshopper" if limit == 1 else "cannon"
                types.setdefault(kind, set()).update(_line_type(vec, units))
    return types


def _atom(vec: tuple[int, int]) -> str:
    return _LETTER[tuple(sorted((abs(vec[0]), abs(vec[1])), reverse=True))]  # type: ignore[index]


def _chain(unit: tuple[int, int], k: int, hurdle: int = 0) -> str:
    """The move of exactly ``k`` steps along ``unit`` over empty squares, but for a piece on
    the ``hurdle``-th (0: none), as a spec a-chain whose last leg's mode is ``{}``."""
    legs = ["p" if i == hurdle else "m" for i in range(1, k)]
    return _direction(*unit) + "af".join(legs) + "af{}" + _atom(unit)


_KING = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
_TURNS = {0: "f", 1: "fr", 2: "r", 6: "l", 7: "fl"}  # eighths clockwise, as a-chain letters


def _lame(vec: tuple[int, int]) -> str:
    """A lame leap by Fairy-Stockfish's path (lame_leaper_path: along the longer remaining
    side, diagonally when both are equal; the Xiangqi horse and the Janggi elephant) as an
    a-chain of King steps over empty squares, whose last leg's mode is ``{}``."""
    x = y = 0
    steps = []
    while (x, y) != vec:
        diff = abs(vec[0] - x) - abs(vec[1] - y)
        sx, sy = (vec[0] > 0) - (vec[0] < 0), (vec[1] > 0) - (vec[1] < 0)
        step = (sx, 0) if diff > 0 else (0, sy) if diff < 0 else (sx, sy)
        steps.append(_KING.index(step))
        x, y = x + step[0], y + step[1]
    turns = [_TURNS[(b - a) % 8] for a, b in itertools.pairwise(steps)]
    legs = [_direction(*_KING[steps[0]]), *turns]
    return "ma".join(legs) + "{}K"


def _slides(unit: tuple[int, int], rays: list[tuple[int, int]],
            leaps: set[tuple[int, int]]) -> list[str]:
    """A slider type's moves in the direction ``unit``, cut to the rays of the empty-board
    reach on that line: a ray of every m-th square is the spec's lame rider of m steps (the
    squares between still empty), a single square a plain leap already reaches needs none."""
    longest = max((n for m, n in rays if m == 1), default=0)
    spelt = []
    for m, n in sorted(set(rays)):
        if (m > 1 and m * n <= longest) or (n == 1 and (m * unit[0], m * unit[1]) in leaps):
            continue
        count = "0" if n == _FARTHEST else "" if m > 1 and n == 1 else str(n)
        atom = _atom((m * unit[0], m * unit[1]))
        spelt.append(_direction(*unit) + "{}" + ("n" if m > 1 else "") + atom + count)
    return spelt


def _hops(kind: str, unit: tuple[int, int], stops: set[int]) -> list[str]:
    """A hopper type's moves in the direction ``unit``, cut to the ``stops`` (distances) of
    the empty-board reach; a stop past the others is an a-chain over that many squares, up to
    Fairy-Stockfish's largest board (12 files)."""
    whole = 0
    while whole + 1 in stops:
        whole += 1
    line = "R" if unit in _LINES else "B"
    dirs = _direction(*unit)
    if kind == "grasshopper":
        if set(range(2, _FARTHEST + 1)) <= stops:
            return [dirs + "{}g" + line]
        return [_chain(unit, k, k - 1) for k in sorted(stops) if 1 < k <= _CHAINED]
    spelt = [dirs + "{}p" + line + ("" if whole == _FARTHEST else str(whole))] \
        if whole > 1 else []
    for k in sorted(stops):
        if whole < k <= _CHAINED:
            spelt += [_chain(unit, k, j) for j in range(1, k)]
    return spelt


def _generated(entries: dict[str, dict[tuple[int, int], int]]) -> list[str]:
    """Fairy-Stockfish's moves of one modality (moves_bb, attacks_bb): its leaps and the
    moves of every rider type it switched on, cut to the squares of the empty-board reach,
    as spec moves whose last mode is ``{}``."""
    rays = _reach(entries)
    leaps = {vec for vec, limit in entries.get("step", {}).items() if not limit}
    spelt = [_direction(*vec) + "{}" + _atom(vec) for vec in sorted(leaps)]
    for kind, units in _types(entries).items():
        for unit in sorted(units):
            if kind == "lame":
                reached = any(unit == (k * dx, k * dy) for (dx, dy), n in rays
                              for k in range(1, min(n, 3) + 1))
                spelt += [_lame(unit)] if reached else []
                continue
            line = _along(unit, rays)
            if kind == "slide":
                spelt += _slides(unit, line, leaps)
            else:
                spelt += _hops(kind, unit, {m * k for m, n in line for k in range(1, n + 1)})
    return spelt


def fsf_spelling(betza: str) -> str:
    """The spec string of the moves Fairy-Stockfish reads ``betza`` as ('' for none)."""
    table = fsf_table(betza)
    moves = []
    for initial in (False, True):
        by_mode = {}
        for mode in ("m", "c"):
            if initial and mode == "c":  # no initial captures (init_pieces)
                continue
            entries = {kind: vecs for (init, m, kind), vecs in table.items()
                       if init == initial and m == mode}
            by_mode[mode] = _generated(entries)
        prefix = "i" if initial else ""
        both = set(by_mode.get("m", [])) & set(by_mode.get("c", []))
        for mode, spelt in by_mode.items():
            for move in spelt:
                if move not in both:
                    moves.append(prefix + move.format(mode))
                elif mode == "m":
                    moves.append(prefix + move.format(""))
    return "".join(moves)


def dropped(betza: str) -> list[tuple[int, str]]:
    """The letters Fairy-Stockfish skips, with their positions: those it does not know, a
    second digit, and letters after the last atom.

    >>> dropped("mafsW")
    [(1, 'a')]
    >>> dropped("R12")
    [(2, '2')]
    """
    known = set("mcpgni" + _VERTICALS + _HORIZONTALS)
    found, start = [], 0
    for group in fsf_groups(betza):
        letters = group.text[:len(group.text) - 1 - group.ranged]  # before its atom
        found += [(start + i, c) for i, c in enumerate(letters) if c not in known]
        start += len(group.text)
    return found + [(j, betza[j]) for j in range(start, len(betza))]
