"""POST/GET /runs against a real database, broker and worker."""

from __future__ import annotations

import os

import pytest
from fastapi.testclient import TestClient
from rexsim.presets import preset_scenario

from app.main import create_app

from ...stack import _reset_caches, wait_run

API = "/api/v1"
TLP_ONE_TAIL = {"preset": "tail-loss-n-degree", "variant": "TLP"}


def post_run(client, body, status=202):
    r = client.post(f"{API}/runs", json=body)
    assert r.status_code == status, r.text
    return r.json()


def test_create_run_then_read_its_metrics(client, worker):
    refs = post_run(client, TLP_ONE_TAIL)["runs"]
    assert len(refs) == 1 and refs[0]["state"] in ("queued", "succeeded", "running")
    run = wait_run(client, refs[0]["id"])
    assert run["state"] == "succeeded", run["error"]
    # one tail loss, RTT 80 ms, delayed ACKs, Linux 3.17 settings: the probe
    # fires at 320 ms (PTO = 2 SRTT after the ACK of segment 8 at 160 ms) and
    # the repaired segment arrives 40 ms later: FCT 360 ms (engine C test)
    assert run["metrics"][0]["fct_ms"] == 360.0
    assert run["metrics"][0]["probe_count"] == 1
    assert run["engine_version"]
    assert run["progress"] == 1.0
    assert run["timings"]["finished_at"] is not None and run["timings"]["engine_ms"] >= 0
    assert run["summary"]["trace_events"] > 0


def test_identical_runs_are_deduplicated(client, worker):
    first = post_run(client, {"scenario": {"seed": 7, "flows": [{"app": {"kind": "fixed", "segments": 5}}]}})
    # the same scenario spelled with explicit defaults maps to the same key
    second = post_run(
        client,
        {
            "scenario": {
                "seed": 7,
                "duration_s": 60,
                "flows": [{"app": {"kind": "fixed", "segments": 5}, "tcp": {"mss": 1448, "timer": "rto"}}],
            }
        },
    )
    assert first["runs"][0]["id"] == second["runs"][0]["id"]
    assert first["runs"][0]["deduplicated"] is False
    assert second["runs"][0]["deduplicated"] is True
    other_seed = post_run(client, {"scenario": {"seed": 8, "flows": [{"app": {"kind": "fixed", "segments": 5}}]}})
    assert other_seed["runs"][0]["id"] != first["runs"][0]["id"]


def test_seeds_fan_out_into_runs(client, worker):
    refs = post_run(client, {**TLP_ONE_TAIL, "seeds": [11, 12, 13]})["runs"]
    assert [r["seed"] for r in refs] == [11, 12, 13]
    assert len({r["id"] for r in refs}) == 3
    for r in refs:
        assert wait_run(client, r["id"])["state"] == "succeeded"


SCHEDULE = {"stages": [{"kind": "schedule"}]}


@pytest.mark.parametrize(
    "body, loc, needle",
    [
        (
            {"scenario": {"flows": [{"tcp": {"mss": 20}}]}},
            ["body", "scenario", "flows", 0, "tcp", "mss"],
            "between 64 and 65495",
        ),
        (
            {"scenario": {"path": {"forward": {"loss": {"model": "tail"}}}, "flows": [{"app": {"kind": "bulk"}}]}},
            ["body", "scenario", "path", "forward", "loss", "model"],
            "bulk",
        ),
        ({"scenario": {"duration_s": 3000}}, ["body", "scenario", "duration_s"], "at most 600"),
        (
            {"scenario": {"path": {"forward": {"rate_bps": 0}}, "flows": [{"app": {"kind": "bulk"}}]}},
            ["body", "scenario", "path", "forward", "rate_bps"],
            "above 0",
        ),
        (
            {
                "scenario": {
                    "path": {"forward": {"rate_bps": 1e10}},
                    "duration_s": 600,
                    "flows": [{"app": {"kind": "bulk", "duration_s": 600}}],
                }
            },
            ["body", "scenario", "duration_s"],
            "limit is",
        ),
        # a bulk flow's packets are counted at its own MSS: 400 Mb/s for 200 s at tcp.mss 64 is
        # 400e6 x 200 / 8 / (64 + 40 header bytes) = 96,153,846 data packets, x 2 = 192,307,692 (at the
        # 1500 bytes a packet once assumed it was 13,333,332, under the limit, and ran until memory ran out)
        (
            {
                "scenario": {
                    "path": {"forward": {"rate_bps": 400e6}},
                    "duration_s": 200,
                    "max_events": 2_000_000_000,
                    "flows": [{"app": {"kind": "bulk", "duration_s": 200}, "tcp": {"mss": 64}}],
                }
            },
            ["body", "scenario", "duration_s"],
            "implies about 192,307,692 packets; the limit is 20,000,000",
        ),
        ({"preset": "no-such"}, ["body", "preset"], "unknown preset"),
        ({"scenario": {}, "preset": "tail-loss-n-degree"}, ["body", "scenario"], "exactly one"),
        (
            {"scenario": {"flows": [{"tcp": {"timer": "nope"}}]}},
            ["body", "scenario", "flows", 0, "tcp", "timer"],
            "'tlpr'",
        ),
        (
            {"scenario": {"flows": [{"tcp": {"msss": 1}}]}},
            ["body", "scenario", "flows", 0, "tcp", "msss"],
            "not a known field",
        ),
        # a handover table (the 'schedule' stage): rows out of time order, a loss rate above 1,
        # a negative delay, too many rows, rows that no listed stage reads
        (
            {"scenario": {"path": {"forward": {**SCHEDULE, "schedule": [{"time_ms": 500}, {"time_ms": 400}]}}}},
            ["body", "scenario", "path", "forward", "schedule", 1, "time_ms"],
            "previous row's time_ms = 500 (got 400)",
        ),
        (
            {"scenario": {"path": {"forward": {**SCHEDULE, "schedule": [{"loss_rate": 1.5}]}}}},
            ["body", "scenario", "path", "forward", "schedule", 0, "loss_rate"],
            "between 0 and 1",
        ),
        (
            {"scenario": {"path": {"reverse": {**SCHEDULE, "schedule": [{"delay_ms": -1}]}}}},
            ["body", "scenario", "path", "reverse", "schedule", 0, "delay_ms"],
            "between 0 and 600000",
        ),
        (
            {"scenario": {"path": {"forward": {**SCHEDULE, "schedule": [{}] * 300}}}},
            ["body", "scenario", "path", "forward", "schedule"],
            "between 0 and 256 items (got 300)",
        ),
        (
            {"scenario": {"path": {"forward": {"schedule": [{"time_ms": 0, "delay_ms": 10}]}}}},
            ["body", "scenario", "path", "forward", "schedule"],
            "list {kind: 'schedule'}",
        ),
    ],
)
def test_invalid_scenarios_name_the_field_and_limit(client, body, loc, needle):
    r = client.post(f"{API}/runs", json=body)
    assert r.status_code == 422, r.text
    err = r.json()["detail"][0]
    assert err["loc"] == loc
    assert needle in err["msg"]
    assert "Traceback" not in r.text


def test_every_error_of_a_scenario_comes_back_at_once(client):
    """A form with four mistakes gets four field errors in one answer (what cannot be read
    first, then what is out of range)."""
    body = {
        "scenario": {
            "seed": -1,
            "path": {"forward": {"loss": {"model": "bernoulli", "p": 2}}},
            "flows": [{"tcp": {"mss": 10, "cc": "bbr"}}],
        }
    }
    r = client.post(f"{API}/runs", json=body)
    assert r.status_code == 422, r.text
    locs = [e["loc"] for e in r.json()["detail"]]
    assert locs == [
        ["body", "scenario", "flows", 0, "tcp", "cc"],
        ["body", "scenario", "seed"],
        ["body", "scenario", "path", "forward", "loss", "p"],
        ["body", "scenario", "flows", 0, "tcp", "mss"],
    ]
    assert all(e["type"] == "value_error.scenario" for e in r.json()["detail"])


def test_bad_json_types_are_422_not_500(client):
    assert client.post(f"{API}/runs", json={"scenario": "x"}).status_code == 422
    assert client.post(f"{API}/runs", json={"seeds": [-1], **TLP_ONE_TAIL}).status_code == 422
    r = client.post(f"{API}/runs", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422


def test_unknown_run_is_404(client):
    assert client.get(f"{API}/runs/00000000-0000-0000-0000-000000000000").status_code == 404
    assert client.get(f"{API}/runs/not-a-uuid").status_code == 422


LOSSY_BULK = {
    "scenario": {
        "seed": 3,
        "duration_s": 20,
        "path": {
            "forward": {"rate_bps": 10e6, "delay_ms": 20, "buffer_pkts": 50, "loss": {"model": "bernoulli", "p": 0.01}},
            "reverse": {"rate_bps": 10e6, "delay_ms": 20},
        },
        "flows": [{"app": {"kind": "bulk", "duration_s": 5}, "tcp": {"timer": "tlp"}}],
    }
}


def test_trace_window_downsamples_but_keeps_rare_events(client, worker):
    run = wait_run(client, post_run(client, LOSSY_BULK)["runs"][0]["id"])
    rid = run["id"]
    full = client.get(f"{API}/runs/{rid}/trace", params={"max_points": 100000}).json()
    assert full["downsampled"] is False and full["returned"] == run["summary"]["trace_events"]
    rare = [e for e in full["events"] if e["kind"] in ("drop", "retransmit", "probe", "timer_fired", "state")]
    assert rare, "a 1% loss bulk flow must drop and retransmit"
    small = client.get(f"{API}/runs/{rid}/trace", params={"max_points": 200}).json()
    assert small["downsampled"] is True
    assert small["total_in_window"] == full["returned"]
    kept = [(e["t_ns"], e["kind"], e["seq"]) for e in small["events"]]
    for e in rare:
        assert (e["t_ns"], e["kind"], e["seq"]) in kept
    assert [e["t_ns"] for e in small["events"]] == sorted(e["t_ns"] for e in small["events"])
    # a time window and a kind filter
    w = client.get(f"{API}/runs/{rid}/trace", params={"from_ms": 1000, "to_ms": 2000, "kinds": "drop"}).json()
    assert all(e["kind"] == "drop" and 1e9 <= e["t_ns"] <= 2e9 for e in w["events"])
    assert client.get(f"{API}/runs/{rid}/trace", params={"kinds": "bogus"}).status_code == 422


def test_series_and_exports(client, worker):
    run = wait_run(client, post_run(client, TLP_ONE_TAIL)["runs"][0]["id"])
    rid = run["id"]
    s = client.get(f"{API}/runs/{rid}/series", params={"names": "cwnd,rto"}).json()
    assert s["flow"] == 0 and set(s["series"]) == {"cwnd", "rto"}
    # cwnd starts at IW = 10 x 1448 bytes
    assert s["series"]["cwnd"]["unit"] == "bytes" and s["series"]["cwnd"]["values"][0] == 14480
    assert client.get(f"{API}/runs/{rid}/series", params={"names": "bogus"}).status_code == 422
    csv_text = client.get(f"{API}/runs/{rid}/export", params={"format": "csv"}).text
    assert len(csv_text.strip().splitlines()) == run["summary"]["trace_events"] + 1
    j = client.get(f"{API}/runs/{rid}/export", params={"format": "json"}).json()
    assert j
    pcap = client.get(f"{API}/runs/{rid}/export", params={"format": "pcap"})
    assert pcap.status_code == 200
    assert pcap.content[:4] in (b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d")  # ns-resolution pcap magic


def test_an_export_past_the_event_limit_is_refused_naming_the_limit(services, worker):
    """Exports are built in memory (JSON at about 550 bytes an event at peak: Table 15's 26.2 M-event run
    at 400 Mb/s would take 14 GB), so a trace of more than EXPORT_MAX_EVENTS events is refused with a 422
    on the format that names its size and the limit, in every format; one of exactly the limit exports."""
    os.environ["EXPORT_MAX_EVENTS"] = "10"
    _reset_caches()
    try:
        with TestClient(create_app()) as c:
            run = wait_run(c, post_run(c, TLP_ONE_TAIL)["runs"][0]["id"])
            n = run["summary"]["trace_events"]
            assert n > 10
            for fmt in ("csv", "json", "pcap"):
                r = c.get(f"{API}/runs/{run['id']}/export", params={"format": fmt})
                assert r.status_code == 422, (fmt, r.text)
                (err,) = r.json()["detail"]
                assert err["loc"] == ["query", "format"]
                assert f"has {n:,} events; an export holds at most 10 in this service" in err["msg"]
        os.environ["EXPORT_MAX_EVENTS"] = str(n)
        _reset_caches()
        with TestClient(create_app()) as c:
            text = c.get(f"{API}/runs/{run['id']}/export", params={"format": "csv"}).text
            assert len(text.strip().splitlines()) == n + 1
    finally:
        os.environ.pop("EXPORT_MAX_EVENTS")
        _reset_caches()


WESTWOOD_BULK = {
    "scenario": {
        "seed": 1,
        "duration_s": 3,
        "path": {
            "forward": {
                "rate_bps": 20e6,
                "delay_ms": 50,
                "buffer_pkts": 200,
                "loss": {"model": "bernoulli", "p": 0.002},
            },
            "reverse": {"rate_bps": 20e6, "delay_ms": 50},
        },
        "flows": [{"app": {"kind": "bulk", "duration_s": 2.5}, "tcp": {"cc": "westwood"}}],
    }
}


def test_westwood_run_serves_its_variables_and_causes(client, worker):
    # the worker stores trace v2's cause column and var_* side table, and the API
    # serves them: a mechanism variable as a series, causes and stages on events
    run = wait_run(client, post_run(client, WESTWOOD_BULK)["runs"][0]["id"])
    assert run["state"] == "succeeded", run["error"]
    rid = run["id"]
    s = client.get(f"{API}/runs/{rid}/series", params={"names": "cwnd,bwe_bytes_per_s"})
    assert s.status_code == 200, s.text
    bwe = s.json()["series"]["bwe_bytes_per_s"]
    assert bwe["unit"] == "bytes/s" and len(bwe["values"]) > 5  # one sample per ~100 ms RTT
    assert max(bwe["values"]) > 500_000  # 20 Mbit/s = 2.5 MB/s at most
    w = client.get(f"{API}/runs/{rid}/trace", params={"kinds": "send,retransmit,drop", "max_points": 100_000}).json()
    sends = [e for e in w["events"] if e["kind"] == "send"]
    assert sends and all(e["cause"] == "new" for e in sends)
    rtx = [e for e in w["events"] if e["kind"] == "retransmit"]
    causes = {c["name"] for c in client.get(f"{API}/mechanisms").json()["vocab"]["causes"]}
    assert rtx and {e["cause"] for e in rtx} <= causes - {"new"}
    drops = [e for e in w["events"] if e["kind"] == "drop"]
    assert drops and {e["stage"] for e in drops} <= {"bernoulli", "queue"}
    # an unknown name is refused, listing the known ones (the catalogue's variables too)
    bad = client.get(f"{API}/runs/{rid}/series", params={"names": "cwnd,bogus"})
    assert bad.status_code == 422 and "bwe_bytes_per_s" in bad.text and "bogus" in bad.text


def test_rerun_names_its_parent_and_the_parent_counts_its_children(client):
    """The drop-and-re-run flow: POST the modified scenario with parent_run_id."""
    base = {"seed": 41, "flows": [{"app": {"kind": "fixed", "segments": 6}}]}
    parent = post_run(client, {"scenario": base})["runs"][0]["id"]
    rule = {"flow": 0, "segment": 2, "transmission": 1, "action": "drop", "delay_ms": 0}
    dropped = {**base, "path": {"forward": {"loss": {"model": "positioned", "rules": [rule]}}}}
    child = post_run(client, {"scenario": dropped, "parent_run_id": parent})["runs"][0]
    assert child["deduplicated"] is False and child["id"] != parent
    got = client.get(f"{API}/runs/{child['id']}").json()
    assert got["parent_run_id"] == parent and got["children"] == 0
    par = client.get(f"{API}/runs/{parent}").json()
    assert par["parent_run_id"] is None and par["children"] == 1
    listed = client.get(f"{API}/runs", params={"parent_run_id": parent}).json()
    assert [i["id"] for i in listed["items"]] == [child["id"]] and listed["items"][0]["parent_run_id"] == parent
    # re-submitting the parent's scenario as a "re-run" of the child finds the
    # parent (deduplicated): its lineage is kept, so no cycle can form
    again = post_run(client, {"scenario": base, "parent_run_id": child["id"]})["runs"][0]
    assert again["id"] == parent and again["deduplicated"] is True
    assert client.get(f"{API}/runs/{parent}").json()["parent_run_id"] is None
    assert client.get(f"{API}/runs/{child['id']}").json()["children"] == 0
    # without the field nothing changes for existing clients
    plain = post_run(client, {"scenario": {**base, "seed": 42}})["runs"][0]["id"]
    assert client.get(f"{API}/runs/{plain}").json()["parent_run_id"] is None


def test_parent_must_exist(client):
    body = {"scenario": {"seed": 43, "flows": [{"app": {"kind": "fixed", "segments": 6}}]}}
    r = client.post(f"{API}/runs", json={**body, "parent_run_id": "00000000-0000-0000-0000-000000000000"})
    assert r.status_code == 422
    (err,) = r.json()["detail"]
    assert err["loc"] == ["body", "parent_run_id"] and "no run has the id" in err["msg"]
    r = client.post(f"{API}/runs", json={**body, "parent_run_id": "not-a-uuid"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "parent_run_id"]
    # nothing was created by the refused request
    assert all(i["seed"] != 43 for i in client.get(f"{API}/runs", params={"limit": 100}).json()["items"])


# one burst of 10 losses on the opportunistic-retransmission paper's testbed (20 Mb/s, U = 50 ms, AW = C x U)
RECOVERY_RUN = {"preset": "adaptive-recovery-utilisation", "variant": "PRR"}


def test_a_run_serves_its_recovery_episodes_typed_from_the_catalogue(client, worker):
    import rexsim

    rid = post_run(client, RECOVERY_RUN)["runs"][0]["id"]
    run = wait_run(client, rid)
    assert run["state"] == "succeeded", run["error"]
    # what the engine gives for the same scenario and seed, field for field (JSON turns pairs into lists)
    engine = rexsim.run(preset_scenario(RECOVERY_RUN["preset"], RECOVERY_RUN["variant"]))
    assert run["episodes"] == [
        [{k: [list(p) for p in v] if isinstance(v, list) else v for k, v in e.items()} for e in f.episodes]
        for f in engine.flows
    ]
    assert len(run["episodes"]) == len(run["metrics"]) == 1
    names = [m["name"] for m in rexsim.catalog()["episode_metrics"]]
    assert run["episodes"][0] and all(list(e) == names for e in run["episodes"][0])
    assert run["metrics"][0]["recovery_periods"] == sum(e["period_end_ns"] is not None for e in run["episodes"][0])
    # the OpenAPI document types each episode with the catalogue's fields (so the generated client does)
    schemas = client.get(f"{API}/openapi.json").json()["components"]["schemas"]
    episode = schemas["RecoveryEpisode"]
    assert list(episode["properties"]) == names
    assert episode["properties"]["utilisation"]["anyOf"][0]["type"] == "number"
    assert episode["properties"]["idle_intervals_ns"]["type"] == "array"


def test_a_run_stored_before_episodes_were_kept_still_loads(client, worker):
    from sqlalchemy import select

    from app.core.db import session_scope
    from app.models import Run

    rid = post_run(client, {**RECOVERY_RUN, "seeds": [77]})["runs"][0]["id"]
    assert wait_run(client, rid)["episodes"]
    with session_scope() as s:  # the result as the service stored it before: flows and summary only
        row = s.execute(select(Run).where(Run.id == rid)).scalar_one()
        row.result = {k: v for k, v in row.result.items() if k != "episodes"}
        s.commit()
    run = client.get(f"{API}/runs/{rid}").json()
    assert run["state"] == "succeeded" and run["episodes"] is None
    assert run["metrics"][0]["recovery_periods"] >= 1  # the totals are in the flow's metrics
    slug = client.post(f"{API}/shares", json={"run_id": rid}).json()["slug"]
    assert client.get(f"{API}/shares/{slug}").json()["payload"]["run"]["episodes"] is None
