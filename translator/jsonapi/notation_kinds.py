"""The batch kinds of the notation tools: ``find`` (drawn moves to the shortest string),
``convert`` (bracket notation <-> a-notation) and ``lint``; each takes one request object
and answers with the batch schema (docs/batch.md).

>>> convert_line({"betza": "yafsF", "to": "bracket", "check": False})["result"]
'[F-R]'
"""

from __future__ import annotations

from typing import Any

from translator.errors import BetzaError
from translator.jsonapi.fields import line_limits, required
from translator.squares import board_size


def find_line(line: dict[str, Any]) -> dict[str, Any]:
    from translator.queries.find import find
    from translator.queries.find.answer import Example

    examples = line.get("examples")
    if not isinstance(examples, list) or not examples:
        raise BetzaError("missing 'examples' (a list of example objects)")
    limit = line.get("limit", 5)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 50:
        raise BetzaError("limit must be a whole number from 1 to 50")
    notation = line.get("notation", "a")
    if not isinstance(notation, str):
        raise BetzaError("notation must be \"a\" or \"any\"")
    return find([Example.from_json(e) for e in examples], limit=limit,
                timeout=line_limits(line)[0], notation=notation).as_json()


def convert_line(line: dict[str, Any]) -> dict[str, Any]:
    from translator.queries.convert import convert

    check = line.get("check", True)
    if not isinstance(check, bool):
        raise BetzaError("check must be true or false")
    to = required(line, "to")
    if to == "fsf":
        from translator.queries.convert_fsf import fsf_spelling_of

        return fsf_spelling_of(required(line, "betza"), [board_size(line)], check=check,
                               timeout=line_limits(line)[0]).as_json()
    return convert(required(line, "betza"), to, [board_size(line)], check=check,
                   timeout=line_limits(line)[0]).as_json()


def lint_line(line: dict[str, Any]) -> dict[str, Any]:
    from translator.queries.lint import lint

    files, ranks = board_size(line)
    return lint(required(line, "betza"), files, ranks, timeout=line_limits(line)[0]).as_json()
