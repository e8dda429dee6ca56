"""The readings of other programs (XBoard, the Interactive Diagram) as named switches.

A *reading* is ``spec`` (betza-kb's own, the default), a dialect (``xboard``,
``diagram``: every switch kb/dialects.lp lists for it), or one switch of a dialect written
``dialect:name`` (``xboard:oblique-continuation``). The switches themselves are rules in
encodings/dialects.lp; this module only reads the table and checks names.

>>> [s.name for s in switches("xboard:oblique-continuation")]
['oblique-continuation']
>>> "range-inheritance" in {s.name for s in switches("diagram")}
True
>>> switches("spec")
()
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import clingo

from translator.errors import BetzaError
from translator.resources import PARSING, data_dir
from translator.shown import Departs, SwitchFact, each

SPEC = "spec"


@dataclass(frozen=True)
class Switch:
    """One named difference: ``dialect`` reads it otherwise than the spec."""

    name: str
    dialect: str
    description: str
    departs: bool = False  # the spec text is clear: the program departs from it


@cache
def table() -> tuple[Switch, ...]:
    """Every switch of kb/dialects.lp, in the file's order."""
    ctl = clingo.Control()
    with PARSING:
        ctl.load(str(data_dir("kb") / "dialects.lp"))
    ctl.ground([("base", [])])
    atoms = [a.symbol for a in ctl.symbolic_atoms]
    departing = {d.name for d in each(atoms, Departs)}
    found = [Switch(s.name, s.dialect, s.text, s.name in departing)
             for s in each(atoms, SwitchFact)]
    text = (data_dir("kb") / "dialects.lp").read_text(encoding="utf-8")
    return tuple(sorted(found, key=lambda s: text.find(f'switch("{s.name}", {s.dialect}')))


def dialects() -> tuple[str, ...]:
    """The readings a user can name: ``spec`` and every dialect of the table."""
    text = (data_dir("kb") / "dialects.lp").read_text(encoding="utf-8")
    named = dict.fromkeys(s.dialect for s in table())
    return (SPEC, *sorted(named, key=lambda d: text.find(f"dialect({d}).")))


@cache
def switches(reading: str) -> tuple[Switch, ...]:
    """The switches that are on in ``reading``; a BetzaError for an unknown name."""
    if not isinstance(reading, str):
        raise BetzaError("dialect must be a string: " + ", ".join(dialects()))
    dialect, _, name = reading.partition(":")
    if dialect == SPEC and not name:
        return ()
    if dialect not in dialects()[1:]:
        raise BetzaError(f"unknown dialect {dialect!r}; known: {', '.join(dialects())}",
                         text=reading, pos=0)
    on = tuple(s for s in table() if s.dialect == dialect and (not name or s.name == name))
    if not on:
        known = ", ".join(s.name for s in table() if s.dialect == dialect)
        raise BetzaError(f"{dialect} has no difference named {name!r}; its differences: "
                         f"{known}", text=reading, pos=len(dialect) + 1)
    return on


def has_switch(reading: str, name: str) -> bool:
    """Is the switch ``name`` on in ``reading``?"""
    return any(s.name == name for s in switches(reading))
