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
>>> definitions: list[ast.AST] = []
>>> ast.parse_string("kl(K,L) :- dom(K), K = k(L,_,X).", definitions.append)
>>> statements: list[ast.AST] = []
>>> ast.parse_string("kl(K,L) :- dom(K), K = k(L,_,X). p(K,L) :- q(K,X), kl(K,L).",
...                  statements.append)
>>> [str(s) for s in inline(statements, definitions)]
['p(K,L) :- q(K,X); K = k(L,_,_X1).']
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import clingo.ast as ast

Key = tuple[str, int]


class AccessorError(ValueError):
    """An accessor rule not of the form ``name(V,A1,...) :- ..., V = f(Variables...)``."""


@dataclass(frozen=True)
class Accessor:
    """``name(subject, *params)`` stands for ``subject = pattern``, whose arguments are the
    variables ``fields`` (parameters, ``_`` or others, renamed apart at each use)."""

    subject: str
    params: tuple[str, ...]
    pattern: ast.AST
    fields: tuple[str, ...]


def inline(statements: Iterable[ast.AST], definitions: Sequence[ast.AST]) -> list[ast.AST]:
    """``statements`` with the accessors of ``definitions`` (the statements of the accessor
    file, which ``statements`` holds where it includes the file) inlined."""
    statements = list(statements)
    table = accessors(definitions)
    if not table:
        return statements
    # (a statement's text picks the few that name an accessor: walking every statement's
    # tree through clingo's API would take seconds)
    named = re.compile(r"\b(?:" + "|".join(sorted({n for n, _ in table})) + r")\(")
    own = {str(s) for s in definitions if s.ast_type != ast.ASTType.Program}
    out: list[ast.AST] = []
    mine: list[bool] = []
    left = False
    for stm in statements:
        text = str(stm)
        mine.append(text in own and _same_file(stm, definitions[0]))
        if not mine[-1] and named.search(text) and stm.ast_type != ast.ASTType.Comment:
            if stm.ast_type in (ast.ASTType.Rule, ast.ASTType.ShowTerm):
                stm = _Rewrite(stm, table, named).statement()
            left = left or (named.search(str(stm)) is not None and _reads(stm, set(table)))
        out.append(stm)
    if left:
        return out
    # (and the `#program base.` that clingo puts before an included file's statements)
    return [s for s, m, after in zip(out, mine, [*mine[1:], False], strict=True)
            if not m and not (after and str(s) == "#program base.")]


def _same_file(stm: ast.AST, other: ast.AST) -> bool:
    """Whether ``stm`` comes from the file of ``other`` (a comment "%" is in every file)."""
    return stm.ast_type != ast.ASTType.Comment or \
        os.path.basename(stm.location.begin.filename) == \
        os.path.basename(other.location.begin.filename)


def accessors(statements: Iterable[ast.AST]) -> dict[Key, Accessor]:
    """The accessors among ``statements``: rules whose body compares the head's first
    argument with a pattern (the other rules are the accessors' domain)."""
    table: dict[Key, Accessor] = {}
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
        if pattern.ast_type != ast.ASTType.Function or any(
                a.ast_type != ast.ASTType.Variable for a in pattern.arguments):
            raise AccessorError(f"{_where(stm)}: an accessor's pattern is f(Variables...)")
        accessor = Accessor(args[0], tuple(args[1:]), pattern,
                            tuple(a.name for a in pattern.arguments))
        known = table.setdefault((head.name, len(args)), accessor)
        if (known.subject, known.params, known.fields, known.pattern.name) != \
                (accessor.subject, accessor.params, accessor.fields, pattern.name):
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
    return f"{begin.filename}:{begin.line}"


def _reads(statement: ast.AST, names: set[Key]) -> bool:
    """Whether an atom of a predicate in ``names`` occurs in ``statement``."""
    found = False

    class Finder(ast.Transformer):
        def visit_SymbolicAtom(self, node: ast.AST) -> ast.AST:  # noqa: N802 (clingo's name)
            nonlocal found
            sym = node.symbol
            found |= sym.ast_type == ast.ASTType.Function and \
                (sym.name, len(sym.arguments)) in names
            return node

    Finder()(statement)
    return found


def _variables(node: ast.AST) -> set[str]:
    names: set[str] = set()

    class Collect(ast.Transformer):
        def visit_Variable(self, var: ast.AST) -> ast.AST:  # noqa: N802 (clingo's name)
            names.add(var.name)
            return var

    Collect()(node)
    return names


@dataclass
class _Pending:
    """A comparison being built: ``subject = pattern`` with the fields filled so far."""

    literal: ast.AST
    subject: ast.AST
    pattern: ast.AST
    fields: list[ast.AST | None]

    def fill(self, pattern: ast.AST, fields: Sequence[ast.AST | None]) -> bool:
        """Take ``fields`` in too, unless a field is given twice (or the term differs)."""
        if pattern.name != self.pattern.name or len(fields) != len(self.fields) or any(
                a is not None and b is not None for a, b in zip(self.fields, fields, strict=True)):
            return False
        self.fields = [a if a is not None else b for a, b in zip(self.fields, fields, strict=True)]
        return True

    def comparison(self) -> ast.AST:
        loc = self.literal.location
        term = self.pattern.update(arguments=[
            a if a is not None else ast.Variable(loc, "_") for a in self.fields])
        guard = ast.Guard(ast.ComparisonOperator.Equal, term)
        return ast.Literal(loc, ast.Sign.NoSign, ast.Comparison(self.subject, [guard]))


@dataclass
class _Rewrite:
    """One rule or #show with its accessor literals inlined: in its body and in the
    conditions of its conditional literals and body aggregates."""

    stm: ast.AST
    table: dict[Key, Accessor]
    named: re.Pattern[str]
    taken: set[str] | None = field(default=None)  # its variables (read when first needed)

    def statement(self) -> ast.AST:
        return self.stm.update(body=self.literals(self.stm.body))

    def literals(self, items: Sequence[ast.AST]) -> list[ast.AST]:
        out: list[ast.AST | _Pending] = []
        open_: dict[str, _Pending] = {}  # subject -> its comparison being built
        for item in items:
            text = str(item)
            key = _key(item) if self.named.match(text) else None
            accessor = None if key is None else self.table.get(key)
            if accessor is None:
                out.append(self.nested(item) if self.named.search(text) else item)
                continue
            subject, *args = item.atom.symbol.arguments
            fields = self.instance(accessor, args)
            pending = open_.get(str(subject))
            if pending is None or not pending.fill(accessor.pattern, fields):
                open_[str(subject)] = _Pending(item, subject, accessor.pattern, fields)
                out.append(open_[str(subject)])
        return [x.comparison() if isinstance(x, _Pending) else x for x in out]

    def nested(self, item: ast.AST) -> ast.AST:
        if item.ast_type == ast.ASTType.ConditionalLiteral:
            return item.update(condition=self.literals(item.condition))
        atom = item.atom if item.ast_type == ast.ASTType.Literal else None
        if atom is not None and atom.ast_type == ast.ASTType.BodyAggregate:
            elements = [e.update(condition=self.literals(e.condition)) for e in atom.elements]
            return item.update(atom=atom.update(elements=elements))
        return item

    def instance(self, accessor: Accessor, args: Sequence[ast.AST]) -> list[ast.AST | None]:
        """The pattern's arguments for one use: the parameters replaced by ``args``, ``_``
        as None, other variables renamed apart from the statement's (``_X1`` …)."""
        given = dict(zip(accessor.params, args, strict=True))
        renamed: dict[str, ast.AST] = {}
        out: list[ast.AST | None] = []
        for name, var in zip(accessor.fields, accessor.pattern.arguments, strict=True):
            if name in given:
                out.append(given[name])
            elif name == "_":
                out.append(None)
            else:
                out.append(renamed.setdefault(name, var.update(name=self.fresh(name))))
        return out

    def fresh(self, base: str) -> str:
        if self.taken is None:
            self.taken = _variables(self.stm)
        n = 1
        while f"_{base}{n}" in self.taken:
            n += 1
        self.taken.add(f"_{base}{n}")
        return f"_{base}{n}"


def _key(lit: ast.AST) -> Key | None:
    """The predicate of positive literal ``lit``, if it is an atom."""
    if lit.ast_type != ast.ASTType.Literal or lit.sign != ast.Sign.NoSign \
            or lit.atom.ast_type != ast.ASTType.SymbolicAtom \
            or lit.atom.symbol.ast_type != ast.ASTType.Function:
        return None
    return lit.atom.symbol.name, len(lit.atom.symbol.arguments)
