"""The move diagram of ``betza explain``: where the piece goes on an empty board, from its
moves on that board and on the same board with a lone enemy (or friend) on each square in
turn (:mod:`translator.present.explain.states`); hoppers also get a worked example
position.

>>> text, marks = explain_diagram("fmWfcF")
>>> marks["e6"], marks["d6"], marks["f6"]
('move', 'capture', 'capture')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from translator.compiled import store
from translator.facts.pieces import canonical, parse_piece, resolve_name
from translator.notation.syntax import Piece
from translator.position import Position
from translator.present.english import glossary
from translator.present.explain.states import DIAGRAM_ATOMS, analyse
from translator.present.marks import Findings, distance
from translator.present.textboard import render_board
from translator.squares import Square, centre, parse_square, square_name

TEXT_MARKS = {"origin": "@", "move": "*", "capture": "x", "both": "#", "locust": "!",
              "landing": "+", "hop": "h", "ep": "e"}


def _squares_text(squares: Iterable[str]) -> str:
    return " ".join(sorted(squares, key=lambda s: (parse_square(s)[1], parse_square(s)[0])))


def explain_diagram(betza: str, files: int = 9, ranks: int = 9, origin: str | None = None,
                    max_atoms: int = DIAGRAM_ATOMS, reading: str = "spec"
                    ) -> tuple[str, dict[str, str]]:
    """The move diagram of ``betza`` (or a piece name) for White on an empty board, read
    in ``reading`` (the spec's, or a program's: ``xboard``, ``diagram`` ...).

    Returns the text (board, legend, notes) and a dict square name -> mark kind of
    :data:`translator.svg.MARK_KINDS` (``move``, ``capture``, ``both``, ``locust``,
    ``hop``, ``ep``). The origin defaults to the centre square.

    >>> text, marks = explain_diagram("N", 5, 5)
    >>> sorted(marks.items())[:2], marks["c3"] if "c3" in marks else "origin"
    ([('a2', 'both'), ('a4', 'both')], 'origin')
    """
    from translator.present.explain.summary import adopt_kb_table

    g = glossary()["diagram"]
    source = resolve_name(betza)
    piece = parse_piece(betza, reading)
    board = Position.light(files, ranks)
    start = board.square(origin) if origin else centre(files, ranks)
    org = square_name(start)
    # a kb piece's table is read as kept, not compiled again; another piece's is compiled
    # with the rows from the centre too, where the opening line looks for the one it equals
    if reading == "spec" and not adopt_kb_table(betza, files, ranks):
        _rows_for_the_answer(betza, files, ranks, start)
    found, extra = analyse(source, piece, files, ranks, start, max_atoms, reading)
    kinds = found.kinds(org)

    cells: dict[Square, str] = {parse_square(sq): TEXT_MARKS[k] for sq, k in kinds.items()}
    for sq in found.landings - set(kinds) - {org}:
        cells[parse_square(sq)] = TEXT_MARKS["landing"]
    cells[start] = TEXT_MARKS["origin"]
    used = set(kinds.values()) | {"origin"}
    if found.landings - set(kinds) - {org}:
        used.add("landing")
    legend = [(TEXT_MARKS[k], g[k]) for k in ("origin", "move", "capture", "both", "locust",
                                              "landing", "hop", "ep") if k in used]
    lines = [g["title"].format(betza=source if source == betza else f"{betza} ({source})",
                               origin=org, files=files, ranks=ranks), g["method"],
             render_board(files, ranks, cells, legend)]

    notes = _notes(piece, found, extra, kinds, start)
    if notes:
        lines.append(g["notes"])
        lines += [f"  {n}" for n in notes]
    if extra["example"]:
        lines.append(_hop_example(extra, files, ranks, start))
    return "\n".join(lines), kinds


def _rows_for_the_answer(betza: str, files: int, ranks: int, start: Square) -> None:
    """A table compiled square by square gets the rows from the diagram's square and from
    the centre in one program (a piece with many paths from each square is left to the
    diagram: the opening line's query grounds its own position)."""
    if not store.many_paths(canonical(betza), "spec", files, ranks):
        store.table_with(canonical(betza), "spec", files, ranks,
                         list(dict.fromkeys([start, centre(files, ranks)])))


def _notes(piece: Piece, found: Findings, extra: dict[str, Any], kinds: dict[str, str],
           start: Square) -> list[str]:
    """What the board alone cannot show: hidden squares, passes, e.p. rights, hops …"""
    g = glossary()["diagram"]
    notes: list[str] = []
    letters = {m.atom.letter for m in piece.moves}
    if "I" in letters:
        notes.append(g["imitator"])
    if "@" in letters:
        notes.append(g["drop"])
    plain_moves = found.moves | found.castling
    for key, hidden in (("also_both", found.victims & plain_moves & found.captures),
                        ("also_move", found.victims & plain_moves - found.captures),
                        ("also_capture", found.victims & found.captures - plain_moves)):
        if hidden:
            notes.append(g[key].format(squares=_squares_text(hidden)))
    if found.landings:
        notes.append(g["after_locust"].format(squares=_squares_text(found.landings)))
    if "pass" in found.stays:
        notes.append(g["stay_pass"])
    if "rifle" in found.stays:
        notes.append(g["stay_rifle"])
    if extra["first_only"]:
        notes.append(g["first_only"].format(squares=_squares_text(extra["first_only"])))
    if extra["hop_captures"]:
        notes.append(g["hop_more"].format(squares=_squares_text(extra["hop_captures"])))
    for to in sorted(found.ep_rights):
        notes.append(g["ep_rights"].format(to=to, squares=_squares_text(found.ep_rights[to])))
    if found.castling:
        notes.append(g["castling"].format(squares=_squares_text(found.castling)))
    if found.swaps:
        notes.append(g["swap"].format(squares=_squares_text(found.swaps)))
    if found.displaced:
        notes.append(g["displace"].format(squares=_squares_text(found.displaced)))
    if found.friend_captures:
        notes.append(g["friend_capture"].format(squares=_squares_text(found.friend_captures)))
    if found.induced:
        mount = min(found.induced, key=lambda s: (distance(parse_square(s), start), s))
        notes.append(g["induction"].format(square=mount,
                                           squares=_squares_text(found.induced[mount])))
    hopper = any(set(leg.modes) & {"p", "g"} for m in piece.moves for leg in m.legs)
    if hopper and not extra["example"]:
        notes.append(g["hop_none"])
    ep_too = found.ep & set(kinds) - {sq for sq, k in kinds.items() if k == "ep"}
    if ep_too:
        notes.append(g["ep_too"].format(squares=_squares_text(ep_too)))
    if any(m.legs[-1].modes == ("x",) or "x" in m.legs[-1].modes for m in piece.moves):
        notes.append(g["borrow"])
    if not kinds and not found.landings and not notes:
        notes.append(g["nothing"])
    return notes


def _hop_example(extra: dict[str, Any], files: int, ranks: int, start: Square) -> str:
    g = glossary()["diagram"]
    mount = extra["example"]
    moves, captures = extra["example_moves"], extra["example_captures"]
    cells: dict[Square, str] = {}
    for sq in moves | captures:
        both = sq in moves and sq in captures
        cells[parse_square(sq)] = TEXT_MARKS["both" if both else
                                             "move" if sq in moves else "capture"]
    cells[parse_square(mount)] = "o"
    cells[start] = TEXT_MARKS["origin"]
    marks = set(cells.values())
    legend = [(TEXT_MARKS["origin"], g["origin"]), ("o", g["mount"])]
    legend += [(TEXT_MARKS[k], g[f"hop_{k}"]) for k in ("move", "capture", "both")
               if TEXT_MARKS[k] in marks]
    return str(g["hop_example"].format(mount=mount)) + "\n" + render_board(files, ranks, cells,
                                                                           legend)
