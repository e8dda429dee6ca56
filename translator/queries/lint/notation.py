"""Notation problems for ``betza lint``, each proven by the equivalence solver.

Python proposes edits of the written string (drop a move, drop modifier letters, drop or
shorten direction letters, drop the range, swap two combined direction letters); the
equivalence solver (:func:`translator.queries.equiv.equivalent`) decides whether the edited
string is the same piece. Nothing here knows what a letter means.

Edits that keep the piece are applied one after the other, so every finding's string is the
same piece as the one before it and hence as the string written: moves first (from the last
to the first), then, move by move and leg by leg, modes, other modifiers, direction letters
and the range. Order-dependent spellings are the opposite test: swapping two combined letters
gives a different piece, shown by the solver's counterexample.

>>> from translator.queries.lint.finding import Budget
>>> [(f.kind, f.equivalent) for f in notation_findings("mcW", 8, 8, Budget(60))]
[('redundant-modifier', 'W')]
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece
from translator.notation.syntax import Leg, MoveDef
from translator.queries.equiv import EquivResult, equivalent
from translator.queries.lint.finding import Budget, Finding, where

GROUPS = ("modes", "modifiers", "directions")


@dataclass
class _State:
    """The string as edited so far (always proven the same piece as the one written)."""

    moves: list[MoveDef]
    files: int
    ranks: int
    budget: Budget

    @property
    def text(self) -> str:
        return "".join(str(m) for m in self.moves)

    def compare(self, a: str, b: str) -> EquivResult | None:
        """The solver's verdict on ``a`` and ``b``; None when ``b`` is no valid string."""
        try:
            parse_piece(b)
        except BetzaError:
            return None
        return equivalent(a, b, self.files, self.ranks, timeout=self.budget.left())

    def keeps(self, moves: list[MoveDef]) -> bool:
        """Is the string with ``moves`` the same piece? If so it becomes the current one."""
        trial = "".join(str(m) for m in moves)
        if trial == self.text:
            return False
        verdict = self.compare(self.text, trial)
        if verdict is None or not verdict.equivalent:
            return False
        self.moves = moves
        return True


def notation_findings(text: str, files: int, ranks: int, budget: Budget) -> list[Finding]:
    """The notation findings of ``text`` on a ``files`` x ``ranks`` board."""
    piece = parse_piece(text)
    state = _State(list(piece.moves), files, ranks, budget)
    found = _moves(state)
    for move in list(state.moves):
        for leg in range(len(move.legs)):
            for group in GROUPS:
                found.extend(_drop_group(state, move.start, leg, group))
            found.extend(_shorten_tokens(state, move.start, leg))
        found.extend(_drop_range(state, move.start))
        found.extend(_no_moves(state, move.start))
    return found + _order(list(piece.moves), state)


def _index(state: _State, start: int) -> int:
    """The current index of the move written at ``start``."""
    return next(i for i, m in enumerate(state.moves) if m.start == start)


def _with_leg(move: MoveDef, n: int, leg: Leg) -> MoveDef:
    return replace(move, legs=move.legs[:n] + (leg,) + move.legs[n + 1:])


def _moves(state: _State) -> list[Finding]:
    """Moves whose removal keeps the piece: written twice, or contained in the others."""
    found = []
    for i in reversed(range(len(state.moves))):
        if len(state.moves) == 1:
            break
        before, move = state.text, state.moves[i]
        rest = state.moves[:i] + state.moves[i + 1:]
        if not state.keeps(rest):
            continue
        same = f"{before} is the same piece as {state.text}"
        if str(move) in {str(m) for m in rest}:
            found.append(Finding("repeated-move", f"the move {move} is written twice: {same}",
                                 move=str(move), position=move.start, equivalent=state.text))
        else:
            found.append(Finding(
                "contained-move", f"the move {move} adds nothing, as the rest of the string "
                f"makes every move it makes: {same}", move=str(move), position=move.start,
                equivalent=state.text))
    return found


def _leg_words(move: MoveDef, leg: int) -> str:
    return f"the move {move}" + (f" (leg {leg + 1})" if len(move.legs) > 1 else "")


def _drop_group(state: _State, start: int, n: int, group: str) -> list[Finding]:
    """All the letters of one group of a leg, else as many single ones as keep the piece."""
    i = _index(state, start)
    move, before = state.moves[i], state.text
    items: tuple[str, ...] = getattr(move.legs[n], group)
    if not items:
        return []
    dropped: list[str] = []
    if state.keeps(_replaced(state, i, n, group, ())):
        dropped = list(items)
    elif len(items) > 1:
        for item in items:
            left = list(getattr(state.moves[i].legs[n], group))
            left.remove(item)
            if state.keeps(_replaced(state, i, n, group, tuple(left))):
                dropped.append(item)
    if not dropped:
        return []
    letters = " ".join(dropped)
    same = f"{before} is the same piece as {state.text}"
    where_ = _leg_words(move, n)
    if group == "directions" and len(dropped) == len(items):
        kind, words = "meaningless-direction", (
            f"the direction letters {letters} of {where_} mean nothing on "
            f"{move.atom}: {same}")
    elif group == "directions":
        kind, words = "redundant-modifier", (
            f"the direction letters {letters} of {where_} add nothing (the others already "
            f"name those directions): {same}")
    else:
        plural = "s" if len(dropped) > 1 else ""
        kind, words = "redundant-modifier", (
            f"the modifier{plural} {letters} of {where_} do{'' if plural else 'es'} nothing "
            f"here: {same}")
    return [Finding(kind, words, move=str(move), position=start, equivalent=state.text)]


def _replaced(state: _State, i: int, n: int, group: str, value: tuple[str, ...]
              ) -> list[MoveDef]:
    move = state.moves[i]
    old = move.legs[n]
    parts = {"modes": old.modes, "modifiers": old.modifiers, "directions": old.directions}
    parts[group] = value
    leg = replace(old, modes=parts["modes"], modifiers=parts["modifiers"],
                  directions=parts["directions"])
    return state.moves[:i] + [_with_leg(move, n, leg)] + state.moves[i + 1:]


def _shorten_tokens(state: _State, start: int, n: int) -> list[Finding]:
    """Two combined direction letters where one of them alone is the same piece."""
    found = []
    for token in state.moves[_index(state, start)].legs[n].directions:
        if len(token) != 2:
            continue
        i = _index(state, start)
        move, before = state.moves[i], state.text
        tokens = list(move.legs[n].directions)
        for keep in dict.fromkeys(c for c in token if c != "h"):
            shorter = tuple(keep if t == token else t for t in tokens)
            if state.keeps(_replaced(state, i, n, "directions", shorter)):
                gone = token.replace(keep, "", 1)
                letter = f"the second {gone}" if gone == keep else f"the letter {gone}"
                found.append(Finding(
                    "meaningless-direction",
                    f"{letter} of {token} in {_leg_words(move, n)} means nothing on "
                    f"{move.atom}: {before} is the same piece as {state.text}",
                    move=str(move), position=start, equivalent=state.text))
                break
    return found


def _drop_range(state: _State, start: int) -> list[Finding]:
    i = _index(state, start)
    move, before = state.moves[i], state.text
    if move.range is None:
        return []
    legs = tuple(replace(leg, range=None) for leg in move.legs)
    if not state.keeps(state.moves[:i] + [replace(move, legs=legs, range=None)]
                       + state.moves[i + 1:]):
        return []
    return [Finding("redundant-modifier",
                    f"the range {move.range} of the move {move} does nothing on "
                    f"{state.files}x{state.ranks}: {before} is the same piece as {state.text}",
                    move=str(move), position=start, equivalent=state.text)]


def _no_moves(state: _State, start: int) -> list[Finding]:
    """A move with direction letters that never moves at all: adding it to W leaves W and
    adding it to F leaves F, and no move is both a W move and an F move. Beside other
    moves such a move has already gone as contained in them, so only a lone move is
    tried."""
    move = state.moves[_index(state, start)]
    letters = [t for leg in move.legs for t in leg.directions]
    if not letters or len(state.moves) > 1:
        return []
    for probe in ("W", "F"):
        verdict = state.compare(probe, str(move) + probe)
        if verdict is None or not verdict.equivalent:
            return []
    return [Finding("meaningless-direction",
                    f"the direction letters {' '.join(letters)} of the move {move} select "
                    f"nothing on {move.atom}: the move makes no move at all",
                    move=str(move), position=start)]


def _order(moves: list[MoveDef], state: _State) -> list[Finding]:
    """Two combined direction letters whose other order is another piece."""
    text = "".join(str(m) for m in moves)
    found = []
    for i, move in enumerate(moves):
        for n, leg in enumerate(move.legs):
            for t, token in enumerate(leg.directions):
                if len(token) != 2 or token[0] == token[1] or "h" in token:
                    continue
                other = token[::-1]
                turned = replace(leg, directions=leg.directions[:t] + (other,)
                                 + leg.directions[t + 1:])
                swapped = moves[:i] + [_with_leg(move, n, turned)] + moves[i + 1:]
                swapped_text = "".join(str(m) for m in swapped)
                verdict = state.compare(text, swapped_text)
                if verdict is None or verdict.equivalent or verdict.counterexample is None:
                    continue
                found.append(_order_finding(text, swapped_text, move, n, token, verdict))
    return found


def _order_finding(text: str, swapped: str, move: MoveDef, n: int, token: str,
                   verdict: EquivResult) -> Finding:
    ce = verdict.counterexample
    assert ce is not None
    ours, theirs = (" ".join(m.to for m in moves) for moves in (ce.only_a, ce.only_b))
    differ = "; ".join(f"only {who} goes to {squares}" for who, squares
                       in ((text, ours), (swapped, theirs)) if squares)
    return Finding(
        "order-dependent",
        f"the order of {token} in {_leg_words(move, n)} matters on {move.atom}: the letter "
        f"next to the atom names a pair of moves and the one before it picks from the pair, "
        f"so {swapped} is another piece",
        details=[f"{where(ce.files, ce.ranks, ce.start, ce.side, ce.friends, ce.enemies)}: "
                 f"{differ}"],
        move=str(move), position=move.start,
        data={"other_order": swapped, "counterexample": ce.as_json()})
