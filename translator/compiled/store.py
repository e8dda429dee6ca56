"""The move tables a process keeps: compiled on first use (least recently used ones
dropped past :data:`KEEP`), or loaded from a folder written by ``betza compile``.

A piece the table cannot express (the imitator, relay ``x``, a few switches of the programs'
readings: encodings/condpaths.lp's uncovered/2) and a
table over the row budget are answered by the solver position by position; :func:`route`
says which way a piece goes and why. E.p. and castling read the position's state beyond
the squares of their paths: their tables are compiled for one state (``state``, kept per
state), and without one they too keep the solver path. A batch's pieces are compiled
together (:func:`prepare`).

>>> route("R", "spec", 8, 8)
'table'
>>> route("fmWfceFifmnD", "spec", 8, 8)
'solver: en passant'
>>> route("fmWfceFifmnD", "spec", 8, 8, state=())   # no e.p. square
'table'
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from translator.compiled import shared
from translator.compiled.table import (
    MoveTable,
    NotCompilable,
    State,
    add_squares,
    compile_table,
    compile_tables,
)
from translator.compiled.trust import Refused, read_table, stamp
from translator.errors import BetzaError, LimitError
from translator.facts.pieces import parse_piece
from translator.solve.batch import chunks, in_halves
from translator.solve.engine import SolverTimeout
from translator.solve.limits import DEFAULT_MAX_ATOMS, estimated_atoms
from translator.squares import Square

KEEP = 256           # tables kept per process
MAX_ROWS = 20_000    # a larger table is left to the solver (chains of many legs)
# a piece whose paths would ground more (the size estimate of translator/solve/limits.py
# on the board twice as large) is compiled square by square, and over it on the real
# board it keeps the solver path for moves (table_at): aaaK (1,900 rows from one square,
# 0.8 s to compile) is answered faster by lean.lp position by position (0.2 s), maWW (950
# rows, 0.15 s for the whole board) by its table
TABLE_ATOMS = 200_000
COMPILE_TIMEOUT = 20.0
# canonical string, reading, files, ranks, and the state compiled for (None: none)
Key = tuple[str, str, int, int, State | None]
OVER = "a table over the size budget"
OUT_OF_TIME = "compiling ran out of time"
# why a piece keeps the solver path, in words
REASONS = {"ep": "en passant", "excite": "relay (x) moves", "castling": "castling",
           "imitator": "the imitator", "reading": "a program's reading"}
# what a piece reads of the position's state (encodings/condpaths.lp reads/1)
STATED = frozenset({"ep", "castling"})

_tables: OrderedDict[Key, MoveTable | str] = OrderedDict()
_loaded: dict[Key, MoveTable] = {}
_reads: dict[Key, frozenset[str]] = {}   # pieces that keep the solver path without a state
_fresh: list[MoveTable | str] = []
_folders: set[str] = set()   # the folders loaded (resolved paths)
_lock = threading.Lock()
_solver_only: ContextVar[bool] = ContextVar("solver_only", default=False)


@contextmanager
def solver_only() -> Iterator[None]:
    """Within this block every query keeps the solver path (the cross-check of the
    tables, and the tests of the kept programs, translator/solve/warm.py)."""
    token = _solver_only.set(True)
    try:
        yield
    finally:
        _solver_only.reset(token)


def table_for(betza: str, reading: str, files: int, ranks: int, *,
              timeout: float = COMPILE_TIMEOUT, state: State | None = None
              ) -> MoveTable | None:
    """The move table of the canonical string ``betza`` read in ``reading`` on the board,
    compiled when first asked (a local table without its squares: see :func:`table_at`);
    None when the piece keeps the solver path. Given the ``state`` of a position, a piece
    that reads it (:func:`state_reads`) is compiled for it; to the others it makes no
    difference."""
    if _solver_only.get():
        return None
    if state is not None:
        plain = table_for(betza, reading, files, ranks, timeout=timeout)
        if plain is not None or not state_reads(betza, reading, files, ranks):
            return plain
    key = (betza, reading, files, ranks, state)
    found = _loaded.get(key)
    if found is not None:
        return found
    with _lock:
        kept = _tables.get(key)
        if kept is not None:
            _tables.move_to_end(key)
    if kept is None and (kept := shared.read(key)) is not None:
        _keep(key, kept, fresh=False)   # compiled by another worker of the server
    elif kept is None:
        kept = _compile(key, min(timeout, COMPILE_TIMEOUT))
        if kept is None:   # out of time: not remembered, a later query tries again
            return None
        _keep(key, kept)
    return kept if isinstance(kept, MoveTable) else None


def prepare(pieces: list[tuple[str, str, int, int]], *, timeout: float = COMPILE_TIMEOUT
            ) -> None:
    """Compile together, in as few programs as fit, the whole-board tables of the pieces
    (canonical string, reading, files, ranks) not known yet, for no state (a batch's
    pieces, whatever their boards: a program's fixed cost, some 20 to 90 ms, paid once for
    them all instead of once each); what cannot be compiled so, or not in time (each
    program within ``timeout``), is left to :func:`table_for`."""
    if _solver_only.get():
        return
    sized: list[tuple[Key, int]] = []
    for betza, reading, files, ranks in dict.fromkeys(pieces):
        key: Key = (betza, reading, files, ranks, None)
        if key in _loaded or key in _tables:
            continue
        if (table := shared.read(key)) is not None:
            _keep(key, table, fresh=False)
            continue
        size = estimated_atoms(parse_piece(betza, reading), 2 * files - 1, 2 * ranks - 1)
        if size <= TABLE_ATOMS:
            sized.append((key, size))

    def compile_group(keys: list[Key]) -> None:
        found = compile_tables([key[:2] for key in keys], 0, 0,
                               boards=[key[2:4] for key in keys],
                               timeout=min(timeout, COMPILE_TIMEOUT), max_rows=MAX_ROWS)
        for key, table in zip(keys, found, strict=True):
            if table is not None:   # (a local one is compiled by table_for)
                _keep(key, table if isinstance(table, MoveTable) else _refused(key, table))

    # (each program in the time one table has; the pieces a program failed for, and only
    # they, are compiled one by one by table_for, each in that time too)
    in_halves([[item[0] for item in chunk] for chunk in chunks(sized, DEFAULT_MAX_ATOMS)],
              compile_group, (SolverTimeout, NotCompilable, LimitError))


def table_at(betza: str, reading: str, files: int, ranks: int, square: Square, *,
             timeout: float = COMPILE_TIMEOUT, patient: bool = False,
             state: State | None = None) -> MoveTable | None:
    """:func:`table_for`, with the rows from ``square`` (White's view) compiled. A piece
    with many paths from one square (over :data:`TABLE_ATOMS`) is compiled there only for
    a ``patient`` caller: the teaching board, which marks every square of many positions
    of the piece; a query of moves grounds its position instead."""
    if not patient and many_paths(betza, reading, files, ranks):
        table = table_for(betza, reading, files, ranks, timeout=timeout, state=state)
        return table if table is not None and square in table.starts else None
    return table_with(betza, reading, files, ranks, [square], timeout=timeout, state=state)


@lru_cache(maxsize=4096)
def many_paths(betza: str, reading: str, files: int, ranks: int) -> bool:
    """Over :data:`TABLE_ATOMS` from one square (asked for every query of such a piece)."""
    return estimated_atoms(parse_piece(betza, reading), files, ranks) > TABLE_ATOMS


def table_with(betza: str, reading: str, files: int, ranks: int, squares: list[Square], *,
               timeout: float = COMPILE_TIMEOUT, state: State | None = None
               ) -> MoveTable | None:
    """:func:`table_for`, with the rows from each of ``squares`` (White's view) compiled
    (those of a local table not compiled yet: in as few programs as fit)."""
    table = table_for(betza, reading, files, ranks, timeout=timeout, state=state)
    if table is None or not table.local:
        return table
    missing = [sq for sq in dict.fromkeys(squares) if sq not in table.starts]
    if not missing:
        return table
    kept = _add(table, missing, min(timeout, COMPILE_TIMEOUT), DEFAULT_MAX_ATOMS)
    if isinstance(kept, str):
        _keep(_key(table), kept)
    return kept if isinstance(kept, MoveTable) else None


def _add(table: MoveTable, squares: list[Square], timeout: float, max_atoms: int
         ) -> MoveTable | str | None:
    """The local ``table`` with the rows from ``squares`` added, compiled in groups of
    squares that ground within ``max_atoms``; else the reason it keeps the solver path
    (None: out of time)."""
    deadline = time.monotonic() + timeout
    each = estimated_atoms(parse_piece(table.betza, table.reading), table.files, table.ranks)
    step = max(1, max_atoms // max(1, each))
    try:
        for first in range(0, len(squares), step):
            add_squares(table, squares[first:first + step], max_atoms=max_atoms,
                        timeout=deadline - time.monotonic(), max_rows=MAX_ROWS)
    except SolverTimeout:
        return None
    except (NotCompilable, LimitError) as err:
        return _reason(err)
    return table


def take_fresh() -> list[MoveTable]:
    """The tables compiled in this process since the last call (a batch worker hands
    them to the reading process, whose next workers then start with them)."""
    with _lock:
        fresh = [kept for kept in _fresh if isinstance(kept, MoveTable)]
        _fresh.clear()
    return fresh


def adopt(tables: list[MoveTable]) -> None:
    """Keep tables compiled in another process (:func:`take_fresh`)."""
    for table in tables:
        _keep(_key(table), table, fresh=False)


def _key(table: MoveTable) -> Key:
    return table.betza, table.reading, table.files, table.ranks, table.state


def _keep(key: Key, kept: MoveTable | str, fresh: bool = True) -> None:
    if fresh and isinstance(kept, MoveTable):
        shared.write(key, kept)
    with _lock:
        if fresh:
            _fresh.append(kept)
        _tables[key] = kept
        _tables.move_to_end(key)
        while len(_tables) > KEEP:
            _tables.popitem(last=False)


def _compile(key: Key, timeout: float, max_atoms: int = DEFAULT_MAX_ATOMS
             ) -> MoveTable | str | None:
    """A whole board's table where the piece's paths are few; a local table compiled
    square by square where they are many only on the doubled board; else the reason
    it keeps the solver path (None: out of time)."""
    betza, reading, files, ranks, state = key
    piece = parse_piece(betza, reading)
    squares: list[Square] | None
    # (a state of squares is compiled per start square: its facts name them)
    if not state and estimated_atoms(piece, 2 * files - 1, 2 * ranks - 1) <= TABLE_ATOMS:
        squares = None
    elif estimated_atoms(piece, files, ranks) <= DEFAULT_MAX_ATOMS:
        squares = []
    else:
        return OVER
    try:
        return compile_table(betza, files, ranks, reading, squares=squares, lazy=True,
                             timeout=timeout, max_rows=MAX_ROWS, max_atoms=max_atoms,
                             state=state)
    except SolverTimeout:
        return None
    except NotCompilable as err:
        return _refused(key, err)
    except LimitError as err:
        return _reason(err)


def _refused(key: Key, err: NotCompilable) -> str:
    """Why the piece of ``key`` keeps the solver path; a piece that does only for the
    position's state it reads is remembered (:func:`state_reads`)."""
    if key[4] is None and err.reasons <= STATED:
        _reads[key] = err.reasons
    return _reason(err)


def compile_full(betza: str, reading: str, files: int, ranks: int, *,
                 timeout: float = COMPILE_TIMEOUT, max_atoms: int = DEFAULT_MAX_ATOMS
                 ) -> MoveTable | str:
    """The table ``betza compile`` writes for the canonical string ``betza``: as
    :func:`table_for` compiles it, a local table with the rows of every start square;
    or the reason the piece keeps the solver path. Each program grounds at most about
    ``max_atoms`` (a local table's squares go in groups that fit), all within
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    kept = _compile((betza, reading, files, ranks, None), timeout, max_atoms)
    if isinstance(kept, MoveTable) and kept.local:
        kept = _add(kept, [(x, y) for y in range(ranks) for x in range(files)],
                    deadline - time.monotonic(), max_atoms)
    return OUT_OF_TIME if kept is None else kept


def _reason(err: Exception) -> str:
    if isinstance(err, NotCompilable):
        return REASONS.get(err.reason, err.reason)
    return OVER


def state_reads(betza: str, reading: str, files: int, ranks: int) -> frozenset[str]:
    """What of a position's state the piece reads, where a table compiled for that state
    answers it (``ep``, ``castling``); empty for a piece that reads none, or has no table
    for another reason (known once :func:`table_for` has been asked)."""
    return _reads.get((betza, reading, files, ranks, None), frozenset())


def route(betza: str, reading: str, files: int, ranks: int, state: State | None = None
          ) -> str:
    """``"table"``, or ``"solver: "`` and the reason the piece keeps the solver path (in
    positions of ``state``, given)."""
    table = table_for(betza, reading, files, ranks, state=state)
    if table is not None:
        if table.local and many_paths(betza, reading, files, ranks):
            return "solver: many paths from each square (a teaching board compiles them)"
        return "table"
    return f"solver: {solver_reason(betza, reading, files, ranks, state)}"


def solver_reason(betza: str, reading: str, files: int, ranks: int,
                  state: State | None = None) -> str:
    """Why :func:`table_for` (or :func:`table_with`) last found no table for the piece,
    in words (without compiling again)."""
    kept = _tables.get((betza, reading, files, ranks, state if state_reads(
        betza, reading, files, ranks) else None))
    return kept if isinstance(kept, str) else OUT_OF_TIME


def over_budget(betza: str, reading: str, files: int, ranks: int) -> bool:
    """Whether the piece keeps the solver path only for the size of its table (known
    once :func:`table_for` has been asked; nothing is compiled here)."""
    kept = _tables.get((betza, reading, files, ranks, None))
    if isinstance(kept, str):
        return kept == OVER
    return isinstance(kept, MoveTable) and kept.local and many_paths(betza, reading, files,
                                                                      ranks)


def file_name(table: MoveTable) -> str:
    """A file name for the table: readable where it can be, unique always."""
    digest = hashlib.sha1(f"{table.betza}|{table.reading}".encode()).hexdigest()[:10]
    safe = "".join(ch if ch.isalnum() else "_" for ch in table.betza)[:40]
    return f"{safe}-{table.reading}-{table.files}x{table.ranks}-{digest}.json"


def save(table: MoveTable, folder: Path) -> Path:
    """Write ``table`` into ``folder`` (docs/tables.md), marked with the rules it was
    compiled by and its checksum (translator/compiled/trust.py); the path written."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name(table)
    path.write_text(json.dumps(stamp(table.as_json()), separators=(",", ":")) + "\n")
    return path


def load(folder: str | Path, *, stale: str | None = None) -> int:
    """Keep every table of ``folder`` (files ``*.json`` of docs/tables.md) for the rest of
    the process; how many were loaded. A file that cannot be trusted (trust.py), a second
    table of a piece, or one whose name is not that of its content is a one-line error
    naming it; a table compiled by other rules is too, unless ``stale`` is
    ``"recompile"`` (by default, ``$BETZA_STALE_TABLES``, which ``--stale-tables`` sets
    for the workers too): then it is left unread, its piece compiled afresh when asked."""
    stale = stale or os.environ.get("BETZA_STALE_TABLES", "refuse")
    path = Path(folder)
    if not path.is_dir():
        raise BetzaError(f"--tables: {folder} is not a folder")
    found: dict[Key, str] = {}
    kept: list[MoveTable] = []
    for item in sorted(path.glob("*.json")):
        try:
            table = read_table(item)
            canonical = str(parse_piece(table.betza, table.reading))
        except Refused as err:
            if err.stale and stale == "recompile":
                continue
            raise BetzaError(f"--tables: {item.name}: {err}") from None
        except BetzaError as err:
            raise BetzaError(f"--tables: {item.name}: its piece cannot be read ({err})"
                             ) from None
        if canonical != table.betza or file_name(table) != item.name:
            first = found.get(_key(table))
            raise BetzaError(f"--tables: {item.name}: " + (
                f"a second table of {table.betza} on {table.files}x{table.ranks} (the "
                f"first is {first})" if first else "its name does not match its content "
                f"(the table of {canonical} on {table.files}x{table.ranks}, "
                f"{table.reading}, is named {file_name(table)})"))
        found[_key(table)] = item.name
        kept.append(table)
    _loaded.update((_key(table), table) for table in kept)
    _folders.add(str(path.resolve()))
    return len(found)
def load_once(folder: str | Path) -> None:
    """:func:`load` ``folder`` unless this process has loaded it already (a worker
    forked after the load has its tables; one started afresh loads them)."""
    if str(Path(folder).resolve()) not in _folders:
        load(folder)
