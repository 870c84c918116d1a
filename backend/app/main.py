"""The Rexmit REST API (FastAPI) under /api/v1."""

from __future__ import annotations

import logging
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.types import Scope

from .api.main import api_router
from .core.config import get_settings
from .core.errors import ApiError

log = logging.getLogger("rexmit.api")
API_PREFIX = "/api/v1"


class SinglePageApp(StaticFiles):
    """The built dashboard: files as they are, and index.html for any other
    path outside the API, so a permalink (/s/{slug}) or a run page opened
    directly loads the app, which then routes on the client."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        try:
            response = await super().get_response(path, scope)
        except StarletteHTTPException as e:
            if e.status_code != 404 or path.startswith("api/"):
                raise
            return await super().get_response("index.html", scope)
        if response.status_code == 404 and not path.startswith("api/"):
            return await super().get_response("index.html", scope)
        return response


def operation_id(route: APIRoute) -> str:
    """'{tag}-{name}' so the generated client reads RunsService.createRun."""
    return f"{route.tags[0]}-{route.name}"


DOCS_ASSETS = f"{API_PREFIX}/docs-assets"


def _mount_docs(app: FastAPI) -> None:
    """The API docs page with Swagger UI's files served from here (the
    swagger-ui-bundle package), not from a CDN: it works offline, in a
    classroom without internet."""
    from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]

    app.mount(DOCS_ASSETS, StaticFiles(directory=swagger_ui_path), name="docs-assets")

    @app.get(f"{API_PREFIX}/docs", include_in_schema=False, tags=["utils"])
    async def _docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=f"{API_PREFIX}/openapi.json",
            title="Rexmit API",
            swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{DOCS_ASSETS}/favicon-32x32.png",
        )


def create_app() -> FastAPI:
    settings = get_settings()
    app = FastAPI(
        title="Rexmit",
        version="0.1.0",
        openapi_url=f"{API_PREFIX}/openapi.json",
        docs_url=None,  # served below from local assets
        redoc_url=None,
        generate_unique_id_function=operation_id,
        description="An interactive lab for TCP loss recovery: runs, comparisons and permalinks.",
    )
    if settings.CORS_ORIGINS:
        app.add_middleware(
            CORSMiddleware, allow_origins=settings.CORS_ORIGINS, allow_methods=["*"], allow_headers=["*"]
        )

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": list(e.get("loc", ())), "msg": e.get("msg", ""), "type": e.get("type", "")} for e in exc.errors()
        ]
        return JSONResponse({"detail": errors}, status_code=422)

    @app.exception_handler(Exception)
    async def _internal(request: Request, _exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return JSONResponse({"detail": "internal error"}, status_code=500)

    app.include_router(api_router, prefix=API_PREFIX)
    _mount_docs(app)
    if settings.FRONTEND_DIST and Path(settings.FRONTEND_DIST, "index.html").exists():
        app.mount("/", SinglePageApp(directory=settings.FRONTEND_DIST, html=True), name="frontend")
    return app


app = create_app()
