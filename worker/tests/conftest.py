"""Worker tests: run from backend's pytest run (backend/pytest.ini lists
../worker/tests) or on their own (cd worker && pytest); either way with the
fixtures of backend/tests/stack.py."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "backend"))

pytest_plugins = ["tests.stack"]
