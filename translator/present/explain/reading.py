"""The first lines of ``betza explain`` for a string read as a program reads it
(``--dialect xboard`` ...): where the program's reading goes on the empty board beside the
spec's, and each named difference of kb/dialects.lp that changes the string's moves in that
program (proved on its normalised moves by encodings/samedef.lp, not guessed). A string the
program refuses is an error saying why (translator/facts/pieces.py), as for every query.

>>> print(reading_lines("mafN", "xboard", 9, 9, "e4")[0])  # doctest: +ELLIPSIS
Read as XBoard 4.9.1 reads it (xboard): from e4 on an empty 9x9 board mafN goes to a1 a5 \
b8 f8 i3 i7 (the spec reading: a2 a6 c8 g8 i2 i6).
"""

from __future__ import annotations

from translator.errors import BetzaError
from translator.notation.dialects import switches
from translator.position import Position
from translator.present.english import glossary
from translator.queries.equiv import same_definitions
from translator.queries.moves import moves
from translator.squares import parse_square


def _squares(betza: str, reading: str, files: int, ranks: int, origin: str,
             side: str) -> list[str]:
    found = moves(betza, origin, Position.light(files, ranks, side=side), virgin=True,
                  dialect=reading)
    return sorted({m.to for m in found}, key=parse_square)


def program_name(reading: str) -> str:
    """The program whose reading ``reading`` is, in words (``xboard:NAME`` too)."""
    dialect = reading.partition(":")[0]
    return str(glossary()["readings"].get(dialect, dialect))


def reading_lines(betza: str, reading: str, files: int, ranks: int, origin: str,
                  side: str = "white") -> list[str]:
    """The lead line (the program's squares, then the spec's) and the line of the named
    differences that change the string in ``reading``."""
    g = glossary()["readings"]
    program = program_name(reading)
    squares = _squares(betza, reading, files, ranks, origin, side)
    try:
        spec_squares = _squares(betza, "spec", files, ranks, origin, side)
        spec = (g["spec_same"] if spec_squares == squares
                else g["spec_other"].format(squares=" ".join(spec_squares)) if spec_squares
                else g["spec_none"])
    except BetzaError as err:
        spec = g["spec_refused"].format(reason=err.message)
    words = dict(program=program, reading=reading, origin=origin, files=files, ranks=ranks,
                 betza=betza, spec=spec, squares=" ".join(squares))
    lead = (g["lead"] if set(squares) - {origin} else g["lead_null"] if squares
            else g["lead_none"]).format(**words)
    on = switches(reading)
    try:
        alike = same_definitions(betza, "spec",
                                 [(betza, f"{s.dialect}:{s.name}") for s in on])
    except BetzaError:   # the spec refuses the string: the lead line says why
        return [lead]
    items = [f"{s.name} ({s.description})" for s, same in zip(on, alike, strict=True)
             if not same]
    second = (g["otherwise"].format(program=program, items="; ".join(items)) if items
              else g["same"].format(program=program))
    return [lead, second]
