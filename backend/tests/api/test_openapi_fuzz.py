"""Property-based fuzzing of the OpenAPI schema (schemathesis): no request,
however odd, makes the API answer 5xx.  Runs against the real database and
broker; POST bodies that validate are real submissions.  (schemathesis's
pytest plugin is not used; its per-operation strategies are driven by
Hypothesis directly.)"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, given, settings


def assert_no_server_errors(op):
    """Hypothesis-drawn requests to one operation never get a 5xx."""

    @given(case=op.as_strategy())
    @settings(max_examples=30, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def check(case):
        response = case.call()
        assert response.status_code < 500, f"{op.label}: {response.status_code} {response.text[:300]}"
        assert "Traceback" not in response.text

    check()


def test_no_server_errors(services):
    from app.main import create_app

    schema = schemathesis.openapi.from_asgi("/api/v1/openapi.json", create_app())
    seen = []
    for result in schema.get_all_operations():
        op = result.ok()
        assert_no_server_errors(op)
        seen.append(op.label)
    assert len(seen) >= 13


def test_openapi_is_published_with_tag_operation_ids(client):
    spec = client.get("/api/v1/openapi.json").json()
    ids = {op["operationId"] for path in spec["paths"].values() for op in path.values()}
    assert {
        "runs-create_run",
        "runs-read_run",
        "comparisons-create_comparison",
        "shares-read_share",
        "utils-read_health",
    } <= ids
