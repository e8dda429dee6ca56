"""The text answer of ``betza find``, and the question ``--interactive`` asks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from translator.present.render import equiv_text

if TYPE_CHECKING:
    from translator.queries.equiv.answer import Counterexample
    from translator.queries.find.answer import Example, FindResult

KIND_WORDS = {"m": "move", "c": "capture"}


def find_text(result: FindResult, examples: list[Example]) -> str:
    """The string on the first line, then the check, the explanation and any ambiguity."""
    from translator.present.explain.answer import explain_lines

    if result.betza is None:
        return "\n".join(["no string of the search space fits (see docs/find.md)",
                          "No candidate draws these squares together:",
                          *_unsatisfied(result, examples)])
    where = "the example" if len(examples) == 1 else f"all {len(examples)} examples"
    lines = [result.betza, *_assumed(result),
             f"Checked: its moves are the drawn ones in {where}.", *explain_lines(result.betza)]
    if result.same_length:
        lines.append(f"Equally short spellings of the same piece: {', '.join(result.same_length)}")
    if result.alternatives:
        lines.append("Equally short, but different pieces: " + ", ".join(result.alternatives))
        lines.append("They differ here; draw this position as another example "
                     "(or run with --interactive):")
        lines.append(_difference(result))
    return "\n".join(lines)


def assumed_text(result: FindResult, several: bool) -> str:
    """What was added to the drawing for it to fit: the empty squares between a hopper's
    screen and its victim, say."""
    squares = " ".join(f"{sq} (example {i + 1})" if several else sq
                       for i, sq in result.assumed_captures)
    return (f"Nothing fitted the squares as drawn; with {squares} also drawn as capture "
            f"squares, {result.betza} fits. On an empty square a capture square means that "
            "a lone enemy standing there would be captured, and it would be: draw them so.")


def _assumed(result: FindResult) -> list[str]:
    if not result.assumed_captures:
        return []
    return [assumed_text(result, len({i for i, _ in result.assumed_captures}) > 1)]


def _unsatisfied(result: FindResult, examples: list[Example]) -> list[str]:
    out = []
    for index, square in result.unsatisfiable:
        drawn = examples[index].wanted().get(square)
        what = (" and ".join(KIND_WORDS[k] for k in sorted(drawn, reverse=True)) if drawn
                else "not drawn as a destination")
        out.append(f"  example {index + 1}: {square} ({what})")
    return out


def _difference(result: FindResult) -> str:
    from translator.queries.equiv import EquivResult

    ce = result.differ_at
    assert ce is not None and result.betza is not None
    verdict = EquivResult(result.betza, result.alternatives[0], ce.files, ce.ranks, False, ce)
    return equiv_text(verdict)


def example_spec(ce: Counterexample, marks: dict[str, set[str]]) -> dict:
    """The counterexample position with ``marks`` drawn, as an example's JSON keys."""
    spec: dict = {"from": ce.start, "board": f"{ce.files}x{ce.ranks}", "side": ce.side,
                  "friends": ce.friends, "enemies": ce.enemies}
    for key, kinds in (("moves", {"m"}), ("captures", {"c"}), ("both", {"m", "c"})):
        spec[key] = sorted(sq for sq, k in marks.items() if k == kinds)
    return spec


def ask_which(result: FindResult) -> Example | None:
    """Show where the shortest strings differ and ask which is right; the answer as a new
    example, or None to stop."""
    from translator.queries.find.check import drawn_marks
    from translator.queries.find.examples import Example

    ce = result.differ_at
    assert ce is not None and result.betza is not None
    options = [result.betza, result.alternatives[0]]
    print(_difference(result))
    for i, option in enumerate(options, start=1):
        print(f"  [{i}] the piece moves as {option} there")
    reply = input("Which is right? [1/2, anything else stops] ").strip()
    if reply not in ("1", "2"):
        return None
    probe = Example(ce.start, ce.files, ce.ranks, friends=tuple(ce.friends),
                    enemies=tuple(ce.enemies), side=ce.side)
    (marks,) = drawn_marks([options[int(reply) - 1]], probe)
    return Example.from_json(example_spec(ce, marks))
