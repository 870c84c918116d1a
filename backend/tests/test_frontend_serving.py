"""With a built dashboard, deep links load the app; the API stays the API."""

from __future__ import annotations

import os

from .stack import _reset_caches


def test_deep_links_serve_the_app(services, tmp_path):
    from fastapi.testclient import TestClient

    from app.main import create_app

    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "app.js").write_text("console.log(1)")
    os.environ["FRONTEND_DIST"] = str(tmp_path)
    _reset_caches()
    try:
        with TestClient(create_app()) as c:
            for path in ("/", "/runs/0b7e6c1e-0000-4000-8000-000000000000", "/s/AbCdEf123456", "/compare/x"):
                r = c.get(path)
                assert r.status_code == 200 and "id=root" in r.text, path
            assert c.get("/assets/app.js").text == "console.log(1)"
            # the API keeps its own 404s and JSON
            r = c.get("/api/v1/runs/00000000-0000-0000-0000-000000000000")
            assert r.status_code == 404 and r.json() == {"detail": "run not found"}
            assert c.get("/api/v1/nope").status_code == 404
    finally:
        os.environ.pop("FRONTEND_DIST")
        _reset_caches()
