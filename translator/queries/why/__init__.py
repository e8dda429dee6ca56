"""Why a piece can or cannot make a move: why.lp kept grounded, asked with externals, and its
models read (the words are in :mod:`translator.present.why`)."""

from translator.queries.why.model import Why, WhyContext
from translator.queries.why.program import ask
from translator.queries.why.symbols import read_model

__all__ = ["Why", "WhyContext", "ask", "read_model"]
