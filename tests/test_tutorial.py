"""docs/tutorial.md runs as written: every ``>>>`` line in it is a doctest."""

from __future__ import annotations

import doctest
from pathlib import Path

TUTORIAL = Path(__file__).resolve().parent.parent / "docs" / "tutorial.md"


def test_the_tutorial_prints_what_it_shows() -> None:
    result = doctest.testfile(str(TUTORIAL), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 15
    assert result.failed == 0
