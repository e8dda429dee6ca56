"""A game of a variant: a position with its rules, legal moves, push and pop, check, SAN
and perft, as python-chess's Board offers them for chess.

>>> g = Game.from_variant("chess")
>>> len(g.legal_moves()), g.turn
(20, 'white')
>>> g.push("e2e4"); g.push("e7e5"); g.san("d1h5")
'Qh5'
>>> g.fen()
'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
>>> g.pop()
'e7e5'
"""

from __future__ import annotations

from pathlib import Path

from translator.errors import BetzaError
from translator.game.board import COLOURS, State, fen_of, parse_fen
from translator.game.compile import Tables, compiled_rules
from translator.game.movegen import CASTLING, Engine, GameMove
from translator.game.play import apply, ep_shown, legal_moves
from translator.game.play import perft as count
from translator.game.rules import GameRules, game_rules
from translator.game.san import san as write_san
from translator.position import check_side
from translator.squares import parse_square

_ENGINES: dict[int, Engine] = {}


def engine_of(tables: Tables) -> Engine:
    """One matcher per compiled variant (per process)."""
    found = _ENGINES.get(id(tables))
    if found is None:
        found = _ENGINES[id(tables)] = Engine(tables)
    return found


class Game:
    """A position of a variant and the moves that led to it (for :meth:`pop`)."""

    def __init__(self, rules: GameRules, fen: str | None = None) -> None:
        self.rules = rules
        self.engine = engine_of(compiled_rules(rules))
        text = rules.start if fen is None else fen
        self.state = parse_fen(rules, text)
        self._check_royals(text)
        self._stack: list[tuple[State, str]] = []
        # the legal moves of the last state asked about (SAN and push ask them again),
        # and the same by UCI
        self._legal: tuple[State, list[GameMove], dict[str, GameMove]] | None = None

    @classmethod
    def from_variant(cls, variant: str, fen: str | None = None,
                     ini: str | Path | None = None) -> Game:
        """The start position of a Fairy-Stockfish variant (or ``fen`` in it); with
        ``ini``, ``variant`` names a section of that variants.ini."""
        return cls(game_rules(variant, None if ini is None else str(ini)), fen)

    def _check_royals(self, fen: str) -> None:
        if not self.rules.royal:
            return
        for colour, side in enumerate(COLOURS):
            kings = self.state.squares_of(colour, self.rules.royal)
            if len(kings) != 1:
                what = "no" if not kings else f"{len(kings)}"
                raise BetzaError(f"FEN: {side} has {what} royal piece"
                                 f"{'s' if len(kings) != 1 else ''} "
                                 f"({'/'.join(sorted(self.rules.royal))}); the variant "
                                 "needs one", text=fen, pos=0)
        if self.engine.in_check(self.state, 1 - self.state.turn):
            raise BetzaError("FEN: the side not to move is in check", text=fen,
                             pos=len(fen.split()[0]) + 1 if " " in fen else 0)

    # --- the position ---------------------------------------------------------------
    @property
    def variant_name(self) -> str:
        return self.rules.name

    @property
    def files(self) -> int:
        return self.rules.files

    @property
    def ranks(self) -> int:
        return self.rules.ranks

    @property
    def turn(self) -> str:
        return COLOURS[self.state.turn]

    def fen(self) -> str:
        """The position as Fairy-Stockfish writes it."""
        return fen_of(self.rules, self.state, ep_shown(self.engine, self.state))

    def piece_at(self, square: str) -> str | None:
        """The piece on ``square`` as a FEN writes it (``P``, ``p``, ``+P``, ``Q~``)."""
        x, y = parse_square(square, self.files, self.ranks)
        sq = y * self.files + x
        letter = self.state.kind[sq]
        if letter is None:
            return None
        before = self.state.unpromoted.get(sq)
        text = f"+{before}" if before and self.rules.shogi_style else letter
        if before and not self.rules.shogi_style and self.rules.captures_to_hand:
            text += "~"
        return text if self.state.colour[sq] == 0 else text.lower()

    def hand(self, side: str) -> dict[str, int]:
        """The pieces ``side`` holds, by upper-case letter."""
        return dict(self.state.hands[COLOURS.index(check_side(side))])

    # --- moves --------------------------------------------------------------------------
    def _moves(self) -> list[GameMove]:
        return self._known()[0]

    def _known(self) -> tuple[list[GameMove], dict[str, GameMove]]:
        # (a state is never changed in place: push and pop put another in its stead)
        if self._legal is None or self._legal[0] is not self.state:
            moves = legal_moves(self.engine, self.state)
            # (the first of a UCI wins, as a search of the list would find it)
            self._legal = (self.state, moves, {m.uci: m for m in reversed(moves)})
        return self._legal[1], self._legal[2]

    def legal_moves(self) -> list[str]:
        """The side to move's legal moves, in UCI as Fairy-Stockfish writes them."""
        return [m.uci for m in self._moves()]

    def _find(self, uci: str) -> GameMove:
        if not isinstance(uci, str):
            raise BetzaError("a move must be a string such as e2e4")
        move = self._known()[1].get(uci)
        if move is None:
            raise BetzaError(f"illegal move {uci!r} in this position ({self.turn} to move)",
                             text=uci, pos=0)
        return move

    def push(self, uci: str) -> None:
        """Make the legal move ``uci``."""
        move = self._find(uci)
        self._stack.append((self.state, uci))
        self.state = apply(self.engine, self.state, move)

    def pop(self) -> str:
        """Take back the last move; returns it."""
        if not self._stack:
            raise BetzaError("no move to take back")
        self.state, uci = self._stack.pop()
        return uci

    @property
    def move_stack(self) -> list[str]:
        return [uci for _, uci in self._stack]

    def san(self, uci: str) -> str:
        """The legal move ``uci`` as Fairy-Stockfish's SAN writes it."""
        return write_san(self.engine, self.state, self._find(uci), self._moves())

    def is_castling(self, uci: str) -> bool:
        """Is the legal move ``uci`` a castling move (as python-chess's ``is_castling``)?

        >>> g = Game.from_variant("chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        >>> g.is_castling("e1g1"), g.is_castling("e1f1")
        (True, False)
        """
        return self._find(uci).kind == CASTLING

    def in_check(self) -> bool:
        return self.engine.in_check(self.state, self.state.turn)

    def is_checkmate(self) -> bool:
        return self.in_check() and not self._moves()

    def is_stalemate(self) -> bool:
        return not self.in_check() and not self._moves()

    # --- attacks ------------------------------------------------------------------------
    def _square(self, square: str) -> int:
        x, y = parse_square(square, self.files, self.ranks)
        return y * self.files + x

    def attackers(self, side: str, square: str) -> list[str]:
        """The squares of ``side``'s pieces that attack ``square`` whatever stands on it
        (a piece of the other side, so a side's defenders count), as python-chess's
        ``attackers``."""
        colour = COLOURS.index(check_side(side))
        sq = self._square(square)
        occ = self.state.occ[:]
        occ[colour] &= ~(1 << sq)
        occ[1 - colour] |= 1 << sq
        royal = self.engine.royal_mask(self.state) & ~(1 << sq)
        found = self.engine.attackers(self.state, sq, colour, occ, royal)
        return [self.engine.names[o] for o in found]

    def covered(self, side: str) -> set[str]:
        """The squares ``side`` attacks (:meth:`attackers` non-empty)."""
        return {name for name in self.engine.names if self.attackers(side, name)}


def perft(game: Game, depth: int) -> int:
    """The number of legal move sequences of ``depth`` plies from the game's position."""
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise BetzaError("depth must be a whole number from 0")
    return count(game.engine, game.state, depth)


def divide(game: Game, depth: int) -> dict[str, int]:
    """Per legal move, the perft of ``depth - 1`` after it."""
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 1:
        raise BetzaError("depth must be a whole number from 1")
    engine, state = game.engine, game.state
    return {m.uci: count(engine, apply(engine, state, m), depth - 1)
            for m in legal_moves(engine, state)}
