"""The spurious-timeout tests' scenario (tests/python/test_spurious_*.py):
one delay spike longer than the RTO on a flow with an open window, or the
same window really lost.  The derivation of the common part is in
test_spurious_frto.py's docstring."""

from __future__ import annotations

import copy
from typing import Any

from rexsim import _rexsim
from rexsim import linux_reference as L
from rexsim.result import Result

Drop = int | tuple[int, ...] | None


def scenario(detector: str | None, variant: str, *, genuine: bool, drop: Drop = None) -> dict[str, Any]:
    """`drop`: the spike also drops the original of this segment (1-based), or of these segments, instead
    of delaying it."""
    dropped = (drop,) if isinstance(drop, int) else drop or ()
    if genuine:
        rules: list[dict[str, Any]] = [{"segment": s, "transmission": 1} for s in range(1, 11)]
    else:
        rules = [
            {"segment": s, "transmission": 1}
            if s in dropped
            else {"segment": s, "transmission": 1, "action": "delay", "delay_ms": 1000}
            for s in range(1, 11)
        ]
        rules.append({"segment": 1, "transmission": 2, "action": "delay", "delay_ms": 60})
    tcp: dict[str, Any] = {
        "mss": 1000,
        "iw": 10,
        "sack": variant != "basic",
        "timestamps": False,
        "handshake": True,
        "rtt_profile": "rfc6298",
        "cc": "reno",
        "timer": "rto",
        "spurious": [detector] if detector else [],
        "frto_variant": variant if variant in ("basic", "sack", "linux") else "auto",
    }
    return {
        "duration_s": 10,
        "path": {
            "forward": {"rate_bps": 0, "delay_ms": 50, "loss": {"model": "positioned", "rules": rules}},
            "reverse": {"rate_bps": 0, "delay_ms": 50},
        },
        "flows": [{"app": {"kind": "fixed", "bytes": 20000}, "tcp": tcp, "receiver": {"ack_policy": "quick"}}],
    }


def run(detector: str | None, variant: str, *, genuine: bool = False, drop: Drop = None, **tcp: Any) -> Result:
    sc = copy.deepcopy(scenario(detector, variant, genuine=genuine, drop=drop))
    sc["flows"][0]["tcp"].update(tcp)
    return Result(_rexsim.run(sc))


def tx(r: Result, until_ms: float) -> list[tuple[float, str, int]]:
    return [(round(x.t_ms, 3), x.kind, x.seq) for x in L.transmissions(r) if 1100 <= x.t_ms <= until_ms]


def states(r: Result) -> list[tuple[float, str]]:
    return [(round(t, 3), s) for t, s in L.states(r) if t >= 1100]


def metric(r: Result, name: str) -> int:
    v = r.flows[0].metrics[name]
    assert isinstance(v, int)
    return v


#: what a spurious event says, beside its time: (t_ms, detector, rule, response, ack,
#: cwnd and ssthresh before the response, cwnd and ssthresh after it, the state after it)
SpuriousEvent = tuple[float, str, str, str, int, int, int | None, int, int | None, str]


def spurious_events(r: Result) -> list[SpuriousEvent]:
    """Every spurious event of the trace (the core's one undo path writes one per verdict)."""
    out: list[SpuriousEvent] = []
    for e in r.trace:
        if e["kind"] != "spurious":
            continue
        old_cwnd, cwnd = e["old_cwnd_bytes"], e["cwnd_bytes"]
        assert isinstance(old_cwnd, int) and isinstance(cwnd, int) and isinstance(e["t_ns"], int)
        old_ss, ss, ack = e["old_ssthresh_bytes"], e["ssthresh_bytes"], e["ack"]
        assert (old_ss is None or isinstance(old_ss, int)) and (ss is None or isinstance(ss, int))
        assert isinstance(ack, int)
        out.append(
            (
                round(e["t_ns"] / 1e6, 3),
                str(e["detector"]),
                str(e["rule"]),
                str(e["response"]),
                ack,
                old_cwnd,
                old_ss,
                cwnd,
                ss,
                str(e["state"]),
            )
        )
    return out
