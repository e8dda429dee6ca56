"""The public Python API: one argument order, an example on every name, and answers that a
notebook draws as a board (the notebook test: what Jupyter calls, ``_repr_svg_``)."""

from __future__ import annotations

import inspect
import tomllib
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import translator
from translator import (
    Position,
    attackers_of_square,
    attacks,
    equivalent,
    explain_lines,
    moves,
    parse_fen,
    why,
)
from translator.present.why.answer import why as why_query

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"


def marks(svg: str) -> dict[str, str]:
    """square -> mark kind of a drawn board."""
    root = ET.fromstring(svg.encode())
    return {el.get("data-square") or "": cls.split()[1].removeprefix("mark-")
            for el in root.iter() if (cls := el.get("class") or "").startswith("mark ")}


def piece_squares(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg.encode())
    return {el.get("data-square") or "": el.get("data-label") or ""
            for el in root.iter(f"{NS}g") if "piece" in (el.get("class") or "").split()}


def test_every_public_name_has_an_example() -> None:
    # the examples themselves run as doctests (pytest --doctest-modules over translator/)
    missing = [name for name in translator.__all__
               if ">>>" not in (getattr(translator, name).__doc__ or "")]
    assert missing == []


def test_the_doctests_are_collected() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    assert "translator" in options["ini_options"]["testpaths"]
    assert "--doctest-modules" in options["ini_options"]["addopts"]


def test_the_version_is_one_number() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["version"] == translator.__version__ == "0.2.0"
    assert f"## [{translator.__version__}]" in (ROOT / "CHANGELOG.md").read_text()


@pytest.mark.parametrize("call", [moves, why, attackers_of_square, explain_lines])
def test_the_piece_then_the_square_then_the_board(call: object) -> None:
    params = list(inspect.signature(call).parameters.values())  # type: ignore[arg-type]
    assert [p.name for p in params[:2]] == ["piece", "square"]
    options = [p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY]
    assert "side" in options


def test_options_are_keywords_only() -> None:
    with pytest.raises(TypeError):
        why("R", "a1", "a8", Position.light(), "white")  # type: ignore[misc]
    with pytest.raises(TypeError):
        moves("R", "a1", Position.light(), "white")  # type: ignore[misc]


def test_one_default_board() -> None:
    assert moves("R", "a1").position.files == 8
    assert explain_lines("K").files == 8
    assert "empty 8x8 board" in explain_lines("K")[0]
    assert len(attackers_of_square("R", "a1")) == 14  # a 7-square file and rank


def test_attackers_of_square_still_takes_the_old_order() -> None:
    with pytest.warns(DeprecationWarning, match="old order"):
        old = attackers_of_square("e4", "fcafmF")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert attackers_of_square("fcafmF", "e4") == old == ["d3", "f3"]


def test_explain_lines_refuses_the_old_board_first_order() -> None:
    with pytest.raises(TypeError, match="square comes before"):
        explain_lines("W", 5, 5)  # type: ignore[arg-type]


def test_a_moves_answer_draws_its_destinations() -> None:
    found = moves("fcafmF", "e4", Position.light(enemies=["f5"], friends=["d5"]))
    svg = found._repr_svg_()
    assert marks(svg) == {"g6": "move", "f5": "locust"}
    assert set(piece_squares(svg)) == {"e4", "f5", "d5"}
    knight = moves("N", "b1", Position.light(enemies=["c3"]))
    svg = knight._repr_svg_()
    assert marks(svg) == {"a3": "move", "c3": "capture", "d2": "move"}
    assert piece_squares(svg)["b1"] == "N"


def test_an_attacks_answer_draws_the_target() -> None:
    pos = parse_fen("8/8/8/3p4/8/2N5/8/8 w", {"N": "N", "P": "fmWfcF"})
    found = attacks("d5", pos)
    assert [a.square for a in found] == ["c3"]
    svg = found._repr_svg_()
    assert marks(svg) == {"d5": "capture"}
    assert set(piece_squares(svg)) == {"c3", "d5"}


def test_a_why_answer_draws_the_path_or_what_must_change() -> None:
    yes = why("fcafmF", "e4", "g6", Position.light(enemies=["f5"]))
    assert yes.possible and marks(yes._repr_svg_()) == {"g6": "move", "f5": "locust"}
    no = why("R", "a1", "a8", Position.light(friends=["a4"]))
    query = why_query("R", "a1", "a8", Position.light(friends=["a4"]))
    assert not no.possible and no.explanation == query.explanation  # the query's own words
    assert marks(no._repr_svg_()) == {"a8": "move", "a4": "blocked"}


def test_an_equivalence_draws_its_counterexample() -> None:
    differ = equivalent("N", "mafsW")
    assert not differ.equivalent
    drawn = marks(differ._repr_svg_() or "")
    only_knight = {m.to for m in differ.counterexample.only_a}  # type: ignore[union-attr]
    assert only_knight and {sq for sq, kind in drawn.items() if kind == "move"} == only_knight
    assert equivalent("Q", "RB")._repr_svg_() is None  # nothing to draw: the text says it


def test_an_explanation_draws_the_diagram() -> None:
    lines = explain_lines("W", "b2", 3, 3)
    assert lines[0].startswith("W is the Wazir. From b2 on an empty 3x3 board")
    assert set(marks(lines._repr_svg_())) == {"a2", "b1", "b3", "c2"}


def test_answers_print_as_the_command_lines_text_boards() -> None:
    """print() of an answer shows what the command line prints, not a dataclass repr."""
    found = moves("N", "a1", Position.light(3, 3))
    assert str(found).splitlines() == [
        "N (white) on a1, 3x3 board", "3 . * .", "2 . . *", "1 @ . .", "  a b c",
        "  @ the moving piece", "  * moves there (empty square)", "2 moves:", "  b3", "  c2"]
    shown = str(attacks("d5", Position.light(enemies=["c3"])))
    assert "5 . . . # . . . ." in shown and shown.endswith("0 attackers of d5:")
    assert str(equivalent("WF", "K")) == "WF and K have the same moves on 8x8: equivalent."
    answer = why("R", "a1", "a8", Position.light(friends=["a4"]))
    assert str(answer).startswith("R (white) on a1 cannot go to a8 in this position.")
    assert "Why(" not in str(answer) and "WhyAnswer(" not in str(answer)
    assert str(explain_lines("W", "a1")).splitlines()[0] == (
        "W is the Wazir. From a1 on an empty 8x8 board it moves or captures on a2 b1.")
