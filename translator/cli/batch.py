"""``betza batch``."""

from __future__ import annotations

import argparse
import sys

from translator.cli.common import add_command, limit_options


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "batch", help="answer JSON Lines queries on stdin",
        description="Read one JSON query per line on stdin, write one JSON answer per line.",
        epilog="""example:
  echo '{"query": "moves", "betza": "fcafmF", "from": "e4", "enemies": ["f5"]}' | betza batch
      {"ok": true, "moves": [{"to": "g6", "legs": ["e4", "f5", "g6"], "captures": ["f5"]}]}

moves query keys: betza, from (required); files, ranks (default 8), side (white),
friends, enemies, royal, virgin, ep, ep_victim; or fen + pieces (+ royal_letters);
or variant (+ ini). A bad line gets {"ok": false, "error": "..."}.
why query: the moves keys plus to; answers {"ok": true, "possible": ..., "moves": [...],
"explanation": [lines]} (see 'betza why --help').""")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    limit_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from translator.jsonapi.batch import run_batch, stderr_is_terminal

    run_batch(sys.stdin, sys.stdout, progress=stderr_is_terminal() and not args.quiet,
              limits={"timeout": args.timeout, "max_atoms": args.max_atoms})
    return 0
