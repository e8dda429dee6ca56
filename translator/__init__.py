"""betza-kb: fairy-chess piece movement in (X)Betza notation, defined by clingo rules.

The flow, one subpackage a stage (``docs/architecture.md`` draws it)::

    string --notation--> AST --facts--> ASP facts --solve--> answer set
           --queries--> dataclasses --present--> text / SVG / English
                                    --jsonapi--> JSON (batch, HTTP)

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
    "attackers_of_square": "translator.queries.attacks", "attacks": "translator.queries.attacks",
    "equivalent": "translator.queries.equiv", "explain_lines": "translator.queries.explain",
    "Move": "translator.queries.moves", "MovesQuery": "translator.queries.moves",
    "batch_moves": "translator.queries.moves", "moves": "translator.queries.moves",
    "why": "translator.queries.why", "census": "translator.research.study",
    "classes": "translator.research.study",
}

__all__ = [
    "BetzaError", "Move", "MovesQuery", "Position", "attackers_of_square", "attacks",
    "batch_moves", "census", "classes", "equivalent", "explain_lines", "moves", "parse",
    "parse_fen", "why",
]


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'translator' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from translator.catalogue.fen import parse_fen
    from translator.errors import BetzaError
    from translator.notation.syntax import parse
    from translator.position import Position
    from translator.queries.attacks import attackers_of_square, attacks
    from translator.queries.equiv import equivalent
    from translator.queries.explain import explain_lines
    from translator.queries.moves import Move, MovesQuery, batch_moves, moves
    from translator.queries.why import why
    from translator.research.study import census, classes
