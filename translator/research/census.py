"""The census of a piece on a board: what the solver says about its move graph on the empty
board (encodings/census.lp: mobility, reach, binding, connectivity, symmetry,
reversibility, forwardness) and its mobility in random positions of given densities.

Each function here is one independent task of a census (see :mod:`translator.research.run`,
which runs them on Dask), so they take and return plain data.

>>> empty_board("B", 8, 8)["binding"]
0.5
>>> empty_board("W", 8, 8)["mobility_empty"]["mean"]
3.5
"""

from __future__ import annotations

import random
import statistics
from typing import Any

from translator.compiled import store
from translator.compiled.many import Boards, mobility
from translator.compiled.table import State
from translator.facts.pieces import canonical, piece_facts
from translator.facts.schema import BOARD, CENSUS_CENTRE, MOVER, PIECE
from translator.position import PlacedPiece, Position
from translator.queries.moves import MovesQuery, batch_moves
from translator.shown import Bound, Edges, Forward, Mob, Reach, Sym, each
from translator.solve import engine
from translator.squares import square_name

# the state of every sampled position: no e.p. square, no piece unmoved, none that attacks
# (the others are bare blockers); e.p. and castling pieces are compiled for it
STATE: State = ()
# symmetry classes, most symmetric first: the mirrors (census.lp sym/1) each class needs
SYMMETRY = [("8-fold", {"lr", "fb", "diag"}), ("4-fold", {"lr", "fb"}),
            ("left-right", {"lr"}), ("forward-backward", {"fb"})]
# a piece with no move on an empty board: its symmetry is not measured there, and its
# mobility is measured in positions of these densities instead
NOT_MEASURED = "not measured"
EXAMPLE_DENSITIES = (0.25, 0.5)
EXAMPLES = 200


def empty_board(betza: str, files: int, ranks: int, timeout: float = 60.0,
                reading: str = "spec") -> dict[str, Any]:
    """The move-graph properties of ``betza`` on an empty ``files`` x ``ranks`` board, the
    string read in ``reading`` (a program's: ``xboard``, ``diagram``, ``fsf``).

    >>> empty_board("fK", 8, 8, reading="fsf")["mobility_empty"]["max"]
    3
    """
    facts = [piece_facts(1, betza, reading)]
    q = 0
    for x in range(files):
        for y in range(ranks):
            q += 1
            facts.append(BOARD(q, files, ranks) + PIECE(q, x, y, "white", 1) + MOVER(q, x, y))
    facts.append(CENSUS_CENTRE(files // 2, ranks // 2))
    shown = engine.run("\n".join(facts), "census.lp", timeout=timeout)
    mob = {square_name((m.x, m.y)): m.moves for m in each(shown, Mob)}
    reach = sorted(each(shown, Reach))
    syms = frozenset(s.kind for s in each(shown, Sym))
    edges = next(each(shown, Edges)).edges
    bound, forward = next(each(shown, Bound)).squares, next(each(shown, Forward)).moves
    row = {
        "piece": betza, "board": f"{files}x{ranks}",
        "mobility_empty": {"mean": statistics.fmean(mob.values()), "min": min(mob.values()),
                           "max": max(mob.values()), "map": mob},
        "reach": [r.squares for r in reach],
        "binding": bound / (files * ranks),
        "connected": any(s.name == "connected" for s in shown),
        "symmetry": next((name for name, need in SYMMETRY if need <= syms), "none"),
        "reversible": any(s.name == "reversible" for s in shown),
        "forward": forward / edges if edges else 0.0,
        "moves_on_empty_board": bool(edges),
    }
    if reading != "spec":
        row["dialect"] = reading
    if not edges:   # nothing to measure: symmetry and reversibility would hold vacuously
        row.update(symmetry=NOT_MEASURED, reversible=None,
                   example_positions=example_positions(betza, files, ranks, timeout, reading))
    return row


def example_positions(betza: str, files: int, ranks: int, timeout: float = 60.0,
                      reading: str = "spec") -> dict[str, dict[str, float]]:
    """Mean moves and captures of a piece in the census's example positions (friends and
    enemies on a quarter and on half of the squares, :data:`EXAMPLES` of each, a fixed seed):
    what a census measures of a piece that has no move on an empty board.

    >>> example_positions("fcafmF", 8, 8)["0.5"]["captures"] > 0
    True
    """
    out = {}
    for density in EXAMPLE_DENSITIES:
        found = sampled(betza, files, ranks, density, EXAMPLES, 0, timeout, reading)
        out[str(density)] = {"mean": statistics.fmean(found["moves"]),
                             "captures": statistics.fmean(found["captures"])}
    return out


def sampled(betza: str, files: int, ranks: int, density: float, samples: int, seed: int,
            timeout: float = 60.0, reading: str = "spec") -> dict[str, Any]:
    """Mobility in ``samples`` random positions: the piece on a random square, every other
    square holding a friend or an enemy (half each) with probability ``density``. The
    positions are matched against the piece's move table all at once
    (:func:`translator.compiled.many.mobility`), the table of their :data:`STATE` for e.p.
    and castling; a piece that keeps the solver path is asked of the solver position by
    position."""
    rng = random.Random(f"{betza}|{files}x{ranks}|{density}|{seed}")
    origins, friends, enemies = [], [], []
    for _ in range(samples):
        origin = (rng.randrange(files), rng.randrange(ranks))
        mine = theirs = 0
        for x in range(files):
            for y in range(ranks):
                if (x, y) != origin and rng.random() < density:
                    if rng.choice(("white", "black")) == "white":
                        mine |= 1 << (y * files + x)
                    else:
                        theirs |= 1 << (y * files + x)
        origins.append(origin)
        friends.append(mine)
        enemies.append(theirs)
    boards = Boards.of(files, ranks, origins, friends, enemies)
    table = store.table_with(canonical(betza, reading), reading, files, ranks, origins,
                             timeout=timeout, state=STATE)
    if table is not None:
        moves, captures = mobility(table, "white", boards)
        counts, taken = moves.tolist(), captures.tolist()
    else:
        counts, taken = _solved(betza, boards, timeout, reading)
    return {"piece": betza, "board": f"{files}x{ranks}", "density": density, "seed": seed,
            "samples": samples, "moves": counts, "captures": taken}


def _solved(betza: str, boards: Boards, timeout: float,
            reading: str) -> tuple[list[int], list[int]]:
    """The numbers of :func:`sampled` from the solver, position by position."""
    queries = []
    for origin, mine, theirs in zip(boards.origins, boards.friends.tolist(),
                                    boards.enemies.tolist(), strict=True):
        pos = Position(boards.files, boards.ranks, dialect=reading)
        for square in range(boards.files * boards.ranks):
            side = "white" if mine >> square & 1 else "black" if theirs >> square & 1 else ""
            if side:
                pos.pieces[(square % boards.files, square // boards.files)] = PlacedPiece(side)
        queries.append(MovesQuery(betza, square_name(origin), pos, "white"))
    counts, captures = [], []
    for answer in batch_moves(queries, timeout=timeout):
        if isinstance(answer, Exception):
            raise answer
        counts.append(len({m.to for m in answer}))
        captures.append(len({m.to for m in answer if m.captures}))
    return counts, captures


def combine(empty: dict[str, Any], samples: list[dict[str, Any]]) -> dict[str, Any]:
    """One census row: the empty-board properties and the mobility at each density."""
    row = dict(empty)
    by_density: dict[float, dict[str, list[int]]] = {}
    for part in samples:
        slot = by_density.setdefault(part["density"], {"moves": [], "captures": []})
        slot["moves"] += part["moves"]
        slot["captures"] += part["captures"]
    row["mobility"] = {
        str(d): {"mean": statistics.fmean(v["moves"]),
                 "stdev": statistics.pstdev(v["moves"]),
                 "captures": statistics.fmean(v["captures"]), "samples": len(v["moves"])}
        for d, v in sorted(by_density.items())}
    return row
