"""``betza lint``: what may be wrong with a Betza string, every claim proven by a solver.

Three kinds of finding:

- **notation problems** (:mod:`translator.queries.lint.notation`): moves written twice or
  contained in the others, modifiers and direction letters that do nothing, order-dependent
  spellings, and the whole string's shorter spelling (``shorter``), found by the ``betza
  find`` search (:mod:`translator.queries.lint.shortest`); every "is the same piece" is a
  proof of the equivalence solver;
- **fairy-stockfish**: Fairy-Stockfish does not accept the string or reads it differently
  (:mod:`translator.queries.lint.ffish`);
- **dialect**: a known difference between the programs that read XBetza touches the string,
  with a position where the readings differ (``translator.queries.dialect_diff``), and
  whether the program departs there from the spec text or reads a point the texts leave
  open; or a program has no answer for the string at all.

>>> result = lint("WK")
>>> [f.kind for f in result.findings], result.shortest
(['contained-move', 'shorter'], 'K')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from translator.errors import BetzaError
from translator.facts.pieces import parse_piece, resolve_name
from translator.position import Position
from translator.queries.equiv import equivalent
from translator.queries.lint.ffish import FfishCheck, check_ffish
from translator.queries.lint.finding import Budget, Finding, where
from translator.queries.lint.notation import notation_findings
from translator.queries.lint.portable import PROGRAMS, portability
from translator.queries.lint.programs import ProgramReading, program_readings
from translator.queries.lint.shortest import Shortest, shortest_spelling

READERS = {**PROGRAMS, "fairy-stockfish": PROGRAMS["fsf"]}


@dataclass
class LintResult:
    """The findings of one string on one board, what Fairy-Stockfish makes of it, the
    shortest spelling proven equal (if shorter than the string) and how it was found or
    why there is none, and notes on checks that could not be made."""

    betza: str
    files: int
    ranks: int
    findings: list[Finding] = field(default_factory=list)
    fairy_stockfish: FfishCheck | None = None
    shortest: str | None = None
    shortest_reason: str | None = None
    dialects_checked: bool = False
    notes: list[str] = field(default_factory=list)
    portability: dict[str, str] = field(default_factory=dict)  # program -> what it reads
    programs: list[ProgramReading] = field(default_factory=list)  # proven, with the fixes

    @property
    def clean(self) -> bool:
        return not self.findings

    def as_json(self) -> dict[str, Any]:
        ffish = self.fairy_stockfish.as_json() if self.fairy_stockfish else None
        return {"ok": True, "betza": self.betza, "files": self.files, "ranks": self.ranks,
                "clean": self.clean, "findings": [f.as_json() for f in self.findings],
                "shortest": self.shortest, "shortest_reason": self.shortest_reason,
                "fairy_stockfish": ffish,
                "dialects_checked": self.dialects_checked, "notes": self.notes,
                "portability": self.portability,
                "programs": [r.as_json() for r in self.programs]}


def lint(text: str, files: int = 8, ranks: int = 8, timeout: float = 60.0) -> LintResult:
    """Lint a Betza string (or a piece name) on a ``files`` x ``ranks`` board."""
    Position(files, ranks)  # checks the size
    budget = Budget(timeout)
    try:
        parse_piece(text)
    except BetzaError as err:
        return _spec_refuses(text, files, ranks, err, budget)
    betza = resolve_name(text)
    result = LintResult(betza, files, ranks)
    comparable = _comparable(betza, files, ranks, result.notes)
    if comparable:
        found = notation_findings(betza, files, ranks, budget)
        shortest = shortest_spelling(betza, files, ranks, budget)
        result.shortest, result.shortest_reason = _shortest(betza, found, shortest)
        if shortest.betza is not None:
            found.append(Finding(
                "shorter", f"{shortest.betza} is a shorter spelling of the same piece "
                f"(found by betza find, proven equal on {files}x{ranks})",
                equivalent=shortest.betza, suggestion=shortest.betza))
        result.findings.extend(_suggested(found, shortest.betza))
    result.portability = portability(betza)
    result.findings.extend(_fsf_drops(betza))
    result.fairy_stockfish = check_ffish(betza, files, ranks)
    if result.fairy_stockfish.status in ("different", "not accepted"):
        result.findings.append(_ffish_finding(result.fairy_stockfish))
    if comparable:  # the readings are compared by the same solver
        result.findings.extend(_dialects(result, budget))
        known = tuple(f.equivalent for f in result.findings if f.equivalent)
        result.programs = program_readings(
            betza, files, ranks, budget.deadline - time.monotonic(),
            (*known, *([result.shortest] if result.shortest else [])))
        _fixes_offered(result)
    return result


def _definitions_at_once(result: LintResult, budget: Budget) -> None:
    """The move definitions of the string in every reading lint compares with the spec's
    (each program's, and each switch of XBoard's and the Interactive Diagram's, which the
    dialect differences compare one by one) in one grounding of encodings/samedef.lp, kept
    pair by pair for the comparisons that follow (translator/solve/memo.py) instead of a
    grounding for each group of them; a reading that has no answer is left out."""
    from translator.notation.dialects import table
    from translator.queries.equiv.answer import spec_readings
    from translator.solve.engine import SolverTimeout

    switches = [f"{s.dialect}:{s.name}" for s in table() if s.dialect != "fsf"]
    try:
        spec_readings(result.betza, [*PROGRAMS, *switches], result.files, result.ranks,
                      timeout=budget.left())
    except (BetzaError, SolverTimeout):  # each group grounds its own then, as it says
        return


def _fixes_offered(result: LintResult) -> None:
    """A program's fix (a spelling it reads with the spec's moves, proven equal) is the
    suggestion of the findings that say it reads the string otherwise."""
    fixes = {r.dialect: r.spelling for r in result.programs if r.same is False and r.spelling}
    for finding in result.findings:
        program = finding.data.get("dialect") if finding.kind == "dialect" else \
            "fsf" if finding.kind == "fairy-stockfish" else None
        if finding.suggestion is None and program in fixes:
            finding.suggestion = fixes[program]


def _spec_refuses(betza: str, files: int, ranks: int, err: BetzaError,
                  budget: Budget) -> LintResult:
    """A string the spec reading refuses but a program reads (``afrN``: l/r on a later leg
    of an oblique atom): a finding per program that answers it, and a position where
    the two programs' answers differ (found by the equivalence solver), if any."""
    from translator.notation.dialects import dialects
    from translator.queries.dialect_diff import refusals

    refused = refusals(betza)
    # Fairy-Stockfish skips what it does not know, so it reads every string: a string that
    # only it reads is malformed, and its reading is said by the portability line
    readers = [d for d in dialects()[1:] if d not in {r for r, _ in refused} | {"fsf"}]
    if not readers:
        raise err
    result = LintResult(betza, files, ranks, dialects_checked=True)
    result.notes.append(f"the spec reading refuses it: {err.message}")
    result.findings = [Finding(
        "dialect", f"undefined-in-spec: {READERS[d]} reads it its own way, where the spec "
        "refuses it", data={"name": "undefined-in-spec", "dialect": d, "departs": False})
        for d in readers] + _no_answer(refused)
    if len(readers) == 2:
        _programs_compared(result, readers, budget)
    return result


def _programs_compared(result: LintResult, readers: list[str], budget: Budget) -> None:
    """Where the two programs move the string otherwise (a finding), or a note that they
    agree on the board."""
    from translator.queries.dialect_diff import destinations

    first, second = readers
    found = equivalent(result.betza, result.betza, result.files, result.ranks,
                       timeout=budget.left(), dialect=first, dialect_b=second)
    ce = found.counterexample
    if found.equivalent or ce is None:
        result.notes.append(f"{READERS[first]} and {READERS[second]} move it alike on "
                            f"{result.files}x{result.ranks}")
        return
    place = where(ce.files, ce.ranks, ce.start, ce.side, ce.friends, ce.enemies)
    only_a, only_b = destinations(ce.only_a), destinations(ce.only_b)
    only = [" ".join(squares) or "-" for squares in (only_a, only_b)]
    result.findings.append(Finding(
        "dialect", f"programs-differ: {READERS[first]} and {READERS[second]} move it "
        "otherwise", details=[f"{place}: only {READERS[first]} goes to {only[0]}; only "
                              f"{READERS[second]} goes to {only[1]}"],
        data={"name": "programs-differ", "dialects": readers, "departs": False,
              "from": ce.start, "side": ce.side, "friends": list(ce.friends),
              "enemies": list(ce.enemies), "only_a": only_a, "only_b": only_b}))


def _comparable(betza: str, files: int, ranks: int, notes: list[str]) -> bool:
    """Can the equivalence solver compare the piece? (Not the imitator, nor x on a last
    leg: their moves depend on the game.)"""
    try:
        equivalent(betza, betza, files, ranks)
    except BetzaError as err:
        notes.append(f"notation checks not made: {err.message}")
        return False
    return True


def _shortest(betza: str, found: list[Finding], shortest: Shortest) -> tuple[str | None, str]:
    """The shortest spelling proven equal and how: find's, or else a shorter string that a
    notation finding proved the same piece (NaN for NmaN, which find's search space lacks),
    so that the findings and the "shorter spelling" never disagree."""
    if shortest.betza is not None:
        return shortest.betza, shortest.reason
    shorter = [f for f in found if f.equivalent and len(f.equivalent) < len(betza)]
    if not shorter:
        return None, shortest.reason
    best = min(shorter, key=lambda f: len(f.equivalent or ""))
    return best.equivalent, f"proven the same piece by the {best.kind} check; {shortest.reason}"


def _suggested(found: list[Finding], shortest: str | None) -> list[Finding]:
    """Each finding's suggestion: the shortest of the strings proven equal."""
    for finding in found:
        known = [s for s in (finding.equivalent, shortest) if s is not None]
        if known:
            finding.suggestion = min(known, key=len)
    return found


def _fsf_drops(betza: str) -> list[Finding]:
    """A finding per letter Fairy-Stockfish skips without a word."""
    from translator.notation.fsf import dropped

    return [Finding("fairy-stockfish-drops", f"Fairy-Stockfish skips the {c!r} at position "
                    f"{i + 1} of {betza} without a word", position=i, data={"letter": c})
            for i, c in dropped(betza)]


def _ffish_finding(check: FfishCheck) -> Finding:
    details = [check.reason]
    if check.probe is not None:
        details = [f"{check.reason}: only betza-kb {' '.join(check.only_ours) or '-'}; "
                   f"only Fairy-Stockfish {' '.join(check.only_theirs) or '-'} "
                   "(x = captures there)"]
    words = ("Fairy-Stockfish accepts it but reads it differently" if check.status ==
             "different" else "Fairy-Stockfish does not accept it")
    return Finding("fairy-stockfish", f"{words} ({check.words})", details=details,
                   data={"fairy_stockfish": check.as_json()})


def _dialects(result: LintResult, budget: Budget) -> list[Finding]:
    """A finding per known dialect difference the string touches."""
    from translator.facts.pieces import parse_piece
    from translator.queries.dialect_diff import dialect_differences, refusals

    if any(move.is_bracket for move in parse_piece(result.betza).moves):
        result.notes.append("dialects not checked: XBoard and the Interactive Diagram do not "
                            "read the bracket notation (betza convert --to a gives a string "
                            "they read)")
        return []
    result.dialects_checked = True
    _definitions_at_once(result, budget)
    found = _no_answer(refusals(result.betza))
    for diff in dialect_differences(result.betza, result.files, result.ranks,
                                    timeout=budget.left()):
        reader = READERS.get(diff.dialect, diff.dialect)
        place = where(diff.files, diff.ranks, diff.origin, diff.side, diff.friends,
                      diff.enemies)
        departs = departing(diff.name)
        verdict = (f"{reader} departs from the spec text here" if departs else
                   "the spec texts leave this open, or the programs chose otherwise")
        found.append(Finding(
            "dialect", f"{diff.name}: {reader} reads it differently ({diff.description}); "
            f"{verdict}",
            details=[f"{place}: only betza-kb goes to {' '.join(diff.spec_only) or '-'}; "
                     f"only {reader} goes to {' '.join(diff.dialect_only) or '-'}"],
            data={"name": diff.name, "dialect": diff.dialect, "departs": departs,
                  "difference": diff.as_json()}))
    return found


def _no_answer(refused: list[tuple[str, str]]) -> list[Finding]:
    """A finding per program that has no answer for the string, with its reason."""
    return [Finding("dialect", f"{READERS.get(dialect, dialect)} has no answer: {why}",
                    data={"name": "no-answer", "dialect": dialect, "departs": False})
            for dialect, why in refused]


def departing(name: str) -> bool:
    """Is the switch ``name`` a program departing from a clear spec text?"""
    from translator.notation.dialects import table

    return any(s.departs for s in table() if s.name == name)
