"""Answers kept by the text of their question: a query that ran to its end is not run again.

A search (``betza find``) or a proof (``betza equiv``) is a function of its program text:
the same facts give the same answer. Lint asks the same proofs and searches of one string
many times over (its checks prove the same spellings; a server is asked the same string by
many clients), so each process keeps the last answers, a bounded number of them, by the
text of their question. Only answers that ran to their end are kept: a time limit, a size
refusal or a bad string raises as before and leaves nothing behind. Answers are copied in
and out, so a caller that changes its answer changes no other's.

A grounded program asked again with other assumptions (find's search: the same example
positions, other squares drawn) is kept too, a few of them, and lent to one caller at a
time (:func:`borrow`, :func:`give_back`): grounding is most of such a question's cost.

:func:`fresh` turns the memory off for a block (tests that watch the solver at work: its
time limit, which program it builds).

>>> calls = []
>>> @remembered(lambda n: ("square", n))
... def square(n: int) -> list[int]:
...     calls.append(n)
...     return [n * n]
>>> square(3), square(3), calls
([9], [9], [3])
>>> with fresh():
...     square(3), calls
([9], [3, 3])
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

SIZE = 512  # answers kept per process (each a few kB)
GROUNDED = 4  # grounded programs kept per process (each a few MB)

_answers: OrderedDict[Hashable, Any] = OrderedDict()
_grounded: OrderedDict[Hashable, Any] = OrderedDict()
_lock = threading.Lock()
_off = threading.local()


def remembered(key: Callable[..., Hashable | None],
               copied: Callable[[Any], Any] = copy.deepcopy
               ) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Keep the answers of the decorated function by ``key(*args, **kwargs)`` (``None``:
    this call is not kept, nor looked up); ``copied`` copies an answer in and out (``list``
    for a list of values that never change, as clingo's symbols)."""
    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        @wraps(func)
        def kept(*args: P.args, **kwargs: P.kwargs) -> R:
            name = None if getattr(_off, "on", False) else key(*args, **kwargs)
            if name is None:
                return func(*args, **kwargs)
            name = (func.__qualname__, name)
            with _lock:
                if name in _answers:
                    _answers.move_to_end(name)
                    return copied(_answers[name])  # type: ignore[no-any-return]
            answer = func(*args, **kwargs)
            _keep(name, copied(answer))
            return answer
        return kept
    return decorate


def remember(func: Callable[..., Any], key: Hashable, answer: Any) -> None:
    """Keep ``answer`` as the :func:`remembered` function ``func`` would for ``key`` (an
    answer that one program gave beside the one it was asked for: a proof for several
    pairs at once)."""
    if not getattr(_off, "on", False):
        _keep((func.__qualname__, key), copy.deepcopy(answer))


def _keep(name: Hashable, answer: Any) -> None:
    """Keep ``answer`` (a copy) under ``name``, the oldest answers past :data:`SIZE` let go."""
    with _lock:
        _answers[name] = answer
        while len(_answers) > SIZE:
            _answers.popitem(last=False)


def recall(name: str, key: Hashable) -> Any:
    """The answer kept for ``key`` of the function named ``name`` (a copy), or None."""
    if getattr(_off, "on", False):
        return None
    with _lock:
        found = _answers.get((name, key))
    return None if found is None else copy.deepcopy(found)


@contextmanager
def fresh() -> Iterator[None]:
    """Inside the block every question is asked of the solver again (and not kept)."""
    before = getattr(_off, "on", False)
    _off.on = True
    try:
        yield
    finally:
        _off.on = before


def borrow(key: Hashable) -> Any:
    """The grounded program kept under ``key``, taken out of the memory until it is given
    back (so that no two callers solve it at once), or None."""
    if getattr(_off, "on", False):
        return None
    with _lock:
        return _grounded.pop(key, None)


def give_back(key: Hashable, program: Any) -> None:
    """Keep ``program`` (grounded) under ``key`` for the next :func:`borrow`; only a program
    whose last solve ran to its end is given back."""
    if getattr(_off, "on", False):
        return
    with _lock:
        _grounded[key] = program
        while len(_grounded) > GROUNDED:
            _grounded.popitem(last=False)
