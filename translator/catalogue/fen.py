"""FEN positions on boards up to 26x26, with a piece table giving each letter's Betza string.

>>> table = parse_piece_table("K:K,R:R")
>>> pos = parse_fen("4k3/8/8/8/8/8/8/R3K3 b Q -", table)
>>> pos.pieces[(4, 7)].letter, pos.pieces[(4, 7)].royal, pos.side_to_move
('k', True, 'black')
>>> pos.pieces[(0, 0)].virgin
True
>>> board_fen(pos)
'4k3/8/8/8/8/8/8/R3K3 b'

Castling rights only mark pieces as ``virgin`` (never moved):

* ``K``/``Q`` (``k``/``q`` for Black): the royal piece of that colour on its back rank
  (the first from the a-file if there are several) and the outermost ``R`` (``r``) on that
  rank beyond it toward the h-side (``K``) or a-side (``Q``). If no such piece is there,
  nothing is marked; the FEN is not rejected.
* any other letter names a file (Shredder/X-FEN style, upper case for White): the piece
  of that colour on that file of its back rank, and that colour's royal piece as above.
  Here a missing piece is an error, since the FEN names the square explicitly.
"""

from __future__ import annotations

import re

from translator.errors import BetzaError
from translator.position import PlacedPiece, Position
from translator.squares import MAX_SIZE, Square, parse_square, square_name

_FIELD = re.compile(r"\S+")


def parse_piece_table(text: str) -> dict[str, str]:
    """``'C:fcafmF,K:K'`` -> ``{'C': 'fcafmF', 'K': 'K'}`` (letters upper-cased).

    Spaces around letters and Betza strings are allowed. The Betza strings are not checked
    here; the Betza parser does that.
    """
    table: dict[str, str] = {}
    start = 0
    for entry in text.split(","):
        end = start + len(entry)
        if not entry.strip():
            raise BetzaError("empty entry in the piece table (expected letter:betza)",
                             text=text, pos=start)
        colon = entry.find(":")
        if colon < 0:
            raise BetzaError("piece table entry has no ':' (expected letter:betza)",
                             text=text, pos=start + len(entry) - len(entry.lstrip()))
        letter = entry[:colon].strip()
        letter_pos = start + len(entry[:colon]) - len(entry[:colon].lstrip())
        if len(letter) != 1 or not (letter.isascii() and letter.isalpha()):
            raise BetzaError("piece letter must be a single ASCII letter",
                             text=text, pos=letter_pos if letter else start + colon)
        betza = entry[colon + 1:].strip()
        if not betza:
            raise BetzaError(f"piece letter {letter!r} has an empty Betza string",
                             text=text, pos=start + colon + 1)
        key = letter.upper()
        if key in table:
            raise BetzaError(f"piece letter {letter!r} appears twice in the piece table",
                             text=text, pos=letter_pos)
        table[key] = betza
        start = end + 1
    return table


def _parse_rank(
    fen: str, start: int, row: str, number: int
) -> tuple[list[tuple[int, str, int]], int]:
    """Read one '/'-separated row; return ``[(file, letter, offset in fen)]`` and its width.

    ``start`` is the row's offset in ``fen`` (for carets), ``number`` its rank for messages.
    """
    pieces: list[tuple[int, str, int]] = []
    width = 0
    i = 0
    while i < len(row):
        ch = row[i]
        at = start + i
        if "0" <= ch <= "9":  # not isdigit(), which also accepts "²"
            m = re.match(r"[0-9]+", row[i:])
            assert m is not None
            run = m.group()
            if run.startswith("0"):
                raise BetzaError("a run of empty squares cannot be 0 or start with 0",
                                 text=fen, pos=at)
            width += int(run)
            i += len(run)
        elif ch.isascii() and ch.isalpha():
            pieces.append((width, ch, at))
            width += 1
            i += 1
        elif ch == "*":
            # A wall square (Fairy-Stockfish): no piece may enter it.
            pieces.append((width, ch, at))
            width += 1
            i += 1
        elif ch == "+":
            # Promoted-piece prefix (Shogi-style FENs): carries no information we use.
            if not (i + 1 < len(row) and row[i + 1].isascii() and row[i + 1].isalpha()):
                raise BetzaError("'+' must come right before a piece letter", text=fen, pos=at)
            i += 1
            continue
        elif ch == "~":
            # Promoted-piece suffix (Crazyhouse-style FENs): likewise ignored.
            if not (i > 0 and row[i - 1].isascii() and row[i - 1].isalpha()):
                raise BetzaError("'~' must come right after a piece letter", text=fen, pos=at)
            i += 1
            continue
        else:
            raise BetzaError(f"unexpected character {ch!r} in the FEN board "
                             "(expected a piece letter, '*', a digit or '/')", text=fen, pos=at)
        if width > MAX_SIZE:
            raise BetzaError(f"rank {number} is more than {MAX_SIZE} squares wide",
                             text=fen, pos=at)
    return pieces, width


def _back_rank_royal(pos: Position, side: str, back: int) -> Square | None:
    for x in range(pos.files):
        piece = pos.pieces.get((x, back))
        if piece is not None and piece.side == side and piece.royal:
            return (x, back)
    return None


def _castling_squares(fen: str, field: str, start: int, pos: Position) -> set[Square]:
    """The squares of pieces the castling field says have never moved."""
    squares: set[Square] = set()
    if field == "-":
        return squares
    for i, ch in enumerate(field):
        at = start + i
        if not (ch.isascii() and ch.isalpha()):
            raise BetzaError("castling field must be '-' or letters (KQkq or file letters)",
                             text=fen, pos=at)
        side = "white" if ch.isupper() else "black"
        back = 0 if side == "white" else pos.ranks - 1
        rook = "R" if side == "white" else "r"
        king = _back_rank_royal(pos, side, back)
        if king is not None:
            squares.add(king)
        if ch in "KQkq":
            if king is None:
                continue
            # Scanning from the edge inward makes the first hit the outermost rook.
            outward = range(pos.files - 1, king[0], -1) if ch in "Kk" else range(king[0])
            for x in outward:
                piece = pos.pieces.get((x, back))
                if piece is not None and piece.letter == rook:
                    squares.add((x, back))
                    break
            continue
        x = ord(ch.lower()) - ord("a")
        if x >= pos.files:
            raise BetzaError(f"castling file {ch!r} is off a board {pos.files} files wide",
                             text=fen, pos=at)
        piece = pos.pieces.get((x, back))
        if piece is None or piece.side != side:
            raise BetzaError(f"castling right {ch!r} names {square_name((x, back))}, "
                             f"which holds no {side} piece", text=fen, pos=at)
        squares.add((x, back))
    return squares


def parse_fen(
    fen: str,
    table: dict[str, str],
    *,
    files: int | None = None,
    royal_letters: str = "K",
) -> Position:
    """Parse a FEN (board, then optional side, castling, e.p.; counters are ignored).

    Every board letter needs an entry in ``table`` (looked up upper-cased); pieces whose
    letter is in ``royal_letters`` (any case) are royal. ``files``, if given, is the width
    every rank must have. '+' before and '~' after a letter (promoted marks) are ignored.

    >>> pos = parse_fen("4k3/8/8/8/8/8/8/R3K3 b", {"R": "R", "K": "K"})
    >>> pos.side_to_move, pos.pieces[(4, 7)].royal, pos.pieces[(0, 0)].betza
    ('black', True, 'R')
    """
    fields = list(_FIELD.finditer(fen))
    if not fields:
        raise BetzaError("empty FEN", text=fen, pos=0)
    if files is not None and not (isinstance(files, int) and 1 <= files <= MAX_SIZE):
        raise BetzaError(f"files must be a whole number from 1 to {MAX_SIZE}")
    pos = _board(fen, fields[0], table, files, royal_letters)
    if len(fields) > 1:
        side = fields[1]
        if side.group() not in ("w", "b"):
            raise BetzaError("side to move must be 'w' or 'b'", text=fen, pos=side.start())
        pos.side_to_move = "white" if side.group() == "w" else "black"
    if len(fields) > 2:
        castling = fields[2]
        for sq in _castling_squares(fen, castling.group(), castling.start(), pos):
            pos.pieces[sq] = _with_virgin(pos.pieces[sq])
    if len(fields) > 3:
        _set_ep(fen, fields[3], pos)
    return pos


def _board(fen: str, board: re.Match[str], table: dict[str, str], files: int | None,
           royal_letters: str) -> Position:
    """The board field: the ranks from the top, each as wide as the first (or ``files``)."""
    lookup = {k.upper(): v for k, v in table.items()}
    royal = {ch.upper() for ch in royal_letters}
    rows = board.group().split("/")
    starts = []
    offset = board.start()
    for row in rows:
        starts.append(offset)
        offset += len(row) + 1
    if len(rows) > MAX_SIZE:
        raise BetzaError(f"the FEN board has more than {MAX_SIZE} ranks",
                         text=fen, pos=starts[MAX_SIZE])
    width = files
    placed: dict[Square, PlacedPiece] = {}
    walls: set[Square] = set()
    for index, (row, start) in enumerate(zip(rows, starts, strict=True)):
        y = len(rows) - 1 - index
        row_pieces, row_width = _parse_rank(fen, start, row, y + 1)
        if width is None:
            width = row_width
        if row_width != width:
            expected = "the given" if files is not None else "the top rank's"
            raise BetzaError(f"rank {y + 1} is {row_width} squares wide, "
                             f"but {expected} width is {width}", text=fen, pos=start)
        for x, letter, at in row_pieces:
            if letter == "*":
                walls.add((x, y))
                continue
            betza = lookup.get(letter.upper())
            if betza is None:
                raise BetzaError(f"piece letter {letter!r} has no Betza string in the piece table",
                                 text=fen, pos=at)
            placed[(x, y)] = PlacedPiece(side="white" if letter.isupper() else "black",
                                         betza=betza, letter=letter,
                                         royal=letter.upper() in royal)
    if not width:
        raise BetzaError("the FEN board has no squares", text=fen, pos=board.start())
    return Position(width, len(rows), pieces=placed, walls=walls)


def _with_virgin(piece: PlacedPiece) -> PlacedPiece:
    return PlacedPiece(piece.side, piece.betza, piece.letter, piece.royal, virgin=True)


def _set_ep(fen: str, field: re.Match[str], pos: Position) -> None:
    """Fill ``pos.ep`` and ``pos.ep_victim`` from the e.p. field."""
    name = field.group()
    if name == "-":
        return
    try:
        ep = parse_square(name, pos.files, pos.ranks)
    except BetzaError as err:
        raise BetzaError(f"bad e.p. square: {err.message}", text=fen,
                         pos=field.start() + (err.pos or 0)) from None
    # The side that just moved is the one not to move; its victim stands one step past
    # the e.p. square in its own direction of travel.
    step = -1 if pos.side_to_move == "white" else 1
    victim = (ep[0], ep[1] + step)
    if not 0 <= victim[1] < pos.ranks:
        raise BetzaError(f"e.p. square {name} has no square behind it for the captured piece",
                         text=fen, pos=field.start())
    pos.ep = [ep]
    pos.ep_victim = victim


def board_fen(position: Position) -> str:
    """The board field of ``position`` plus ``' w'`` or ``' b'``.

    White pieces are upper case and Black lower case; pieces without a letter (blockers of
    the light form) are written ``X``/``x``.
    """
    rows = []
    for y in range(position.ranks - 1, -1, -1):
        row = ""
        empty = 0
        for x in range(position.files):
            piece = position.pieces.get((x, y))
            wall = (x, y) in position.walls
            if piece is None and not wall:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            if piece is None:
                row += "*"
                continue
            letter = piece.letter or "X"
            row += letter.upper() if piece.side == "white" else letter.lower()
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + (" w" if position.side_to_move == "white" else " b")


def normalise_fen(fen: str) -> tuple[str, list[str]]:
    """An FSF start FEN as ``board side castling ep``, plus notes on what was dropped.

    Pockets (``[...]``, drops) and counters go; FSF's shogi form ``... w 0 1`` gains ``- -``.

    >>> normalise_fen("rbsgk/4p/5/P4/KGSBR[-] w 0 1")
    ('rbsgk/4p/5/P4/KGSBR w - -', [])
    >>> normalise_fen("8/8/8/8/8/8/8/K6k[Qq] w - - 0 1")[1]
    ["pieces in hand '[Qq]' are ignored (drops are not movement)"]
    """
    notes: list[str] = []
    tokens = fen.split()
    if not tokens:
        return "", notes
    board = tokens[0]
    m = re.search(r"\[([^\]]*)\]$", board)
    if m:
        board = board[: m.start()]
        if m.group(1).strip("-"):
            notes.append(f"pieces in hand '[{m.group(1)}]' are ignored (drops are not movement)")
    rest = tokens[1:]
    side = rest[0] if rest and rest[0] in ("w", "b") else "w"
    rest = rest[1:] if rest and rest[0] in ("w", "b") else rest
    castling, ep = "-", "-"
    if rest and not rest[0][0].isdigit():
        castling = rest[0]
        rest = rest[1:]
        if rest and (rest[0] == "-" or re.fullmatch(r"[a-z][0-9]+", rest[0])):
            ep = rest[0]
    return f"{board} {side} {castling} {ep}", notes
