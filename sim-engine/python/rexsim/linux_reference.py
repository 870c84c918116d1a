"""What a real Linux 6.18 kernel did in small packetdrill scenarios, and
what the engine does in the same situation.

The kernel figures come from ../shared/linux-reference/README.md (HZ = 250:
timers are whole 4 ms ticks, and a timer of 256 ms or more may fire up to
32 ms late on the timer wheel, up to 256 ms late for 2-16 s).  Each case
builds the engine scenario that reproduces the script's situation (the
script's ACK delays become path delays, the packets the script never
acknowledges are dropped by positioned rules) and measures the same figure.

A case agrees when the engine's figure lies within one kernel tick of the
kernel's, allowing the kernel to be late by its timer-wheel slack:

    kernel - tick - slack  <=  engine  <=  kernel + tick

`modelled=False` marks a behaviour the engine does not model yet; such a
case is still measured and published (with what it needs), never hidden.
`cases()` runs them all; the catalogue publishes the table
(`catalog()["linux_reference"]`) and tests/python/test_linux_reference.py
asserts that every modelled case agrees.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _rexsim
from ._types import LinuxReference, ReferenceCase
from .result import Result

KERNEL = "Linux 6.18"
HZ = 250
TICK_MS = 1000 / HZ
SOURCE = "shared/linux-reference (packetdrill scripts and README)"


def wheel_slack_ms(kernel_ms: float) -> float:
    """How late the kernel's timer wheel may fire a timer of this length."""
    if kernel_ms >= 2000:
        return 256.0
    if kernel_ms >= 256:
        return 32.0
    return 0.0


def linux_tcp(**over: Any) -> dict[str, Any]:
    """The scripts' connection: MSS 1000, IW10, CUBIC, SACK on, timestamps
    off, Linux's RTT estimator (RTO = SRTT + max(4 RTTVAR, 200 ms)) and TLP
    as Linux runs it (RFC 8985), PRR."""
    tcp: dict[str, Any] = {
        "mss": 1000,
        "iw": 10,
        "sack": True,
        "timestamps": False,
        "rtt_profile": "linux",
        "cc": "cubic",
        "timer": "tlp_rfc8985",
        "recovery": "prr",
        "ssthresh_from_cwnd": True,
    }
    tcp.update(over)
    return tcp


def scenario(
    rtt_ms: float,
    segments: int,
    *,
    drop: list[tuple[int, int]] | None = None,
    tcp: dict[str, Any] | None = None,
    receiver: dict[str, Any] | None = None,
    duration_s: float = 20,
) -> dict[str, Any]:
    """One flow of `segments` 1000-byte segments over a symmetric path of
    `rtt_ms` (unlimited rate), dropping (segment, transmission) pairs on the
    forward path; the handshake's RTT sample is `rtt_ms`, as in the scripts."""
    rules = [{"segment": s, "transmission": k} for s, k in drop or []]
    return {
        "duration_s": duration_s,
        "path": {
            "forward": {
                "rate_bps": 0,
                "delay_ms": rtt_ms / 2,
                "loss": {"model": "positioned" if rules else "none", "rules": rules},
            },
            "reverse": {"rate_bps": 0, "delay_ms": rtt_ms / 2},
        },
        "flows": [
            {
                "app": {"kind": "fixed", "bytes": 1000 * segments},
                "tcp": tcp if tcp is not None else linux_tcp(),
                "receiver": receiver or {"ack_policy": "delayed"},
            }
        ],
    }


# ---------------------------------------------------------------- measuring
@dataclass(frozen=True)
class Tx:
    """A data transmission of flow 0: when (ms), what kind, its first byte."""

    t_ms: float
    kind: str
    seq: int


_SENT = ("send", "retransmit", "probe")


def transmissions(r: Result) -> list[Tx]:
    tr = r.trace
    m = np.zeros(len(tr), dtype=bool)
    for k in _SENT:
        m |= tr.mask(k, flow=0)
    names = tr.kind_names()
    return [Tx(float(tr.t_ns[i]) / 1e6, names[i], int(tr.seq[i])) for i in np.flatnonzero(m)]


def acks(r: Result) -> list[float]:
    """Times (ms) the sender received an ACK of data (not the SYN-ACK: ack 0)."""
    tr = r.trace
    m = tr.mask("ack_recv", flow=0) & (tr.seq > 0)
    return [float(t) / 1e6 for t in tr.t_ns[m]]


def rexmits(r: Result) -> list[Tx]:
    return [x for x in transmissions(r) if x.kind != "send"]


def first_send_ms(r: Result) -> float:
    return transmissions(r)[0].t_ms


# ---------------------------------------------------------------- cases
@dataclass(frozen=True)
class Case:
    id: str
    script: str
    behaviour: str
    #: the kernel's figure (ms unless `unit` says otherwise) and what it is
    kernel: float
    unit: str
    #: family -> member of the mechanisms the case exercises
    mechanisms: dict[str, str]
    scenario: dict[str, Any]
    measure: Callable[[Result], float]
    #: a timer's length is compared with the kernel's timer-wheel slack
    timer: bool = True
    modelled: bool = True
    needs: str | None = None

    def tolerance(self) -> tuple[float, float]:
        """(lowest, highest) engine figure that agrees with the kernel's."""
        if self.unit != "ms":
            return (self.kernel, self.kernel)
        slack = wheel_slack_ms(self.kernel) if self.timer else 0.0
        return (self.kernel - TICK_MS - slack, self.kernel + TICK_MS)


NOSACK_1SEG = scenario(100, 1, drop=[(1, k) for k in range(1, 6)], tcp=linux_tcp(sack=False))
SACK_1SEG = scenario(100, 1, drop=[(1, k) for k in range(1, 6)])
# 10 segments; the receiver gets the first two (one delayed ACK covers both,
# 100 ms after the send) and nothing else: the scripts' "ack 2001, then silence"
REARM = [(s, k) for s in range(3, 11) for k in range(1, 4)]


def _gap(i: int, j: int) -> Callable[[Result], float]:
    """ms between retransmissions i and j (0 = the original send)."""

    def f(r: Result) -> float:
        times = [first_send_ms(r)] + [x.t_ms for x in rexmits(r)]
        return times[j] - times[i]

    return f


def _rtx_after_first_ack(r: Result) -> float:
    return rexmits(r)[0].t_ms - acks(r)[0]


def _probe_after_first_ack(r: Result) -> float:
    probe = next(x for x in rexmits(r) if x.kind == "probe")
    return probe.t_ms - acks(r)[0]


def _rto_after_probe(r: Result) -> float:
    rx = rexmits(r)
    i = next(k for k, x in enumerate(rx) if x.kind == "probe")
    return rx[i + 1].t_ms - rx[i].t_ms


TICKS = (
    "the kernel's RTO is a whole number of 4 ms jiffies and backs off in them: the HZ tick option of the fidelity issue"
)

CASES: tuple[Case, ...] = (
    Case(
        "rto-first-nosack",
        "rto-backoff-1seg-nosack.pkt",
        "First RTO of one unacknowledged segment, RTT 100 ms, no SACK (no TLP): RTO = SRTT + max(4 RTTVAR, 200 ms) "
        "(tcpi_rto 304 ms).",
        304,
        "ms",
        {"timer": "tlp_rfc8985"},
        NOSACK_1SEG,
        _gap(0, 1),
        timer=False,  # tcpi_rto: the nominal value, no wheel lateness
    ),
    Case(
        "rto-backoff-2-nosack",
        "rto-backoff-1seg-nosack.pkt",
        "Second RTO: the backed-off timer doubles (tcpi_rto 608 ms).",
        608,
        "ms",
        {"timer": "tlp_rfc8985"},
        NOSACK_1SEG,
        _gap(1, 2),
        timer=False,
        modelled=False,
        needs=TICKS,
    ),
    Case(
        "rto-backoff-3-nosack",
        "rto-backoff-1seg-nosack.pkt",
        "Third RTO (tcpi_rto 1216 ms).",
        1216,
        "ms",
        {"timer": "tlp_rfc8985"},
        NOSACK_1SEG,
        _gap(2, 3),
        timer=False,
        modelled=False,
        needs=TICKS,
    ),
    Case(
        "tlp-1seg-at-rto",
        "rto-backoff-1seg-sack.pkt",
        "One segment outstanding with SACK: the PTO (2 SRTT + 200 ms = 400 ms) is capped at the RTO, so a probe goes "
        "out when the RTO would have (measured +319 ms).",
        319,
        "ms",
        {"timer": "tlp_rfc8985"},
        SACK_1SEG,
        _gap(0, 1),
    ),
    Case(
        "rto-after-1seg-probe",
        "rto-backoff-1seg-sack.pkt",
        "After that probe, the real RTO comes one full RTO later (measured +320 ms).",
        320,
        "ms",
        {"timer": "tlp_rfc8985"},
        SACK_1SEG,
        _gap(1, 2),
    ),
    Case(
        "rto-rearm-on-ack",
        "rto-rearm-on-ack.pkt",
        "TLP off: an ACK that advances snd_una restarts a full RTO from that ACK (RFC 6298 (5.3)); measured "
        "+327 ms after the ACK.",
        327,
        "ms",
        {"timer": "rto"},
        scenario(100, 10, drop=REARM, tcp=linux_tcp(timer="rto")),
        _rtx_after_first_ack,
    ),
    Case(
        "pto-2pkt-rtt100",
        "rto-rearm-after-tlp.pkt",
        "Two or more segments in flight: PTO = 2 SRTT + 2 jiffies after the ACK (measured +207 ms).",
        207,
        "ms",
        {"timer": "tlp_rfc8985"},
        scenario(100, 10, drop=REARM),
        _probe_after_first_ack,
        modelled=False,
        needs="the kernel adds 2 jiffies (8 ms at HZ 250) to the PTO: the HZ tick option of the fidelity issue",
    ),
    Case(
        "rto-after-probe",
        "rto-rearm-after-tlp.pkt",
        "When a probe is sent, the RTO restarts one full RTO after the probe (RFC 8985 §7.3); measured +320 ms.",
        320,
        "ms",
        {"timer": "tlp_rfc8985"},
        scenario(100, 10, drop=REARM),
        _rto_after_probe,
        modelled=False,
        needs="the RTO restarted from the probe (RFC 8985 §7.3): the fidelity issue's first deviation; today the "
        "RTO fires with the probe",
    ),
)


def case_ids() -> list[str]:
    return [c.id for c in CASES]


def run_case(c: Case) -> ReferenceCase:
    """The case as the catalogue publishes it, with the engine's figure."""
    r = Result(_rexsim.run(copy.deepcopy(c.scenario)))
    engine = round(float(c.measure(r)), 3)
    lo, hi = c.tolerance()
    return {
        "id": c.id,
        "script": c.script,
        "behaviour": c.behaviour,
        "unit": c.unit,
        "kernel": c.kernel,
        "engine": engine,
        "low": lo,
        "high": hi,
        "agrees": lo <= engine <= hi,
        "modelled": c.modelled,
        "needs": c.needs,
        "mechanisms": dict(c.mechanisms),
        "scenario": copy.deepcopy(c.scenario),
    }


def table() -> LinuxReference:
    """Every case, run: what the catalogue publishes as linux_reference."""
    return {
        "kernel": KERNEL,
        "hz": HZ,
        "tick_ms": TICK_MS,
        "source": SOURCE,
        "cases": [run_case(c) for c in CASES],
    }
