"""The whole-game kinds of ``betza batch`` (and of ``POST /api/query``): ``legal``,
``perft``, ``san`` and ``covers``, answered by the game engine (translator/game) for a
variant of Fairy-Stockfish's (or of a ``variants.ini``) in a position given by its FEN,
after the UCI moves of ``moves`` are played (docs/batch.md).

>>> legal_line({"variant": "chess", "fen": "7k/8/8/8/8/8/8/K7 w - - 0 1"})["moves"]
['a1a2', 'a1b1', 'a1b2']
>>> perft_line({"variant": "chess", "depth": 2})
{'ok': True, 'nodes': 400}
>>> san_line({"variant": "chess", "moves": ["e2e4", "e7e5", "g1f3"]})
{'ok': True, 'san': ['e4', 'e5', 'Nf3']}
"""

from __future__ import annotations

import time
from typing import Any

from translator.errors import BetzaError
from translator.game import Game
from translator.jsonapi.fields import line_limits, optional, required
from translator.position import check_side
from translator.present.game import letter, placed, side_of, sorted_squares
from translator.squares import square_name


def game_from(line: dict[str, Any], sans: list[str] | None = None) -> Game:
    """The game of a line: ``variant`` (with ``ini``, a variants.ini path: batch and the
    command line only), ``fen`` (default: the variant's start) and the UCI moves of
    ``moves`` played from it (their SAN appended to ``sans`` when given)."""
    from translator.research.perft import game_of

    return game_of(required(line, "variant"), optional(line, "ini"), optional(line, "fen"),
                   uci_list(line.get("moves")), sans)


def uci_list(value: Any, key: str = "moves") -> list[str]:
    """A list of UCI moves as given (None: none)."""
    if value is None:
        return []
    if not (isinstance(value, list) and all(isinstance(m, str) and m for m in value)):
        raise BetzaError(f"{key} must be a list of moves in UCI form, e.g. [\"e2e4\", "
                         "\"e7e5\"]")
    return value


def position_answer(game: Game) -> dict[str, Any]:
    """What a client needs to draw the position: its FEN, size, pieces and hands."""
    pieces = {square_name(sq): token for sq, token in placed(game).items()}
    return {"variant": game.variant_name, "fen": game.fen(), "files": game.files,
            "ranks": game.ranks, "turn": game.turn, "pieces": pieces,
            "hands": {side: game.hand(side) for side in ("white", "black")}}


def checked(game: Game, pieces: dict[str, str]) -> list[str]:
    """The squares of the side to move's royal pieces when it is in check."""
    if not game.in_check():
        return []
    return [sq for sq, token in pieces.items() if side_of(token) == game.turn
            and letter(token).upper() in game.rules.royal]


def legal_answer(game: Game, played: list[str] | None = None) -> dict[str, Any]:
    """The answer of a ``legal`` line (and of ``betza legal --json``)."""
    moves = game.legal_moves()
    out: dict[str, Any] = {"ok": True, "moves": moves, "san": [game.san(m) for m in moves],
                           "check": game.in_check(), "checkmate": game.is_checkmate(),
                           "stalemate": game.is_stalemate()}
    if played is not None:
        out["played"] = played
    position = position_answer(game)
    return {**out, **position, "checked": checked(game, position["pieces"])}


def legal_line(line: dict[str, Any]) -> dict[str, Any]:
    sans: list[str] = []
    game = game_from(line, sans)
    return legal_answer(game, sans)


def san_line(line: dict[str, Any]) -> dict[str, Any]:
    sans: list[str] = []
    game_from(line, sans)
    return {"ok": True, "san": sans}


def perft_line(line: dict[str, Any]) -> dict[str, Any]:
    """A ``perft`` line: ``depth``, and ``divide`` for the nodes under each root move;
    bounded by the line's ``timeout``."""
    from translator.research.perft import check_depth, count, divided

    depth = check_depth(line.get("depth"))
    split = line.get("divide", False)
    if not isinstance(split, bool):
        raise BetzaError("divide must be true or false")
    timeout = line_limits(line)[0]
    game, deadline = game_from(line), time.monotonic() + timeout
    if split:
        found = divided(game, depth, deadline, timeout)
        return {"ok": True, "nodes": found.nodes, "divide": found.divide}
    return {"ok": True, "nodes": count(game, depth, deadline, timeout)}


def covers_line(line: dict[str, Any]) -> dict[str, Any]:
    """A ``covers`` line: the squares the side ``by`` (default: the side to move) covers,
    or with ``square`` the pieces of that side that attack it, whatever stands there."""
    game = game_from(line)
    by = optional(line, "by")
    side = check_side(by) if by else game.turn
    square = optional(line, "square")
    if square is None:
        return {"ok": True, "by": side, "covered": sorted_squares(game.covered(side))}
    check_square(game, square)
    found = sorted_squares(game.attackers(side, square))
    return {"ok": True, "by": side, "square": square,
            "attackers": [{"square": sq, "piece": game.piece_at(sq)} for sq in found]}


def check_square(game: Game, name: str) -> None:
    """A square of the game's board, or the one-line error that says why not."""
    from translator.squares import parse_square

    parse_square(name, game.files, game.ranks)
