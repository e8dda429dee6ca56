"""The solver path of whole positions (encodings/legal.lp, translator/queries/legal.py):
hand-checked positions of chess, and the same answers as the compiled fast path of
translator/game and as Fairy-Stockfish (pyffish) on positions of random play."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from translator.catalogue.fen import parse_fen
from translator.catalogue.variants import get_variant
from translator.errors import LimitError
from translator.game import Game
from translator.position import PlacedPiece, Position
from translator.queries.legal import Legal, legal_moves
from translator.queries.solver_path import solver_legal, solver_legal_many
from translator.solve.engine import SolverTimeout

Solve = Callable[[str], Legal]


def chess(fen: str) -> Position:
    """A chess position from its FEN, with the kb's chess pieces (the King castles)."""
    variant = get_variant("chess")
    return parse_fen(fen, variant.pieces, royal_letters=variant.royal)


# the hand-checked chess positions of the tests below
PINNED = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"
ROOK_CHECK = "4r2k/8/8/8/8/8/R7/4K3 w - - 0 1"
KNIGHT_CHECK = "7k/8/8/8/8/3n4/8/3QK3 w - - 0 1"
EP_UNCOVERS = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2"
EP_ALLOWED = "8/8/8/KPp5/8/8/8/4k3 w - c6 0 2"
CASTLE_ATTACKED = "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1"
CASTLE_IN_CHECK = "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1"
HAND_CHECKED = [PINNED, ROOK_CHECK, KNIGHT_CHECK, EP_UNCOVERS, EP_ALLOWED, CASTLE_ATTACKED,
                CASTLE_IN_CHECK]


@pytest.fixture(scope="module")
def hand_checked() -> dict[str, dict[str, Legal]]:
    """The hand-checked positions answered both ways in, each way in one batch (one
    program's fixed cost for them all; a batch answers each position its own, as
    test_several_positions_in_one_batch_answer_each_their_own checks): a Position of the
    kb's chess pieces (castling by the King's O atom, castling.lp) and a Game of
    Fairy-Stockfish's chess (castling by the rules' tables, game_rules.lp)."""
    pieces = legal_moves([chess(fen) for fen in HAND_CHECKED])
    games = solver_legal_many([Game.from_variant("chess", fen) for fen in HAND_CHECKED])
    return {"pieces": dict(zip(HAND_CHECKED, pieces, strict=True)),
            "game": dict(zip(HAND_CHECKED, games, strict=True))}


@pytest.fixture(params=["pieces", "game"])
def solve(request: pytest.FixtureRequest,
          hand_checked: dict[str, dict[str, Legal]]) -> Callable[[str], Legal]:
    """A hand-checked position's answer, each way in."""
    return hand_checked[request.param].__getitem__


def test_a_pinned_piece_stays_and_the_king_steps_off_the_file(solve: Solve) -> None:
    # the bishop on e2 stands between its king and the rook on e7
    answer = solve(PINNED)
    assert answer == Legal(["e1d1", "e1d2", "e1f1", "e1f2"], check=False)


def test_a_check_is_met_by_blocking_or_stepping_aside(solve: Solve) -> None:
    # the rook on e8 checks along the e-file: a2e2 blocks, the king leaves the file
    answer = solve(ROOK_CHECK)
    assert answer == Legal(["a2e2", "e1d1", "e1d2", "e1f1", "e1f2"], check=True)


def test_a_capture_that_ends_the_check(solve: Solve) -> None:
    # the knight on d3 checks the king on e1 and guards f2; the queen may take it, no other
    # queen move helps, the king steps to d2, e2 or f1
    answer = solve(KNIGHT_CHECK)
    assert answer == Legal(["d1d3", "e1d2", "e1e2", "e1f1"], check=True)


def test_en_passant_that_uncovers_the_rank_is_refused(solve: Solve) -> None:
    # b5xc6 e.p. takes the c5 pawn off rank 5: the rook on h5 would see the king on a5
    answer = solve(EP_UNCOVERS)
    assert answer == Legal(["a5a4", "a5a6", "a5b6", "b5b6"], check=False)


def test_en_passant_allowed_when_nothing_is_uncovered(solve: Solve) -> None:
    answer = solve(EP_ALLOWED)
    assert "b5c6" in answer.moves


def test_castling_through_an_attacked_square_is_refused(solve: Solve) -> None:
    # the rook on f2 attacks f1, which the king crosses to g1; d1 and c1 are free
    answer = solve(CASTLE_ATTACKED)
    assert "e1c1" in answer.moves
    assert "e1g1" not in answer.moves
    assert "e1f1" not in answer.moves and "e1f2" in answer.moves


def test_no_castling_out_of_check(solve: Solve) -> None:
    answer = solve(CASTLE_IN_CHECK)
    assert answer.check
    assert not {"e1c1", "e1g1"} & set(answer.moves)


def test_several_positions_in_one_batch_answer_each_their_own() -> None:
    pinned, checked = legal_moves([chess(PINNED), chess(ROOK_CHECK)])
    assert (pinned.check, checked.check) == (False, True)
    assert "a2e2" in checked.moves and "e2d3" not in pinned.moves


def test_a_position_over_the_size_budget_is_refused() -> None:
    with pytest.raises(LimitError, match="over the limit"):
        legal_moves([chess(PINNED)], max_atoms=10)


def test_a_promotion_is_offered_as_each_piece_and_judged_after_it() -> None:
    # the pawn on b7 promotes on b8 (four choices) or takes on a8; the rook on h8 is pinned
    # against nothing, the white king on e1 stands in no line
    answer = solver_legal(Game.from_variant("chess", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"))
    assert {"b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7a8q", "b7a8n"} <= set(answer.moves)
    assert "b7b8" not in answer.moves  # promotion is compulsory


def test_a_drop_that_blocks_a_check() -> None:
    # crazyhouse: the rook on e8 checks the king on e1; a knight in hand may block on e2..e7
    answer = solver_legal(Game.from_variant("crazyhouse", "k3r3/8/8/8/8/8/8/4K3[N] w - - 0 1"))
    assert answer.check
    assert [m for m in answer.moves if "@" in m] == [f"N@e{r}" for r in range(2, 8)]
    assert "e1e2" not in answer.moves and "e1d1" in answer.moves


def test_a_drop_from_the_kb_pieces_at_atom() -> None:
    # the kb's crazyhouse pieces drop by their @ atom (drops.lp): the rook on e8 checks,
    # a knight in hand (N@8) blocks on e2..e7, a pawn (fmWfceFifmnDj@7) on e2..e7 too
    variant = get_variant("crazyhouse")
    pos = parse_fen("k3r3/8/8/8/8/8/8/4K3 w - - 0 1", variant.pieces, royal_letters="K")
    hand = [PlacedPiece("white", variant.pieces["N"], "N"),
            PlacedPiece("white", variant.pieces["P"], "P")]
    (answer,) = legal_moves([pos], [hand])
    assert answer.check
    assert [m for m in answer.moves if "@" in m] == sorted(
        f"{letter}@e{r}" for letter in "NP" for r in range(2, 8))


def test_shogi_drops_no_second_pawn_on_a_file() -> None:
    # minishogi: a pawn in hand is not dropped on a file that holds one of its own pawns
    g = Game.from_variant("minishogi", "rbsgk/4p/5/P4/KGSBR[P] w - - 0 1")
    drops = [m for m in solver_legal(g).moves if m.startswith("P@")]
    assert drops and not any(m[2] == "a" for m in drops)
    assert sorted(drops) == sorted(m for m in g.legal_moves() if m.startswith("P@"))


def test_the_time_limit_holds_for_the_whole_answer() -> None:
    with pytest.raises(SolverTimeout, match="time limit"):
        legal_moves([chess("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")] * 40,
                    timeout=0.01)


# ---- the fast path and Fairy-Stockfish on positions of seeded random play ------------
VARIANTS = ["chess", "capablanca", "grand", "shatranj", "courier", "makruk", "crazyhouse",
            "minishogi", "shogi", "knightmate", "almost", "amazon"]


def random_games(variant: str, count: int, seed: int) -> list[Game]:
    """Games of ``variant`` after seeded random legal play (of the fast path)."""
    rng = random.Random(f"{variant}:{seed}")
    games = []
    for _ in range(count):
        game = Game.from_variant(variant)
        for _ in range(rng.randrange(10, 70)):
            moves = sorted(game.legal_moves())
            if not moves:
                break
            game.push(rng.choice(moves))
        games.append(game)
    return games


@pytest.fixture(scope="module")
def random_answers() -> dict[str, list[tuple[Game, Legal]]]:
    """Two games of each variant after random play, all answered in one batch (the
    positions of every variant grounded together: a program's fixed cost paid once)."""
    games = {variant: random_games(variant, 2, 38) for variant in VARIANTS}
    flat = [game for found in games.values() for game in found]
    answers = iter(solver_legal_many(flat))
    return {variant: [(game, next(answers)) for game in found]
            for variant, found in games.items()}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_solver_path_equals_the_fast_path_and_fairy_stockfish(
        variant: str, random_answers: dict[str, list[tuple[Game, Legal]]]) -> None:
    try:
        import pyffish as ffish
    except ImportError:  # (a test extra: the fast path is still compared)
        ffish = None
    for game, answer in random_answers[variant]:
        fen = game.fen()
        assert answer.moves == sorted(game.legal_moves()), fen
        assert answer.check == game.in_check(), fen
        if ffish is not None:
            assert answer.moves == sorted(ffish.legal_moves(variant, fen, [])), fen
            assert answer.check == ffish.gives_check(variant, fen, []), fen
