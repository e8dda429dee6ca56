"""A piece in words and on a board: the explanation, leg by leg, its diagram, summary and
worked examples."""

from translator.present.explain.answer import explain_lines, explain_svg, explain_text
from translator.present.explain.diagram import explain_diagram
from translator.present.explain.example import worked_example

__all__ = ["explain_diagram", "explain_lines", "explain_svg", "explain_text", "worked_example"]
