"""One source of truth in the kb: every variant's army names catalogue pieces, and where a
variant uses another string for a named piece it says so (and an equal spelling is proven
equal by the solver)."""

from __future__ import annotations

import pytest

from translator.catalogue.pieces import lookup
from translator.catalogue.variants import Variant, load_variant_file, variant_files
from translator.errors import BetzaError
from translator.facts.pieces import parse_piece
from translator.queries.equiv import equivalent

KB_VARIANTS = [v for path in variant_files() for v in load_variant_file(path)]


@pytest.mark.parametrize("variant", KB_VARIANTS, ids=lambda v: v.name)
def test_every_piece_of_a_kb_army_is_a_catalogue_piece(variant: Variant) -> None:
    for letter, betza in variant.pieces.items():
        name = variant.names_of.get(letter)
        assert name is not None, f"{variant.name} {letter} = {betza!r} names no catalogue piece"
        piece = lookup(name)
        assert piece is not None, f"{variant.name} {letter}: {name!r} is not in the catalogue"
        if letter in variant.overrides:
            assert variant.overrides[letter], "an override states its reason"
        else:
            assert betza == piece.betza


def test_xiangqi_states_its_three_overrides() -> None:
    (xiangqi,) = [v for v in KB_VARIANTS if v.name == "Xiangqi"]
    assert xiangqi.names_of["N"] == "Xiangqi Horse"
    assert sorted(xiangqi.overrides) == ["K", "N", "P"]
    assert "river" in xiangqi.overrides["P"]


def test_an_override_said_to_be_the_same_moves_is_proven_equal() -> None:
    (xiangqi,) = [v for v in KB_VARIANTS if v.name == "Xiangqi"]
    assert "the same moves" in xiangqi.overrides["N"]
    assert equivalent(xiangqi.pieces["N"], lookup("Xiangqi Horse").betza, 9, 10).equivalent


@pytest.mark.parametrize(("typed", "meant"), [
    ("Lon", "Lion"), ("Griffin", "Griffon"), ("xiangqi hors", "Xiangqi Horse"),
])
def test_a_misspelt_name_gets_a_suggestion(typed: str, meant: str) -> None:
    with pytest.raises(BetzaError) as info:
        parse_piece(typed)
    assert info.value.message == f"unknown piece {typed!r} — did you mean {meant}?"


def test_a_bad_betza_string_keeps_its_own_error() -> None:
    with pytest.raises(BetzaError, match="no atom letter after them") as info:
        parse_piece("Nx")
    assert info.value.pos == 1  # the caret under the x
