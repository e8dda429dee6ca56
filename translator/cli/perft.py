"""``betza perft``: the count of move sequences to a depth, the proof of a move generator."""

from __future__ import annotations

import argparse
import json
import sys

from translator.cli.common import add_command


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from translator.cli.legal import game_options

    p = add_command(
        sub, "perft", help="count the move sequences to a depth (perft)",
        description="The number of legal move sequences of DEPTH plies from the position, "
        "as Fairy-Stockfish's perft counts them; --divide also gives the count under each "
        "root move. From depth 4 the root moves are split over Dask workers (a local "
        "cluster, or --scheduler), with a progress bar in a terminal.",
        epilog="""examples:
  betza perft --variant chess --depth 2
      400
  betza perft --variant chess --depth 1 --divide --json
      {"ok": true, "nodes": 20, "divide": {"a2a3": 1, ...}}
  betza perft --variant shogi --depth 3 --timeout 600
With --scheduler ADDRESS (a running Dask scheduler, tcp://host:8786) the root moves go to
that cluster's workers instead of a local one.""")
    game_options(p)
    p.add_argument("--depth", type=int, required=True, metavar="N", help="plies to count")
    p.add_argument("--divide", action="store_true", help="also the count under each root move")
    p.add_argument("--scheduler", metavar="tcp://HOST:8786",
                   help="split the root moves over this Dask cluster (from any depth)")
    p.add_argument("--workers", type=int, metavar="N",
                   help="local worker processes for a deep count (default: one a core)")
    p.set_defaults(func=run)


def deep(args: argparse.Namespace) -> bool:
    """Whether the count is split over Dask workers (from depth 4, or on a cluster)."""
    from translator.research.perft import SPLIT_DEPTH

    return args.scheduler is not None or args.depth >= SPLIT_DEPTH


def run(args: argparse.Namespace) -> int:
    from translator.cli.legal import game_line
    from translator.jsonapi.game_kinds import uci_list
    from translator.research.perft import INLINE, check_depth, split

    depth = check_depth(args.depth)
    line = game_line(args)
    dask = deep(args)
    found = split(args.variant, args.ini, args.fen, uci_list(line.get("moves")), depth,
                  scheduler=args.scheduler if dask else INLINE, workers=args.workers,
                  progress=dask and sys.stderr.isatty() and not args.json,
                  timeout=args.timeout)
    if args.json:
        answer: dict[str, object] = {"ok": True, "nodes": found.nodes}
        if args.divide:
            answer["divide"] = found.divide
        print(json.dumps(answer))
        return 0
    if args.divide:
        for uci, nodes in found.divide.items():
            print(f"{uci}: {nodes}")
        print()
    print(found.nodes)
    return 0
