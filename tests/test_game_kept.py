"""Compiled variants kept on disk (translator/game/kept.py): a later process reads the
variant instead of compiling it, and a kept file compiled by other rules, edited, forged
with a square off the board, cut short or not a file at all is never used: the variant
is compiled afresh (and kept again), its answers the same."""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from translator.game import Game, kept, perft
from translator.game import compile as game_compile
from translator.game.compile import READING, Tables, compiled_rules
from translator.game.kept import path_of, read_kept, variant_key
from translator.game.rules import game_rules
from translator.resources import STALE_AFTER, cache_folder

VARIANT = "gardner"   # 5x5: compiled in a fraction of a second
FIELDS = ("rows", "reach", "attack", "ep_pieces", "promotion", "must_promote", "piece_zone",
          "drop_squares", "immobile", "castles", "virgin")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder; compiled variants forgotten by this process before and after."""
    monkeypatch.setenv("BETZA_CACHE", str(tmp_path))
    cache_folder.cache_clear()
    compiled_rules.cache_clear()
    yield tmp_path
    cache_folder.cache_clear()
    compiled_rules.cache_clear()


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The variants compiled (not read from the cache) from now on."""
    done: list[str] = []
    real = game_compile._compile

    def counted(tables: Tables) -> None:
        done.append(tables.rules.name)
        real(tables)

    monkeypatch.setattr(game_compile, "_compile", counted)
    return done


def fresh() -> Tables:
    """The variant's tables as a new process gets them."""
    compiled_rules.cache_clear()
    return compiled_rules(game_rules(VARIANT))


def same(a: Tables, b: Tables) -> bool:
    return all(getattr(a, name) == getattr(b, name) for name in FIELDS)


def kept_file() -> Path:
    return path_of(VARIANT, variant_key(game_rules(VARIANT), READING))


def rewrite(edit: object) -> None:
    """Writes the kept variant again with its content changed by ``edit`` and a checksum
    that matches (as a hand that knows the format would)."""
    head, _, body = kept_file().read_bytes().partition(b"\n")
    data = json.loads(body)
    edit(data)  # type: ignore[operator]
    body = json.dumps(data).encode()
    mark = {**json.loads(head), "checksum": hashlib.sha256(body).hexdigest()}
    kept_file().write_bytes(json.dumps(mark).encode() + b"\n" + body)


def test_a_later_process_reads_the_variant_instead_of_compiling_it(
        folder: Path, compiles: list[str]) -> None:
    first = fresh()
    assert compiles == [VARIANT] and [p.name for p in folder.glob("game-*")] == [kept_file().name]
    again = fresh()
    assert compiles == [VARIANT] and again is not first and same(again, first)
    # and plays as the compiled one does: gardner's perft from the start (Fairy-Stockfish's
    # counts, tests/data/fsf_perft.json)
    assert [perft(Game.from_variant(VARIANT), d) for d in (1, 2, 3)] == [7, 53, 506]


def test_the_key_covers_the_notations_rules_the_code_and_the_variant(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = game_rules(VARIANT)
    key = variant_key(rules, "spec")
    monkeypatch.setattr(kept, "code_digest", lambda: "0" * 64)   # other code
    assert variant_key(rules, "spec") != key
    monkeypatch.undo()
    assert variant_key(rules, "spec") == variant_key(game_rules(VARIANT), "spec")
    assert variant_key(rules, "spec") != variant_key(rules, "xboard")
    assert variant_key(rules, "spec") != variant_key(game_rules("minishogi"), "spec")


def edited(text: bytes) -> bytes:
    """``text`` with its last digit changed (a square or a mask of the last row)."""
    at = max(text.rfind(str(d).encode()) for d in range(10))
    return text[:at] + str((int(text[at:at + 1]) + 1) % 10).encode() + text[at + 1:]


@pytest.mark.parametrize("spoil", [
    pytest.param(lambda p: p.write_bytes(p.read_bytes().replace(b'"key": "', b'"key": "0')),
                 id="compiled-by-other-rules"),
    pytest.param(lambda p: p.write_bytes(edited(p.read_bytes())), id="edited-by-hand"),
    pytest.param(lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
                 id="cut-short"),
    pytest.param(lambda p: p.write_bytes(b"\xff\xfe not json"), id="not-json"),
    pytest.param(lambda p: (p.unlink(), p.mkdir()), id="a-folder"),
])
def test_a_spoilt_file_is_never_used(folder: Path, compiles: list[str], spoil: object) -> None:
    first = fresh()
    spoil(kept_file())  # type: ignore[operator]
    assert read_kept(VARIANT, variant_key(game_rules(VARIANT), READING)) is None
    again = fresh()
    assert compiles == [VARIANT, VARIANT] and same(again, first)


@pytest.mark.parametrize("edit", [
    pytest.param(lambda d: d["rows"]["K white"]["to"].__setitem__(0, 25), id="off-the-board"),
    pytest.param(lambda d: d["rows"]["K white"]["to"].__setitem__(0, 1.5), id="fractional"),
    pytest.param(lambda d: d["rows"]["K white"]["want"].__setitem__(0, -1),
                 id="want-not-mask"),
    pytest.param(lambda d: d["rows"].pop("N black"), id="a-piece-missing"),
    pytest.param(lambda d: d["rows"].__setitem__("Z white", d["rows"]["K white"]),
                 id="an-unknown-piece"),
    pytest.param(lambda d: d["rows"]["K white"]["count"].pop(), id="a-square-missing"),
    pytest.param(lambda d: d["rows"]["K white"]["count"].__setitem__(0, 99),
                 id="counts-not-the-rows"),
    pytest.param(lambda d: d["rows"]["K white"]["mask"].__setitem__(0, 1 << 4 * 25 + 1),
                 id="a-mask-past-the-key"),
    pytest.param(lambda d: d["rows"]["K white"]["takes"].__setitem__(0, 2),
                 id="takes-not-a-flag"),
    pytest.param(lambda d: d["rows"]["K white"]["group"].__setitem__(0, True),
                 id="a-boolean-for-a-number"),
    pytest.param(lambda d: d["rows"]["K white"]["rights"].append([0, 25]),
                 id="ep-square-off-the-board"),
    pytest.param(lambda d: d["rows"]["K white"]["rights"].extend([[0, 3], [0, 4]]),
                 id="ep-squares-twice"),
    pytest.param(lambda d: d["promotion"].append(["P", "white", 24, "K?"]),
                 id="promotion-to-no-piece"),
    pytest.param(lambda d: d.__setitem__("extra", 1), id="an-unknown-key"),
])
def test_a_forged_file_with_a_matching_checksum_is_never_used(
        folder: Path, compiles: list[str], edit: object) -> None:
    first = fresh()
    rewrite(edit)
    again = fresh()
    assert compiles == [VARIANT, VARIANT] and same(again, first)
    # and is kept again as compiled: the next process reads it
    assert same(fresh(), first) and compiles == [VARIANT, VARIANT]


def test_a_folder_that_cannot_be_written_costs_only_the_compile(
        folder: Path, compiles: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = folder / "file"
    blocked.write_text("")
    monkeypatch.setenv("BETZA_CACHE", str(blocked / "below"))   # under a file: no folder
    cache_folder.cache_clear()
    first, again = fresh(), fresh()
    assert compiles == [VARIANT, VARIANT] and same(again, first)


def test_the_files_of_other_keys_of_the_variant_are_removed_once_unused(
        folder: Path, compiles: list[str]) -> None:
    # kept by other code or rules: one no process has used for longer than STALE_AFTER,
    # one still in use (another checkout plays it), and another variant's stale file
    stale, in_use = path_of(VARIANT, "0" * 64), path_of(VARIANT, "1" * 64)
    other = path_of("minishogi", "0" * 64)
    old = time.time() - STALE_AFTER - 60
    for path in (stale, in_use, other):
        path.write_text("{}\n{}")
        os.utime(path, (old, old))
    os.utime(in_use)
    fresh()
    assert sorted(p.name for p in folder.glob("game-*")) == sorted(
        [kept_file().name, in_use.name, other.name])


def test_reading_a_kept_variant_marks_it_used(folder: Path, compiles: list[str]) -> None:
    fresh()
    old = time.time() - STALE_AFTER - 60
    os.utime(kept_file(), (old, old))
    fresh()   # read, not compiled: its file is in use again
    assert compiles == [VARIANT] and time.time() - kept_file().stat().st_mtime < STALE_AFTER
