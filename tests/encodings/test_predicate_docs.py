"""encodings/README.md lists, under each encoding file, every predicate the file gives
another file, shows to Python or takes as an external, each with its arguments named."""

from __future__ import annotations

import re

from predicates import ENCODINGS, Key, predicates


def _arity(args: str) -> int:
    depth, count = 0, 1
    for ch in args:
        depth += ch in "(["
        depth -= ch in ")]"
        count += ch == "," and depth == 0
    return count


def documented() -> dict[str, set[Key]]:
    """file -> the predicates its README section's bullets name before their colon."""
    text = (ENCODINGS / "README.md").read_text()
    found: dict[str, set[Key]] = {}
    for name, section in re.findall(r"^### (\S+\.lp)\n(.*?)(?=^##|\Z)", text, re.M | re.S):
        keys: set[Key] = set()
        for lead in re.findall(r"^- ((?:.|\n  )*?): ", section, re.M):
            for span in re.findall(r"`([^`]+)`", lead):
                keys |= {(n, _arity(a)) for n, a in re.findall(r"(\w+)\((.*)\)$", span)}
                keys |= {(n, int(a)) for n, a in re.findall(r"(\w+)/(\d+)", span)}
                keys |= {(span, 0)} if re.fullmatch(r"\w+", span) else set()
        found[name] = keys
    return found


def test_every_predicate_a_file_gives_is_documented_under_it() -> None:
    defined, interface = predicates()
    docs = documented()
    missing = {name: sorted(keys - docs.get(name, set()))
               for name, keys in interface.items() if keys - docs.get(name, set())}
    assert missing == {}
    # and a bullet names nothing its file does not define, show or set from outside
    stray = {name: sorted(keys - defined[name] - interface.get(name, set()))
             for name, keys in docs.items() if keys - defined[name] - interface.get(name, set())}
    assert stray == {}


def test_the_readme_has_no_table_cell_longer_than_a_paragraph() -> None:
    cells = [cell for line in (ENCODINGS / "README.md").read_text().splitlines()
             if line.startswith("|") for cell in line.split("|")]
    assert max(len(cell) for cell in cells) < 300
