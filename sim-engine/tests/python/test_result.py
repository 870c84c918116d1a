"""rexsim.result: the Trace helpers (mask, times_ns, sack_blocks, describe,
write_csv) and the Result wrapper, checked against the raw columns and the
column semantics documented in include/rexsim/rexsim.h."""

from __future__ import annotations

import csv
import io

import numpy as np
import pytest
import rexsim
from rexsim.result import ACK_EVENTS, DROP_REASONS, EVENT_KINDS, KIND, STATES, TIMER_EVENTS, TIMER_FORMULAS, TIMER_KINDS
from simhelpers import tail_scenario


@pytest.fixture(scope="module")
def res():
    # correlated loss on six persistent connections: SACK blocks, D-SACKs,
    # drops, every timer kind and congestion-state changes all occur
    return rexsim.run(rexsim.preset_scenario("web-objects", "TLPR"))


def test_names_match_the_catalogue():
    cat = rexsim.catalog()
    assert list(EVENT_KINDS) == cat["events"]
    assert list(TIMER_KINDS) == cat["timer_kinds"] and list(TIMER_FORMULAS) == cat["timer_formulas"]
    assert list(STATES) == cat["states"] and list(DROP_REASONS) == cat["drop_reasons"]
    assert [KIND[k] for k in EVENT_KINDS] == list(range(len(EVENT_KINDS)))


def test_columns_and_lengths(res):
    tr = res.trace
    assert len(tr) == res.summary()["trace_events"] == res._raw.n_trace
    for name, dt in rexsim.result._DTYPES.items():
        assert tr.columns[name].dtype == dt, name
        assert getattr(tr, name) is tr.columns[name]
    assert tr.kind_names() == [EVENT_KINDS[k] for k in tr.kind]
    assert res.trace is res.trace  # built once


def test_mask_and_times(res):
    tr = res.trace
    total = 0
    for kind in EVENT_KINDS:
        m = tr.mask(kind)
        assert m.dtype == bool and m.shape == (len(tr),)
        assert np.array_equal(tr.times_ns(kind), tr.t_ns[m])
        total += int(m.sum())
        per_flow = sum(int(tr.mask(kind, f).sum()) for f in range(len(res.flows)))
        assert per_flow == int(m.sum()), kind
    assert total == len(tr)


def test_describe_resolves_every_kind(res):
    tr = res.trace
    seen = set()
    for i, ev in enumerate(tr):
        kind = ev["kind"]
        seen.add(kind)
        assert ev == tr.describe(i)
        assert ev["t_ns"] == int(tr.t_ns[i]) and ev["flow"] == int(tr.flow[i])
        ss = int(tr.ssthresh_bytes[i])
        assert ev["ssthresh_bytes"] == (None if ss == 0xFFFFFFFF else ss)
        det = int(tr.detail[i])
        if KIND[kind] in TIMER_EVENTS:
            assert ev["timer"] == TIMER_KINDS[det & 15] and ev["formula"] == TIMER_FORMULAS[det >> 4]
            # timers: seq is the expiry (ns) and arg the timeout (us)
            if kind == "timer_fired":
                assert ev["seq"] == ev["t_ns"], ev
        if kind == "drop":
            assert ev["reason"] in DROP_REASONS and ev["direction"] in ("forward", "reverse")
        if kind in ("send", "retransmit", "probe", "deliver"):
            assert ev["transmission"] == det >= 1
            assert ev["arg"] > 0  # payload bytes
        if kind == "send":
            assert det == 1
        if kind == "retransmit":
            assert det >= 2
        if KIND[kind] in ACK_EVENTS:
            dsack, blocks = tr.sack_blocks(i)
            assert ev["dsack"] == dsack and ev["sack"] == [list(b) for b in blocks]
    assert {
        "send",
        "retransmit",
        "probe",
        "drop",
        "deliver",
        "ack_sent",
        "ack_recv",
        "timer_armed",
        "timer_fired",
        "timer_cancelled",
        "state",
        "syn",
        "app",
    } <= seen


def test_sack_blocks(res):
    tr = res.trace
    n_with = 0
    for i in np.nonzero(np.isin(tr.kind, list(ACK_EVENTS)))[0]:
        i = int(i)
        dsack, blocks = tr.sack_blocks(i)
        if tr.arg[i] == 0:
            assert (dsack, blocks) == (False, [])
            continue
        n_with += 1
        # web-objects runs with timestamps: room for 3 blocks (RFC 2018 §3)
        assert 1 <= len(blocks) <= 3, blocks
        assert dsack == bool(tr.detail[i])
        for s, e in blocks:
            assert s < e
        if not dsack:
            # RFC 2018: SACK blocks lie above the cumulative ACK
            assert all(s > int(tr.seq[i]) for s, _ in blocks), (i, int(tr.seq[i]), blocks)
    assert n_with > 0
    for i in np.nonzero(~np.isin(tr.kind, list(ACK_EVENTS)))[0][:200]:
        assert tr.sack_blocks(int(i)) == (False, [])


def test_state_events_name_the_state_entered(res):
    """A 'state' event records a congestion-state change (rexsim.h: arg = the
    previous state); the engine emits it only when the state differs.  So
    describe() must report a 'state' different from 'previous_state': the one
    entered, which is the state the flow's next event carries."""
    tr = res.trace
    idx = np.nonzero(tr.mask("state"))[0]
    assert idx.size > 0
    problems = []
    for i in idx:
        i = int(i)
        ev = tr.describe(i)
        later = np.nonzero(tr.flow[i + 1 :] == tr.flow[i])[0]
        nxt = STATES[int(tr.state[i + 1 + later[0]])] if later.size else None
        if ev["state"] == ev["previous_state"] or (nxt is not None and ev["state"] != nxt):
            problems.append((i, ev["state"], ev["previous_state"], nxt))
    assert not problems, problems[:10]


def test_write_csv(res):
    buf = io.StringIO(newline="")
    res.trace.write_csv(buf)
    rows = list(csv.DictReader(io.StringIO(buf.getvalue(), newline="")))
    assert len(rows) == len(res.trace)
    assert list(rows[0]) == rexsim.Trace.CSV_FIELDS
    for i in (0, len(rows) // 2, len(rows) - 1):
        ev = res.trace.describe(i)
        assert rows[i]["kind"] == ev["kind"] and int(rows[i]["t_ns"]) == ev["t_ns"]
        if "sack" in ev:
            assert rows[i]["sack"] == " ".join(f"{s}-{e}" for s, e in ev["sack"])


def test_result_wrapper():
    r = rexsim.run(tail_scenario(20, "tlp"))
    s = r.summary()
    assert set(s) == {
        "engine_version",
        "truncated",
        "truncated_reason",
        "events",
        "invariant_violations",
        "samples",
        "trace_truncated",
        "trace_events",
        "sim_end_ns",
        "flows",
    }
    assert s["flows"] == [f.metrics for f in r.flows]
    assert r.engine_version == rexsim.ENGINE_VERSION == rexsim.__version__
    assert "fct_ms" in repr(r.flows[0])
    m = r.flows[0].metrics
    assert set(m) >= {
        "completed",
        "fct_ms",
        "bytes_delivered",
        "goodput_bps",
        "segments_sent",
        "retransmissions",
        "spurious_retransmissions",
        "rto_count",
        "probe_count",
        "tlp_loss_episodes",
        "probe_repairs",
        "early_retransmits",
        "fast_retransmits",
        "recovery_episodes",
        "time_in_recovery_ms",
        "drops",
        "syn_retransmits",
        "request_ms",
    }
    # goodput = delivered bits over the FCT: 14480 B * 8 / 0.280 s
    assert m["goodput_bps"] == pytest.approx(14480 * 8 / 0.280)
    assert m["request_ms"] == [m["fct_ms"]]
    with pytest.raises(IndexError):
        r._raw.metrics(1)
