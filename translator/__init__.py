"""betza-kb: fairy-chess piece movement in (X)Betza notation, defined by clingo rules.

The flow, one subpackage a stage (``docs/architecture.md`` draws it)::

    string --notation--> AST --facts--> ASP facts --solve--> answer set
           --queries--> dataclasses --present--> text / SVG / English
                                    --jsonapi--> JSON (batch, HTTP)

>>> from translator import Position, moves
>>> sorted(m.to for m in moves("N", "a1", Position.light(8, 8)))
['b3', 'c2']
"""

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

__all__ = [
    "BetzaError", "Move", "MovesQuery", "Position", "attackers_of_square", "attacks",
    "batch_moves", "census", "classes", "equivalent", "explain_lines", "moves", "parse",
    "parse_fen", "why",
]
