"""Equivalence of two Betza strings on a board, with a smallest counterexample.

The search is the solver's (encodings/equiv.lp): it guesses the position, derives both
move sets and requires a difference. Python only loops over start squares.

>>> equivalent("Q", "RB").equivalent
True
>>> r = equivalent("W7", "R", 12, 12)
>>> r.equivalent, len(r.counterexample.friends + r.counterexample.enemies)
(False, 0)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import clingo

from translator.errors import BetzaError
from translator.notation.dialects import has_switch
from translator.notation.syntax import Piece, parse
from translator.position import Position
from translator.queries.moves import Move, distinct, parse_piece, piece_facts
from translator.solve.readers import move_of, square_of
from translator.squares import square_name


@dataclass
class Counterexample:
    """A position where the two pieces differ, and the moves that differ."""

    files: int
    ranks: int
    start: str
    side: str = "white"
    friends: list[str] = field(default_factory=list)
    enemies: list[str] = field(default_factory=list)
    royal: list[str] = field(default_factory=list)
    virgin: bool = False
    ep: list[str] = field(default_factory=list)
    ep_victim: str | None = None
    only_a: list[Move] = field(default_factory=list)
    only_b: list[Move] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"from": self.start, "side": self.side, "friends": self.friends,
                "enemies": self.enemies, "royal": self.royal, "virgin": self.virgin,
                "ep": self.ep, "ep_victim": self.ep_victim, "files": self.files,
                "ranks": self.ranks, "fen": self.fen(),
                "only_a": [m.as_json() for m in self.only_a],
                "only_b": [m.as_json() for m in self.only_b]}

    def position(self) -> Position:
        return Position.light(self.files, self.ranks, side=self.side, friends=self.friends,
                              enemies=self.enemies, royal=self.royal, ep=self.ep,
                              ep_victim=self.ep_victim)

    def fen(self) -> str:
        """The board with the piece on ``start`` and every other piece lettered ``A``
        (``K`` where royal), to paste into ``--fen`` with ``--pieces "A:…,K:…"``.

        >>> Counterexample(8, 8, "a1", friends=["a4"], enemies=["a6"], royal=["a6"]).fen()
        '8/8/k7/8/A7/8/8/A7 w'
        """
        from translator.catalogue.fen import board_fen
        from translator.position import PlacedPiece

        pos = self.position()
        for sq, piece in list(pos.pieces.items()):
            pos.pieces[sq] = PlacedPiece(piece.side, letter="K" if piece.royal else "A",
                                         royal=piece.royal)
        pos.pieces[pos.square(self.start)] = PlacedPiece(self.side, letter="A")
        return board_fen(pos)

    def paste_command(self, betza: str, dialect: str = "spec") -> str:
        """A ``betza moves`` command line that shows this position for ``betza`` read in
        ``dialect``."""
        table = f"A:{betza}" + (f",K:{betza}" if self.royal else "")
        extra = " --virgin" if self.virgin else ""
        if self.side != "white":
            extra += f" --side {self.side}"
        if dialect != "spec":
            extra += f" --dialect {dialect}"
        if self.ep:
            extra += f" --ep {','.join(self.ep)}" + (
                f" --ep-victim {self.ep_victim}" if self.ep_victim else "")
        return f'betza moves --from {self.start} --fen "{self.fen()}" --pieces "{table}"{extra}'


@dataclass
class EquivResult:
    a: str
    b: str
    files: int
    ranks: int
    equivalent: bool
    counterexample: Counterexample | None = None
    dialect_a: str = "spec"
    dialect_b: str = "spec"

    @property
    def label_a(self) -> str:
        """``a`` with its reading when the two are not both the spec's: ``mafN (xboard)``."""
        return self.a + (f" ({self.dialect_a})" if self._readings() else "")

    @property
    def label_b(self) -> str:
        return self.b + (f" ({self.dialect_b})" if self._readings() else "")

    def _readings(self) -> bool:
        return (self.dialect_a, self.dialect_b) != ("spec", "spec")

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "equivalent": self.equivalent}
        if self.counterexample is not None:
            out["counterexample"] = self.counterexample.as_json()
        return out


def _unsupported(piece: Piece, text: str) -> None:
    for move in piece.moves:
        if move.atom.letter == "I":
            raise BetzaError("equivalence cannot compare the imitator I: its moves depend "
                             "on the game's last move", text=text, pos=move.start)
        if "x" in move.legs[-1].modes:
            raise BetzaError("equivalence cannot compare x on a last leg: the borrowed moves "
                             "depend on the types of the friends", text=text, pos=move.start)


LR = {"l": "r", "r": "l"}
FB = {"f": "b", "b": "f"}
# the diagonal reflection (a1-h8): forward <-> right, back <-> left
DIAGONAL = {"f": "r", "r": "f", "b": "l", "l": "b", "v": "s", "s": "v"}
CHIRAL = {"hr": "hl", "hl": "hr"}


def _swap(token: str, pairs: dict[str, str]) -> str:
    if token in CHIRAL:  # a reflection reverses chirality
        return CHIRAL[token]
    return "".join(pairs.get(c, c) for c in token)


def _reflected(piece: Piece, first: dict[str, str]) -> set[str]:
    """The moves of ``piece`` reflected, as canonical strings: ``first`` maps the first
    leg's (absolute) direction letters; continuation legs swap l and r, as their
    directions are relative and a reflection reverses turning."""
    out = set()
    for move in piece.moves:
        legs = [replace(leg, directions=tuple(_swap(t, first if i == 0 else LR)
                                              for t in leg.directions))
                for i, leg in enumerate(move.legs)]
        out.add(str(parse(str(replace(move, legs=tuple(legs))))))
    return out


def symmetries(piece: Piece) -> tuple[bool, bool, bool]:
    """Is the piece unchanged by a left-right mirror, by a forward-back flip, and by the
    reflection in the a1-h8 diagonal? Sufficient tests on the notation: each says False
    when unsure (castling, `*` ranges and files-only wrapping are not reflected).

    >>> [symmetries(parse(t)) for t in ("fmWfcF", "N", "hrN", "KNADcaKmcabK")]
    [(True, False, False), (True, True, True), (False, False, False), (True, True, True)]
    """
    own = {str(move) for move in piece.moves}
    special = any(move.atom.letter in "OI@" or (move.range and move.range.text == "*")
                  for move in piece.moves)
    rows_only = any("o" in leg.modifiers for move in piece.moves for leg in move.legs)
    mirror = _reflected(piece, LR) == own
    flip = not special and _reflected(piece, FB) == own
    diagonal = not special and not rows_only and _reflected(piece, DIAGONAL) == own
    return mirror, flip, diagonal


def start_squares(files: int, ranks: int, a: Piece, b: Piece) -> list[tuple[int, int]]:
    """Start squares to try. Moves from a square and from its reflection differ or agree
    together (every position is tried), so a mirror-symmetric pair needs only the left
    half of the board, a flip-symmetric pair the lower half, and on a square board a
    diagonal-symmetric pair the squares with file <= rank."""
    (ma, fa, da), (mb, fb, db) = symmetries(a), symmetries(b)
    xs = range((files + 1) // 2) if ma and mb else range(files)
    ys = range((ranks + 1) // 2) if fa and fb else range(ranks)
    diagonal = da and db and files == ranks
    return [(x, y) for y in ys for x in xs if not diagonal or x <= y]


def equivalent(a: str, b: str, files: int = 8, ranks: int = 8, *,
               targets_only: bool = False, timeout: float = 120.0,
               progress: Callable[[int, int], None] | None = None,
               dialect: str = "spec", dialect_b: str | None = None) -> EquivResult:
    """Decide whether ``a`` and ``b`` have the same moves from every start square in
    every position of a ``files`` x ``ranks`` board, both colours (a Black piece is a
    White piece on the board turned round, so White suffices, unless a reading turns
    Black otherwise: XBoard's black-diagonals).

    ``a`` is read in ``dialect`` and ``b`` in ``dialect_b`` (default: the same), so one
    string can be compared under two readings. Moves are compared with all their effects
    unless ``targets_only``. One program holds every start square; the solver guesses
    positions, requires a difference and minimises the pieces on the board.
    """
    from translator.solve import engine

    Position(files, ranks)  # checks the size
    da, db = dialect, dialect if dialect_b is None else dialect_b
    pa, pb = parse_piece(a, da), parse_piece(b, db)
    _unsupported(pa, a)
    _unsupported(pb, b)
    verdict = EquivResult(a, b, files, ranks, True, dialect_a=da, dialect_b=db)
    if (str(pa) == str(pb) and da == db) or _same_definitions(a, b, da, db):
        return verdict
    sides = ["white"] + (["black"] if has_switch(da, "black-diagonals")
                         or has_switch(db, "black-diagonals") else [])
    starts = [(side, sq) for side in sides for sq in start_squares(files, ranks, pa, pb)]
    verdict.counterexample = _empty_board_difference((a, da), (b, db), files, ranks, starts,
                                                     targets_only)
    if verdict.counterexample is not None:
        verdict.equivalent = False
        return verdict
    facts = [piece_facts(1, a, da), piece_facts(2, b, db),
             f"compare({'targets' if targets_only else 'effects'})."]
    for q, (side, (x, y)) in enumerate(starts):
        facts.append(f"board({q},{files},{ranks}). start({q},{x},{y}). mover({q},{x},{y}). "
                     f"piece({q},{x},{y},{side},1). piece({q},{x},{y},{side},2).")
    deadline = time.monotonic() + timeout
    ctl = engine.ground("equiv.lp", " ".join(facts)).ctl
    best = _smallest(ctl, len(starts), deadline, timeout, progress)
    if best is not None:
        q, symbols = best
        mine = [sym for sym in symbols if sym.arguments[0].number == q]
        verdict.equivalent = False
        verdict.counterexample = _counterexample(mine, files, ranks, starts[q])
    return verdict


def _smallest(ctl: clingo.Control, queries: int, deadline: float, timeout: float,
              progress: Callable[[int, int], None] | None
              ) -> tuple[int, list[clingo.Symbol]] | None:
    """The start square (query) and model of a counterexample with the fewest pieces.

    Every counterexample now has a piece on the board. Decide square by square without
    optimising (the solver keeps what it learns); where the pieces differ, minimise
    core-guided (upward from one piece) and stop at the first one-piece answer."""
    best: tuple[int, int, list[clingo.Symbol]] | None = None
    for q in range(queries):
        if progress:
            progress(q, queries)
        solve, solver = ctl.configuration.solve, ctl.configuration.solver
        assert isinstance(solve, clingo.Configuration) and isinstance(solver, clingo.Configuration)
        solve.opt_mode = "ignore"
        if _solve(ctl, q, deadline, timeout) is None:
            continue
        solve.opt_mode = "opt"
        solver.opt_strategy = "usc"
        found = _solve(ctl, q, deadline, timeout)
        assert found is not None
        size = sum(sym.name == "piece" and sym.arguments[0].number == q for sym in found)
        if best is None or size < best[0]:
            best = (size, q, found)
            if size <= 1:
                break
    return None if best is None else (best[1], best[2])


def _same_definitions(a: str, b: str, da: str, db: str) -> bool:
    """Cheap first step: identical normalised move definitions, the switches of each
    reading that change them included (encodings/samedef.lp)."""
    from translator.solve import engine

    return bool(engine.run(piece_facts(1, a, da) + " " + piece_facts(2, b, db), "samedef.lp"))


def _empty_board_difference(a: tuple[str, str], b: tuple[str, str], files: int, ranks: int,
                            starts: list[tuple[str, tuple[int, int]]], targets_only: bool
                            ) -> Counterexample | None:
    """A cheap first step: both pieces' moves (each string with its reading) from every
    start square of the empty board, as a piece that has moved and then as one that has
    not; a difference there is a counterexample with no other piece."""
    from translator.queries.moves import MovesQuery, batch_moves

    boards = {reading: Position(files, ranks, dialect=reading) for _, reading in (a, b)}
    cases = [(side, sq, virgin) for virgin in (False, True) for side, sq in starts]
    queries = [MovesQuery(text, square_name(sq), boards[reading], side, virgin)
               for side, sq, virgin in cases for text, reading in (a, b)]
    answers = batch_moves(queries)

    def key(m: Move) -> tuple[Any, ...]:
        return (m.to,) if targets_only else m.effects()

    for i, (side, sq, virgin) in enumerate(cases):
        ma, mb = answers[2 * i], answers[2 * i + 1]
        if isinstance(ma, BetzaError) or isinstance(mb, BetzaError):
            raise ma if isinstance(ma, BetzaError) else mb  # type: ignore[misc]
        ka, kb = {key(m) for m in ma}, {key(m) for m in mb}
        if ka != kb:
            ce = Counterexample(files, ranks, square_name(sq), side, virgin=virgin)
            ce.only_a = [m for m in ma if key(m) not in kb]
            ce.only_b = [m for m in mb if key(m) not in ka]
            return ce
    return None


def _solve(ctl: clingo.Control, q: int, deadline: float, timeout: float
           ) -> list[clingo.Symbol] | None:
    """Solve with start square ``q`` required to differ; the last model's atoms, or None
    when there is none."""
    from translator.solve import engine

    model: list[Any] = []

    def on_model(m: clingo.Model) -> None:
        model[:] = m.symbols(shown=True)

    result = engine.solve(ctl, deadline=deadline, what="the equivalence search",
                          timeout=timeout, on_model=on_model,
                          assumptions=[(clingo.Function("differ", [clingo.Number(q)]), True)])
    return model if result.satisfiable else None


def _counterexample(symbols: list[clingo.Symbol], files: int, ranks: int,
                    start: tuple[str, tuple[int, int]]) -> Counterexample:
    ce = Counterexample(files, ranks, square_name(start[1]), start[0])
    moves: dict[str, list[Move]] = {"a": [], "b": []}
    for sym in symbols:
        name, args = sym.name, sym.arguments
        if name == "differ":
            continue
        if name == "eqmove":  # eqmove(Q,Side,X,Y,H,E)
            moves[args[1].name].append(move_of(args[2].number, args[3].number, args[4],
                                               args[5]))
            continue
        sq = square_of(args[1], args[2])
        if name == "piece":
            (ce.friends if args[3].name == ce.side else ce.enemies).append(sq)
        elif name == "royal":
            ce.royal.append(sq)
        elif name == "virgin":
            ce.virgin = True
        elif name == "ep":
            ce.ep.append(sq)
        elif name == "epvictim":
            ce.ep_victim = sq
    a, b = distinct(moves["a"]), distinct(moves["b"])
    keys_a, keys_b = {m.effects() for m in a}, {m.effects() for m in b}
    ce.only_a = [m for m in a if m.effects() not in keys_b]
    ce.only_b = [m for m in b if m.effects() not in keys_a]
    for lst in (ce.friends, ce.enemies, ce.royal, ce.ep):
        lst.sort(key=lambda s: (s[0], int(s[1:])))
    return ce


def stderr_progress(label: str) -> Callable[[int, int], None]:
    def report(done: int, total: int) -> None:
        print(f"\r{label}: start square {done + 1}/{total}", end="", file=sys.stderr,
              flush=True)
    return report
