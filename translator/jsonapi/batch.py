"""``betza batch``: JSON Lines in, one JSON line out per line in, in order.

Lines are answered in groups: a group is every line already waiting on the input (up to
a limit), so piped files go fast and an interactive script still gets each answer as
soon as it has written its line. One bad line never stops the batch.

>>> import io
>>> out = io.StringIO()
>>> run_batch(io.StringIO('{"query": "moves", "betza": "hrN", "from": "e4"}\\n'), out)
1
>>> out.getvalue()
'{"ok": true, "moves": [{"to": "c5", "legs": ["e4", "c5"], "captures": []}, {"to": "d2", \
"legs": ["e4", "d2"], "captures": []}, {"to": "f6", "legs": ["e4", "f6"], "captures": []}, \
{"to": "g3", "legs": ["e4", "g3"], "captures": []}]}\\n'
"""

from __future__ import annotations

import gc
import json
import os
import sys
from collections.abc import Callable
from functools import partial
from typing import IO, Any

from translator.errors import BetzaError
from translator.jsonapi import table_lane
from translator.jsonapi.compile_kind import compile_line
from translator.jsonapi.fields import (
    check_common,
    collate,
    error,
    line_limits,
    optional,
    required,
    virgin,
)
from translator.jsonapi.game_kinds import covers_line, legal_line, perft_line, san_line
from translator.jsonapi.groups import waiting_groups
from translator.jsonapi.notation_kinds import convert_line, find_line, lint_line
from translator.jsonapi.research_kinds import census_line, classes_line
from translator.jsonapi.workers import GROUP as SHARE
from translator.jsonapi.workers import Workers
from translator.solve.limits import DEFAULT_MAX_ATOMS
from translator.squares import board_size

Handler = Callable[[list[dict[str, Any]]], list[dict[str, Any]]]

EXPLAIN_BOARD = (9, 9)  # the board of an explain query that names none


def names_board(line: dict[str, Any]) -> bool:
    """Whether a query names its board, as every query may (``board``, or ``files`` and
    ``ranks``)."""
    return bool(line.get("board")) or "files" in line or "ranks" in line


def _by_limits(answer: Callable[[list[dict[str, Any]], float, int], list[dict[str, Any]]]
               ) -> Handler:
    """A handler that answers its lines in groups of equal limits (``timeout``,
    ``max_atoms``), each group with ``answer(lines, timeout, max_atoms)`` (malformed
    limits were refused by :func:`answer_group`)."""
    def handle(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        groups: dict[tuple[float, int], list[int]] = {}
        for n, line in enumerate(lines):
            groups.setdefault(line_limits(line), []).append(n)
        out: list[dict[str, Any]] = [{}] * len(lines)
        for (timeout, max_atoms), members in groups.items():
            for n, result in zip(members, answer([lines[n] for n in members], timeout,
                                                 max_atoms), strict=True):
                out[n] = result
        return out

    return handle


def _moves_limited(lines: list[dict[str, Any]], timeout: float, max_atoms: int
                   ) -> list[dict[str, Any]]:
    from translator.jsonapi.inputs import moving_piece, position_from
    from translator.queries.moves import MovesQuery, batch_moves

    queries: list[MovesQuery | BetzaError] = []
    for line in lines:
        try:
            origin, pos = required(line, "from"), position_from(line)
            betza, side = moving_piece(optional(line, "betza"), line.get("side"), pos, origin)
            safety = line.get("castling_safety", True)
            if not isinstance(safety, bool):
                raise BetzaError("castling_safety must be true or false")
            queries.append(MovesQuery(betza, origin, pos, side, virgin(line), safety))
        except BetzaError as err:
            queries.append(err)
    answers = batch_moves([q for q in queries if not isinstance(q, BetzaError)],
                          timeout=timeout, max_atoms=max_atoms)
    return collate(queries, answers, moves_answer)


def moves_answer(moves: list[Any]) -> dict[str, Any]:
    """The answer of a ``moves`` line (and of ``betza moves --json``): the moves, and
    ``"path": "solver"`` when the piece's move table was over its size budget."""
    from translator.queries.moves import Grounded

    out: dict[str, Any] = {"moves": [m.as_json() for m in moves]}
    if isinstance(moves, Grounded):
        out["path"] = "solver"
    return out


def _attacks(lines: list[dict[str, Any]], timeout: float, max_atoms: int
             ) -> list[dict[str, Any]]:
    from translator.jsonapi.inputs import position_from
    from translator.queries.attacks import AttacksQuery, batch_attacks

    queries: list[AttacksQuery | BetzaError] = []
    for line in lines:
        try:
            square = required(line, "square")
            by = line.get("by")
            if by not in (None, "white", "black"):
                raise BetzaError("by must be \"white\", \"black\" or null")
            queries.append(AttacksQuery(square, position_from(line), by,
                                        bool(line.get("royal_target", False))))
        except BetzaError as err:
            queries.append(err)
    answers = batch_attacks([q for q in queries if not isinstance(q, BetzaError)], timeout,
                            max_atoms)
    return collate(queries, answers, lambda found: {"attackers": [a.as_json() for a in found]})


def _board_of(line: dict[str, Any]) -> tuple[Any, Any, str]:
    """A ``board`` (or ``svg``) line's board, its position and the piece's string."""
    from translator.jsonapi.inputs import moving_piece, position_from
    from translator.present.board import board
    from translator.queries.moves import MovesQuery

    origin, pos = required(line, "from"), position_from(line)
    betza, side = moving_piece(optional(line, "betza"), line.get("side"), pos, origin)
    timeout, max_atoms = line_limits(line)
    query = MovesQuery(betza, origin, pos, side, virgin(line))
    return board(query, timeout, max_atoms), pos, betza


def _boards(lines: list[dict[str, Any]], timeout: float, max_atoms: int
            ) -> list[dict[str, Any]]:
    """Board lines grounded together (as moves lines are)."""
    from translator.catalogue.letters import piece_letter
    from translator.jsonapi.inputs import moving_piece, position_from
    from translator.present.board import boards
    from translator.queries.moves import MovesQuery

    queries: list[MovesQuery | BetzaError] = []
    for line in lines:
        try:
            origin, pos = required(line, "from"), position_from(line)
            betza, side = moving_piece(optional(line, "betza"), line.get("side"), pos, origin)
            queries.append(MovesQuery(betza, origin, pos, side, virgin(line)))
        except BetzaError as err:
            queries.append(err)
    answers = boards([q for q in queries if not isinstance(q, BetzaError)], timeout,
                     max_atoms)
    shaped = collate(queries, answers, lambda b: {**b.as_json()})
    for q, answer in zip(queries, shaped, strict=True):
        if answer["ok"] and isinstance(q, MovesQuery):
            answer["letter"] = piece_letter(q.betza)
    return shaped


def _svg(line: dict[str, Any]) -> dict[str, Any]:
    from translator.catalogue.letters import piece_letter
    from translator.present.render import moves_svg, shown_paths

    shown, pos, betza = _board_of(line)
    origin, to = pos.square(required(line, "from")), optional(line, "to")
    if to is not None:
        pos.square(to)
    letter = pos.pieces[origin].letter if origin in pos.pieces else None
    title = f"{betza} on {line['from']}"
    return {"ok": True, "svg": moves_svg(pos, origin, shown, title, letter or
                                         piece_letter(betza), shown_paths(shown.moves, to))}


def _equiv(line: dict[str, Any]) -> dict[str, Any]:
    from translator.queries.equiv import equivalent
    files, ranks = board_size(line)
    a = required(line, "a")
    timeout, max_atoms = line_limits(line)
    result = equivalent(a, optional(line, "b") or a, files, ranks,
                        targets_only=bool(line.get("targets_only", False)),
                        timeout=timeout, max_atoms=max_atoms,
                        dialect=optional(line, "dialect") or "spec",
                        dialect_b=optional(line, "dialect_b"))
    return result.as_json()


def _why(line: dict[str, Any]) -> dict[str, Any]:
    from translator.jsonapi.inputs import moving_piece, position_from
    from translator.present.why.answer import why

    origin, to, pos = required(line, "from"), required(line, "to"), position_from(line)
    betza, side = moving_piece(optional(line, "betza"), line.get("side"), pos, origin)
    return why(betza, origin, to, pos, side, virgin(line),
               timeout=line_limits(line)[0]).as_json()


def explain_answer(betza: str, files: int, ranks: int, origin: str | None,
                   max_atoms: int = DEFAULT_MAX_ATOMS, side: str = "white",
                   reading: str = "spec") -> dict[str, Any]:
    """The answer of an ``explain`` query (and of ``betza explain --json``), the string read
    in ``reading`` (its ``dialect``)."""
    from translator.present.explain.answer import explain_diagram, explain_lines
    from translator.present.explain.example import worked_example
    from translator.present.explain.states import DIAGRAM_SHARE
    from translator.squares import centre, square_name

    _, marks = explain_diagram(betza, files, ranks, origin, DIAGRAM_SHARE * max_atoms, reading)
    out = {"ok": True, "lines": explain_lines(betza, files, ranks, origin, side, reading),
           "diagram": {"files": files, "ranks": ranks, "marks": marks}, "dialect": reading}
    # (the worked example is the spec reading's)
    example = worked_example(betza, files, ranks, origin or square_name(centre(files, ranks)),
                             side) if reading == "spec" else None
    if example:
        out["example"] = example
    return out


def _explain(line: dict[str, Any]) -> dict[str, Any]:
    from translator.position import check_side

    files, ranks = board_size(line) if names_board(line) else EXPLAIN_BOARD
    side = check_side(optional(line, "side") or "white")
    return explain_answer(required(line, "betza"), files, ranks, optional(line, "from"),
                          line_limits(line)[1], side=side,
                          reading=optional(line, "dialect") or "spec")


def _drops(line: dict[str, Any]) -> dict[str, Any]:
    from translator.jsonapi.inputs import piece_table, position_from
    from translator.queries.drops import drops

    squares = drops(required(line, "letter"), position_from(line), piece_table(line))
    return {"ok": True, "drops": squares}


def _each(one: Callable[[dict[str, Any]], dict[str, Any]]) -> Handler:
    """A handler answering each line on its own (queries that are not grouped)."""
    def handle(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for line in lines:
            try:
                out.append(one(line))
            except BetzaError as err:
                out.append(error(err))
        return out

    return handle


HANDLERS: dict[str, Handler] = {
    "moves": _by_limits(_moves_limited), "attacks": _by_limits(_attacks),
    "equiv": _each(_equiv), "why": _each(_why),
    "explain": _each(_explain), "convert": _each(convert_line), "find": _each(find_line),
    "drops": _each(_drops),
    "census": _each(census_line), "classes": _each(classes_line), "board": _by_limits(_boards),
    "svg": _each(_svg), "lint": _each(lint_line), "compile": _each(compile_line),
    "legal": _each(legal_line), "perft": _each(perft_line), "san": _each(san_line),
    "covers": _each(covers_line)}


def answer_group(raw: list[str], limits: dict[str, Any] | None = None
                 ) -> list[dict[str, Any]]:
    """Answer one group of input lines, preserving order."""
    answers: list[dict[str, Any] | None] = [None] * len(raw)
    by_query: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for i, text in enumerate(raw):
        if not text.strip():
            answers[i] = error("empty line")
            continue
        try:
            line = json_object(text)
            query = line.get("query")
            if not isinstance(query, str) or query not in HANDLERS:
                raise BetzaError(f"unknown query {query!r}; known: {', '.join(sorted(HANDLERS))}")
            for key, value in (limits or {}).items():
                line.setdefault(key, value)
            check_common(line)
        except BetzaError as err:
            answers[i] = error(err)
            continue
        by_query.setdefault(query, []).append((i, line))
    for query, items in by_query.items():
        for (i, _), result in zip(items, _answer_kind(query, [line for _, line in items]),
                                  strict=True):
            answers[i] = result
    return [a if a is not None else error("no answer") for a in answers]


def json_object(text: str, what: str = "a batch line") -> dict[str, Any]:
    """One JSON object (a batch line, an HTTP body), or the one-line error that says why not.

    >>> json_object('{"files": ' + "9" * 5000 + '}')
    Traceback (most recent call last):
    translator.errors.BetzaError: not JSON we can read: a number of more than 4300 digits
    """
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BetzaError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    except ValueError:  # the only other: an integer past Python's digit limit
        raise BetzaError("not JSON we can read: a number of more than "
                         f"{sys.get_int_max_str_digits()} digits") from None
    except RecursionError:
        raise BetzaError("not JSON we can read: nested too deeply") from None
    if not isinstance(obj, dict):
        raise BetzaError(f"{what} must be a JSON object")
    return obj


def _answer_kind(query: str, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The answers of one kind of line; if the group as a whole fails, each line is
    answered on its own, so that one bad line costs only its own answer."""
    try:
        return HANDLERS[query](lines)
    except BetzaError as err:
        if len(lines) == 1:
            return [error(err)]
    except MemoryError:  # the process's ceiling: its worker ends (translator/solve/guard.py)
        raise
    except Exception as exc:  # a bug, not bad input: report it on the line, go on
        if len(lines) == 1:
            return [error(f"internal error: {type(exc).__name__}: {exc}")]
    return [_answer_kind(query, [line])[0] for line in lines]


def answer_text(raw: list[str], limits: dict[str, Any] | None = None,
                tables: str | None = None) -> str:
    """The JSON lines that answer the input lines ``raw`` (what a batch worker runs),
    from the move tables of the folder ``tables`` where it has them."""
    if tables is not None:
        from translator.compiled import store

        store.load_once(tables)
    texts = table_lane.answers(raw, limits or {})
    rest = iter(answer_group([text for text, done in zip(raw, texts, strict=True)
                              if done is None], limits))
    return "".join((done if done is not None else json.dumps(next(rest))) + "\n"
                   for done in texts)


def run_batch(stream: IO[str], out: IO[str], progress: bool = False,
              limits: dict[str, Any] | None = None, workers: int = 1,
              tables: str | None = None) -> int:
    """Answer every line of ``stream`` on ``out``; return the number of lines. ``limits``
    (``timeout``, ``max_atoms``) are the defaults of lines that do not set their own. The
    lines are answered in ``workers`` worker processes (translator/jsonapi/workers.py),
    which hold each line's time limit and a memory ceiling inside grounding: a line that
    passes either is answered with the reason, and the lines after it still are.
    ``tables``: a folder of move tables (``betza compile``) every process answers from."""
    done = 0

    def write(text: str) -> None:
        out.write(text)
        out.flush()

    def count(lines: int) -> None:
        nonlocal done
        done += lines
        if progress:
            print(f"\rbetza batch: {done} lines answered", end="", file=sys.stderr, flush=True)

    answer = partial(answer_text, limits=limits, tables=tables)
    # a batch makes many small objects that live until their line is answered, and few
    # that refer to each other in cycles: the collector's default pace (every 700 new
    # objects) took some 8 % of a multi-leg batch's time (the workers inherit the pace)
    pace = gc.get_threshold()
    gc.set_threshold(20_000, *pace[1:])
    try:
        with Workers(workers, answer) as pool:
            pool.answer(waiting_groups(stream, SHARE), write, count)
    finally:
        gc.set_threshold(*pace)
    if progress and done:
        print(file=sys.stderr)
    return done


def stderr_is_terminal() -> bool:
    return sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
