"""Which pieces attack a square: hand-checked positions, and the reverse question."""

import json

from translator.catalogue.fen import parse_fen
from translator.jsonapi.batch import answer_group
from translator.position import PlacedPiece, Position
from translator.queries.attacks import attackers_of_square, attacks

FIDE = {"P": "fmWfceFifmnD", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "K"}


def summary(found):
    return {a.square: sorted(m.to for m in a.moves) for a in found}


def test_fide_start_position_f3_and_f6():
    pos = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FIDE)
    # f3 is empty: the answer is for an enemy placed there
    assert summary(attacks("f3", pos, by="white")) == {"e2": ["f3"], "g2": ["f3"],
                                                         "g1": ["f3"]}
    assert summary(attacks("f6", pos, by="black")) == {"e7": ["f6"], "g7": ["f6"],
                                                         "g8": ["f6"]}
    both = attacks("f3", pos)
    assert {a.side for a in both} == {"white"}  # no black piece reaches f3


def place(files, ranks, **pieces):
    pos = Position(files, ranks)
    for sq, (betza, side, *royal) in pieces.items():
        pos.pieces[pos.square(sq)] = PlacedPiece(side, betza, royal=bool(royal))
    return pos


def test_locust_attacks_the_square_it_jumps():
    pos = place(8, 8, d3=("fcafmF", "white"), e4=("K", "black"))
    (att,) = attacks("e4", pos)
    assert att.square == "d3"
    assert [(m.to, m.legs, m.captures) for m in att.moves] == [
        ("f5", ("d3", "e4", "f5"), ("e4",))]
    # the landing square must be empty
    pos.pieces[pos.square("f5")] = PlacedPiece("black", "K")
    assert all(a.square != "d3" for a in attacks("e4", pos))


def test_hoppers_need_a_mount():
    pos = place(8, 8, h4=("mRcpR", "black"), e4=("K", "white"))
    assert attacks("e4", pos) == []  # cannon without a mount only moves
    pos.pieces[pos.square("f4")] = PlacedPiece("black", None)
    (att,) = attacks("e4", pos, by="black")
    assert [m.legs for m in att.moves] == [("h4", "f4", "e4")]
    grass = place(8, 8, e1=("gQ", "white"), e2=(None, "white"), e3=("K", "black"))
    assert summary(attacks("e3", grass, by="white")) == {"e1": ["e3"]}


def test_k_moves_attack_only_a_royal_piece():
    pos = place(9, 10, e1=("WfkR", "white"), e8=("K", "black"))
    assert attacks("e8", pos, by="white") == []
    pos.pieces[pos.square("e8")] = PlacedPiece("black", "K", royal=True)
    assert summary(attacks("e8", pos, by="white")) == {"e1": ["e8"]}
    # an empty target can be asked about as a royal one
    empty = place(9, 10, e1=("WfkR", "white"))
    assert summary(attacks("e9", empty, by="white", royal_target=True)) == {"e1": ["e9"]}
    assert attacks("e9", empty, by="white") == []


def test_en_passant_attack():
    pos = parse_fen("8/8/8/3pP3/8/8/8/8 w - d6 0 1", FIDE)
    found = attacks("d5", pos, by="white")
    assert [(a.square, [(m.to, m.captures) for m in a.moves]) for a in found] == [
        ("e5", [("d6", ("d5",))])]


def test_reverse_question_on_an_empty_board():
    assert attackers_of_square("e4", "fcafmF") == ["d3", "f3"]
    assert attackers_of_square("e4", "N") == ["c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"]
    assert attackers_of_square("e4", "fmWfcF", side="black") == ["d5", "f5"]
    assert attackers_of_square("a1", "mRcpR") == []  # needs a mount


def test_batch_attacks_line():
    line = {"query": "attacks", "square": "e4", "files": 8, "ranks": 8, "by": None,
            "pieces": {"c3": {"betza": "N", "side": "black", "royal": False},
                       "d3": {"betza": "fcafmF", "side": "white"},
                       "h4": {"betza": "mRcpR", "side": "black"},
                       "f4": {"betza": "K", "side": "white"}}}
    (answer,) = answer_group([json.dumps(line)])
    assert answer["ok"]
    got = {a["from"]: [(m["to"], m["captures"]) for m in a["moves"]]
           for a in answer["attackers"]}
    assert got == {"c3": [("e4", ["e4"])], "d3": [("f5", ["e4"])], "f4": [("e4", ["e4"])],
                   "h4": [("e4", ["e4"])]}


def test_an_attacks_query_over_its_budget_is_refused_and_the_others_are_answered():
    # pawns on c3 and e2 and a knight on g1 attack d4/f3; with a budget of 10 atoms the
    # first line is refused before grounding (the pawns' relay moves, x, keep the solver
    # path; the knight's table grounds nothing), the second (default budget) is answered
    pos = {"fen": "8/8/8/8/8/2P5/4P3/6N1 w - - 0 1", "pieces": "P:fmWfcFxW,N:N"}
    lines = [json.dumps({"query": "attacks", "square": "d4", "max_atoms": 10, **pos}),
             json.dumps({"query": "attacks", "square": "f3", **pos})]
    refused, answered = answer_group(lines)
    assert refused["ok"] is False and "max_atoms" in refused["error"]
    assert {a["from"] for a in answered["attackers"]} == {"e2", "g1"}


def test_the_attacks_command_takes_the_limits(capsys):
    from translator.cli.main import main

    status = main(["attacks", "d4", "--fen", "8/8/8/8/8/2P5/8/8 w", "--pieces",
                   "P:fmWfcFxW", "--max-atoms", "10"])
    assert status == 2
    assert "--max-atoms" in capsys.readouterr().err


def test_many_castling_kings_in_one_batch_are_each_answered():
    # the castling squares of every line are checked in one attacks program: a rook on f8
    # attacks f1, so White castles long only (c1), on every one of 40 lines
    line = json.dumps({"query": "moves", "fen": "5r2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
                       "variant": "chess", "from": "e1"})
    answers = answer_group([line] * 40)
    for answer in answers:
        castles = {m["to"] for m in answer["moves"] if m.get("unloads")}
        assert castles == {"c1"}


def test_attackers_are_the_pieces_whose_moves_capture_on_the_target():
    # attacks.lp builds its moves with lean.lp and paths.lp and works back from the target;
    # the same answer from the moves query, piece by piece, with an enemy put on the
    # (empty) target: every move whose captures include it, on 24 random positions
    import random
    from dataclasses import replace

    from translator.queries.moves import MovesQuery, batch_moves

    kinds = ["R", "N", "Q", "K", "RasR", "FyafsF", "mRcpR", "gQ", "afsW", "fcafmF", "caibR",
             "nN", "ckQ"]
    rng = random.Random(12)
    cases, queries, owners = [], [], []
    for _ in range(24):
        squares = rng.sample([(x, y) for x in range(8) for y in range(8)], 8)
        target, others = squares[0], squares[1:]
        pos = Position(8, 8, {sq: PlacedPiece(rng.choice(["white", "black"]),
                                              rng.choice(kinds), royal=rng.random() < 0.2)
                              for sq in others})
        name = "abcdefgh"[target[0]] + str(target[1] + 1)
        for side in ("white", "black"):
            placed = replace(pos, pieces={**pos.pieces, target: PlacedPiece(
                "black" if side == "white" else "white")})
            for sq, pc in pos.pieces.items():
                if pc.side == side:
                    origin = "abcdefgh"[sq[0]] + str(sq[1] + 1)
                    queries.append(MovesQuery(pc.betza, origin, placed, side))
                    owners.append((len(cases), origin))
            cases.append((name, pos, side))
    want: list[dict[str, list]] = [{} for _ in cases]
    for (case, origin), found in zip(owners, batch_moves(queries), strict=True):
        hits = [m for m in found if cases[case][0] in m.captures]
        if hits:
            want[case][origin] = hits
    found_any = 0
    for (name, pos, side), expected in zip(cases, want, strict=True):
        got = {a.square: list(a.moves) for a in attacks(name, pos, by=side)}
        assert got == expected, (name, side, pos.pieces)
        found_any += len(got)
    assert found_any == 28  # attackers found on these positions (both ways)
