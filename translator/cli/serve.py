"""``betza serve``: the teaching page on a local web server."""

from __future__ import annotations

import argparse
import socket
import sys
from types import FrameType

from translator.cli.common import EXIT_USAGE, add_command, tables_option, timeout_option


def register(sub: argparse._SubParsersAction) -> None:
    p = add_command(
        sub, "serve", help="the teaching page: an interactive board in your browser",
        epilog="""example:
  betza serve                  serves http://127.0.0.1:8765/ ; open it in a browser
  betza serve --open           ... and opens it in the system's browser
  betza serve --port 9000 --host 0.0.0.0    another port, reachable from other machines

The page's JSON API is the batch schema: POST one `betza batch` query object to
/api/query, e.g.
  curl -s localhost:8765/api/query -H 'Content-Type: application/json' \\
       -d '{"query": "moves", "betza": "N", "from": "d4"}'""")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    p.add_argument("--open", action="store_true", help="open the page in the system browser")
    p.add_argument("--workers", type=int, default=None,
                   help="solver processes (default: the number of cores, at least 2)")
    timeout_option(p, 10.0, "the longest a query may take, in seconds (default 10)")
    tables_option(p)
    p.set_defaults(func=run)


def _port_free(host: str, port: int) -> str | None:
    """None if ``host:port`` can be listened on, else why not."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as err:
            return err.strerror or str(err)
    return None


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from translator.web.app import create_app, stop_solving

    if not 0 < args.port < 65536:
        print(f"betza: error: --port must be from 1 to 65535, not {args.port}", file=sys.stderr)
        return EXIT_USAGE
    if args.timeout <= 0 or (args.workers is not None and args.workers < 1):
        print("betza: error: --timeout and --workers must be positive", file=sys.stderr)
        return EXIT_USAGE
    problem = _port_free(args.host, args.port)
    if problem:
        print(f"betza: error: cannot listen on {args.host}:{args.port} ({problem}); "
              "is another server using it? choose another with --port", file=sys.stderr)
        return EXIT_USAGE
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{args.port}/"
    print(f"betza serve: the teaching page is at {url} (Ctrl-C stops it)", flush=True)
    if args.open:
        import webbrowser

        webbrowser.open(url)
    app = create_app(args.workers, args.timeout, args.host, tables=args.tables)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            # SIGTERM or Ctrl-C: every worker stops now and the queries waiting for one
            # are answered (503), so that uvicorn's wait for open requests is short
            stop_solving(app)
            super().handle_exit(sig, frame)

    Server(uvicorn.Config(app, host=args.host, port=args.port, log_level="warning",
                          timeout_graceful_shutdown=5)).run()
    return 0
