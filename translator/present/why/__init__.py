"""The answer to why (not) in words: the derivation of a move leg by leg, or the conditions of
the closest position that allows it."""

from translator.present.why.answer import why

__all__ = ["why"]
