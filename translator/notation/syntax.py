"""Parse XBetza strings into a typed syntax tree, and spell the tree back canonically.

A :class:`Piece` is a sequence of :class:`MoveDef`; a move is a sequence of :class:`Leg`
(modifier groups separated by ``a``) sharing one atom and range.

>>> piece = parse("fmWfcF")
>>> [str(move) for move in piece.moves]
['fmW', 'fcF']
>>> piece.moves[0].legs[0].modes
('m',)
>>> str(parse("cmfhaN"))
'fhmcaN'

Bad input raises :class:`~translator.errors.BetzaError` naming the culprit's position.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, UnexpectedInput
from lark.exceptions import VisitError

from translator.errors import BetzaError
from translator.notation.grouping import Grouping, combine_directions, spec_grouping
from translator.notation.parse_errors import explain

DIRECTION_LETTERS = "fblrvsh"
# atoms that are no leap (kb/atoms.lp special/2): universal leaper, castling, imitator, drop
SPECIAL_ATOMS = "UOI@"
RANGE_CAP = 26 * 26  # the largest board's area: no move can use a longer range
MODE_LETTERS = "mcdekxpgy"
# Canonical spelling order of the letters of a group, after the leading `i` and the
# direction letters; it is XBoard's own required order, extended with the newer letters.
FLAG_ORDER = "utonjzq"
CANONICAL_ORDER = "mcdekx" + "u" + "tpgoynjzq"
REPEATABLE = "noj"  # `nn`, `oo`, `jj` mean more than `n`, `o`, `j`


@dataclass(frozen=True)
class Atom:
    """The atom letter of a move: ``letter`` (``'N'``), an X/Y ``boost`` and ``doubled``
    for the unlimited rider written by doubling the letter (``NN``)."""

    letter: str
    boost: str = ""
    doubled: bool = False

    def __str__(self) -> str:
        return self.letter * 2 if self.doubled else self.letter + self.boost


@dataclass(frozen=True)
class Range:
    """A written range: a number (``0`` is unlimited) or ``*`` (to the enemy half)."""

    text: str

    @property
    def steps(self) -> int | None:
        """The number written, ``None`` for ``*``; a number larger than any board can use
        (its area, for a rider that wraps round) reads as that area, which moves the same
        on every board up to 26x26 and keeps the solver's integers small.

        >>> Range("4294967299").steps, Range("3").steps, Range("0").steps
        (676, 3, 0)
        """
        if self.text == "*":
            return None
        return int(self.text) if len(self.text) <= 3 and int(self.text) <= RANGE_CAP \
            else RANGE_CAP

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Leg:
    """One leg: its direction tokens (greedily combined letters such as ``'rf'``,
    ``'ff'``, ``'hr'``), its modes (``m c d e k x p g y``), its other modifiers
    (``i``, ``n``, ``nn``, ``j``, ``o``, ``t``, ``u``, ``z``, ``q`` …) and the move's
    atom and range, which every leg shares as written."""

    directions: tuple[str, ...]
    modes: tuple[str, ...]
    modifiers: tuple[str, ...]
    atom: Atom
    range: Range | None = None

    apart: tuple[int, ...] = ()  # tokens written apart from the one before (a modifier between)

    def spelling(self) -> str:
        """The leg's modifier group, in canonical order (``i``, the directions, the rest);
        direction tokens that were written apart stay apart.

        >>> parse("fimrB").moves[0].legs[0].spelling(), parse("rifB").moves[0].legs[0].spelling()
        ('ifmr', 'rif')
        """
        others = sorted([*self.modes, *(f for f in self.modifiers if f != "i")],
                        key=lambda s: CANONICAL_ORDER.index(s[0]))
        if "i" in self.modifiers:
            others.insert(0, "i")
        pool = list(others)
        out = [pool.pop(0)] if pool[:1] == ["i"] and len(pool) > len(self.apart) else []
        for k, token in enumerate(self.directions):
            if k in self.apart and pool:  # a letter was written between them: put one back
                out.append(pool.pop(0))
            out.append(token)
        return "".join(out + pool)


def _apart(tokens: tuple[str, ...], letters: str, offsets: list[int]) -> tuple[int, ...]:
    """The tokens whose first letter was not written right after the token before (a
    letter that gives no token, an h the Interactive Diagram reads as nothing, is passed
    over and keeps them apart too).

    >>> _apart(("r", "f"), "hrf", [0, 1, 3])
    (1,)
    """
    out: list[int] = []
    pos, end = 0, -2
    for k, token in enumerate(tokens):
        while pos < len(letters) and letters[pos:pos + len(token)] != token:
            pos += 1
        if k and offsets[pos] != end + 1:
            out.append(k)
        end = offsets[pos + len(token) - 1]
        pos += len(token)
    return tuple(out)


@dataclass(frozen=True)
class MoveDef:
    """A move: legs in order; the atom and range belong to the first leg and are
    inherited (possibly toggled) by the continuation legs.

    A move in the bracket notation (``v[F?R]``) has ``seps`` (``'?'`` or ``'-'`` after
    each leg but the last) and its ``prefix`` direction tokens; each of its legs has its
    own atom and range, and ``atom``/``range`` are the first leg's. A ``moved_only`` move,
    which a program reads into another's letters (XBoard's ``aiKK``), only a piece that has
    moved makes; the piece's spelling leaves it out.

    >>> move = parse("v[F?R2]").moves[0]
    >>> move.seps, move.prefix, [str(leg.atom) for leg in move.legs], str(move)
    (('?',), ('v',), ['F', 'R'], 'v[F?R2]')
    """

    legs: tuple[Leg, ...]
    atom: Atom
    range: Range | None = None
    start: int = 0  # position of the move in the source string
    end: int = 0
    seps: tuple[str, ...] = ()
    prefix: tuple[str, ...] = ()
    moved_only: bool = False

    @property
    def is_bracket(self) -> bool:
        """Written in the bracket notation."""
        return bool(self.seps)

    def __str__(self) -> str:
        if self.is_bracket:
            legs = [leg.spelling() + str(leg.atom) + (str(leg.range) if leg.range else "")
                    for leg in self.legs]
            body = legs[0] + "".join(sep + leg for sep, leg in zip(self.seps, legs[1:],
                                                                    strict=True))
            return "".join(self.prefix) + "[" + body + "]"
        groups = "a".join(leg.spelling() for leg in self.legs)
        return groups + str(self.atom) + (str(self.range) if self.range else "")


@dataclass(frozen=True)
class Piece:
    """A compound piece: its moves; ``own_range``: the Diagram's range-inheritance (read by the
    size estimate); ``as_written``: its canonical string is ``source`` (a reading spelling anew)."""

    moves: tuple[MoveDef, ...]
    source: str = ""
    own_range: bool = False
    as_written: bool = False

    def __str__(self) -> str:  # read again in the piece's reading: the same piece
        return self.source if self.as_written else spelling(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Piece) and spelling(self) == spelling(other)

    def __hash__(self) -> int:
        return hash(spelling(self))


def spelling(piece: Piece) -> str:
    """The piece's moves in the spec's words (its canonical string in the spec reading)."""
    return "".join(str(move) for move in piece.moves if not move.moved_only)


class _ToTree(Transformer[Token, Any]):
    """Turns lark's parse tree into :class:`MoveDef` objects (legs still raw)."""

    def __init__(self, text: str, grouping: Grouping | None = None):
        super().__init__()
        self.text = text
        self.grouping = grouping  # see parse

    def start(self, moves: list[MoveDef]) -> Piece:
        return Piece(tuple(moves), self.text)

    def group(self, letters: list[Token]) -> list[Token]:
        return letters

    def single(self, tokens: list[Token]) -> tuple[Atom, int]:
        letter = tokens[0]
        boost = tokens[1].value if len(tokens) > 1 else ""
        if boost and letter.value not in "WFDNAHCZGLJ":
            raise BetzaError(f"{boost} boosts only a leaper atom (W F D N A H C Z G L J), "
                             f"not {letter.value}", text=self.text, pos=tokens[1].start_pos)
        return Atom(letter.value, boost), letter.start_pos or 0

    def doubled(self, tokens: list[Token]) -> tuple[Atom, int]:
        return Atom(tokens[0].value[0], doubled=True), tokens[0].start_pos or 0

    def range(self, tokens: list[Token]) -> Range:
        return Range(tokens[0].value)

    def move(self, items: list[Any]) -> MoveDef:
        groups: list[list[Token]] = [items[0]]
        rest = items[1:]
        while rest and isinstance(rest[0], Token) and rest[0].type == "AGAIN":
            groups.append(rest[1])
            rest = rest[2:]
        (atom, atom_pos), rng = rest[0], (rest[1] if len(rest) > 1 else None)
        if atom.letter == "@" and len(groups) > 1:
            raise BetzaError("a drop (@) cannot have legs", text=self.text, pos=atom_pos)
        legs = tuple(self._leg(g, atom, rng, first=i == 0) for i, g in enumerate(groups))
        start = min([t.start_pos for g in groups for t in g] + [atom_pos])
        return MoveDef(legs, atom, rng, start=start)

    def bleg(self, items: list[Any]) -> tuple[list[Token], tuple[Atom, int], Range | None]:
        return items[0], items[1], (items[2] if len(items) > 2 else None)

    def bracket(self, items: list[Any]) -> MoveDef:
        prefix, opening = items[0], items[1]
        for t in prefix:
            if t.value not in DIRECTION_LETTERS:
                raise BetzaError(f"only direction letters may stand before a bracket, not "
                                 f"{t.value!r} (modes go inside, on a leg: [mF?cR])",
                                 text=self.text, pos=t.start_pos)
        parts = [x for x in items[2:-1] if not (isinstance(x, Token) and x.type == "SEP")]
        seps = tuple(x.value for x in items[2:-1] if isinstance(x, Token) and x.type == "SEP")
        legs: list[Leg] = []
        for group, (atom, atom_pos), rng in parts:
            if atom.letter in SPECIAL_ATOMS:
                raise BetzaError(f"{atom.letter} cannot be a leg of a bracket: its legs are "
                                 "leaps and slides", text=self.text, pos=atom_pos)
            legs.append(self._leg(group, atom, rng, first=not legs))
        directions = combine_directions("".join(t.value for t in prefix),
                                        [t.start_pos or 0 for t in prefix], self.text)
        return MoveDef(tuple(legs), legs[0].atom, legs[0].range, start=prefix[0].start_pos
                       if prefix else opening.start_pos or 0, end=items[-1].end_pos or 0,
                       seps=seps, prefix=directions)

    def _leg(self, group: list[Token], atom: Atom, rng: Range | None, first: bool) -> Leg:
        dirs = [(t.value, t.start_pos or 0) for t in group if t.value in DIRECTION_LETTERS]
        flags = (self.grouping or spec_grouping)(atom.letter + (atom.boost or ""), first)
        directions = combine_directions("".join(d for d, _ in dirs), [p for _, p in dirs],
                                        self.text, flags)
        modes = sorted({t.value for t in group if t.value in MODE_LETTERS},
                       key=CANONICAL_ORDER.index)
        counts: dict[str, int] = {}
        for t in group:
            if t.value not in DIRECTION_LETTERS + MODE_LETTERS:
                counts[t.value] = counts.get(t.value, 0) + 1
        modifiers = []
        for letter, n in counts.items():
            if n > 2 or (n == 2 and letter not in REPEATABLE):
                culprit = [t for t in group if t.value == letter][-1]
                raise BetzaError(f"modifier {letter!r} repeated", text=self.text,
                                 pos=culprit.start_pos)
            modifiers.append(letter * n)
        modifiers.sort(key=lambda s: ("i" + FLAG_ORDER).index(s[0]) if s[0] in "i" + FLAG_ORDER
                       else 99)
        return Leg(tuple(directions), tuple(modes), tuple(modifiers), atom, rng,
                   _apart(directions, "".join(d for d, _ in dirs), [p for _, p in dirs]))


@cache
def _parser() -> Lark:
    grammar = (Path(__file__).parent / "betza.lark").read_text()
    # cache: lark keeps the built tables in a file keyed by the grammar's hash, which
    # saves every process (each `betza` command) about 0.1 s of start-up
    return Lark(grammar, parser="lalr", propagate_positions=False, cache=True)


def parse(text: str, grouping: Grouping | None = None) -> Piece:
    """Parse an XBetza string into a :class:`Piece`; ``grouping`` gives each leg the flags
    with which its direction letters group (a reading of XBoard's: combine_directions).

    >>> str(parse("ffrrN")), parse("ffrrN").moves[0].legs[0].directions
    ('ffrrN', ('ff', 'rr'))
    """
    if not isinstance(text, str) or not text:
        raise BetzaError("empty Betza string", text="", pos=0)
    try:
        tree = _parser().parse(text)
        piece: Piece = _ToTree(text, grouping).transform(tree)
        return piece
    except UnexpectedInput as err:
        raise explain(err, text) from None
    except VisitError as err:
        if isinstance(err.orig_exc, BetzaError):
            raise err.orig_exc from None
        raise
