"""The predicates each encoding file gives the others or shows: read from the files with
clingo's parser, so that encodings/README.md can be checked against them."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import partial
from pathlib import Path
from typing import Any

from clingo import ast

ENCODINGS = Path(__file__).resolve().parent.parent.parent / "encodings"
Key = tuple[str, int]


def _atoms(node: Any, out: list[Key]) -> None:
    """Every predicate atom in ``node``'s tree."""
    if isinstance(node, ast.AST):
        if (node.ast_type == ast.ASTType.SymbolicAtom
                and node.symbol.ast_type == ast.ASTType.Function):
            out.append((node.symbol.name, len(node.symbol.arguments)))
        for key in node.keys():  # noqa: SIM118 (a clingo AST node is no mapping)
            _atoms(getattr(node, key), out)
    elif isinstance(node, list | tuple) or type(node).__name__ == "ASTSequence":
        for item in node:
            _atoms(item, out)


def _heads(head: Any, heads: list[Key], body: list[Key]) -> None:
    """The atoms a rule's head defines; the conditions of a choice or aggregate are read."""
    if head.ast_type == ast.ASTType.Literal:
        _atoms(head, heads)
    elif head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        for element in head.elements:
            _atoms(element.literal, heads)
            _atoms(element.condition, body)
    elif head.ast_type == ast.ASTType.HeadAggregate:
        for element in head.elements:
            _atoms(element.condition.literal, heads)
            _atoms(element.condition.condition, body)


def predicates() -> tuple[dict[str, set[Key]], dict[str, set[Key]]]:
    """file name -> the predicates it defines (rules and externals), and -> the predicates
    another file reads or that it shows or sets from outside (its interface)."""
    defined: dict[str, set[Key]] = defaultdict(set)
    shown: dict[str, set[Key]] = defaultdict(set)
    readers: dict[Key, set[str]] = defaultdict(set)
    for path in sorted(ENCODINGS.glob("*.lp")):
        text = re.sub(r"^#include.*$", "", path.read_text(), flags=re.M)
        ast.parse_string(text, partial(_statement, path.name, defined, shown, readers))
    interface = {name: {k for k in defined[name] if readers[k] - {name}} | shown[name]
                 for name in set(defined) | set(shown)}
    return defined, {name: keys for name, keys in interface.items() if keys}


def _statement(name: str, defined: dict[str, set[Key]], shown: dict[str, set[Key]],
               readers: dict[Key, set[str]], stm: Any) -> None:
    heads: list[Key] = []
    body: list[Key] = []
    if stm.ast_type == ast.ASTType.Rule:
        _heads(stm.head, heads, body)
        _atoms(stm.body, body)
    elif stm.ast_type == ast.ASTType.External:
        _atoms(stm.atom, heads)
        shown[name].update(heads)  # set from outside: part of the file's interface
    elif stm.ast_type == ast.ASTType.ShowSignature and stm.name:
        shown[name].add((stm.name, stm.arity))
    elif stm.ast_type == ast.ASTType.ShowTerm:
        _atoms(stm.body, body)
        if stm.term.ast_type == ast.ASTType.Function:
            shown[name].add((stm.term.name, len(stm.term.arguments)))
    defined[name].update(heads)
    for key in body:
        readers[key].add(name)
