"""Tests of app.schemas.events: one model per event kind of the engine's
catalogue, its fields the describer's, and the union keyed on kind."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import numpy as np
import pydantic
import pytest
import rexsim
from rexsim import tracefile as TF

from app.main import create_app
from app.schemas.events import EVENT_MODELS, model_name
from app.schemas.run import TraceWindow
from app.services import traces

LEGACY_BLOB = Path(__file__).parents[3] / "sim-engine" / "tests" / "python" / "data" / "trace-v1-before-causes.rxtr"


@pytest.fixture(scope="module")
def web() -> dict[str, np.ndarray]:
    # six persistent connections with correlated loss: every kind but 'sample'
    r = rexsim.run(rexsim.preset_scenario("web-objects", "TLPR"))
    return {k: v.copy() for k, v in r.trace.columns.items()}


def test_one_model_per_kind_of_the_catalogue() -> None:
    assert list(EVENT_MODELS) == rexsim.catalog()["events"]
    assert model_name("ack_recv") == "AckRecvEvent" and EVENT_MODELS["ack_recv"].__name__ == "AckRecvEvent"
    docs = {e["name"]: e["doc"] for e in rexsim.catalog()["vocab"]["events"]}
    for kind, model in EVENT_MODELS.items():
        assert list(model.model_fields) == [f.name for f in TF.EVENT_FIELDS[kind]], kind
        assert get_args(model.model_fields["kind"].annotation) == (kind,)
        assert docs[kind] in (model.__doc__ or ""), kind


def test_vocabulary_fields_take_only_the_vocabularys_names() -> None:
    fields = EVENT_MODELS["drop"].model_fields
    assert set(get_args(fields["reason"].annotation)) == set(TF.DROP_REASONS)
    assert set(get_args(get_args(fields["stage"].annotation)[0])) == set(TF.DROP_STAGES)
    assert fields["stage"].default is None and fields["reason"].is_required()
    assert set(get_args(EVENT_MODELS["send"].model_fields["state"].annotation)) == set(TF.STATES)


#: one delay spike longer than the RTO (every original 1 s late) that F-RTO declares spurious: the
#: trace's spurious event, which the presets above do not have
SPIKE = {
    "path": {
        "forward": {
            "delay_ms": 50,
            "loss": {
                "model": "positioned",
                "rules": [{"segment": s, "transmission": 1, "action": "delay", "delay_ms": 1000} for s in range(1, 11)],
            },
        },
        "reverse": {"delay_ms": 50},
    },
    "flows": [{"app": {"kind": "fixed", "bytes": 20000}, "tcp": {"mss": 1000, "iw": 10, "spurious": ["frto"]}}],
}

#: a short transfer through a handover table that lasts to the end of the run (an open path period)
#: and an outage both ways: the web preset has no path stage that reports periods
PERIODS = {
    "seed": 1,
    "duration_s": 5,
    "path": {
        "forward": {
            "rate_bps": 20e6,
            "delay_ms": 50,
            "stages": [{"kind": "schedule"}, {"kind": "outage", "good_min_ms": 2000, "good_max_ms": 2000}],
            "schedule": [{"time_ms": 1000, "delay_ms": 0}, {"time_ms": 1000, "delay_ms": 20}],
        },
        "reverse": {
            "rate_bps": 20e6,
            "delay_ms": 50,
            "stages": [{"kind": "outage", "good_min_ms": 2000, "good_max_ms": 2000}],
        },
    },
    "flows": [{"app": {"kind": "bulk", "duration_s": 4}}],
}

#: a recovery that empties a 64-segment send buffer: an application stall (app_stall), which no
#: scenario without a modelled send buffer has (sim-engine/tests/c/test_sndbuf.c, stall_in_recovery)
STALL = {
    "seed": 1,
    "path": {
        "forward": {
            "rate_bps": 0,
            "delay_ms": 50,
            "loss": {"model": "positioned", "rules": [{"flow": 0, "segment": 1}]},
        },
        "reverse": {"rate_bps": 0, "delay_ms": 50},
    },
    "flows": [
        {
            "app": {"kind": "bulk", "duration_s": 0.25},
            "tcp": {"mss": 1024, "iw": 48, "limited_transmit": False, "sndbuf_bytes": 65536},
            "receiver": {"ack_policy": "quick"},
        }
    ],
}


#: a reader blocked for 2.5 s closes a 10-segment receive window: the persist timer's zero-window
#: probes (window_probe), which no scenario with a reader that keeps up has
#: (sim-engine/tests/python/test_receiver_window.py)
BLOCKED = {
    "seed": 1,
    "duration_s": 5,
    "path": {"forward": {"rate_bps": 0, "delay_ms": 50}, "reverse": {"rate_bps": 0, "delay_ms": 50}},
    "flows": [
        {
            "app": {"kind": "fixed", "segments": 20},
            "tcp": {"handshake": False, "mss": 1000},
            "receiver": {"rwnd_bytes": 10000, "read_blocked_ms": [0, 2500]},
        }
    ],
}


def test_a_window_of_every_kind_validates_and_dumps_unchanged(web) -> None:
    spike = {k: v.copy() for k, v in rexsim.run(SPIKE).trace.columns.items()}
    periods = {k: v.copy() for k, v in rexsim.run(PERIODS).trace.columns.items()}
    stall = {k: v.copy() for k, v in rexsim.run(STALL).trace.columns.items()}
    blocked = {k: v.copy() for k, v in rexsim.run(BLOCKED).trace.columns.items()}
    kinds = set()
    for cols in (web, spike, periods, stall, blocked):
        w = traces.window(cols, max_points=len(cols["t_ns"]))
        typed = TraceWindow(**w)
        kinds |= {type(e).__name__ for e in typed.events}
        assert typed.model_dump(mode="json")["events"] == w["events"]
    assert kinds == {model_name(k) for k in TF.EVENT_KINDS} - {"SampleEvent"}
    # the spurious event names its detector and rule by the catalogue's names
    ev = next(e for e in TraceWindow(**traces.window(spike)).model_dump()["events"] if e["kind"] == "spurious")
    assert (ev["detector"], ev["rule"], ev["response"]) == ("frto", "frto_sack_3b", "revert")


def test_an_old_traces_events_have_no_cause() -> None:
    w = traces.window(TF.decode_trace(LEGACY_BLOB.read_bytes()))
    events = TraceWindow(**w).model_dump()["events"]
    assert len(events) == 57
    assert all(e["cause"] is None for e in events if e["kind"] in ("send", "retransmit", "probe"))
    assert [e["stage"] for e in events if e["kind"] == "drop"] == [None, None]


def test_events_that_break_their_kinds_shape_are_rejected(web) -> None:
    w = traces.window(web, kinds=["drop"], max_points=1)
    drop = w["events"][0]
    bad = [
        {**drop, "stage": "nonsense"},  # not a stage of the vocabulary
        {k: v for k, v in drop.items() if k != "reason"},  # a drop names its reason
        {**drop, "timer": "rto"},  # a timer's field on a drop
        {**drop, "kind": "#14"},  # a kind the vocabulary does not know
    ]
    for ev in bad:
        with pytest.raises(pydantic.ValidationError):
            TraceWindow(**{**w, "events": [ev]})


def test_openapi_keys_the_union_on_kind() -> None:
    doc = create_app().openapi()
    events = doc["components"]["schemas"]["TraceWindow"]["properties"]["events"]["items"]
    mapping = events["discriminator"]["mapping"]
    assert events["discriminator"]["propertyName"] == "kind"
    assert sorted(mapping) == sorted(TF.EVENT_KINDS)
    assert all(ref.endswith("/" + model_name(k)) for k, ref in mapping.items())
    drop = doc["components"]["schemas"]["DropEvent"]
    # always present in a response: null for a trace that does not record it
    assert "stage" in drop["required"] and drop["additionalProperties"] is False
