"""``betza convert --to fsf``: a string Fairy-Stockfish 0.0.90 reads with the spec's moves.

Fairy-Stockfish reads one leg per move and takes K and Q as a W move and an F move (the
switches of ``--dialect fsf``). Each one-leg move of the spec reading is spelt in its
alphabet: on K and Q each direction token goes with the W or F half it names. The
equivalence solver then proves that Fairy-Stockfish's reading of the spelling moves as the
input does in the spec reading; nothing here decides a move.

>>> to_fsf("fK", check=False).result
'fW'
>>> to_fsf("mafsW", check=False).reasons[0][:60]
'move 1 (mafsW): Fairy-Stockfish reads one leg per move (it s'
"""

from __future__ import annotations

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece, resolve_name
from translator.notation.syntax import MoveDef
from translator.queries.convert import Conversion
from translator.solve.engine import SolverTimeout

_ORTHOGONAL = {"f", "b", "l", "r", "v", "s", "ff", "bb", "ll", "rr", "vv", "ss"}
_HALVES = {"K": ("W", "F"), "Q": ("R", "B")}


def to_fsf(betza: str, boards: list[tuple[int, int]] | None = None, check: bool = True,
           timeout: float = 60.0) -> Conversion:
    """Spell ``betza`` (as the spec reads it) for Fairy-Stockfish; with ``check``, prove
    Fairy-Stockfish's reading of the spelling equal to it on each board (default 8x8)."""
    source = resolve_name(betza)
    answer = Conversion(betza, "fsf")
    spelt: list[str] = []
    for n, move in enumerate(parse_piece(betza).moves, 1):
        if move.moved_only:
            continue
        try:
            spelt.append(_spell(move))
        except ValueError as why:
            answer.reasons.append(f"move {n} ({move}): {why}")
    if answer.reasons:
        return answer
    answer.result = "".join(spelt)
    if check:
        _prove(answer, source, boards or [(8, 8)], timeout)
    return answer


def fsf_spelling_of(betza: str, boards: list[tuple[int, int]] | None = None,
                    check: bool = True, timeout: float = 60.0) -> Conversion:
    """What ``betza convert --to fsf`` answers: :func:`to_fsf`, and where some move has no
    spelling of its own in Fairy-Stockfish's letters, the shortest spelling of the whole
    piece that ``betza find`` gives and the solver proves the same in the spec reading, if
    Fairy-Stockfish reads that one with the spec's moves (``mafsW``: ``nN``). Without
    ``check`` nothing is searched.

    >>> fsf_spelling_of("mafsW").result
    'nN'
    """
    answer = to_fsf(betza, boards, check, timeout)
    if answer.result is not None or not check:
        return answer
    from translator.queries.lint.finding import Budget
    from translator.queries.lint.shortest import shortest_spelling

    files, ranks = (boards or [(8, 8)])[0]
    budget = Budget(timeout)
    try:
        found = shortest_spelling(betza, files, ranks, budget).betza
    except (SolverTimeout, BetzaError) as err:
        answer.reasons.append(f"no other spelling searched: {err.message}")
        return answer
    if found is None:
        return answer
    other = Conversion(betza, "fsf", found)
    _prove(other, resolve_name(betza), boards or [(8, 8)], budget.left())
    if other.proven:
        return other
    answer.reasons.append(f"the shorter spelling {found} (proven the same piece) is no "
                          "better: Fairy-Stockfish reads it with other moves too")
    return answer


def _spell(move: MoveDef) -> str:
    """One spec move in Fairy-Stockfish's letters; ValueError says why there is none."""
    if len(move.legs) > 1:
        raise ValueError("Fairy-Stockfish reads one leg per move (it skips a, so the legs "
                         "fall apart into one)")
    leg = move.legs[0]
    text = str(move)
    atom = leg.atom.letter
    if atom not in _HALVES or not leg.directions:
        return text
    rest = text[text.index(atom):]  # the atom and its range
    letters = "".join(leg.modes) + "".join(leg.modifiers)
    w_half, f_half = _HALVES[atom]
    parts = []
    for token in leg.directions:
        half = w_half if token in _ORTHOGONAL else f_half
        parts.append(letters + token + half + rest[1:])
    return "".join(parts)


def _prove(answer: Conversion, source: str, boards: list[tuple[int, int]],
           timeout: float) -> None:
    from translator.queries.equiv import equivalent

    assert answer.result is not None
    for files, ranks in boards:
        try:
            same: bool | None = equivalent(source, answer.result, files, ranks,
                                           timeout=timeout, dialect_b="fsf").equivalent
        except (SolverTimeout, BetzaError):
            same = None
        answer.proofs.append((f"{files}x{ranks}", same))
        if not same:
            answer.reasons.append(f"Fairy-Stockfish reads {answer.result} with other moves "
                                  f"than the spec's {source} on {files}x{ranks}")
            break
