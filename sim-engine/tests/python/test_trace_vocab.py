"""Trace v2: one vocabulary from the engine, transmission causes, drop
stages, mechanism variables, and the metrics descriptors."""

from __future__ import annotations

import numpy as np
import rexsim
from rexsim.result import CAUSES, KIND, METRICS, VARS, VOCAB

CAT = rexsim.catalog()


def _path(fwd_loss: dict | None = None, rate: float = 0, buf: int = 1000) -> dict:
    return {
        "forward": {"rate_bps": rate, "delay_ms": 20, "buffer_pkts": buf, "loss": fwd_loss or {"model": "none"}},
        "reverse": {"rate_bps": rate, "delay_ms": 20},
    }


def _events(res: rexsim.Result, kind: str) -> list[dict]:
    return [res.trace.describe(i) for i in np.flatnonzero(res.trace.mask(kind))]


def test_vocabulary_is_published_once_with_labels_and_docs():
    assert set(VOCAB) == {"events", "timer_kinds", "timer_formulas", "states", "drop_reasons", "causes"}
    for name, entries in VOCAB.items():
        assert [e["id"] for e in entries] == list(range(len(entries))), name
        assert all(e["label"] and len(e["doc"]) > 10 for e in entries), name
    # the old name lists are the vocabulary's names, in the same order
    assert CAT["events"] == [e["name"] for e in VOCAB["events"]]
    assert all(e["text"] for e in VOCAB["timer_formulas"])
    rare = {e["name"] for e in VOCAB["events"] if e["rare"]}
    assert {"retransmit", "probe", "drop", "timer_fired", "state"} <= rare and "send" not in rare


def test_metrics_descriptors_describe_every_metric_in_order():
    res = rexsim.run({"flows": [{"app": {"kind": "fixed", "segments": 3}}]})
    keys = [k for k in res.flows[0].metrics if k != "request_ms"]
    assert keys == [m["name"] for m in METRICS]
    for m in METRICS:
        assert m["label"] and m["doc"] and m["type"] in ("int", "float", "bool")
        assert m["higher_is_better"] in (True, False, None)
    assert next(m for m in METRICS if m["name"] == "fct_ms")["nullable"] is True


def test_each_retransmission_names_its_cause():
    """Segment 10 of 10 lost once: the RTO repairs it (cause rto). Segments 3-4
    lost once of 20 with SACK: the first repair is a fast retransmit, the
    next one a lost segment sent during recovery."""
    rto = rexsim.run(
        {
            "path": _path({"model": "tail", "count": 1}),
            "flows": [{"app": {"kind": "fixed", "segments": 10}, "tcp": {"timer": "rto"}}],
        }
    )
    assert [e["cause"] for e in _events(rto, "retransmit")] == ["rto"]
    assert {e["cause"] for e in _events(rto, "send")} == {"new"}
    fast = rexsim.run(
        {
            "path": _path({"model": "positioned", "rules": [{"segment": 3}, {"segment": 4}]}),
            "flows": [{"app": {"kind": "fixed", "segments": 20}}],
        }
    )
    assert [e["cause"] for e in _events(fast, "retransmit")] == ["fast", "lost"]
    tlp = rexsim.run(
        {
            "path": _path({"model": "tail", "count": 1}),
            "flows": [{"app": {"kind": "fixed", "segments": 10}, "tcp": {"timer": "tlp"}}],
        }
    )
    assert [e["cause"] for e in _events(tlp, "probe")] == ["probe"]
    assert all(c in CAUSES for c in ("fast", "early", "lost", "rule3", "rescue", "rto", "loss", "probe"))


def test_drops_name_their_stage():
    res = rexsim.run(
        {
            "seed": 3,
            "duration_s": 5,
            "path": _path({"model": "bernoulli", "p": 0.02}, 10e6, 8),
            "flows": [{"app": {"kind": "bulk", "duration_s": 2}}],
        }
    )
    stages = {(e["reason"], e["stage"]) for e in _events(res, "drop")}
    assert ("loss_model", "bernoulli") in stages and ("queue", "queue") in stages
    assert stages <= {("loss_model", "bernoulli"), ("queue", "queue")}


def test_mechanism_variables_are_traced_when_they_change():
    ids = {v["name"]: v for v in VARS}
    assert ids["bwe_bytes_per_s"]["member"] == "westwood" and ids["bwe_bytes_per_s"]["unit"] == "bytes/s"
    sc = {
        "seed": 1,
        "duration_s": 4,
        "path": _path({"model": "bernoulli", "p": 0.005}, 20e6, 60),
        "flows": [{"app": {"kind": "bulk", "duration_s": 3}, "tcp": {"cc": "westwood"}}],
    }
    res = rexsim.run(sc)
    t, v = res.trace.var_series("bwe_bytes_per_s")
    assert len(t) > 10 and np.all(np.diff(t) >= 0)
    assert np.all(v[1:] != v[:-1])  # one row per change
    # the estimate tracks what the flow delivers (each byte counted once,
    # SACKed data not again at the cumulative ACK): within 25 % of its goodput
    goodput_bytes_per_s = res.flows[0].metrics["goodput_bps"] / 8
    assert abs(v[-1] - goodput_bytes_per_s) < 0.25 * goodput_bytes_per_s
    assert v.max() < 20e6 / 8  # never above the link's rate
    reno = rexsim.run({**sc, "flows": [{**sc["flows"][0], "tcp": {"cc": "reno"}}]})
    assert len(reno.trace.columns["var_id"]) == 0  # reno declares no variable
    none = rexsim.run({**sc, "trace": "none"})
    assert len(none.trace.columns["var_id"]) == 0


def test_event_kind_ids_follow_the_vocabulary():
    assert KIND["retransmit"] == next(e["id"] for e in VOCAB["events"] if e["name"] == "retransmit")
