"""The typed facts of translator/facts/schema.py are the inputs the encodings declare."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from translator.facts.schema import ATOM, BY_NAME, PIECE

ENCODINGS = Path(__file__).resolve().parent.parent / "encodings"


def test_every_typed_fact_is_an_input_the_encodings_declare() -> None:
    # declared #defined, or #external where the driver sets the atoms (find.lp's want/4)
    texts = [path.read_text() for path in ENCODINGS.glob("*.lp")]
    declared = {(name, int(arity)) for text in texts
                for name, arity in re.findall(r"#defined (\w+)/(\d+)\.", text)}
    declared |= {(name, args.count(",") + 1) for text in texts
                 for name, args in re.findall(r"#external (\w+)\(([^()]*)\)", text)}
    assert {(p.name, p.arity) for p in BY_NAME.values()} <= declared


def test_the_translator_inputs_are_all_typed() -> None:
    # inputs.lp declares what the translator writes for every program (idle/2 is the query
    # files' own)
    inputs = set(re.findall(r"#defined (\w+)/(\d+)\.", (ENCODINGS / "inputs.lp").read_text()))
    assert {(n, int(a)) for n, a in inputs} - {("idle", 2)} <= {
        (p.name, p.arity) for p in BY_NAME.values()}


def test_a_fact_quotes_its_strings_and_checks_its_arguments() -> None:
    assert ATOM(1, 1, 'a"b') == 'atom(1,1,"a\\"b").'
    assert PIECE(2, 0, 7, "black", 3) == "piece(2,0,7,black,3)."
    with pytest.raises(TypeError, match=r"piece\(Q,X,Y,Col,T\) takes 5 arguments, not 4"):
        PIECE(2, 0, 7, "black")
