"""Reading the text of a clingo statement as clingo prints it: its brackets, the parts of it
outside them, and an atom's arguments (translator/solve/slicing.py reads rules this way).

>>> split_top('a(X,"b,c"), d(1;2)', ",")
['a(X,"b,c")', ' d(1;2)']
>>> arguments("p(Q,k(L,1),(m;c))"), outer("x(A) != (B,C)")
(['Q', 'k(L,1)', '(m;c)'], 'x != ')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

OPEN, CLOSE = "({[", ")}]"
NAME = re.compile(r"-?_*[a-z][A-Za-z0-9_']*")  # (``_X`` and ``_`` are variables)
# a name in a text, with the character after it ("(": a function term or an atom with
# arguments); a name inside a string is not one
WORD = re.compile(r'"(?:[^"\\]|\\.)*"|(?<![A-Za-z0-9_\'])(_*[a-z][A-Za-z0-9_\']*)(\(?)')
COMPARISON = re.compile(r"!=|<=|>=|<|>|=")
# a constant argument: a number, a name (not a function term) or a string
CONSTANT = re.compile(r'-?\d+|_*[a-z][A-Za-z0-9_\']*|"(?:[^"\\]|\\.)*"')


def arguments(atom: str) -> list[str]:
    """The argument texts of an atom's text (``name`` or ``name(...)``)."""
    at = atom.find("(")
    if at < 0:
        return []
    inside = atom[at + 1:closing(atom, at)]
    return [arg.strip() for arg in split_top(inside, ",")] if inside.strip() else []


def code(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
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


def top_level(text: str, token: str) -> int | None:
    """Where ``token`` first occurs outside brackets and strings (None: nowhere);
    ``:`` is not matched inside ``:-``."""
    for i, _, depth in code(text):
        if depth == 0 and text.startswith(token, i) and not (
                token == ":" and text.startswith(":-", i)):
            return i
    return None


def split_top(text: str, separator: str) -> list[str]:
    parts: list[str] = []
    while (at := top_level(text, separator)) is not None:
        parts.append(text[:at])
        text = text[at + len(separator):]
    return [*parts, text]


def closing(text: str, at: int) -> int:
    """The index of the bracket closing the one at ``at`` (the text's end if none)."""
    return next((i for i, ch, depth in code(text, at) if depth == 0 and ch in CLOSE),
                len(text))


def outer(text: str) -> str:
    """``text`` with every bracketed part and string left out."""
    return "".join(ch for _, ch, depth in code(text)
                   if depth == 0 and ch not in OPEN and ch not in CLOSE)

def pooled(arg: str, params: frozenset[str]) -> tuple[str | None, ...]:
    """The constants an argument's text may be: itself, those of a pool of constants
    (``(m;c)``), or None (any)."""
    if arg not in params and CONSTANT.fullmatch(arg):
        return (arg,)
    if arg.startswith("(") and closing(arg, 0) == len(arg) - 1:
        pool = [one.strip() for one in split_top(arg[1:-1], ";")]
        if len(pool) > 1 and all(one not in params and CONSTANT.fullmatch(one) for one in pool):
            return tuple(pool)
    return (None,)


def split_rule(text: str) -> tuple[str, str]:
    """A rule's head and body texts (its final dot left out)."""
    text = text.rstrip()
    text = text[:-1] if text.endswith(".") else text
    at = top_level(text, ":-")
    return (text, "") if at is None else (text[:at], text[at + 2:])


def needs(body: str) -> Iterable[tuple[str, str]]:
    """The names of the body's plain positive atoms, each with its text."""
    for element in split_top(body, ";"):
        element = element.strip()
        match = NAME.match(element)
        if match is None or top_level(element, ":") is not None:
            continue
        rest = element[match.end():]
        if rest and not (rest[0] == "(" and closing(rest, 0) == len(rest) - 1):
            continue
        if COMPARISON.search(outer(element)) is None:
            yield match.group().lstrip("-"), element


def names_in(text: str) -> Iterable[str]:
    return (name for name, _ in WORD.findall(text) if name and name != "not")


def signatures(head: str) -> Iterable[tuple[str, int]]:
    """The (name, arity) of every name in a head text (a superset of its atoms')."""
    for found in WORD.finditer(head):
        name, paren = found.groups()
        if not name or name == "not":
            continue
        if not paren:
            yield name, 0
            continue
        inside = head[found.end() - 1:closing(head, found.end() - 1) + 1][1:-1]
        yield name, len(split_top(inside, ",")) if inside.strip() else 0


def one_atom(head: str) -> str:
    """The name of a head text that is one positive atom (``name`` or ``name(...)``), else
    the empty string."""
    match = NAME.match(head)
    return match.group() if match is not None and not head.startswith("-") and (
        match.end() == len(head) or head[match.end()] == "(" and closing(
            head, match.end()) == len(head) - 1) else ""
