"""What each program that reads XBetza (XBoard, the Interactive Diagram, Fairy-Stockfish)
makes of a string, proven rather than guessed, and the fix ``betza lint`` offers.

For each program: whether it reads the string with the spec's moves (the equivalence solver
compares the spec reading with the program's on the board); if not, what it reads today (the
spec string of its moves and where they go on the empty board, ``only a null move``
included) and a spelling it reads with the spec's moves, proven equal by the same solver:
the first of the candidate spellings (the canonical one, the shortest and the other
spellings lint proved the same piece, Fairy-Stockfish's per-move spelling of ``betza
convert --to fsf``) that passes the proof. Fairy-Stockfish reads a string move by move, so
each move it reads otherwise is named too.

>>> [(r.dialect, r.same, r.spelling) for r in program_readings("fK", 8, 8, 60.0)]
[('xboard', True, 'fK'), ('diagram', True, 'fK'), ('fsf', False, 'fW')]
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from translator.errors import BetzaError
from translator.queries.lint.portable import PROGRAMS
from translator.solve.engine import SolverTimeout
from translator.squares import square_name

LEAST = 3.0  # seconds: a proof started with less may outrun the limit inside grounding


@dataclass
class ProgramReading:
    """One program's reading of the string: ``reads`` the spec string of the moves it
    makes ('' for none, None when it has no answer), ``same`` whether those are the spec's
    moves (None: not proven either way), ``today`` the words for what it does now,
    ``spelling`` a string it reads with the spec's moves (proven equal), else ``why_none``;
    ``moves_otherwise`` the spec moves it reads otherwise, each with its reading."""

    dialect: str
    reads: str | None
    same: bool | None
    today: str
    spelling: str | None = None
    why_none: str | None = None
    moves_otherwise: tuple[tuple[str, str], ...] = ()

    @property
    def program(self) -> str:
        return PROGRAMS[self.dialect]

    def as_json(self) -> dict[str, Any]:
        return {"dialect": self.dialect, "program": self.program, "reads": self.reads,
                "same": self.same, "today": self.today, "spelling": self.spelling,
                "why_none": self.why_none,
                "moves_otherwise": [{"move": m, "reads": r} for m, r in self.moves_otherwise]}


def program_readings(betza: str, files: int, ranks: int, timeout: float,
                     candidates: tuple[str, ...] = ()) -> list[ProgramReading]:
    """Each program's reading of ``betza`` on ``files`` x ``ranks`` (see the module). A
    proof that cannot start with :data:`LEAST` seconds left is not made: its answer says
    it was not decided, and the lint keeps what it has."""
    deadline = time.monotonic() + timeout
    alike = _alike(betza, files, ranks, deadline)
    return [_reading(betza, dialect, files, ranks, deadline, candidates, dialect in alike)
            for dialect in PROGRAMS]


def _alike(betza: str, files: int, ranks: int, deadline: float) -> set[str]:
    """The programs that read ``betza`` with the spec's move definitions, proven equal
    together in one grounding (the others are compared one by one)."""
    from translator.queries.equiv.answer import spec_readings

    try:
        return spec_readings(betza, list(PROGRAMS), files, ranks, timeout=_left(deadline))
    except (BetzaError, SolverTimeout):
        return set()


def _left(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left < LEAST:
        raise SolverTimeout("the portability checks ran out of time")
    return left


def _proven(a: str, b: str, files: int, ranks: int, deadline: float,
            dialect_b: str) -> bool | None:
    """Does ``b`` read in ``dialect_b`` move as ``a`` in the spec reading? None: unknown."""
    from translator.queries.equiv import equivalent

    spelt = _spelt_in_spec(b, dialect_b)
    try:
        if spelt is not None:
            try:
                return equivalent(a, spelt, files, ranks, timeout=_left(deadline)).equivalent
            except SolverTimeout:
                raise
            except BetzaError:  # (a size the conditions refuse: the search may take it)
                pass
        return equivalent(a, b, files, ranks, timeout=_left(deadline),
                          dialect_b=dialect_b).equivalent
    except (BetzaError, SolverTimeout):
        return None


def _spelt_in_spec(betza: str, dialect: str) -> str | None:
    """The spec string whose moves are ``betza``'s in Fairy-Stockfish's reading, when the
    solver reads them as the same facts. That reading is a rewrite of the string
    (translator/notation/fsf.py; none of its switches is a rule of the encodings, kb/
    dialects.lp), so the spec reading of its spelling is the same piece, and the proof
    compares conditions on squares (encodings/conditions.lp) instead of searching
    positions (encodings/equiv.lp), which another reading needs for its switches."""
    from translator.facts.pieces import parse_piece
    from translator.facts.translate import move_facts
    from translator.notation.syntax import spelling

    if dialect != "fsf":
        return None
    try:
        piece = parse_piece(betza, dialect)
        spelt = spelling(piece)
        same = bool(spelt) and sorted(move_facts(1, parse_piece(spelt)).split()) == sorted(
            move_facts(1, piece).split())
    except BetzaError:
        return None
    return spelt if same else None


def _reading(betza: str, dialect: str, files: int, ranks: int, deadline: float,
             candidates: tuple[str, ...], alike: bool = False) -> ProgramReading:
    from translator.facts.pieces import parse_piece
    from translator.notation.syntax import spelling

    try:
        reads = spelling(parse_piece(betza, dialect))  # its moves in the spec's words
    except BetzaError as err:
        answer = ProgramReading(dialect, None, False, f"has no answer: {err.message}")
        _fix(answer, betza, files, ranks, deadline, candidates)
        return answer
    same = alike or _proven(betza, betza, files, ranks, deadline, dialect)
    if same:
        return ProgramReading(dialect, reads, True, "reads it with the spec's moves",
                              spelling=betza)
    if same is None:
        return ProgramReading(dialect, reads, None, f"reads it as {reads or 'no move at all'}"
                              "; whether with the spec's moves was not decided (the solver "
                              "refused the comparison or ran out of time: raise --timeout)")
    answer = ProgramReading(dialect, reads, False, _today(betza, reads, dialect, files, ranks))
    if dialect == "fsf":
        answer.moves_otherwise = _fsf_moves(betza, files, ranks, deadline)
    _fix(answer, betza, files, ranks, deadline, candidates)
    return answer


def _today(betza: str, reads: str, dialect: str, files: int, ranks: int) -> str:
    """What the program reads, in words: its moves' spec string and where they go from the
    centre of the empty board, beside the spec's squares."""
    origin = square_name((files // 2, ranks // 2))
    theirs = _squares(betza, dialect, files, ranks, origin)
    spec = _squares(betza, "spec", files, ranks, origin)
    place = f"from {origin} on an empty {files}x{ranks} board"
    if theirs is None:
        where = ""
    elif theirs == [origin]:
        where = f": only a null move, back to {origin} ({place})"
    elif not theirs:
        where = f": no move {place}"
    else:
        where = f": {' '.join(theirs)} {place}"
    if spec is not None and theirs is not None and spec != theirs:
        where += f"; the spec reading: {' '.join(spec) or 'no move'}"
    return f"reads it otherwise, as {reads or 'no move at all'}{where}"


def _squares(betza: str, dialect: str, files: int, ranks: int,
             origin: str) -> list[str] | None:
    from translator.position import Position
    from translator.queries.moves import moves
    from translator.squares import parse_square

    try:
        found = moves(betza, origin, Position.light(files, ranks), virgin=True,
                      dialect=dialect)
    except (BetzaError, SolverTimeout):
        return None
    return sorted({m.to for m in found}, key=lambda sq: parse_square(sq)[::-1])


def _fix(answer: ProgramReading, betza: str, files: int, ranks: int, deadline: float,
         candidates: tuple[str, ...]) -> None:
    """The shortest candidate the program reads with the spec's moves, proven equal."""
    from translator.facts.pieces import canonical

    tried = [canonical(betza), *candidates]
    fsf_reasons: list[str] = []
    if answer.dialect == "fsf":
        from translator.queries.convert_fsf import to_fsf

        spelt = to_fsf(betza, check=False)
        fsf_reasons = spelt.reasons
        if spelt.result:
            tried.append(spelt.result)
    for candidate in sorted(dict.fromkeys(c for c in tried if c != betza), key=len):
        if _proven(betza, candidate, files, ranks, deadline, answer.dialect):
            answer.spelling = candidate
            return
    answer.why_none = ("; ".join(fsf_reasons) if fsf_reasons else
                       f"none of the spellings tried ({', '.join(dict.fromkeys(tried))}) "
                       f"moves so in {answer.program}")


def _fsf_moves(betza: str, files: int, ranks: int,
               deadline: float) -> tuple[tuple[str, str], ...]:
    """Each spec move of ``betza`` that Fairy-Stockfish, reading it alone, reads otherwise,
    with the spec string of what it reads."""
    from translator.facts.pieces import parse_piece
    from translator.notation.syntax import spelling

    out = []
    for move in parse_piece(betza).moves:
        text = str(move)
        if _proven(text, text, files, ranks, deadline, "fsf") is False:
            out.append((text, spelling(parse_piece(text, "fsf"))))
    return tuple(out)


def program_lines(readings: list[ProgramReading], files: int, ranks: int) -> list[str]:
    """The portability lines of the text answer: one per program."""
    lines = [f"Portability (proven on {files}x{ranks} by the equivalence solver):"]
    for r in readings:
        line = f"  {r.program}: {r.today}"
        if r.same is False and r.spelling is not None:
            line += f"; write {r.spelling}, which {r.program} reads with the spec's moves " \
                    "(proven equal)"
        elif r.same is False:
            line += f"; no spelling it reads with the spec's moves: {r.why_none}"
        lines.append(line)
        if [got for _, got in r.moves_otherwise] != [r.reads]:  # more than the whole string
            lines += [f"    move {m} is read as {got or 'no move at all'}"
                      for m, got in r.moves_otherwise]
    return lines
