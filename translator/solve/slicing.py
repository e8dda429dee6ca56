"""Leave out of a program the rules that can never fire for the facts it is given.

Grounding costs clingo about 0.1 ms per rule even where the rule has nothing to work on,
and the encodings hold some 1,500 rules per entry file, most of them for notation a given
query does not use (brackets, dialects, hoppers, castling …): that fixed part was most of
the cost of a small query. A rule one of whose positive body literals names a predicate
that neither the facts nor any rule that can fire may derive has no ground instance, so
the program without it has the same answer sets; its head predicates are declared
``#defined`` so that clingo's "does not occur in any rule head" checks stay quiet. What
the rules mean is untouched: this only saves the grounder the rules it would find empty.

A body atom with constant arguments (``mode(T,M,L,p)``: a hop) needs more: an atom of
that name with those constants there, or with terms there that may be anything (a
variable of a head). The facts' constants and those the rules that may fire may derive
are followed: a rule for hoppers is left out of a program whose pieces have no ``p`` leg.
A head's argument that is a variable of a body atom has the constants that atom may have
there (``lmode(T,M,L,Mo) :- mode(T,M,L,Mo)``: the facts' modes), a pool each of its own.

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
>>> statements = []
>>> ast.parse_string("h(X) :- m(X,p). s(X) :- m(X,s). t(X) :- s(X).", statements.append)
>>> shapes = shapes_of(statements)
>>> kept, defined = sliced(tuple(statements), frozenset({"m"}), shapes,
...                        fact_keys("m(1,s). m(2,s).", keyed_positions(shapes)))
>>> [str(s) for s in kept], defined
(['#program base.', 's(X) :- m(X,s).', 't(X) :- s(X).'], '#defined h/1.')
"""

from __future__ import annotations

import itertools
import math
import re
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import clingo.ast as ast

from translator.solve.read import read_only
from translator.solve.rule_text import (
    CONSTANT,
    NAME,
    WORD,
    arguments,
    closing,
    names_in,
    needs,
    one_atom,
    pooled,
    signatures,
    split_rule,
    split_top,
    top_level,
)

NAMES = re.compile(WORD.pattern.removesuffix(r"(\(?)"))  # WORD without the bracket
# a flat argument list (no brackets; strings whole)
FLAT = re.compile(r'((?:[^()"]|"(?:[^"\\]|\\.)*")*)\)')
# an atom's name and arguments as slicing reads them: each a constant, or None for a
# term that may be any (arguments None: any atom of the name); in a rule's body (its
# ``wants``), the constants only, each with its position
Key = tuple[str, tuple[str | None, ...] | None]
Want = tuple[str, tuple[tuple[int, str], ...]]
# a head atom as a Key, and each of its arguments that is a variable of a body atom: its
# position, and the body atom's name, arity and position of the variable
Link = tuple[Key, tuple[tuple[int, str, int, int], ...]]
VARIABLE = re.compile(r"[A-Z][A-Za-z0-9_']*")
LINKED = 64  # the most atoms a linked head gives; more: its linked arguments may be any


@dataclass(frozen=True)
class Shape:
    """What slicing needs of a statement: the predicate names it may derive (``heads``),
    those its rule needs derived to fire (``needs``: none for a statement always kept),
    and the signatures of its head (declared ``#defined`` when it is left out)."""

    heads: frozenset[str]
    needs: frozenset[str]
    signatures: tuple[tuple[str, int], ...]
    comment: bool = False
    wants: frozenset[Want] = frozenset()   # the constants its body's atoms need
    gives: frozenset[Key] = frozenset()   # those its head's atoms may have
    links: frozenset[Link] = frozenset()   # its head's atom with values from its body's
    atom: str = ""   # a rule whose head is one positive atom: the atom's name
    reads: frozenset[str] = frozenset()   # the names in its text (none for a fact)
    hides: bool = False   # ``#show.``: only the atoms shown otherwise are the answer


def sliced(statements: Sequence[ast.AST], facts: frozenset[str],
           shapes: Sequence[Shape] | None = None, keys: frozenset[Key] | None = None,
           python: frozenset[str] = frozenset()) -> tuple[list[ast.AST], str]:
    """The statements that may fire given facts of the predicates named ``facts`` and are
    read (:mod:`.read`, ``python``), and the ``#defined`` directives of the predicates whose
    rules were left out (``shapes``: the statements' :func:`shapes`, if known; ``keys``:
    the facts' :func:`fact_keys`, None: constants not followed)."""
    shapes = shapes_of(statements) if shapes is None else shapes
    derivable, keyed, fired = _derivable(shapes, facts, keys)
    kept: list[tuple[ast.AST, Shape]] = []
    lost: set[tuple[str, int]] = set()
    for at, (statement, shape) in enumerate(zip(statements, shapes, strict=True)):
        if shape.comment:
            continue
        # (a rule with a head may fire exactly when it fired in the fixpoint)
        if at in fired if shape.heads else shape.needs <= derivable and (
                keyed is None or _given(shape.wants, keyed, facts)):
            kept.append((statement, shape))
        else:
            lost.update(shape.signatures)
    return ([statement for statement, shape in read_only(kept, python)],
            " ".join(f"#defined {name}/{arity}." for name, arity in sorted(lost)))


def fact_names(facts: str) -> frozenset[str]:
    """Every name in a text of facts (a superset of its predicates' names)."""
    # (a batch's facts are long: one capture group is faster)
    return frozenset(NAMES.findall(facts)) - {""}


def keyed_positions(shapes: Iterable[Shape]) -> dict[str, frozenset[int]]:
    """Per name, the argument positions where some rule's body wants a constant."""
    found: dict[str, set[int]] = {}
    for shape in shapes:
        for name, constants in shape.wants:
            if constants:
                found.setdefault(name, set()).update(at for at, _ in constants)
        for _, linked in shape.links:
            for _, name, _, at in linked:
                found.setdefault(name, set()).add(at)
    return {name: frozenset(at) for name, at in found.items()}


def fact_keys(facts: str, positions: Mapping[str, frozenset[int]]) -> frozenset[Key]:
    """The facts' atoms of the names of ``positions`` (:func:`keyed_positions`), as
    :data:`Key`: their constants at those positions (their other arguments None; all of
    them None where they are not read: nested terms)."""
    if not positions:
        return frozenset()
    keys: set[Key] = set()
    for found in _atom_pattern(tuple(sorted(positions))).finditer(facts):
        name = found.group(1)
        flat = FLAT.match(facts, found.end())
        if flat is None:
            keys.add((name, None))
            continue
        inside, wanted = flat.group(1), positions[name]
        args = split_top(inside, ",") if '"' in inside else inside.split(",")
        keys.add((name, tuple(
            arg.strip() if at in wanted and CONSTANT.fullmatch(arg.strip()) else None
            for at, arg in enumerate(args))))
    return frozenset(keys)


@lru_cache(maxsize=64)
def _atom_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<![A-Za-z0-9_'])(" + "|".join(map(re.escape, names)) + r")\(")


def _given(wants: frozenset[Want], keyed: dict[str, set[tuple[str | None, ...] | None]],
           facts: frozenset[str]) -> bool:
    """Whether an atom of ``keyed`` meets each of ``wants``: of its name, with each
    constant wanted (or a term that may be any) at its position; an atom without
    constants wanted, also any name of the ``facts``."""
    return all((not constants and name in facts) or any(
        args is None or all(at < len(args) and args[at] in (None, constant)
                            for at, constant in constants)
        for args in keyed.get(name, ())) for name, constants in wants)


def _derivable(shapes: Sequence[Shape], facts: frozenset[str], keys: frozenset[Key] | None
               ) -> tuple[frozenset[str], dict[str, set[tuple[str | None, ...] | None]] | None,
                          set[int]]:
    """The names (and with ``keys``, the atoms as :data:`Key`) the facts and the rules
    that may fire can derive (a fixpoint), and the rules (their indices) that may fire."""
    # (worked off a queue: a rule is looked at when the last name it needs is derived, and
    # again when a name whose constants it wants, or its head links to, gains an atom, not
    # in passes over them all)
    needing, counts, free, always = _needing(shapes)
    # (the rules that need and want nothing, the facts of kb/, fire in every program)
    derivable, fired = set(facts) | always.heads, set(always.fired)
    keyed: dict[str, set[tuple[str | None, ...] | None]] | None = None
    if keys is not None:
        keyed = {}
        for name, args in (*keys, *always.gives):
            keyed.setdefault(name, set()).add(args)
    missing, ready = dict(counts), deque(free)
    blocked: dict[str, set[int]] = {}
    listeners: dict[str, set[int]] = {}   # the rules whose heads link to a name's atoms

    def derive(name: str) -> None:
        for other in needing.get(name, ()):
            missing[other] -= 1
            if not missing[other]:
                ready.append(other)

    def give(at: int, keyed: dict[str, set[tuple[str | None, ...] | None]]) -> None:
        shape = shapes[at]
        gives: Iterable[Key] = shape.gives
        if shape.links:
            for name in {name for _, linked in shape.links for _, name, _, _ in linked}:
                listeners.setdefault(name, set()).add(at)
            gives = (*gives, *_resolved(shape.links, keyed))
        for name, args in gives:
            found = keyed.setdefault(name, set())
            if args not in found:
                found.add(args)
                ready.extend(blocked.pop(name, ()))
                ready.extend(listeners.get(name, ()))

    for name in derivable:
        derive(name)
    while ready:
        at = ready.popleft()
        shape = shapes[at]
        if at in fired:
            if keyed is not None and shape.links:  # (a linked body name gained an atom)
                give(at, keyed)
            continue
        if keyed is not None and not _given(shape.wants, keyed, facts):
            for name, _ in shape.wants:
                blocked.setdefault(name, set()).add(at)
            continue
        fired.add(at)
        for name in shape.heads - derivable:
            derivable.add(name)
            derive(name)
        if keyed is not None:
            give(at, keyed)
    return frozenset(derivable), keyed, fired


def _resolved(links: frozenset[Link], keyed: dict[str, set[tuple[str | None, ...] | None]]
              ) -> Iterator[Key]:
    """The atoms, as :data:`Key`, that linked heads give, their linked arguments taking the
    values their body atoms' names have in ``keyed`` (None: any)."""
    for (name, args), linked in links:
        options: list[list[str | None]] = [[arg] for arg in args or ()]
        for at, body, arity, there in linked:
            values = {None if found is None else found[there] for found in keyed.get(body, ())
                      if found is None or len(found) == arity}
            options[at] = [None] if None in values else sorted(values, key=str)
        if math.prod(map(len, options)) > LINKED:
            options = [[None] if len(values) > 1 else values for values in options]
        yield from ((name, combo) for combo in itertools.product(*options))


@dataclass(frozen=True)
class _Always:
    """The rules with a head that need and want nothing (by index), and what they derive."""

    fired: frozenset[int]
    heads: frozenset[str]
    gives: frozenset[Key]


_NEEDING: dict[int, tuple[Sequence[Shape], dict[str, list[int]], dict[int, int], list[int],
                          _Always]] = {}


def _needing(shapes: Sequence[Shape]
             ) -> tuple[dict[str, list[int]], dict[int, int], list[int], _Always]:
    """Of the rules with a head among ``shapes`` (by index): those that need each name,
    how many names each needs, those that need some constants and no name, and those that
    need nothing (kept per sequence of shapes: a program's are made once per process)."""
    kept = _NEEDING.get(id(shapes))
    if kept is None or kept[0] is not shapes:
        needing: dict[str, list[int]] = {}
        counts: dict[int, int] = {}
        for at, shape in enumerate(shapes):
            if shape.heads:
                counts[at] = len(shape.needs)
                for name in shape.needs:
                    needing.setdefault(name, []).append(at)
        free = [at for at, count in counts.items() if not count]
        always = [at for at in free if not shapes[at].wants]
        if len(_NEEDING) > 64:
            _NEEDING.clear()
        kept = _NEEDING[id(shapes)] = (shapes, needing, counts, [
            at for at in free if shapes[at].wants], _Always(
            frozenset(always), frozenset().union(*(shapes[at].heads for at in always)),
            frozenset().union(*(shapes[at].gives for at in always))))
    return kept[1], kept[2], kept[3], kept[4]


def shapes_of(statements: Iterable[ast.AST]) -> tuple[Shape, ...]:
    """What slicing reads of each statement (computed once per program by its caller).
    The parameters of ``#program`` parts and ``#const`` names are not constants: they
    stand for values given when grounding."""
    statements = tuple(statements)
    params = frozenset(
        name for statement in statements
        if statement.ast_type in (ast.ASTType.Program, ast.ASTType.Definition)
        for name in names_in(str(statement).split(".", 1)[0].replace("#program", "")
                           .replace("#const", "")))
    return _relevant(tuple(_shape(statement, params) for statement in statements))


def _relevant(shapes: tuple[Shape, ...]) -> tuple[Shape, ...]:
    """``shapes`` with only the links that lead to a position where some body wants a
    constant (the others would only make slicing read more of the facts); a head linked
    there gives its atoms by its links, not as :data:`Key` with any value there."""
    wanted = {(name, at) for shape in shapes for name, constants in shape.wants
              for at, _ in constants}
    grown = True
    while grown:
        grown = False
        for shape in shapes:
            for (name, _), linked in shape.links:
                for at, body, _, there in linked:
                    if (name, at) in wanted and (body, there) not in wanted:
                        wanted.add((body, there))
                        grown = True
    out = []
    for shape in shapes:
        links = frozenset((key, kept) for key, linked in shape.links if (kept := tuple(
            entry for entry in linked if (key[0], entry[0]) in wanted)))
        out.append(replace(shape, links=links, gives=shape.gives - {key for key, _ in links}))
    return tuple(out)


def _shape(statement: ast.AST, params: frozenset[str] = frozenset()) -> Shape:
    kind = statement.ast_type
    if kind == ast.ASTType.Comment:
        return Shape(frozenset(), frozenset(), (), comment=True)
    return _shape_of(kind, str(statement), params)


@lru_cache(maxsize=65536)
def _shape_of(kind: ast.ASTType, text: str, params: frozenset[str]) -> Shape:
    """The shape of a statement by its text (core.lp's, shared by entries, read once)."""
    read = frozenset(names_in(text))
    if kind == ast.ASTType.External:  # its atoms may be set true: every name may be derived
        return Shape(read, frozenset(), (), gives=_gives(text, params), reads=read)
    if kind != ast.ASTType.Rule:
        return Shape(frozenset(), frozenset(), (), reads=read, hides=text == "#show.")
    head, body = split_rule(text)
    wanted, atom = list(needs(body)), one_atom(head.strip())
    return Shape(frozenset(names_in(head)), frozenset(name for name, _ in wanted),
                 tuple(signatures(head)), wants=frozenset(_wants(wanted, params)),
                 gives=_gives(head, params), links=_links(head, wanted, params), atom=atom,
                 reads=read if body or not atom else frozenset())


def _links(head: str, body: list[tuple[str, str]], params: frozenset[str]
           ) -> frozenset[Link]:
    """A head that is one atom: the arguments that are variables of the body's atoms
    (:data:`Link`; none for a head of several atoms, a choice or a condition)."""
    head = head.strip()
    match = NAME.match(head)
    if match is None or match.end() == len(head) or head[match.end()] != "(" or closing(
            head, match.end()) != len(head) - 1 or top_level(head[match.end() + 1:-1], ";"):
        return frozenset()
    args = arguments(head)
    linked = []
    for at, arg in enumerate(args):
        found = VARIABLE.fullmatch(arg) and next(
            ((name, len(there), there.index(arg)) for name, atom in body
             if arg in (there := arguments(atom))), None)
        if found:
            linked.append((at, *found))
    key = (match.group().lstrip("-"), tuple(
        pooled(arg, params)[0] if len(pooled(arg, params)) == 1 else None for arg in args))
    return frozenset({(key, tuple(linked))}) if linked else frozenset()


def _wants(atoms: list[tuple[str, str]], params: frozenset[str]) -> Iterator[Want]:
    """Each body atom with arguments: its name and constant arguments (and positions)."""
    for name, atom in atoms:
        if "(" in atom:
            yield name, tuple((at, arg) for at, arg in enumerate(arguments(atom))
                              if arg not in params and CONSTANT.fullmatch(arg))


def _gives(head: str, params: frozenset[str]) -> frozenset[Key]:
    """What every atom (or term) of a head text may have at each position: a constant,
    or None for any other term."""
    keys: set[Key] = set()
    for found in WORD.finditer(head):
        name, paren = found.groups()
        if not name or name == "not" or not paren:
            continue
        inside = head[found.end() - 1:closing(head, found.end() - 1) + 1]
        options = [pooled(arg, params) for arg in arguments(inside)]
        if math.prod(map(len, options)) > LINKED:
            options = [(None,) for _ in options]
        keys.update((name, combo) for combo in itertools.product(*options))
    return frozenset(keys)
