"""Writes tests/data/fsf_games.json.gz: Fairy-Stockfish's answers (FEN, legal moves, check,
SANs) along the seeded random games of tests/test_game_ffish.py and tests/test_game_ini.py,
played and asked with pyffish alone (tests/fsf_games.py; about a minute, most of it in
pyffish's get_san). Run it from the repository's root after changing a game of those tests
or installing another pyffish:

    python tests/fsf_games_make.py
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pyffish

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fsf_games import PATH, record  # noqa: E402
from tests.test_game_ffish import GAMES, SPECIAL, special_game  # noqa: E402
from tests.test_game_ini import GAMES as INI_GAMES  # noqa: E402
from tests.test_game_ini import INI  # noqa: E402


def main() -> None:
    pyffish.load_variant_config(INI)
    cases = [case for games in (*GAMES.values(), *INI_GAMES.values()) for case in games]
    cases += [special_game(variant, fen) for variant, fen, _ in SPECIAL]
    games = {}
    for case in cases:
        games[case.key()] = [[fen, legal, int(check), sans]
                             for fen, legal, check, sans in record(pyffish, case)]
        print(case.key(), len(games[case.key()]), "plies", file=sys.stderr, flush=True)
    out = {"pyffish": ".".join(map(str, pyffish.version())), "games": games}
    # mtime 0: the same answers write the same bytes
    with gzip.GzipFile(PATH, "wb", mtime=0) as fh:
        fh.write(json.dumps(out, separators=(",", ":")).encode())


if __name__ == "__main__":
    main()
