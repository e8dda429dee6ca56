"""Legal moves, making a move, and perft over the matched tables of movegen.py.

A move is legal when afterwards no royal piece of the mover is attacked (castling's
squares are tested in movegen.py); the test reads the occupancy the move leaves, so it
needs no copy of the position.
"""

from __future__ import annotations

from translator.game.board import State
from translator.game.movegen import (
    CASTLING,
    DROP,
    PIECE_PROMOTION,
    PROMOTION,
    Engine,
    GameMove,
)


def _after(engine: Engine, state: State, move: GameMove, royal: int
           ) -> tuple[list[int], int, int]:
    """The occupancy per colour, the royal squares and the captured squares after
    ``move``."""
    colour = state.turn
    occ = state.occ[:]
    frm, to = move.frm, move.to
    gone = 0
    for sq in move.captures:
        gone |= 1 << sq
    occ[1 - colour] &= ~gone
    royal &= ~gone
    if move.kind == DROP:
        occ[colour] |= 1 << to
    elif move.kind == CASTLING:
        castle = move.castle
        assert castle is not None
        occ[colour] = (occ[colour] & ~(1 << castle.king | 1 << castle.rook)
                       | 1 << castle.king_to | 1 << castle.rook_to)
        if royal >> frm & 1:
            royal = royal & ~(1 << frm) | 1 << castle.king_to
    else:
        occ[colour] = occ[colour] & ~(1 << frm) | 1 << to
        if royal >> frm & 1:
            royal = royal & ~(1 << frm) | 1 << to
    if move.kind in (PROMOTION, PIECE_PROMOTION) and move.becomes in engine.royal:
        royal |= 1 << to
    return occ, royal, gone


def is_legal(engine: Engine, state: State, move: GameMove, royal: int) -> bool:
    """Whether no royal piece of the mover is attacked after ``move``."""
    colour = state.turn
    occ, after, gone = _after(engine, state, move, royal)
    own = after & occ[colour]
    while own:
        low = own & -own
        if engine.attacked(state, low.bit_length() - 1, 1 - colour, occ, after, gone):
            return False
        own ^= low
    return True


def legal_moves(engine: Engine, state: State) -> list[GameMove]:
    """The legal moves of the side to move. Out of check, a move that neither moves a
    royal piece nor changes a square an enemy attack on one tests (``danger``) is legal
    without the test; castling is tested where it is made."""
    royal = engine.royal_mask(state)
    own = royal & state.occ[state.turn]
    if not own:
        return engine.pseudo(state, royal)
    danger, checked = engine.danger(state, state.turn, royal)
    if checked:
        return [m for m in engine.pseudo(state, royal) if is_legal(engine, state, m, royal)]
    doubt: list[int] = []
    moves = engine.pseudo(state, royal, own | danger, doubt)
    for i in reversed(doubt):
        if not is_legal(engine, state, moves[i], royal):
            del moves[i]
    return moves


def apply(engine: Engine, state: State, move: GameMove) -> State:
    """The position after ``move`` (a new state; ``state`` is left as it was)."""
    rules = engine.rules
    new = state.copy()
    colour = state.turn
    hand = new.hands[colour]
    for sq in move.captures:
        if rules.captures_to_hand:
            letter = new.unpromoted.get(sq) or new.kind[sq]
            assert letter is not None
            hand[letter] = hand.get(letter, 0) + 1
        new.remove(sq)
    before = new.unpromoted.get(move.frm)
    if move.kind == DROP:
        hand[move.letter] -= 1
        if not hand[move.letter]:
            del hand[move.letter]
        new.put(move.to, move.letter, colour)
    elif move.kind == CASTLING:
        castle = move.castle
        assert castle is not None
        rook = new.kind[castle.rook]
        assert rook is not None
        new.remove(castle.king)
        new.remove(castle.rook)
        new.put(castle.king_to, move.letter, colour)
        new.put(castle.rook_to, rook, colour)
    else:
        new.step(move.frm, move.to, move.letter, move.becomes, colour)
        if move.kind in (PROMOTION, PIECE_PROMOTION):
            new.unpromoted[move.to] = move.letter
        elif before is not None:
            new.unpromoted[move.to] = before
    _rights(engine, state, new, move)
    new.ep, new.ep_victim = -1, -1
    if move.rights:
        new.ep, new.ep_victim = move.rights[0], move.to
    # Fairy-Stockfish's counter: captures, drops, promotions and pawn moves reset it
    resets = move.captures or move.kind in (DROP, PROMOTION, PIECE_PROMOTION) or \
        move.letter == rules.pawn
    new.halfmove = 0 if resets else state.halfmove + 1
    if colour == 1:
        new.fullmove += 1
    new.turn = 1 - colour
    return new


def _rights(engine: Engine, state: State, new: State, move: GameMove) -> None:
    """Castling rights lost: the king moved, or a rook moved or was taken."""
    if not new.castling:
        return
    frm, to, caps = move.frm, move.to, move.captures
    king_moved = frm >= 0 and state.kind[frm] in engine.royal
    lost = [(c, rook) for c, rook in new.castling
            if rook in (frm, to) or rook in caps or king_moved and c == state.turn]
    if lost:
        new.castling = new.castling.difference(lost)


def perft(engine: Engine, state: State, depth: int) -> int:
    """The number of move sequences of ``depth`` plies (the last ply counted, not made)."""
    moves = legal_moves(engine, state)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for m in moves:
        total += perft(engine, apply(engine, state, m), depth - 1)
    return total


def ep_shown(engine: Engine, state: State) -> bool:
    """Whether a FEN writes the e.p. square: a piece of the side to move could capture
    there (Fairy-Stockfish writes it only then)."""
    if state.ep < 0:
        return False
    probe: list[GameMove] = []
    engine.en_passant(state, state.turn, probe)
    return bool(probe)
