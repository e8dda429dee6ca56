"""The shortest spelling of a piece, from the ``betza find`` search, proven by the
equivalence solver.

The string's own moves are drawn as find examples (the empty board from the centre and a
corner; positions with blockers only when those show nothing), find proposes the shortest
string of its search space that makes exactly those moves, and the equivalence solver
checks it. When it is another piece, the solver's counterexample is drawn as one more
example and find searches again. Every string equal to the piece fits every example, so
when find's shortest is no shorter than the string written, no shorter string of the search
space exists.

>>> from translator.queries.lint.finding import Budget
>>> shortest_spelling("WfW", 8, 8, Budget(60)).betza
'W'
"""

from __future__ import annotations

from dataclasses import dataclass

from translator.queries.equiv import equivalent
from translator.queries.equiv.answer import Counterexample
from translator.queries.find import find
from translator.queries.find.check import drawn_marks
from translator.queries.find.examples import Example
from translator.queries.lint.finding import Budget
from translator.squares import centre, square_name

ROUNDS = 8  # find, prove, draw the counterexample: at most this many times


@dataclass
class Shortest:
    """``betza``: a string shorter than the one written and proven the same piece, or None
    with the ``reason``; ``examples``: how many drawn examples find was given."""

    betza: str | None
    reason: str
    examples: int = 0


def drawn(text: str, origin: str, files: int, ranks: int, friends: tuple[str, ...] = (),
          enemies: tuple[str, ...] = ()) -> Example:
    """The moves of ``text`` in one position, drawn as a find example."""
    bare = Example(origin, files, ranks, friends=friends, enemies=enemies)
    marks = drawn_marks([text], bare)[0]
    moves, captures, both = (tuple(sq for sq, got in marks.items() if got == want)
                             for want in ({"m"}, {"c"}, {"m", "c"}))
    return Example(origin, files, ranks, moves, captures, both, friends, enemies)


def _neighbours(files: int, ranks: int, x: int, y: int) -> tuple[str, ...]:
    return tuple(square_name((x + dx, y + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                 if (dx or dy) and 0 <= x + dx < files and 0 <= y + dy < ranks)


def _first_examples(text: str, files: int, ranks: int) -> list[Example]:
    mid = centre(files, ranks)
    origins = dict.fromkeys([square_name(mid), "a1"])
    examples = [drawn(text, sq, files, ranks) for sq in origins]
    if not any(ex.wanted() for ex in examples):  # hoppers: nothing on the empty board
        ring = _neighbours(files, ranks, *mid)
        examples = [drawn(text, square_name(mid), files, ranks, friends=ring),
                    drawn(text, square_name(mid), files, ranks, enemies=ring)]
    return examples


def _drawable(ce: Counterexample) -> bool:
    """Can find be shown this position? Its examples have no royal marks, no virginity
    and no e.p. rights."""
    return not (ce.royal or ce.virgin or ce.ep)


def shortest_spelling(text: str, files: int, ranks: int, budget: Budget) -> Shortest:
    """A shorter string that is the same piece as ``text``, from find's search space."""
    examples = _first_examples(text, files, ranks)
    if not any(ex.wanted() for ex in examples):
        return Shortest(None, "the piece makes no move in the positions drawn for the search")
    tried: set[str] = set()
    for _ in range(ROUNDS):
        found = find(examples, limit=1, timeout=budget.left(), complete=True).betza
        if found is None:
            return Shortest(None, "no string of find's search space makes these moves",
                            len(examples))
        if len(found) >= len(text):
            return Shortest(None, "the shortest string of find's search space with these "
                            f"moves is {found}", len(examples))
        if found in tried:
            break
        tried.add(found)
        verdict = equivalent(text, found, files, ranks, timeout=budget.left())
        if verdict.equivalent:
            return Shortest(found, "found by betza find, proven the same piece",
                            len(examples))
        ce = verdict.counterexample
        if ce is None or not _drawable(ce):
            break
        examples.append(drawn(text, ce.start, files, ranks, tuple(ce.friends),
                              tuple(ce.enemies)))
    return Shortest(None, "find's shorter strings for these moves are other pieces",
                    len(examples))
