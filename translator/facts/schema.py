"""The facts Python writes for the encodings, typed: one :class:`Predicate` per input
predicate, its arguments named as encodings/README.md documents them. A fact is written by
calling its predicate, which checks the number of arguments and quotes the string ones, so
that no module spells a fact by hand.

>>> ATOM(1, 2, "N")
'atom(1,2,"N").'
>>> PIECE(0, 4, 3, "white", "none")
'piece(0,4,3,white,none).'
>>> MOVE(1)
Traceback (most recent call last):
...
TypeError: move(T,M) takes 2 arguments, not 1
"""

from __future__ import annotations

Term = int | str


def quoted(text: str) -> str:
    """An ASP string constant."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Predicate:
    """An input predicate: its name and its arguments' names, a quoted one (a string
    constant, such as an atom letter) written in quotes: ``Predicate("atom", "T", "M",
    '"Letter"')``. Other arguments are numbers or symbolic constants (``white``, ``stop``)."""

    __slots__ = ("args", "name", "_quoted")

    def __init__(self, name: str, *args: str):
        self.name = name
        self.args = tuple(a.strip('"') for a in args)
        self._quoted = tuple(a.startswith('"') for a in args)

    @property
    def arity(self) -> int:
        return len(self.args)

    def __repr__(self) -> str:
        return f"{self.name}({','.join(self.args)})"

    def __call__(self, *values: Term) -> str:
        """The fact with these arguments, as ASP text ending in a full stop."""
        if len(values) != len(self.args):
            raise TypeError(f"{self!r} takes {len(self.args)} arguments, not {len(values)}")
        terms = (quoted(str(v)) if q else str(v) for v, q in zip(values, self._quoted,
                                                                  strict=True))
        return f"{self.name}({','.join(terms)})."


# the moves of a piece type T (translator/facts/translate.py)
MOVE = Predicate("move", "T", "M")
ATOM = Predicate("atom", "T", "M", '"Letter"')
BOOST = Predicate("boost", "T", "M", '"Letter"')
RIDER = Predicate("rider", "T", "M")
MOVED = Predicate("movedonly", "T", "M")    # the move is made only by a piece that has moved
RANGE = Predicate("range", "T", "M", "Steps")
LEG = Predicate("leg", "T", "M", "L")
DIR = Predicate("dir", "T", "M", "L", '"Token"')
MODE = Predicate("mode", "T", "M", "L", "Mode")
FLAG = Predicate("flag", "T", "M", "L", '"Flag"')
BRACKET = Predicate("bracket", "T", "M")
LATOM = Predicate("latom", "T", "M", "L", '"Letter"')
LRIDER = Predicate("lrider", "T", "M", "L")
LRANGE = Predicate("lrange", "T", "M", "L", "Steps")
SEP = Predicate("sep", "T", "M", "L", "Sep")
PDIR = Predicate("pdir", "T", "M", '"Token"')
READING = Predicate("reading", "T", '"Switch"', "Dialect")
# the position of a query Q
BOARD = Predicate("board", "Q", "Files", "Ranks")
PIECE = Predicate("piece", "Q", "X", "Y", "Col", "T")
ROYAL = Predicate("royal", "Q", "X", "Y")
VIRGIN = Predicate("virgin", "Q", "X", "Y")
WALL = Predicate("wall", "Q", "X", "Y")
EP = Predicate("ep", "Q", "X", "Y")
EPVICTIM = Predicate("epvictim", "Q", "X", "Y")
MOVER = Predicate("mover", "Q", "X", "Y")
LASTMOVED = Predicate("lastmoved", "Q", "T")
THREATENED = Predicate("threatened", "Q", "X", "Y")
# what the query files ask
TARGET = Predicate("target", "Q", "X", "Y")
START = Predicate("start", "Q", "X", "Y")
COMPARE = Predicate("compare", "Kind")
CENTRE = Predicate("centre", "Q")
ONSQUARE = Predicate("onsquare", "Q")
DROPPER = Predicate("dropper", "Q", "T", "Col")
WANT = Predicate("want", "Q", "X", "Y", "Kind")
CAND_SYS = Predicate("cand_sys", "M", '"System"')   # find.lp: the direction system of M
SYS_TOK = Predicate("sys_tok", '"System"', '"Token"')
TOK_LEN = Predicate("tok_len", '"Token"', "N")
BASE_LEN = Predicate("base_len", "M", "N")
CLASH = Predicate("clash", '"System"', '"Token1"', '"Token2"')
QTYPE = Predicate("qtype", "Q", "T")          # condpaths.lp: the query starts piece type T
STATED = Predicate("stated", "Q")             # condpaths.lp: the query has a position's state
MOVERTYPE = Predicate("movertype", "Q", "T")  # why_externals.lp
MOVERSIDE = Predicate("moverside", "Q", "Side")
GUARDED = Predicate("guarded", "Q", "Col")         # legal.lp: the side whose royals are asked
AFTER = Predicate("after", "Q", "N", "A")         # legal.lp: query A is Q after move N
PASSES = Predicate("passes", "Q", "N", "B")       # legal.lp: B, a square castling N passes
# census.lp's square the reach is counted from (not condpaths.lp's centre/1 of a query)
CENSUS_CENTRE = Predicate("centre", "X", "Y")

# every predicate above by name (the first of a name): a position's atoms come as (name,
# arguments) pairs
BY_NAME: dict[str, Predicate] = {}
for _p in tuple(globals().values()):
    if isinstance(_p, Predicate):
        BY_NAME.setdefault(_p.name, _p)


def fact(name: str, args: tuple[Term, ...]) -> str:
    """The fact of the predicate called ``name``."""
    return BY_NAME[name](*args)
