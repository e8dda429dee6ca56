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
    """``value`` as a time limit in seconds, or a one-line error naming ``name``."""
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not math.isfinite(value) or not 0 < value <= LONGEST):
        raise BetzaError(f"{name} must be a number of seconds above 0 and at most {LONGEST} "
                         f"(a week), not {value!r}")
    return float(value)


def budget(value: object, name: str = "max_atoms") -> int:
    """``value`` as a positive whole number (an atom budget), or a one-line error."""
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise BetzaError(f"{name} must be a whole number above 0, not {value!r}")
    return value
