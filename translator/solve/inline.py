"""Inline the accessor predicates of ``encodings/accessors.lp`` into the rules that read them.

An accessor names a field of a wide term: ``kleg(K,L) :- legstart(K), K = k(L,_,_,_,_,_,_,_,_).``
Written as an atom, every leg start would get one more atom per accessor, which the grounder
stores and, in a program that guesses (find.lp), the solver works through (docs/bench.md,
"Leg-start accessors"). So the loader replaces each positive body literal ``kleg(K1,L-1)`` by
the comparison it stands for, ``K1 = k(L-1,_,_,_,_,_,_,_,_)``, several on one term merged
into one comparison where the first stood, and drops the statements of ``accessors.lp`` when
no literal of theirs is left: the ground program is the one the projections written out
give. A negated accessor literal is kept as an atom (``not K = k(...)`` would not mean the
same where the domain has no such start), and keeps the accessor rules with it.

>>> import clingo.ast as ast
>>> statements: list[ast.AST] = []
>>> ast.parse_string("kl(K,L) :- dom(K), K = k(L,_,X). p(K,L) :- q(K,X), kl(K,L).",
...                  statements.append)
>>> [str(s) for s in inline(statements, lambda s: str(s).startswith("kl("))]
['#program base.', 'p(K,L) :- q(K,X); K = k(L,_,_X1).']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import clingo.ast as ast

FILE = "accessors.lp"


class AccessorError(ValueError):
    """An accessor rule not of the form ``name(V,A1,...) :- ..., V = pattern``."""


@dataclass(frozen=True)
class Accessor:
    """``name(subject, *params)`` stands for ``subject = pattern``."""

    subject: str
    params: tuple[str, ...]
    pattern: ast.AST


def from_accessor_file(statement: ast.AST) -> bool:
    """Whether ``statement`` was read from ``encodings/accessors.lp``."""
    return Path(statement.location.begin.filename).name == FILE


def inline(statements: Iterable[ast.AST],
           is_definition: Callable[[ast.AST], bool] = from_accessor_file) -> list[ast.AST]:
    """``statements`` with the accessors that ``is_definition`` marks inlined (see the
    module's docstring)."""
    statements = list(statements)
    own = [s for s in statements if is_definition(s)]
    table = accessors(own)
    out = [_rewrite(s, table) if s.ast_type in (ast.ASTType.Rule, ast.ASTType.ShowTerm) else s
           for s in statements if not is_definition(s)]
    if _reads(out, _heads(own)):
        rewritten = iter(out)
        return [s if is_definition(s) else next(rewritten) for s in statements]
    # (and the `#program base.` that clingo puts before an included file's statements)
    opening = {id(a) for a, b in zip(statements, statements[1:], strict=False)
               if is_definition(b) and not is_definition(a) and str(a) == "#program base."}
    return [s for s in out if id(s) not in opening]


def accessors(statements: Iterable[ast.AST]) -> dict[tuple[str, int], Accessor]:
    """The accessors among ``statements``: rules whose body compares the head's first
    argument with a pattern (the other rules are the accessors' domain)."""
    table: dict[tuple[str, int], Accessor] = {}
    for stm in statements:
        if stm.ast_type != ast.ASTType.Rule or stm.head.ast_type != ast.ASTType.Literal:
            continue
        head = stm.head.atom.symbol
        args = [str(a) for a in head.arguments]
        pattern = next((lit.atom.guards[0].term for lit in stm.body if _compares(lit, args)),
                       None)
        if pattern is None:
            continue
        if any(a.ast_type != ast.ASTType.Variable for a in head.arguments) \
                or len(set(args)) != len(args):
            raise AccessorError(f"{_where(stm)}: an accessor's arguments are distinct variables")
        accessor = Accessor(args[0], tuple(args[1:]), pattern)
        known = table.setdefault((head.name, len(args)), accessor)
        if (known.subject, known.params, str(known.pattern)) != \
                (accessor.subject, accessor.params, str(pattern)):
            raise AccessorError(f"{_where(stm)}: {head.name}/{len(args)} has two patterns")
    return table


def _compares(lit: ast.AST, args: Sequence[str]) -> bool:
    """Whether body literal ``lit`` is ``args[0] = pattern``."""
    atom = lit.atom if lit.ast_type == ast.ASTType.Literal else None
    return (atom is not None and lit.sign == ast.Sign.NoSign
            and atom.ast_type == ast.ASTType.Comparison and len(atom.guards) == 1
            and atom.guards[0].comparison == ast.ComparisonOperator.Equal
            and bool(args) and str(atom.term) == args[0])


def _where(stm: ast.AST) -> str:
    begin = stm.location.begin
    return f"{Path(begin.filename).name}:{begin.line}"


def _heads(statements: Iterable[ast.AST]) -> set[tuple[str, int]]:
    return {(s.head.atom.symbol.name, len(s.head.atom.symbol.arguments)) for s in statements
            if s.ast_type == ast.ASTType.Rule and s.head.ast_type == ast.ASTType.Literal}


def _reads(statements: Iterable[ast.AST], names: set[tuple[str, int]]) -> bool:
    """Whether an atom of a predicate in ``names`` occurs in ``statements``."""
    found = False

    class Finder(ast.Transformer):
        def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:  # noqa: N802 (clingo's name)
            nonlocal found
            sym = node.symbol
            found |= sym.ast_type == ast.ASTType.Function and \
                (sym.name, len(sym.arguments)) in names
            return node

    finder = Finder()
    for stm in statements:
        finder(stm)
    return found


def _rewrite(stm: ast.AST, table: dict[tuple[str, int], Accessor]) -> ast.AST:
    """Rule or #show ``stm`` with its accessor literals inlined, in its body and in the
    conditions of its conditional literals and body aggregates."""
    taken = _variables(stm)
    fresh = _Fresh(taken)

    def literals(items: Sequence[ast.AST]) -> list[ast.AST]:
        return _merge([_nested(item, literals) for item in items], table, fresh)

    return stm.update(body=literals(stm.body))


def _nested(item: ast.AST, literals: Callable[[Sequence[ast.AST]], list[ast.AST]]) -> ast.AST:
    """``item`` with the conditions inside it (a conditional literal's, an aggregate
    element's) rewritten by ``literals``."""
    if item.ast_type == ast.ASTType.ConditionalLiteral:
        return item.update(condition=literals(item.condition))
    atom = item.atom if item.ast_type == ast.ASTType.Literal else None
    if atom is not None and atom.ast_type == ast.ASTType.BodyAggregate:
        elements = [e.update(condition=literals(e.condition)) for e in atom.elements]
        return item.update(atom=atom.update(elements=elements))
    return item


def _variables(node: Any) -> set[str]:
    names: set[str] = set()

    class Collect(ast.Transformer):
        def visit_Variable(self, var: ast.AST) -> ast.AST:  # noqa: N802 (clingo's name)
            names.add(var.name)
            return var

    Collect()(node)
    return names


class _Fresh:
    """Variable names unused in one statement: ``_X1``, ``_X2`` …"""

    def __init__(self, taken: set[str]) -> None:
        self.taken = taken

    def __call__(self, base: str) -> str:
        n = 1
        while f"_{base}{n}" in self.taken:
            n += 1
        self.taken.add(f"_{base}{n}")
        return f"_{base}{n}"


def _use(lit: ast.AST, table: dict[tuple[str, int], Accessor]) -> Accessor | None:
    """The accessor that positive literal ``lit`` reads, if any."""
    if lit.ast_type != ast.ASTType.Literal or lit.sign != ast.Sign.NoSign \
            or lit.atom.ast_type != ast.ASTType.SymbolicAtom:
        return None
    sym = lit.atom.symbol
    if sym.ast_type != ast.ASTType.Function:
        return None
    return table.get((sym.name, len(sym.arguments)))


def _merge(items: list[ast.AST], table: dict[tuple[str, int], Accessor],
           fresh: _Fresh) -> list[ast.AST]:
    """``items`` with each accessor literal replaced by its comparison; those on one subject
    whose patterns fill different fields become one comparison, where the first stood."""
    out: list[ast.AST] = []
    open_: dict[str, int] = {}  # subject -> index in out of its merged comparison
    for lit in items:
        accessor = _use(lit, table)
        if accessor is None:
            out.append(lit)
            continue
        subject, *args = lit.atom.symbol.arguments
        term = _instance(accessor, args, fresh)
        at = open_.get(str(subject))
        joined = None if at is None else _join(out[at].atom.guards[0].term, term)
        if at is not None and joined is not None:
            out[at] = _comparison(out[at], subject, joined)
        else:
            open_[str(subject)] = len(out)
            out.append(_comparison(lit, subject, term))
    return out


def _instance(accessor: Accessor, args: Sequence[ast.AST], fresh: _Fresh) -> ast.AST:
    """The accessor's pattern with its parameters replaced by ``args`` and its other named
    variables by fresh ones (``_`` stays anonymous)."""
    given = dict(zip(accessor.params, args, strict=True))
    renamed: dict[str, str] = {}

    class Substitute(ast.Transformer):
        def visit_Variable(self, var: ast.AST) -> ast.AST:  # noqa: N802 (clingo's name)
            if var.name in given:
                return given[var.name]
            if var.name == "_":
                return var
            return var.update(name=renamed.setdefault(var.name, fresh(var.name)))

    return Substitute()(accessor.pattern)


def _join(a: ast.AST, b: ast.AST) -> ast.AST | None:
    """One pattern of ``a`` and ``b`` (same function, each field anonymous in one of them),
    or None."""
    if a.ast_type != ast.ASTType.Function or b.ast_type != ast.ASTType.Function \
            or (a.name, len(a.arguments)) != (b.name, len(b.arguments)):
        return None
    fields = []
    for x, y in zip(a.arguments, b.arguments, strict=True):
        if _anonymous(x) == _anonymous(y) and not _anonymous(x):
            return None
        fields.append(y if _anonymous(x) else x)
    return a.update(arguments=fields)


def _anonymous(term: ast.AST) -> bool:
    return term.ast_type == ast.ASTType.Variable and term.name == "_"


def _comparison(lit: ast.AST, subject: ast.AST, pattern: ast.AST) -> ast.AST:
    guard = ast.Guard(ast.ComparisonOperator.Equal, pattern)
    return ast.Literal(lit.location, ast.Sign.NoSign, ast.Comparison(subject, [guard]))
