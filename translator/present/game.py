"""A whole position of a game (translator/game) as a terminal board and as an SVG diagram:
the pieces by their FEN letters (White upper case), White at the bottom, the pieces in
hand under the board, whose move it is and whether that side is in check; squares of
interest (a picked piece's targets, the squares a side covers, the attackers of a square)
are marked and the marks explained.

>>> from translator.game import Game
>>> print(game_text(Game.from_variant("chess", fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1")))
8 . . . . k . . .
7 . . . . . . . .
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 . . . . . . . .
1 . . . . K . . R
  a b c d e f g h
  upper case: White's pieces, lower case: Black's
White to move.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from translator.game import Game
from translator.present.svg import render_svg
from translator.present.textboard import render_board
from translator.squares import Square, parse_square, square_coords, square_name

SIDES = ("white", "black")


def uci_squares(uci: str) -> tuple[str | None, str]:
    """The squares a UCI move goes from and to: ``e7e8q`` -> (e7, e8), ``a1a10`` ->
    (a1, a10), a drop ``P@e4`` -> (None, e4).

    >>> uci_squares("a9a10+"), uci_squares("P@e4")
    (('a9', 'a10'), (None, 'e4'))
    """
    squares = re.findall(r"[a-z][0-9]+", uci.split("@")[-1])
    return (None if "@" in uci else squares[0]), squares[-1]


def sorted_squares(names: Iterable[str]) -> list[str]:
    """Square names in board order: a1 b1 … then a2 …

    >>> sorted_squares(["b1", "a2", "a1"])
    ['a1', 'b1', 'a2']
    """
    return sorted(names, key=lambda n: square_coords(n)[::-1])


def placed(game: Game) -> dict[Square, str]:
    """Every piece on the board by its FEN token (``P``, ``+p``, ``Q~``)."""
    out: dict[Square, str] = {}
    for y in range(game.ranks):
        for x in range(game.files):
            token = game.piece_at(square_name((x, y)))
            if token:
                out[(x, y)] = token
    return out


def letter(token: str) -> str:
    """The piece's letter in a FEN token: ``+p`` -> ``p``, ``Q~`` -> ``Q``."""
    return token.strip("+~")


def side_of(token: str) -> str:
    return "white" if letter(token).isupper() else "black"


def hand_line(game: Game) -> str | None:
    """``In hand: White N Px2, Black none.`` (None in a game without hands)."""
    hands = {side: game.hand(side) for side in SIDES}
    if not any(hands.values()) and "[" not in game.fen():
        return None
    words = []
    for side in SIDES:
        pieces = " ".join(f"{p}" + (f"x{n}" if n > 1 else "")
                          for p, n in sorted(hands[side].items()))
        words.append(f"{side.capitalize()} {pieces or 'none'}")
    return "In hand: " + ", ".join(words) + "."


def status_line(game: Game) -> str:
    """Whose move it is, and check, checkmate or stalemate."""
    side = game.turn.capitalize()
    if game.is_checkmate():
        return f"{side} is checkmated."
    if game.is_stalemate():
        return f"{side} is stalemated."
    return f"{side} to move" + (", in check." if game.in_check() else ".")


def game_text(game: Game, marked: Iterable[str] = (), mark: str = "*",
              meaning: str = "") -> str:
    """The board as text, the squares ``marked`` shown as ``mark`` where no piece stands
    (and named under the board with ``meaning``), then the hands and whose move it is."""
    pieces = placed(game)
    cells = {sq: letter(tok)[0] for sq, tok in pieces.items()}
    squares = [parse_square(name) for name in marked]
    for sq in squares:
        cells.setdefault(sq, mark)
    legend = [(mark, meaning)] if squares and meaning else []
    lines = [render_board(game.files, game.ranks, cells, legend),
             "  upper case: White's pieces, lower case: Black's"]
    promoted = sorted(square_name(sq) + " " + tok for sq, tok in pieces.items()
                      if tok != letter(tok))
    if promoted:
        lines.append("  promoted (+, ~): " + ", ".join(promoted))
    hands = hand_line(game)
    if hands:
        lines.append(hands)
    lines.append(status_line(game))
    return "\n".join(lines)


def game_svg(game: Game, marks: dict[str, str] | None = None, title: str | None = None,
             labels: dict[str, str] | None = None) -> str:
    """The position as an SVG diagram in the look of every other board
    (:func:`translator.present.svg.render_svg`); ``marks``: square name -> mark kind."""
    pieces = {sq: (letter(tok).upper() + ("+" if tok.startswith("+") else ""), side_of(tok))
              for sq, tok in placed(game).items()}
    hands = hand_line(game)
    heading = title or f"{game.variant_name}: {status_line(game)}"
    if hands:
        heading += " " + hands
    return render_svg(game.files, game.ranks, pieces=pieces,
                      marks={parse_square(sq): kind for sq, kind in (marks or {}).items()},
                      title=heading, labels=labels)
