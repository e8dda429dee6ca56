"""The state of a whole position, and FEN as Fairy-Stockfish reads and writes it: the
board (multi-digit empty runs, ``+P`` for a promoted shogi piece, ``Q~`` for a promoted
pawn in a drop variant), pieces in hand (``[QPpp]``), side to move, castling rights
(``KQkq``), the e.p. square and the move counters.

Squares are numbers ``rank * files + file``; colours are 0 (White) and 1 (Black).

>>> from translator.game.rules import game_rules
>>> state = parse_fen(game_rules("crazyhouse"), "4k3/8/8/8/8/8/8/4K2R[Qp] w K - 0 1")
>>> state.kind[4], state.hands[0], sorted(state.castling)
('K', {'Q': 1}, [(0, 7)])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from translator.errors import BetzaError
from translator.game.rules import GameRules

COLOURS = ("white", "black")


@dataclass(slots=True)
class State:
    """One position. ``kind[sq]`` the upper-case letter of the piece there (None: empty),
    ``colour[sq]`` its colour, ``unpromoted[sq]`` the letter it was before it promoted;
    ``occ[c]`` the squares of colour c as a bit mask, ``bb[(c, letter)]`` those of its
    pieces of one letter; ``hands[c]`` letter -> count;
    ``castling`` (colour, rook square) pairs; ``ep`` the e.p. square (-1: none) and
    ``ep_victim`` the square of the piece such a capture removes."""

    kind: list[str | None]
    colour: list[int]
    unpromoted: dict[int, str] = field(default_factory=dict)
    occ: list[int] = field(default_factory=lambda: [0, 0])
    bb: dict[tuple[int, str], int] = field(default_factory=dict)
    hands: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])
    turn: int = 0
    castling: frozenset[tuple[int, int]] = frozenset()
    ep: int = -1
    ep_victim: int = -1
    halfmove: int = 0
    fullmove: int = 1

    def copy(self) -> State:
        return State(self.kind[:], self.colour[:], dict(self.unpromoted), self.occ[:],
                     dict(self.bb), [dict(self.hands[0]), dict(self.hands[1])], self.turn,
                     self.castling, self.ep, self.ep_victim, self.halfmove, self.fullmove)

    def put(self, sq: int, letter: str, colour: int) -> None:
        self.kind[sq] = letter
        self.colour[sq] = colour
        self.occ[colour] |= 1 << sq
        self.bb[(colour, letter)] = self.bb.get((colour, letter), 0) | 1 << sq

    def remove(self, sq: int) -> None:
        colour, letter = self.colour[sq], self.kind[sq]
        if colour >= 0 and letter is not None:
            self.occ[colour] &= ~(1 << sq)
            self.bb[(colour, letter)] &= ~(1 << sq)
        self.kind[sq] = None
        self.colour[sq] = -1
        self.unpromoted.pop(sq, None)

    def step(self, frm: int, to: int, letter: str, becomes: str, colour: int) -> None:
        """The piece ``letter`` of ``colour`` on ``frm`` to ``to`` (empty, or ``frm``
        itself), as ``becomes``: :meth:`remove` and :meth:`put` in one (the change perft
        makes most)."""
        away, there = 1 << frm, 1 << to
        bb, kind, col = self.bb, self.kind, self.colour
        self.occ[colour] = self.occ[colour] & ~away | there
        bb[(colour, letter)] &= ~away
        bb[(colour, becomes)] = bb.get((colour, becomes), 0) | there
        kind[frm], col[frm], kind[to], col[to] = None, -1, becomes, colour
        if self.unpromoted:
            self.unpromoted.pop(frm, None)

    def squares_of(self, colour: int, letters: frozenset[str] | str) -> list[int]:
        return [sq for sq, k in enumerate(self.kind)
                if k is not None and k in letters and self.colour[sq] == colour]


def _fail(message: str, fen: str, pos: int) -> BetzaError:
    return BetzaError(f"FEN: {message}", text=fen, pos=pos)


def _parse_board(rules: GameRules, fen: str, board: str, state: State) -> None:
    files, ranks = rules.files, rules.ranks
    rows = board.split("/")
    if len(rows) != ranks:
        raise _fail(f"{len(rows)} ranks where the board has {ranks}", fen, 0)
    offset = 0
    for r, row in enumerate(rows):
        y, x, i = ranks - 1 - r, 0, 0
        while i < len(row):
            ch, at = row[i], offset + i
            if ch.isdigit():
                m = re.match(r"[0-9]+", row[i:])
                assert m is not None
                x += int(m.group())
                i += len(m.group())
                continue
            promoted = ch == "+"
            if promoted:
                i += 1
                if i >= len(row):
                    raise _fail("'+' with no piece after it", fen, at)
                ch = row[i]
            letter = ch.upper()
            if not ch.isalpha() or letter not in rules.pieces:
                raise _fail(f"unknown piece letter {ch!r}", fen, offset + i)
            if x >= files:
                raise _fail(f"rank {y + 1} has more than {files} squares", fen, at)
            sq, colour = y * files + x, 0 if ch.isupper() else 1
            if promoted:
                target = rules.promoted_type.get(letter)
                if target is None:
                    raise _fail(f"{ch} does not promote in {rules.name}", fen, at)
                state.put(sq, target, colour)
                state.unpromoted[sq] = letter
            else:
                state.put(sq, letter, colour)
            if row[i + 1:i + 2] == "~":
                state.unpromoted[sq] = rules.pawn or "P"
                i += 1
            x += 1
            i += 1
        if x != files:
            raise _fail(f"rank {y + 1} has {x} squares where the board has {files}", fen,
                        offset)
        offset += len(row) + 1


def _parse_hands(rules: GameRules, fen: str, text: str, at: int, state: State) -> None:
    for i, ch in enumerate(text):
        if ch == "-":
            continue
        if not ch.isalpha() or ch.upper() not in rules.pieces:
            raise _fail(f"unknown piece letter {ch!r} in hand", fen, at + i)
        hand = state.hands[0 if ch.isupper() else 1]
        hand[ch.upper()] = hand.get(ch.upper(), 0) + 1


def _castling_rights(rules: GameRules, fen: str, text: str, at: int,
                     state: State) -> frozenset[tuple[int, int]]:
    rights: set[tuple[int, int]] = set()
    files = rules.files
    for i, ch in enumerate(text):
        if ch == "-":
            continue
        colour = 0 if ch.isupper() else 1
        y = rules.castling_rank if colour == 0 else rules.ranks - 1 - rules.castling_rank
        row = range(y * files, y * files + files)
        kings = [sq for sq in row if state.kind[sq] in rules.royal and state.colour[sq] == colour]
        rooks = [sq for sq in row if state.kind[sq] in rules.castling_rooks
                 and state.colour[sq] == colour and sq not in state.unpromoted]
        low = ch.lower()
        if not kings or low not in "kq" and not "a" <= low < chr(97 + files):
            raise _fail(f"castling right {ch!r} has no king to castle", fen, at + i)
        king = kings[0]
        if low == "k":
            side = [sq for sq in rooks if sq > king]
            rook = side[-1] if side else -1
        elif low == "q":
            side = [sq for sq in rooks if sq < king]
            rook = side[0] if side else -1
        else:
            rook = y * files + ord(low) - 97
            rook = rook if rook in rooks else -1
        if rook < 0:
            raise _fail(f"castling right {ch!r} has no rook to castle with", fen, at + i)
        rights.add((colour, rook))
    return frozenset(rights)


def parse_fen(rules: GameRules, fen: str) -> State:
    """The state of ``fen`` on the variant's board; one-line errors with a caret."""
    if not isinstance(fen, str) or not fen.strip():
        raise BetzaError("FEN: empty")
    size = rules.files * rules.ranks
    state = State([None] * size, [-1] * size)
    text = fen.strip()
    tokens = text.split()
    board = tokens[0]
    m = re.search(r"\[([^\]]*)\]$", board)
    if m:
        _parse_hands(rules, text, m.group(1), m.start(1), state)
        board = board[:m.start()]
    _parse_board(rules, text, board, state)
    rest, at = tokens[1:], len(tokens[0]) + 1
    if rest:
        if rest[0] not in ("w", "b"):
            raise _fail("the side to move must be w or b", text, text.index(rest[0], at))
        state.turn = 0 if rest[0] == "w" else 1
        at = text.index(rest[0], at) + 1
        rest = rest[1:]
    if rest and re.fullmatch(r"-|[A-Za-z]+", rest[0]) and not rest[0].isdigit():
        where = text.index(rest[0], at)
        state.castling = _castling_rights(rules, text, rest[0], where, state)
        rest = rest[1:]
        if rest and (rest[0] == "-" or re.fullmatch(r"[a-z][0-9]+", rest[0])):
            if rest[0] != "-":
                state.ep = _ep_square(rules, text, rest[0], state)
            rest = rest[1:]
    numbers = [int(t) for t in rest[:2] if t.isdigit()]
    if len(numbers) == 2:
        state.halfmove, state.fullmove = numbers
    return state


def _ep_square(rules: GameRules, fen: str, name: str, state: State) -> int:
    x, y = ord(name[0]) - 97, int(name[1:]) - 1
    if not (0 <= x < rules.files and 0 <= y < rules.ranks):
        raise _fail(f"e.p. square {name} is off the board", fen, fen.index(name))
    sq = y * rules.files + x
    step = -rules.files if state.turn == 0 else rules.files   # toward the pawn that ran
    victim = sq + step
    if state.kind[sq] is not None or not 0 <= victim < len(state.kind) or \
            state.colour[victim] != 1 - state.turn:
        return -1   # as Fairy-Stockfish: an e.p. square no capture can use is dropped
    state.ep_victim = victim
    return sq


def board_fen(rules: GameRules, state: State) -> str:
    """The board part of the FEN (with the pieces in hand, in a drop variant)."""
    files = rules.files
    rows = []
    for y in range(rules.ranks - 1, -1, -1):
        row, empty = "", 0
        for x in range(files):
            sq = y * files + x
            letter = state.kind[sq]
            if letter is None:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            before = state.unpromoted.get(sq)
            shown = f"+{before}" if before and rules.shogi_style else letter
            if before and not rules.shogi_style and rules.captures_to_hand:
                shown += "~"
            row += shown if state.colour[sq] == 0 else shown.lower()
        rows.append(row + (str(empty) if empty else ""))
    text = "/".join(rows)
    if rules.drops:
        hand = "".join(letter * state.hands[0].get(letter, 0) for letter in rules.hand_order)
        hand += "".join(letter.lower() * state.hands[1].get(letter, 0)
                        for letter in rules.hand_order)
        text += f"[{hand}]"
    return text


def fen_of(rules: GameRules, state: State, ep_shown: bool) -> str:
    """The whole FEN as Fairy-Stockfish writes it; the e.p. square only where
    ``ep_shown`` (a capture can use it)."""
    rights = ""
    for colour, wing in ((0, "k"), (0, "q"), (1, "k"), (1, "q")):
        for c, rook in sorted(state.castling):
            king = _king_file(rules, state, colour)
            if c == colour and (rook % rules.files > king) == (wing == "k"):
                rights += wing.upper() if colour == 0 else wing
    ep = state_square_name(rules, state.ep) if ep_shown and state.ep >= 0 else "-"
    side = "w" if state.turn == 0 else "b"
    return (f"{board_fen(rules, state)} {side} {rights or '-'} {ep} {state.halfmove} "
            f"{state.fullmove}")


def _king_file(rules: GameRules, state: State, colour: int) -> int:
    kings = state.squares_of(colour, rules.royal)
    return kings[0] % rules.files if kings else -1


def state_square_name(rules: GameRules, sq: int) -> str:
    return f"{chr(97 + sq % rules.files)}{sq // rules.files + 1}"
