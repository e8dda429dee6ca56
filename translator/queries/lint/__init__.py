"""What may be wrong in a Betza string: the lint checks, each a finding."""

from translator.queries.lint.answer import lint

__all__ = ["lint"]
