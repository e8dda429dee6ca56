"""Leave out of a sliced program (:mod:`translator.solve.slicing`) the rules whose head
predicate nothing reads: no statement kept, nor the answer's ``#show``, nor the caller.

In a program that shows only the atoms it names (``#show.``), a rule whose head predicate
no other statement reads changes no answer, and the grounder pays for each statement
(some 40,000 instructions a fact of kb/, more a rule): a query's program reads a few of
kb's tables and of the encodings' readings. What is read is a fixpoint from the statements
that are not such rules (``#show``, ``#external``, constraints, choices …): a rule of a
predicate read reads what its text names.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Shape:
...     atom: str = ""
...     reads: frozenset[str] = frozenset()
...     hides: bool = False
>>> kept = [("#show.", Shape(hides=True)), ("#show go/1.", Shape(reads=frozenset({"go"}))),
...         ("go(X) :- s(X).", Shape("go", frozenset({"go", "s"}))), ("s(1).", Shape("s")),
...         ("t(1).", Shape("t"))]
>>> [statement for statement, _ in read_only(kept)]
['#show.', '#show go/1.', 'go(X) :- s(X).', 's(1).']
"""

from __future__ import annotations

from typing import Protocol, TypeVar


class Reads(Protocol):
    """What :func:`read_only` needs of a statement's shape."""

    @property
    def atom(self) -> str:
        """A rule whose head is one positive atom: the atom's name (else empty)."""

    @property
    def reads(self) -> frozenset[str]:
        """The names in its text (none needed for a fact)."""

    @property
    def hides(self) -> bool:
        """Whether it is ``#show.``."""


Statement = TypeVar("Statement")
Shaped = TypeVar("Shaped", bound=Reads)


def read_only(kept: list[tuple[Statement, Shaped]], python: frozenset[str] = frozenset()
              ) -> list[tuple[Statement, Shaped]]:
    """``kept`` without the rules (facts included) whose head predicate is not read, in a
    program with ``#show.`` (``python``: the predicates its caller reads of the ground
    program besides its answer)."""
    if not any(shape.hides for _, shape in kept):
        return kept
    read = set(python).union(*(shape.reads for _, shape in kept if not shape.atom))
    heads: dict[str, list[Shaped]] = {}
    for _, shape in kept:
        if shape.atom:
            heads.setdefault(shape.atom, []).append(shape)
    pending = list(read)
    while pending:
        for shape in heads.pop(pending.pop(), ()):
            new = shape.reads - read
            read |= new
            pending.extend(new)
    return [(statement, shape) for statement, shape in kept
            if not shape.atom or shape.atom in read]
