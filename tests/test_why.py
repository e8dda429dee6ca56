"""``betza why``: can the piece go there, and why (not)? Hand-checked cases.

Each expected line was worked out on a board by hand from the move's definition:
the derivation of a move that exists, the failed condition of the closest position that
allows a move that does not, and the pieces that no position lets reach a square.
"""

import io
import json

import pytest

from translator.cli.main import main
from translator.errors import BetzaError
from translator.jsonapi.batch import run_batch
from translator.position import Position
from translator.present.why.answer import why


def light(**kw):
    return Position.light(8, 8, **kw)


def test_checker_capture_exists_leg_by_leg():
    # fcafmF: leg 1 a diagonal step forward that must capture, leg 2 the same step on,
    # which must land on an empty square. e4 -> f5 (enemy, taken) -> g6.
    w = why("fcafmF", "e4", "g6", light(enemies=["f5"]))
    assert w.possible and w.reachable and w.changes == []
    assert [m.as_json() for m in w.moves] == [
        {"to": "g6", "legs": ["e4", "f5", "g6"], "captures": ["f5"]}]
    assert w.explanation == [
        "fcafmF (white) on e4 can go to g6: 1 move.",
        "g6 via f5, captures f5, by the move fcafmF (leg 1 fc, leg 2 fm):",
        "  leg 1: e4 -> f5 (Ferz step, forward-right): f5 holds an enemy, captured (locust)",
        "  leg 2: f5 -> g6 (Ferz step, forward-right): g6 is empty, the move ends there",
    ]


def test_checker_cannot_capture_a_friend():
    # The only way to g6 is through f5 with a capture; a friend there spoils it, and
    # turning it into an enemy is the one change that allows the move.
    w = why("fcafmF", "e4", "g6", light(friends=["f5"]))
    assert not w.possible and w.moves == [] and w.reachable
    assert w.changes == ["leg 1 ends on f5, which must hold an enemy but holds a friend"]
    assert "The closest position that allows it has 1 change:" in w.explanation
    assert ("    leg 1: e4 -> f5 (Ferz step, forward-right): f5 holds an enemy, captured "
            "(locust)") in w.explanation


def test_xiangqi_horse_is_lame():
    # mafsW: a Wazir step that must land on an empty square, then a diagonal step
    # outward. e4 -> f6 goes only through e5 (through f5 it would end on g6 or e6).
    w = why("mafsW", "e4", "f6", light(enemies=["e5"]))
    assert not w.possible
    assert w.changes == ["leg 1 ends on e5, which must be empty but holds an enemy"]
    assert "    leg 1: e4 -> e5 (Wazir step, forward): e5 is empty" in w.explanation
    assert w.explanation[-1] == ("    leg 2: e5 -> f6 (Ferz step, forward-right): f6 is "
                                 "empty, the move ends there")
    assert why("mafsW", "e4", "f6", light(enemies=["f5"])).possible


def test_rook_cannon_moves_on_an_empty_file():
    # mRcpR on a1, nothing on the a-file: the cannon cannot capture on a8 (no mount and
    # nothing to take), but it moves there as a rook (mR).
    w = why("mRcpR", "a1", "a8", light())
    assert w.possible
    assert [m.as_json() for m in w.moves] == [{"to": "a8", "legs": ["a1", "a8"],
                                               "captures": []}]
    assert w.explanation[1:] == [
        "a8, by the move mR:",
        "  leg 1: a1 -> a8 (7 Wazir steps, forward): a8 is empty, the move ends there"]


def test_rook_cannon_needs_a_mount_to_capture():
    # An enemy on a8 and no mount: mR cannot take it and cpR has nothing to hop over.
    # One change suffices either way: a8 empty (mR, the first move, told first) or a
    # piece on any of a2..a7 to hop over (cpR).
    w = why("mRcpR", "a1", "a8", light(enemies=["a8"]))
    assert not w.possible
    assert w.changes == ["leg 1 ends on a8, which must be empty but holds an enemy"]
    text = "\n".join(w.explanation)
    for sq in ("a2", "a3", "a4", "a5", "a6", "a7"):
        assert (f"  leg 1 ends on {sq}, which must hold a piece to hop over but is empty "
                "(by the move cpR)") in text
    # with a mount the capture exists: a1 -> a4 (hop) -> a8
    w = why("mRcpR", "a1", "a8", light(friends=["a4"], enemies=["a8"]))
    assert w.possible
    assert [m.legs for m in w.moves] == [("a1", "a4", "a8")]
    assert "  leg 1: a1 -> a4 (3 Wazir steps, forward): a4 holds a friend, hopped over (p)" \
        in w.explanation


def test_chiral_knight_never_reaches_the_square_ahead():
    w = why("hrN", "e4", "e5", light())
    assert not w.possible and not w.reachable and w.changes == []
    assert w.explanation == [
        "no position lets hrN on e4 reach e5: it is not among the squares its moves can "
        "reach (its leaps from e4 go to c5 d2 f6 g3 on an empty board)."]


def test_double_step_needs_a_virgin_piece():
    # ifmnD: a Dabbaba leap forward, only as the first move, over an empty e3.
    w = why("ifmnD", "e2", "e4", light())
    assert not w.possible
    assert w.changes == ["the piece must not have moved yet (i)"]
    assert "    it creates e.p. rights on e3" in w.explanation
    ok = why("ifmnD", "e2", "e4", light(), virgin=True)
    assert ok.possible and ok.moves[0].ep_rights == ("e3",)
    # virgin, but blocked on e3: n makes the leap lame
    w = why("ifmnD", "e2", "e4", light(friends=["e3"]), virgin=True)
    assert w.changes == ["leg 1 leaps over e3, which must be empty (n) but holds a friend"]


def test_blocked_slide_names_the_blockers():
    w = why("R", "a1", "a8", light(friends=["a4"], enemies=["a6"]))
    assert w.changes == ["leg 1 passes over a4, which must be empty but holds a friend",
                         "leg 1 passes over a6, which must be empty but holds an enemy"]


def test_black_directions_are_turned_round():
    w = why("fcafmF", "e5", "c3", light(side="black", enemies=["d4"]))
    assert w.possible
    assert w.explanation[2] == ("  leg 1: e5 -> d4 (Ferz step, forward-right): d4 holds an "
                                "enemy, captured (locust)")


def test_bad_input_raises():
    with pytest.raises(BetzaError):
        why("N", "e4", "j9", light())
    with pytest.raises(BetzaError):
        why("Nx", "e4", "e5", light())


def test_cli_why_text_and_json(capsys):
    code = main(["why", "fcafmF", "--from", "e4", "--to", "g6", "--friends", "f5"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "fcafmF (white) on e4 cannot go to g6 in this position."
    assert "  leg 1 ends on f5, which must hold an enemy but holds a friend" in lines
    code = main(["why", "hrN", "--from", "e4", "--to", "e5", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    answer = json.loads(out)
    assert answer["ok"] is True and answer["possible"] is False and answer["moves"] == []
    assert answer["explanation"][0].startswith("no position lets hrN on e4 reach e5")
    code = main(["why", "N", "--from", "e4", "--to", "k9"])
    _, err = capsys.readouterr()
    assert code == 2 and "off a board" in err


def test_cli_why_help_has_examples(capsys):
    with pytest.raises(SystemExit):
        main(["why", "--help"])
    out, _ = capsys.readouterr()
    assert "betza why fcafmF --from e4 --to g6 --enemies f5" in out


def test_cli_moves_to_prints_the_derivation(capsys):
    code = main(["moves", "fcafmF", "--from", "e4", "--enemies", "f5", "--to", "g6"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert ("  leg 1: e4 -> f5 (Ferz step, forward-right): f5 holds an enemy, captured "
            "(locust)") in out.splitlines()
    code = main(["moves", "mafsW", "--from", "e4", "--enemies", "e5", "--to", "f6"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "  leg 1 ends on e5, which must be empty but holds an enemy" in out.splitlines()


def test_batch_why_line():
    lines = [{"query": "why", "betza": "fcafmF", "from": "e4", "to": "g6",
              "enemies": ["f5"]},
             {"query": "why", "betza": "ifmnD", "from": "e2", "to": "e4"},
             {"query": "why", "betza": "N", "from": "e4"}]
    out = io.StringIO()
    run_batch(io.StringIO("\n".join(json.dumps(x) for x in lines) + "\n"), out)
    first, second, third = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["ok"] is True and first["possible"] is True
    assert first["moves"] == [{"to": "g6", "legs": ["e4", "f5", "g6"], "captures": ["f5"]}]
    assert first["explanation"][2].startswith("  leg 1: e4 -> f5 (Ferz step")
    assert second["possible"] is False and second["moves"] == []
    assert "  the piece must not have moved yet (i)" in second["explanation"]
    assert third == {"ok": False, "error": "missing 'to' (a string)"}


@pytest.mark.parametrize("betza", ["fmWfceFifmnD", "fmWfceFfmnnD"])
def test_one_open_program_answers_as_a_program_per_position(betza, monkeypatch):
    # (pieces with a compiled table are answered from it: these two, with e.p., are not)
    # A small piece's why program takes the position as external atoms and is grounded
    # once for its type and board; it must say exactly what a program grounded with the
    # position's facts says, square after square, position after position.
    import random

    from translator.queries.why import program as why_program

    rng = random.Random(betza)
    squares = [f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)]
    cases = []
    for i in range(9):
        origin, to, *others = rng.sample(squares, 10)
        if i >= 6:  # the first one's square again, in other positions (explore is kept)
            origin, to, *others = [cases[0][0]] + rng.sample(
                [sq for sq in squares if sq != cases[0][0]], 9)
        pos = light(friends=others[:3], enemies=others[3:7], ep=others[7:8],
                    ep_victim=others[4])
        cases.append((origin, to, pos, rng.choice(["white", "black"]), rng.random() < .5))
    why_program.OPEN.clear()
    why_program.CLOSED.clear()
    opened = [why(betza, o, t, p, side=s, virgin=v) for o, t, p, s, v in cases]
    # the first question of a side gets a program of its position, the next ones the side's
    # one open program
    assert len(why_program.OPEN) == len(
        {s for _, _, _, s, _ in cases})
    # (and without the open programs kept, which a program is taken from first)
    monkeypatch.setattr(why_program, "opens", lambda ctx: False)
    why_program.OPEN.clear()
    why_program.EXPLORED.clear()
    assert [why(betza, o, t, p, side=s, virgin=v) for o, t, p, s, v in cases] == opened
    assert not why_program.OPEN and why_program.CLOSED   # (a program per position answered)


def test_a_grasshopper_hops_over_a_friend_or_needs_one():
    # gQ: a queen line up to the first piece, over it, one step on. d4 -> d7 over d6.
    # Without a piece on d6 one change allows it; e6 is off every queen line from d4, so
    # no position lets it go there, and an empty board gives it no moves at all.
    from translator.queries.moves import moves

    pos = light(friends=["d6"])
    w = why("gQ", "d4", "d7", pos)
    assert w.possible and w.moves == [m for m in moves("gQ", "d4", pos) if m.to == "d7"]
    assert [m.as_json() for m in w.moves] == [
        {"to": "d7", "legs": ["d4", "d6", "d7"], "captures": []}]
    w = why("gQ", "d4", "d7", light())
    assert not w.possible and w.changes == [
        "leg 1 ends on d6, which must hold a piece to hop over but is empty"]
    w = why("gQ", "d4", "e6", light())
    assert not w.possible and not w.reachable
    assert w.explanation == [
        "no position lets gQ on d4 reach e6: it is not among the squares its moves can reach "
        "(it has no moves from d4 on an empty board).",
        "In other positions it can also reach: a1 a4 a7 b2 b4 b6 d1 d2 d6 d7 d8 f2 f4 f6 g1 "
        "g4 g7 h4 h8."]


def test_a_cannon_captures_over_a_screen():
    # mRcpR: moves as a rook, captures by hopping one piece on its line. a1 -> a8 over a5.
    w = why("mRcpR", "a1", "a8", light(enemies=["a5", "a8"]))
    assert w.possible and [m.as_json() for m in w.moves] == [
        {"to": "a8", "legs": ["a1", "a5", "a8"], "captures": ["a8"]}]
    assert w.explanation[2] == ("  leg 1: a1 -> a5 (4 Wazir steps, forward): a5 holds an "
                                "enemy, hopped over (p)")


# ---- squares during a move, iso and default directions as both reference programs read them --

def test_iso_after_a_leaper_leg_asks_nothing():
    # fasiK: the forward step d4 -> d5, then a sideways step; no slider leg came before, so
    # i does not constrain the second leg (Black: forward is toward rank 1, left is east)
    w = why("fasiK", "d4", "c5", light())
    assert w.possible and [m.legs for m in w.moves] == [("d4", "d5", "c5")]
    b = why("fasiK", "e5", "f4", light(side="black"))
    assert b.possible and [m.legs for m in b.moves] == [("e5", "e4", "f4")]


def test_a_captured_piece_stays_and_can_be_hopped():
    # camabpW: capture e5, step left to d5, hop back over e5 (the captured piece is still
    # there) and land on f5
    w = why("camabpW", "e4", "f5", light(enemies=["e5"]))
    assert w.possible
    assert [m.as_json() for m in w.moves] == [
        {"to": "f5", "legs": ["e4", "e5", "d5", "e5", "f5"], "captures": ["e5"]}]
    assert "  leg 3: d5 -> e5 (Wazir step, right): e5 holds an enemy, hopped over (p)" \
        in w.explanation
    b = why("camabpW", "d5", "c4", light(side="black", enemies=["d4"]))
    assert [m.legs for m in b.moves] == [("d5", "d4", "e4", "d4", "c4")]


def test_no_position_lets_a_locust_step_back_onto_its_capture():
    # camabmW: the last leg steps back onto the square leg 1 captured on, which still holds
    # the captured piece until the move ends: no position gives it any move
    w = why("camabmW", "e4", "e5", light(enemies=["e5"]))
    assert not w.possible and not w.reachable and w.changes == []


def test_a_leg_without_direction_letters_never_goes_straight_back():
    # fmaQ: from e6 (or e7, e8) the second leg never slides back south, so e5 and the
    # squares below the start stay out of reach in every position
    for goal in ("e5", "e3"):
        w = why("fmaQ", "e4", goal, light())
        assert not w.possible and not w.reachable


# ---- pieces with a compiled move table: answered from its rows, no why.lp search ----

@pytest.fixture
def no_search(monkeypatch):
    """Fail the test if why.lp is asked: a piece with a table is answered from its rows."""
    from translator.queries.why import program as why_program

    def asked(*args, **kwargs):
        raise AssertionError("why.lp was asked")

    monkeypatch.setattr(why_program, "ask", asked)


def test_table_rook_blocked_by_a_friend(no_search):
    # R on a1, a friend on a5: the one row to a8 needs a2..a7 empty and a8 empty or an
    # enemy; a5 is the one condition that fails
    w = why("R", "a1", "a8", light(friends=["a5"]))
    assert not w.possible and w.reachable
    assert w.changes == ["leg 1 passes over a5, which must be empty but holds a friend"]
    assert w.needed == [("a5", "white", "empty")]
    # (two rows to a8: the move onto an empty a8, and the capture of an enemy there)
    assert w.as_json()["rows"] == [
        {"move": "R", "legs": ["a1", "a8"], "captures": [], "fails": [w.changes[0]]},
        {"move": "R", "legs": ["a1", "a8"], "captures": ["a8"],
         "fails": [w.changes[0], "leg 1 ends on a8, which must hold an enemy but is empty"]}]
    # below the friend the rook goes; beyond the enemy on a8 it cannot go at all
    assert why("R", "a1", "a4", light(friends=["a5"])).possible
    assert not why("R", "a1", "b2", light()).reachable


def test_table_bracket_rider_captures_on_its_first_leg(no_search):
    # [F?R]: a Ferz step that may end there ('?'), moving or capturing, or go on as a rook
    # outward. From e5 with an enemy on d4 the first leg captures it.
    w = why("[F?R]", "e5", "d4", light(enemies=["d4"]))
    assert w.possible
    assert [m.as_json() for m in w.moves] == [{"to": "d4", "legs": ["e5", "d4"],
                                               "captures": ["d4"]}]
    # beyond d4 (c4, via d4, outward to the left) the enemy blocks the second leg's start
    w = why("[F?R]", "e5", "c4", light(enemies=["d4"]))
    assert not w.possible
    assert w.changes == ["leg 1 ends on d4, which must be empty but holds an enemy"]


def test_table_leg_back_is_blocked_on_its_first_leg(no_search):
    # rmabR (Black on e5: right is toward the a-file): a rook move right onto an empty
    # square, then back. To end on c5 the first leg must pass c5 (to b5 or a5), so an enemy
    # there is never captured: the one change is c5 empty
    w = why("rmabR", "e5", "c5", light(side="black", enemies=["c5"]))
    assert not w.possible
    assert w.changes == ["leg 2 ends on c5, which must be empty but holds an enemy"]
    assert "    leg 1: e5 -> a5 (4 Wazir steps, right): a5 is empty" in w.explanation


def test_table_royal_conditions(no_search):
    # kR captures only a royal enemy; tR never captures one
    w = why("kR", "a1", "a8", light(enemies=["a8"]))
    assert w.changes == ["the piece on a8 must be royal (k)"]
    assert w.needed == [("a8", "plain", "royal")]
    assert why("kR", "a1", "a8", light(enemies=["a8"], royal=["a8"])).possible
    w = why("tR", "a1", "a8", light(enemies=["a8"], royal=["a8"]))
    assert not w.possible
    assert "  the piece on a8 must not be royal (t) (by the move tR)" in w.explanation


def test_table_answer_agrees_with_moves(no_search):
    from translator.queries.moves import moves

    pos = light(friends=["d6", "f4"], enemies=["b6", "e5", "g7"])
    for betza in ("mRcpR", "fcafmF", "mafsW", "gQ", "Q"):
        for sq in ("b6", "d5", "d8", "e5", "g7", "h8"):
            w = why(betza, "d4", sq, pos)
            assert w.moves == [m for m in moves(betza, "d4", pos) if m.to == sq], (betza, sq)


def test_table_rows_each_with_what_fails(no_search):
    # mRcpR on a1, an enemy on a4: mR would need a4 empty; cpR captures it over a mount on
    # a2 or a3, each empty here. Every row to a4 is listed with its one failed condition.
    w = why("mRcpR", "a1", "a4", light(enemies=["a4"]))
    assert not w.possible
    assert w.as_json()["rows"] == [
        {"move": "mR", "legs": ["a1", "a4"], "captures": [],
         "fails": ["leg 1 ends on a4, which must be empty but holds an enemy"]},
        {"move": "cpR", "legs": ["a1", "a2", "a4"], "captures": ["a4"],
         "fails": ["leg 1 ends on a2, which must hold a piece to hop over but is empty"]},
        {"move": "cpR", "legs": ["a1", "a3", "a4"], "captures": ["a4"],
         "fails": ["leg 1 ends on a3, which must hold a piece to hop over but is empty"]}]
    # with a friend on a2 the first cannon row holds (its list of failures is empty), and
    # the rook move now fails twice
    rows = why("mRcpR", "a1", "a4", light(friends=["a2"], enemies=["a4"])).as_json()["rows"]
    assert [r["fails"] for r in rows][:2] == [
        ["leg 1 passes over a2, which must be empty but holds a friend",
         "leg 1 ends on a4, which must be empty but holds an enemy"], []]
