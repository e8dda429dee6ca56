"""A side's moves in a whole position, by matching the compiled tables of compile.py:
each piece's rows on its square against the position's masks (translator/compiled/
match.py's key: occupied, friends, enemies, royal and the i-move bit), the promotion,
drop and castling tables of encodings/game_rules.lp, and legality: a move is legal when
afterwards no royal piece of the mover is attacked, attacks read from the same rows
reversed (compile.py's ``attack``).

A move is a tuple :data:`GameMove`; its UCI text is Fairy-Stockfish's.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import NamedTuple

from translator.game.attacks import Attacks
from translator.game.board import State
from translator.game.compile import Castle, Tables
from translator.game.rules import SIDES

NORMAL, EN_PASSANT, CASTLING, DROP, PIECE_PROMOTION, PROMOTION = range(6)


# of a piece on a square: its moves per value of the key bits its rows test (the moves,
# and the squares they end on), those bits, and where its promotion rules apply
Slot = tuple[dict[int, tuple[list["GameMove"], int]], int, int]


class GameMove(NamedTuple):
    """One move: its UCI text, kind (NORMAL …), squares (``frm`` -1 for a drop), the
    moving letter, what it becomes (promotion) or is dropped as, the squares it
    captures on, the e.p. squares it creates, and its castling entry."""

    uci: str
    kind: int
    frm: int
    to: int
    letter: str
    becomes: str
    captures: tuple[int, ...] = ()
    rights: tuple[int, ...] = ()
    castle: Castle | None = None


class Engine(Attacks):
    """The tables of one variant laid out for matching (lists by colour number)."""

    def __init__(self, tables: Tables) -> None:
        super().__init__(tables)
        rules, n = tables.rules, tables.size
        self.names = tables.names
        self.rows = [{t: tables.rows[(t, side)] for t in rules.pieces} for side in SIDES]
        files = rules.files
        self.file_mask = [sum(1 << (y * files + sq % files) for y in range(rules.ranks))
                          for sq in range(n)]
        # per side, (rook square, the mask of the king's square): the castling moves
        # of that rook and king, each with its place in the variant's order; and per
        # (castling rights, the king's mask): those moves, as :meth:`_castling` finds them
        self.castles: list[dict[tuple[int, int], list[tuple[int, Castle]]]] = [{}, {}]
        self.castle_memo: list[dict[tuple[frozenset[tuple[int, int]], int], list[Castle]]] = [
            {}, {}]
        for colour, side in enumerate(SIDES):
            for order, castle in enumerate(tables.castles.get(side, [])):
                self.castles[colour].setdefault((castle.rook, 1 << castle.king), []).append(
                    (order, castle))
        # per side, letter and square: the moves found for each value of the key bits its
        # rows test (each: the moves and the mask of the squares they end on; bounded: a
        # position's pieces seldom change their surroundings all at once, so perft meets
        # the same values again and again), those bits, and the squares a move may end on
        # (or, for a piece promotion zone, start from) where a promotion or immobility
        # rule applies
        special = [{t: self._special(t, side) for t in rules.pieces} for side in SIDES]
        self.slots: list[dict[str | None, list[Slot]]] = [
            {t: [({}, reduce(or_, [row[1] for row in laid], 0), special[c][t])
                 for laid in self.rows[c][t]] for t in rules.pieces} for c in (0, 1)]
        self.drop_moves = {t: [GameMove(f"{t}@{self.names[sq]}", DROP, -1, sq, t, t)
                               for sq in range(n)] for t in rules.pieces} if rules.drops else {}

    def _special(self, letter: str, side: str) -> int:
        tables, mask = self.tables, 0
        for sq in range(self.size):
            key = (letter, side, sq)
            if key in tables.promotion or key in tables.must_promote or key in tables.immobile:
                mask |= 1 << sq
        return mask | tables.piece_zone.get((letter, side), 0)

    # --- pseudo-legal moves ----------------------------------------------------------
    def piece_rows(self, state: State, colour: int, sq: int, key: int
                   ) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """The destinations of the piece on ``sq`` (with captures and e.p. rights) on the
        board of ``key`` (:meth:`key`): of each group of its rows, the first that holds."""
        key &= ~self.clear[sq]
        if self.region[colour] >> sq & 1:
            key |= self.virgin_bit
        letter = state.kind[sq]
        assert letter is not None
        out = []
        done = -1
        for group, mask, want, to, caps, rights in self.rows[colour][letter][sq]:
            if group != done and key & mask == want:
                done = group
                out.append((to, caps, rights))
        return out

    def pseudo(self, state: State, royal: int, unsafe: int = 0,
               doubt: list[int] | None = None) -> list[GameMove]:
        """Every move of the side to move before the royal test (``royal``: the royal
        squares, :meth:`royal_mask`). The indices of the moves that leave or reach a
        square of ``unsafe``, capture e.p. or make a royal piece are added to ``doubt``:
        the others need no royal test when ``unsafe`` holds the mover's royal squares and
        :meth:`danger`'s."""
        colour = state.turn
        moves: list[GameMove] = []
        doubt = [] if doubt is None else doubt
        occ = state.occ[colour]
        kinds, slots = state.kind, self.slots[colour]
        key = self.key(state.occ, colour, royal)
        while occ:
            low = occ & -occ
            sq = low.bit_length() - 1
            occ ^= low
            seen, relevant, rules = slots[kinds[sq]][sq]
            value = key & relevant
            entry = seen.get(value)
            if entry is None:
                entry = self._plain_moves(state, colour, sq, key)
                if len(seen) > 2048:
                    seen.clear()
                seen[value] = entry
            found, tos = entry
            if rules and (rules & tos or rules >> sq & 1):
                start = len(moves)
                for m in found:
                    if rules >> m.to & 1 or rules >> sq & 1:
                        self._expand(state, colour, sq, m.to, m.captures, m.rights, moves)
                    else:
                        moves.append(m)
                self._doubtful(moves, start, unsafe, doubt)
            elif unsafe >> sq & 1:
                doubt += range(len(moves), len(moves) + len(found))
                moves += found
            elif tos & unsafe:
                for m in found:
                    if unsafe >> m.to & 1:
                        doubt.append(len(moves))
                    moves.append(m)
            else:
                moves += found
        if state.ep >= 0:
            start = len(moves)
            self.en_passant(state, colour, moves)
            doubt += range(start, len(moves))
        if state.castling:
            self._castling(state, colour, moves)
        if self.rules.drops:
            start = len(moves)
            self._drops(state, colour, moves)
            self._doubtful(moves, start, unsafe, doubt)
        return moves

    def _doubtful(self, moves: list[GameMove], start: int, unsafe: int,
                  doubt: list[int]) -> None:
        """Adds to ``doubt`` the indices from ``start`` of the moves that leave or reach
        a square of ``unsafe`` or make a royal piece (:meth:`pseudo`)."""
        royal = self.royal
        for i in range(start, len(moves)):
            m = moves[i]
            if unsafe >> m.to & 1 or m.frm >= 0 and unsafe >> m.frm & 1 \
                    or m.becomes in royal:
                doubt.append(i)

    def _plain_moves(self, state: State, colour: int, sq: int, key: int
                     ) -> tuple[list[GameMove], int]:
        """The moves of the piece on ``sq``, one per destination, before any rule of
        promotion or immobility, and the squares they end on."""
        names, out, seen, letter = self.names, [], 0, state.kind[sq]
        assert letter is not None
        for to, caps, rights in self.piece_rows(state, colour, sq, key):
            if not seen >> to & 1:
                seen |= 1 << to
                out.append(GameMove(names[sq] + names[to], NORMAL, sq, to, letter, letter,
                                    caps, rights))
        return out, seen

    def _expand(self, state: State, colour: int, frm: int, to: int, caps: tuple[int, ...],
                rights: tuple[int, ...], moves: list[GameMove]) -> None:
        """The move ``frm``-``to`` and its promotions."""
        tables, side = self.tables, SIDES[colour]
        letter = state.kind[frm]
        assert letter is not None
        base = self.names[frm] + self.names[to]
        key = (letter, side, to)
        choices = tables.promotion.get(key, "")
        for new in choices:
            if self._below_limit(state, colour, new):
                moves.append(GameMove(base + new.lower(), PROMOTION, frm, to, letter, new,
                                      caps))
        promoted = self.rules.promoted_type.get(letter)
        zone = tables.piece_zone.get((letter, side), 0)
        if promoted and frm not in state.unpromoted and (zone >> to & 1 or zone >> frm & 1) \
                and self._below_limit(state, colour, promoted):
            moves.append(GameMove(base + "+", PIECE_PROMOTION, frm, to, letter, promoted, caps))
        if key not in tables.must_promote and key not in tables.immobile:
            moves.append(GameMove(base, NORMAL, frm, to, letter, letter, caps, rights))

    def _below_limit(self, state: State, colour: int, letter: str) -> bool:
        """Whether ``colour`` may promote to ``letter``: fewer of it on the board than
        the variant's promotion limit (Grand chess), or no limit."""
        limit = self.rules.promotion_limit.get(letter)
        return limit is None or bin(state.bb.get((colour, letter), 0)).count("1") < limit

    def en_passant(self, state: State, colour: int, moves: list[GameMove]) -> None:
        """A piece that captures e.p. (its Betza's e) takes the piece that passed the
        e.p. square with its capture onto that square (the square taken to hold an
        enemy: the pieces whose capture rows then hold on it)."""
        ep = state.ep
        occ = state.occ[:]
        occ[1 - colour] |= 1 << ep
        for sq in self._hits(state, ep, colour, occ, self.royal_mask(state)):
            letter = state.kind[sq]
            if letter is not None and letter in self.tables.ep_pieces:
                moves.append(GameMove(self.names[sq] + self.names[ep], EN_PASSANT, sq, ep,
                                      letter, letter, (state.ep_victim,)))

    def _castling(self, state: State, colour: int, moves: list[GameMove]) -> None:
        kings = self.royals(state, colour)
        known, by_pair = self.castle_memo[colour], self.castles[colour]
        found = known.get((state.castling, kings))
        if found is None:
            found = known[(state.castling, kings)] = [castle for _, castle in sorted(
                entry for c, rook in state.castling if c == colour
                for entry in by_pair.get((rook, kings), ()))]
        occ = state.occ[0] | state.occ[1]
        found = [castle for castle in found if not occ & castle.empty]
        if not found:
            return
        royal = self.royal_mask(state)
        for castle in found:
            if any(self.threatened(state, sq, colour, state.occ, royal) for sq in castle.safe):
                continue
            without = state.occ[:]
            without[colour] &= ~(1 << castle.rook)
            if self.threatened(state, castle.king_to, colour, without, royal):
                continue
            letter = state.kind[castle.king]
            assert letter is not None
            moves.append(GameMove(self.names[castle.king] + self.names[castle.king_to],
                                  CASTLING, castle.king, castle.king_to, letter, letter,
                                  castle=castle))

    def _drops(self, state: State, colour: int, moves: list[GameMove]) -> None:
        side, hand = SIDES[colour], state.hands[colour]
        empty = ~(state.occ[0] | state.occ[1])
        for letter, dropped in self.drop_moves.items():
            if not hand.get(letter):
                continue
            squares = self.tables.drop_squares.get((letter, side), 0) & empty
            if letter in self.rules.drop_no_doubled:
                own = state.bb.get((colour, letter), 0)
                while own:
                    low = own & -own
                    squares &= ~self.file_mask[low.bit_length() - 1]
                    own ^= low
            while squares:
                low = squares & -squares
                squares ^= low
                moves.append(dropped[low.bit_length() - 1])
