"""Imported by the forkserver of ``betza serve``'s worker pools
(:mod:`translator.web.workers`) before it forks a worker: the programs that the lanes
ground for nearly every query of moves, explain and why, parsed and analysed once there
(:func:`translator.solve.engine.parse_ahead`). Every worker, and every pool started
afresh when a lane's pool is replaced, then begins with them instead of spending a
second or more of CPU on its first queries.

>>> ("table.lp",) in ENTRIES
True
"""

from __future__ import annotations

from translator.solve.engine import parse_ahead

# (the compiled tables, the leg plans of explain, the solver path of moves, why's search
# and the worked examples' equivalence proofs)
ENTRIES = (("table.lp",), ("plan.lp",), ("moves.lp",), ("why.lp", "why_externals.lp"),
           ("conditions.lp",))

parse_ahead(ENTRIES)
