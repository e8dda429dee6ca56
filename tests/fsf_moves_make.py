"""Writes tests/data/fsf_moves.json.gz: Fairy-Stockfish's moves (pyffish, through
translator/solve/ffish.py) in every random case of tests/test_ffish_differential.py,
tests/test_fsf_differential.py and tests/test_fsf_dialect.py (tests/fsf_moves.py; some
seconds). Run it from the repository's root after changing those cases or installing
another pyffish:

    python tests/fsf_moves_make.py
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pyffish

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))   # (ffish_oracle, as pytest does)

from tests import test_ffish_differential, test_fsf_dialect, test_fsf_differential  # noqa: E402
from tests.fsf_moves import PATH, key, live  # noqa: E402


def main() -> None:
    cases = (test_ffish_differential.ffish_cases() + test_fsf_differential.ffish_cases()
             + test_fsf_dialect.ffish_cases())
    moves = {key(case): sorted([to, int(capture)] for to, capture in live(case))
             for case in cases}
    out = {"pyffish": ".".join(map(str, pyffish.version())), "moves": moves}
    # mtime 0: the same answers write the same bytes
    with gzip.GzipFile(PATH, "wb", mtime=0) as fh:
        fh.write(json.dumps(out, separators=(",", ":"), sort_keys=True).encode())
    print(len(moves), "cases", file=sys.stderr)


if __name__ == "__main__":
    main()
