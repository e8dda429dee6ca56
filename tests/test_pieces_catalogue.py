"""The named-piece catalogue (kb/pieces/*.toml) and its lookups; no engine needed.

The engine-based test (every Betza string parses and every check holds) goes through
:func:`translator.pieces.iter_checks`.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from translator.catalogue import pieces as pieces_mod
from translator.catalogue.pieces import (
    CatalogueError,
    Check,
    NamedPiece,
    all_pieces,
    iter_checks,
    load_pieces,
    lookup,
    pieces_dir,
    resolve_betza,
    search,
)
from translator.errors import BetzaError
from translator.squares import parse_board_size, parse_square

PIECES = all_pieces()
CHECKS = list(iter_checks())

# Every piece the spec texts name, with the Betza string they give for it (the canonical one
# where several are equivalent: the spec's decisions pick C, Z, NN, nA, mafsW, ...).
SPEC_PIECES = {
    # atoms and orthodox pieces (both texts)
    "Wazir": "W",
    "Ferz": "F",
    "Dabbaba": "D",
    "Knight": "N",
    "Alfil": "A",
    "Camel": "C",
    "Zebra": "Z",
    "King": "K",
    "Queen": "Q",
    "Rook": "R",
    "Bishop": "B",
    "Archbishop": "BN",
    "Nightrider": "NN",
    "Giraffe": "FX",
    "Di-Knight": "DY",
    "Universal Leaper": "U",
    "Kraken": "U",
    "Imitator": "I",
    # pawns
    "Shatranj Pawn": "fmWfcF",
    "FIDE Pawn": "fmWfceFifmnD",
    "Metamachy Pawn": "fmWfceFfmnnD",
    "Metamachy Prince": "KfmnnD",
    "Shogi Pawn": "fW",
    "Lance": "fR",
    "Shogi Knight": "fN",
    # Xiangqi
    "Xiangqi King": "WfkR",
    "Xiangqi Horse": "mafsW",
    "Xiangqi Elephant": "nA",
    "Cannon": "mRcpR",
    "Pao": "mRcpR",
    # hoppers and riders
    "Grasshopper": "gQ",
    "Contra-Grasshopper": "gK",
    "Time-reversed Grasshopper": "gK",
    "Rose": "qN",
    "Ski-Bishop": "jB",
    "Mao-rider": "nN0",
    "Chiral Knight": "hrN",
    # multi-leg case studies
    "Mao": "afsW",
    "Moa": "afsF",
    "Moo": "afsK",
    "Lame Alfil": "mafF",
    "Lame Camel": "afafsW",
    "Multi-path Lame Camel": "afafsWafsafFafraflWaflafrW",
    "Falcon": "afafsKafsafKafraflKaflafrK",
    "Hook Mover": "RasR",
    "Sissa": "aivsQ",
    "Griffon": "FyafsF",
    "Gryphon": "FyafsF",
    "Picket": "yafF",
    "Tamerlane Picket": "yafF",
    "Checker": "fmFfcafmF",
    "Lion": "KNADcaKmcabK",
    "Rifle Rook": "caibR",
    "Bifurcator": "pafsR",
    "Collider": "gabyabsR",
    "Valkyrie": "QudQafudQ",
    "Swapper": "udQ",
    "Relay Knight": "mNxaN",
    "Odin King": "xK",
}

NAME_RE = re.compile(r"[A-Z][A-Za-z' -]*[a-z]")


def _all_names() -> list[str]:
    return [n for p in PIECES for n in p.names]


def _norm(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.casefold())


# --------------------------------------------------------------------------- the data


def test_catalogue_is_big_enough_and_spread_over_families() -> None:
    assert len(PIECES) >= 100
    families = {p.family for p in PIECES}
    assert {"fide", "shatranj", "shogi", "xiangqi", "compounds", "fairy"} <= families
    assert pieces_dir().is_dir()


def test_names_and_aliases_unique() -> None:
    counts = Counter(_norm(n) for n in _all_names())
    assert [n for n, k in counts.items() if k > 1] == []


def test_names_are_words_never_betza() -> None:
    for name in _all_names():
        assert NAME_RE.fullmatch(name), name
        assert sum(ch.isalpha() for ch in name) >= 3, name
        # Names end in a lower-case letter, which no Betza string does: a name can never
        # stand for a Betza string that means something else.
        assert resolve_betza(name) == lookup(name).betza  # type: ignore[union-attr]


def test_entries_complete() -> None:
    for p in PIECES:
        assert p.betza and not re.search(r"\s", p.betza), p.name
        assert re.fullmatch(r"[A-Za-z0-9*()\-]+", p.betza), p.name
        assert p.betza[-1].isupper() or p.betza[-1].isdigit(), p.name
        assert p.variants and all(v.strip() for v in p.variants), p.name
        assert p.note.strip() and "\n" not in p.note, p.name
        assert len(p.checks) >= 1, p.name


@pytest.mark.parametrize("name, betza", sorted(SPEC_PIECES.items()))
def test_every_spec_piece_present(name: str, betza: str) -> None:
    piece = lookup(name)
    assert piece is not None, f"{name} missing from the catalogue"
    assert piece.betza == betza


def test_tenjiku_area_movers_use_the_spec_area_move() -> None:
    for name in ("Fire Demon", "Vice General"):
        piece = lookup(name)
        assert piece is not None and piece.betza.endswith("KaKaaK")


def test_betza_strings_are_never_captured_by_names() -> None:
    for p in PIECES:
        assert resolve_betza(p.betza) == p.betza, p.name


@pytest.mark.parametrize(
    "piece, check", CHECKS, ids=[f"{p.name}-{i}" for i, (p, _) in enumerate(CHECKS)]
)
def test_check_is_well_formed(piece: NamedPiece, check: Check) -> None:
    files, ranks = parse_board_size(check.board)
    assert check.side in ("white", "black")
    squares = [check.start, *check.friends, *check.enemies, *check.to, *(check.captures or ()),
               *check.royal, *check.ep, *([check.ep_victim] if check.ep_victim else [])]
    for name in squares:
        parse_square(name, files, ranks)  # raises BetzaError if off the board or malformed
    occupied = [*check.friends, *check.enemies]
    assert len(occupied) == len(set(occupied)), "a square listed twice"
    assert check.start not in occupied
    assert len(check.to) == len(set(check.to)), "duplicate in to"
    if check.captures is not None:
        assert len(check.captures) == len(set(check.captures))
        assert set(check.captures) <= set(check.to), "captures must be a subset of to"
    assert set(check.royal) <= set(occupied)
    if check.ep_victim:
        assert check.ep_victim in check.enemies
    if "I" in piece.betza:
        assert check.last_moved, "an Imitator check needs last_moved"
    if re.search(r"(^|[A-Z0-9])i", piece.betza):  # a leading i: initial moves only
        assert check.virgin is not None, "a piece with initial moves needs virgin set"


def test_checks_build_positions() -> None:
    for piece, check in CHECKS:
        pos = check.position()
        assert (pos.files, pos.ranks) == (check.files, check.ranks), piece.name
        assert len(pos.pieces) == len(check.friends) + len(check.enemies)
        assert pos.last_moved == check.last_moved


def test_iter_checks_covers_every_check() -> None:
    assert len(CHECKS) == sum(len(p.checks) for p in PIECES)
    assert {p.name for p, _ in CHECKS} == {p.name for p in PIECES}


def test_a_few_facts_by_hand() -> None:
    horse = lookup("Xiangqi Horse")
    assert horse is not None
    empty, blocked = horse.checks
    assert sorted(empty.to) == ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
    assert "d5" in blocked.friends and not {"c6", "e6"} & set(blocked.to)
    lion = lookup("Lion")
    assert lion is not None and len(lion.checks[0].to) == 25  # the 5x5 box, pass included


# --------------------------------------------------------------------------- lookup


@pytest.mark.parametrize(
    "text, name",
    [
        ("Lion", "Lion"),
        ("lion", "Lion"),
        ("chu shogi lion", "Lion"),
        ("Chu_Shogi-Lion", "Lion"),
        ("  GRIFFON ", "Griffon"),
        ("gryphon", "Griffon"),
        ("contra grasshopper", "Contra-Grasshopper"),
        ("go between", "Go-Between"),
        ("tamerlane picket", "Picket"),
        ("grand chess cardinal", "Archbishop"),
        ("xiangqi horse", "Xiangqi Horse"),
        ("Janggi Horse", "Xiangqi Horse"),
        ("Odin's Rune Chess Valkyrie", "Valkyrie"),
    ],
)
def test_lookup(text: str, name: str) -> None:
    piece = lookup(text)
    assert piece is not None and piece.name == name


@pytest.mark.parametrize("text", ["", "   ", "-", "no such piece", "N", "fmWfcF", "Horse"])
def test_lookup_misses(text: str) -> None:
    assert lookup(text) is None


def _fake(name: str, variants: tuple[str, ...], aliases: tuple[str, ...] = ()) -> NamedPiece:
    return NamedPiece(name, aliases, "K", variants, "note",
                      (Check(board="8x8", start="d4", to=()),))


def test_lookup_variant_qualified_and_ambiguous(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = (_fake("Alpha General", ("Foo Chess",)), _fake("General", ("Baz Chess (Genny)",)))
    monkeypatch.setattr(pieces_mod, "_catalogue", lambda: fake)
    pieces_mod._index.cache_clear()
    try:
        assert lookup("general") is fake[1]
        assert lookup("foo alpha general") is fake[0]  # "Chess" may be left out
        assert lookup("foo chess alpha general") is fake[0]
        assert lookup("baz chess general") is fake[1]  # the parenthesis is ignored
        # "baz chess general" now also reads as variant "Baz" + "Chess General": ambiguous
        clash = (*fake, _fake("Chess General", ("Baz",)))
        monkeypatch.setattr(pieces_mod, "_catalogue", lambda: clash)
        pieces_mod._index.cache_clear()
        assert lookup("baz chess general") is None
        assert lookup("chess general") is clash[2]  # a plain name still wins
    finally:
        pieces_mod._index.cache_clear()


# --------------------------------------------------------------------------- search


def test_search_orders_best_first() -> None:
    names = [p.name for p in search("Knight")]
    assert names[0] == "Knight"
    assert names.index("Shogi Knight") < names.index("Archbishop")  # name before note
    assert [p.name for p in search("gryphon")] == ["Griffon"]


def test_search_fields() -> None:
    assert "Cannon" in [p.name for p in search("xiangqi")]  # variant
    assert "Falcon" in [p.name for p in search("Falcon Chess")]  # variant
    assert "Hook Mover" in [p.name for p in search("corner")]  # note
    assert [p.name for p in search("FyafsF")] == ["Griffon"]  # betza
    assert "Griffon" not in [p.name for p in search("fyafsf")]  # betza is case-sensitive
    assert len(search("")) == len(PIECES)
    assert search("zzzz-nothing") == []


# --------------------------------------------------------------------------- resolve_betza


@pytest.mark.parametrize(
    "text, betza",
    [
        ("Griffon", "FyafsF"),
        ("chu shogi lion", "KNADcaKmcabK"),
        ("Xiangqi Elephant", "nA"),
        ("nightrider", "NN"),
        (" Amazon ", "QN"),
    ],
)
def test_resolve_betza_names(text: str, betza: str) -> None:
    assert resolve_betza(text) == betza


@pytest.mark.parametrize(
    "text",
    ["WfF", "KaKaaK", "FyafsF", "N", "NN", "R4", "fmW*", "(W-F)0", "QudQafudQ", "no such piece",
     "", "  K  "],
)
def test_resolve_betza_leaves_other_text_alone(text: str) -> None:
    assert resolve_betza(text) == text


# --------------------------------------------------------------------------- loader errors


def _write(tmp_path: Path, body: str) -> Path:
    (tmp_path / "x.toml").write_text(body, encoding="utf-8")
    return tmp_path


GOOD = """
[[piece]]
name = "Test Piece"
aliases = []
betza = "W"
variants = ["test"]
note = "one step"
[[piece.check]]
board = "8x8"
from = "d4"
to = ["c4", "d3", "d5", "e4"]
"""


def test_loader_reads_a_folder(tmp_path: Path) -> None:
    (piece,) = load_pieces(_write(tmp_path, GOOD))
    assert piece.name == "Test Piece" and piece.family == "x"
    assert piece.checks[0] == Check(board="8x8", start="d4", to=("c4", "d3", "d5", "e4"))
    assert piece.checks[0].captures is None


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('note = "one step"', 'nite = "one step"', "unknown key"),
        ('betza = "W"\n', "", "missing key"),
        ('from = "d4"', 'form = "d4"', "unknown key"),
        ('to = ["c4", "d3", "d5", "e4"]', 'to = "c4"', "list of strings"),
        ('board = "8x8"', 'board = "8x8"\nvirgin = "yes"', "virgin"),
        ('board = "8x8"', 'board = "8x8"\nside = "red"', "side"),
        ('name = "Test Piece"', 'name = "Test Piece', "x.toml"),
    ],
)
def test_loader_rejects_schema_errors(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in GOOD
    with pytest.raises(CatalogueError, match=message):
        load_pieces(_write(tmp_path, GOOD.replace(old, new)))


def test_bad_board_size_is_reported() -> None:
    with pytest.raises(BetzaError):
        _ = Check(board="8by8", start="d4", to=()).files
