"""The portability line of ``betza lint``: what each program that reads XBetza (XBoard, the
Interactive Diagram, Fairy-Stockfish) reads a string as, in the spec's words, and the letters
Fairy-Stockfish skips.

>>> portability("mafsW")["fsf"]
'lmWfmWrmW'
"""

from __future__ import annotations

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece

PROGRAMS = {"xboard": "XBoard", "diagram": "the Interactive Diagram", "fsf": "Fairy-Stockfish"}


def portability(betza: str) -> dict[str, str]:
    """Program -> the spec string of the moves it reads ``betza`` as ('' for none), or
    ``no answer: reason``."""
    out = {}
    for dialect in PROGRAMS:
        try:
            out[dialect] = str(parse_piece(betza, dialect))
        except BetzaError as err:
            out[dialect] = f"no answer: {err.message}"
    return out


def portability_line(betza: str, reads: dict[str, str]) -> str:
    """``Portability: XBoard reads it as …; …`` in words."""
    parts = []
    for dialect, name in PROGRAMS.items():
        said = reads[dialect]
        if said.startswith("no answer"):
            parts.append(f"{name} has {said}")
        elif said == betza:
            parts.append(f"{name} reads it as written")
        else:
            parts.append(f"{name} reads it as {said or 'no move at all'}")
    return "Portability: " + "; ".join(parts)
