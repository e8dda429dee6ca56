"""Leave out of a program the rules that can never fire for the facts it is given.

Grounding costs clingo about 0.1 ms per rule even where the rule has nothing to work on,
and the encodings hold some 1,500 rules per entry file, most of them for notation a given
query does not use (brackets, dialects, hoppers, castling …): that fixed part was most of
the cost of a small query. A rule one of whose positive body literals names a predicate
that neither the facts nor any rule that can fire may derive has no ground instance, so
the program without it has the same answer sets; its head predicates are declared
``#defined`` so that clingo's "does not occur in any rule head" checks stay quiet. What
the rules mean is untouched: this only saves the grounder the rules it would find empty.

The analysis reads each statement's text as clingo prints it (``str`` of the parsed
statement): walking the syntax trees through clingo's API costs more than it saves. A body
element counts as a positive literal only when it is a plain atom (``name`` or
``name(...)``, classical ``-`` allowed); negated literals, comparisons, conditional
literals and aggregates never make a rule droppable.

>>> import clingo.ast as ast
>>> statements: list[ast.AST] = []
>>> ast.parse_string("a(X) :- b(X). c(X) :- d(X), not a(X). e :- a(X), X < 2.",
...                  statements.append)
>>> kept, defined = sliced(tuple(statements), frozenset({"b"}))
>>> [str(s) for s in kept], defined
(['#program base.', 'a(X) :- b(X).', 'e :- a(X); X < 2.'], '#defined c/1.')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import clingo.ast as ast

NAME = re.compile(r"-?_*[a-z][A-Za-z0-9_']*")  # (``_X`` and ``_`` are variables)
# a name in a text, with the character after it ("(": a function term or an atom with
# arguments); a name inside a string is not one
WORD = re.compile(r'"(?:[^"\\]|\\.)*"|(?<![A-Za-z0-9_\'])(_*[a-z][A-Za-z0-9_\']*)(\(?)')
COMPARISON = re.compile(r"!=|<=|>=|<|>|=")
OPEN, CLOSE = "({[", ")}]"


@dataclass(frozen=True)
class Shape:
    """What slicing needs of a statement: the predicate names it may derive (``heads``),
    those its rule needs derived to fire (``needs``: none for a statement always kept),
    and the signatures of its head (declared ``#defined`` when it is left out)."""

    heads: frozenset[str]
    needs: frozenset[str]
    signatures: tuple[tuple[str, int], ...]
    comment: bool = False


def sliced(statements: Sequence[ast.AST], facts: frozenset[str],
           shapes: Sequence[Shape] | None = None) -> tuple[list[ast.AST], str]:
    """The statements that may fire given facts of the predicates named ``facts`` (comments
    left out), and the ``#defined`` directives of the predicates whose rules were left out
    (``shapes``: the statements' :func:`shapes`, if known)."""
    shapes = shapes_of(statements) if shapes is None else shapes
    derivable = _derivable(shapes, facts)
    kept: list[ast.AST] = []
    lost: set[tuple[str, int]] = set()
    for statement, shape in zip(statements, shapes, strict=True):
        if shape.comment:
            continue
        if shape.needs <= derivable:
            kept.append(statement)
        else:
            lost.update(shape.signatures)
    return kept, " ".join(f"#defined {name}/{arity}." for name, arity in sorted(lost))


def fact_names(facts: str) -> frozenset[str]:
    """Every name in a text of facts (a superset of its predicates' names)."""
    return frozenset(name for name, _ in WORD.findall(facts) if name)


def _derivable(shapes: Sequence[Shape], facts: frozenset[str]) -> frozenset[str]:
    """The names the facts and the rules that may fire can derive (a fixpoint)."""
    derivable = set(facts)
    waiting = [shape for shape in shapes if shape.heads]
    while True:
        left = [shape for shape in waiting if not shape.needs <= derivable]
        if len(left) == len(waiting):
            return frozenset(derivable)
        for shape in waiting:
            if shape.needs <= derivable:
                derivable |= shape.heads
        waiting = left


def shapes_of(statements: Iterable[ast.AST]) -> tuple[Shape, ...]:
    """What slicing reads of each statement (computed once per program by its caller)."""
    return tuple(_shape(statement) for statement in statements)


def _shape(statement: ast.AST) -> Shape:
    kind = statement.ast_type
    if kind == ast.ASTType.Comment:
        return Shape(frozenset(), frozenset(), (), comment=True)
    return _shape_of(kind, str(statement))


@lru_cache(maxsize=65536)
def _shape_of(kind: ast.ASTType, text: str) -> Shape:
    """The shape of a statement by its text: the entry files share core.lp's statements,
    read once per process, not once per entry."""
    if kind == ast.ASTType.External:  # its atoms may be set true: every name may be derived
        return Shape(frozenset(_names(text)), frozenset(), ())
    if kind != ast.ASTType.Rule:
        return Shape(frozenset(), frozenset(), ())
    head, body = _split_rule(text)
    return Shape(frozenset(_names(head)), frozenset(_needs(body)), tuple(_signatures(head)))


def _split_rule(text: str) -> tuple[str, str]:
    """A rule's head and body texts (its final dot left out)."""
    text = text.rstrip()
    text = text[:-1] if text.endswith(".") else text
    at = _top_level(text, ":-")
    return (text, "") if at is None else (text[:at], text[at + 2:])


def _needs(body: str) -> Iterable[str]:
    """The names of the body's plain positive atoms."""
    for element in _split_top(body, ";"):
        element = element.strip()
        match = NAME.match(element)
        if match is None or _top_level(element, ":") is not None:
            continue
        rest = element[match.end():]
        if rest and not (rest[0] == "(" and _closing(rest, 0) == len(rest) - 1):
            continue
        if COMPARISON.search(_outer(element)) is None:
            yield match.group().lstrip("-")


def _names(text: str) -> Iterable[str]:
    return (name for name, _ in WORD.findall(text) if name and name != "not")


def _signatures(head: str) -> Iterable[tuple[str, int]]:
    """The (name, arity) of every name in a head text (a superset of its atoms')."""
    for found in WORD.finditer(head):
        name, paren = found.groups()
        if not name or name == "not":
            continue
        if not paren:
            yield name, 0
            continue
        inside = head[found.end() - 1:_closing(head, found.end() - 1) + 1][1:-1]
        yield name, len(_split_top(inside, ",")) if inside.strip() else 0


def _code(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """Each character of ``text`` from ``start`` outside strings, with the depth of the
    brackets around it (a bracket itself at the depth outside it)."""
    depth, quoted, escaped = 0, False, False
    for i in range(start, len(text)):
        ch = text[i]
        if quoted:
            quoted, escaped = escaped or ch != '"', not escaped and ch == "\\"
            continue
        if ch == '"':
            quoted = True
            continue
        depth -= ch in CLOSE
        yield i, ch, depth
        depth += ch in OPEN


def _top_level(text: str, token: str) -> int | None:
    """Where ``token`` first occurs outside brackets and strings (None: nowhere);
    ``:`` is not matched inside ``:-``."""
    for i, _, depth in _code(text):
        if depth == 0 and text.startswith(token, i) and not (
                token == ":" and text.startswith(":-", i)):
            return i
    return None


def _split_top(text: str, separator: str) -> list[str]:
    parts: list[str] = []
    while (at := _top_level(text, separator)) is not None:
        parts.append(text[:at])
        text = text[at + len(separator):]
    return [*parts, text]


def _closing(text: str, at: int) -> int:
    """The index of the bracket closing the one at ``at`` (the text's end if none)."""
    return next((i for i, ch, depth in _code(text, at) if depth == 0 and ch in CLOSE),
                len(text))


def _outer(text: str) -> str:
    """``text`` with every bracketed part and string left out."""
    return "".join(ch for _, ch, depth in _code(text)
                   if depth == 0 and ch not in OPEN and ch not in CLOSE)
