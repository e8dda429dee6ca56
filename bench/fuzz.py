"""A long fuzz run of ``betza batch``, as a new user would break it.

    python bench/fuzz.py [--inputs 100000] [--seed 1] [--group 200]

Random batch lines (random Betza-like strings, squares, sizes, wrong types, broken JSON)
are fed to one ``betza batch`` process in groups; prints the count of lines sent, answers
received (lost lines = sent - received), internal errors (crashes) and groups that took
longer than 60 s (hangs). The CI runs a short version of this in tests/test_hostile_input.py.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time

ALPHABET = "fblrvsmcdekxpgyinjotuzqaWFDNAHCZGKRBQUOI@0123456789*[]?-"


def line(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.1:
        return "".join(rng.choice('{}[]":,0123456789abc') for _ in range(rng.randrange(30)))
    fields: dict = {"query": rng.choice(["moves", "why", "attacks", "explain", "drops",
                                         "find", "equiv", "nope", 5, None])}
    fields["betza"] = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 9)))
    fields["from"] = rng.choice(["e4", "a1", "z9", "", "e44", 7])
    if rng.random() < 0.5:
        fields["files"] = rng.choice([8, 1, 26, 27, 0, True, "8", 10**30])
    if rng.random() < 0.3:
        fields["friends"] = rng.choice([["e5"], "e5,e6", [1], None, ["e4"]])
    if rng.random() < 0.2:
        fields["to"] = rng.choice(["e5", "h8", 3])
    if rng.random() < 0.1:
        fields["a"], fields["b"] = fields["betza"], rng.choice(["N", "R", "gQ"])
    return json.dumps(fields)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--group", type=int, default=200)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sent = received = crashes = hangs = 0
    start = time.perf_counter()
    while sent < args.inputs:
        lines = [line(rng) for _ in range(min(args.group, args.inputs - sent))]
        t0 = time.perf_counter()
        try:
            proc = subprocess.run([sys.executable, "-m", "translator.cli.main", "batch",
                                   "--quiet", "--timeout", "10"],
                                  input="\n".join(lines) + "\n", capture_output=True,
                                  text=True, timeout=600)
            answers = [json.loads(a) for a in proc.stdout.splitlines()]
        except subprocess.TimeoutExpired:
            answers = []
            hangs += 1
        if time.perf_counter() - t0 > 60:
            hangs += 1
        sent += len(lines)
        received += len(answers)
        crashes += sum(1 for a in answers if "internal error" in a.get("error", ""))
        print(f"\r{sent} sent, {received} answered, {crashes} crashes, {hangs} hangs",
              end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{sent} lines sent in {time.perf_counter() - start:.0f} s: {sent - received} lost, "
          f"{crashes} crashes (internal errors), {hangs} hangs (groups over 60 s)")


if __name__ == "__main__":
    main()
