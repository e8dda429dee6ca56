"""The one English renderer of betza-kb: words for atoms, strides, ranges and directions,
shared by ``betza explain`` and ``betza why``. Every phrase is a template of
``kb/glossary.toml``; the facts it is filled with come from the solver (the leg plan of
:mod:`translator.queries.plan`, the paths of ``why``).

>>> stride(unit(1, 0, "orth"), ("slide", "inf"))
'a slide of any number of Wazir steps (one square orthogonally each) in a straight line, \
like a Rook, over empty squares'
>>> direction_words("white", 1, 2)
'2 forward 1 right'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Any

from translator.notation.kbtables import four_way, tables
from translator.resources import data_dir

RangeState = tuple[str, int | str]
SIGNS = {(0, 1): 0, (1, 1): 1, (1, 0): 2, (1, -1): 3, (0, -1): 4, (-1, -1): 5, (-1, 0): 6,
         (-1, 1): 7}


@cache
def glossary() -> dict[str, Any]:
    """The words of ``kb/glossary.toml``.

    >>> glossary()["atoms"]["W"]["description"]
    'one step orthogonally'
    """
    with open(data_dir("kb") / "glossary.toml", "rb") as fh:
        return tomllib.load(fh)


def learner_glossary() -> list[dict[str, str]]:
    """The teaching page's glossary: atoms, letters, bracket symbols, words, each with the
    ``id`` its links point at.

    >>> [e["term"] for e in learner_glossary() if e["id"] == "g-letter-p"]
    ['p']
    """
    g = glossary()
    out = [{"id": f"g-atom-{letter}", "term": letter, "kind": "atom",
            "text": f"{entry['name']}: {entry['description']}"}
           for letter, entry in g["atoms"].items()]
    out += [{"id": f"g-letter-{letter}", "term": letter, "kind": "letter", "text": text}
            for letter, text in g["learn"]["letters"].items()]
    out += [{"id": f"g-symbol-{name}", "term": symbol, "kind": "symbol", "text": text}
            for name, (symbol, text) in g["learn"]["symbols"].items()]
    out += [{"id": "g-word-" + word.replace(" ", "-").replace(".", ""), "term": word,
             "kind": "word", "text": text} for word, text in g["learn"]["words"].items()]
    return out


def join(items: list[str], last: str = " and ") -> str:
    """``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + last + items[-1]


@dataclass(frozen=True)
class Unit:
    """Words for one step of an atom: its name, what a stride is, step or leap, rider."""

    name: str
    stride: str
    noun: str
    rider: str


def unit(a: int, b: int, system: str) -> Unit:
    """Words for one step of an atom of leap (a, b) in direction system ``system``."""
    g = glossary()
    kb = tables()
    letter = "K" if system == "king" else next(
        (x for x in "WFDNAHCZG" if kb.letters[x][:2] == (a, b)), None)
    if letter:
        atom = g["atoms"][letter]
        name, stride_text, noun = atom["name"], atom["stride"], atom["noun"]
    else:
        key = f"{max(a, b)},{min(a, b)}"
        name = g["leaps"].get(key) or g["strides"]["generic_leap"].format(a=a, b=b)
        form = ("generic_straight" if b == 0 else "generic_diagonal" if a == b
                else "generic_description")
        stride_text, noun = g["strides"][form].format(a=a, b=b), "leap"
    rider = g["riders"].get(letter or "") or g["riders"]["template"].format(name=name)
    return Unit(name, stride_text, noun, rider)


def rotated_unit(a: int, b: int, system: str, orient: frozenset[int]) -> tuple[Unit, str]:
    """The unit a leg repeats once 45-degree turns have rotated a 4-way atom (``orient``
    1: W<->F, D<->A, H<->G), and a note when it rotated."""
    if not four_way(system):
        return unit(a, b, system), ""
    turned = (a, a, "diag") if b == 0 else (a, 0, "orth")
    units = [unit(a, b, system) if p == 0 else unit(*turned) for p in sorted(orient)]
    strides = glossary()["strides"]
    if len(units) == 1:
        return units[0], strides["rotated"].format(name=units[0].name) if orient == {1} else ""
    first, second = units
    mixed = strides["mixed"].format(a=first.name, b=second.name)
    return Unit(f"{first.name} or {second.name}", f"{first.stride}, or {second.stride}",
                first.noun, first.rider), mixed


def stride(u: Unit, rs: RangeState) -> str:
    """How far a leg goes: one step, a slide, up to n leaps …"""
    s = glossary()["strides"]
    steps, stepper = rs[1], u.noun == "step"
    fill = {"name": u.name, "description": u.stride, "rider": u.rider, "n": steps}
    if steps == 1:
        form = "one_step" if stepper else "one_leap"
    elif steps == "inf":
        form = "slide" if stepper else "ride"
    elif steps == "star":
        form = "star_steps" if stepper else "star_leaps"
    else:
        form = "upto_steps" if stepper else "upto_leaps"
    return str(s[form].format(**fill))


def state_words(rs: RangeState) -> str:
    """A range state in words (for range changes)."""
    r = glossary()["ranges"]
    steps = rs[1]
    if steps == 1:
        return str(r["state_one"])
    if steps == "inf":
        return str(r["state_inf"])
    if steps == "star":
        return str(r["state_star"])
    return str(r["state_n"].format(n=steps))


def oblique_words(i: int, a: int, b: int) -> str:
    """``'2 forward 1 right'`` for oblique direction ``i`` of the (a, b) leap."""
    pa, pb, qa, qb = tables().ovec[i]
    return direction_words("white", pa * a + pb * b, qa * a + qb * b)


def direction_words(side: str, dx: int, dy: int) -> str:
    """A displacement in the words of ``side``: ``forward-right`` or ``2 forward 1 right``."""
    d = glossary()["directions"]
    if side == "black":
        dx, dy = -dx, -dy
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        return str(d["names"][SIGNS[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]])
    parts = [(abs(dy), d["forward"] if dy > 0 else d["backward"]),
             (abs(dx), d["right"] if dx > 0 else d["left"])]
    parts.sort(key=lambda p: -p[0])
    return " ".join(d["vector"].format(n=n, way=w) for n, w in parts)
