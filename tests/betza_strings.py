"""Random Betza strings the spec reading accepts: one to three legs, modes, directions and
modifiers drawn at random (for tests that compare two ways of answering on many pieces)."""

from __future__ import annotations

import random

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece

ATOMS = ["W", "F", "D", "A", "N", "K", "R", "B", "Q", "C", "Z", "H", "G", "W3", "F2", "N0",
         "WW"]
MODES = ["", "m", "c", "mc", "p", "g", "y", "d", "k", "cd"]
DIRS = ["", "f", "b", "l", "r", "s", "v", "fr", "fl", "br", "ff", "fh", "hr", "fs", "bs"]
FLAGS = ["", "", "", "i", "n", "j", "t", "nn", "z"]


def _move(rng: random.Random) -> str:
    text = ""
    for leg in range(rng.choice([1, 1, 2, 2, 3])):
        text += ("a" if leg else "") + rng.choice(FLAGS) + rng.choice(MODES) + rng.choice(
            DIRS if leg == 0 else [*DIRS, "", "", ""])
    return text + rng.choice(ATOMS)


def random_strings(count: int, seed: int) -> list[str]:
    """``count`` strings of one or two moves that parse and pass the checks."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        text = "".join(_move(rng) for _ in range(rng.choice([1, 1, 2])))
        try:
            parse_piece(text)
        except BetzaError:
            continue
        out.append(text)
    return out
