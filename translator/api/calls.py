"""The questions of the Python API, asked alike: the piece first, then the square(s), then
the position (or, on an empty board, its ``files`` and ``ranks``: 8x8 unless given), then
options by keyword. A side is ``"white"`` or ``"black"``, a reading ``"spec"``,
``"xboard"`` or ``"diagram"``. Each answer draws itself as a board in a notebook
(:mod:`translator.api.results`).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from dataclasses import replace

from translator.api.results import Attackers, Equivalence, Explanation, Moves, WhyAnswer
from translator.position import Position, Reading, Side
from translator.present.explain import answer as _explain
from translator.present.why import answer as _why
from translator.queries import attacks as _attacks
from translator.queries import moves as _moves
from translator.queries.equiv import answer as _equiv
from translator.solve.limits import DEFAULT_MAX_ATOMS

__all__ = ["attackers_of_square", "attacks", "equivalent", "explain_lines", "moves", "why"]

# a square name: never a piece (a Betza string has an upper-case atom, a name a capital)
_SQUARE = re.compile(r"[a-z][0-9]{1,2}")


def moves(piece: str, square: str, position: Position | None = None, *,
          side: Side | None = None, virgin: bool = False, dialect: Reading | None = None,
          timeout: float = 60.0, max_atoms: int = DEFAULT_MAX_ATOMS) -> Moves:
    """The moves of ``piece`` (a Betza string or a piece's name) standing on ``square`` of
    ``position`` (an empty 8x8 board by default).

    ``side`` defaults to the position's side to move; ``virgin`` says the piece has not
    moved yet (for ``i`` moves); ``dialect`` reads the strings as XBoard or the Interactive
    Diagram does instead of as the position's reading.

    >>> sorted(m.to for m in moves("N", "a1"))
    ['b3', 'c2']
    >>> [m.to for m in moves("ifmnD", "e2", virgin=True)]
    ['e4']
    """
    pos = position or Position.light()
    if dialect is not None:
        pos = replace(pos, dialect=dialect)
    found = _moves.moves(piece, square, pos, side=side, virgin=virgin, timeout=timeout,
                         max_atoms=max_atoms)
    return Moves(found, piece, square, pos, side)


def attacks(square: str, position: Position, *, by: Side | None = None,
            royal_target: bool = False, timeout: float = 60.0,
            max_atoms: int = DEFAULT_MAX_ATOMS) -> Attackers:
    """Every piece of ``position`` (of the side ``by``, both sides when None) that can
    capture on ``square``; ``royal_target``: an empty target holds a royal piece.

    >>> from translator import parse_fen
    >>> pos = parse_fen("8/8/8/3p4/8/2N5/8/8 w", {"N": "N", "P": "fmWfcF"})
    >>> [(a.square, a.side) for a in attacks("d5", pos)]
    [('c3', 'white')]
    """
    found = _attacks.attacks(square, position, by=by, royal_target=royal_target,
                             timeout=timeout, max_atoms=max_atoms)
    return Attackers(found, square, position)


def attackers_of_square(piece: str, square: str, files: int = 8, ranks: int = 8, *,
                        side: Side = "white", royal_target: bool = False,
                        dialect: Reading = "spec") -> list[str]:
    """The squares of an empty ``files`` x ``ranks`` board from which ``piece`` (of
    ``side``) attacks ``square``: its attack pattern seen from the target.

    >>> attackers_of_square("fcafmF", "e4")
    ['d3', 'f3']

    The order of version 0.1 (the square first) still works, with a warning.
    """
    if _SQUARE.fullmatch(piece) and not _SQUARE.fullmatch(square):
        warnings.warn("attackers_of_square(square, piece) is the old order: give the piece "
                      "first, attackers_of_square(piece, square)", DeprecationWarning,
                      stacklevel=2)
        piece, square = square, piece
    return _attacks.attackers_of_square(square, piece, files, ranks, side=side,
                                        royal_target=royal_target, dialect=dialect)


def why(piece: str, square: str, to: str, position: Position | None = None, *,
        side: Side | None = None, virgin: bool = False, dialect: Reading | None = None,
        timeout: float = 60.0) -> WhyAnswer:
    """Can ``piece`` on ``square`` go to ``to`` in ``position``, and why (not)? The
    options are those of :func:`moves`.

    >>> w = why("fcafmF", "e4", "g6", Position.light(friends=["f5"]))
    >>> w.possible, w.explanation[2]
    (False, '  leg 1 ends on f5, which must hold an enemy but holds a friend')
    """
    pos = position or Position.light()
    if dialect is not None:
        pos = replace(pos, dialect=dialect)
    answer = _why.why(piece, square, to, pos, side, virgin, timeout=timeout)
    return WhyAnswer.of(answer, pos)


def equivalent(a: str, b: str, files: int = 8, ranks: int = 8, *, targets_only: bool = False,
               timeout: float = 120.0, progress: Callable[[int, int], None] | None = None,
               max_atoms: int = DEFAULT_MAX_ATOMS, dialect: Reading = "spec",
               dialect_b: Reading | None = None) -> Equivalence:
    """Whether the pieces ``a`` and ``b`` have the same moves from every square in every
    position of a ``files`` x ``ranks`` board; if not, a counterexample with the fewest
    pieces. ``b`` is read in ``dialect_b`` (default: ``dialect``); ``targets_only``
    compares destinations without the moves' side effects.

    >>> equivalent("Q", "RB").equivalent
    True
    >>> ce = equivalent("N", "mafsW").counterexample
    >>> len(ce.friends + ce.enemies)
    1
    """
    answer = _equiv.equivalent(a, b, files, ranks, targets_only=targets_only,
                               timeout=timeout, progress=progress, max_atoms=max_atoms,
                               dialect=dialect, dialect_b=dialect_b)
    return Equivalence.of(answer)


def explain_lines(piece: str, square: str | None = None, files: int = 8, ranks: int = 8, *,
                  side: Side = "white") -> Explanation:
    """Plain-English sentences for ``piece``: what it does from ``square`` (the centre by
    default) of an empty ``files`` x ``ranks`` board, then every move and every leg.

    >>> lines = explain_lines("fmWfcF", "c3", 5, 5)
    >>> print(lines[1])
    fmWfcF: 2 moves.
    >>> print(explain_lines("W")[0])
    W is the Wazir. From e5 on an empty 8x8 board it moves or captures on d5 e4 e6 f5.
    """
    if not (square is None or isinstance(square, str)):
        raise TypeError("explain_lines(piece, square, files, ranks): the square comes "
                        "before the board's size")
    lines = _explain.explain_lines(piece, files, ranks, square, side)
    return Explanation(lines, piece, square, files, ranks)
