"""What slicing reads of a program's statements (:func:`translator.solve.slicing.shapes_of`),
kept between processes: working it out costs some 0.3 s per entry file, in every process
that grounds one (each ``betza`` command, each worker of the server, of a batch or of Dask),
while the shapes change only with the encodings or the slicing code.

The shapes are kept in the cache folder (:func:`translator.resources.cache_folder`) under the
sha256 of the program's statements (their kinds and texts as clingo prints them) and of the
slicing module's source: another program, or another way of reading one, makes another file,
and a file that cannot be read or does not hold a shape per statement is worked out again.
The files of other keys are removed once no process has used them for two weeks
(:func:`translator.resources.prune`).

>>> import os, tempfile
>>> import clingo.ast as ast
>>> from translator.resources import cache_folder
>>> os.environ["BETZA_CACHE"] = tempfile.mkdtemp(); cache_folder.cache_clear()
>>> statements: list[ast.AST] = []
>>> ast.parse_string("h(X) :- m(X,p). s(X) :- m(X,s). #external e(1).", statements.append)
>>> kept_shapes(statements) == shapes_of(statements) == kept_shapes(statements)
True
>>> len(list(cache_folder().glob("shapes-*.json")))
1
>>> del os.environ["BETZA_CACHE"]; cache_folder.cache_clear()
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import clingo.ast as ast

from translator.resources import cache_folder, used, write_whole
from translator.solve import rule_text, slicing
from translator.solve.slicing import Shape, shapes_of


def kept_shapes(statements: Sequence[ast.AST]) -> tuple[Shape, ...]:
    """``shapes_of(statements)``, read from the cache folder when a process before has
    worked them out for these statements, else worked out and kept."""
    digest = hashlib.sha256(_code())
    for statement in statements:
        digest.update(f"{statement.ast_type}\0{statement}\0".encode())
    path = cache_folder() / f"shapes-{digest.hexdigest()[:32]}.json"
    try:
        found = tuple(_shape(row) for row in json.loads(path.read_text()))
        if len(found) == len(statements):
            used(path)
            return found
    except (OSError, ValueError, TypeError):
        pass
    shapes = shapes_of(statements)
    write_whole(path, json.dumps([_row(shape) for shape in shapes],
                                 separators=(",", ":")).encode(),
                family=r"shapes-[0-9a-f]{32}\.json")
    return shapes


@cache
def _code() -> bytes:
    """The slicing modules' source: a change of how statements are read is a new key."""
    return Path(slicing.__file__).read_bytes() + Path(rule_text.__file__).read_bytes()


def _row(shape: Shape) -> list[Any]:
    return [sorted(shape.heads), sorted(shape.needs), [list(s) for s in shape.signatures],
            shape.comment, sorted([name, [list(p) for p in at]] for name, at in shape.wants),
            sorted(([name, None if args is None else list(args)] for name, args in shape.gives),
                   key=json.dumps),
            sorted(([name, list(args or ()), [list(entry) for entry in linked]]
                    for (name, args), linked in shape.links), key=json.dumps),
            shape.atom, sorted(shape.reads), shape.hides]


def _shape(row: list[Any]) -> Shape:
    heads, needs, signatures, comment, wants, gives, links, atom, reads, hides = row
    return Shape(frozenset(heads), frozenset(needs),
                 tuple((str(name), int(arity)) for name, arity in signatures), bool(comment),
                 frozenset((name, tuple((int(i), c) for i, c in at)) for name, at in wants),
                 frozenset((name, None if args is None else tuple(args))
                           for name, args in gives),
                 frozenset(((name, tuple(args)), tuple(
                     (int(at), str(body), int(arity), int(there))
                     for at, body, arity, there in linked)) for name, args, linked in links),
                 str(atom), frozenset(reads), bool(hides))
