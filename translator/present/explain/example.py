"""Worked example positions for modifiers whose effect an empty board cannot show.

A move that needs a piece somewhere (``j``, ``p``, ``g``, ``x``, ``u``, ``k``, ``d``, ``e``)
gets the closest position in which the piece reaches a square it cannot reach on the empty
board, found by the ``why`` search; a modifier that takes moves away (``n``) gets the
smallest position where the string and the same string without it differ, found by the
equivalence solver. Either way the position and its words come from the solver.

>>> ex = worked_example("fcafmF", 9, 9, "e5")
>>> ex["to"], ex["enemies"], ex["lines"][0]
('c7', ['d6'], 'fcafmF (white) on e5 can go to c7 in this position: with an enemy on d6.')
"""

from __future__ import annotations

from typing import Any

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece, resolve_name
from translator.position import Position
from translator.queries.moves import moves
from translator.squares import parse_square

NEEDS_A_PIECE = set("jpgxukde")
HOPS = set("pg")  # the diagram of betza explain has its own hop example
TAKES_MOVES_AWAY = set("n")
STATE_WORDS = {"white": "a friend", "black": "an enemy"}


def _letters(source: str) -> set[str]:
    """The lower-case letters of the string; a capture before an ``a`` (a locust) counts
    as needing a piece, as the letter ``c`` alone does not."""
    piece = parse_piece(source)
    letters = {ch for move in piece.moves for ch in str(move) if ch.islower()}
    if any(len(move.legs) > 1 and any("c" in leg.modes for leg in move.legs[:-1])
           for move in piece.moves):
        letters.add("locust")
    return letters


def needs_text_example(betza: str) -> bool:
    """Whether ``betza explain``'s text should show a worked example (hops have theirs)."""
    letters = _letters(resolve_name(betza))
    return bool((letters & (NEEDS_A_PIECE | {"locust"})) - HOPS or letters & TAKES_MOVES_AWAY)


def _distance(a: str, b: str) -> int:
    (x0, y0), (x1, y1) = parse_square(a), parse_square(b)
    return max(abs(x0 - x1), abs(y0 - y1))


def _position(needed: list[tuple[str, str, str]], side: str) -> dict[str, Any]:
    out: dict[str, Any] = {"friends": [], "enemies": [], "royal": [], "ep": [],
                           "ep_victim": None}
    for sq, _now, state in needed:
        if state == side:
            out["friends"].append(sq)
        elif state in ("white", "black"):
            out["enemies"].append(sq)
        elif state == "royal":
            out["royal"].append(sq)
        elif state == "ep":
            out["ep"].append(sq)
        elif state == "victim":
            out["ep_victim"] = sq
    return out


def _describe(position: dict[str, Any]) -> str:
    parts = [f"{STATE_WORDS['white']} on {sq}" for sq in position["friends"]]
    parts += [f"{'a royal enemy' if sq in position['royal'] else 'an enemy'} on {sq}"
              for sq in position["enemies"]]
    parts += [f"an e.p. square on {sq}" for sq in position["ep"]]
    return ", ".join(parts)


def _needing_a_piece(source: str, files: int, ranks: int, origin: str, side: str
                     ) -> dict[str, Any] | None:
    from translator.present.why.answer import why
    from translator.queries.why.search import reachable_anywhere

    empty = Position.light(files, ranks, side=side)
    plain = {m.to for m in moves(source, origin, empty, side=side)}
    elsewhere = [sq for sq in reachable_anywhere(source, origin, empty, timeout=20.0)
                 if sq not in plain]
    if not elsewhere:
        return None
    target = min(elsewhere, key=lambda sq: (_distance(origin, sq), parse_square(sq)))
    answer = why(source, origin, target, empty, side, timeout=20.0)
    if not answer.needed:
        return None
    position = _position(answer.needed, side)
    head = f"{source} ({side}) on {origin} can go to {target} in this position: with " \
           f"{_describe(position)}."
    return {"from": origin, "to": target, **position, "lines": [head, *answer.explanation[2:]]}


def _effects(move: dict[str, Any]) -> str:
    """What a move of an equivalence counterexample does besides arriving, in words."""
    parts = []
    if move["captures"]:
        parts.append(f"captures on {' '.join(move['captures'])}")
    if move.get("ep_rights"):
        parts.append(f"gives the e.p. right on {' '.join(move['ep_rights'])}")
    return " and ".join(parts) or "neither captures nor gives an e.p. right"


def _difference(source: str, letter: str, stripped: str, ce: dict[str, Any]) -> tuple[str, str]:
    """The square the moves of ``source`` and ``stripped`` differ on in the counterexample
    ``ce``, and the sentence that says how: a square only the string without ``letter``
    reaches, one only ``source`` reaches, or one both reach with other effects."""
    reached = {m["to"] for m in ce["only_a"]}, {m["to"] for m in ce["only_b"]}
    gone, added = sorted(reached[1] - reached[0]), sorted(reached[0] - reached[1])
    described = _describe({**ce, "royal": ce.get("royal", [])})
    place = f"with {described}" if described else "on an empty board"
    if gone:
        return gone[0], (f"Without {letter} ({stripped}) the piece on {ce['from']} could also "
                         f"go to {' '.join(gone)}; {place}, {source} cannot.")
    if added:
        return added[0], (f"With {letter} the piece on {ce['from']} can also go to "
                          f"{' '.join(added)}, where {stripped} cannot; {place}.")
    to = min(reached[0])
    mine, theirs = (next(m for m in moves if m["to"] == to)
                    for moves in (ce["only_a"], ce["only_b"]))
    return to, (f"{source} on {ce['from']} goes to {to} as {stripped} does ({place}), but its "
                f"move there {_effects(mine)}, where without {letter} it {_effects(theirs)}.")


def _taking_moves_away(source: str, letter: str, files: int, ranks: int
                       ) -> dict[str, Any] | None:
    from translator.queries.equiv import equivalent

    stripped = "".join(ch for ch in source if ch != letter)
    try:
        parse_piece(stripped)
        result = equivalent(source, stripped, files, ranks)
    except BetzaError:
        return None
    if result.equivalent or result.counterexample is None:
        return None
    ce = result.counterexample.as_json()
    to, line = _difference(source, letter, stripped, ce)
    return {"from": ce["from"], "to": to, "friends": ce["friends"],
            "enemies": ce["enemies"], "royal": ce["royal"], "ep": ce["ep"],
            "ep_victim": ce["ep_victim"], "lines": [line]}


def worked_example(betza: str, files: int, ranks: int, origin: str, side: str = "white"
                   ) -> dict[str, Any] | None:
    """A position that shows what the string's blocker-dependent modifiers do for ``side``,
    with its words (``lines``), or None when the string has none (or the search found none).
    (The equivalence solver's positions, for ``n``, hold for both sides.)"""
    source = resolve_name(betza)
    letters = _letters(source)
    if letters & (NEEDS_A_PIECE | {"locust"}):
        found = _needing_a_piece(source, files, ranks, origin, side)
        if found:
            return found
    for letter in sorted(letters & TAKES_MOVES_AWAY):
        found = _taking_moves_away(source, letter, files, ranks)
        if found:
            return found
    return None
