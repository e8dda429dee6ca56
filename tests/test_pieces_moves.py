"""Every named piece of kb/pieces parses, and its hand-checked facts hold in the engine."""

import pytest

from translator.catalogue.pieces import all_pieces, iter_checks, lookup, resolve_betza
from translator.facts.pieces import parse_piece
from translator.queries.moves import MovesQuery, batch_moves

CHECKS = list(iter_checks())


def test_every_piece_parses():
    for piece in all_pieces():
        parse_piece(piece.betza)


@pytest.fixture(scope="module")
def answers():
    queries = [MovesQuery(piece.betza, check.start, check.position(), check.side,
                          bool(check.virgin)) for piece, check in CHECKS]
    return batch_moves(queries)


# (one test process runs these: the batch of every check, the module's fixture, is then
# answered once, not once in each process that runs some of them)
@pytest.mark.xdist_group("hand_checked_facts")
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


BRACKETED = [piece for piece in all_pieces() if piece.bracket]
BRACKET_CHECKS = [(piece, check) for piece, check in CHECKS if piece.bracket]


def test_the_bent_riders_have_bracket_forms():
    names = {piece.name for piece in BRACKETED}
    assert {"Griffon", "Rhinoceros", "Osprey", "Ship", "Snake", "Picket", "Ski-Rook"} <= names


@pytest.mark.parametrize("piece", BRACKETED, ids=[p.name for p in BRACKETED])
def test_bracket_form_is_the_same_piece(piece):
    from translator.queries.equiv import equivalent

    assert equivalent(piece.betza, piece.bracket, 8, 8).equivalent


def test_bracket_forms_pass_the_hand_checked_facts():
    queries = [MovesQuery(piece.bracket, check.start, check.position(), check.side,
                          bool(check.virgin)) for piece, check in BRACKET_CHECKS]
    for (piece, check), found in zip(BRACKET_CHECKS, batch_moves(queries), strict=True):
        assert not isinstance(found, Exception), found
        assert {m.to for m in found} == set(check.to), piece.name
