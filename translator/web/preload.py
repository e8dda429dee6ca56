"""Imported by the forkserver of ``betza serve``'s worker pools
(:mod:`translator.web.workers`) and of ``betza batch``'s workers before it forks a worker:
what nearly every query of moves, explain and why needs first, made once there. The
programs the lanes ground are parsed and analysed (:func:`translator.solve.engine.parse_ahead`);
the modules of explain and why imported; Betza's parser built; the knowledge base's
catalogue, glossary and tables read, with its compiled answers on the page's 8x8 board
where they are kept on disk already (translator/compiled/kbcache.py: compiling them is
left to the first query that needs them, so that no worker waits for it at the start).
Every worker, and every pool started afresh when a lane's pool is replaced, then begins
with them instead of spending a second or more of CPU on its first queries (some 0.2 s
for explain's reading of the catalogue and the kb's tables alone).

>>> ("table.lp",) in ENTRIES
True
"""

from __future__ import annotations

import importlib

from translator.solve.engine import parse_ahead

# (the compiled tables, the leg plans of explain, the solver path of moves, why's search
# and the worked examples' equivalence proofs)
ENTRIES = (("table.lp",), ("plan.lp",), ("moves.lp",), ("why.lp", "why_externals.lp"),
           ("conditions.lp",))
# what explain and why import on their first query
MODULES = ("translator.present.explain.answer", "translator.present.explain.diagram",
           "translator.present.why.answer", "translator.queries.why.program",
           "translator.queries.equiv.answer", "translator.queries.convert")
BOARD = (8, 8)  # the page's board, whose kb answers are read ahead


def read_ahead() -> None:
    """Import, build and read what the first queries of each kind need (the knowledge
    base's answers only where they are kept on disk for these rules)."""
    from translator.catalogue.pieces import all_pieces
    from translator.compiled.kbcache import kept_already
    from translator.facts.pieces import parse_piece
    from translator.present.english import glossary
    from translator.present.explain import summary
    from translator.queries.plan import KB_PLANS, kb_plans

    for module in MODULES:
        importlib.import_module(module)
    parse_piece("N")
    all_pieces()
    glossary()
    files, ranks = BOARD
    if kept_already(KB_PLANS):
        kb_plans()
    summary.read_kept(files, ranks)


parse_ahead(ENTRIES)
read_ahead()
