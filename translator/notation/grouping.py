"""How direction letters group into tokens (``rf``, ``ff``, ``fh``, ``hr``), as XBoard
groups them; the switches of a program that groups them otherwise come as flags.

>>> combine_directions("vrf", [0, 1, 2], "vrfK")
('vr', 'f')
"""

from __future__ import annotations

from translator.errors import BetzaError

FORWARD_BACK = set("fbv")


def combine_directions(letters: str, offsets: list[int], text: str, lone_h: bool = False,
                       chiral: bool = True, apart: bool = False) -> tuple[str, ...]:
    """Group direction letters greedily, left to right, as XBoard does.

    Two perpendicular letters combine (``lf``, ``vr``), a letter doubled stands alone
    (``ff``), a letter before ``h`` takes the half plane (``fh``) and ``h`` before ``l``
    or ``r`` names a chiral set (``hr``). With ``lone_h`` (XBoard's chiral-off-oblique)
    an ``h`` is a letter of its own unless ``chiral`` and it opens the letters; with
    ``apart`` (XBoard's doubled-letter-apart) a doubled letter is two letters, the second
    of which may pair with the next.

    >>> combine_directions("rlb", [0, 1, 2], "rlbK")
    ('r', 'lb')
    >>> combine_directions("ffrr", [0, 1, 2, 3], "ffrrN")
    ('ff', 'rr')
    >>> combine_directions("hrf", [0, 1, 2], "hrfF", lone_h=True, chiral=False)
    ('h', 'rf')
    >>> combine_directions("ffl", [0, 1, 2], "fflK", apart=True)
    ('f', 'fl')
    """
    tokens: list[str] = []
    i = 0
    while i < len(letters):
        c = letters[i]
        nxt = letters[i + 1] if i + 1 < len(letters) else ""
        if c == "h" and lone_h and not (chiral and i == 0):
            tokens.append(c)
            i += 1
        elif c == "h":
            if nxt not in ("l", "r"):
                raise BetzaError("'h' must be followed by l or r (chiral set) or follow "
                                 "f, b, l or r (half)", text=text, pos=offsets[i])
            tokens.append("h" + nxt)
            i += 2
        elif nxt and (nxt == c and not apart or nxt == "h"
                      or (c in FORWARD_BACK) != (nxt in FORWARD_BACK)):
            tokens.append(c + nxt)
            i += 2
        else:
            tokens.append(c)
            i += 1
    return tuple(tokens)
