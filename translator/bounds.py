"""The checks of a query's limits, wherever they are given (command-line options, JSON
fields): a time limit is a finite number of seconds above 0, a budget a whole number above 0.

>>> seconds(5)
5.0
>>> try:
...     seconds(float("inf"), "--timeout")
... except BetzaError as err:
...     print(err)
--timeout must be a number of seconds above 0 and at most 604800 (a week), not inf
>>> budget(0, "max_atoms")
Traceback (most recent call last):
  ...
translator.errors.BetzaError: max_atoms must be a whole number above 0, not 0
"""

from __future__ import annotations

import math

from translator.errors import BetzaError

LONGEST = 7 * 24 * 3600  # a week: longer waits overflow the clocks of threads and timers


def seconds(value: object, name: str = "timeout") -> float:
    """``value`` as a time limit in seconds, or a one-line error naming ``name``; a number
    of any size (an integer of 400 digits, which no float holds) is compared as it is.

    >>> try:
    ...     seconds(10 ** 400)
    ... except BetzaError as err:
    ...     print(str(err).split(", not ")[1])
    10000000000000000000…
    """
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or (isinstance(value, float) and not math.isfinite(value))
            or not 0 < value <= LONGEST):
        raise BetzaError(f"{name} must be a number of seconds above 0 and at most {LONGEST} "
                         f"(a week), not {shown(value)}")
    return float(value)


def shown(value: object, width: int = 20) -> str:
    """``value`` as a message quotes it: its first ``width`` characters and an ellipsis
    when longer (a number of 400 digits is not echoed whole)."""
    text = repr(value) if not isinstance(value, int) else str(value)
    return text if len(text) <= width else text[:width] + "…"


def budget(value: object, name: str = "max_atoms") -> int:
    """``value`` as a positive whole number (an atom budget), or a one-line error."""
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise BetzaError(f"{name} must be a whole number above 0, not {shown(value)}")
    return value
