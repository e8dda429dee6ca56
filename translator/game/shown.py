"""The answers of encodings/game_rules.lp, typed as translator/shown.py types the other
encodings' answers (:func:`translator.shown.each` reads them; arguments named as
encodings/README.md documents them)."""

from __future__ import annotations

from typing import NamedTuple

from translator.shown import shown


@shown("promotion")
class Promotion(NamedTuple):
    """A pawn move of ``piece`` of ``side`` ending on (x, y) may promote to ``to``."""

    side: str
    piece: str
    x: int
    y: int
    to: str


@shown("mustpromote")
class MustPromote(NamedTuple):
    """A move of ``piece`` of ``side`` ending on (x, y) must promote."""

    side: str
    piece: str
    x: int
    y: int


@shown("piecezone")
class PieceZone(NamedTuple):
    """(x, y) is in the zone where ``piece`` of ``side`` may become ``to``."""

    side: str
    piece: str
    x: int
    y: int
    to: str


@shown("dropsquare")
class DropSquare(NamedTuple):
    """``piece`` of ``side`` may be dropped on (x, y) when it is empty."""

    side: str
    piece: str
    x: int
    y: int


@shown("immobile")
class Immobile(NamedTuple):
    """A move or drop of ``piece`` of ``side`` that leaves it on (x, y) unpromoted is
    illegal: it could never move from there."""

    side: str
    piece: str
    x: int
    y: int


@shown("castlemove")
class CastleMove(NamedTuple):
    """Castling of ``side`` on ``wing`` (k, q), king on file ``kf`` and rook on ``rf``:
    they go to files ``kt`` and ``rt`` of rank ``y``."""

    side: str
    wing: str
    kf: int
    rf: int
    kt: int
    rt: int
    y: int


@shown("castleempty")
class CastleEmpty(NamedTuple):
    """That castling needs file ``x`` of its rank empty."""

    side: str
    wing: str
    kf: int
    rf: int
    x: int


@shown("castlesafe")
class CastleSafe(NamedTuple):
    """That castling needs file ``x`` of its rank not attacked."""

    side: str
    wing: str
    kf: int
    rf: int
    x: int
