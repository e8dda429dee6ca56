"""Build positions from what users type: CLI options or a batch line's JSON fields.

Both front ends describe a position the same way, so they share this module:

>>> pos = position_from({"files": 8, "ranks": 8, "friends": ["a1"], "enemies": ["c3"]})
>>> sorted(pos.pieces)
[(0, 0), (2, 2)]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from translator.errors import BetzaError
from translator.position import Position, check_side
from translator.squares import board_size


def _names(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [s for s in (p.strip() for p in value.split(",")) if s]
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        return value
    raise BetzaError(f"{what} must be a list of square names")


def _table(value: Any) -> dict[str, str]:
    from translator.catalogue.fen import parse_piece_table

    if isinstance(value, str):
        return parse_piece_table(value)
    if isinstance(value, Mapping):
        return _object_table(value)
    raise BetzaError("pieces must map piece letters to Betza strings, e.g. \"C:fcafmF,K:K\"")


def _object_table(value: Mapping[Any, Any]) -> dict[str, str]:
    """A piece table given as a JSON object, held to the rules of the string form."""
    table: dict[str, str] = {}
    for letter, betza in value.items():
        if not (isinstance(letter, str) and len(letter) == 1 and letter.isascii()
                and letter.isalpha()):
            raise BetzaError(f"piece letter must be a single ASCII letter, not {letter!r}")
        if not isinstance(betza, str) or not betza.strip():
            raise BetzaError(f"piece letter {letter!r} must map to a Betza string")
        if letter.upper() in table:
            raise BetzaError(f"piece letter {letter!r} appears twice in the piece table")
        table[letter.upper()] = betza.strip()
    return table


def position_from(spec: Mapping[str, Any]) -> Position:
    """A position from the keys ``variant``/``ini``, ``fen``/``pieces``/``royal_letters``,
    or the light form ``files``/``ranks``/``board``/``friends``/``enemies``/``royal``;
    plus ``side``, ``ep``, ``ep_victim``, ``last_moved`` and ``dialect`` (how the Betza
    strings are read: ``spec``, ``xboard``, ``diagram``) in every form."""
    side = spec.get("side")
    if side is not None:
        check_side(side)
    for key in ("fen", "variant", "ini", "board", "royal_letters"):
        if spec.get(key) is not None and not isinstance(spec[key], str):
            raise BetzaError(f"{key} must be a string")
    variant = spec.get("variant")
    if variant or spec.get("fen"):
        pos = _fen_position(spec, variant)
    elif isinstance(spec.get("pieces"), Mapping) and _keyed_by_square(spec["pieces"]):
        pos = _square_pieces(spec, side)
    else:
        files, ranks = board_size(spec)
        pos = Position.light(files, ranks, side=side or "white",
                             friends=_names(spec.get("friends"), "friends"),
                             enemies=_names(spec.get("enemies"), "enemies"),
                             royal=_names(spec.get("royal"), "royal"),
                             unmoved=_names(spec.get("unmoved"), "unmoved"))
    if side is not None:
        pos.side_to_move = side
    if spec.get("ep"):
        pos.ep = [pos.square(s) for s in _names(spec.get("ep"), "ep")]
    if spec.get("ep_victim"):
        if not isinstance(spec["ep_victim"], str):
            raise BetzaError("ep_victim must be a square name")
        pos.ep_victim = pos.square(spec["ep_victim"])
    if spec.get("last_moved"):
        if not isinstance(spec["last_moved"], str):
            raise BetzaError("last_moved must be a Betza string or piece name")
        pos.last_moved = spec["last_moved"]
    if spec.get("dialect") is not None:
        from translator.notation.dialects import switches

        switches(spec["dialect"])  # names it or raises
        pos.dialect = spec["dialect"]
    return pos


def moving_piece(betza: str | None, side: str | None, pos: Position, origin: str
                 ) -> tuple[str, str]:
    """The Betza string and side of the piece asked about: as given, or the piece standing
    on ``origin`` (with its own side) when no Betza string is given."""
    standing = pos.pieces.get(pos.square(origin))
    found = betza or (standing.betza if standing else None)
    if not found:
        raise BetzaError(f"no Betza string given and no typed piece stands on {origin}")
    if side is None:
        side = standing.side if standing and not betza else pos.side_to_move
    return found, side


def _keyed_by_square(pieces: Mapping[str, Any]) -> bool:
    return any(len(k) > 1 for k in pieces) or any(isinstance(v, Mapping)
                                                   for v in pieces.values())


def _square_pieces(spec: Mapping[str, Any], side: str | None) -> Position:
    """``pieces: {"c3": {"betza": "fcafmF", "side": "black", "royal": false}, ...}``"""
    from translator.position import PlacedPiece

    files, ranks = board_size(spec)
    pos = Position(files, ranks, side_to_move=side or "white")
    for name, desc in spec["pieces"].items():
        sq = pos.square(name)
        if isinstance(desc, str):
            desc = {"betza": desc}
        if not isinstance(desc, Mapping) or not isinstance(desc.get("betza", ""), str):
            raise BetzaError(f"piece on {name} must be {{\"betza\": ..., \"side\": ...}}")
        pside = check_side(desc.get("side", "white"))
        pos.pieces[sq] = PlacedPiece(pside, desc.get("betza") or None, desc.get("letter"),
                                     bool(desc.get("royal", False)),
                                     bool(desc.get("virgin", False)))
    return pos


def _fen_position(spec: Mapping[str, Any], variant: str | None) -> Position:
    from translator.catalogue.fen import parse_fen

    table, fen, royal = _fen_parts(spec, variant)
    return parse_fen(str(fen), table, royal_letters=royal)


def _fen_parts(spec: Mapping[str, Any], variant: str | None) -> tuple[dict[str, str], str, str]:
    """The piece table, the FEN and the royal letters of a FEN or variant form."""
    table: dict[str, str] = {}
    royal = spec.get("royal_letters")
    fen = spec.get("fen")
    if variant:
        from translator.catalogue.variant import moving_table
        from translator.catalogue.variants import get_variant

        v = get_variant(variant, spec.get("ini"))
        table.update(moving_table(v, spec.get("dialect")))
        royal = royal if royal is not None else v.royal
        fen = fen or v.start_fen
    if spec.get("pieces"):
        table.update(_table(spec["pieces"]))
    return table, str(fen), "K" if royal is None else str(royal)


def piece_table(spec: Mapping[str, Any]) -> dict[str, str]:
    """The piece table (letter -> Betza string) of a FEN or variant form.

    >>> piece_table({"variant": "shogi"})["P"]
    'fWf@8'
    """
    return _fen_parts(spec, spec.get("variant"))[0]
