"""A whole game in Python, as python-chess's ``Board``: a variant of Fairy-Stockfish's (or of
a ``variants.ini``) in a position, its legal moves in UCI form, ``push``/``pop``, check,
SAN, perft, and the squares a side covers; printed as a text board and drawn as an SVG
board in a notebook (``_repr_svg_``). The rules are the engine's (translator/game).

>>> from translator import Game
>>> game = Game("chess")
>>> len(game.legal_moves()), game.perft(2)
(20, 400)
>>> game.push("e2e4"); game.push("e7e5"); game.san("g1f3")
'Nf3'
>>> game.pop(), game.turn
('e7e5', 'black')
>>> 'data-square="e4"' in game._repr_svg_()
True
"""

from __future__ import annotations

from collections.abc import Iterable

from translator.position import Side
from translator.present.game import game_svg, game_text, sorted_squares, uci_squares

__all__ = ["Game"]


class Game:
    """``variant`` (Fairy-Stockfish's name, or a section of ``ini``) from ``fen`` (the
    variant's start position when None), with the UCI ``moves`` played.

    >>> Game("chess", "7k/8/8/8/8/8/8/K7 w - - 0 1").legal_moves()
    ['a1a2', 'a1b1', 'a1b2']
    >>> Game("chess", moves=["f2f3", "e7e5", "g2g4", "d8h4"]).is_checkmate()
    True
    """

    def __init__(self, variant: str = "chess", fen: str | None = None, *,
                 ini: str | None = None, moves: Iterable[str] = ()):
        from translator.research.perft import game_of

        self._game = game_of(variant, ini, fen, list(moves))
        self.move_stack: list[str] = list(moves)

    @property
    def variant(self) -> str:
        return str(self._game.variant_name)

    @property
    def files(self) -> int:
        return int(self._game.files)

    @property
    def ranks(self) -> int:
        return int(self._game.ranks)

    @property
    def turn(self) -> Side:
        """The side to move: ``"white"`` or ``"black"``."""
        return "white" if self._game.turn == "white" else "black"

    def legal_moves(self) -> list[str]:
        """The side to move's legal moves in UCI form (``e2e4``, ``e7e8q``, ``P@e4``)."""
        return list(self._game.legal_moves())

    def push(self, uci: str) -> None:
        """Play ``uci``; a move that is not legal here is a :class:`BetzaError`."""
        from translator.errors import BetzaError

        if uci not in self._game.legal_moves():
            raise BetzaError(f"{uci!r} is not a legal move in {self.fen()!r}", text=uci, pos=0)
        self._game.push(uci)
        self.move_stack.append(uci)

    def pop(self) -> str:
        """Take back the last move played, and return it."""
        self.move_stack.pop()
        return str(self._game.pop())

    def fen(self) -> str:
        """The position as Fairy-Stockfish writes it (holdings in ``[...]``, ``~``, ``+``)."""
        return str(self._game.fen())

    def in_check(self) -> bool:
        return bool(self._game.in_check())

    def is_checkmate(self) -> bool:
        return bool(self._game.is_checkmate())

    def is_stalemate(self) -> bool:
        return bool(self._game.is_stalemate())

    def san(self, uci: str) -> str:
        """The SAN of the legal move ``uci`` here (``Nf3``, ``exd5``, ``O-O``, ``Qxf7#``)."""
        return str(self._game.san(uci))

    def is_castling(self, uci: str) -> bool:
        """Is the legal move ``uci`` here a castling move (as python-chess's)?"""
        return bool(self._game.is_castling(uci))

    def piece_at(self, square: str) -> str | None:
        """The FEN letter of the piece on ``square`` (upper case White), None if empty."""
        found = self._game.piece_at(square)
        return None if found is None else str(found)

    def hand(self, side: Side) -> dict[str, int]:
        """The pieces ``side`` holds in hand, by letter."""
        return dict(self._game.hand(side))

    def attackers(self, side: Side, square: str) -> list[str]:
        """The squares of ``side``'s pieces that attack ``square``, whatever stands there
        (a defender of its own piece included), as python-chess's ``attackers``."""
        return sorted_squares(self._game.attackers(side, square))

    def covered(self, side: Side) -> list[str]:
        """Every square a piece of ``side`` attacks, in board order (a1 b1 … a2 …)."""
        return sorted_squares(self._game.covered(side))

    def perft(self, depth: int, timeout: float | None = None) -> int:
        """The number of legal move sequences of ``depth`` plies; past ``timeout``
        seconds a :class:`~translator.errors.LimitError`."""
        import time

        from translator.research.perft import check_depth, count

        deadline = None if timeout is None else time.monotonic() + timeout
        return count(self._game, check_depth(depth), deadline, timeout)

    def divide(self, depth: int) -> dict[str, int]:
        """perft(``depth``) under each root move, by its UCI."""
        from translator.research.perft import check_depth, divided

        return divided(self._game, check_depth(depth), None).divide

    def __str__(self) -> str:
        return game_text(self._game)

    def __repr__(self) -> str:
        return f"Game({self.variant!r}, {self.fen()!r})"

    def _repr_svg_(self) -> str:
        marks = {}
        if self.move_stack:
            origin, to = uci_squares(self.move_stack[-1])
            marks = {sq: "move" for sq in (origin, to) if sq is not None}
        return game_svg(self._game, marks, labels={"move": "the last move"})
