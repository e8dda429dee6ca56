"""The surfaces of whole games: ``betza legal``, ``perft``, ``san`` and ``covers``, their batch
and HTTP kinds, and ``translator.Game`` — hand-checked positions, and exit status 2 with a
one-line error (no traceback) on bad input."""

from __future__ import annotations

import io
import json

import pytest

from translator import BetzaError, Game
from translator.cli.main import main
from translator.jsonapi.batch import run_batch

LONE_KINGS = "7k/8/8/8/8/8/8/K7 w - - 0 1"
# the Ruy Lopez after 6.Re1: the rook on e1 defends e4 through e2 and e3
RUY_LOPEZ = "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQR1K1 b kq - 5 6"
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def batch(*lines: object) -> list[dict]:
    out = io.StringIO()
    run_batch(io.StringIO("".join((ln if isinstance(ln, str) else json.dumps(ln)) + "\n"
                                  for ln in lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


# ---- the command line ------------------------------------------------------------------

def test_legal_lists_a_lone_kings_three_moves(capsys):
    code, out, _ = run(capsys, "legal", "--variant", "chess", "--fen", LONE_KINGS)
    assert code == 0
    assert "1 K * . . . . . ." in out and "2 * * . . . . . ." in out
    assert out.splitlines()[-4:] == ["3 legal moves:", "  a1a2     Ka2", "  a1b1     Kb1",
                                     "  a1b2     Kb2"]
    assert "White to move." in out


def test_legal_json_says_checkmate_after_the_fools_mate(capsys):
    code, out, _ = run(capsys, "legal", "--variant", "chess", "--moves", ",".join(FOOLS_MATE),
                       "--json")
    answer = json.loads(out)
    assert code == 0
    assert answer["moves"] == [] and answer["played"] == ["f3", "e5", "g4", "Qh4#"]
    assert (answer["check"], answer["checkmate"], answer["stalemate"]) == (True, True, False)
    assert answer["checked"] == ["e1"]


def test_legal_says_stalemate(capsys):
    code, out, _ = run(capsys, "legal", "--variant", "chess", "--fen",
                       "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert code == 0 and "Black is stalemated." in out and "0 legal moves." in out


def test_perft_counts_20_and_400_from_the_start(capsys):
    assert run(capsys, "perft", "--variant", "chess", "--depth", "1")[1] == "20\n"
    assert run(capsys, "perft", "--variant", "chess", "--depth", "2")[1] == "400\n"
    code, out, _ = run(capsys, "perft", "--variant", "chess", "--depth", "2", "--divide",
                       "--json")
    answer = json.loads(out)
    assert code == 0 and answer["nodes"] == 400 and len(answer["divide"]) == 20
    assert set(answer["divide"].values()) == {20}


# The tests that go to Dask share one local cluster of one worker, the one this process
# keeps for `--workers 1` (translator/research/run.py; a cluster's start costs seconds of
# CPU): one xdist group, so that one test process starts it. A count past its time limit
# closes it (its tasks may still hold the worker), so that test comes last.
DASK = pytest.mark.xdist_group("perft_dask")


@DASK
def test_perft_splits_over_dask_with_a_local_cluster(capsys):
    code, out, _ = run(capsys, "perft", "--variant", "chess", "--fen", LONE_KINGS, "--depth",
                       "4", "--workers", "1", "--divide", "--json")
    answer = json.loads(out)
    assert code == 0 and set(answer["divide"]) == {"a1a2", "a1b1", "a1b2"}
    assert answer["nodes"] == sum(answer["divide"].values())


@DASK
def test_perft_runs_on_a_cluster_given_by_its_address(capsys):
    from translator.research.run import _client

    # a cluster this test does not own: its client, made by the command, is closed after
    # the count, the cluster stays up
    address = _client(None, 1).cluster.scheduler_address
    code, out, _ = run(capsys, "perft", "--variant", "chess", "--depth", "2",
                       "--scheduler", address, "--json")
    assert code == 0 and json.loads(out) == {"ok": True, "nodes": 400}
    assert _client(None, 1).cluster.scheduler_address == address


def test_san_names_moves_in_sequence(capsys):
    code, out, _ = run(capsys, "san", "--variant", "chess", "e2e4", "e7e5", "g1f3")
    assert (code, out) == (0, "e4 e5 Nf3\n")
    code, out, _ = run(capsys, "san", "--variant", "chess", "--fen",
                       "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "e8d7", "a1a7")
    assert (code, out) == (0, "O-O Kd7 Ra7+\n")


def test_covers_finds_the_rook_behind_the_pawn(capsys):
    code, out, _ = run(capsys, "covers", "e4", "--variant", "chess", "--fen", RUY_LOPEZ,
                       "--by", "white", "--json")
    assert code == 0
    assert json.loads(out)["attackers"] == [{"square": "e1", "piece": "R"}]
    code, out, _ = run(capsys, "covers", "e4", "--variant", "chess", "--fen", RUY_LOPEZ,
                       "--json")   # Black to move: the knight on f6
    assert json.loads(out)["attackers"] == [{"square": "f6", "piece": "n"}]


def test_covers_lists_the_squares_a_lone_king_covers(capsys):
    code, out, _ = run(capsys, "covers", "--variant", "chess", "--fen", LONE_KINGS, "--json")
    assert code == 0 and json.loads(out)["covered"] == ["b1", "a2", "b2"]


@pytest.mark.parametrize(("argv", "words"), [
    (["legal", "--variant", "chesss"], "did you mean chess"),
    (["legal", "--variant", "chess", "--fen", "7k/8/8/8/8/8/8/K8 w - - 0 1"], "FEN"),
    (["legal", "--variant", "chess", "--fen", "7k/8/8/8/8/8/8/KZ6 w - - 0 1"], "FEN"),
    (["legal", "--variant", "chess", "--fen", "8/8/8/8/8/8/8/K7 w - - 0 1"],
     "black has no royal piece"),
    (["legal", "--variant", "chess", "--fen", "7k/8/8/8/8/8/8/KR4Rk w - - 0 1"],
     "black has 2 royal pieces"),
    (["legal", "--variant", "chess", "--fen", "7k/8/8/8/8/8/8/K6R w - - 0 1"],
     "the side not to move is in check"),
    (["legal", "--variant", "xiangqi"], "not played here"),
    (["legal", "--variant", "chess", "--moves", "e2e4,e2e4"], "move 2 ('e2e4') is not legal"),
    (["san", "--variant", "chess", "e2e5"], "move 1 ('e2e5') is not legal"),
    (["perft", "--variant", "chess", "--depth", "-1"], "depth must be a whole number"),
    pytest.param(["perft", "--variant", "chess", "--depth", "9", "--timeout", "0.5",
                  "--workers", "1"], "perft went past the time limit of 0.5 s", marks=DASK),
    (["covers", "z9", "--variant", "chess"], "off a board 8 files wide"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("betza: error: ") and words in err and "Traceback" not in err


# ---- batch -----------------------------------------------------------------------------

def test_batch_kinds_answer_and_a_bad_line_costs_only_itself():
    answers = batch(
        {"query": "legal", "variant": "chess", "fen": LONE_KINGS},
        {"query": "perft", "variant": "chess", "depth": 2},
        '{"query": "perft", "variant": "chess", "depth": NaN}',
        '{"query": "perft", "variant": "chess", "depth": 1e999}',
        {"query": "perft", "variant": "chess", "depth": True},
        {"query": "legal", "variant": "chesss"},
        {"query": "legal", "variant": "chess", "moves": ["e2e4", "e7e4"]},
        {"query": "san", "variant": "chess", "moves": ["e2e4", "e7e5", "g1f3"]},
        {"query": "covers", "variant": "chess", "fen": RUY_LOPEZ, "by": "white",
         "square": "e4"},
        {"query": "legal", "variant": "chess", "moves": "e2e4"},
    )
    assert answers[0]["moves"] == ["a1a2", "a1b1", "a1b2"]
    assert answers[0]["san"] == ["Ka2", "Kb1", "Kb2"] and answers[0]["check"] is False
    assert answers[1] == {"ok": True, "nodes": 400}
    for bad in answers[2:5]:
        assert bad["ok"] is False and "depth must be a whole number" in bad["error"]
    assert "did you mean chess" in answers[5]["error"]
    assert "move 2 ('e7e4') is not legal" in answers[6]["error"]
    assert answers[7] == {"ok": True, "san": ["e4", "e5", "Nf3"]}
    assert answers[8]["attackers"] == [{"square": "e1", "piece": "R"}]
    assert "moves must be a list" in answers[9]["error"]


def test_a_replayed_game_answers_its_position():
    (answer,) = batch({"query": "legal", "variant": "chess", "moves": ["e2e4", "e7e5"]})
    assert answer["played"] == ["e4", "e5"] and answer["turn"] == "white"
    assert answer["fen"] == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert answer["pieces"]["e4"] == "P" and answer["pieces"]["e5"] == "p"
    assert len(answer["moves"]) == 29 and "Qh5" in answer["san"]


def test_perft_line_past_its_timeout_is_a_limit_error():
    (answer,) = batch({"query": "perft", "variant": "chess", "depth": 9, "timeout": 0.5})
    assert answer["ok"] is False and "past the time limit of 0.5 s" in answer["error"]


# ---- Python ----------------------------------------------------------------------------

def test_game_push_pop_and_check():
    game = Game("chess", moves=["e2e4", "f7f5"])
    game.push("d1h5")
    assert game.in_check() and not game.is_checkmate()
    assert sorted(m for m in game.legal_moves() if m.startswith("g7")) == ["g7g6"]
    assert game.pop() == "d1h5" and not game.in_check()
    with pytest.raises(BetzaError, match="not a legal move"):
        game.push("e1e3")
    assert game.move_stack == ["e2e4", "f7f5"]


def test_game_draws_itself():
    game = Game("chess", moves=["e2e4"])
    text = str(game)
    assert text.splitlines()[3] == "5 . . . . . . . ."
    assert text.splitlines()[4] == "4 . . . . P . . ."
    assert text.endswith("Black to move.")
    svg = game._repr_svg_()
    assert 'class="mark mark-move" data-square="e2"' in svg
    assert 'class="mark mark-move" data-square="e4"' in svg
    assert "the last move" in svg


def test_game_covers_and_attackers():
    game = Game("chess", RUY_LOPEZ)
    assert game.attackers("white", "e4") == ["e1"]
    assert game.attackers("black", "e4") == ["f6"]
    assert Game("chess", LONE_KINGS).covered("black") == ["g7", "h7", "g8"]


def test_game_perft_and_divide():
    game = Game("chess")
    assert game.perft(1) == 20 and game.perft(2) == 400
    assert game.divide(1) == dict.fromkeys(game.legal_moves(), 1)


# ---- HTTP ------------------------------------------------------------------------------

def test_http_answers_the_game_kinds_and_refuses_ini():
    from starlette.testclient import TestClient

    from translator.web.app import create_app

    with TestClient(create_app(workers=1), base_url="http://localhost") as client:
        res = client.post("/api/query", json={"query": "legal", "variant": "chess",
                                              "fen": LONE_KINGS})
        assert res.status_code == 200 and res.json()["moves"] == ["a1a2", "a1b1", "a1b2"]
        res = client.post("/api/query", json={"query": "perft", "variant": "chess",
                                              "depth": 2})
        assert res.status_code == 200 and res.json() == {"ok": True, "nodes": 400}
        res = client.post("/api/query", json={"query": "legal", "variant": "chess",
                                              "moves": ["e2e5"]})
        assert res.status_code == 400 and "is not legal" in res.json()["error"]
        res = client.post("/api/query", json={"query": "legal", "variant": "mine",
                                              "ini": "/etc/variants.ini"})
        assert res.status_code == 400 and "reads no file" in res.json()["error"]
        games = client.get("/api/games").json()
        assert {"chess", "shogi", "crazyhouse", "capablanca"} <= set(games["games"])
        assert "palace" in games["refused"]["xiangqi"]


@pytest.mark.parametrize("command", ["legal", "san", "perft", "covers"])
def test_help_has_worked_examples(capsys, command):
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    out, _ = capsys.readouterr()
    assert exit_.value.code == 0 and "examples:" in out
    assert f"  betza {command} " in out and "--json" in out


WAZIR_INI = """[wazirchess:chess]
customPiece1 = w:W
startFen = 4k3/8/8/8/8/8/8/3WK3 w - - 0 1
"""


def test_a_variants_ini_section_on_the_command_line_and_in_batch(capsys, tmp_path,
                                                                 monkeypatch):
    (tmp_path / "variants.ini").write_text(WAZIR_INI)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "legal", "--ini", "variants.ini", "--variant", "wazirchess",
                       "--json")
    # the wazir on d1 steps to c1 and d2 (e1 is its king's); the king to d2 e2 f1 f2
    assert code == 0 and json.loads(out)["moves"] == ["d1c1", "d1d2", "e1d2", "e1e2",
                                                      "e1f1", "e1f2"]
    (answer,) = batch({"query": "perft", "variant": "wazirchess", "ini": "variants.ini",
                       "depth": 2})
    assert answer == {"ok": True, "nodes": 30}   # 6 moves, then the black king's 5
