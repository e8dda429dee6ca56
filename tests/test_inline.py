"""The accessors of encodings/accessors.lp are inlined (translator/solve/inline.py): the
ground program is the one with the projections written out, atom for atom."""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import clingo
import clingo.ast as ast
import pytest

from translator.facts.pieces import piece_facts
from translator.resources import data_dir
from translator.solve import engine
from translator.solve.inline import AccessorError, inline

# (the two tests of the encodings share their loader's groundings, _loaded: one worker)
pytestmark = pytest.mark.xdist_group("inline")

ACCESSORS = """acc(K,A) :- dom(K), K = f(A,_,B).
acc2(K,C) :- dom(K), K = f(_,C,_).
"""
USES = """p(K,A) :- q(K,B), acc(K,A), acc2(K,B).
s(N) :- N = #count{ A : q(K,_), acc(K,A) }.
t :- u(K) : q(K,_), acc(K,2).
#show v(K) : q(K,_), acc2(K,3).
"""


def _inlined(uses: str, accessors: str = ACCESSORS) -> list[str]:
    statements: list[ast.AST] = []
    definitions: list[ast.AST] = []
    ast.parse_string(accessors + uses, statements.append)
    ast.parse_string(accessors, definitions.append)
    return [str(s) for s in inline(statements, definitions)]


def test_positive_literals_become_one_comparison_with_fresh_variables() -> None:
    # acc's own B is not p's B: it becomes _B1; acc and acc2 on K merge into one term;
    # the accessor rules go (with the `#program base.` before them)
    assert _inlined(USES) == [
        "p(K,A) :- q(K,B); K = f(A,B,_B1).",
        "s(N) :- N = #count { A: q(K,_), K = f(A,_,_B1) }.",
        "t :- u(K): q(K,_), K = f(2,_,_B1).",
        "#show v(K) : q(K,_); K = f(_,3,_).",
    ]


def test_a_negated_literal_is_kept_with_the_accessor_rules() -> None:
    assert _inlined(USES + "r(K) :- q(K,_), not acc(K,1).\n") == [
        "#program base.",
        "acc(K,A) :- dom(K); K = f(A,_,B).",
        "acc2(K,C) :- dom(K); K = f(_,C,_).",
        "p(K,A) :- q(K,B); K = f(A,B,_B1).",
        "s(N) :- N = #count { A: q(K,_), K = f(A,_,_B1) }.",
        "t :- u(K): q(K,_), K = f(2,_,_B1).",
        "#show v(K) : q(K,_); K = f(_,3,_).",
        "r(K) :- q(K,_); not acc(K,1).",
    ]


def test_two_accessors_on_one_field_stay_two_comparisons() -> None:
    assert _inlined("p(K) :- q(K), acc(K,1), acc(K,2).", "acc(K,A) :- dom(K), K = f(A,_).\n") \
        == ["p(K) :- q(K); K = f(1,_); K = f(2,_)."]


def test_an_accessor_takes_distinct_variables_and_a_flat_pattern() -> None:
    with pytest.raises(AccessorError, match=r"<string>:1: an accessor's arguments are distinct"):
        _inlined("", "acc(K,K) :- dom(K), K = f(_).")
    with pytest.raises(AccessorError, match=r"<string>:1: an accessor's pattern is f\(Var"):
        _inlined("", "acc(K,A) :- dom(K), K = f(g(A)).")


# ---- the encodings: the same program as with the projections written out -------------

def _expanded(folder: Path) -> Path:
    """encodings/ copied to ``folder`` with every accessor literal written out as the
    comparison its rule in accessors.lp states (by text, apart from the loader's AST)."""
    shutil.copytree(data_dir("encodings"), folder / "encodings")
    shutil.copytree(data_dir("kb"), folder / "kb")
    rules = re.findall(r"^(\w+)\(\w+((?:,\w+)*)\) :- \w+\([\w,]+\), \w+ = k\((.*)\)\.$",
                       (folder / "encodings" / "accessors.lp").read_text(), re.M)
    assert len(rules) >= 8
    table = {name: (params.split(",")[1:], fields.split(",")) for name, params, fields in rules}
    use = re.compile(r"\b(" + "|".join(table) + r")\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)")

    def written(m: re.Match[str]) -> str:
        params, fields = table[m[1]]
        subject, *args = _split(m[2])
        if len(args) != len(params):  # another predicate of that name
            return m[0]
        given = dict(zip(params, args, strict=True))
        return f"{subject} = k({','.join(given.get(f, f) for f in fields)})"

    for path in (folder / "encodings").glob("*.lp"):
        text = "" if path.name == "accessors.lp" else use.sub(written, path.read_text())
        path.write_text(text)
    return folder / "encodings"


def _split(args: str) -> list[str]:
    out, depth, start = [], 0, 0
    for i, ch in enumerate(args):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            out.append(args[start:i])
            start = i + 1
    return [*out, args[start:]]


def _grounded(entry: str, facts: str, folder: Path | None) -> tuple[dict[str, float], set[str]]:
    """The ground program's size and the shown atoms of ``entry`` with ``facts``: from the
    loader (``folder`` None) or from the files in ``folder`` as clingo reads them."""
    ctl = clingo.Control(["--warn=none", "--stats"])
    if folder is None:
        engine.add_program(ctl, entry)
    else:
        with ast.ProgramBuilder(ctl) as builder:
            ast.parse_files([str(folder / entry)], builder.add)
    ctl.add("base", [], facts)
    engine.ground_parts(ctl, engine.may_chain(facts))
    models: list[set[str]] = []  # (the last one is the best: why.lp minimises)
    ctl.solve(on_model=lambda m: models.append({str(s) for s in m.symbols(shown=True)}))
    lp = ctl.statistics["problem"]["lp"]
    size = {key: lp[key] for key in ("atoms", "bodies", "rules")}
    return {**size, "ground atoms": len(ctl.symbolic_atoms)}, models[-1]


@cache
def _loaded(entry: str, facts: str) -> tuple[dict[str, float], set[str]]:
    """:func:`_grounded` from the loader, once per case for both tests (not to be changed)."""
    return _grounded(entry, facts, None)


def _position(betzas: list[str]) -> str:
    # each piece on d4 of its own 8x8 board, with a friend on d5, an enemy on e6 and f4
    facts = []
    for q, betza in enumerate(betzas, 1):
        facts += [piece_facts(q, betza), f"board({q},8,8). piece({q},3,3,white,{q}).",
                  f"mover({q},3,3). piece({q},3,4,white,none). piece({q},4,5,black,none).",
                  f"piece({q},5,3,black,none)."]
    return " ".join(facts)


@pytest.fixture(scope="module")
def written_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _expanded(tmp_path_factory.mktemp("expanded"))


CASES = [
    ("moves.lp", _position(["caaK", "caKmcabK", "RaisR", "cafsK", "nN", "mpafsK"])),
    ("why.lp", piece_facts(1, "nDmpafcW") + " board(1,8,8). mover(1,3,3). "
     "piece(1,3,3,white,1). real(1,3,4,white). real(1,4,5,black). goal(1,3,5)."),
    ("conditions.lp", piece_facts(1, "nN") + " " + piece_facts(2, "N") +
     " compare(effects). board(0,5,5). start(0,2,2). centre(0)."),
    ("table.lp", piece_facts(1, "mafsW") + " board(0,5,5). start(0,2,2). centre(0). qtype(0,1)."),
]


@pytest.mark.parametrize(("entry", "facts"), CASES, ids=[c[0] for c in CASES])
def test_the_loader_grounds_what_the_projections_written_out_ground(
        entry: str, facts: str, written_out: Path) -> None:
    size, shown = _loaded(entry, facts)
    assert size["atoms"] > 0 and shown
    assert (size, shown) == _grounded(entry, facts, written_out)


@pytest.mark.parametrize(("entry", "facts"), CASES, ids=[c[0] for c in CASES])
def test_the_accessor_file_read_as_plain_asp_gives_the_same_answer(entry: str,
                                                                   facts: str) -> None:
    # without the loader the accessors are atoms of their own: more atoms, the same answer
    size, shown = _loaded(entry, facts)
    plain, plain_shown = _grounded(entry, facts, data_dir("encodings"))
    assert plain_shown == shown
    assert plain["ground atoms"] > size["ground atoms"]
