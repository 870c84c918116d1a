"""The history's cursor and one-line summaries, without a database."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
import rexsim

from app.core.errors import ApiError
from app.services import history


def test_cursor_round_trips_to_the_microsecond():
    ts = datetime(2026, 3, 4, 5, 6, 7, 891011, tzinfo=UTC)
    rid = uuid.uuid4()
    after = history.decode_cursor(history.encode_cursor(ts, rid))
    assert after == (ts, rid)
    assert history.decode_cursor(history.encode_cursor(ts, "abcDEF123"), uuid_key=False) == (ts, "abcDEF123")
    assert history.decode_cursor(None) is None


@pytest.mark.parametrize(
    "cursor, uuid_key",
    [
        ("", True),
        ("!!!", True),
        (history.encode_cursor(datetime(2026, 1, 1, tzinfo=UTC), "not-a-uuid"), True),
        (history.encode_cursor(datetime(2026, 1, 1, tzinfo=UTC), "a/b"), False),
        (history.encode_cursor(datetime(2026, 1, 1), uuid.uuid4()), True),  # naive: not one we issued
    ],
)
def test_bad_cursors_are_a_422_on_cursor(cursor, uuid_key):
    with pytest.raises(ApiError) as e:
        history.decode_cursor(cursor, uuid_key=uuid_key)
    assert e.value.status == 422 and e.value.detail[0]["loc"] == ["query", "cursor"]


def test_scenario_summary_of_a_preset():
    sc = rexsim.normalize(rexsim.preset_scenario("tail-loss-n-degree", "TLP", {}))
    assert (
        history.scenario_summary(sc)
        == "1 flow · fixed 10 seg · tlp/dupack/prr/cubic · RTT 80 ms · loss fwd tail · seed 1"
    )
    assert history.scenario_summary({}) == "no loss"
    assert history.scenario_summary(None) == "scenario"


def test_comparison_summary():
    spec = {
        "base": {"preset": "tail-loss-rtt-sweep"},
        "variant_order": ["baseline", "TLP"],
        "grid": {"path.*.delay_ms": [5, 10, 20]},
        "cells": [{}, {}, {}],
        "replications": 10,
    }
    assert (
        history.comparison_summary(spec, 60)
        == "tail-loss-rtt-sweep · 2 variants (baseline, TLP) × 3 cells (path.*.delay_ms) × 10 rep · 60 runs"
    )
