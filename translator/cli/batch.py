"""``betza batch``."""

from __future__ import annotations

import argparse
import sys

from translator.cli.common import add_command, limit_options, tables_option


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "batch", help="answer JSON Lines queries on stdin",
        description="Read one JSON query per line on stdin, write one JSON answer per line.",
        epilog="""example:
  echo '{"query": "moves", "betza": "fcafmF", "from": "e4", "enemies": ["f5"]}' | betza batch
      {"ok": true, "moves": [{"to": "g6", "legs": ["e4", "f5", "g6"], "captures": ["f5"]}]}
  betza batch --workers 2 < queries.jsonl > answers.jsonl
      a long file answered by two worker processes, the answers in the order of the lines

moves query keys: betza, from (required); files, ranks (default 8), side (white),
friends, enemies, royal, virgin, ep, ep_victim; or fen + pieces (+ royal_letters);
or variant (+ ini). A bad line gets {"ok": false, "error": "..."}.
why query: the moves keys plus to; answers {"ok": true, "possible": ..., "moves": [...],
"explanation": [lines]} (see 'betza why --help').""")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--workers", type=_workers, default=None, metavar="N",
                   help="answer the lines in N worker processes (default: one per core "
                        "this process may use, at most 8); each has its own memory, so up to "
                        "N queries near --max-atoms at once, and holds every line's --timeout "
                        "and a memory ceiling inside grounding")
    limit_options(p)
    tables_option(p)
    p.set_defaults(func=run)


def _workers(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= 64:
        raise argparse.ArgumentTypeError(f"a number of processes from 1 to 64, not {text!r}")
    return n


def run(args: argparse.Namespace) -> int:
    from translator.jsonapi.batch import run_batch, stderr_is_terminal
    from translator.jsonapi.workers import default_workers

    run_batch(sys.stdin, sys.stdout, progress=stderr_is_terminal() and not args.quiet,
              limits={"timeout": args.timeout, "max_atoms": args.max_atoms},
              workers=args.workers or default_workers(), tables=args.tables)
    return 0
