"""A side's moves in a whole position, by matching the compiled tables of compile.py:
each piece's rows on its square against the position's masks (translator/compiled/
match.py's key: occupied, friends, enemies, royal and the i-move bit), the promotion,
drop and castling tables of encodings/game_rules.lp, and legality: a move is legal when
afterwards no royal piece of the mover is attacked, attacks read from the same rows
reversed (compile.py's ``attack``).

A move is a tuple :data:`GameMove`; its UCI text is Fairy-Stockfish's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from translator.game.board import State
from translator.game.compile import Castle, GameRow, Tables
from translator.game.rules import SIDES

NORMAL, EN_PASSANT, CASTLING, DROP, PIECE_PROMOTION, PROMOTION = range(6)


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


class Engine:
    """The tables of one variant laid out for matching (lists by colour number)."""

    def __init__(self, tables: Tables) -> None:
        rules = tables.rules
        self.tables, self.rules, self.size = tables, rules, tables.size
        n = self.size
        self.names = tables.names
        self.rows = [{t: tables.rows[(t, side)] for t in rules.pieces} for side in SIDES]
        self.reach = [{t: tables.reach[(t, side)] for t in rules.pieces} for side in SIDES]
        self.attack = [{t: tables.attack[(t, side)] for t in rules.pieces} for side in SIDES]
        self.clear = [(1 | 1 << n | 1 << 3 * n) << sq for sq in range(n)]
        self.virgin_bit = 1 << 4 * n
        self.region = [tables.virgin[side] for side in SIDES]
        self.royal = rules.royal
        self.castles = [tables.castles.get(side, []) for side in SIDES]
        # per side and letter: the squares a move may end on (or, for a piece promotion
        # zone, start from) where a promotion or immobility rule applies
        self.special = [{t: self._special(t, side) for t in rules.pieces} for side in SIDES]
        # per side, letter and square: the key bits its rows test, and the moves found
        # for each value of them (bounded: a position's pieces seldom change their
        # surroundings all at once, so perft meets the same values again and again)
        self.relevant = [{t: [self._relevant(laid) for laid in self.rows[c][t]]
                          for t in rules.pieces} for c in (0, 1)]
        self.cache: list[dict[str, list[dict[int, list[GameMove]]]]] = [
            {t: [{} for _ in range(n)] for t in rules.pieces} for _ in (0, 1)]

    def _special(self, letter: str, side: str) -> int:
        tables, mask = self.tables, 0
        for sq in range(self.size):
            key = (letter, side, sq)
            if key in tables.promotion or key in tables.must_promote or key in tables.immobile:
                mask |= 1 << sq
        return mask | tables.piece_zone.get((letter, side), 0)

    @staticmethod
    def _relevant(laid: tuple[GameRow, ...]) -> int:
        mask = 0
        for row in laid:
            mask |= row[1]
        return mask

    # --- attacks ---------------------------------------------------------------------
    def royal_mask(self, state: State) -> int:
        mask = 0
        for colour in (0, 1):
            for letter in self.royal:
                mask |= state.bb.get((colour, letter), 0)
        return mask

    def attacked(self, state: State, target: int, by: int, occ: list[int],
                 royal: int, gone: int = 0) -> bool:
        """Whether a piece of colour ``by`` captures on ``target`` with the occupancy
        ``occ`` (per colour) and royal squares ``royal``; ``gone``: squares whose pieces
        of ``by`` were just captured."""
        return next(self._hits(state, target, by, occ, royal, gone), None) is not None

    def _hits(self, state: State, target: int, by: int, occ: list[int], royal: int,
              gone: int = 0) -> Iterator[int]:
        """The squares of ``by``'s pieces whose rows capture on ``target`` (as
        :meth:`attacked` reads them)."""
        key = self.key(occ, by, royal)
        mine = occ[by]
        region, vbit, clear = self.region[by], self.virgin_bit, self.clear
        for letter, reach in self.reach[by].items():
            cand = reach[target] & state.bb.get((by, letter), 0) & ~gone & mine
            while cand:
                low = cand & -cand
                origin = low.bit_length() - 1
                cand ^= low
                k = key & ~clear[origin]
                if region >> origin & 1:
                    k |= vbit
                if any(k & mask == want
                       for mask, want in self.attack[by][letter][target][origin]):
                    yield origin

    def danger(self, state: State, colour: int, royal: int) -> tuple[int, bool]:
        """The squares whose change may let an enemy piece attack a royal piece of
        ``colour`` (every square the rows of the enemy pieces that may attack it test),
        and whether one attacks it now."""
        n, by = self.size, 1 - colour
        full = (1 << n) - 1
        danger, checked = 0, False
        own = royal & state.occ[colour]
        key = self.key(state.occ, by, royal)
        while own:
            low = own & -own
            target = low.bit_length() - 1
            own ^= low
            for letter, reach in self.reach[by].items():
                cand = reach[target] & state.bb.get((by, letter), 0)
                while cand:
                    bit = cand & -cand
                    origin = bit.bit_length() - 1
                    cand ^= bit
                    k = key & ~self.clear[origin]
                    if self.region[by] >> origin & 1:
                        k |= self.virgin_bit
                    for mask, want in self.attack[by][letter][target][origin]:
                        danger |= (mask | mask >> n | mask >> 2 * n | mask >> 3 * n) & full
                        checked = checked or k & mask == want
        return danger, checked

    def threatened(self, state: State, sq: int, colour: int, occ: list[int], royal: int
                   ) -> bool:
        """Whether the other side attacks ``sq`` were a royal piece of ``colour`` on it
        (the squares a castling king passes)."""
        stood = occ[:]
        stood[colour] |= 1 << sq
        stood[1 - colour] &= ~(1 << sq)
        return self.attacked(state, sq, 1 - colour, stood, royal | 1 << sq)

    def attackers(self, state: State, target: int, by: int, occ: list[int],
                  royal: int) -> list[int]:
        """The squares of ``by``'s pieces that capture on ``target`` (as :meth:`attacked`)."""
        return sorted(self._hits(state, target, by, occ, royal))

    def in_check(self, state: State, colour: int) -> bool:
        royal = self.royal_mask(state)
        own = royal & state.occ[colour]
        while own:
            low = own & -own
            if self.attacked(state, low.bit_length() - 1, 1 - colour, state.occ, royal):
                return True
            own ^= low
        return False

    # --- pseudo-legal moves ----------------------------------------------------------
    def key(self, occ: list[int], colour: int, royal: int, ep_enemy: int = 0) -> int:
        """The occupancy ``occ`` (per colour) as one number for ``colour``'s rows
        (match.py's Board.key): occupied, friends, enemies and royal squares
        (``ep_enemy``: squares taken to hold an enemy, for e.p.)."""
        n = self.size
        mine, theirs = occ[colour], occ[1 - colour] | ep_enemy
        return (mine | theirs) | mine << n | theirs << 2 * n | royal << 3 * n

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

    def pseudo(self, state: State, royal: int) -> list[GameMove]:
        """Every move of the side to move before the royal test (``royal``: the royal
        squares, :meth:`royal_mask`)."""
        colour, moves = state.turn, []
        occ = state.occ[colour]
        kinds = state.kind
        special, relevant, cache = self.special[colour], self.relevant[colour], \
            self.cache[colour]
        key = self.key(state.occ, colour, royal)
        while occ:
            low = occ & -occ
            sq = low.bit_length() - 1
            occ ^= low
            letter = kinds[sq]
            assert letter is not None
            seen = cache[letter][sq]
            value = key & relevant[letter][sq]
            found = seen.get(value)
            if found is None:
                found = self._plain_moves(state, colour, sq, key, letter)
                if len(seen) > 2048:
                    seen.clear()
                seen[value] = found
            rules = special[letter]
            if not rules:
                moves += found
                continue
            for m in found:
                if rules >> m.to & 1 or rules >> sq & 1:
                    self._expand(state, colour, sq, m.to, m.captures, m.rights, moves)
                else:
                    moves.append(m)
        if state.ep >= 0:
            self.en_passant(state, colour, moves)
        if state.castling:
            self._castling(state, colour, moves)
        if self.rules.drops:
            self._drops(state, colour, moves)
        return moves

    def _plain_moves(self, state: State, colour: int, sq: int, key: int, letter: str
                     ) -> list[GameMove]:
        """The moves of the piece on ``sq``, one per destination, before any rule of
        promotion or immobility."""
        names, out, seen = self.names, [], set()
        for to, caps, rights in self.piece_rows(state, colour, sq, key):
            if to not in seen:
                seen.add(to)
                out.append(GameMove(names[sq] + names[to], NORMAL, sq, to, letter, letter,
                                    caps, rights))
        return out

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
        e.p. square with its capture onto that square."""
        ep, bit = state.ep, 1 << state.ep
        key = self.key(state.occ, colour, self.royal_mask(state), ep_enemy=bit)
        for letter in self.tables.ep_pieces:
            pieces = state.bb.get((colour, letter), 0)
            while pieces:
                low = pieces & -pieces
                sq = low.bit_length() - 1
                pieces ^= low
                for to, caps, _ in self.piece_rows(state, colour, sq, key):
                    if to == ep and caps == (ep,):
                        moves.append(GameMove(self.names[sq] + self.names[ep], EN_PASSANT,
                                              sq, ep, letter, letter, (state.ep_victim,)))

    def _castling(self, state: State, colour: int, moves: list[GameMove]) -> None:
        occ = state.occ[0] | state.occ[1]
        royal = self.royal_mask(state)
        for castle in self.castles[colour]:
            if (colour, castle.rook) not in state.castling or \
                    state.kind[castle.king] not in self.royal or \
                    state.colour[castle.king] != colour or occ & castle.empty:
                continue
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
        side, files = SIDES[colour], self.rules.files
        empty = ~(state.occ[0] | state.occ[1])
        for letter in self.rules.pieces:
            if not state.hands[colour].get(letter):
                continue
            squares = self.tables.drop_squares.get((letter, side), 0) & empty
            if letter in self.rules.drop_no_doubled:
                own = state.bb.get((colour, letter), 0)
                for x in {sq % files for sq in range(self.size) if own >> sq & 1}:
                    for y in range(self.rules.ranks):
                        squares &= ~(1 << (y * files + x))
            while squares:
                low = squares & -squares
                sq = low.bit_length() - 1
                squares ^= low
                moves.append(GameMove(f"{letter}@{self.names[sq]}", DROP, -1, sq, letter,
                                      letter))
