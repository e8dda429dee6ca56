"""Variants as data (kb/variants/*.toml) and the Fairy-Stockfish variants.ini import."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import pytest

from translator.catalogue.ini import (
    IniImport,
    builtin_piece_names,
    builtin_variant_names,
    load_ini,
    normalise_fen,
    parse_ini,
)
from translator.catalogue.variants import (
    Variant,
    _tables,
    get_variant,
    load_variant_file,
    variant_files,
    variant_position,
)
from translator.errors import BetzaError

DATA = Path(__file__).parent / "data"
TEST_INI = DATA / "test_variants.ini"
KB = Path(__file__).resolve().parent.parent / "kb"
HAS_CATALOGUE = importlib.util.find_spec("translator.catalogue.pieces") is not None

# name -> (files, ranks, pieces on the board at the start)
EXPECTED = {
    "FIDE": (8, 8, 32),
    "Shatranj": (8, 8, 32),
    "Courier": (12, 8, 48),
    "Makruk": (8, 8, 32),
    "Capablanca": (10, 8, 40),
    "Grand chess": (10, 10, 40),
    "Shogi": (9, 9, 40),
    "Mini-shogi": (5, 5, 12),
    "Xiangqi": (9, 10, 32),
    "Spec sampler": (12, 12, 56),
}


def error(func, *args, **kwargs) -> BetzaError:
    with pytest.raises(BetzaError) as info:
        func(*args, **kwargs)
    return info.value


def kb_variant(name: str) -> Variant:
    """get_variant, skipping while named pieces cannot be resolved."""
    try:
        return get_variant(name)
    except BetzaError as err:
        if not HAS_CATALOGUE and "known piece name" in err.message:
            pytest.skip("named pieces need translator.catalogue.pieces")
        raise


def start_position(variant: Variant):
    pytest.importorskip("translator.catalogue.fen")
    return variant_position(variant)


# --- the kb variants ---------------------------------------------------------------------


@pytest.mark.parametrize("path", variant_files(), ids=lambda p: p.name)
def test_every_kb_file_loads(path: Path) -> None:
    try:
        variants = load_variant_file(path)
    except BetzaError as err:
        if not HAS_CATALOGUE and "known piece name" in err.message:
            pytest.skip("named pieces need translator.catalogue.pieces")
        raise
    assert variants
    for v in variants:
        assert v.pieces and all(len(k) == 1 and k.isupper() for k in v.pieces)
        assert v.note and v.source
        assert all(ch in v.pieces for ch in v.royal)


def test_kb_has_the_required_variants() -> None:
    names = [t["name"] for path in variant_files() for t in _tables(path)]
    assert set(EXPECTED) <= set(names)
    assert len(names) == len(set(names)), "two variants share a name"


def test_names_and_aliases_are_unique() -> None:
    seen: dict[str, str] = {}
    for path in variant_files():
        for table in _tables(path):
            for n in [table["name"], *table.get("aliases", [])]:
                key = " ".join(n.casefold().replace("-", " ").replace("_", " ").split())
                assert key not in seen, f"{n!r} of {table['name']} also names {seen[key]}"
                seen[key] = table["name"]


@pytest.mark.parametrize("name", list(EXPECTED))
def test_start_position(name: str) -> None:
    files, ranks, count = EXPECTED[name]
    v = kb_variant(name)
    assert (v.files, v.ranks) == (files, ranks)
    pos = start_position(v)
    assert (pos.files, pos.ranks) == (files, ranks)
    assert len(pos.pieces) == count
    assert pos.side_to_move == "white"
    for side in ("white", "black"):
        royals = [p for p in pos.pieces.values() if p.side == side and p.royal]
        assert len(royals) == 1, f"{side} should have one royal piece"
        assert royals[0].letter.upper() == "K"
    # Every piece carries its letter's Betza string.
    for piece in pos.pieces.values():
        assert piece.betza == v.pieces[piece.letter.upper()]


def test_piece_counts_by_letter() -> None:
    pos = start_position(kb_variant("Capablanca"))
    letters = [p.letter for p in pos.pieces.values()]
    assert letters.count("P") == letters.count("p") == 10
    assert letters.count("A") == letters.count("C") == 1
    grand = start_position(kb_variant("Grand chess"))
    assert {sq[1] for sq, p in grand.pieces.items() if p.letter == "P"} == {2}  # third rank
    assert {sq for sq, p in grand.pieces.items() if p.letter == "R"} == {(0, 0), (9, 0)}


def test_castling_rights_mark_virgin_pieces() -> None:
    pos = start_position(kb_variant("FIDE"))
    virgin = sorted(sq for sq, p in pos.pieces.items() if p.virgin)
    assert virgin == [(0, 0), (0, 7), (4, 0), (4, 7), (7, 0), (7, 7)]


def test_pawns() -> None:
    for name in ("FIDE", "Capablanca", "Grand chess"):
        assert kb_variant(name).pieces["P"] == "fmWfceFifmnD", name
    for name in ("Shatranj", "Makruk", "Courier"):
        assert kb_variant(name).pieces["P"] == "fmWfcF", name


def test_named_pieces_resolve_to_betza() -> None:
    pytest.importorskip("translator.catalogue.pieces")
    for name in ("Capablanca", "Grand chess"):
        v = get_variant(name)
        for letter in "AC":
            assert v.pieces[letter] not in ("Archbishop", "Chancellor")
            assert not v.pieces[letter][-1].islower()


def test_spec_sampler_pieces() -> None:
    v = kb_variant("spec sampler")
    assert {
        "FyafsF", "KNADcaKmcabK", "afafsKafsafKafraflKaflafrK", "aivsQ", "caibR",
        "fmFfcafmF", "gabyabsR", "QudQafudQ", "mNxaN", "mRcpR", "gQ", "RasR",
    } <= set(v.pieces.values())
    assert v.pieces["K"] == "K" and v.royal == "K"


def test_xiangqi_moves_as_far_as_betza_goes() -> None:
    v = kb_variant("Xiangqi")
    assert v.pieces["N"] == "nN" and v.pieces["B"] == "nA" and v.pieces["C"] == "mRcpR"
    assert "palace" in v.note


def test_every_betza_string_parses() -> None:
    notation = pytest.importorskip("translator.notation.syntax")
    for path in variant_files():
        for table in _tables(path):
            try:
                v = get_variant(table["name"])
            except BetzaError:
                if HAS_CATALOGUE:
                    raise
                continue  # a named piece: checked once translator.catalogue.pieces exists
            for letter, betza in v.pieces.items():
                try:
                    notation.parse(betza)
                except BetzaError as err:  # pragma: no cover - the message is the point
                    pytest.fail(f"{v.name} {letter}: {err.render()}")


# --- lookup ------------------------------------------------------------------------------


def test_lookup_is_case_insensitive_and_knows_aliases() -> None:
    assert get_variant("fide").name == "FIDE"
    assert get_variant("CHESS").name == "FIDE"
    assert get_variant("Chinese Chess").name == "Xiangqi"
    assert get_variant("spec_sampler").name == "Spec sampler"
    assert get_variant("  mini shogi ").name == "Mini-shogi"


def test_unknown_variant_lists_close_matches() -> None:
    err = error(get_variant, "Xiangchi")
    assert "unknown variant 'Xiangchi'" in err.message
    assert "did you mean" in err.message and "Xiangqi" in err.message
    err = error(get_variant, "qqqqqqqqqq")
    assert "known variants" in err.message and "FIDE" in err.message


def test_variant_checks_its_fields() -> None:
    assert Variant("x", 3, 3, "3/3/3 w", {"k": "K"}).pieces == {"K": "K"}
    assert "royal letter" in error(Variant, "x", 3, 3, "3/3/3", {"K": "K"}, royal="Q").message
    assert "files" in error(Variant, "x", 0, 3, "3/3/3", {"K": "K"}).message
    assert "appears twice" in error(Variant, "x", 3, 3, "3", {"K": "K", "k": "W"}).message


def test_start_fen_must_fit_the_board() -> None:
    pytest.importorskip("translator.catalogue.fen")
    v = Variant("x", 4, 4, "4/4/K3 w", {"K": "K"})
    assert "ranks" in error(variant_position, v).message
    v = Variant("x", 5, 3, "4/4/K3 w", {"K": "K"})
    assert "wide" in error(variant_position, v).message


def test_unknown_piece_name_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[[variant]]\nname = "Bad"\nfiles = 2\nranks = 2\nstart = "K1/1k w"\n'
                    '[variant.pieces]\nK = "No Such Piece At All"\n')
    assert "known piece name" in error(load_variant_file, path).message


# --- Fairy-Stockfish variants.ini --------------------------------------------------------


@pytest.fixture(scope="module")
def imported() -> IniImport:
    return load_ini(TEST_INI)


def test_ini_variants_and_board_sizes(imported: IniImport) -> None:
    assert list(imported) == ["tenfold", "tenfold-child", "mychess", "myxiangqi", "late"]
    assert (imported["tenfold"].files, imported["tenfold"].ranks) == (10, 10)  # maxFile = j
    assert (imported["tenfold-child"].files, imported["tenfold-child"].ranks) == (10, 10)
    assert (imported["mychess"].files, imported["mychess"].ranks) == (9, 8)
    assert (imported["myxiangqi"].files, imported["myxiangqi"].ranks) == (9, 10)
    assert (imported["late"].files, imported["late"].ranks) == (8, 8)  # bad maxRank ignored
    assert "early" not in imported  # its parent comes later in the file


def test_ini_piece_tables(imported: IniImport) -> None:
    assert imported["tenfold"].pieces == {
        "P": "fmWfceF", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "K",
        "A": "mNcK", "W": "fsW", "Z": "gQ"}
    assert imported["tenfold"].royal == "K"


def test_ini_inheritance_within_the_file(imported: IniImport) -> None:
    child = imported["tenfold-child"]
    assert child.pieces["A"] == "NcK"           # redefined custom piece
    assert "Z" not in child.pieces              # customPiece3 = -
    assert child.pieces["K"] == "KN"            # king = k:KN
    assert child.pieces["W"] == "fsW"           # inherited
    assert child.pieces["P"] == "fmWfceFifmnD"  # doubleStep = true again
    assert child.royal == "K"
    assert "tenfold" in child.note
    assert imported["tenfold"].pieces["A"] == "mNcK"  # the parent is untouched


def test_ini_inheritance_from_builtin(imported: IniImport) -> None:
    mine = imported["mychess"]
    assert mine.pieces == {"P": "fmWfceFifmnD", "N": "N", "B": "B", "R": "R", "Q": "Q",
                           "K": "K", "A": "BN", "C": "RcpR"}
    assert imported["myxiangqi"].pieces["K"] == "W"  # FSF's xiangqi king is a wazir
    assert imported["myxiangqi"].pieces["N"] == "nN"


def test_ini_king_removed(imported: IniImport) -> None:
    late = imported["late"]
    assert late.royal == ""
    assert late.pieces == {"K": "K"}  # the commoner: a non-royal king


def test_ini_notes(imported: IniImport) -> None:
    notes = "\n".join(imported.notes)
    assert "test_variants.ini:21: [tenfold] malformed line" in notes
    assert "unknown key 'frobnicate'" in notes
    assert "ignored 'castling'" in notes
    assert "ignored 'promotedPieceType'" in notes
    assert "ignored 'mobilityRegionWhiteKing'" in notes
    assert "parent variant 'late'" in notes
    assert "'maxRank = twelve'" in notes
    assert "pieces in hand '[Aa]'" in notes
    assert "[late] startFen does not fit" in notes  # default chess FEN, only a commoner
    for note in imported.notes:
        assert note.startswith(str(TEST_INI) + ":")


def test_ini_start_positions(imported: IniImport) -> None:
    pytest.importorskip("translator.catalogue.fen")
    counts = {"tenfold": 40, "tenfold-child": 40, "mychess": 36, "myxiangqi": 32}
    for name, count in counts.items():
        pos = variant_position(imported[name])
        assert len(pos.pieces) == count, name
    child = variant_position(imported["tenfold-child"])
    assert child.pieces[(5, 0)].betza == "fsW" and child.pieces[(4, 0)].royal


def test_get_variant_with_ini(tmp_path: Path) -> None:
    assert get_variant("TenFold", ini=TEST_INI).files == 10
    assert get_variant("mychess", ini=TEST_INI).pieces["C"] == "RcpR"
    assert get_variant("chess", ini=TEST_INI).name == "FIDE"  # not in the ini: the kb's
    err = error(get_variant, "tenfolt", ini=TEST_INI)
    assert "tenfold" in err.message
    ini = tmp_path / "v.ini"
    ini.write_text("[xiangqi:chess]\n")
    assert get_variant("Xiangqi", ini=ini).files == 8  # the ini comes first


def test_ini_builtin_parents_all_import() -> None:
    names = builtin_variant_names()
    assert {"chess", "shatranj", "makruk", "capablanca", "grand", "shogi", "xiangqi",
            "courier", "fairy"} <= set(names)
    result = parse_ini("".join(f"[my{n}:{n}]\n" for n in names))
    assert list(result) == [f"my{n}" for n in names]
    assert result.notes == []  # every built-in start FEN fits its pieces
    assert result["myshogi"].start_fen == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/" \
                                          "LNSGKGSNL w - -"
    assert result["mycapablanca"].pieces["A"] == "BN"
    assert result["myshatranj"].pieces["P"] == "fmWfceF"  # no double step
    assert result["mygrand"].pieces["P"] == "fmWfceFifmnD"


def test_ini_without_parent_starts_empty() -> None:
    result = parse_ini("[bare]\nmaxFile = 3\nmaxRank = 3\nking = k\nstartFen = k2/3/2K w - -\n")
    assert result["bare"].pieces == {"K": "K"}
    assert (result["bare"].files, result["bare"].ranks) == (3, 3)
    assert result.notes == []


def test_ini_letters_replace_each_other() -> None:
    # customPiece1 takes the letter p: the built-in pawn is gone (FSF's add_piece).
    result = parse_ini("[allways:chess]\ncustomPiece1 = p:mWfceFifmnD\n")
    assert result["allways"].pieces["P"] == "mWfceFifmnD"
    # A built-in piece given a new letter leaves its old one.
    result = parse_ini("[horsey:chess]\nknight = h\nstartFen = rhbqkbhr/8/8/8/8/8/8/RHBQKBHR w\n")
    assert "N" not in result["horsey"].pieces and result["horsey"].pieces["H"] == "N"


def test_ini_malformed_input_never_raises() -> None:
    text = "\n".join([
        "key = outside", "[unclosed", "pawn = p", "[ok]", "= 5", "king = k:", "customPiece1 = x",
        "customPiece2 = 1:K", "customPiece3 = bN", "maxFile = 0", "startFen =", "doubleStep = 7",
        "[ok:]", "[:chess]", "[[x]]", "\x00\xff garbage",
    ])
    result = parse_ini(text)
    assert list(result) == ["ok"]
    notes = "\n".join(result.notes)
    for part in ("outside any [section]", "malformed section header", "no key before '='",
                 "no Betza string", "invalid piece letter", "expected letter:betza",
                 "not a board size", "'startFen' has no value", "not true/false"):
        assert part in notes, part


def test_ini_parse_never_raises_on_random_text() -> None:
    hypothesis = pytest.importorskip("hypothesis")
    strategies = pytest.importorskip("hypothesis.strategies")
    line = strategies.one_of(
        strategies.text(max_size=30),
        strategies.sampled_from(["[a]", "[b:a]", "[c:chess]", "king = -", "pawn = p",
                                 "maxFile = z", "startFen = 8/8 w", "customPiece1 = p:K"]),
    )

    @hypothesis.settings(max_examples=150, deadline=None)
    @hypothesis.given(strategies.lists(line, max_size=12))
    def run(lines: list[str]) -> None:
        result = parse_ini("\n".join(lines))
        assert isinstance(result.notes, list)

    run()


def test_load_ini_missing_file(tmp_path: Path) -> None:
    assert "cannot read" in error(load_ini, tmp_path / "nope.ini").message


def test_normalise_fen() -> None:
    assert normalise_fen("rbsgk/4p/5/P4/KGSBR[-] w 0 1") == ("rbsgk/4p/5/P4/KGSBR w - -", [])
    fen, notes = normalise_fen("8/8/8/8/8/8/8/K6k[Qq] b - e3 0 1")
    assert fen == "8/8/8/8/8/8/8/K6k b - e3" and "hand" in notes[0]
    assert normalise_fen("4k3/8/8/8/8/8/8/4K3 w KQkq - 3+3 0 1")[0].endswith("w KQkq -")


# --- kb/fsf_pieces.toml ------------------------------------------------------------------


def test_fsf_piece_table() -> None:
    with (KB / "fsf_pieces.toml").open("rb") as handle:
        data = tomllib.load(handle)
    pieces = data["pieces"]
    assert builtin_piece_names()[:5] == ["pawn", "knight", "bishop", "rook", "queen"]
    expected = {"pawn": "fmWfceF", "archbishop": "BN", "chancellor": "RN", "amazon": "QN",
                "fers": "F", "alfil": "A", "silver": "FfW", "gold": "WfF", "cannon": "mRcpR",
                "horse": "nN", "elephant": "nA", "wazir": "W", "commoner": "K",
                "centaur": "KN", "king": "K", "shogiPawn": "fW", "lance": "fR",
                "shogiKnight": "fN", "dragonHorse": "BW", "bers": "RF", "soldier": "fsW"}
    for name, betza in expected.items():
        assert pieces[name] == betza, name
    for spec in data["variants"].values():
        assert set(spec["pieces"]) <= set(pieces)
