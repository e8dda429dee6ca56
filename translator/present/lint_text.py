"""The text answer of ``betza lint``: one line per finding, then the details."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from translator.queries.lint.answer import LintResult


def lint_text(result: LintResult) -> str:
    """The headline, a line per finding (``kind: words``), then details, the suggestion,
    Fairy-Stockfish's reading and notes on what was not checked."""
    count = len(result.findings)
    head = f"{result.betza} on {result.files}x{result.ranks}: "
    lines = [head + ("clean" if result.clean else f"{count} finding{'s' * (count != 1)}")]
    lines += [f"  {f.kind}: {f.message}" for f in result.findings]
    details = [f"  {f.kind}: {line}" for f in result.findings for line in f.details]
    if details:
        lines += ["Details:", *details]
    if result.shortest is None and result.shortest_reason:
        lines.append(f"Shorter spelling: none ({result.shortest_reason})")
    elif result.shortest is not None and not any(f.kind == "shorter" for f in result.findings):
        lines.append(f"Shorter spelling: {result.shortest} ({result.shortest_reason})")
    check = result.fairy_stockfish
    if check is not None and not any(f.kind == "fairy-stockfish" for f in result.findings):
        lines.append(f"Fairy-Stockfish: {check.words} ({check.reason})")
    if result.dialects_checked and not any(f.kind == "dialect" for f in result.findings):
        lines.append("Dialects: no known difference between the programs that read XBetza "
                     "touches this string")
    if result.programs:
        from translator.queries.lint.programs import program_lines

        lines += program_lines(result.programs, result.files, result.ranks)
    elif result.portability:
        from translator.queries.lint.portable import portability_line

        lines.append(portability_line(result.betza, result.portability))
    lines += [f"Note: {note}" for note in result.notes]
    return "\n".join(lines)
