"""Round trip and classroom load of the teaching page's API (``betza serve``).

    python bench/web_api.py [--seconds 60] [--clients 30] [--quick]
    python bench/web_api.py --random 400 [--clients 8] [--seed 40]

Starts ``betza serve`` on a free port (as a user would) and prints, in one run:
  1. the median round trip of single-piece queries (``moves`` and the page's ``board``) on
     8x8 and 16x16 once the server has answered a while (as a ratio to the 30 ms target on
     8x8), and on a fresh server, whose workers ground a program for each piece first;
  2. a classroom: ``--clients`` concurrent clients sending mixed queries for ``--seconds``
     (most of them the board's, some Explain and Compare searches, some malformed, some that
     hit the time limit): p50 / p95 latency of the board's queries (target p95 < 300 ms on
     8x8) and of the searches (target p95 < 3 s), answers by status code (no 5xx allowed),
     the server's memory (all its processes) before, during and after, and its largest
     worker against the memory budget of a worker (translator/web/workers.py).
With ``--random N`` it prints instead: ``--clients`` clients (8 by default) each asking, with
no pause, ``moves``, ``explain`` and ``why`` of random strings (tests/betza_strings.py) from
random squares of 8x8 boards, N queries in all (``--seed`` picks another corpus of 200
strings): p50 / p95 of each kind against its target
(p95 within 0.3 s for moves, 1 s for explain and why), answers by status code (no 5xx
allowed), the machine's load average before and after (os.getloadavg), and the CPU the
server spent per query, with what it implies: clients that ask again as soon as they are
answered wait on average at least clients x CPU per query / cores (Little's law), however
the lanes are ordered.
Timings vary on a shared machine; compare the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from proctree import (
    CpuByProcess,
    descendants,
    niceness,
    resident_kb,
    tree_cpu_seconds,
    tree_resident_kb,
)

from translator.web.workers import BUDGET_MB, IDLE_MB, LANES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from betza_strings import random_strings  # noqa: E402

TARGETS = {"moves": 0.3, "explain": 1.0, "why": 1.0}  # p95, seconds (issue 40)
PIECES = ["N", "R", "Q", "K", "fmWfcF", "mafsW", "FyafsF", "mRcpR", "gQ", "fcafmF", "WfF"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def post(url: str, obj: dict) -> tuple[int, float]:
    data = json.dumps(obj).encode()
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers={
                "Content-Type": "application/json"}), timeout=60) as res:
            res.read()
            status = res.status
    except urllib.error.HTTPError as err:
        err.read()
        status = err.code
    return status, time.perf_counter() - start


def rss_mb(pid: int) -> float:
    """Resident memory of the server and its worker processes."""
    return sum(tree_resident_kb(pid)) / 1024


def largest_by_lane_mb(pid: int) -> dict[str, float]:
    """Resident memory of the server's largest worker of each lane (told apart by their
    niceness, translator/web/workers.py)."""
    found: dict[str, float] = {}
    for child in descendants(pid):
        lane = {LANES[name][1]: name for name in LANES}.get(niceness(child) or 0, "board")
        found[lane] = max(found.get(lane, 0.0), resident_kb(child) / 1024)
    return found


def p95(times: list[float]) -> float:
    return sorted(times)[int(len(times) * 0.95)]


PAIRS = [("Q", "RB"), ("mRcB", "cRmB"), ("N", "nN"), ("K", "WF"), ("fmWfcF", "fcafmF"),
         ("mafsW", "N"), ("FyafsF", "[F?R]"), ("gQ", "Q")]
SEARCHES = ("explain", "equiv")


def search(rng: random.Random) -> dict:
    """What the Explain and Compare panes ask."""
    if rng.random() < 0.5:
        sq = f"{'abcdefgh'[rng.randrange(8)]}{rng.randrange(1, 9)}"
        return {"query": "explain", "betza": rng.choice(PIECES), "board": "8x8", "from": sq}
    a, b = rng.choice(PAIRS)
    return {"query": "equiv", "a": a, "b": b, "files": 8, "ranks": 8, "dialect": "spec"}


def ordinary(rng: random.Random, size: int = 8) -> dict:
    sq = f"{'abcdefgh'[rng.randrange(8)]}{rng.randrange(1, 9)}"
    others = {f"{'abcdefgh'[rng.randrange(8)]}{rng.randrange(1, 9)}" for _ in range(6)} - {sq}
    half = len(others) // 2
    kind = rng.choice(["board", "board", "moves", "why"])
    obj = {"query": kind, "betza": rng.choice(PIECES), "from": sq, "files": size,
           "ranks": size, "friends": sorted(others)[:half], "enemies": sorted(others)[half:]}
    if kind == "why":
        obj["to"] = "h8" if sq != "h8" else "a1"
    return obj


def round_trips(url: str, size: int, n: int, seed: int = 0) -> dict[str, float]:
    rng = random.Random(seed * 100 + size)
    out = {}
    for kind in ("moves", "board"):
        times = []
        for _ in range(n):
            obj = {**ordinary(rng, 8), "query": kind, "files": size, "ranks": size}
            obj.pop("to", None)
            status, took = post(url, obj)
            if status != 200:  # (a machine busy with other work: the time limit)
                print(f"  ({status} for {json.dumps(obj)})")
            times.append(took)
        out[kind] = statistics.median(times)
    return out


def classroom(url: str, clients: int, seconds: float, slow: bool = True
              ) -> tuple[list[tuple[str, float]], Counter]:
    deadline = time.monotonic() + seconds
    latencies: list[tuple[str, float]] = []
    statuses: Counter = Counter()

    def client(seed: int) -> None:
        rng = random.Random(seed)
        while time.monotonic() < deadline:
            roll = rng.random()
            if roll < 0.08:  # a malformed string: 400
                obj = {"query": "moves", "betza": rng.choice(["3N", "[F?", "fcaf", "Q9x"]),
                       "from": "d4"}
            elif roll < 0.10 and slow:  # a query that runs into its time limit: 422
                obj = rng.choice([
                    {"query": "equiv", "a": "asR", "b": "asW0", "files": 26, "ranks": 26,
                     "timeout": 0.3},
                    {"query": "board", "betza": "aaaaK", "from": "d4", "timeout": 0.5}])
            elif roll < 0.16:  # Explain or Compare pressed
                obj = search(rng)
            else:
                obj = ordinary(rng)
            status, took = post(url, obj)
            statuses[status] += 1
            if roll >= 0.10:
                latencies.append((obj["query"], took))
            time.sleep(rng.uniform(0.3, 1.5))  # a learner clicks, reads, clicks again

    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, range(clients)))
    return latencies, statuses


def random_class(url: str, clients: int, total: int, seed: int = 40
                 ) -> tuple[list[tuple[str, float]], Counter]:
    """``clients`` clients asking moves, explain and why of random strings back to back,
    ``total`` queries in all."""
    strings = random_strings(200, seed)
    rng = random.Random(seed)
    asked: list[dict] = []
    for _ in range(total):
        sq, to = (f"{'abcdefgh'[rng.randrange(8)]}{rng.randrange(1, 9)}" for _ in range(2))
        kind = rng.choice(list(TARGETS))
        obj = {"query": kind, "betza": rng.choice(strings), "from": sq}
        if kind == "why":
            obj["to"] = to if to != sq else ("h8" if sq != "h8" else "a1")
        else:
            obj["files"] = obj["ranks"] = 8
        asked.append(obj)
    latencies: list[tuple[str, float]] = []
    statuses: Counter = Counter()
    lock = threading.Lock()

    def client(n: int) -> None:
        for obj in asked[n::clients]:
            status, took = post(url, obj)
            with lock:
                statuses[status] += 1
                latencies.append((obj["query"], took))

    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, range(clients)))
    return latencies, statuses


def report_random(url: str, server: int, clients: int, total: int, seed: int = 40) -> None:
    before = os.getloadavg()
    random_class(url, clients, min(total, 40), seed=seed + 1)  # every worker started
    start, cpu = time.perf_counter(), tree_cpu_seconds(server)
    by_process = CpuByProcess(server)
    latencies, statuses = random_class(url, clients, total, seed)
    took, cpu = time.perf_counter() - start, tree_cpu_seconds(server) - cpu
    spent = by_process.stop()
    after = os.getloadavg()
    print(f"random strings: {clients} clients, {total} queries (moves, explain, why) in "
          f"{took:.0f} s (corpus seed {seed}); load average {before[0]:.2f} before, "
          f"{after[0]:.2f} after (1 min; {os.cpu_count()} cores)")
    for kind, target in TARGETS.items():
        mine = sorted(t for k, t in latencies if k == kind)
        print(f"  {kind:<8} p50 {mine[len(mine) // 2] * 1000:5.0f} ms, p95 "
              f"{p95(mine) * 1000:5.0f} ms (target {target * 1000:.0f} ms: ratio "
              f"{p95(mine) / target:.2f}), {len(mine)} queries")
    print("  answers by status: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())))
    print(f"  server errors (5xx): {sum(v for k, v in statuses.items() if k >= 500)}")
    # (Little's law for clients that ask again as soon as answered: the mean answer time
    # is clients / throughput, and the throughput at most cores / CPU per query)
    each = cpu / total
    print(f"  server CPU: {cpu:.0f} s, {each * 1000:.0f} ms a query; {clients} clients on "
          f"{os.cpu_count()} cores wait on average at least {clients * each / os.cpu_count():.2f}"
          " s per answer, whatever the lanes' order")
    print("  of which (s): " + ", ".join(f"{role} {seconds:.1f}" for role, seconds in
                                         cpu_by_role(server, spent).items()))


def cpu_by_role(server: int, spent: dict[int, tuple[str, int, int, float]]
                ) -> dict[str, float]:
    """CPU seconds of the server's own process, of its other helpers (the forkserver …),
    and of each lane's workers (told apart by their niceness), with how many of each lane's
    workers ran (those started afresh included)."""
    lanes = {LANES[name][1]: name for name in LANES}
    forkservers = {pid for pid, (command, *_) in spent.items() if "forkserver" in command
                   and spent[pid][2] == server}
    roles: Counter = Counter()
    workers: Counter = Counter()
    for pid, (_, nice, parent, seconds) in spent.items():
        if pid == server:
            role = "server"
        elif parent in forkservers:
            role = lanes.get(nice, f"niceness {nice}")
            workers[role] += 1
        else:
            role = "helpers"
        roles[role] += seconds
    return {(f"{role} ({workers[role]} workers)" if role in workers else role): seconds
            for role, seconds in roles.most_common()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--clients", type=int, default=30)
    ap.add_argument("--quick", action="store_true", help="10 s classroom, fewer round trips")
    ap.add_argument("--random", type=int, metavar="N",
                    help="N queries of random strings instead (moves, explain, why)")
    ap.add_argument("--seed", type=int, default=40,
                    help="which random corpus --random asks (40 unless told)")
    args = ap.parse_args()
    if args.random and "--clients" not in sys.argv:
        args.clients = 8
    seconds = 10.0 if args.quick else args.seconds
    port = free_port()
    betza = Path(sys.executable).with_name("betza")
    server = subprocess.Popen([str(betza), "serve", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=ROOT,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        server.stdout.readline()  # the URL line
        url = f"http://127.0.0.1:{port}/api/query"
        for _ in range(100):
            try:
                post(url, {"query": "moves", "betza": "K", "from": "a1"})
                break
            except OSError:
                time.sleep(0.1)
        if args.random:
            report_random(url, server.pid, args.clients, args.random, args.seed)
            return 0
        n = 15 if args.quick else 40
        print("round trip, median (ms)        8x8      16x16    ratio to 30 ms (8x8)")
        cold = round_trips(url, 8, n)
        classroom(url, args.clients, seconds / 3)  # every worker started
        small, large = round_trips(url, 8, n, 1), round_trips(url, 16, n, 1)
        for kind in ("moves", "board"):
            print(f"  {kind:<28} {small[kind] * 1000:7.1f}  {large[kind] * 1000:8.1f}"
                  f"    {small[kind] / 0.030:5.2f}")
        print("  (a fresh server's first queries, 8x8: " + ", ".join(
            f"{kind} {cold[kind] * 1000:.0f} ms" for kind in ("moves", "board")) +
            "; each worker grounds a program per piece first)")
        before = rss_mb(server.pid)
        samples: list[float] = []
        largest: dict[str, float] = {}
        sampling = threading.Event()

        def sample() -> None:  # the memory every second while the classes run
            while not sampling.wait(1.0):
                samples.append(rss_mb(server.pid))
                for lane, mb in largest_by_lane_mb(server.pid).items():
                    largest[lane] = max(largest.get(lane, 0.0), mb)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        for slow in (False, True):
            latencies, statuses = classroom(url, args.clients, seconds, slow)
            boards = [t for k, t in latencies if k not in SEARCHES]
            searches = [t for k, t in latencies if k in SEARCHES]
            what = "with some queries hitting the time limit" if slow else "no time limits hit"
            print(f"classroom, {what}: {args.clients} clients for {seconds:g} s, "
                  f"{sum(statuses.values())} requests")
            print(f"  board's queries: p95 {p95(boards) * 1000:.0f} ms (ratio to 300 ms: "
                  f"{p95(boards) / 0.3:.2f}); searches: p95 {p95(searches) * 1000:.0f} ms "
                  f"(ratio to 3 s: {p95(searches) / 3:.2f})")
            for kind in sorted({k for k, _ in latencies}):
                mine = sorted(t for k, t in latencies if k == kind)
                print(f"    {kind:<7} p50 {mine[len(mine) // 2] * 1000:5.0f} ms, "
                      f"p95 {p95(mine) * 1000:5.0f} ms ({len(mine)})")
            print("  answers by status: " + ", ".join(f"{k}: {v}"
                                                  for k, v in sorted(statuses.items())))
            print(f"  server errors (5xx): {sum(v for k, v in statuses.items() if k >= 500)}")
        sampling.set()
        sampler.join()
        after = rss_mb(server.pid)
        print(f"server memory (all processes): {before:.0f} MB after a warm-up, "
              f"{min(samples, default=after):.0f} to {max(samples, default=after):.0f} MB "
              f"while the classes ran, {after:.0f} MB at the end")
        print(f"largest worker while the classes ran (a worker's budget: {BUDGET_MB} MB; "
              "after a task, a lane's bound): " + ", ".join(
                  f"{lane} {mb:.0f} MB ({IDLE_MB[lane]})" for lane, mb in sorted(largest.items())))
        print("at the end: " + ", ".join(f"{lane} {mb:.0f} MB" for lane, mb in sorted(
            largest_by_lane_mb(server.pid).items())))
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
