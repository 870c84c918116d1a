"""The claims of Sarolahti, Kojo and Raatikainen, "F-RTO: An Enhanced Recovery
Algorithm for TCP Retransmission Timeouts" (shared/papers/f-rto.md), §5.2,
over the replications of the presets frto-sudden-delays, frto-random-loss and
frto-bursty-losses (rexsim.presets, the paper's Tables 1-3).

Every preset runs its 30 replications (seeds 1-30, as a comparison does) per
variant and grid cell, once for the module (a few seconds in all).  "Time" is
the flow's fct_ms, from the SYN to the delivery of the last byte (the paper's:
from the SYN to the ACK of the FIN at the sender, about one one-way delay
more).

How the comparisons are measured: `diff_ci` is the difference of two
variants' means with its 95 % confidence interval (Welch, normal
approximation: 1.96 standard errors; the replications of two variants are
independent runs).  "Performs like" (Tables 2 and 3: "the performance of
F-RTO is not different from the performance achieved with the conventional RTO
recovery") means: the means differ by at most 5 % of the conventional
recovery's mean AND the 95 % CI of the difference contains 0.  Where the
engine does not show what the paper says, the test pins what the engine does
and says why (the preset's description gives the numbers side by side).
"""

from __future__ import annotations

import math
import statistics

import pytest
import rexsim
from rexsim.presets import PRESETS

SACK, NEWRENO = (
    ("Regular SACK", "F-RTO SACK", "Eifel SACK"),
    (
        "Regular NewReno",
        "F-RTO NewReno",
        "Eifel NewReno",
    ),
)
PAIRS = [SACK, NEWRENO]  # (conventional, F-RTO, Eifel) with the same loss recovery
LOSS_RATES = PRESETS["frto-random-loss"]["grid"]["path.*.loss.p"]


def _runs(name: str, cell: dict[str, object] | None = None) -> dict[str, list[dict[str, float]]]:
    p = PRESETS[name]
    out: dict[str, list[dict[str, float]]] = {}
    for variant in p["variants"]:
        rows = []
        for r in range(p["replications"]):
            sc = rexsim.preset_scenario(name, variant, {**(cell or {}), "seed": 1 + r, "trace": "none"})
            res = rexsim.run(sc)
            assert res.invariant_violations == 0 and not res.truncated, (name, variant, r)
            m = res.flows[0].metrics
            assert m["completed"], (name, variant, r)
            rows.append(m)
        out[variant] = rows
    return out


@pytest.fixture(scope="module")
def delays():
    return _runs("frto-sudden-delays")


@pytest.fixture(scope="module")
def losses():
    return {p: _runs("frto-random-loss", {"path.*.loss.p": p}) for p in LOSS_RATES}


@pytest.fixture(scope="module")
def outages():
    return _runs("frto-bursty-losses")


def col(rows, metric):
    return [float(m[metric]) for m in rows]


def mean(rows, metric):
    return statistics.fmean(col(rows, metric))


def median(rows, metric):
    return statistics.median(col(rows, metric))


def diff_ci(a_rows, b_rows, metric):
    """mean(a) - mean(b) and the half-width of its 95 % CI (Welch, normal)."""
    a, b = col(a_rows, metric), col(b_rows, metric)
    se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return statistics.fmean(a) - statistics.fmean(b), 1.96 * se


def performs_like(rows, ref_rows, metric="fct_ms", within=0.05):
    d, h = diff_ci(rows, ref_rows, metric)
    return abs(d) <= within * mean(ref_rows, metric) and abs(d) <= h


def test_the_presets_are_the_papers_setup():
    """§5.1: 28.8 kb/s, 200 ms, a 7-packet router buffer, 1776-byte link
    buffers in both directions, MSS 256, 100 KB, 30 replications, six variants."""
    for name in ("frto-sudden-delays", "frto-random-loss", "frto-bursty-losses"):
        p = PRESETS[name]
        assert p["replications"] == 30 and len(p["variants"]) == 6
        sc = p["scenario"]
        for d in ("forward", "reverse"):
            assert {k: sc["path"][d][k] for k in ("rate_bps", "delay_ms", "buffer_pkts", "link_buffer_bytes")} == {
                "rate_bps": 28800,
                "delay_ms": 200,
                "buffer_pkts": 7,
                "link_buffer_bytes": 1776,
            }
        (flow,) = sc["flows"]
        assert flow["tcp"]["mss"] == 256 and flow["app"] == {"kind": "fixed", "bytes": 102400}
    assert LOSS_RATES == [0.02, 0.05, 0.1]


# ------------------------------------------------------------ Table 1
@pytest.mark.parametrize("pair", PAIRS, ids=["SACK", "NewReno"])
def test_table1_frto_far_fewer_unnecessary_retransmissions(delays, pair):
    """§5.2, sudden delays: "The number of unnecessary retransmissions with
    the F-RTO algorithm is considerably smaller than with the conventional RTO
    recovery algorithm" (Table 1: 12-13 retransmissions against 57-60).
    Engine: F-RTO's mean unnecessary retransmissions are at most a third of
    the conventional recovery's (medians 12.5-13.5 against 41.5-63.5), the
    95 % CI of the difference lies below 0, and its median retransmissions
    are at most half the conventional recovery's (19-25.5 against 56-74.5)."""
    regular, frto, _ = pair
    d, h = diff_ci(delays[frto], delays[regular], "unnecessary_retransmissions")
    assert d + h < 0, (d, h)
    assert mean(delays[frto], "unnecessary_retransmissions") <= mean(delays[regular], "unnecessary_retransmissions") / 3
    assert median(delays[frto], "retransmissions") <= median(delays[regular], "retransmissions") / 2
    # the spurious RTOs are what F-RTO detects: at least one in most runs
    assert median(delays[frto], "spurious_rtos_detected") >= 1


@pytest.mark.parametrize("pair", PAIRS, ids=["SACK", "NewReno"])
def test_table1_frto_finishes_sooner_but_within_the_noise(delays, pair):
    """§5.2: "using F-RTO improves performance over the conventional RTO
    recovery both with the SACK TCP and with the NewReno TCP" (Table 1:
    94.13 -> 76.23 s with SACK, 90.72 -> 75.18 s with NewReno, about -18 %).
    Engine: F-RTO's median and mean times are lower (by 13-15 % in the median,
    about 9 % in the mean), but the difference of the means is within its
    95 % CI of 0 over 30 replications: pinned.  (F-RTO responds as the
    paper's, tcp.spurious_response halve; Eifel reverts.)"""
    regular, frto, _ = pair
    assert median(delays[frto], "fct_ms") < median(delays[regular], "fct_ms")
    assert mean(delays[frto], "fct_ms") < mean(delays[regular], "fct_ms")
    d, h = diff_ci(delays[frto], delays[regular], "fct_ms")
    assert d < 0 < d + h, (d, h)  # a gain, not significant at 95 % (the paper's is larger)


@pytest.mark.parametrize("pair", PAIRS, ids=["SACK", "NewReno"])
def test_table1_eifel_loses_more_than_frto(delays, pair):
    """§5.2: "The Eifel TCP avoids most of the unnecessary retransmissions
    similarly to the F-RTO algorithm. However, the Eifel sender reverts the
    congestion control parameters ... Hence, Eifel typically has more packet
    losses due to congestion than F-RTO, resulting in a slightly lower
    throughput than F-RTO" (Table 1: 11 lost against 4 and 6; 77.94 / 79.21 s
    against 76.23 / 75.18 s).
    Engine: Eifel avoids most unnecessary retransmissions (at most a third of
    the conventional recovery's) and loses more packets than F-RTO (the 95 %
    CI of the mean difference lies above 0); its time is not distinguishable
    from F-RTO's (CI contains 0): pinned."""
    regular, frto, eifel = pair
    assert (
        mean(delays[eifel], "unnecessary_retransmissions") <= mean(delays[regular], "unnecessary_retransmissions") / 3
    )
    d, h = diff_ci(delays[eifel], delays[frto], "drops")
    assert d - h > 0, (d, h)
    dt, ht = diff_ci(delays[eifel], delays[frto], "fct_ms")
    assert abs(dt) <= ht, (dt, ht)


# ------------------------------------------------------------ Table 2
@pytest.mark.parametrize("p", LOSS_RATES)
@pytest.mark.parametrize("pair", PAIRS, ids=["SACK", "NewReno"])
def test_table2_frto_performs_like_conventional_recovery(losses, p, pair):
    """§5.2, packet losses: "the performance of F-RTO is not different from
    the performance achieved with the conventional RTO recovery, regardless of
    whether SACK or NewReno TCP is used" (Table 2 at 5 %: 75.69 vs 76.18 s,
    81.67 vs 82.38 s).  Engine: mean times within 5 % (in fact within 1 %)
    and the 95 % CI of the difference contains 0, at 2, 5 and 10 %; the
    retransmission counts within 10 % (Table 2: "similar with all TCP
    variants")."""
    regular, frto, _ = pair
    runs = losses[p]
    assert performs_like(runs[frto], runs[regular]), diff_ci(runs[frto], runs[regular], "fct_ms")
    assert abs(mean(runs[frto], "retransmissions") - mean(runs[regular], "retransmissions")) <= 0.1 * mean(
        runs[regular], "retransmissions"
    )
    # the timeouts here are genuine: F-RTO finds none of them spurious
    assert sum(col(runs[frto], "spurious_rtos_detected")) == 0


def test_table2_sack_beats_newreno(losses):
    """§5.2: "As expected, the SACK TCP improves the performance over the
    NewReno TCP, since there are often multiple packet losses in one
    round-trip time".  Engine: the conventional SACK sender's mean time is
    below NewReno's at every loss rate, and the gap grows with the loss rate
    (most at 10 %, about 12 %)."""
    gaps = []
    for p in LOSS_RATES:
        runs = losses[p]
        gaps.append(mean(runs["Regular NewReno"], "fct_ms") / mean(runs["Regular SACK"], "fct_ms") - 1)
    assert all(g > 0 for g in gaps), gaps
    assert gaps == sorted(gaps), gaps


# ------------------------------------------------------------ Table 3
@pytest.mark.parametrize("pair", PAIRS, ids=["SACK", "NewReno"])
def test_table3_frto_performs_like_conventional_recovery(outages, pair):
    """§5.2, bursty losses: "the TCP performance with F-RTO does not differ
    significantly from the performance with the conventional RTO recovery when
    there are link outages" (Table 3: 64.94 vs 71.23 s, 67.80 vs 74.48 s).
    Engine: within 5 % and the 95 % CI of the difference contains 0."""
    regular, frto, _ = pair
    assert performs_like(outages[frto], outages[regular]), diff_ci(outages[frto], outages[regular], "fct_ms")


def test_table3_eifel_with_sack_is_not_slower_in_the_engine(outages):
    """§5.2: "Eifel TCP gives a clearly worse throughput than the conventional
    TCP when SACK TCP is used" (Table 3: 123.89 against 71.23 s), because the
    ACK of a needless retransmission (its original's ACK lost in the outage)
    echoed "a timestamp of an earlier data segment" (footnote 3) and Eifel
    declared the RTO spurious.  Engine: differs, pinned.  Its receiver takes
    TS.Recent from every segment at or below Last.ACK.sent (RFC 7323 §4.3,
    receiver.c), so that ACK echoes the retransmission's own timestamp -- the
    behaviour of the paper's footnote 4, which "would have avoided the
    problem" -- and with SACK the ACK also carries a D-SACK block, which
    RFC 3522 §3.2 step 5 reads as not spurious.  Eifel declares no RTO
    spurious in any of the 30 outage runs; Eifel SACK performs like Regular
    SACK."""
    for eifel in ("Eifel SACK", "Eifel NewReno"):
        assert sum(col(outages[eifel], "spurious_rtos_detected")) == 0, eifel
    assert performs_like(outages["Eifel SACK"], outages["Regular SACK"]), diff_ci(
        outages["Eifel SACK"], outages["Regular SACK"], "fct_ms"
    )
