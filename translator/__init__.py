"""betza-kb: fairy-chess piece movement in (X)Betza notation, defined by clingo rules.

The flow, one subpackage a stage (``docs/architecture.md`` draws it)::

    string --notation--> AST --facts--> ASP facts --solve--> answer set
           --queries--> dataclasses --present--> text / SVG / English
                                    --jsonapi--> JSON (batch, HTTP)

The Python API asks every question alike (:mod:`translator.api.calls`): the piece, the
square(s), the position (an empty 8x8 board unless given), then options by keyword; in a
notebook every answer draws itself as a board.

>>> from translator import Position, moves
>>> sorted(m.to for m in moves("N", "a1", Position.light(8, 8)))
['b3', 'c2']
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# where each public name lives: imported on first use, so that a command (``betza batch``
# answering moves) starts without loading the modules it never calls
_HOME = {
    "parse_fen": "translator.catalogue.fen", "BetzaError": "translator.errors",
    "parse": "translator.notation.syntax", "Position": "translator.position",
    "attackers_of_square": "translator.api.calls", "attacks": "translator.api.calls",
    "equivalent": "translator.api.calls", "explain_lines": "translator.api.calls",
    "moves": "translator.api.calls", "why": "translator.api.calls",
    "Attackers": "translator.api.results", "Equivalence": "translator.api.results",
    "Explanation": "translator.api.results", "Moves": "translator.api.results",
    "WhyAnswer": "translator.api.results", "Game": "translator.api.game",
    "Move": "translator.solve.readers", "MovesQuery": "translator.queries.moves",
    "batch_moves": "translator.queries.moves", "census": "translator.research.study",
    "classes": "translator.research.study",
}

__all__ = [
    "Attackers", "BetzaError", "Equivalence", "Explanation", "Game", "Move", "Moves", "MovesQuery",
    "Position", "WhyAnswer", "attackers_of_square", "attacks", "batch_moves",
    "census", "classes", "equivalent", "explain_lines", "moves", "parse", "parse_fen", "why",
]

__version__ = "0.2.0"


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'translator' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from translator.api.calls import (
        attackers_of_square,
        attacks,
        equivalent,
        explain_lines,
        moves,
        why,
    )
    from translator.api.game import Game
    from translator.api.results import Attackers, Equivalence, Explanation, Moves, WhyAnswer
    from translator.catalogue.fen import parse_fen
    from translator.errors import BetzaError
    from translator.notation.syntax import parse
    from translator.position import Position
    from translator.queries.moves import MovesQuery, batch_moves
    from translator.research.study import census, classes
    from translator.solve.readers import Move
