"""Which lane of ``betza serve``'s workers a query waits in, and how it waits there.

A lane is a pool of worker processes (translator/web/workers.py) with a queue in front of it:
a query is sent to a worker only once one is free, so a query still waiting can be dropped
without ever costing a worker anything: when its time limit runs out while it waits (the
wait counts against the limit), when its client has gone (the page moved on and aborted
the request), or when a newer query of the same ``channel`` arrives (a page names its
channels, one per pane: only the newest question of a pane is worth answering).

A query whose size estimate is large (a long string, a board query of a long chain, a
whole-board query of a big piece on a big board) waits in a lane of its own, the
``heavy`` one, so that a few of them never fill the workers that quick queries need.

>>> lane_of({"query": "why", "betza": "N", "from": "e4", "to": "f6"})
'why'
>>> lane_of({"query": "explain", "betza": "N" * 60_000})
'heavy'
>>> lane_of({"query": "compile", "betza": "Q", "files": 8, "ranks": 8}), lane_of(
...     {"query": "compile", "betza": "Q", "files": 26, "ranks": 26})
('search', 'heavy')
"""

from __future__ import annotations

import asyncio
import math
from collections import Counter, OrderedDict, deque
from concurrent.futures import Future
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from translator.bounds import LONGEST
from translator.solve.limits import DEFAULT_MAX_ATOMS

# lane of each query kind (others: "board")
LANE_OF = {"why": "why", "explain": "explain", **dict.fromkeys(
    ("equiv", "find", "census", "classes", "lint", "convert", "compile"), "search")}
# kinds that answer over the whole board (every start square): their size is the piece's
# estimate from one square times the board's squares. (An explanation compiles the piece's
# rows on the doubled board, or from its square for a piece of many paths: a query from one
# square, once the kb's pieces are compiled for the board.)
WHOLE_BOARD = {"equiv", "compile", "census", "classes", "find"}
HEAVY = 100_000  # estimated atoms of a query from one square that make it heavy
HEAVY_BOARD = 1_000_000  # the same for a whole-board query, over all its squares
LONG = 200  # characters of a string past which a query is heavy before it is parsed
QUICK = 0.25  # seconds within which a heavy query's like answered: it is not heavy
STRINGS = ("betza", "a", "b")  # the keys that hold strings to size
SUPERSEDED = {"ok": False, "superseded": True, "error": "a newer query of the same channel "
              "came before this one was started: it was dropped unanswered"}


MAX_ATOMS = DEFAULT_MAX_ATOMS  # the most atoms a query may ask to ground


class Superseded(Exception):
    """A newer query of the same channel arrived while this one waited."""


def lane_of(obj: dict[str, Any]) -> str:
    """The lane a (well-formed or not) query object waits in."""
    return "heavy" if is_heavy(obj) else home_lane(obj)


def home_lane(obj: dict[str, Any]) -> str:
    """The lane of a query's kind, where it waits unless it is heavy."""
    kind = obj.get("query")
    if kind == "compile" and obj.get("from") is not None:
        return "board"   # one square's rows: what the piece's board compiles anyway
    return LANE_OF.get(kind, "board") if isinstance(kind, str) else "board"


class Measured:
    """How long the heavy lane took over the queries it answered, by what a query's cost
    depends on (its kind, strings, board and reading): a query that its size estimate
    calls heavy, but whose like the heavy lane answered within :data:`QUICK` seconds,
    waits in its own kind's lane instead. The estimate overrates most pieces of several
    legs (``moves tmvazmcfsayN0``, estimated at 205,000 atoms, answers in 0.03 s), and
    the heavy lane's workers, at a low priority, are among the last to get the CPU.

    >>> seen = Measured()
    >>> moves = {"query": "moves", "betza": "aaaK", "from": "d4"}
    >>> seen.lane(moves)
    'heavy'
    >>> seen.note(moves, 0.04)
    >>> seen.lane({**moves, "from": "a1"}), seen.lane({**moves, "query": "why", "to": "e6"})
    ('board', 'heavy')
    """

    def __init__(self, keep: int = 4096) -> None:
        self._seconds: OrderedDict[int, float] = OrderedDict()
        self._keep = keep

    @staticmethod
    def _key(obj: dict[str, Any]) -> int:
        return hash(tuple(repr(obj.get(key)) for key in (
            "query", *STRINGS, "board", "files", "ranks", "dialect", "ini")))

    def lane(self, obj: dict[str, Any]) -> str:
        """The lane ``obj`` waits in (:func:`lane_of`, unless measured quick)."""
        lane = lane_of(obj)
        seconds = self._seconds.get(self._key(obj))
        if lane == "heavy" and seconds is not None and seconds <= QUICK and not any(
                len(text) > LONG for text in _strings(obj)):
            return home_lane(obj)
        return lane

    def note(self, obj: dict[str, Any], seconds: float) -> None:
        """The heavy lane answered ``obj`` in ``seconds``."""
        key = self._key(obj)
        self._seconds[key] = seconds
        self._seconds.move_to_end(key)
        while len(self._seconds) > self._keep:
            self._seconds.popitem(last=False)


def _strings(obj: dict[str, Any]) -> list[str]:
    """The strings a query's size is measured by (:data:`STRINGS`)."""
    return [obj[key] for key in STRINGS if isinstance(obj.get(key), str)]


def _board(obj: dict[str, Any]) -> tuple[int, int] | None:
    files, ranks = obj.get("files", 8), obj.get("ranks", 8)
    board = obj.get("board")
    if isinstance(board, str) and board.count("x") == 1:
        f, _, r = board.partition("x")
        if f.isdigit() and r.isdigit() and len(f) < 3 and len(r) < 3:
            files, ranks = int(f), int(r)
    return (files, ranks) if type(files) is int and type(ranks) is int else None


def is_heavy(obj: dict[str, Any]) -> bool:
    """Whether a query's size estimate (translator/solve/limits.py) is large: any of its
    strings is over :data:`LONG` characters, or its pieces' estimated atoms pass
    :data:`HEAVY` from one square (:data:`HEAVY_BOARD` over the board for a whole-board
    kind), or it is an explanation on a board the kb's pieces are not compiled for yet
    (seconds, once per board size). A malformed query is not heavy: its worker says what
    is wrong at once."""
    from translator.errors import BetzaError
    from translator.facts.pieces import parse_piece
    from translator.jsonapi.batch import EXPLAIN_BOARD, names_board
    from translator.present.explain.summary import kb_ready
    from translator.solve.limits import estimated_atoms
    from translator.squares import MAX_SIZE

    strings = _strings(obj)
    if any(len(text) > LONG for text in strings):
        return True
    board = _board(obj)
    if board is None or not all(0 < n <= MAX_SIZE for n in board):
        return False
    files, ranks = board
    kind = obj.get("query")
    if kind == "explain" and not kb_ready(*(board if names_board(obj) else EXPLAIN_BOARD)):
        return True
    # (a compile with "from" is one square's rows)
    whole = isinstance(kind, str) and kind in WHOLE_BOARD and not (
        kind == "compile" and obj.get("from") is not None)
    try:
        need = sum(estimated_atoms(parse_piece(text), files, ranks) for text in strings)
    except (BetzaError, RecursionError):  # a bad string: its worker says what is wrong
        return False
    return need * files * ranks > HEAVY_BOARD if whole else need > HEAVY


class Slots:
    """The free workers of a lane; queries take one in the order they came.

    >>> async def demo():
    ...     slots = Slots(1)
    ...     await slots.take()                 # the only worker
    ...     waiting = asyncio.ensure_future(slots.take())
    ...     await asyncio.sleep(0)
    ...     slots.give()                       # handed to the query that waited
    ...     await waiting
    ...     return slots.free, len(slots.queue)
    >>> asyncio.run(demo())
    (0, 0)
    """

    def __init__(self, size: int):
        self.free = size
        self.queue: deque[asyncio.Future[None]] = deque()

    def waiting(self) -> int:
        return sum(not fut.done() for fut in self.queue)

    async def take(self, ticket: asyncio.Future[None] | None = None) -> None:
        """Wait for a free worker. ``ticket``, when given, is the future the query waits
        on (a newer query of its channel sets :class:`Superseded` on it); cancelled or
        superseded, the query leaves the queue and takes no worker."""
        if ticket is not None and ticket.done():
            ticket.result()  # superseded before it came here
        if self.free and not self.waiting():
            self.free -= 1
            if ticket is not None:
                ticket.set_result(None)  # started: nothing left to supersede
            return
        ticket = ticket or asyncio.get_running_loop().create_future()
        self.queue.append(ticket)
        try:
            await ticket
        except BaseException:
            if ticket.done() and not ticket.cancelled() and ticket.exception() is None:
                self.give()  # handed a worker just as it was dropped: the next one takes it
            raise

    def give_after(self, job: Future[Any] | None) -> None:
        """Give the worker back once ``job`` (None: never sent) has left it."""
        if job is None or job.done():
            self.give()
            return
        loop = asyncio.get_running_loop()

        def give(_: Future[Any]) -> None:
            with suppress(RuntimeError):  # the server stopped meanwhile: nothing to give
                loop.call_soon_threadsafe(self.give)

        job.add_done_callback(give)

    def give(self) -> None:
        """A worker is free again: the first query still waiting takes it."""
        while self.queue:
            ticket = self.queue.popleft()
            if not ticket.done():
                ticket.set_result(None)
                return
        self.free += 1


class Channels:
    """The query of each channel still waiting for a worker; a newer one of the same
    channel drops it: a board query (waiting for a dispatcher) is answered
    :data:`SUPERSEDED` at once, another (waiting in :class:`Slots`) raises
    :class:`Superseded` in its wait. ``counts`` counts the board's."""

    def __init__(self, counts: Counter[str]):
        self.waiting: dict[str, tuple[asyncio.Future[Any], str]] = {}
        self.counts = counts

    def enter(self, channel: Any, future: asyncio.Future[Any], lane: str) -> None:
        if not isinstance(channel, str):
            return
        old, its_lane = self.waiting.pop(channel, (None, ""))
        if old is not None and not old.done():
            if its_lane == "board":
                old.set_result(dict(SUPERSEDED))
                self.counts["board superseded"] += 1
            else:
                old.set_exception(Superseded())
        self.waiting[channel] = (future, lane)

    def leave(self, channel: Any, future: asyncio.Future[Any]) -> None:
        """The query has a worker (or is answered): nothing left to supersede."""
        if isinstance(channel, str) and self.waiting.get(channel, (None,))[0] is future:
            del self.waiting[channel]


@dataclass
class Pending:
    """A board query waiting for a dispatcher: its answer's future, and its deadline (the
    event loop's time) and limit."""

    obj: dict[str, Any]
    future: asyncio.Future[Any]
    deadline: float
    limit: float
    channel: Any


def capped(obj: dict[str, Any], max_timeout: float) -> dict[str, Any]:
    """The query with its own ``timeout`` held to the server's and its ``max_atoms`` to
    :data:`MAX_ATOMS` (malformed values are left for the worker to report)."""
    timeout, atoms = seconds(obj.get("timeout")), obj.get("max_atoms")
    if timeout is not None:
        obj = {**obj, "timeout": min(timeout, max_timeout)}
    if isinstance(atoms, int) and not isinstance(atoms, bool) and atoms > MAX_ATOMS:
        obj = {**obj, "max_atoms": MAX_ATOMS}
    return obj


def seconds(value: Any) -> float | None:
    """A time limit as given, if it is one (a positive finite number)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        return None
    # (an int of 400 digits has no float: held to a week before it is made one)
    return float(min(value, LONGEST)) if not isinstance(value, float) or math.isfinite(
        value) else None


def over_limit(limit: float) -> dict[str, Any]:
    return {"ok": False, "limit": True, "error": f"the query went past the time limit of "
            f"{limit:g} s (a query may set a lower \"timeout\"; the server's own limit is "
            "set with betza serve --timeout)"}


def quiet(future: asyncio.Future[Any]) -> asyncio.Future[Any]:
    """The future, whose exception is taken as seen: no one may wait for it any longer (its
    query was answered 422), and asyncio would log it."""
    future.add_done_callback(lambda done: done.cancelled() or done.exception())
    return future
