"""pytest configuration for the rexsim Python suite.

Hypothesis profiles:
  ci (default)  derandomized (a fixed seed per test: with a given Hypothesis
                version every run draws the same examples, so a failure
                reproduces exactly) and no example database.
  explore       random seeds, for hunting new counterexamples locally:
                REXSIM_HYPOTHESIS_PROFILE=explore pytest tests/python
The per-test @settings(max_examples=..., deadline=None) still apply.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).parent
# Hypothesis keeps caches (and, on failure, patch files) in a storage
# directory, by default .hypothesis/ in the working directory: keep it beside
# the tests (git-ignored) instead of wherever pytest was started.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(HERE / ".hypothesis"))

from hypothesis import HealthCheck, settings  # noqa: E402

sys.path.insert(0, str(HERE))

settings.register_profile(
    "ci", derandomize=True, database=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "explore", derandomize=False, database=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("REXSIM_HYPOTHESIS_PROFILE", "ci"))
