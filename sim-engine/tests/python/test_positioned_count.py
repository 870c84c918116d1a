"""A positioned rule over consecutive segments (path.<dir>.loss.rules[].count,
src/path/stage_positioned.c): the opportunistic-retransmission paper's bursts
of consecutive losses (§IV.B) as one rule whose size a comparison grid can
vary.  Each case is derived by hand on one 20-segment object, MSS 1000, IW 10,
both directions 50 ms with unlimited rate, quick ACKs, no handshake: segment
k is [1000 (k - 1), 1000 k)."""

from __future__ import annotations

import numpy as np
import pytest
import rexsim


def scenario(fwd_rules: list[dict], rev_rules: list[dict] | None = None) -> dict:
    return {
        "seed": 1,
        "duration_s": 30,
        "path": {
            "forward": {"rate_bps": 0, "delay_ms": 50, "loss": {"model": "positioned", "rules": fwd_rules}},
            "reverse": {
                "rate_bps": 0,
                "delay_ms": 50,
                "loss": {"model": "positioned", "rules": rev_rules or []},
            },
        },
        "flows": [
            {
                "app": {"kind": "fixed", "segments": 20},
                "tcp": {"mss": 1000, "iw": 10, "handshake": False, "timestamps": False, "cc": "reno"},
                "receiver": {"ack_policy": "quick"},
            }
        ],
    }


def drops(res: rexsim.Result) -> list[tuple[int, int]]:
    return [(e["t_ns"], e["seq"]) for e in res.trace if e["kind"] == "drop"]


def test_count_drops_consecutive_segments_like_one_rule_each() -> None:
    """segment 4, count 3: the first transmissions of segments 4, 5 and 6
    (bytes 3000, 4000, 5000), all sent at t = 0 in the initial window, are
    dropped as they enter the path; the run is the one with three rules."""
    one = rexsim.run(scenario([{"segment": 4, "count": 3}]))
    three = rexsim.run(scenario([{"segment": s} for s in (4, 5, 6)]))
    assert drops(one) == [(0, 3000), (0, 4000), (0, 5000)]
    for col in ("t_ns", "kind", "seq", "arg", "cwnd_bytes"):
        assert np.array_equal(getattr(one.trace, col), getattr(three.trace, col)), col
    assert one.flows[0].metrics["completed"]


def test_count_acts_on_the_chosen_transmission_only() -> None:
    """transmission 2, count 2: the first retransmissions of segments 4 and 5
    are dropped, not their originals (which a first rule drops), so each is
    lost twice; nothing else is dropped."""
    res = rexsim.run(scenario([{"segment": 4, "count": 2}, {"segment": 4, "count": 2, "transmission": 2}]))
    seqs = [seq for _, seq in drops(res)]
    assert sorted(seqs) == [3000, 3000, 4000, 4000]
    assert res.flows[0].metrics["completed"]


def test_count_on_the_reverse_path_drops_consecutive_acks() -> None:
    """Reverse, segment 2, count 3: the receiver's 2nd, 3rd and 4th ACKs (of
    segments 2, 3, 4, each sent at t = 50 ms as the segments arrive, ack
    2000, 3000, 4000) are dropped; the 5th (ack 5000) covers them."""
    res = rexsim.run(scenario([], [{"segment": 2, "count": 3}]))
    ms = 1_000_000
    assert drops(res) == [(50 * ms, 2000), (50 * ms, 3000), (50 * ms, 4000)]


@pytest.mark.parametrize("count", [0, -1])
def test_count_below_one_is_refused(count: int) -> None:
    with pytest.raises(rexsim.ScenarioError, match=r"path\.forward\.loss\.rules\[0\]\.count"):
        rexsim.run(scenario([{"segment": 4, "count": count}]))
