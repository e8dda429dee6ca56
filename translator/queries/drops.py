"""Where the side to move may drop a piece from its hand (the atom ``@``), by the rules of
encodings/drops.lp: the drop zone, ``j``, and the limits ``f``, ``s``, ``b``.

>>> from translator.catalogue.fen import parse_fen
>>> table = {"P": "fWf@8"}
>>> squares = drops("P", parse_fen("9/9/9/9/9/9/4P4/9/9 w", table), table)
>>> len(squares), "e5" in squares, "a9" in squares, "a8" in squares
(64, False, False, True)
"""

from __future__ import annotations

from collections.abc import Mapping

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece
from translator.facts.schema import DROPPER
from translator.facts.translate import move_facts, position_facts
from translator.position import Position
from translator.shown import Drop, each
from translator.solve import engine
from translator.squares import square_name

__all__ = ["drops"]


def drops(letter: str, position: Position, table: Mapping[str, str], *,
          timeout: float = 60.0) -> list[str]:
    """The squares (sorted by rank, then file) where the side to move may drop the piece
    ``letter`` of the piece ``table`` (letter -> Betza string) in ``position``."""
    key = letter.strip().upper()
    if len(key) != 1 or not key.isalpha():
        raise BetzaError("the piece to drop is one letter of the piece table", text=letter,
                         pos=0)
    betza = {k.upper(): v for k, v in table.items()}.get(key)
    if betza is None:
        raise BetzaError(f"piece letter {key!r} is not in the piece table", text=letter, pos=0)
    piece = parse_piece(betza)
    if not any(move.atom.letter == "@" for move in piece.moves):
        raise BetzaError(f"{betza} has no drop move (@): it cannot be dropped", text=betza,
                         pos=len(betza) - 1)
    types: dict[str | None, int | str] = {betza: 1}
    for other in sorted({pc.betza or "" for pc in position.pieces.values()} - {betza, ""}):
        types[other] = len(types) + 1
    facts = [move_facts(1, piece), position_facts(1, position, types, [], set()),
             DROPPER(1, 1, position.side_to_move)]
    found = engine.run("\n".join(facts), "drops.lp", timeout=timeout)
    squares = sorted((d.y, d.x) for d in each(found, Drop))
    return [square_name((x, y)) for y, x in squares]
