"""The server's workers start with the lanes' programs parsed: the forkserver imports
translator/web/preload.py, which parses them before it forks any worker (the tests of
the server, tests/test_web_api.py, answer through such workers)."""

from __future__ import annotations

import subprocess
import sys

from translator.web import processes


def test_the_forkserver_preloads_the_lanes_programs() -> None:
    assert "translator.web.preload" in processes.PRELOAD
    # (a process of its own: the test's process may have parsed them already)
    code = ("from translator.solve import engine; before = engine._program.cache_info()."
            "currsize; import translator.web.preload as p; print(before, engine._program."
            "cache_info().currsize, sorted(p.ENTRIES))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split(" ", 2)
    assert out[0] == "0"
    assert out[1] == "5"
    assert out[2].strip() == ("[('conditions.lp',), ('moves.lp',), ('plan.lp',), "
                              "('table.lp',), ('why.lp', 'why_externals.lp')]")

