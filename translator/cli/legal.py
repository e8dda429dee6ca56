"""``betza legal``, ``betza san`` and ``betza covers``: whole positions of a game
(translator/game), a variant of Fairy-Stockfish's or of a variants.ini."""

from __future__ import annotations

import argparse
import json
from typing import Any

from translator.cli.common import add_command, timeout_option


def game_options(p: argparse.ArgumentParser, moves: bool = True) -> None:
    """--variant, --ini, --fen (and --moves): the game and its position."""
    g = p.add_argument_group("the game")
    g.add_argument("--variant", required=True, metavar="NAME",
                   help="a variant as Fairy-Stockfish names it (chess, shogi, capablanca …)"
                        " or a section of --ini")
    g.add_argument("--ini", metavar="FILE", help="a Fairy-Stockfish variants.ini to read "
                   "--variant from")
    g.add_argument("--fen", help="the position, as Fairy-Stockfish writes it (default: the "
                   "variant's start)")
    if moves:
        g.add_argument("--moves", default="", metavar="UCI,..",
                       help="moves played from the position first, e.g. e2e4,e7e5")
    timeout_option(p, 60.0, "give up after this many seconds (default 60)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def game_line(args: argparse.Namespace) -> dict[str, Any]:
    """The batch line of the options (translator/jsonapi/game_kinds.py reads it)."""
    line: dict[str, Any] = {"variant": args.variant, "ini": args.ini, "fen": args.fen,
                            "timeout": args.timeout}
    moves = [m for m in (getattr(args, "moves", "") or "").replace(",", " ").split() if m]
    if moves:
        line["moves"] = moves
    return line


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = add_command(
        sub, "legal", help="list the legal moves of the side to move in a game",
        description="List the legal moves of the side to move (UCI as Fairy-Stockfish "
        "writes them, and SAN), and say whether that side is in check, checkmated or "
        "stalemated. Pins, castling, e.p., promotion and drops are the variant's rules.",
        epilog="""examples:
  betza legal --variant chess --fen "7k/8/8/8/8/8/8/K7 w - - 0 1"
      a1a2 (Ka2), a1b1 (Kb1), a1b2 (Kb2)
  betza legal --variant chess --moves f2f3,e7e5,g2g4,d8h4
      White is checkmated (the fool's mate): no legal move
  betza legal --variant crazyhouse --fen "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1" --json
  betza legal --ini variants.ini --variant mygame""")
    game_options(p)
    p.set_defaults(func=run_legal)
    p = add_command(
        sub, "san", help="name moves in standard algebraic notation",
        description="The SAN of each MOVE (UCI), played in sequence from the position, "
        "disambiguated as Fairy-Stockfish's get_san does.",
        epilog="""examples:
  betza san --variant chess e2e4 e7e5 g1f3
      e4 e5 Nf3
  betza san --variant chess --fen "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1" e1g1 e8d7 a1a7
      O-O Kd7 Ra7+""")
    game_options(p, moves=False)
    p.add_argument("uci", nargs="+", metavar="MOVE", help="moves in UCI form (e2e4, e7e8q, P@e4)")
    p.set_defaults(func=run_san)
    p = add_command(
        sub, "covers", help="the squares a side covers, or the pieces attacking a square",
        description="Without SQUARE: every square a piece of the side covers (could capture "
        "on, were an enemy there). With SQUARE: the pieces of the side that attack it, "
        "whatever stands there: defenders of their own piece included, as python-chess's "
        "attackers (betza attacks answers who can capture the piece standing there).",
        epilog="""examples:
  betza covers e4 --variant chess --by white \
        --fen "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQR1K1 b kq - 5 6"
      the rook on e1 (through e2 and e3) defends the pawn on e4
  betza covers --variant chess --by black --json""")
    p.add_argument("square", nargs="?", help="the square asked about")
    game_options(p)
    p.add_argument("--by", choices=["white", "black"],
                   help="the side whose pieces (default: the side to move)")
    p.set_defaults(func=run_covers)


def run_legal(args: argparse.Namespace) -> int:
    from translator.jsonapi.game_kinds import game_from, legal_answer
    from translator.present.game import game_text, uci_squares

    sans: list[str] = []
    game = game_from(game_line(args), sans)
    answer = legal_answer(game, sans)
    if args.json:
        print(json.dumps(answer))
        return 0
    print(f"{game.variant_name}: {game.fen()}" + (f" (after {' '.join(sans)})" if sans else ""))
    print(game_text(game, [uci_squares(m)[1] for m in answer["moves"]], "*",
                    "a legal move goes to this empty square"))
    moves = answer["moves"]
    print(f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}"
          + (":" if moves else "."))
    for uci, san in zip(moves, answer["san"], strict=True):
        print(f"  {uci:<8} {san}")
    return 0


def run_san(args: argparse.Namespace) -> int:
    from translator.jsonapi.game_kinds import san_line

    answer = san_line({**game_line(args), "moves": args.uci})
    if args.json:
        print(json.dumps(answer))
    else:
        print(" ".join(answer["san"]))
    return 0


def run_covers(args: argparse.Namespace) -> int:
    from translator.jsonapi.game_kinds import covers_line, game_from
    from translator.present.game import game_text

    line = {**game_line(args), "by": args.by, "square": args.square}
    answer = covers_line(line)
    if args.json:
        print(json.dumps(answer))
        return 0
    game = game_from(game_line(args))
    side = answer["by"].capitalize()
    if args.square is None:
        squares = answer["covered"]
        print(game_text(game, squares, "+", f"covered by {side}"))
        print(f"{side} covers {len(squares)} square{'s' if len(squares) != 1 else ''}: "
              + " ".join(squares))
        return 0
    found = answer["attackers"]
    print(game_text(game))
    words = ", ".join(f"{a['piece']} on {a['square']}" for a in found) or "no piece"
    print(f"{side}'s pieces attacking {args.square}: {words}")
    return 0
