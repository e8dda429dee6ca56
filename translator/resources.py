"""Where the data folders (encodings/, kb/) are: inside the installed wheel or the checkout;
and the lock every stage takes to parse them."""

from __future__ import annotations

import threading
from functools import cache
from pathlib import Path

# clingo's parser is not safe to run in two threads at once (a kept program may be built
# in a thread of its own, translator/solve/warm.py); grounding and solving are. Here, not in
# solve/engine.py, because notation/ reads the kb tables with it (an earlier stage).
PARSING = threading.RLock()


@cache
def data_dir(name: str) -> Path:
    """The folder ``name`` (``"kb"`` or ``"encodings"``).

    >>> (data_dir("kb") / "atoms.lp").exists()
    True
    """
    installed = Path(__file__).parent / "_data" / name
    if installed.is_dir():
        return installed
    return Path(__file__).parent.parent / name
