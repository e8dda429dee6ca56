"""``betza lint``: notation problems proven by the equivalence solver, the shortest spelling
from the find search, Fairy-Stockfish's reading and the dialect differences.

Every expectation was worked out by hand: ``mcW`` is ``W`` (m and c together are the
default), ``WK`` is ``K`` (K = WF), ``WfW`` is ``W``, ``fbvW`` is ``vW`` (v = f + b), on W
``fh`` is ``f`` (the forward half plane of a 4-way atom is its forward move), ``vsW`` is ``W``,
``R8`` is ``R`` on 8x8 but not on 10x10 (a1-a9 is 8 steps, a1-a10 is 9), ``rvN`` picks the
right move of each vertical pair (from a1: b3) and ``vrN`` is the right pair (from a1: c2).
"""

from __future__ import annotations

import json
import sys
import types
from dataclasses import dataclass, field
from functools import cache

import pytest
from starlette.testclient import TestClient

from translator.cli.main import main
from translator.jsonapi.batch import answer_group
from translator.queries.lint import lint
from translator.queries.lint.answer import LintResult
from translator.queries.lint.ffish import check_ffish
from translator.queries.lint.finding import Budget
from translator.queries.lint.shortest import shortest_spelling
from translator.solve import ffish
from translator.web.app import create_app

HAVE_FFISH = ffish.available()
# one test process for the lint tests (test_lint_programs too): the searches and proofs of
# a string that both ask (mafsW) are answered once (translator/solve/memo.py)
pytestmark = pytest.mark.xdist_group("lint")


@cache
def linted(betza: str) -> LintResult:
    """``lint(betza)`` on 8x8, asked once for the tests of this module that read the same
    string's answer (each reads its own part of it; none changes it)."""
    return lint(betza)


def kinds(result) -> list[str]:
    return [f.kind for f in result.findings]


def of_kind(result, kind: str) -> list:
    return [f for f in result.findings if f.kind == kind]


# --- notation problems ----------------------------------------------------------------------

def test_mc_together_are_the_default() -> None:
    result = lint("mcW")
    (redundant,) = of_kind(result, "redundant-modifier")
    assert redundant.equivalent == "W" and redundant.suggestion == "W"
    assert "m c" in redundant.message and redundant.position == 0
    assert result.shortest == "W"
    assert of_kind(result, "shorter")[0].suggestion == "W"


def test_the_wazir_is_contained_in_the_king() -> None:
    result = lint("WK")
    (contained,) = of_kind(result, "contained-move")
    assert (contained.move, contained.position, contained.equivalent) == ("W", 0, "K")
    assert result.shortest == "K"
    assert kinds(result) == ["contained-move", "shorter"]


def test_a_forward_wazir_beside_the_wazir() -> None:
    result = lint("WfW")
    (contained,) = of_kind(result, "contained-move")
    assert (contained.move, contained.position, contained.equivalent) == ("fW", 1, "W")
    assert result.shortest == "W"


def test_a_move_written_twice() -> None:
    result = lint("RR")  # two rook moves (not the doubled-letter rider, which is WW)
    (repeated,) = of_kind(result, "repeated-move")
    assert (repeated.move, repeated.equivalent) == ("R", "R")
    assert "written twice" in repeated.message


def test_contained_moves_are_removed_one_after_the_other() -> None:
    # each of K, W, F alone is contained in the other two, but not all together: the
    # findings drop F, then W, and the string left is K
    result = lint("KWF")
    assert [(f.move, f.equivalent) for f in of_kind(result, "contained-move")] == [
        ("F", "KW"), ("W", "K")]


def test_direction_letters_that_repeat_the_others() -> None:
    (redundant,) = of_kind(lint("fbvW"), "redundant-modifier")
    assert redundant.equivalent == "vW" and "f b" in redundant.message


def test_direction_letters_that_mean_nothing_on_the_atom() -> None:
    (half,) = of_kind(lint("fhW"), "meaningless-direction")
    assert half.equivalent == "fW" and "the letter h of fh" in half.message
    (every,) = of_kind(lint("vsW"), "meaningless-direction")
    assert every.equivalent == "W"


def test_a_range_that_the_board_makes_meaningless() -> None:
    (rng,) = of_kind(lint("R8"), "redundant-modifier")
    assert rng.equivalent == "R" and "8x8" in rng.message
    assert of_kind(lint("R8", 10, 10), "redundant-modifier") == []


def test_order_dependent_pairs_on_the_knight() -> None:
    (order,) = of_kind(lint("rvN"), "order-dependent")
    assert order.data["other_order"] == "vrN"
    ce = order.data["counterexample"]
    assert ce["from"] == "a1" and ce["friends"] == ce["enemies"] == []
    assert [m["to"] for m in ce["only_a"]] == ["b3"]
    assert [m["to"] for m in ce["only_b"]] == ["c2"]


def test_on_the_king_the_order_does_not_matter() -> None:
    result = lint("vrK")  # = frK + brK = rF
    assert "order-dependent" not in kinds(result)
    assert result.shortest == "rF"


def test_the_shatranj_pawn_and_the_knight_are_clean() -> None:
    for betza in ("fmWfcF", "N"):
        result = linted(betza)
        assert result.clean, result.findings
        assert result.shortest is None


def test_the_imitator_is_not_compared() -> None:
    result = lint("I")
    assert not of_kind(result, "shorter")
    assert any("imitator" in note for note in result.notes)


# --- the shortest spelling from the find search ----------------------------------------------

def test_the_horse_needs_a_blocker_to_be_found() -> None:
    # on the empty board mafsW draws the knight; find's N is another piece, and the solver's
    # counterexample (a blocker) drawn as a third example leads to nN
    found = shortest_spelling("mafsW", 8, 8, Budget(60))
    assert (found.betza, found.examples) == ("nN", 3)


def test_hoppers_are_drawn_with_blockers() -> None:
    assert shortest_spelling("pRpR", 8, 8, Budget(60)).betza == "pR"


def test_no_shorter_spelling_of_the_knight() -> None:
    found = shortest_spelling("N", 8, 8, Budget(60))
    assert found.betza is None and found.reason.endswith("with these moves is N")


def test_a_shorter_string_a_finding_proves_is_the_shorter_spelling() -> None:
    # NmaN: the m does nothing, so NmaN is NaN, shorter; find's search space has no string
    # for the two-leg knight, so the shortest spelling is the finding's, never "none"
    result = lint("NmaN")
    redundant = [f for f in result.findings if f.kind == "redundant-modifier"]
    assert redundant and redundant[0].equivalent == "NaN"
    assert result.shortest == "NaN"
    assert result.shortest_reason == ("proven the same piece by the redundant-modifier check; "
                                      "no string of find's search space makes these moves")


# --- Fairy-Stockfish ------------------------------------------------------------------------

@pytest.mark.skipif(not HAVE_FFISH, reason="pyffish is not installed")
def test_fairy_stockfish_reads_the_knight_the_same() -> None:
    check = check_ffish("N", 8, 8)
    assert check.status == "same" and check.words == "accepted, same moves"
    assert linted("N").fairy_stockfish.as_json()["message"] == "accepted, same moves"


@pytest.mark.skipif(not HAVE_FFISH, reason="pyffish is not installed")
def test_fairy_stockfish_reads_the_horse_as_single_steps() -> None:
    # Fairy-Stockfish skips the a: mafsW becomes mfsW, e6 d5 f5 from e5, where the horse
    # reaches the eight knight squares of the empty board
    check = check_ffish("mafsW", 8, 8)
    assert (check.status, check.probe.origin, check.probe.friends) == ("different", "e5", ())
    assert sorted(check.only_ours) == ["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"]
    assert sorted(check.only_theirs) == ["d5", "e6", "f5"]
    (finding,) = of_kind(lint("mafsW"), "fairy-stockfish")
    assert "accepted, different moves" in finding.message


@pytest.mark.skipif(not HAVE_FFISH, reason="pyffish is not installed")
def test_fairy_stockfish_does_not_accept_a_dabbaba_rider() -> None:
    assert check_ffish("D0", 8, 8).status == "not accepted"
    assert "fairy-stockfish" in kinds(lint("D0"))


def test_without_pyffish_it_is_not_checked(monkeypatch) -> None:
    monkeypatch.setattr(ffish, "available", lambda: False)
    check = check_ffish("N", 8, 8)
    assert (check.status, check.words) == ("not checked", "not checked")
    assert "pyffish" in check.reason


def test_boards_past_the_pyffish_build_are_not_checked() -> None:
    assert check_ffish("N", 13, 10).status == "not checked"
    assert check_ffish("K@", 8, 8).status == "not checked"


# --- dialects ----------------------------------------------------------------------------------

def test_oblique_continuation_touches_the_bent_knight() -> None:
    result = lint("mafN")
    assert result.dialects_checked
    names = {(f.data["name"], f.data["dialect"]) for f in of_kind(result, "dialect")}
    assert ("oblique-continuation", "xboard") in names


def test_range_inheritance_touches_a_ranged_hook() -> None:
    names = {f.data["name"] for f in of_kind(lint("masW3"), "dialect")}
    assert "range-inheritance" in names


def test_no_dialect_difference_touches_the_knight() -> None:
    result = linted("N")
    assert result.dialects_checked and of_kind(result, "dialect") == []


@dataclass(frozen=True)
class _Difference:
    name: str = "oblique-continuation"
    dialect: str = "xboard"
    description: str = "continuation legs of oblique atoms use the King directions"
    files: int = 8
    ranks: int = 8
    origin: str = "e4"
    side: str = "white"
    friends: list[str] = field(default_factory=list)
    enemies: list[str] = field(default_factory=list)
    spec_only: list[str] = field(default_factory=lambda: ["a2", "a6", "c8", "g8"])
    dialect_only: list[str] = field(default_factory=lambda: ["a1", "a5", "b8", "f8"])

    def as_json(self) -> dict:
        return {"name": self.name, "from": self.origin}


def test_a_dialect_difference_is_a_finding_with_its_position(monkeypatch) -> None:
    # the comparison itself is another module's; this checks how lint reports its answer
    asked = []
    fake = types.ModuleType("translator.queries.dialect_diff")
    fake.dialect_differences = lambda betza, files=8, ranks=8, timeout=60.0: (
        asked.append((betza, files, ranks)) or [_Difference()])
    fake.refusals = lambda betza: []
    monkeypatch.setitem(sys.modules, "translator.queries.dialect_diff", fake)
    result = lint("mafN")
    assert asked == [("mafN", 8, 8)]
    (dialect,) = of_kind(result, "dialect")
    assert dialect.message.startswith("oblique-continuation: XBoard reads it differently")
    # oblique-continuation is one of XBoard's defects: the spec text is clear there
    assert dialect.message.endswith("; XBoard departs from the spec text here")
    assert dialect.data["departs"] is True
    assert dialect.details == ["from e4 on an empty 8x8 board: only betza-kb goes to "
                               "a2 a6 c8 g8; only XBoard goes to a1 a5 b8 f8"]
    assert dialect.as_json()["difference"] == {"name": "oblique-continuation", "from": "e4"}


def test_each_program_and_whether_it_departs_from_the_spec() -> None:
    # vlN: both programs read vN + lN, where the spec text gives the vertical moves of the
    # left pair; from a1 only the programs reach b3 (vN), and they depart from the spec
    found = {(f.data["dialect"], f.data["name"]): f for f in of_kind(lint("vlN"), "dialect")}
    assert set(found) == {("xboard", "lr-after-vs-on-oblique"),
                          ("diagram", "lr-after-vs-on-oblique")}
    for finding in found.values():
        assert finding.data["departs"] is True
        assert finding.data["difference"]["dialect_only"] == ["b3"]
        assert finding.data["difference"]["spec_only"] == []


def test_a_program_without_an_answer_is_named() -> None:
    # the Interactive Diagram loops forever on n on an oblique atom
    (refused,) = of_kind(lint("nN"), "dialect")
    assert refused.data == {"name": "no-answer", "dialect": "diagram", "departs": False}
    assert refused.message.startswith("the Interactive Diagram has no answer: 'n' on an "
                                      "oblique atom")


def test_a_string_only_the_programs_read_is_linted_program_against_program() -> None:
    # afrN: the spec refuses fr on a later leg of a Knight; XBoard turns to its King
    # directions, the Diagram to the next Knight direction clockwise. From a1: b3 (1,2) then
    # XBoard's fr (2,2) -> d5, the Diagram's (2,1) -> d4; c2 (2,1) then XBoard's r (2,0)
    # -> e2, the Diagram's (2,-1) -> e1.
    result = lint("afrN")
    names = [(f.data["name"], f.data.get("dialect")) for f in of_kind(result, "dialect")]
    assert names == [("undefined-in-spec", "xboard"), ("undefined-in-spec", "diagram"),
                     ("programs-differ", None)]
    differ = result.findings[-1]
    assert differ.details == ["from a1 on an empty 8x8 board: only XBoard goes to d5 e2; "
                              "only the Interactive Diagram goes to d4 e1"]
    assert result.notes[0].startswith("the spec reading refuses it: direction 'fr'")
    # nafrN: the Diagram has no answer (n on an oblique atom), so XBoard alone reads it
    assert [f.data["name"] for f in lint("nafrN").findings] == ["undefined-in-spec",
                                                                 "no-answer"]


def test_cli_a_string_nobody_reads_still_exits_2(capsys) -> None:
    # (hrK is read by XBoard: chiral-off-oblique; the imitator takes f or b in every reading)
    code, out, err = run(capsys, "lint", "hrI")
    assert code == 2 and out == ""
    assert err.startswith("betza: error: 'hr' means nothing on the imitator I")


# --- command line, batch, HTTP ------------------------------------------------------------------

def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_clean_exits_0(capsys) -> None:
    code, out, _ = run(capsys, "lint", "N")
    assert code == 0 and out.splitlines()[0] == "N on 8x8: clean"


def test_cli_findings_exit_1_one_line_each(capsys) -> None:
    code, out, _ = run(capsys, "lint", "WK")
    lines = out.splitlines()
    assert code == 1 and lines[0] == "WK on 8x8: 2 findings"
    assert lines[1].startswith("  contained-move: the move W adds nothing")
    assert lines[2].startswith("  shorter: K is a shorter spelling")


def test_cli_bad_string_exits_2_with_a_caret(capsys) -> None:
    code, out, err = run(capsys, "lint", "Nx")
    assert code == 2 and out == ""
    assert err.splitlines() == [
        "betza: error: the modifiers at the end have no atom letter after them at position 2",
        "  Nx", "   ^"]


def test_cli_json_shape(capsys) -> None:
    code, out, _ = run(capsys, "lint", "mcW", "--json", "--board", "10x10")
    answer = json.loads(out)
    assert code == 1
    assert {"ok", "betza", "files", "ranks", "clean", "findings", "shortest",
            "fairy_stockfish", "dialects_checked", "notes"} <= set(answer)
    assert (answer["betza"], answer["files"], answer["clean"], answer["shortest"]) == (
        "mcW", 10, False, "W")
    first = answer["findings"][0]
    assert first["kind"] == "redundant-modifier"
    assert {"message", "details", "move", "position", "equivalent", "suggestion"} <= set(first)
    assert answer["fairy_stockfish"]["status"] in ("same", "not checked")


def test_batch_kind_lint() -> None:
    (answer,) = answer_group([json.dumps({"query": "lint", "betza": "WfW"})])
    assert answer["ok"] and answer["shortest"] == "W"
    assert [f["kind"] for f in answer["findings"]] == ["contained-move", "shorter"]
    (bad,) = answer_group([json.dumps({"query": "lint", "betza": "3N"})])
    assert bad["ok"] is False and "position 1" in bad["error"]


def test_http_api_answers_as_batch_does() -> None:
    obj = {"query": "lint", "betza": "WK"}
    # lint takes about 2 s alone; its lane's worker runs at a low CPU priority, so on a
    # loaded machine (the other test process at full speed) it took 57 s once: this test
    # is about the answer, not the limit
    with TestClient(create_app(workers=1, max_timeout=600.0)) as client:
        res = client.post("/api/query", json=obj)
    assert res.status_code == 200
    assert res.json() == answer_group([json.dumps(obj)])[0]
    assert res.json()["shortest"] == "K"


def test_direction_letters_that_leave_no_move_at_all() -> None:
    # f selects nothing on the universal leaper: fU never moves (with W it is W, with F, F)
    (empty,) = of_kind(lint("fU"), "meaningless-direction")
    assert "makes no move at all" in empty.message and empty.equivalent is None
    # beside another move the empty move is simply contained in it
    assert [f.move for f in of_kind(lint("KfU"), "contained-move")] == ["fU"]


def test_bracket_strings_are_linted_in_the_spec_reading() -> None:
    # the Xiangqi horse in brackets: nN is shorter and proven the same piece; the dialects
    # are not asked, as neither XBoard nor the Interactive Diagram reads brackets
    result = lint("[W-F]")
    assert [f.suggestion for f in of_kind(result, "shorter")] == ["nN"]
    assert not result.dialects_checked
    assert any("do not read the bracket notation" in n for n in result.notes)
