"""The fields of a batch line (and of an HTTP query): required strings, flags, limits,
and the error answer, shared by every query kind.

>>> required({"from": "e4"}, "from")
'e4'
>>> error(BetzaError("bad", text="Nx", pos=1))
{'ok': False, 'error': "bad at position 2 of 'Nx'"}
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from translator.bounds import budget, seconds
from translator.errors import BetzaError, LimitError
from translator.position import check_side
from translator.solve.limits import DEFAULT_MAX_ATOMS

# The web server wants the culprit's position as data (to draw the caret) and whether a
# limit was hit (HTTP 422); batch lines keep their two keys.
DETAILED_ERRORS: ContextVar[bool] = ContextVar("detailed_errors", default=False)


def line_limits(line: dict[str, Any]) -> tuple[float, int]:
    """A line's time limit (seconds) and grounding budget (atoms); a one-line error for a
    value that is not one, of whatever size.

    >>> try:
    ...     line_limits({"timeout": 10 ** 400})
    ... except BetzaError as err:
    ...     print(str(err).split(", not ")[1])
    10000000000000000000…
    """
    return (seconds(line.get("timeout", 60.0)),
            budget(line.get("max_atoms", DEFAULT_MAX_ATOMS)))


def check_common(line: dict[str, Any]) -> tuple[float, int]:
    """Refuse malformed values of the keys every kind reads the same way (limits, side,
    readings), so that each is an error of its own line, whatever the kind; the line's
    limits (:func:`line_limits`)."""
    limits = line_limits(line)
    if line.get("side") is not None:
        check_side(line["side"])
    for key in ("dialect", "dialect_b"):
        optional(line, key)
    return limits


def collate(queries: list, answers: list, shape: Callable[[Any], dict[str, Any]]
            ) -> list[dict[str, Any]]:
    """One output line per query: the input's own error, the solver's error for it, or
    ``{"ok": true, **shape(answer)}``; ``answers`` are those of the error-free queries."""
    remaining = iter(answers)
    out = []
    for q in queries:
        result = q if isinstance(q, BetzaError) else next(remaining)
        out.append(error(result) if isinstance(result, BetzaError)
                   else {"ok": True, **shape(result)})
    return out


def required(line: dict[str, Any], key: str) -> str:
    value = line.get(key)
    if not isinstance(value, str) or not value:
        raise BetzaError(f"missing {key!r} (a string)")
    return value


def optional(line: dict[str, Any], key: str) -> str | None:
    value = line.get(key)
    if value is not None and not isinstance(value, str):
        raise BetzaError(f"{key!r} must be a string")
    return value or None


def virgin(line: dict[str, Any]) -> bool:
    virgin = line.get("virgin", False)
    if not isinstance(virgin, bool):
        raise BetzaError("virgin must be true or false")
    return virgin


def error(err: BetzaError | str) -> dict[str, Any]:
    text = err.one_line() if isinstance(err, BetzaError) else err
    out: dict[str, Any] = {"ok": False, "error": text}
    if DETAILED_ERRORS.get() and isinstance(err, BetzaError):
        if err.text is not None:
            out.update(input=err.text, message=err.message, caret=err.render())
            if err.pos is not None:
                out["position"] = err.pos + 1
        out["limit"] = isinstance(err, LimitError)
    return out


