"""Text and picture output of query answers: boards with marked squares, move lists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from translator.position import Position
from translator.present.board import Board
from translator.present.marks import answer_marks
from translator.present.textboard import render_board
from translator.solve.readers import Move
from translator.squares import Square, parse_square

if TYPE_CHECKING:
    from translator.queries.attacks import Attacker
    from translator.queries.equiv.model import EquivResult

MOVE_MARKS = [
    ("@", "the moving piece"),
    ("=", "a wall: no piece may enter"),
    ("*", "moves there (empty square)"),
    ("x", "captures there"),
    ("!", "captured on the way (locust, e.p.)"),
    ("u", "a captured piece is put here (unload)"),
]


def piece_char(pos: Position, sq: Square) -> str:
    pc = pos.pieces[sq]
    if pc.letter:
        return pc.letter.upper() if pc.side == "white" else pc.letter.lower()
    return "O" if pc.side == "white" else "o"


# the text board's character for each mark of a moves answer (present/marks.py)
ANSWER_CHARS = {"move": "*", "capture": "x", "locust": "!", "unload": "u"}


def move_cells(pos: Position, origin: Square, found: list[Move]) -> dict[Square, str]:
    """The board cells of a moves answer: pieces by letter, targets by mark."""
    cells = {sq: piece_char(pos, sq) for sq in pos.pieces}
    cells.update({sq: "=" for sq in pos.walls})
    for sq, kind in answer_marks(found).items():
        if kind in ("move", "capture", "locust") or parse_square(sq) not in cells:
            cells[parse_square(sq)] = ANSWER_CHARS[kind]
    cells[origin] = "@"
    return cells


def used_legend(cells: dict[Square, str], legend: list[tuple[str, str]]) -> list[tuple[str, str]]:
    marks = set(cells.values())
    return [(m, text) for m, text in legend if m in marks]


def describe_move(mv: Move) -> str:
    """``g6 via f5, captures f5`` -- one line per move."""
    text = mv.to
    if len(mv.legs) > 2:
        text += " via " + "-".join(mv.legs[1:-1])
    extras = []
    if mv.captures:
        extras.append("captures " + " ".join(mv.captures))
    if mv.unloads:
        extras.append("puts " + " ".join(f"{src}->{dest}" for dest, src in mv.unloads))
    if mv.ep_rights:
        extras.append("e.p. rights on " + " ".join(mv.ep_rights))
    if mv.mover:
        extras.append(f"the piece on {mv.mover} moves")
    if mv.is_null:
        extras.append("a null move: the piece comes back to its own square")
    return text + (", " + ", ".join(extras) if extras else "")


def moves_text(betza: str, side: str, pos: Position, origin: Square, found: list[Move]) -> str:
    cells = move_cells(pos, origin, found)
    board = render_board(pos.files, pos.ranks, cells, used_legend(cells, MOVE_MARKS))
    from translator.squares import square_name

    head = f"{betza} ({side}) on {square_name(origin)}, {pos.files}x{pos.ranks} board"
    lines = [head, board, f"{len(found)} move{'s' if len(found) != 1 else ''}:"]
    lines += [f"  {describe_move(mv)}" for mv in found]
    return "\n".join(lines)


def attacks_text(pos: Position, target: Square, found: list[Attacker]) -> str:
    """The board of ``betza attacks``: the pieces, the target, and each attacker's move."""
    from translator.squares import square_name

    cells = {sq: piece_char(pos, sq) for sq in pos.pieces}
    cells[target] = "#"
    name = square_name(target)
    note = "" if pos.pieces.get(target) else " (empty: answered for an enemy piece there)"
    lines = [render_board(pos.files, pos.ranks, cells, [("#", f"the target {name}{note}")]),
             f"{len(found)} attacker{'s' if len(found) != 1 else ''} of {name}:"]
    lines += [f"  {a.side} {a.letter or a.betza} on {a.square}: {describe_move(mv)}"
              for a in found for mv in a.moves]
    return "\n".join(lines)


def moves_svg(pos: Position, origin: Square, shown: Board, title: str, label: str = "",
              paths: list[tuple[str, ...]] | None = None) -> str:
    """The board of one piece (:mod:`translator.present.board`) as SVG: its marks and the
    squares its moves use on the way, the piece by its own letter (``label``), and
    ``paths`` (each move's leg ends) as arrows."""
    from translator.present.svg import render_svg

    marks = {parse_square(sq): kind for sq, kind in {**shown.context, **shown.marks}.items()}
    pieces = {sq: (pc.letter or "", pc.side) for sq, pc in pos.pieces.items()}
    side = pos.pieces[origin].side if origin in pos.pieces else "white"
    pieces[origin] = (label, side)
    arrows = [[parse_square(sq) for sq in path] for path in paths or []]
    return render_svg(pos.files, pos.ranks, pieces=pieces, marks=marks, origin=origin,
                      title=title, paths=arrows)


def shown_paths(found: list[Move], to: str | None = None, most: int = 24
                ) -> list[tuple[str, ...]]:
    """The paths worth drawing: every path to ``to``, else those of multi-leg moves (when
    there are few enough to read)."""
    if to is not None:
        return [mv.legs for mv in found if mv.to == to]
    bent = [mv.legs for mv in found if len(mv.legs) > 2]
    return bent if len(bent) <= most else []


def equiv_text(result: EquivResult, targets_only: bool = False) -> str:
    """An equivalence answer: the verdict, or the counterexample drawn as a board."""
    board = f"{result.files}x{result.ranks}"
    what = "destinations" if targets_only else "moves"
    if result.equivalent:
        return (f"{result.label_a} and {result.label_b} have the same {what} on {board}: "
                "equivalent.")
    ce = result.counterexample
    assert ce is not None  # drawn only for pieces that differ
    pos = ce.position()
    origin = pos.square(ce.start)
    cells = {sq: piece_char(pos, sq) for sq in pos.pieces}
    # digits, never letters: a letter on a board reads as a piece (or a Betza atom)
    for mv in ce.only_a:
        cells[parse_square(mv.to)] = "1"
    for mv in ce.only_b:
        sq = parse_square(mv.to)
        cells[sq] = "3" if cells.get(sq) == "1" else "2"
    cells[origin] = "@"
    legend = [("@", f"the piece ({ce.side})"), ("O", "friend"), ("o", "enemy"),
              ("1", f"only {result.label_a} goes there"),
              ("2", f"only {result.label_b} goes there"),
              ("3", "both go there, with different effects")]
    lines = [f"{result.label_a} and {result.label_b} differ on {board}. Smallest counterexample "
             f"({len(pos.pieces)} piece{'s' if len(pos.pieces) != 1 else ''}):",
             render_board(pos.files, pos.ranks, cells, used_legend(cells, legend)),
             "To look at it (every other piece only blocks, so it gets the same string):",
             f"  {ce.paste_command(result.a, result.dialect_a)}",
             f"  {ce.paste_command(result.b, result.dialect_b)}"]
    for name, only in ((result.label_a, ce.only_a), (result.label_b, ce.only_b)):
        if only:
            lines.append(f"only {name}:")
            lines += [f"  {describe_move(mv)}" for mv in only]
    return "\n".join(lines)


def position_svg(pos: Position, marks: dict[Square, str], title: str,
                 origin: Square | None = None, labels: dict[str, str] | None = None) -> str:
    """Any board answer as SVG: the position's pieces plus marked squares."""
    from translator.present.svg import render_svg

    pieces = {sq: (pc.letter or "", pc.side) for sq, pc in pos.pieces.items()}
    return render_svg(pos.files, pos.ranks, pieces=pieces, marks=marks, origin=origin,
                      title=title, labels=labels)


def attacks_svg(pos: Position, target: Square, found: list[Attacker]) -> str:
    """The target as a capture square, every attacker's locust victims and landings."""
    marks: dict[Square, str] = {}
    for attacker in found:
        for mv in attacker.moves:
            if mv.to not in mv.captures:  # a locust lands beyond its victim
                marks.setdefault(parse_square(mv.to), "move")
    marks[target] = "capture"
    labels = {"capture": "the target", "move": "where a locust attacker lands"}
    from translator.squares import square_name

    return position_svg(pos, marks, f"attacks on {square_name(target)}", target, labels)


def equiv_svg(result: EquivResult) -> str:
    """A counterexample: squares only the first piece reaches, only the second, or both
    with different effects."""
    ce = result.counterexample
    assert ce is not None  # drawn only for pieces that differ
    pos = ce.position()
    marks: dict[Square, str] = {}
    for mv in ce.only_a:
        marks[parse_square(mv.to)] = "move"
    for mv in ce.only_b:
        sq = parse_square(mv.to)
        marks[sq] = "both" if marks.get(sq) == "move" else "capture"
    labels = {"move": f"only {result.a}", "capture": f"only {result.b}",
              "both": "both, with different effects"}
    return position_svg(pos, marks, f"{result.a} vs {result.b}", parse_square(ce.start),
                        labels)
