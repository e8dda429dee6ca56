"""What each program makes of a string, proven by the equivalence solver, and the fix lint
offers (issue 39): XBoard's letter order leaves the Lion ``mpcaKmcabK`` only a null move and
reads ``mcpaKmcabK`` as the spec reads the Lion; Fairy-Stockfish skips ``a`` (the Xiangqi
horse ``mafsW`` becomes a three-way Wazir: from e5, d5 f5 e6) and reads ``fK`` as ``fW``
with ``fF`` (d6 e6 f6), and reads ``nN`` and ``fW`` as the spec reads those two pieces."""

from __future__ import annotations

import json

import pytest

from tests.cli_runner import betza as run_betza
from tests.cli_runner import betza_process
from translator.facts.pieces import parse_piece
from translator.notation.syntax import spelling
from translator.queries.lint.programs import program_lines, program_readings

SAME = "reads it with the spec's moves"
# in the test process of tests/test_lint.py, which asks the same searches and proofs of mafsW
pytestmark = pytest.mark.xdist_group("lint")


def fsf(betza: str) -> str:
    """Fairy-Stockfish's moves of ``betza`` in the spec's words (the reading's own spelling,
    which translator/notation/fsf.py owns; the squares below are the hand-checked part)."""
    return spelling(parse_piece(betza, "fsf"))


SPEC_LION = ("c3 d3 e3 f3 g3 c4 d4 e4 f4 g4 c5 d5 e5 f5 g5 c6 d6 e6 f6 g6 c7 d7 e7 f7 g7")


def test_xboard_reads_the_lion_as_a_null_move_and_gets_the_fix() -> None:
    readings = program_readings("mpcaKmcabK", 8, 8, 300.0)
    assert program_lines(readings, 8, 8) == [
        "Portability (proven on 8x8 by the equivalence solver):",
        "  XBoard: reads it otherwise, as mpKmcabK: only a null move, back to e5 (from e5 on "
        f"an empty 8x8 board); the spec reading: {SPEC_LION}; write mcpaKmcabK, which XBoard "
        "reads with the spec's moves (proven equal)",
        f"  the Interactive Diagram: {SAME}",
        f"  Fairy-Stockfish: reads it otherwise, as {fsf('mpcaKmcabK')}: d4 e4 "
        f"f4 from e5 on an empty 8x8 board; the spec reading: {SPEC_LION}; no spelling it "
        "reads with the spec's moves: move 1 (mcpaK): Fairy-Stockfish reads one leg per move "
        "(it skips a, so the legs fall apart into one); move 2 (mcabK): Fairy-Stockfish reads "
        "one leg per move (it skips a, so the legs fall apart into one)",
        f"    move mcpaK is read as {fsf('mcpaK')}",
        f"    move mcabK is read as {fsf('mcabK')}",
    ]
    xboard, diagram, fsf_reading = (r.as_json() for r in readings)
    assert (xboard["same"], xboard["reads"], xboard["spelling"]) == (False, "mpKmcabK",
                                                                     "mcpaKmcabK")
    assert (diagram["same"], fsf_reading["same"], fsf_reading["spelling"]) == (True, False,
                                                                                None)
    assert fsf_reading["moves_otherwise"] == [
        {"move": "mcpaK", "reads": fsf("mcpaK")}, {"move": "mcabK", "reads": fsf("mcabK")}]


def test_fairy_stockfish_fix_of_the_forward_king() -> None:
    assert program_lines(program_readings("fK", 8, 8, 120.0), 8, 8) == [
        "Portability (proven on 8x8 by the equivalence solver):",
        f"  XBoard: {SAME}",
        f"  the Interactive Diagram: {SAME}",
        f"  Fairy-Stockfish: reads it otherwise, as {fsf('fK')}: d6 e6 f6 from e5 on an empty "
        "8x8 board; the spec reading: e6; write fW, which Fairy-Stockfish reads with the spec's "
        "moves (proven equal)",
    ]


def test_xboard_fix_of_a_mode_letter_out_of_order() -> None:
    # cmW: XBoard stops at m after c and reads cW, a capture-only Wazir
    xboard = program_readings("cmW", 8, 8, 120.0)[0]
    assert xboard.today == ("reads it otherwise, as cW: no move from e5 on an empty 8x8 "
                            "board; the spec reading: e4 d5 f5 e6")
    assert xboard.spelling == "mcW"


def lint_json(betza: str) -> dict:
    out = run_betza("lint", betza, "--json", "--timeout", "300")
    assert out.returncode == 1, out.stderr
    return json.loads(out.stdout)


def test_lint_offers_the_horse_spelling_fairy_stockfish_reads() -> None:
    # the Xiangqi horse: Fairy-Stockfish drops the a, and reads nN as the spec reads mafsW
    answer = lint_json("mafsW")
    horse = answer["programs"][2]
    assert (horse["dialect"], horse["same"], horse["spelling"]) == ("fsf", False, "nN")
    assert horse["today"] == (f"reads it otherwise, as {fsf('mafsW')}: d5 f5 e6 from e5 on an "
                              "empty 8x8 board; the spec reading: d3 f3 c4 g4 c6 g6 d7 f7")
    assert horse["moves_otherwise"] == [{"move": "mafsW", "reads": fsf("mafsW")}]
    kinds = {f["kind"]: f for f in answer["findings"]}
    assert kinds["fairy-stockfish-drops"]["letter"] == "a"
    assert kinds["fairy-stockfish-drops"]["position"] == 1
    assert kinds["fairy-stockfish"]["suggestion"] == "nN"
    assert [p["same"] for p in answer["programs"][:2]] == [True, True]
    assert answer["portability"]["fsf"] == fsf("mafsW")  # the key kept from before


def test_lint_text_says_the_fix_for_xboard() -> None:
    out = run_betza("lint", "cmW")
    assert out.returncode == 1
    assert out.stdout.splitlines()[-4:] == [
        "Portability (proven on 8x8 by the equivalence solver):",
        "  XBoard: reads it otherwise, as cW: no move from e5 on an empty 8x8 board; the spec "
        "reading: e4 d5 f5 e6; write W, which XBoard reads with the spec's moves (proven "
        "equal)",
        f"  the Interactive Diagram: {SAME}",
        f"  Fairy-Stockfish: {SAME}",
    ]


def test_convert_to_fsf_finds_the_lame_knight() -> None:
    from translator.queries.convert_fsf import fsf_spelling_of

    answer = fsf_spelling_of("mafsW")
    assert (answer.result, answer.proofs) == ("nN", [("8x8", True)])
    lion = fsf_spelling_of("mpcaKmcabK", check=False)
    assert lion.result is None
    assert lion.reasons[0] == ("move 1 (mcpaK): Fairy-Stockfish reads one leg per move (it "
                               "skips a, so the legs fall apart into one)")


def test_batch_converts_to_fsf() -> None:
    line = json.dumps({"query": "convert", "betza": "fK", "to": "fsf"})
    out = betza_process("batch", stdin=line)
    assert json.loads(out.stdout) == {"ok": True, "betza": "fK", "to": "fsf", "result": "fW",
                                      "proofs": [{"board": "8x8", "equivalent": True}]}
