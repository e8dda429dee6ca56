"""The solver path of a :class:`~translator.game.Game`: its legal moves and check asked of
the encodings (encodings/legal.lp, driven by translator/queries/legal.py) instead of
matched from the compiled tables, so that the two can be compared on any position.

What each piece can do comes from the solver (moves.lp, the same paths as ``betza moves``);
the rules beyond movement are the game's own, written once: promotion choices, castling and
drops from the tables of encodings/game_rules.lp, as the fast path expands them
(movegen.py), and making a move (play.py's ``apply``). Only the attack test is replaced:
legal.lp says which candidates leave no royal piece of the mover attacked, and which
squares a castling king passes are attacked.

>>> from translator.game import Game
>>> g = Game.from_variant("chess", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")
>>> solver_legal(g)  # the bishop is pinned
Legal(moves=['e1d1', 'e1d2', 'e1f1', 'e1f2'], check=False)
>>> sorted(solver_legal(g).moves) == sorted(g.legal_moves())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from translator.game.board import COLOURS, State
from translator.game.game import Game
from translator.game.movegen import CASTLING, Engine, GameMove
from translator.game.play import apply
from translator.position import PlacedPiece, Position
from translator.queries.legal import Candidate, Legal, judge, piece_moves
from translator.solve.limits import DEFAULT_MAX_ATOMS
from translator.squares import Square, square_coords


class _Unchecked(Engine):
    """The game's engine with its attack test left out: its promotion, castling and drop
    tables expand the candidates, and legal.lp judges them."""

    def __init__(self, engine: Engine) -> None:  # (shares the engine's compiled tables)
        self.__dict__ = engine.__dict__

    def threatened(self, *_: Any) -> bool:
        return False


def position_of(game: Game, state: State, side: int, ep: bool = True) -> Position:
    """The position of ``state`` as the solver reads it: each piece with its Betza string,
    royal or not, and "not moved" on its side's double-step region (the i-moves of
    Fairy-Stockfish's pawns); the e.p. square and victim (unless not ``ep``: the position
    after a move, asked only whether the mover's royal pieces are attacked); ``side`` to
    move (the side whose royal pieces are guarded)."""
    rules, files = game.rules, game.rules.files
    region = game.engine.region
    pieces: dict[Square, PlacedPiece] = {}
    for sq, letter in enumerate(state.kind):
        if letter is None:
            continue
        colour = state.colour[sq]
        pieces[(sq % files, sq // files)] = PlacedPiece(
            COLOURS[colour], rules.moves_by(letter), letter if colour == 0 else letter.lower(),
            royal=letter in rules.royal, virgin=bool(region[colour] >> sq & 1))
    square = [(state.ep % files, state.ep // files)] if ep and state.ep >= 0 else []
    victim = (state.ep_victim % files, state.ep_victim // files) if square else None
    return Position(files, rules.ranks, pieces, side_to_move=COLOURS[side], ep=square,
                    ep_victim=victim)


def _number(game: Game, name: str) -> int:
    x, y = square_coords(name)
    return y * game.rules.files + x


def _expanded(game: Game, pos: Position, moves: Sequence[tuple[Square, Any]]
              ) -> list[GameMove]:
    """The game's moves from the solver's piece moves: each promotion choice, castling and
    drops added by the game's rule tables."""
    state, colour = game.state, game.state.turn
    rules = _Unchecked(game.engine)
    out: list[GameMove] = []
    for origin, move in moves:
        frm = origin[1] * pos.files + origin[0]
        caps = tuple(_number(game, c) for c in move.captures)
        rights = tuple(_number(game, r) for r in move.ep_rights)
        rules._expand(state, colour, frm, _number(game, move.to), caps, rights, out)
    if state.castling:
        rules._castling(state, colour, out)
    if game.rules.drops:
        rules._drops(state, colour, out)
    return list({m.uci: m for m in reversed(out)}.values())


def _candidate(game: Game, move: GameMove) -> Candidate:
    """A move made on the board, and for castling the squares the king passes."""
    state, colour = game.state, game.state.turn
    after = position_of(game, apply(game.engine, state, move), colour, ep=False)
    through: tuple[Position, ...] = ()
    if move.kind == CASTLING and move.castle is not None:
        letter = state.kind[move.castle.king]
        assert letter is not None
        probes = []
        for sq in move.castle.safe:
            stood = state.copy()
            if stood.kind[sq] is None:
                stood.put(sq, letter, colour)
            probes.append(position_of(game, stood, colour, ep=False))
        through = tuple(probes)
    return Candidate(move.uci, after, through)


def solver_legal_many(games: Sequence[Game], *, timeout: float = 60.0,
                      max_atoms: int = DEFAULT_MAX_ATOMS) -> list[Legal]:
    """:func:`solver_legal` of many games at once (their positions grounded together)."""
    positions = [position_of(g, g.state, g.state.turn) for g in games]
    found = piece_moves(positions, timeout, max_atoms)
    cands = [[_candidate(g, m) for m in _expanded(g, pos, moves)]
             for g, pos, moves in zip(games, positions, found, strict=True)]
    return judge(positions, cands, timeout, max_atoms)


def solver_legal(game: Game, *, timeout: float = 60.0,
                 max_atoms: int = DEFAULT_MAX_ATOMS) -> Legal:
    """The legal moves (Fairy-Stockfish's UCI, sorted) and check of the game's position,
    asked of the solver."""
    (answer,) = solver_legal_many([game], timeout=timeout, max_atoms=max_atoms)
    return answer
