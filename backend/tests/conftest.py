"""Service tests run against real PostgreSQL, Redis and Celery workers: the
fixtures and helpers live in tests/stack.py, shared with worker/tests."""

pytest_plugins = ["tests.stack"]
