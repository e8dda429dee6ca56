"""The CPU of compiling a move table, this checkout beside another revision, with the rows
of every table compared.

    python bench/table_compile.py [--base main] [--random 200] [--kb] [--files 8 --ranks 8]

Each side compiles, in a process of its own, the whole-board tables of ``--random`` strings
of tests/betza_strings.py (seed 40) and, with ``--kb``, of every catalogue piece, one table
at a time as a query of a string not seen before does (translator/compiled/store.py's
``_compile``: a local table without its squares). The base revision is read from git
(``git archive``) into a temporary folder. One run prints the CPU per table (p50, p95,
total) of both sides and their ratios (below 1.0: this checkout is cheaper), and every
table whose rows differ (exit status 1 if any does).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def pieces(count: int, kb: bool) -> list[str]:
    """The strings compiled: ``count`` random strings, then the catalogue's."""
    sys.path.insert(0, str(ROOT / "tests"))
    from betza_strings import random_strings

    out = random_strings(count, 40)
    if kb:
        from translator.catalogue.pieces import all_pieces

        out += [piece.betza for piece in all_pieces()]
    return list(dict.fromkeys(out))


def side(strings: list[str], files: int, ranks: int) -> dict[str, Any]:
    """CPU and rows of each table, compiled in this process by the importable translator."""
    from translator.compiled import store
    from translator.errors import BetzaError
    from translator.facts.pieces import parse_piece

    store._compile(("N", "spec", files, ranks, None), 20.0)   # (imports and caches)
    out: dict[str, Any] = {}
    for text in strings:
        try:
            canonical = str(parse_piece(text, "spec"))
        except BetzaError:
            continue
        start = time.process_time()
        kept = store._compile((canonical, "spec", files, ranks, None), 20.0)
        spent = time.process_time() - start
        rows = kept.as_json() if hasattr(kept, "as_json") else str(kept)
        out[text] = {"cpu": spent, "table": rows}
    return out


def run_side(tree: Path, strings: list[str], files: int, ranks: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as work:
        ask, answer = Path(work) / "ask.json", Path(work) / "answer.json"
        ask.write_text(json.dumps({"strings": strings, "files": files, "ranks": ranks}))
        env = dict(os.environ, PYTHONPATH=str(tree))
        subprocess.run([sys.executable, __file__, "--side", str(ask), str(answer)], env=env,
                       check=True, cwd=tree)
        found: dict[str, Any] = json.loads(answer.read_text())
        return found


def export(ref: str, folder: Path) -> Path:
    """The files of revision ``ref``, written into ``folder``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True,
                             capture_output=True).stdout
    tar = folder / "base.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as opened:
        opened.extractall(folder / "tree", filter="data")
    return folder / "tree"


def quantiles(cpu: list[float]) -> tuple[float, float, float]:
    ordered = sorted(cpu)
    return (ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * .95))],
            sum(ordered))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main", help="the git revision compared with")
    parser.add_argument("--random", type=int, default=200, help="random strings")
    parser.add_argument("--kb", action="store_true", help="the catalogue's pieces too")
    parser.add_argument("--files", type=int, default=8)
    parser.add_argument("--ranks", type=int, default=8)
    parser.add_argument("--side", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        ask = json.loads(Path(args.side[0]).read_text())
        Path(args.side[1]).write_text(json.dumps(side(ask["strings"], ask["files"],
                                                      ask["ranks"])))
        return 0
    sys.path.insert(0, str(ROOT))
    strings = pieces(args.random, args.kb)
    with tempfile.TemporaryDirectory() as folder:
        base = run_side(export(args.base, Path(folder)), strings, args.files, args.ranks)
    here = run_side(ROOT, strings, args.files, args.ranks)
    both = [text for text in strings if text in base and text in here]
    differ = [text for text in both if base[text]["table"] != here[text]["table"]]
    print(f"{len(both)} tables on {args.files}x{args.ranks}, {len(differ)} differ")
    for text in differ:
        print(f"  rows differ: {text}")
    old = quantiles([base[text]["cpu"] for text in both])
    new = quantiles([here[text]["cpu"] for text in both])
    for name, was, now in zip(("p50", "p95", "total"), old, new, strict=True):
        print(f"{name:>6}: {args.base} {was:.3f} s, here {now:.3f} s, ratio {now / was:.2f}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
