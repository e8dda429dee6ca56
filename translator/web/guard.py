"""What every request and answer of ``betza serve`` goes through before the app sees it.

- The ``Host`` header must name this server: ``localhost``, a loopback address, the
  ``--host`` it listens on, this machine's name, or the address the connection came in on.
  A page elsewhere that points its own domain name at this machine (DNS rebinding) sends
  its domain as the ``Host``, and is refused.
- A ``POST`` must say ``Content-Type: application/json``: a form or ``text/plain`` body is
  what another site's page can send without asking the browser first.
- Every answer carries the hardening headers (:data:`HEADERS`): no type sniffing, no
  framing, and scripts and style sheets from this server's own files only.

Refusals are JSON errors, as every other error of the API is.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # (style attributes are let through: the legend's swatches are coloured with them; no
    # script but the page's own files runs)
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; "
     b"style-src 'self'; style-src-attr 'unsafe-inline'; object-src 'none'; "
     b"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
]
LOOPBACK = {"localhost", "127.0.0.1", "::1"}
WILDCARDS = {"0.0.0.0", "::", ""}


def allowed_hosts(host: str) -> frozenset[str]:
    """The names a ``Host`` header may give for a server listening on ``host`` (besides
    the address each connection came in on)."""
    names = set(LOOPBACK) | {host.strip("[]").lower()}
    if host in WILDCARDS:  # a classroom: the machine is reached by its own name too
        names |= {socket.gethostname().lower(), socket.getfqdn().lower()}
    return frozenset(names - WILDCARDS)


def _host_name(header: str) -> str:
    """``example.org:8765`` -> ``example.org``; ``[::1]:8765`` -> ``::1``."""
    if header.startswith("["):
        return header[1:].partition("]")[0].lower()
    return header.rpartition(":")[0].lower() if header.count(":") == 1 else header.lower()


class Guard:
    """ASGI middleware: the checks and headers above around ``app``."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]):
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)

        async def send_hardened(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        if refusal:
            await _json_error(send_hardened, *refusal)
            return
        await self.app(scope, receive, send_hardened)

    def _refusal(self, scope: Scope) -> tuple[int, str] | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        name = _host_name(headers.get("host", ""))
        arrived = str((scope.get("server") or ("",))[0]).lower()
        # (the address a connection came in on is an IP address under uvicorn, never a name
        # that someone else's DNS could give; the test client names itself)
        if not name or not (name in self.hosts or name == arrived):
            return 400, ("the Host header must name this server (localhost or the address "
                         "it listens on); betza serve --host sets that address")
        if scope["method"] == "POST":
            kind = headers.get("content-type", "").partition(";")[0].strip().lower()
            if kind != "application/json":
                return 415, "the request body must be JSON, sent as Content-Type: " \
                            "application/json"
        return None


async def _json_error(send: Send, status: int, message: str) -> None:
    body = json.dumps({"ok": False, "error": message}).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
