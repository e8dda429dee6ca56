"""A chess variant as data: board size, start position and a Betza string per piece letter.

The kb's variants are loaded by :mod:`translator.catalogue.variants`; those of a
Fairy-Stockfish ``variants.ini`` by :mod:`translator.catalogue.ini`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from translator.errors import BetzaError
from translator.position import Position
from translator.squares import MAX_SIZE


@dataclass
class Variant:
    """A variant: ``pieces`` maps upper-case letters to Betza strings (names resolved).

    ``royal`` holds the letters of the royal pieces ("" when nothing is royal).
    ``names_of`` maps a letter to the catalogue piece it was given as; ``overrides`` maps a
    letter whose Betza string the variant states itself to the reason it gives.
    ``rules``: the game's rule options beyond movement, as a Fairy-Stockfish variants.ini
    writes them (``castling``, ``promotionPieceTypes`` …; read by translator/game/rules.py),
    and ``full_start``: the start FEN with what the movement queries drop (holdings);
    ``kinds``: per letter, the Fairy-Stockfish piece it is (``pawn``, ``customPiece1`` …);
    ``readings``: per letter whose string is read as a program reads it rather than as the
    spec does, that reading (a variants.ini's custom pieces: ``fsf``, Fairy-Stockfish's,
    the program the file is written for); the strings themselves stay as written.

    >>> Variant("Tiny", 3, 3, "k2/3/2K w - -", {"K": "K"}).royal
    'K'
    """

    name: str
    files: int
    ranks: int
    start_fen: str
    pieces: dict[str, str]
    royal: str = "K"
    note: str = ""
    source: str = ""
    aliases: tuple[str, ...] = field(default=())
    names_of: dict[str, str] = field(default_factory=dict)
    overrides: dict[str, str] = field(default_factory=dict)
    rules: dict[str, str] = field(default_factory=dict)
    full_start: str = ""
    kinds: dict[str, str] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for value, what in ((self.files, "files"), (self.ranks, "ranks")):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIZE:
                raise BetzaError(f"variant {self.name!r}: {what} must be a whole number "
                                 f"from 1 to {MAX_SIZE}")
        table: dict[str, str] = {}
        for letter, betza in self.pieces.items():
            if not (isinstance(letter, str) and len(letter) == 1 and letter.isascii()
                    and letter.isalpha()):
                raise BetzaError(f"variant {self.name!r}: piece letter must be a single "
                                 "ASCII letter", text=str(letter), pos=0)
            if not isinstance(betza, str):
                raise BetzaError(f"variant {self.name!r}: piece {letter!r} needs a string")
            if letter.upper() in table:
                raise BetzaError(f"variant {self.name!r}: piece letter {letter!r} appears twice")
            table[letter.upper()] = betza
        self.pieces = table
        royal = "".join(dict.fromkeys(ch.upper() for ch in self.royal if not ch.isspace()))
        for ch in royal:
            if ch not in table:
                raise BetzaError(f"variant {self.name!r}: royal letter {ch!r} is not in the "
                                 "piece table", text=self.royal, pos=self.royal.upper().find(ch))
        self.royal = royal
        self.aliases = tuple(self.aliases)

    @property
    def names(self) -> tuple[str, ...]:
        """The name followed by the aliases."""
        return (self.name, *self.aliases)


def moving_table(variant: Variant, reading: str | None = None) -> dict[str, str]:
    """The piece table whose strings, read in ``reading``, move the pieces: with no reading
    asked for, a piece with a reading of its own (:attr:`Variant.readings`) gets the spec
    string of the moves that reading gives it, so that a position read as the spec reads
    moves every piece as its own program does; a reading the user asks for reads every
    string as written.

    >>> from translator.catalogue.ini import parse_ini
    >>> v = parse_ini("[horse:chess]" + chr(10) + "customPiece1 = a:mafsW")["horse"]
    >>> from translator.queries.moves import moves
    >>> sorted(m.to for m in moves(moving_table(v)["A"], "e4"))  # the spec reads it so
    ['d4', 'e5', 'f4']
    >>> moving_table(v, "spec")["A"], moving_table(v)["N"]
    ('mafsW', 'N')
    """
    if reading is not None:
        return dict(variant.pieces)
    from translator.facts.pieces import parse_piece
    from translator.notation.syntax import spelling

    # Fairy-Stockfish's reading is parsed into the spec's words (translator/notation/fsf.py),
    # so the spec string of the piece it parses, read as the spec reads it, is its piece
    return {letter: spelling(parse_piece(betza, variant.readings[letter]))
            if letter in variant.readings else betza
            for letter, betza in variant.pieces.items()}


def kb_dir() -> Path:
    """The kb folder (inside the installed wheel or the checkout)."""
    from translator.resources import data_dir

    return data_dir("kb")


def variant_position(v: Variant) -> Position:
    """The start position of ``v``, parsed with its piece table and royal letters.

    >>> from translator.catalogue.variants import get_variant
    >>> pos = variant_position(get_variant("xiangqi"))
    >>> pos.files, pos.ranks, pos.pieces[(4, 0)].betza
    (9, 10, 'W')
    """
    from translator.catalogue.fen import parse_fen

    try:
        pos = parse_fen(v.start_fen, v.pieces, files=v.files, royal_letters=v.royal)
    except BetzaError as err:
        raise BetzaError(f"variant {v.name!r}: {err.message}", text=err.text,
                         pos=err.pos) from None
    if pos.ranks != v.ranks:
        raise BetzaError(f"variant {v.name!r}: the start FEN has {pos.ranks} ranks, "
                         f"the variant {v.ranks}", text=v.start_fen, pos=0)
    return pos
