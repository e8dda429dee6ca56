"""What attacks a square in a whole position: the capture rows of compile.py's tables
reversed (``attack``: per target, the origins and rows that capture on it), matched on
the position's key as movegen.py matches a piece's moves; whether a royal piece is in
check, and the squares whose change may put it there (``danger``).
"""

from __future__ import annotations

from functools import reduce
from operator import or_

from translator.game.board import State
from translator.game.compile import Tables
from translator.game.rules import SIDES

# of a letter that may capture on a square: the key of its pieces in a State's ``bb``,
# the origins it captures from, and per origin the squares its rows test and the rows
Threat = tuple[tuple[int, str], int, dict[int, tuple[int, tuple[tuple[int, int], ...]]]]


class Attacks:
    """The attacks of one variant's pieces (lists by colour number)."""

    def __init__(self, tables: Tables) -> None:
        rules = tables.rules
        self.tables, self.rules, self.size = tables, rules, tables.size
        n = self.size
        # per side and target (:meth:`_near`)
        self.threats: list[list[list[Threat] | None]] = [[None] * n, [None] * n]
        self.clear = [(1 | 1 << n | 1 << 3 * n) << sq for sq in range(n)]
        self.virgin_bit = 1 << 4 * n
        self.region = [tables.virgin[side] for side in SIDES]
        self.royal = rules.royal
        # per colour, the keys of its royal pieces' bit masks in a State's ``bb``
        self.royal_keys = [[(c, t) for t in rules.royal] for c in (0, 1)]

    def key(self, occ: list[int], colour: int, royal: int) -> int:
        """The occupancy ``occ`` (per colour) as one number for ``colour``'s rows
        (match.py's Board.key): occupied, friends, enemies and royal squares."""
        n = self.size
        mine, theirs = occ[colour], occ[1 - colour]
        return (mine | theirs) | mine << n | theirs << 2 * n | royal << 3 * n

    def _near(self, by: int, target: int) -> list[Threat]:
        """Of each letter of ``by`` that may capture on ``target``: the key of its pieces
        in a State's ``bb``, the origins it captures from (mask) and, per origin, every
        square its capture rows test (the key's four fields folded onto the board) and
        those rows (laid out when first asked)."""
        near = self.threats[by][target]
        if near is not None:
            return near
        tables, side = self.tables, SIDES[by]
        near = self.threats[by][target] = [
            ((by, t), tables.reach[(t, side)][target],
             {o: (self._fold(reduce(or_, [mask for mask, _ in rows])), rows)
              for o, rows in tables.attack[(t, side)][target].items()})
            for t in self.rules.pieces if tables.reach[(t, side)][target]]
        return near

    def _fold(self, mask: int) -> int:
        """The squares whose bits ``mask`` tests, in any of the key's fields."""
        n = self.size
        return (mask | mask >> n | mask >> 2 * n | mask >> 3 * n) & ((1 << n) - 1)

    def royal_mask(self, state: State) -> int:
        """The squares of both sides' royal pieces."""
        return self.royals(state, 0) | self.royals(state, 1)

    def royals(self, state: State, colour: int) -> int:
        """The squares of ``colour``'s royal pieces."""
        mask, bb = 0, state.bb
        for key in self.royal_keys[colour]:
            mask |= bb.get(key, 0)
        return mask

    def attacked(self, state: State, target: int, by: int, occ: list[int],
                 royal: int, gone: int = 0) -> bool:
        """Whether a piece of colour ``by`` captures on ``target`` with the occupancy
        ``occ`` (per colour) and royal squares ``royal``; ``gone``: squares whose pieces
        of ``by`` were just captured."""
        return bool(self._hits(state, target, by, occ, royal, gone, first=True))

    def _hits(self, state: State, target: int, by: int, occ: list[int], royal: int,
              gone: int = 0, first: bool = False) -> list[int]:
        """The squares of ``by``'s pieces whose rows capture on ``target`` (as
        :meth:`attacked` reads them; ``first``: only the first found)."""
        key = self.key(occ, by, royal)
        mine = occ[by] & ~gone
        region, vbit, clear, bb = self.region[by], self.virgin_bit, self.clear, state.bb
        found = []
        for pieces, reach, on in self._near(by, target):
            cand = reach & mine
            if cand:
                cand &= bb.get(pieces, 0)
            while cand:
                low = cand & -cand
                origin = low.bit_length() - 1
                cand ^= low
                k = key & ~clear[origin]
                if region >> origin & 1:
                    k |= vbit
                for mask, want in on[origin][1]:
                    if k & mask == want:
                        found.append(origin)
                        if first:
                            return found
                        break
        return found

    def danger(self, state: State, colour: int, royal: int) -> tuple[int, bool]:
        """The squares whose change may let an enemy piece attack a royal piece of
        ``colour`` (every square the rows of the enemy pieces that may attack it test),
        and whether one attacks it now."""
        by = 1 - colour
        danger, checked = 0, False
        own = royal & state.occ[colour]
        key = self.key(state.occ, by, royal)
        region, vbit, clear, bb = self.region[by], self.virgin_bit, self.clear, state.bb
        while own:
            low = own & -own
            target = low.bit_length() - 1
            own ^= low
            for pieces, reach, on in self._near(by, target):
                cand = reach & bb.get(pieces, 0)
                while cand:
                    bit = cand & -cand
                    origin = bit.bit_length() - 1
                    cand ^= bit
                    folded, rows = on[origin]
                    danger |= folded
                    if not checked:
                        k = key & ~clear[origin]
                        if region >> origin & 1:
                            k |= vbit
                        checked = any(k & mask == want for mask, want in rows)
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
