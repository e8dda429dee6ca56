"""The reading of a piece type as facts: ``reading(T,Name,Dialect)`` for every switch that
is on (encodings/dialects.lp gives each its rule).

>>> reading_facts(2, "xboard:g-on-leaper")
'reading(2,"g-on-leaper",xboard).'
>>> reading_facts(1, "spec")
''
"""

from __future__ import annotations

from translator.facts.schema import READING
from translator.notation.dialects import switches


def reading_facts(type_id: int, reading: str) -> str:
    """Facts saying that piece type ``type_id`` is read in ``reading``."""
    return " ".join(READING(type_id, s.name, s.dialect) for s in switches(reading))
