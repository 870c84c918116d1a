"""The API docs page works without internet: Swagger UI's files are served
by the API itself (swagger-ui-bundle), not fetched from a CDN."""

from __future__ import annotations

import re

API = "/api/v1"


def test_docs_page_loads_its_assets_from_the_api(client):
    r = client.get(f"{API}/docs")
    assert r.status_code == 200
    html = r.text
    assert "cdn." not in html and "https://" not in html.split("<body>")[0]
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert f"{API}/docs-assets/swagger-ui-bundle.js" in assets
    assert f"{API}/docs-assets/swagger-ui.css" in assets
    for url in assets:
        a = client.get(url)
        assert a.status_code == 200 and len(a.content) > 100, url
    # and it points at the API's own OpenAPI document
    assert f"{API}/openapi.json" in html
