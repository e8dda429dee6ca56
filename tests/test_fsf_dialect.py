"""`--dialect fsf` against Fairy-Stockfish itself (pyffish 0.0.90, the test extras).

A seeded generator writes random strings in Fairy-Stockfish's alphabet (and letters it
skips), random boards up to its 12x10 limit, the mover of either side and blockers of both
colours; betza-kb's fsf reading must give exactly pyffish's moves (recorded once by
tests/fsf_moves_make.py, a sample asked live in every run). The hand-worked tests
below pin each switch of kb/dialects.lp for White and Black.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

pytest.importorskip("pyffish")

from tests.fsf_moves import Case as FfishCase  # noqa: E402
from tests.fsf_moves import theirs as recorded  # noqa: E402
from translator import Position, moves  # noqa: E402
from translator.errors import BetzaError  # noqa: E402
from translator.notation.fsf import fsf_spelling  # noqa: E402
from translator.queries.moves import MovesQuery, batch_moves  # noqa: E402
from translator.solve.ffish import ffish_moves  # noqa: E402

CASES = 300
_LETTERS = "fbvslrhmcpgnijaoy"
_ATOMS = "WFDNAHCZGKRBQLJ"


def _string(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(1, 3)):
        prefix = "".join(rng.choice(_LETTERS) for _ in range(rng.choice((0, 1, 1, 2, 3))))
        atom = rng.choice(_ATOMS)
        tail = rng.choice(("", "", "", atom, str(rng.randint(0, 4))))
        parts.append(prefix + atom + tail)
    return "".join(parts)


def _square(x: int, y: int) -> str:
    return f"{'abcdefghijkl'[x]}{y + 1}"


def _case(rng: random.Random) -> tuple[str, int, int, str, list[str], list[str], str]:
    files, ranks = rng.randint(5, 12), rng.randint(5, 10)
    cells = [_square(x, y) for x in range(files) for y in range(ranks)]
    rng.shuffle(cells)
    origin, rest = cells[0], cells[1:]
    blockers = rest[:rng.randint(0, min(12, len(rest)))]
    split = rng.randint(0, len(blockers))
    side = rng.choice(("white", "black"))
    return _string(rng), files, ranks, origin, blockers[:split], blockers[split:], side


def ours(betza: str, files: int, ranks: int, origin: str, friends: list[str],
         enemies: list[str], side: str) -> set[tuple[str, bool]]:
    pos = _position(files, ranks, side, friends, enemies, "fsf")
    return {(m.to, m.to in enemies) for m in moves(betza, origin, pos)}


def theirs(betza: str, files: int, ranks: int, origin: str, friends: list[str],
           enemies: list[str], side: str) -> set[tuple[str, bool]]:
    return ffish_moves(betza, files, ranks, origin, friends, enemies, side)


# Every string of the generator reads as pyffish moves it (the rider tables cut to the
# empty-board reach, and the lame paths, once apart, are now the reading's own)
KNOWN_APART: set[str] = set()


def random_cases() -> list[tuple[str, int, int, str, list[str], list[str], str]]:
    rng = random.Random(39)
    return [_case(rng) for _ in range(CASES)]


def ffish_cases() -> list[FfishCase]:
    """The cases as pyffish is asked them (tests/fsf_moves.py: recorded, a sample live)."""
    return list(random_cases())


def test_random_strings_agree_with_pyffish() -> None:
    cases = random_cases()
    # one batch of every case (few clingo programs), then pyffish case by case
    answers = batch_moves([MovesQuery(betza, origin, _position(files, ranks, side, friends,
                                                                enemies, "fsf"), side)
                           for betza, files, ranks, origin, friends, enemies, side in cases])
    disagree = set()
    for case, found, pyffish in zip(cases, answers, recorded(ffish_cases()), strict=True):
        assert not isinstance(found, BetzaError), (case, found)
        if {(m.to, m.to in case[5]) for m in found} != pyffish:
            disagree.add(case[0])
    assert disagree == KNOWN_APART


def _position(files: int, ranks: int, side: str, friends: list[str], enemies: list[str],
              reading: str) -> Position:
    return replace(Position.light(files, ranks, side=side, friends=tuple(friends),
                                  enemies=tuple(enemies)), dialect=reading)


def white(betza: str, origin: str, friends: tuple[str, ...] = (),
          enemies: tuple[str, ...] = ()) -> list[str]:
    return _sorted(ours(betza, 8, 8, origin, list(friends), list(enemies), "white"))


def black(betza: str, origin: str, friends: tuple[str, ...] = (),
          enemies: tuple[str, ...] = ()) -> list[str]:
    return _sorted(ours(betza, 8, 8, origin, list(friends), list(enemies), "black"))


def _sorted(found: set[tuple[str, bool]]) -> list[str]:
    return sorted({to for to, _ in found}, key=lambda s: (s[0], int(s[1:])))


def test_king_as_wazir_and_ferz() -> None:
    assert white("fK", "e4") == ["d5", "e5", "f5"]
    assert black("fK", "e4") == ["d3", "e3", "f3"]
    assert white("fKbW", "e4") == ["d5", "e3", "e5", "f5"]


def test_letters_skipped() -> None:
    # mafsW is mfsW: the forward and sideways Wazir, not the Xiangqi horse
    assert white("mafsW", "e4") == ["d4", "e5", "f4"]
    assert black("mafsW", "e4") == ["d4", "e3", "f4"]
    assert white("jN", "e4", friends=("e5",)) == white("N", "e4")


def test_rider_atoms() -> None:
    assert white("D0", "e4") == []
    assert white("mDD", "a1") == []
    assert white("GG", "a1") == []


def test_lame_on_four_atoms() -> None:
    assert white("nH", "a1") == []
    assert white("nN", "e4", friends=("e5",)) == ["c3", "c5", "d2", "f2",
                                                   "g3", "g5"]
    assert black("nN", "e4", friends=("e3",)) == ["c3", "c5", "d6", "f6", "g3", "g5"]


def test_hop_on_lines() -> None:
    assert white("pN", "e4", friends=("e5",)) == []
    assert white("pR3", "d1", enemies=("d3",)) == theirs_sorted("pR3", "d1", (), ("d3",))
    assert white("gR", "d1", friends=("d3",)) == ["d4"]
    assert black("gR", "d8", friends=("d6",)) == ["d5"]


def theirs_sorted(betza: str, origin: str, friends: tuple[str, ...],
                  enemies: tuple[str, ...]) -> list[str]:
    return _sorted(theirs(betza, 8, 8, origin, list(friends), list(enemies), "white"))


def test_greedy_pairs() -> None:
    assert white("vrN", "e4") == []
    assert white("rfN", "e4") == ["f6"]
    assert black("rfN", "e4") == ["d2"]


def test_orthogonal_split() -> None:
    assert white("frW", "e4") == ["e5", "f4"]
    assert black("frW", "e4") == ["d4", "e3"]


def test_last_range_wins() -> None:
    assert white("RR3", "a1") == white("R", "a1")
    assert white("fRfR2", "a1") == ["a2", "a3"]


def test_half_planes() -> None:
    # this release reads rh and lh as the spec's half planes (lhK from e4: d3 d4 d5 e3 e5)
    assert white("lhK", "e4") == ["d3", "d4", "d5", "e3", "e5"]
    assert white("rhF", "e4") == ["f3", "f5"]
    assert black("lhK", "e4") == ["e3", "e5", "f3", "f4", "f5"]


def test_rider_tables() -> None:
    # the grasshopper's line opens the Rook's vertical table backwards, without limit
    assert white("fR2bgR", "e4", friends=("e6",)) == ["e1", "e2", "e3", "e5"]
    assert black("fR2bgR", "e5", friends=("e3",)) == ["e4", "e6", "e7", "e8"]
    # the Alfil rider's empty-board squares let the Bishop's table stop on them
    assert white("A0fB", "e8") == ["a4", "c6", "g6"]
    assert white("A0fB", "e8", friends=("d7",)) == ["g6"]  # d7 closes the way to c6 and a4
    # the cannon's table cut to four squares, the Rook's slides through the rest
    assert white("fRbpR4", "e4", enemies=("e2",)) == ["e1", "e2", "e3", "e5", "e6", "e7",
                                                      "e8"]


def test_lame_paths() -> None:
    # the Janggi elephant's path: one square along the longer side, then diagonally
    assert white("nZ", "e4", friends=("e5",)) == ["b2", "b6", "c1", "g1", "h2", "h6"]
    assert white("nZ", "e4", friends=("f6",)) == ["b2", "b6", "c1", "c7", "g1", "h2",
                                                  "h6"]


def test_spelling_is_the_spec_string_of_the_same_moves() -> None:
    assert fsf_spelling("mafsW") == "lmWfmWrmW"
    # the lame Knight as Fairy-Stockfish's path: an orthogonal step, then a diagonal one
    assert fsf_spelling("fnN") == "fmaflKfmafrK"
    assert fsf_spelling("D0") == ""


def alone(betza: str, origin: str, name: str, friends: tuple[str, ...] = ()) -> list[str]:
    pos = Position.light(8, 8, friends=friends)
    return _sorted({(m.to, False) for m in moves(betza, origin, pos, dialect=f"fsf:{name}")})


def test_each_switch_alone() -> None:
    # the moves a switch concerns as Fairy-Stockfish reads them, the others as the spec does
    assert alone("fKN", "e4", "king-as-wazir-and-ferz") == ["c3", "c5", "d2", "d5", "d6",
                                                           "e5", "f2", "f5", "f6", "g3",
                                                           "g5"]
    assert alone("mafsW", "e4", "letters-skipped") == ["d4", "e5", "f4"]
    assert alone("D0W", "e4", "rider-atoms") == ["d4", "e3", "e5", "f4"]
    assert alone("nH", "a1", "lame-on-four-atoms") == []
    assert alone("vrN", "e4", "greedy-pairs") == []
    assert alone("gR3", "d1", "hop-on-lines", friends=("d2",)) == ["d3", "d4"]  # spec: d3
    assert alone("fRfR2", "a1", "last-range-wins") == ["a2", "a3"]
    assert alone("fR2bgR", "e4", "rider-tables", friends=("e6",)) == ["e1", "e2", "e3", "e5"]
    # the spec reading of the same strings
    assert white("vrN", "e4") == [] and sorted(
        m.to for m in moves("vrN", "e4", Position.light(8, 8))) == ["g3", "g5"]


def test_a_whole_piece_switch_alone_needs_a_piece_read_move_by_move_as_the_spec() -> None:
    with pytest.raises(BetzaError, match="king-as-wazir-and-ferz"):
        moves("fKbW", "e4", Position.light(8, 8), dialect="fsf:rider-tables")
    with pytest.raises(BetzaError, match="no difference named"):
        moves("fK", "e4", Position.light(8, 8), dialect="fsf:nonsense")


def test_convert_to_fsf_splits_the_king() -> None:
    from translator.queries.convert_fsf import to_fsf

    answer = to_fsf("fK")
    assert answer.result == "fW" and answer.proven
    assert to_fsf("mafsW").result is None


def test_dropped_letters_and_portability() -> None:
    from translator.notation.fsf import dropped
    from translator.queries.lint.portable import portability

    assert dropped("mafsW") == [(1, "a")]
    assert dropped("jN") == [(0, "j")]
    assert portability("fK")["fsf"] == "flFfWfrF"

