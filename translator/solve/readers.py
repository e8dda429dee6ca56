"""Typed readers of the solver's shown atoms: clingo symbols in, answer dataclasses out.

Paths and side effects are the lists of encodings/paths.lp: ``h(X,Y,Prev)`` (the squares
where the legs ended, latest first, ending in the origin) and ``e(Kind,X,Y,Prev)`` /
``u(X,Y,X2,Y2,Prev)`` (the effects, latest first, ending in ``nil``).

>>> import clingo
>>> h = clingo.parse_term("h(5,5,h(4,4,h(3,3,nil)))")
>>> e = clingo.parse_term("e(cap,4,4,nil)")
>>> move_of(5, 5, h, e).as_json()
{'to': 'f6', 'legs': ['d4', 'e5', 'f6'], 'captures': ['e5']}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import clingo

from translator.shown import NIL, Answer, Effect, H, Key, Lean, Unload, reader
from translator.squares import square_coords, square_name


@dataclass(frozen=True)
class Move:
    """One move: its destination, the squares where its legs end (origin first) and
    its side effects.

    >>> m = Move("g6", ("e4", "f5", "g6"), captures=("f5",))
    >>> m.is_capture, m.as_json()
    (True, {'to': 'g6', 'legs': ['e4', 'f5', 'g6'], 'captures': ['f5']})
    """

    to: str
    legs: tuple[str, ...]
    captures: tuple[str, ...] = ()
    unloads: tuple[tuple[str, str], ...] = ()
    ep_rights: tuple[str, ...] = ()
    mover: str | None = None

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    @property
    def is_null(self) -> bool:
        """A null move: the piece comes back to its own square (the readings of XBoard and
        the Interactive Diagram allow it, e.g. ``aaK``; the spec's does not)."""
        return len(self.legs) > 1 and self.to == self.legs[0]

    def effects(self) -> tuple[Any, ...]:
        """What makes two moves different: destination and side effects."""
        return self._effects

    # the same Move object recurs in many answers of a batch (path_move below caches it),
    # so its keys are computed once
    @cached_property
    def _effects(self) -> tuple[Any, ...]:
        return (self.to, frozenset(self.captures), frozenset(self.unloads),
                frozenset(self.ep_rights), self.mover)

    @cached_property
    def path_key(self) -> tuple[Any, ...]:
        """The order of paths: fewer legs first, then by the squares in turn (file, then
        rank); of several paths with the same effects an answer shows the least."""
        return (len(self.legs), [square_coords(s) for s in self.legs])

    @cached_property
    def order_key(self) -> tuple[Any, ...]:
        """The order of moves in an answer: by destination, victims, path, unloads, e.p.
        rights, then the piece a move turns into."""
        return (square_coords(self.to), sorted(square_coords(c) for c in self.captures),
                self.path_key, sorted(self.unloads), sorted(self.ep_rights), self.mover or "")

    def as_json(self) -> dict[str, Any]:
        """The move schema of ``--json`` and ``betza batch``: a new dictionary each time,
        whose lists (``legs``, ``captures`` …) are the move's own, not to be changed."""
        return dict(self._json)

    @cached_property
    def json_text(self) -> str:
        """:meth:`as_json` as JSON text (a batch writes it in many answers)."""
        return json.dumps(self._json)

    # a batch writes the same Move object in many answers (path_move below caches it)
    @cached_property
    def _json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"to": self.to, "legs": list(self.legs),
                               "captures": list(self.captures)}
        if self.unloads:
            out["unloads"] = [list(u) for u in self.unloads]
        if self.ep_rights:
            out["ep_rights"] = list(self.ep_rights)
        if self.mover:
            out["mover"] = self.mover
        if self.is_null:
            out["null_move"] = True
        return out


# (made once: read on hot paths, moves of many squares)
_H, _KEY, _LEAN, _EFFECT, _UNLOAD, _ANSWER = (reader(H), reader(Key), reader(Lean),
                                              reader(Effect), reader(Unload), reader(Answer))


@lru_cache(maxsize=65536)
def path_of(h: clingo.Symbol) -> tuple[str, ...]:
    """The squares of an ``h(X,Y,Prev)`` chain, oldest (the origin) first. Chains share
    their tails (every move of a piece starts from its square), so each is read once.
    encodings/lean.lp's moves come as ``k(X,Y,K,X0,Y0)``: the destination, the path's key
    ``K`` (``p(Prev,X,Y)``, the inner legs' ends, latest first, from ``nil``, read the same
    way) and the origin.

    >>> path_of(clingo.parse_term("k(5,5,p(p(nil,4,3),4,4),3,3)"))
    ('d4', 'e4', 'e5', 'f6')
    """
    if h == NIL:
        return ()
    if h.name == "k":
        lean = _LEAN(h)
        return (square_name((lean.x0, lean.y0)), *path_of(lean.key),
                square_name((lean.x, lean.y)))
    link = _H(h) if h.name == "h" else _KEY(h)
    return (*path_of(link.prev), square_name((link.x, link.y)))


@lru_cache(maxsize=65536)
def effects_of(e: clingo.Symbol) -> tuple[tuple[str, ...], ...]:
    """The items of an effects chain, oldest first: ``("cap", sq)``, ``("ep", sq)``,
    ``("mov", sq)`` or ``("u", square, square_the_piece_came_from)``."""
    if e == NIL:
        return ()
    if e.name == "u":
        u = _UNLOAD(e)
        return (*effects_of(u.prev),
                ("u", square_name((u.x, u.y)), square_name((u.x2, u.y2))))
    effect = _EFFECT(e)
    return (*effects_of(effect.prev), (effect.kind, square_name((effect.x, effect.y))))


def move_of(x: int, y: int, h: clingo.Symbol, e: clingo.Symbol) -> Move:
    """The move to ``(x, y)`` along the path ``h`` with the effects ``e``."""
    captures, unloads, rights, mover = [], [], [], None
    for item in effects_of(e):
        if item[0] == "u":
            unloads.append((item[1], item[2]))
        elif item[0] == "cap":
            captures.append(item[1])
        elif item[0] == "ep":
            rights.append(item[1])
        elif item[0] == "mov":
            mover = item[1]
    return Move(square_name((x, y)), path_of(h), tuple(captures), tuple(unloads),
                tuple(dict.fromkeys(rights)), mover)


def answer_move(text: str) -> tuple[int, tuple[int, int], Move]:
    """An answer atom ``name(Q,H,E)`` (``res/3``, ``ares/3``) by its text (``str`` of the
    symbol: one call into clingo, where reading its arguments costs one per term): the query
    id, the moving piece's square (where the path ``H`` starts) and the move.

    >>> answer_move("res(7,h(5,5,h(4,4,h(3,3,nil))),e(cap,4,4,nil))")[:2]
    (7, (3, 3))
    """
    start = text.index("(") + 1
    comma = text.index(",", start)
    return (int(text[start:comma]), *_text_move(text[comma + 1:-1]))


@lru_cache(maxsize=65536)
def _text_move(path_effects: str) -> tuple[tuple[int, int], Move]:
    """:func:`path_move` of the text ``H,E`` (the same in many queries of a batch)."""
    answer = _ANSWER(clingo.parse_term(f"res(0,{path_effects})"))
    return path_move(answer.h, answer.e)


@lru_cache(maxsize=65536)
def path_move(h: clingo.Symbol, e: clingo.Symbol) -> tuple[tuple[int, int], Move]:
    """The square the path ``h`` starts from and the move along it (``h`` ends on the
    destination) with the effects ``e``. The same move recurs in many queries of a batch,
    so each is read once."""
    end = _LEAN(h) if h.name == "k" else _H(h)
    move = move_of(end.x, end.y, h, e)
    return square_coords(move.legs[0]), move
