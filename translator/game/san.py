"""Moves written as Fairy-Stockfish's ``get_san`` writes them: SAN (``Nf3``, ``exd5``,
``e8=Q+``, ``O-O``, ``P@e4``, ``Qh4#``), and in shogi variants its Hodges notation with
numbered files and ranks (``P-76``, ``Bx22+``, ``P*55``).
"""

from __future__ import annotations

from translator.game.board import State
from translator.game.movegen import (
    CASTLING,
    DROP,
    NORMAL,
    PIECE_PROMOTION,
    PROMOTION,
    Engine,
    GameMove,
)
from translator.game.play import apply, legal_moves


def _square(engine: Engine, sq: int, shogi: bool) -> str:
    files, ranks = engine.rules.files, engine.rules.ranks
    if shogi:
        return f"{files - sq % files}{ranks - sq // files}"
    return engine.names[sq]


def _file(engine: Engine, sq: int, shogi: bool) -> str:
    files = engine.rules.files
    return str(files - sq % files) if shogi else chr(97 + sq % files)


def _rank(engine: Engine, sq: int, shogi: bool) -> str:
    ranks = engine.rules.ranks
    return str(ranks - sq // engine.rules.files) if shogi else str(sq // engine.rules.files + 1)


def _piece(engine: Engine, state: State, move: GameMove, shogi: bool) -> str:
    if move.kind == DROP:
        return move.letter
    if not shogi and move.letter == engine.rules.pawn:
        return ""
    before = state.unpromoted.get(move.frm)
    if shogi and before is not None:
        return "+" + before
    return move.letter


def _disambiguation(engine: Engine, state: State, move: GameMove, legal: list[GameMove],
                    shogi: bool) -> str:
    if move.kind == DROP:
        return ""
    capture = bool(move.captures)
    if not shogi and move.letter == engine.rules.pawn and capture:
        return _file(engine, move.frm, shogi)
    others = {m.frm for m in legal if m.to == move.to and m.frm != move.frm
              and m.kind == move.kind and m.letter == move.letter
              and m.becomes == move.becomes and state.kind[m.frm] == state.kind[move.frm]
              and (not shogi or state.unpromoted.get(m.frm) == state.unpromoted.get(move.frm))}
    if not others:
        return ""
    files = engine.rules.files
    if shogi:
        return _square(engine, move.frm, shogi)
    if all(o % files != move.frm % files for o in others):
        return _file(engine, move.frm, shogi)
    if all(o // files != move.frm // files for o in others):
        return _rank(engine, move.frm, shogi)
    return _square(engine, move.frm, shogi)


def san(engine: Engine, state: State, move: GameMove,
        legal: list[GameMove] | None = None) -> str:
    """The move as Fairy-Stockfish's ``get_san`` writes it in ``state`` (whose legal
    moves are ``legal``, when the caller has them)."""
    shogi = engine.rules.shogi_notation
    if legal is None:
        legal = legal_moves(engine, state)
    if move.kind == CASTLING:
        text = "O-O" if move.to > move.frm else "O-O-O"
    else:
        text = _piece(engine, state, move, shogi) + _disambiguation(engine, state, move,
                                                                      legal, shogi)
        if move.kind == DROP:
            text += "*" if shogi else "@"
        elif move.captures:
            text += "x"
        elif shogi:
            text += "-"
        text += _square(engine, move.to, shogi)
        if move.kind == PROMOTION:
            text += "=" + move.becomes
        elif move.kind == PIECE_PROMOTION:
            text += "+" if shogi else "=" + move.becomes
        elif move.kind == NORMAL and shogi and any(
                m.kind == PIECE_PROMOTION and m.frm == move.frm and m.to == move.to
                for m in engine.pseudo(state, engine.royal_mask(state))):
            text += "="
    if shogi:
        return text
    after = apply(engine, state, move)
    if engine.in_check(after, after.turn):
        text += "+" if legal_moves(engine, after) else "#"
    return text
