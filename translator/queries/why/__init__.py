"""Why a piece can or cannot make a move: the question answered from the piece's compiled
table, or asked of why.lp kept grounded with externals and its models read; what it finds
is put into words by :mod:`translator.present.why`."""

from translator.queries.why.model import Why, WhyContext
from translator.queries.why.program import ask
from translator.queries.why.search import reachable_anywhere, search
from translator.queries.why.symbols import read_model

__all__ = ["Why", "WhyContext", "ask", "reachable_anywhere", "read_model", "search"]
