"""The HTTP side of the teaching page (Starlette).

``POST /api/query`` takes exactly one ``betza batch`` query object and returns what
``betza batch`` returns for it: 200 with ``{"ok": true, …}``; 400 with ``{"ok": false,
"error": …}`` for bad input (plus ``input``, ``position`` and ``caret`` when a character
is to blame); 422 when the query needs more time or atoms than its limit (the time it
waited for a worker counts against it); 409 with ``"superseded": true`` when a newer
query of the same ``channel`` (an optional key: a page names one per pane) came before
it was started; 413 for a body over 64 KiB; 415 for a body not sent as
``application/json``. The key ``ini`` (a ``variants.ini`` file on disk) is refused: the
server reads no file a request names, and knows the kb's variants by name only. ``POST
/api/svg`` draws a ``board`` query as the downloadable SVG.
``GET /api/pieces?q=…``, ``/api/variants``, ``/api/variants/{name}``, ``/api/games`` (the
variants whose whole games are played), ``/api/legend`` and ``/api/glossary`` serve the
catalogue and the page's words (a browser may keep them ten minutes); ``/api/status`` the
workers of each lane, the queries waiting and how many were sent, superseded, dropped
(their client gone) or expired.
Everything else is the page itself, from the package's own ``static`` folder. Every
error, whatever its status, is ``{"ok": false, "error": …}``; translator/web/guard.py
checks the ``Host`` and the body's type and adds the hardening headers.

>>> from starlette.testclient import TestClient
>>> with TestClient(create_app(workers=1), base_url="http://localhost") as client:
...     client.post("/api/query", json={"query": "moves", "betza": "hrN",
...                                     "from": "e4"}).json()["moves"][0]["to"]
'c5'
"""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.responses import JSONResponse as StarletteJSON
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from translator.errors import BetzaError
from translator.web.guard import ASGIApp, Guard, allowed_hosts
from translator.web.workers import SolverPool

MAX_BODY = 64 * 1024
# the answer to a query whose client went before it came (logged, never read)
GONE = {"ok": False, "error": "the client closed the connection before the answer came"}
STATIC = Path(__file__).parent / "static"
# The catalogue and the page's words are the kb's, fixed while the server runs: a browser
# keeps them this long (seconds), so that the page loaded again (a link followed, a reload,
# another board of the same class) asks only for its board's answers
CATALOGUE_AGE = 600


class BodyTooLarge(Exception):
    pass


class JSONResponse(StarletteJSON):
    """A JSON answer; one that echoes a lone surrogate (a string such as "\\ud800N", which
    has no UTF-8 form) is written with escapes, as ``betza batch`` writes it."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except UnicodeEncodeError:
            return json.dumps(content, separators=(",", ":")).encode()


async def _body(request: Request) -> bytes:
    """The request body, refused past :data:`MAX_BODY` without reading the rest."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise BodyTooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BodyTooLarge
        chunks.append(chunk)
    return b"".join(chunks)


def _kept(content: dict[str, Any]) -> JSONResponse:
    """An answer of the catalogue, which the browser may keep :data:`CATALOGUE_AGE` s."""
    return JSONResponse(content, headers={"Cache-Control": f"max-age={CATALOGUE_AGE}"})


def _bad(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"ok": False, "error": message}, status_code=status)


async def _query_object(request: Request) -> dict[str, Any] | JSONResponse:
    """The posted query object, or the error response that says what is wrong with it."""
    try:
        raw = await _body(request)
    except BodyTooLarge:
        return _bad(f"the request body is over {MAX_BODY // 1024} KiB", 413)
    from translator.jsonapi.batch import json_object

    try:
        obj = json_object(raw.decode("utf-8"), "the body (one betza batch query)")
    except UnicodeDecodeError:
        return _bad("the request body is not UTF-8 text")
    except BetzaError as err:
        return _bad(err.one_line())
    if "ini" in obj:
        return _bad("\"ini\" (a variants.ini file) is for betza batch and the command line: "
                    "the server reads no file a request names; give a variant by name "
                    "(GET /api/variants lists them)")
    return obj


async def _gone(request: Request) -> None:
    """Return once the client has gone (it closed the connection: a page that aborted
    its request because it asked anew)."""
    while (await request.receive())["type"] != "http.disconnect":
        continue


async def _answer(request: Request, obj: dict[str, Any]) -> dict[str, Any]:
    """The pool's answer to ``obj``; a client that goes before it comes takes its query
    with it (dropped from its lane's queue if not yet sent)."""
    work = asyncio.ensure_future(request.app.state.pool.answer(obj))
    watch = asyncio.ensure_future(_gone(request))
    try:
        await asyncio.wait({work, watch}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watch.cancel()
    if work.done():
        return work.result()  # type: ignore[no-any-return]
    work.cancel()
    with suppress(asyncio.CancelledError):
        await work
    return GONE


def _status(answer: dict[str, Any]) -> int:
    if answer.get("ok"):
        return 200
    if answer.get("stopping"):
        return 503
    if answer.get("superseded"):
        return 409
    if answer is GONE:
        return 499
    return 422 if answer.get("limit") else 400


async def query(request: Request) -> Response:
    obj = await _query_object(request)
    if isinstance(obj, Response):
        return obj
    answer = await _answer(request, obj)
    return JSONResponse(answer, status_code=_status(answer))


async def status(request: Request) -> Response:
    return JSONResponse({"ok": True, "lanes": request.app.state.pool.status()})


async def svg(request: Request) -> Response:
    obj = await _query_object(request)
    if isinstance(obj, Response):
        return obj
    answer = await _answer(request, {**obj, "query": "svg"})
    if not answer.get("ok"):
        return JSONResponse(answer, status_code=_status(answer))
    return Response(answer["svg"], media_type="image/svg+xml", headers={
        "Content-Disposition": 'attachment; filename="betza-board.svg"'})


async def pieces(request: Request) -> Response:
    from translator.jsonapi.catalogue import pieces_json

    return _kept({"ok": True, "pieces": pieces_json(request.query_params.get("q"))})


async def variants(request: Request) -> Response:
    from translator.jsonapi.catalogue import variants_json

    return _kept({"ok": True, **variants_json()})


async def variant(request: Request) -> Response:
    from translator.jsonapi.catalogue import variant_json

    try:
        found = variant_json(request.path_params["name"])
    except BetzaError as err:
        return _bad(err.one_line(), 404)
    return _kept({"ok": True, **found})


async def games(request: Request) -> Response:
    from translator.jsonapi.catalogue import games_json

    return _kept({"ok": True, **games_json()})


async def legend(request: Request) -> Response:
    from translator.jsonapi.catalogue import legend_json

    return _kept({"ok": True, **legend_json()})


async def glossary(request: Request) -> Response:
    from translator.present.english import learner_glossary

    return _kept({"ok": True, "glossary": learner_glossary()})


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (404, 405 …) as JSON errors."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    if status == 404:
        message = f"no such page: {request.url.path}"
    elif status == 405:
        message = f"{request.method} is not answered here"
    else:
        message = exc.detail if isinstance(exc, HTTPException) else "internal error"
    headers = getattr(exc, "headers", None)
    return JSONResponse({"ok": False, "error": message}, status, headers=headers)


def stop_solving(app: ASGIApp) -> None:
    """Stop the solvers of a running app now (a signal came): the queries waiting for them
    are answered 503 at once, so that the server stops without waiting for them."""
    starlette: Any = getattr(app, "app", app)
    pool = getattr(starlette.state, "pool", None)
    if isinstance(pool, SolverPool):
        pool.stop_soon()


def create_app(workers: int | None = None, max_timeout: float = 10.0,
               host: str = "127.0.0.1", tables: str | None = None) -> ASGIApp:
    """The app; its solver pool starts with the app and stops with it. ``host`` is the
    address it listens on (the ``Host`` headers it answers follow from it); ``tables`` a
    folder of move tables its workers answer from."""
    @asynccontextmanager
    async def lifespan(app: Starlette):  # type: ignore[no-untyped-def]
        app.state.pool = SolverPool(workers, max_timeout, tables)
        try:
            yield
        finally:
            app.state.pool.close()

    routes = [
        Route("/", index), Route("/api/query", query, methods=["POST"]),
        Route("/api/svg", svg, methods=["POST"]), Route("/api/pieces", pieces),
        Route("/api/variants", variants), Route("/api/variants/{name:path}", variant),
        Route("/api/games", games), Route("/api/status", status),
        Route("/api/legend", legend), Route("/api/glossary", glossary),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: http_error, Exception: http_error})
    return Guard(app, allowed_hosts(host))
