"""Equivalence of two Betza strings on a board, with a smallest counterexample.

First by canonical conditions (:mod:`translator.queries.equiv.conditions`,
encodings/conditions.lp): what each move needs of the squares it looks at, compared per
start square and effect, without guessing positions. Pieces whose moves are not a
matter of conditions on squares (e.p., x, castling) go to the solver's search
(:mod:`translator.queries.equiv.search`, encodings/equiv.lp), which guesses positions.

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
from dataclasses import replace

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece, piece_facts
from translator.notation.syntax import Piece, parse
from translator.position import Position
from translator.queries.equiv import conditions as equiv_conditions
from translator.queries.equiv import search as equiv_search
from translator.queries.equiv.model import Counterexample, EquivResult
from translator.solve import memo
from translator.solve.limits import DEFAULT_MAX_ATOMS
from translator.solve.memo import remembered
from translator.squares import square_name

__all__ = ["Counterexample", "EquivResult", "equivalent", "same_definitions", "start_squares",
           "stderr_progress", "symmetries"]


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


def _asked(a: str, b: str, files: int = 8, ranks: int = 8, *, targets_only: bool = False,
           timeout: float = 120.0, progress: Callable[[int, int], None] | None = None,
           max_atoms: int = DEFAULT_MAX_ATOMS, dialect: str = "spec",
           dialect_b: str | None = None) -> tuple[object, ...] | None:
    """What a proof answers (the time limit does not change an answer that came within
    it); a proof that reports its progress is made afresh."""
    if progress is not None:
        return None
    return a, b, files, ranks, targets_only, max_atoms, dialect, dialect_b or dialect


@remembered(_asked)
def equivalent(a: str, b: str, files: int = 8, ranks: int = 8, *,
               targets_only: bool = False, timeout: float = 120.0,
               progress: Callable[[int, int], None] | None = None,
               max_atoms: int = DEFAULT_MAX_ATOMS, dialect: str = "spec",
               dialect_b: str | None = None) -> EquivResult:
    """Decide whether ``a`` and ``b`` have the same moves from every start square in
    every position of a ``files`` x ``ranks`` board, both colours (a Black piece is a
    White piece on the board turned round, so White suffices, unless a reading turns
    Black otherwise: XBoard's black-diagonals).

    ``a`` is read in ``dialect`` and ``b`` in ``dialect_b`` (default: the same), so one
    string can be compared under two readings. Moves are compared with all their effects
    unless ``targets_only``. The answer is "equivalent" or a counterexample with the fewest
    pieces, then the fewest royal and virginity marks. A query whose grounding would
    exceed ``max_atoms`` is refused.
    """
    Position(files, ranks)  # checks the size
    da, db = dialect, dialect if dialect_b is None else dialect_b
    pa, pb = parse_piece(a, da), parse_piece(b, db)
    _unsupported(pa, a)
    _unsupported(pb, b)
    verdict = EquivResult(a, b, files, ranks, True, dialect_a=da, dialect_b=db)
    if str(pa) == str(pb) and da == db:
        return verdict
    # equivalence is symmetric: b proven equal to a before is a proof of this one
    swapped = memo.recall("equivalent", (b, a, files, ranks, targets_only, max_atoms, db, da))
    if progress is None and swapped is not None and swapped.equivalent:
        return verdict
    squares = start_squares(files, ranks, pa, pb)
    deadline = time.monotonic() + timeout
    try:
        if (da, db) != ("spec", "spec") or any(m.is_bracket for m in pa.moves + pb.moves):
            # the conditions encoding reads a-chains in the spec reading only
            raise equiv_conditions.NotComparable
        found = equiv_conditions.difference(a, b, pa, pb, files, ranks, squares,
                                            targets_only=targets_only, deadline=deadline,
                                            timeout=timeout, max_atoms=max_atoms,
                                            progress=progress)
    except equiv_conditions.NotComparable:
        same, black = definitions(a, da, [(b, db)],
                                  timeout=max(deadline - time.monotonic(), 0.001))
        if same == [True]:
            return verdict
        # Black is White turned round unless XBoard's black-diagonals changes a move
        sides = ["white"] + (["black"] if any(black) else [])
        found = equiv_search.search((a, da), (b, db), files, ranks,
                                    [(side, sq) for side in sides for sq in squares],
                                    targets_only=targets_only, timeout=timeout,
                                    progress=progress, deadline=deadline,
                                    max_atoms=max_atoms)
    verdict.equivalent, verdict.counterexample = found is None, found
    return verdict


def differ_plainly(a: str, b: str, files: int, ranks: int, *,
                   timeout: float = 10.0) -> bool:
    """Whether ``a`` and ``b`` (the spec reading) move differently from some square of
    the empty board or of a board full of enemies, as pieces that have moved or not: a
    cheap proof that they are not equivalent, matched from their move tables with no
    equivalence program (False proves nothing).

    >>> differ_plainly("mfW", "mfWcfF", 8, 8), differ_plainly("Q", "RB", 8, 8)
    (True, False)
    >>> differ_plainly("fW", "vW", 8, 8)
    True
    """
    squares = [square_name(sq) for sq in start_squares(files, ranks, parse_piece(a),
                                                          parse_piece(b))]
    deadline = time.monotonic() + timeout
    # the corner alone first, where the board's edge changes the most moves: a difference
    # there spares compiling the rows from every other square (a piece whose rows depend
    # on its square, as a cylinder's, costs a program's rows per square)
    return any(_differ_from(a, b, part, files, ranks, max(deadline - time.monotonic(), 0.001))
               for part in (squares[:1], squares[1:]) if part)


def _differ_from(a: str, b: str, squares: list[str], files: int, ranks: int,
                 timeout: float) -> bool:
    """Whether ``a`` and ``b`` move differently from one of ``squares`` (see
    :func:`differ_plainly`)."""
    from translator.queries.moves import MovesQuery, batch_moves

    every = [square_name((x, y)) for x in range(files) for y in range(ranks)]
    empty = Position.light(files, ranks)
    queries = [MovesQuery(text, sq, board, "white", virgin) for sq in squares
               for board in (empty, Position.light(files, ranks, enemies=[
                   other for other in every if other != sq]))
               for virgin in (False, True) for text in (a, b)]
    answers = batch_moves(queries, timeout=timeout)
    for mine, theirs in zip(answers[::2], answers[1::2], strict=True):
        if isinstance(mine, BetzaError) or isinstance(theirs, BetzaError):
            return False
        if {m.effects() for m in mine} != {m.effects() for m in theirs}:
            return True
    return False


def same_definitions(betza: str, reading: str, others: list[tuple[str, str]], *,
                     timeout: float = 60.0) -> list[bool]:
    """For each (string, reading) of ``others``: are its normalised move definitions
    those of ``betza`` read by ``reading`` (the switches of each reading that change them
    included)? One grounding for all (encodings/samedef.lp), within ``timeout``.

    >>> same_definitions("masW3", "spec", [("masW3", "diagram"), ("masW3", "xboard")])
    [False, True]
    """
    return definitions(betza, reading, others, timeout=timeout)[0]


@remembered(lambda betza, reading, others, **_: (betza, reading, tuple(others)))
def definitions(betza: str, reading: str, others: list[tuple[str, str]], *,
                timeout: float = 60.0) -> tuple[list[bool], list[bool]]:
    """:func:`same_definitions`, and for ``betza`` then each of ``others``: does XBoard's
    black-diagonals change a move of it (its Black is not its White turned round)?

    >>> definitions("rlbK", "xboard", [("rlbK", "spec"), ("K", "xboard")])
    ([False, False], [True, False, False])
    """
    from translator.shown import SameDef, each, term
    from translator.solve import engine

    kept = [memo.recall("definitions", (betza, reading, (other,))) for other in others]
    if len(others) > 1 and all(kept):  # each pair answered by a grounding of more pairs
        return ([pair[0][0] for pair in kept],
                [any(pair[1][0] for pair in kept), *(pair[1][1] for pair in kept)])
    facts = [piece_facts(1, betza, reading)]
    facts += [piece_facts(t, text, r) for t, (text, r) in enumerate(others, start=2)]
    shown = engine.run(" ".join(facts), "samedef.lp", timeout=timeout)
    same = {row.t for row in each(shown, SameDef)}
    # (blackdiag(T) has samedef's shape: a type)
    black = {term(sym, SameDef).t for sym in shown if sym.name == "blackdiag"}
    if len(others) > 1:  # each pair's answer too: equivalent() asks them one at a time
        for t, other in enumerate(others, start=2):
            memo.remember(definitions, (betza, reading, (other,)),
                          ([t in same], [1 in black, t in black]))
    return ([t in same for t in range(2, len(others) + 2)],
            [t in black for t in range(1, len(others) + 2)])


def spec_readings(betza: str, dialects: list[str], files: int = 8, ranks: int = 8, *,
                  timeout: float = 60.0) -> set[str]:
    """The readings of ``dialects`` in which ``betza`` has the spec reading's normalised
    move definitions, so that :func:`equivalent` of ``betza`` in the spec reading and in
    each of them is proven true without a search: one grounding for all (what
    :func:`equivalent` grounds for each alone). A reading left out is not proven either way.

    >>> sorted(spec_readings("masW3", ["xboard", "diagram", "fsf"]))
    ['xboard']
    """
    Position(files, ranks)  # checks the size
    _unsupported(parse_piece(betza), betza)
    readable = []
    for dialect in dict.fromkeys(d for d in dialects if d != "spec"):
        try:
            _unsupported(parse_piece(betza, dialect), betza)
        except BetzaError:   # no answer in that reading, or one equivalence cannot compare
            continue
        readable.append(dialect)
    if not readable:
        return set()
    verdicts = same_definitions(betza, "spec", [(betza, d) for d in readable], timeout=timeout)
    return {d for d, same in zip(readable, verdicts, strict=True) if same}


def stderr_progress(label: str) -> Callable[[int, int], None]:
    def report(done: int, total: int) -> None:
        print(f"\r{label}: start square {done + 1}/{total}", end="", file=sys.stderr,
              flush=True)
    return report
