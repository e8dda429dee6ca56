"""How direction letters group into tokens (``rf``, ``ff``, ``fh``, ``hr``), as XBoard
groups them; the switches of a program that groups them otherwise come as flags.

>>> combine_directions("vrf", [0, 1, 2], "vrfK")
('vr', 'f')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from translator.errors import BetzaError

FORWARD_BACK = set("fbv")
# a two-way letter written beside a one-way letter of its own line (reading combining-letters)
SAME_LINE = {"fv", "vf", "bv", "vb", "ls", "sl", "rs", "sr"}


class Flags(NamedTuple):
    """How one leg's letters group beyond plain greedy combining (:data:`GREEDY`):
    ``lone_h`` (chiral-off-oblique) an ``h`` is a letter of its own unless ``chiral`` and
    it opens the letters; ``apart`` (doubled-letter-apart) a doubled letter is two letters,
    the second of which may pair with the next; ``vs_alone`` (vs-in-king-system, and
    vs-alone-on-oblique as XBoard reads it) ``v`` and ``s`` pair only with themselves or
    ``h``, so the next letter may pair with the one after it (where none follows, the pair
    ``vr`` stays one token, which those switches' rules read as ``v`` and ``r``);
    ``same_line`` a two-way letter pairs with a one-way letter of its line (``fv``, ``sr``),
    which moves.c never does; ``chiral_any`` (the Interactive Diagram's BetzaParse) with
    ``lone_h`` an ``h`` followed by ``l`` or ``r`` opens a chiral set wherever it stands when
    ``chiral``, and ``h_void`` a lone ``h`` gives no token, as it gives BetzaParse no
    direction bit there."""

    lone_h: bool = False
    chiral: bool = True
    apart: bool = False
    vs_alone: bool = False
    same_line: bool = False
    chiral_any: bool = False
    h_void: bool = False


# a reading's grouping: the flags of a leg from its atom letter and whether it is the first
Grouping = Callable[[str, bool], Flags]
# plain greedy combining, with no reading's own rule (a bracket's prefix letters)
GREEDY = Flags()


# the atoms of one line (kb/atoms.lp's orth, diag and king systems): no chiral set on them
ONE_LINE = "WFDAHGRBKQ"


def spec_grouping(atom: str, first: bool) -> Flags:
    """The spec's grouping: a two-way letter pairs with a one-way letter of its line only on
    the first leg of F, B, A, G, where the pair is the one-way letter (elsewhere the two
    letters read apart mean the same). An ``h`` that follows no letter names nothing unless
    ``l`` or ``r`` follow it where a chiral set can be (as both programs read it on F, B,
    A, G: ``hrF`` is ``rF``; reading combining-letters). ``atom`` is the letter and its
    boost (``FX``), which may make it oblique.

    >>> spec_grouping("F", True).chiral, spec_grouping("N", True).chiral
    (False, True)
    """
    return Flags(same_line=first and atom in "FBAG", lone_h=True,
                 chiral=not first or atom not in ONE_LINE, chiral_any=True, h_void=True)


def combine_directions(letters: str, offsets: list[int], text: str,
                       flags: Flags = GREEDY) -> tuple[str, ...]:
    """Group direction letters greedily, left to right, as XBoard does.

    Two perpendicular letters combine (``lf``, ``vr``), a letter doubled stands alone
    (``ff``), a letter before ``h`` takes the half plane (``fh``) and ``h`` before ``l``
    or ``r`` names a chiral set (``hr``); ``flags`` as :class:`Flags` says. Only letters
    written next to each other combine: a modifier between two keeps them apart, as in both
    programs.

    >>> combine_directions("rlb", [0, 1, 2], "rlbK")
    ('r', 'lb')
    >>> combine_directions("ffrr", [0, 1, 2, 3], "ffrrN")
    ('ff', 'rr')
    >>> combine_directions("rf", [0, 2], "rifB")
    ('r', 'f')
    >>> combine_directions("hrf", [0, 1, 2], "hrfF", Flags(lone_h=True, chiral=False))
    ('h', 'rf')
    >>> combine_directions("ffl", [0, 1, 2], "fflK", Flags(apart=True))
    ('f', 'fl')
    >>> combine_directions("vlf", [0, 1, 2], "vlfK", Flags(vs_alone=True))
    ('v', 'lf')
    >>> combine_directions("hrf", [0, 1, 2], "hrfB", Flags(lone_h=True, chiral=False,
    ...                    chiral_any=True, h_void=True))
    ('rf',)
    """
    tokens: list[str] = []
    i = 0
    while i < len(letters):
        c = letters[i]
        adjacent = i + 1 < len(letters) and offsets[i + 1] == offsets[i] + 1
        nxt = letters[i + 1] if adjacent else ""
        opens = nxt in ("l", "r") if flags.chiral_any else i == 0
        if c == "h" and flags.lone_h and not (flags.chiral and opens):
            tokens.extend(() if flags.h_void else (c,))
            i += 1
        elif c == "h":
            if nxt not in ("l", "r"):
                raise BetzaError("'h' must be followed by l or r (chiral set) or follow "
                                 "f, b, l or r (half)", text=text, pos=offsets[i])
            tokens.append("h" + nxt)
            i += 2
        elif nxt and (nxt == c and not flags.apart or nxt == "h"
                      or flags.same_line and c + nxt in SAME_LINE
                      or (c in FORWARD_BACK) != (nxt in FORWARD_BACK)
                      and not (flags.vs_alone and c in "vs" and i + 2 < len(letters))):
            tokens.append(c + nxt)
            i += 2
        else:
            tokens.append(c)
            i += 1
    return tuple(tokens)
