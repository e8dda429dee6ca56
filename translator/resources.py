"""Where the data folders (encodings/, kb/) are: inside the installed wheel or the checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path


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
