"""A long fuzz run of ``betza batch``, as a careful user would break it: one stream.

    python bench/fuzz.py [--inputs 20000] [--seed 1] [--workers 2] [--timeout 5]

Mutated batch lines (the knowledge base's pieces and random Betza-like strings with
letters put in, dropped and changed; squares, sizes, wrong types, broken JSON) go to one
``betza batch`` process in one stream, written while its answers are read. Every 50th line
is a check line whose answer is known, so answers out of order are seen. The process tree's
memory is sampled meanwhile. Prints the lines sent and answered, the check lines answered
wrong, internal errors, the refusals by reason (size estimate, time limit inside a grounding
step, memory ceiling, other time limits), the largest process seen against the ceiling
(translator/solve/guard.py: each worker may hold CEILING_MB more than it started with), and
the time. The CI runs a short version of this in tests/test_hostile_input.py.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from proctree import tree_resident_kb  # noqa: E402

from translator.catalogue.pieces import all_pieces  # noqa: E402
from translator.solve.guard import CEILING_MB  # noqa: E402

ALPHABET = "fblrvsmcdekxpgyinjotuzqaWFDNAHCZGKRBQUOI@0123456789*[]?-"
CHECK = '{"query": "moves", "betza": "W", "from": "a1"}'
CHECK_ANSWER = json.dumps({"ok": True, "moves": [
    {"to": "a2", "legs": ["a1", "a2"], "captures": []},
    {"to": "b1", "legs": ["a1", "b1"], "captures": []}]})


def mutated(text: str, rng: random.Random) -> str:
    """``text`` with one to three letters put in, dropped or changed."""
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(chars) + 1)
        kind = rng.random()
        if kind < 0.4 or not chars:
            chars.insert(at, rng.choice(ALPHABET))
        elif kind < 0.7:
            del chars[min(at, len(chars) - 1)]
        else:
            chars[min(at, len(chars) - 1)] = rng.choice(ALPHABET)
    return "".join(chars)


def line(rng: random.Random, kb: list[str]) -> str:
    kind = rng.random()
    if kind < 0.05:
        return "".join(rng.choice('{}[]":,0123456789abc') for _ in range(rng.randrange(30)))
    fields: dict[str, Any] = {"query": rng.choice(
        ["moves"] * 6 + ["attacks", "why", "explain", "drops", "equiv", "nope", 5, None])}
    base = rng.choice(kb) if kind < 0.7 else "".join(
        rng.choice(ALPHABET) for _ in range(rng.randrange(1, 9)))
    fields["betza"] = mutated(base, rng) if rng.random() < 0.8 else base
    fields["from"] = rng.choice(["e4", "c1", "a1", "d5", "h8", "z9", "", "e44", 7])
    fields["square"] = fields["from"]
    if rng.random() < 0.3:
        fields["files"] = rng.choice([8, 1, 12, 26, 27, 0, True, "8", 10**30])
    if rng.random() < 0.3:
        fields["friends"] = rng.choice([["e5"], "e5,e6", [1], None, ["e4"], ["d4", "f4"]])
    if rng.random() < 0.3:
        fields["enemies"] = rng.choice([["f5"], ["e6", "d6"], "x", ["c3"]])
    if rng.random() < 0.2:
        fields["to"] = rng.choice(["e5", "h8", 3])
    if rng.random() < 0.1:
        fields["a"], fields["b"] = fields["betza"], rng.choice(["N", "R", "gQ"])
    if rng.random() < 0.05:
        fields["timeout"] = rng.choice([0.5, 1, -1, "5", float("nan"), 1e308])
    if rng.random() < 0.05:
        fields["max_atoms"] = rng.choice([10, 0, 10**7, "x", 2.5])
    return json.dumps(fields)


def reason(answer: dict[str, Any]) -> str:
    """The kind of an answer: ok, refused (and why), or another error."""
    if answer.get("ok"):
        return "ok"
    text = str(answer.get("error", ""))
    for key, kind in (("internal error", "internal error"),
                      ("inside a grounding step", "time limit inside a grounding step"),
                      ("memory ceiling", "memory ceiling"),
                      ("would ground about", "size estimate"),
                      ("time limit", "time limit between steps"),
                      ("ended without an answer", "worker killed from outside")):
        if key in text:
            return kind
    return "bad input"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=5.0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    kb = sorted({p.betza for p in all_pieces()})
    lines = [CHECK if n % 50 == 0 else line(rng, kb) for n in range(args.inputs)]
    proc = subprocess.Popen([sys.executable, "-m", "translator.cli.main", "batch", "--quiet",
                             "--workers", str(args.workers), "--timeout", str(args.timeout)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    stdin = proc.stdin

    def feed() -> None:
        for text in lines:
            stdin.write(text + "\n")
        stdin.close()

    start = time.perf_counter()
    threading.Thread(target=feed, daemon=True).start()
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.2):
            sizes = tree_resident_kb(proc.pid)
            peak[0] = max([peak[0], *sizes[1:]])  # the workers (the reader grounds nothing)

    threading.Thread(target=sample, daemon=True).start()
    answers = [json.loads(a) for a in proc.stdout]
    proc.wait()
    done.set()
    seconds = time.perf_counter() - start
    wrong = sum(1 for n in range(0, min(len(answers), args.inputs), 50)
                if json.dumps(answers[n]) != CHECK_ANSWER)
    kinds = Counter(reason(a) for a in answers)
    print(f"{args.inputs} lines in one stream, {args.workers} workers, timeout "
          f"{args.timeout:g} s: {len(answers)} answered ({args.inputs - len(answers)} lost), "
          f"{wrong} check lines answered wrong or out of order, exit status {proc.returncode}, "
          f"{seconds:.0f} s ({len(answers) / seconds:.0f} lines/s)")
    print("answers: " + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()))
    print(f"largest worker seen: {peak[0] / 1024:.0f} MB (ceiling: {CEILING_MB} MB above "
          "what a worker holds when it starts)")


if __name__ == "__main__":
    main()
