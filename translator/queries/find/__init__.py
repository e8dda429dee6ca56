"""Which pieces move as asked: the find query over the kb and its search space."""

from translator.queries.find.answer import find

__all__ = ["find"]
