"""A piece's move table: every path it can take from a start square, with what the path
needs of the board, compiled once by the solver (encodings/table.lp).

Each :class:`Row` is one path: the squares where its legs end, its side effects, and its
condition, a conjunction of "this square holds that" (empty, a friend, an enemy, a royal
or non-royal enemy, any piece) and "the piece has not moved". Squares are offsets from the
start square. A table computed once, from the centre of a board twice as large, serves
every start square: a row applies where every square it names is on the board. Moves that
wrap round the board's edges or whose range depends on the rank (``*``) are compiled per
start square instead (``local``). So are the moves that read the position's state beyond
the squares of their paths (e.p. squares, unmoved castling partners, threatened squares):
their table is compiled for one ``state``, the facts paths.lp would read, as an input.

>>> table = compile_table("fcafmF", 8, 8)
>>> for row in table.rows:
...     print(row.path, row.captures, row.need)
((0, 0), (-1, 1), (-2, 2)) ((-1, 1),) {'empty': ((-2, 2),), 'enemy': ((-1, 1),)}
((0, 0), (1, 1), (2, 2)) ((1, 1),) {'empty': ((2, 2),), 'enemy': ((1, 1),)}
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import clingo

from translator.errors import BetzaError
from translator.facts.schema import BOARD, BY_NAME, CENTRE, ONSQUARE, QTYPE, START, STATED
from translator.shown import Local, NoCanon, each
from translator.squares import Square

Offset = tuple[int, int]
# the state a table was compiled for: facts (name, file, rank) of encodings/inputs.lp (ep,
# epvictim, virgin, threatened, royal), White's view, sorted
State = tuple[tuple[str, int, int], ...]
# the literals of encodings/condpaths.lp and the names of the table's conditions
NEEDS = {"e": "empty", "f": "friend", "x": "enemy", "xn": "nonroyal_enemy",
         "xk": "royal_enemy", "o": "piece"}
NEED_NAMES = tuple(NEEDS.values())
SCHEMA = "betza-kb/move-table/1"


class NotCompilable(Exception):
    """The piece's moves depend on more than the squares of their paths (e.p. or castling
    without a state, the imitator, relay ``x``), or on a reading or notation the table
    encoding does not cover; ``reason`` says which, ``reasons`` all of them."""

    def __init__(self, reason: str, reasons: frozenset[str] = frozenset()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.reasons = reasons or frozenset([reason])


@dataclass(frozen=True, eq=False)
class Row:
    """One path: move number, leg ends (offsets, the start ``(0, 0)`` first), side
    effects, and the condition on the squares it looks at (``need``: a tuple of offsets
    per name of :data:`NEED_NAMES`; ``unmoved``: the piece must not have moved)."""

    move: int
    path: tuple[Offset, ...]
    captures: tuple[Offset, ...] = ()
    unloads: tuple[tuple[Offset, Offset], ...] = ()
    ep_rights: tuple[Offset, ...] = ()
    need: dict[str, tuple[Offset, ...]] = field(default_factory=dict)
    unmoved: bool = False

    @property
    def to(self) -> Offset:
        return self.path[-1]

    def squares(self) -> set[Offset]:
        """Every square the row names (where it must fit on the board)."""
        named = set(self.path) | set(self.captures) | set(self.ep_rights)
        for unload in self.unloads:
            named.update(unload)
        for offsets in self.need.values():
            named.update(offsets)
        return named

    def as_json(self) -> dict[str, Any]:
        """The row of the table schema (docs/tables.md)."""
        out: dict[str, Any] = {"move": self.move, "path": [list(o) for o in self.path],
                               "captures": [list(o) for o in self.captures]}
        if self.unloads:
            out["unloads"] = [[list(a), list(b)] for a, b in self.unloads]
        if self.ep_rights:
            out["ep_rights"] = [list(o) for o in self.ep_rights]
        out["need"] = {name: [list(o) for o in self.need.get(name, ())]
                       for name in NEED_NAMES if self.need.get(name)}
        if self.unmoved:
            out["need"]["unmoved"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Row:
        def offs(items: list[list[int]]) -> tuple[Offset, ...]:
            return tuple((int(a), int(b)) for a, b in items)

        need = data.get("need", {})
        return cls(int(data["move"]), offs(data["path"]), offs(data.get("captures", [])),
                   tuple((offs([a])[0], offs([b])[0]) for a, b in data.get("unloads", [])),
                   offs(data.get("ep_rights", [])),
                   {name: offs(need[name]) for name in NEED_NAMES if need.get(name)},
                   bool(need.get("unmoved", False)))


@dataclass(eq=False)
class MoveTable:
    """The rows of a piece on a board: ``rows`` serve every start square (where they fit);
    a ``local`` table has its rows per start square instead (``starts``). ``state``: the
    position's state it was compiled for (None: a piece that reads none)."""

    betza: str
    reading: str
    files: int
    ranks: int
    rows: list[Row] = field(default_factory=list)
    local: bool = False
    starts: dict[Square, list[Row]] = field(default_factory=dict)
    state: State | None = None

    def rows_from(self, origin: Square) -> list[Row]:
        """The rows that apply to a piece on ``origin`` (White's view)."""
        if self.local:
            return self.starts.get(origin, [])
        return [row for row in self.rows if all(
            0 <= origin[0] + dx < self.files and 0 <= origin[1] + dy < self.ranks
            for dx, dy in _named(row))]

    @property
    def size(self) -> int:
        return len(self.rows) + sum(len(rows) for rows in self.starts.values())

    def as_json(self) -> dict[str, Any]:
        from translator.squares import square_name

        out: dict[str, Any] = {"schema": SCHEMA, "betza": self.betza, "reading": self.reading,
                               "board": [self.files, self.ranks], "local": self.local}
        if self.state is not None:
            out["state"] = [list(fact) for fact in self.state]
        if self.local:
            out["starts"] = {square_name(sq): [r.as_json() for r in rows]
                             for sq, rows in sorted(self.starts.items())}
        else:
            out["rows"] = [r.as_json() for r in self.rows]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveTable:
        from translator.squares import square_coords

        if data.get("schema") != SCHEMA:
            raise BetzaError(f"not a move table of schema {SCHEMA}")
        files, ranks = (int(n) for n in data["board"])
        table = cls(str(data["betza"]), str(data.get("reading", "spec")), files, ranks,
                    local=bool(data.get("local", False)))
        if "state" in data:
            table.state = tuple((str(name), int(x), int(y)) for name, x, y in data["state"])
        if table.local:
            table.starts = {square_coords(sq): [Row.from_json(r) for r in rows]
                            for sq, rows in data["starts"].items()}
        else:
            table.rows = [Row.from_json(r) for r in data["rows"]]
        return table


@lru_cache(maxsize=65536)
def _named(row: Row) -> frozenset[Offset]:
    return frozenset(row.squares())


def compile_table(text: str, files: int, ranks: int, reading: str = "spec", *,
                  squares: list[Square] | None = None, lazy: bool = False,
                  timeout: float = 60.0, max_atoms: int | None = None,
                  max_rows: int | None = None, state: State | None = None) -> MoveTable:
    """The move table of the piece ``text`` (a Betza string or a catalogue name) on a board
    of ``files`` x ``ranks``, derived by encodings/table.lp: from the centre of a board
    twice as large (one set of rows for every start square), or, with ``squares``, from
    those start squares of the board (a local table that holds only them). A piece whose
    rows depend on the start square (wrapping, curling, ``*``) is always compiled per
    square, every square when none are given (none with ``lazy``: the caller adds them
    with :func:`add_squares`). With a ``state`` (:data:`State`), the e.p. and castling
    moves are compiled for it (a state of squares: per start square). Raises
    :class:`NotCompilable` for pieces the table cannot express and for tables over
    ``max_rows`` rows; a grounding over ``max_atoms`` is refused (a ``LimitError``)."""
    from translator.facts.pieces import parse_piece
    from translator.solve.limits import DEFAULT_MAX_ATOMS, check_size

    piece = parse_piece(text, reading)
    deadline = time.monotonic() + timeout
    budget = DEFAULT_MAX_ATOMS if max_atoms is None else max_atoms
    if squares is None:
        check_size(piece, 2 * files - 1, 2 * ranks - 1, budget)
        found = compile_tables([(str(piece), reading)], files, ranks, timeout=timeout,
                               max_rows=max_rows, state=state)[0]
        if isinstance(found, NotCompilable):
            raise found
        if found is not None:
            return found
        squares = [] if lazy else [(x, y) for x in range(files) for y in range(ranks)]
    table = MoveTable(str(piece), reading, files, ranks, local=True, state=state)
    add_squares(table, squares, timeout=deadline - time.monotonic(), max_atoms=budget,
                max_rows=max_rows)
    return table


def compile_tables(pieces: list[tuple[str, str]], files: int, ranks: int, *,
                   timeout: float = 60.0, max_rows: int | None = None,
                   state: State | None = None, boards: list[tuple[int, int]] | None = None
                   ) -> list[MoveTable | NotCompilable | None]:
    """The whole-board tables of several pieces (canonical string, reading) in one
    program, each from the centre of the board twice as large (one program's fixed cost
    for them all: a batch asks for the pieces of its lines together), for the position's
    ``state`` if given; for a piece the table cannot express, why; None for one whose
    rows depend on the start square (a local table: :func:`compile_table`). Each piece is
    on the board ``files`` x ``ranks``, or on its own of ``boards`` (files, ranks) when
    given. The caller keeps the grounding within its budget (solve/limits.py)."""
    from translator.facts.pieces import piece_facts
    from translator.solve import engine

    sizes = boards if boards is not None else [(files, ranks)] * len(pieces)
    centres = [(f - 1, r - 1) for f, r in sizes]
    facts = " ".join(piece_facts(q + 1, text, reading) + " " + BOARD(q, 2 * f - 1, 2 * r - 1)
                     + START(q, f - 1, r - 1) + CENTRE(q) + QTYPE(q, q + 1)
                     + stated_facts(state, q) for q, ((text, reading), (f, r))
                     in enumerate(zip(pieces, sizes, strict=True)))
    deadline = time.monotonic() + timeout
    program = engine.ground("table.lp", facts, deadline=deadline, timeout=timeout)
    shown = shown_rows(program.ctl, deadline, timeout)
    rows = rows_by_query(shown, len(pieces))
    refused: list[list[str]] = [[] for _ in pieces]
    for no in each(shown, NoCanon):
        refused[no.t - 1].append(no.why)
    local = {one.t - 1 for one in each(shown, Local)}
    out: list[MoveTable | NotCompilable | None] = []
    for n, (text, reading) in enumerate(pieces):
        if refused[n]:
            out.append(NotCompilable(refused[n][0], frozenset(refused[n])))
        elif n in local:
            out.append(None)
        else:
            table = MoveTable(text, reading, *sizes[n], state=state)
            read_rows(rows[n], table, centres, max_rows)
            out.append(table)
    return out


def add_squares(table: MoveTable, squares: list[Square], *, timeout: float = 60.0,
                max_atoms: int | None = None, max_rows: int | None = None) -> None:
    """Compile the rows of a local ``table`` from ``squares`` too."""
    from translator.facts.pieces import parse_piece, piece_facts
    from translator.solve import engine
    from translator.solve.limits import DEFAULT_MAX_ATOMS, check_size

    if not squares:
        return
    files, ranks = table.files, table.ranks
    check_size(parse_piece(table.betza, table.reading), files, ranks,
               DEFAULT_MAX_ATOMS if max_atoms is None else max_atoms, times=len(squares))
    deadline = time.monotonic() + timeout
    facts = " ".join(BOARD(q, files, ranks) + START(q, x, y) + ONSQUARE(q)
                     + stated_facts(table.state, q) for q, (x, y) in enumerate(squares))
    program = engine.ground("table.lp", piece_facts(1, table.betza, table.reading) + " "
                            + facts, deadline=deadline, timeout=timeout)
    shown = shown_rows(program.ctl, deadline, timeout)
    refused = [no.why for no in each(shown, NoCanon)]
    if refused:
        raise NotCompilable(refused[0], frozenset(refused))
    found = MoveTable(table.betza, table.reading, files, ranks, local=True)
    read_rows([row for rows in rows_by_query(shown, len(squares)) for row in rows], found,
              squares, max_rows)
    for square in squares:
        table.starts[square] = found.starts.get(square, [])


def stated_facts(state: State | None, q: int) -> str:
    """The facts of a table's state for query ``q`` (encodings/condpaths.lp: stated/1)."""
    if state is None:
        return ""
    return STATED(q) + "".join(BY_NAME[name](q, x, y) for name, x, y in state)


def shown_rows(ctl: clingo.Control, deadline: float, timeout: float) -> list[clingo.Symbol]:
    from translator.solve import engine

    symbols: list[clingo.Symbol] = []

    def on_model(model: clingo.Model) -> None:
        symbols[:] = model.symbols(shown=True)

    engine.solve(ctl, deadline=deadline, what="compiling the move table", timeout=timeout,
                 on_model=on_model)
    return symbols


def rows_by_query(shown: list[clingo.Symbol], queries: int) -> list[list[list[str]]]:
    """The shown ``row/5`` atoms (:class:`translator.shown.TableRow`) of each query 0, 1 …,
    as the names and numbers of their texts (each argument asked of clingo costs a call)."""
    rows: list[list[list[str]]] = [[] for _ in range(queries)]
    for tokens in (_TOKEN.findall(text) for text in map(str, shown) if text.startswith("row(")):
        rows[int(tokens[1])].append(tokens)
    return rows


def read_rows(shown: list[list[str]], table: MoveTable, starts: list[Square],
              max_rows: int | None) -> None:
    """Fill ``table`` with rows of queries 0, 1 … (:func:`rows_by_query`; from ``starts``:
    the centre of the doubled board, or the squares of a local table)."""
    count = 0
    for tokens in shown:
        origin = starts[int(tokens[1])]
        row = row_of(tokens, origin)
        if row is None:
            continue
        count += 1
        if max_rows is not None and count > max_rows:
            raise NotCompilable(f"more than {max_rows} rows")
        (table.starts.setdefault(origin, []) if table.local else table.rows).append(row)
    for rows in [table.rows, *table.starts.values()]:
        rows.sort(key=_row_order)


# the names and numbers of an atom's text, in order: row(Q,M,H,E,C) with H a chain
# h(X,Y,Prev) ending in nil, E of e(Kind,X,Y,Prev) and u(X,Y,X2,Y2,Prev), C of
# c(X,Y,Literal,Prev) (each functor's arity is known, so no brackets are needed)
_TOKEN = re.compile(r"-?\d+|\w+")


def _row_order(row: Row) -> tuple[Any, ...]:
    return (row.to, row.path, row.captures, row.unloads, row.ep_rights, row.move,
            sorted(row.need.items()), row.unmoved)


def row_of(tokens: list[str], origin: Square) -> Row | None:
    """The row of a shown path (the tokens of its ``row/5`` atom), its squares as offsets
    from ``origin``; None when its condition contradicts itself (a square that must hold
    two different things)."""
    ox, oy = origin

    def off(i: int) -> Offset:   # the square of the two numbers at i
        return int(tokens[i]) - ox, int(tokens[i + 1]) - oy

    at = 3   # after "row", Q, M
    path: list[Offset] = []
    while tokens[at] == "h":
        path.append(off(at + 1))
        at += 3
    at += 1   # nil
    captures: list[Offset] = []
    unloads: list[tuple[Offset, Offset]] = []
    rights: list[Offset] = []
    while tokens[at] != "nil":
        if tokens[at] == "u":
            unloads.append((off(at + 1), off(at + 3)))
            at += 5
            continue
        kind = tokens[at + 1]
        if kind == "cap":
            captures.append(off(at + 2))
        elif kind == "ep":
            rights.append(off(at + 2))
        at += 4
    at += 1
    states: dict[Offset, frozenset[str]] = {}
    unmoved = False
    while tokens[at] == "c":
        lit = tokens[at + 3]
        if lit == "v":
            unmoved = True
            at += 4
            continue
        square = off(at + 1)
        at += 4
        allowed = states.get(square, ALL) & ALLOWED[lit]
        if not allowed:
            return None
        states[square] = allowed
    need: dict[str, list[Offset]] = {}
    for square, allowed in sorted(states.items()):
        need.setdefault(NEED_OF[allowed], []).append(square)
    return Row(int(tokens[2]), tuple(reversed(path)), tuple(reversed(captures)),
               tuple(reversed(unloads)), tuple(dict.fromkeys(reversed(rights))),
               {name: tuple(need[name]) for name in NEED_NAMES if name in need}, unmoved)


# a square's state: Empty, Friend, non-royal enemy (X), royal enemy (K)
ALL = frozenset("EFXK")
ALLOWED = {"e": frozenset("E"), "f": frozenset("F"), "x": frozenset("XK"),
           "xn": frozenset("X"), "xk": frozenset("K"), "o": frozenset("FXK")}
# every intersection of literals is again one literal (or empty)
NEED_OF = {states: NEEDS[lit] for lit, states in ALLOWED.items()}
