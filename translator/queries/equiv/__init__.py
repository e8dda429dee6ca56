"""Is one piece the same as another: the equivalence query, its search for a differing position
and the conditions that tell them apart."""

from translator.queries.equiv.answer import (
    EquivResult,
    differ_plainly,
    equivalent,
    same_definitions,
)

__all__ = ["EquivResult", "differ_plainly", "equivalent", "same_definitions"]
