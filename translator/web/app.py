"""The HTTP side of the teaching page (Starlette).

``POST /api/query`` takes exactly one ``betza batch`` query object and returns what
``betza batch`` returns for it: 200 with ``{"ok": true, …}``; 400 with ``{"ok": false,
"error": …}`` for bad input (plus ``input``, ``position`` and ``caret`` when a character
is to blame); 422 when the query needs more time or atoms than its limit; 413 for a body
over 64 KiB. ``POST /api/svg`` draws a ``board`` query as the downloadable SVG.
``GET /api/pieces?q=…``, ``/api/variants``, ``/api/variants/{name}``, ``/api/legend`` and
``/api/glossary`` serve the catalogue and the page's words. Everything else is the page
itself, from the package's own ``static`` folder.

>>> from starlette.testclient import TestClient
>>> with TestClient(create_app(workers=1)) as client:
...     client.post("/api/query", json={"query": "moves", "betza": "hrN",
...                                     "from": "e4"}).json()["moves"][0]["to"]
'c5'
"""

from __future__ import annotations

import json
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from translator.web.workers import SolverPool

MAX_BODY = 64 * 1024
STATIC = Path(__file__).parent / "static"


class BodyTooLarge(Exception):
    pass


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


def _bad(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"ok": False, "error": message}, status_code=status)


async def _query_object(request: Request) -> dict[str, Any] | JSONResponse:
    """The posted query object, or the error response that says what is wrong with it."""
    try:
        raw = await _body(request)
    except BodyTooLarge:
        return _bad(f"the request body is over {MAX_BODY // 1024} KiB", 413)
    try:
        obj = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return _bad("the request body is not UTF-8 text")
    except json.JSONDecodeError as exc:
        return _bad(f"not JSON: {exc.msg} at column {exc.colno}")
    except RecursionError:
        return _bad("not JSON we can read: nested too deeply")
    if not isinstance(obj, dict):
        return _bad("the body must be one JSON object (one betza batch query)")
    return obj


def _status(answer: dict[str, Any]) -> int:
    if answer.get("ok"):
        return 200
    return 422 if answer.get("limit") else 400


async def query(request: Request) -> Response:
    obj = await _query_object(request)
    if isinstance(obj, Response):
        return obj
    answer = await request.app.state.pool.answer(obj)
    return JSONResponse(answer, status_code=_status(answer))


async def svg(request: Request) -> Response:
    obj = await _query_object(request)
    if isinstance(obj, Response):
        return obj
    answer = await request.app.state.pool.answer({**obj, "query": "svg"})
    if not answer.get("ok"):
        return JSONResponse(answer, status_code=_status(answer))
    return Response(answer["svg"], media_type="image/svg+xml", headers={
        "Content-Disposition": 'attachment; filename="betza-board.svg"'})


async def pieces(request: Request) -> Response:
    from translator.jsonapi.catalogue import pieces_json

    return JSONResponse({"ok": True, "pieces": pieces_json(request.query_params.get("q"))})


async def variants(request: Request) -> Response:
    from translator.jsonapi.catalogue import variants_json

    return JSONResponse({"ok": True, **variants_json()})


async def variant(request: Request) -> Response:
    from translator.errors import BetzaError
    from translator.jsonapi.catalogue import variant_json

    try:
        found = variant_json(request.path_params["name"])
    except BetzaError as err:
        return _bad(err.one_line(), 404)
    return JSONResponse({"ok": True, **found})


async def legend(request: Request) -> Response:
    from translator.jsonapi.catalogue import legend_json

    return JSONResponse({"ok": True, **legend_json()})


async def glossary(request: Request) -> Response:
    from translator.present.english import learner_glossary

    return JSONResponse({"ok": True, "glossary": learner_glossary()})


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def not_found(request: Request, exc: Exception) -> Response:
    return _bad(f"no such page: {request.url.path}", 404)


def create_app(workers: int | None = None, max_timeout: float = 10.0,
               tables: str | None = None) -> Starlette:
    """The app; its solver pool starts with the app and stops with it (``tables``: a
    folder of move tables its workers answer from)."""
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
        Route("/api/legend", legend), Route("/api/glossary", glossary),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found})
