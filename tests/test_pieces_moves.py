"""Every named piece of kb/pieces parses, and its hand-checked facts hold in the engine."""

import pytest

from translator.catalogue.pieces import all_pieces, iter_checks, lookup, resolve_betza
from translator.queries.moves import MovesQuery, batch_moves, parse_piece

CHECKS = list(iter_checks())


def test_every_piece_parses():
    for piece in all_pieces():
        parse_piece(piece.betza)


@pytest.fixture(scope="module")
def answers():
    queries = [MovesQuery(piece.betza, check.start, check.position(), check.side,
                          bool(check.virgin)) for piece, check in CHECKS]
    return batch_moves(queries)


@pytest.mark.parametrize("index", range(len(CHECKS)),
                         ids=[f"{p.name}-{c.start}" for p, c in CHECKS])
def test_hand_checked_fact(answers, index):
    piece, check = CHECKS[index]
    found = answers[index]
    assert not isinstance(found, Exception), found
    assert {m.to for m in found} == set(check.to), check.why or piece.note
    if check.captures is not None:
        assert {m.to for m in found if m.captures} == set(check.captures)


def test_names_work_where_betza_strings_do():
    from translator.queries.moves import moves

    griffon = lookup("Griffon")
    assert griffon is not None and resolve_betza("Griffon") == griffon.betza
    assert {m.to for m in moves("Griffon", "d4")} == {m.to for m in moves("FyafsF", "d4")}
    assert resolve_betza("KaKaaK") == "KaKaaK"
