"""A long batch answered in worker processes: the same answers, in order, as one process
gives; a worker that dies costs only the line that killed it."""

from __future__ import annotations

import io
import json
import os
import queue
import subprocess
import sys
import threading

import pytest

from tests.cli_runner import betza
from tests.test_hostile_input import HOSTILE
from translator.jsonapi.batch import answer_text, run_batch
from translator.jsonapi.workers import DIED, GROUP, Workers
from translator.solve import guard


def _lines() -> list[str]:
    """More than two groups of lines: named moves, multi-leg moves, bad lines between."""
    good = [json.dumps({"query": "moves", "betza": betza, "from": square,
                        "enemies": ["d5"], "friends": ["c2"]})
            for betza in ("N", "fcafmF", "RasR", "W") for square in ("a1", "d4", "h8")]
    lines: list[str] = []
    while len(lines) < 2 * GROUP + 40:
        lines.extend(good)
        lines.extend(HOSTILE[:4])
    return lines


@pytest.fixture(scope="module")
def alone() -> str:
    """The answers of one worker process to :func:`_lines`, which the tests of workers
    compare theirs with (each line's answer is its own: the answers to the lines given
    three times are these three times)."""
    lines = _lines()
    out = io.StringIO()
    assert run_batch(io.StringIO("\n".join(lines) + "\n"), out) == len(lines)
    return out.getvalue()


def test_workers_answer_as_one_process_does_in_order(alone: str) -> None:
    lines = _lines()
    text = "\n".join(lines) + "\n"
    shared = io.StringIO()
    assert run_batch(io.StringIO(text), shared, workers=2) == len(lines)
    assert shared.getvalue() == alone
    answers = [json.loads(a) for a in shared.getvalue().splitlines()]
    assert len(answers) == len(lines)
    # the knight on a1 with a friend on c2: b3 only; the bad lines each get their error
    assert [m["to"] for m in answers[0]["moves"]] == ["b3"]
    assert [a["ok"] for a in answers[12:16]] == [False] * 4


def test_workers_grown_past_the_memory_limit_are_replaced(
        monkeypatch: pytest.MonkeyPatch, alone: str) -> None:
    # with a limit every worker is over, the workers are replaced between tasks, and the
    # answers stay those of one process, in order
    from translator.jsonapi import workers as module

    monkeypatch.setattr(module, "MEMORY_MB", 0)
    monkeypatch.setattr(module, "TASK", 300)  # more tasks (8) than the workers keep waiting (4)
    restarts = []
    restart = Workers._restart
    monkeypatch.setattr(Workers, "_restart", lambda self: restarts.append(1) or restart(self))
    lines = _lines() * 3
    out = io.StringIO()
    with Workers(2, answer_text) as pool:
        pool.answer([lines[i:i + GROUP] for i in range(0, len(lines), GROUP)], out.write)
    assert out.getvalue() == alone * 3
    assert restarts


def test_the_command_takes_workers_and_checks_the_number(alone: str) -> None:
    # (--workers 2 in a process of its own, whose stdin its batch reads; --workers 1 in
    # this one: tests/cli_runner.py)
    text = "\n".join(_lines()) + "\n"
    one = betza("batch", "--quiet", "--workers", "1", stdin=text)
    assert one.returncode == 0 and one.stdout == alone
    two = subprocess.run([sys.executable, "-m", "translator.cli.main", "batch", "--quiet",
                          "--workers", "2"], input=text, capture_output=True, text=True,
                         check=True)
    assert two.stdout == one.stdout and two.stderr == ""
    bad = betza("batch", "--quiet", "--workers", "0")   # argparse's: no process needed
    assert bad.returncode == 2
    assert "--workers: a number of processes from 1 to 64, not '0'" in bad.stderr


def killing(raw: list[str]) -> str:
    """A worker's answers, except that a line "die" ends its process."""
    if "die\n" in raw:
        os._exit(1)
    return answer_text(raw)


def test_a_worker_that_dies_costs_only_the_line_that_killed_it() -> None:
    good = '{"query": "moves", "betza": "W", "from": "a1"}\n'
    groups = [[good] * GROUP, [good] * 5 + ["die\n"] + [good] * (GROUP - 6), [good] * GROUP]
    out = io.StringIO()
    with Workers(2, killing) as workers:
        workers.answer(groups, out.write)
    answers = [json.loads(a) for a in out.getvalue().splitlines()]
    assert len(answers) == 3 * GROUP
    assert answers[GROUP + 5] == {"ok": False, "error": DIED}
    others = answers[:GROUP + 5] + answers[GROUP + 6:]
    assert all(a == {"ok": True, "moves": [
        {"to": "a2", "legs": ["a1", "a2"], "captures": []},
        {"to": "b1", "legs": ["a1", "b1"], "captures": []}]} for a in others)


def test_a_process_with_threads_of_its_own_starts_workers_from_a_fork_server() -> None:
    good = '{"query": "moves", "betza": "fcafmF", "from": "e4", "enemies": ["f5"]}\n'
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)  # as a kept program being built would run
    other.start()
    try:
        out = io.StringIO()
        with Workers(2, answer_text) as workers:
            workers.answer([[good] * GROUP] * 2, out.write)
            assert workers.context is not None
            assert workers.context.get_start_method() == "forkserver"
    finally:
        stop.set()
        other.join()
    assert out.getvalue().splitlines() == ['{"ok": true, "moves": [{"to": "g6", "legs": '
                                           '["e4", "f5", "g6"], "captures": ["f5"]}]}'] * (
                                               2 * GROUP)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_script_that_waits_for_each_answer_gets_it(workers: str) -> None:
    """A line written alone is answered before the batch reads on (its writer waits for
    the answer), also after a long input that went to the workers."""
    good = '{"query": "moves", "betza": "W", "from": "a1"}\n'
    proc = subprocess.Popen([sys.executable, "-m", "translator.cli.main", "batch", "--quiet",
                             "--workers", workers], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    answers: queue.Queue[str] = queue.Queue()
    def read() -> None:
        for answer in proc.stdout or ():
            answers.put(answer)

    threading.Thread(target=read, daemon=True).start()
    try:
        for square in ("b2", "c3"):  # before any long input
            proc.stdin.write(good.replace("a1", square))
            proc.stdin.flush()
            assert json.loads(answers.get(timeout=60))["moves"][0]["legs"][0] == square
        proc.stdin.write(good * (GROUP + 10))
        proc.stdin.flush()
        for _ in range(GROUP + 10):
            assert answers.get(timeout=60).startswith('{"ok": true, "moves": [{"to": "a2"')
        for square in ("h8", "d4"):
            proc.stdin.write(good.replace("a1", square))
            proc.stdin.flush()
            assert json.loads(answers.get(timeout=60))["moves"][0]["legs"][0] == square
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    assert proc.returncode == 0


RUNAWAY = "cgrbgKqeapcKD"  # its kept program (e.p. victims left open) grounds for minutes


# A batch in a new process of its own, whose workers are forked from it (a test process
# may have threads by now, and then the workers come from a fork server, which knows
# nothing of this process's settings): the size estimate keeps RUNAWAY from a kept
# program; as if it had not, the program runs away inside one grounding step.
RUNAWAY_BATCH = """
import sys
from translator.solve import guard, warm
warm.MAX_ESTIMATE = 10**12
guard.CEILING_MB = int(sys.argv[1]) or guard.CEILING_MB
from translator.jsonapi.batch import run_batch
run_batch(sys.stdin, sys.stdout, workers=2)
"""


def _runaway_batch(timeout: float, ceiling_mb: int = 0) -> list[dict[str, object]]:
    good = '{"query": "moves", "betza": "W", "from": "a1"}'
    runaway = json.dumps({"query": "moves", "betza": RUNAWAY, "from": "c1", "timeout": timeout})
    lines = [good] * 3 + [runaway] + [good.replace("W", "N")] * 3
    done = subprocess.run([sys.executable, "-c", RUNAWAY_BATCH, str(ceiling_mb)],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=900, check=True)
    answers = [json.loads(a) for a in done.stdout.splitlines()]
    assert len(answers) == len(lines)
    return answers


def _around_the_runaway(answers: list[dict[str, object]]) -> None:
    assert [[m["to"] for m in a["moves"]] for a in answers[:3]] == [["a2", "b1"]] * 3
    assert [[m["to"] for m in a["moves"]] for a in answers[4:]] == [["b3", "c2"]] * 3


def test_a_grounding_step_past_its_time_limit_stops_its_worker_and_answers_why() -> None:
    answers = _runaway_batch(1)
    assert answers[3] == {"ok": False, "error": guard.time_message(1)}
    _around_the_runaway(answers)


def test_a_grounding_step_past_the_memory_ceiling_stops_its_worker_and_answers_why(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "CEILING_MB", 60)  # (the message this process writes)
    answers = _runaway_batch(600, ceiling_mb=60)  # (alone: its kept program runs away)
    assert answers[3] == {"ok": False, "error": guard.memory_message()}
    assert "(60 MB more than it held before)" in guard.memory_message()
    _around_the_runaway(answers)
