"""The ``betza`` command line. Every command is a thin layer over the Python API."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from translator.errors import BetzaError

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad options on one line, exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"betza: error: {message} (see 'betza {self.prog.split()[-1]} "
                              "--help')\n" if " " in self.prog else f"betza: error: {message}\n")


def _position_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("position (light form)")
    g.add_argument("--board", default=None, metavar="FxR", help="board size, e.g. 8x8 or 12x10")
    g.add_argument("--friends", default="", metavar="SQ,..", help="pieces of the mover's side")
    g.add_argument("--enemies", default="", metavar="SQ,..", help="pieces of the other side")
    g.add_argument("--royal", default="", metavar="SQ,..",
                   help="which of the listed pieces are royal")
    g = p.add_argument_group("position (FEN form)")
    g.add_argument("--fen", help="FEN of the board (any size up to 26x26)")
    g.add_argument("--pieces", metavar="TABLE", help='piece letters to Betza, "C:fcafmF,K:K"')
    g.add_argument("--royal-letters", default=None, metavar="LETTERS",
                   help="letters of royal pieces in the FEN (default K)")
    g.add_argument("--variant", help="a variant of the knowledge base (fills board and pieces)")
    g.add_argument("--ini", help="a Fairy-Stockfish variants.ini to take --variant from")
    g = p.add_argument_group("state")
    g.add_argument("--side", choices=["white", "black"], help="side of the moving piece")
    g.add_argument("--ep", default="", metavar="SQ,..", help="squares open to e.p. capture")
    g.add_argument("--ep-victim", metavar="SQ", help="the piece an e.p. capture removes")
    g.add_argument("--last-moved", metavar="BETZA",
                   help="the piece type that moved last (what the imitator I copies)")


def _spec(args: argparse.Namespace) -> dict[str, Any]:
    spec = {k: getattr(args, k, None) for k in ("friends", "enemies", "royal", "fen",
                                                  "pieces", "variant", "ini", "side", "ep",
                                                  "ep_victim", "royal_letters", "board",
                                                  "last_moved")}
    return {k: v for k, v in spec.items() if v not in (None, "")}


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as err:
        raise BetzaError(f"cannot write {path}: {err.strerror}") from None


def _mover(args: argparse.Namespace, pos) -> tuple[str, str]:
    """The Betza string and side of the moving piece: as given, or the piece standing on
    --from (with its own side) when no Betza string is given."""
    standing = pos.pieces.get(pos.square(args.origin))
    betza = args.betza or (standing.betza if standing else None)
    if not betza:
        raise BetzaError(f"no Betza string given and no typed piece stands on {args.origin}")
    side = args.side or (standing.side if standing and not args.betza else pos.side_to_move)
    return betza, side


def cmd_moves(args: argparse.Namespace) -> int:
    from translator.api import MovesQuery, batch_moves
    from translator.inputs import position_from
    from translator.render import moves_svg, moves_text

    pos = position_from(_spec(args))
    origin = pos.square(args.origin)
    betza, side = _mover(args, pos)
    args.betza = betza
    query = MovesQuery(betza, args.origin, pos, side, args.virgin)
    (result,) = batch_moves([query])
    if isinstance(result, BetzaError):
        raise result
    if args.to:
        pos.square(args.to)
    if args.svg:
        title = f"{args.betza} on {args.origin}"
        _write(args.svg, moves_svg(pos, origin, result, title))
    if args.json:
        print(json.dumps({"ok": True, "moves": [m.as_json() for m in result]}))
        return 0
    print(moves_text(args.betza, side, pos, origin, result))
    if args.to:
        from translator.why import why

        answer = why(betza, args.origin, args.to, pos, side, args.virgin)
        print()
        print("\n".join(answer.explanation))
    return 0


def cmd_why(args: argparse.Namespace) -> int:
    from translator.inputs import position_from
    from translator.why import why

    pos = position_from(_spec(args))
    betza, side = _mover(args, pos)
    answer = why(betza, args.origin, args.to, pos, side, args.virgin)
    if args.json:
        print(json.dumps(answer.as_json()))
    else:
        print("\n".join(answer.explanation))
    return 0


def cmd_attacks(args: argparse.Namespace) -> int:
    from translator.attacks import attackers_of_square, attacks
    from translator.board import render_board
    from translator.inputs import position_from
    from translator.render import describe_move, piece_char

    if args.piece:  # the reverse question, on an empty board
        spec = _spec(args)
        pos = position_from({k: v for k, v in spec.items() if k in ("board", "side")})
        side = args.side or "white"
        target = pos.square(args.square)
        squares = attackers_of_square(args.square, args.piece, pos.files, pos.ranks,
                                      side=side, royal_target=args.royal_target)
        if args.json:
            print(json.dumps({"ok": True, "squares": squares}))
            return 0
        cells = {pos.square(sq): "A" for sq in squares}
        cells[target] = "#"
        print(f"{args.piece} ({side}) attacks {args.square} from {len(squares)} square"
              f"{'s' if len(squares) != 1 else ''} of an empty {pos.files}x{pos.ranks} board")
        print(render_board(pos.files, pos.ranks, cells,
                           [("#", f"the target {args.square}"), ("A", "attacks it from here")]))
        return 0
    pos = position_from(_spec(args))
    found = attacks(args.square, pos, by=args.by, royal_target=args.royal_target)
    if args.svg:
        from translator.render import attacks_svg

        _write(args.svg, attacks_svg(pos, pos.square(args.square), found))
    if args.json:
        print(json.dumps({"ok": True, "attackers": [a.as_json() for a in found]}))
        return 0
    target = pos.square(args.square)
    cells = {sq: piece_char(pos, sq) for sq in pos.pieces}
    cells[target] = "#"
    note = "" if pos.pieces.get(target) else " (empty: answered for an enemy piece there)"
    legend = [("#", f"the target {args.square}{note}")]
    print(render_board(pos.files, pos.ranks, cells, legend))
    print(f"{len(found)} attacker{'s' if len(found) != 1 else ''} of {args.square}:")
    for a in found:
        name = a.letter or a.betza
        for mv in a.moves:
            print(f"  {a.side} {name} on {a.square}: {describe_move(mv)}")
    return 0


def cmd_equiv(args: argparse.Namespace) -> int:
    from translator.equiv import equivalent, stderr_progress
    from translator.squares import parse_board_size

    boards = [parse_board_size(b) for b in (args.board or ["8x8"])]
    results = []
    for files, ranks in boards:
        progress = None
        if sys.stderr.isatty() and not args.json:
            progress = stderr_progress(f"comparing on {files}x{ranks}")
        result = equivalent(args.a, args.b, files, ranks, targets_only=args.targets_only,
                            progress=progress)
        if progress:
            print(file=sys.stderr)
        results.append(result)
        if not result.equivalent:
            if args.svg:
                from translator.render import equiv_svg

                _write(args.svg, equiv_svg(result))
            break
    if args.json:
        out = results[-1].as_json()
        out["boards"] = [f"{r.files}x{r.ranks}" for r in results]
        print(json.dumps(out))
    else:
        from translator.render import equiv_text

        for r in results:
            print(equiv_text(r, args.targets_only))
    return 0 if all(r.equivalent for r in results) else 1


def cmd_explain(args: argparse.Namespace) -> int:
    from translator.explain import explain_svg, explain_text
    from translator.squares import parse_board_size

    files, ranks = parse_board_size(args.board or "9x9")
    if args.json:
        from translator.explain import explain_diagram, explain_lines

        _, marks = explain_diagram(args.betza, files, ranks, args.origin)
        print(json.dumps({"ok": True, "lines": explain_lines(args.betza),
                          "diagram": {"files": files, "ranks": ranks, "marks": marks}}))
        return 0
    print(explain_text(args.betza, files, ranks, args.origin))
    if args.svg:
        _write(args.svg, explain_svg(args.betza, files, ranks, args.origin))
    return 0


def cmd_pieces(args: argparse.Namespace) -> int:
    from translator.pieces import all_pieces, search

    found = search(args.search) if args.search else all_pieces()
    if args.json:
        print(json.dumps([{"name": p.name, "aliases": list(p.aliases), "betza": p.betza,
                           "variants": list(p.variants), "note": p.note} for p in found]))
        return 0
    if not found:
        print(f"no piece matches {args.search!r}")
        return 1
    width = max(len(p.name) for p in found)
    for p in found:
        also = f" (also {', '.join(p.aliases)})" if p.aliases else ""
        print(f"{p.name:<{width}}  {p.betza}{also}")
        print(f"{'':<{width}}  {p.note}" + (f" [{', '.join(p.variants)}]" if p.variants else ""))
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    from translator.variants import all_variants

    if args.ini:
        from translator.ini import load_ini

        imported = load_ini(args.ini)
        variants, notes = list(imported.values()), list(imported.notes)
    else:
        variants, notes = all_variants(), []
    if args.json:
        print(json.dumps({"variants": [{"name": v.name, "files": v.files, "ranks": v.ranks,
                                        "start": v.start_fen, "pieces": v.pieces,
                                        "royal": v.royal} for v in variants],
                          "notes": notes}))
        return 0
    for v in variants:
        print(f"{v.name}: {v.files}x{v.ranks}, royal {v.royal or '-'}; start {v.start_fen}")
        for letter, betza in sorted(v.pieces.items()):
            print(f"    {letter}: {betza}")
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    return 0


def cmd_batch(args: argparse.Namespace) -> int:
    from translator.batch import run_batch, stderr_is_terminal

    run_batch(sys.stdin, sys.stdout, progress=stderr_is_terminal() and not args.quiet)
    return 0


COMMANDS: dict[str, tuple[Callable[[argparse.Namespace], int], str, str]] = {}


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="betza",
        description="A knowledge base of fairy-chess piece movement in (X)Betza notation.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Run 'betza COMMAND --help' for a worked example of each command.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser(
        "moves", help="list a piece's moves in a position",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="List the moves of a piece given by a Betza string (or a piece name).",
        epilog="""example:
  betza moves hrN --from e4
      the chiral knight on an empty 8x8 board: c5 d2 f6 g3
  betza moves fcafmF --from e4 --enemies f5 --json
      a checker capture: {"to": "g6", "legs": ["e4", "f5", "g6"], "captures": ["f5"]}
  betza moves fmWfceFifmnD --from e5 --ep d6 --ep-victim d5 --enemies d5
  betza moves --from e4 --fen "8/8/8/5p2/4C3/8/8/8 w" --pieces "C:fcafmF,P:fmWfcF"
      the piece standing on e4, with its Betza string from the piece table""")
    p.add_argument("betza", nargs="?", default=None,
                   help="Betza string or piece name (default: the piece on --from)")
    p.add_argument("--from", dest="origin", required=True, metavar="SQ", help="its square")
    _position_options(p)
    p.add_argument("--virgin", action="store_true", help="the piece has not moved yet")
    p.add_argument("--to", metavar="SQ",
                   help="show the moves to this square leg by leg (or why there is none)")
    p.add_argument("--svg", metavar="FILE", help="also draw the diagram as SVG")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser(
        "why", help="can a piece go to a square, and why (not)?",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Explain whether the piece on --from can go to --to in the position. If "
        "it can, every such move is told leg by leg: where each leg goes and what it finds "
        "there. If it cannot, the solver looks for the closest position that allows the move "
        "(fewest squares, marks and virginity changed) and lists the conditions the real "
        "position fails, with the path in that position; if no position at all allows it, "
        "the answer says so and where the piece does go.",
        epilog="""examples:
  betza why fcafmF --from e4 --to g6 --enemies f5
      possible: leg 1 captures the enemy on f5 (locust), leg 2 ends on g6
  betza why fcafmF --from e4 --to g6 --friends f5
      impossible: leg 1 ends on f5, which must hold an enemy but holds a friend
  betza why mafsW --from e4 --to f6 --enemies e5
      the Xiangqi horse is blocked: e5 must be empty
  betza why ifmnD --from e2 --to e4
      the double step needs a piece that has not moved yet (i): add --virgin
  betza why hrN --from e4 --to e5
      no position lets the chiral knight reach e5; its leaps go to c5 d2 f6 g3
  betza why --from b1 --to c3 --variant fide --json""")
    p.add_argument("betza", nargs="?", default=None,
                   help="Betza string or piece name (default: the piece on --from)")
    p.add_argument("--from", dest="origin", required=True, metavar="SQ", help="its square")
    p.add_argument("--to", required=True, metavar="SQ", help="the square asked about")
    _position_options(p)
    p.add_argument("--virgin", action="store_true", help="the piece has not moved yet")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_why)

    p = sub.add_parser(
        "attacks", help="list the pieces that can capture on a square",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="List every piece that could capture a piece standing on SQUARE: its "
        "square and the moves that do it (locust, hopper, k and e.p. captures included). If "
        "SQUARE is empty the answer is for an enemy piece placed there.",
        epilog="""example:
  betza attacks e4 --fen "8/8/8/8/8/2n5/3C4/8 w" --pieces "C:fcafmF,N:N"
      only the black knight on c3 (the checker on d2 captures diagonally forward
      and lands beyond: its victims would be c3 or e3)
  betza attacks e4 --piece fcafmF --board 8x8
      the squares from which that piece attacks e4 on an empty board: d3 f3
  betza attacks d5 --variant fide --by white --json""")
    p.add_argument("square", help="the target square")
    _position_options(p)
    p.add_argument("--by", choices=["white", "black"], help="only this side's pieces")
    p.add_argument("--piece", metavar="BETZA",
                   help="reverse question: from where does this piece attack SQUARE")
    p.add_argument("--royal-target", action="store_true",
                   help="the piece placed on an empty target is royal (for k moves)")
    p.add_argument("--svg", metavar="FILE", help="also draw the board as SVG")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_attacks)

    p = sub.add_parser(
        "equiv", help="decide whether two Betza strings are the same piece",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Decide whether A and B give the same moves from every start square in "
        "every position of the board (friends, enemies, royal marks, virginity, e.p. rights, "
        "both colours). If not, show a counterexample with the fewest pieces. Exit status "
        "0 = equivalent, 1 = different, 2 = bad input (like cmp).",
        epilog="""example:
  betza equiv Q RB                 equivalent on 8x8
  betza equiv W7 R --board 8x8 --board 12x12
      equal on 8x8, different on 12x12: from a1 the rook reaches a9
  betza equiv pafK nAnD            different on an empty board (decision 17)
  betza equiv aisR B --json""")
    p.add_argument("a", help="first Betza string or piece name")
    p.add_argument("b", help="second Betza string or piece name")
    p.add_argument("--board", action="append", metavar="FxR",
                   help="board size (repeatable; default 8x8)")
    p.add_argument("--targets-only", action="store_true",
                   help="compare destinations only, not side effects")
    p.add_argument("--svg", metavar="FILE", help="draw the counterexample as SVG")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_equiv)

    p = sub.add_parser(
        "explain", help="describe a Betza string in plain English, with a diagram",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Explain every move and every leg of a Betza string in words, then "
        "draw its moves on an empty board.",
        epilog="""example:
  betza explain fcafmF         the checker's capture, leg by leg, and its diagram
  betza explain Griffon --board 8x8 --from d4 --svg griffon.svg""")
    p.add_argument("betza", help="Betza string or piece name")
    p.add_argument("--board", metavar="FxR", help="board of the diagram (default 9x9)")
    p.add_argument("--from", dest="origin", metavar="SQ", help="square of the piece")
    p.add_argument("--svg", metavar="FILE", help="also draw the diagram as SVG")
    p.add_argument("--json", action="store_true",
                   help="print JSON: the sentences and the diagram's marked squares")
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser(
        "pieces", help="list or search the named pieces of the knowledge base",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="""example:
  betza pieces                 every named piece with its Betza string
  betza pieces shogi           pieces whose name, variant or note mentions shogi
  betza moves Griffon --from d4    a name works wherever a Betza string does""")
    p.add_argument("search", nargs="?", help="text to look for")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_pieces)

    p = sub.add_parser(
        "variants", help="list the variants of the kb, or of a Fairy-Stockfish variants.ini",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="""example:
  betza variants                               the kb's variants
  betza variants --ini variants.ini            what a Fairy-Stockfish file defines
  betza moves --variant capablanca --from b1   a variant fills board and pieces
  betza moves --variant mygame --ini variants.ini --from e2""")
    p.add_argument("--ini", metavar="FILE", help="a Fairy-Stockfish variants.ini")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=cmd_variants)

    p = sub.add_parser(
        "batch", help="answer JSON Lines queries on stdin",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Read one JSON query per line on stdin, write one JSON answer per line.",
        epilog="""example:
  echo '{"query": "moves", "betza": "fcafmF", "from": "e4", "enemies": ["f5"]}' | betza batch
      {"ok": true, "moves": [{"to": "g6", "legs": ["e4", "f5", "g6"], "captures": ["f5"]}]}

moves query keys: betza, from (required); files, ranks (default 8), side (white),
friends, enemies, royal, virgin, ep, ep_victim; or fen + pieces (+ royal_letters);
or variant (+ ini). A bad line gets {"ok": false, "error": "..."}.
why query: the moves keys plus to; answers {"ok": true, "possible": ..., "moves": [...],
"explanation": [lines]} (see 'betza why --help').""")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=cmd_batch)

    for name, (func, help_text, epilog) in COMMANDS.items():
        extra = sub.add_parser(name, help=help_text, epilog=epilog,
                               formatter_class=argparse.RawDescriptionHelpFormatter)
        func(extra)  # type: ignore[arg-type]
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BetzaError as err:
        print(f"betza: error: {err.render()}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug, not bad input: still no traceback for users
        print(f"betza: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
