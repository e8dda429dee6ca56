"""The README's Python examples run, and print what their comments say."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_python_api_block_runs_and_matches_its_comments():
    text = README.read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    for block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, "README.md", "exec"), {})
        printed = out.getvalue().splitlines()
        expected = [c.strip() for c in re.findall(r"print\(.*\)\s+# (.*)", block)]
        calls = [line for line in block.splitlines() if line.startswith("print(")]
        by_call = dict(zip(calls, printed, strict=True))
        for line in calls:
            m = re.search(r"#\s+(.*)$", line)
            if m:
                assert by_call[line] == m.group(1).strip(), line
        assert len(expected) >= 5


def test_readme_has_exactly_two_setup_commands_and_ci_runs_the_test_one():
    text = README.read_text()
    setup = text[text.index("## Set up"):text.index("## Use")]
    commands = re.findall(r"```sh\n(.*?)\n```", setup, re.S)
    assert len(commands) == 2
    assert "betza moves" in commands[0]
    ci = (README.parent / ".ci" / "run").read_text()
    assert commands[1].strip() in ci


def test_the_set_up_says_what_the_fairy_stockfish_check_needs():
    setup = README.read_text().split("## Set up", 1)[1].split("\n## ", 1)[0]
    assert "pip install pyffish" in setup and "betza lint" in setup
