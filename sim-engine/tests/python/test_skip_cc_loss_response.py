"""QARR's and BARR's skip_cc_loss_response switch (issue #11; castate.c member_skips_cc, rec_qarr.c
interpretation 9, rec_barr.c interpretation 8): at a fast recovery ssthresh = cwnd (β = 1, the
opportunistic-retransmission paper's §V.C) instead of congestion control's, and the end of the reduction
is not signalled to congestion control.

The run is test_recovery_metrics.py's single loss (segment 3 dropped; iw 20, MSS 1000, rwnd 20 segments,
quick ACKs, 8.32 Mb/s, 10 ms each way).  As derived there: the third duplicate ACK (segment 6's) arrives at
T0 + 25 ms and starts recovery with FlightSize 20 segments (limited-transmit data excluded).  cwnd is then
22,000 bytes: iw 20 segments plus one per cumulative ACK in slow start (segments 1 and 2; duplicate ACKs do
not grow it).  Recovery ends at T0 + 46 ms, when the retransmission's cumulative ACK returns."""

from __future__ import annotations

import pytest
import rexsim
from test_recovery_metrics import T0_NS, scenario


def entry_and_exit(cc: str, recovery: str, skip: bool | None) -> list[tuple[int, int, int]]:
    """(ms after T0, cwnd, ssthresh) at the state events that enter and leave Recovery."""
    sc = scenario(recovery)
    sc["flows"][0]["tcp"]["cc"] = cc
    if skip is not None:
        sc["flows"][0]["tcp"]["recovery_params"] = {recovery: {"skip_cc_loss_response": skip}}
    res = rexsim.run(sc)
    c = res.trace.columns
    kinds = {e["name"]: e["id"] for e in rexsim.catalog()["vocab"]["events"]}
    states = {e["name"]: e["id"] for e in rexsim.catalog()["vocab"]["states"]}
    out = []
    for i in range(len(c["kind"])):
        if c["kind"][i] != kinds["state"]:
            continue
        entering = int(c["state"][i]) == states["recovery"]
        leaving = int(c["arg"][i]) == states["recovery"]
        if entering or leaving:
            out.append(((int(c["t_ns"][i]) - T0_NS) // 1_000_000, int(c["cwnd_bytes"][i]), int(c["ssthresh_bytes"][i])))
    return out


@pytest.mark.parametrize(
    ("cc", "cc_ssthresh"),
    [
        ("reno", 10_000),  # RFC 5681 eq. (4): FlightSize / 2 = 20,000 / 2
        ("cubic", 15_400),  # RFC 9438 §4.6: cwnd x 0.7 = 22,000 x 0.7
        ("westwood", 10_000),  # no bandwidth estimate yet (less than an SRTT of ACKs): Reno's rule
    ],
)
def test_qarr_ssthresh_is_cwnd_with_the_switch(cc: str, cc_ssthresh: int) -> None:
    """Off: congestion control's ssthresh at 25 ms.  On (QARR's default since rec_qarr.c interpretation 12, the
    same as not naming the parameter): ssthresh = cwnd at the loss, 22,000.  QARR's window W stays 22,000 to
    the end either way (eq. 2 is not touched by the switch; in this run no ACK's queue estimate passes QT).
    On exit cwnd = W, except
    that Westwood, switch off, is told the reduction ended and sets cwnd = ssthresh = 10,000 (its
    RX_CC_EV_COMPLETE_CWR response); with the switch on it is not told, and cwnd stays W = 22,000."""
    default = entry_and_exit(cc, "qarr", None)
    off = entry_and_exit(cc, "qarr", False)
    on = entry_and_exit(cc, "qarr", True)
    assert default == on
    exit_off = 10_000 if cc == "westwood" else 22_000
    assert off == [(25, 22_000, cc_ssthresh), (46, exit_off, cc_ssthresh)]
    assert on == [(25, 22_000, 22_000), (46, 22_000, 22_000)]


def test_barr_ssthresh_is_cwnd_with_the_switch() -> None:
    """BARR the same way, with CUBIC: ssthresh 15,400 off, 22,000 on; its W = B x RTT on the last ACK
    (19,090 bytes in this run, the same both ways: eqs. 3-4 do not read ssthresh) is the exit cwnd."""
    off = entry_and_exit("cubic", "barr", False)
    on = entry_and_exit("cubic", "barr", True)
    assert off == [(25, 22_000, 15_400), (46, 19_090, 15_400)]
    assert on == [(25, 22_000, 22_000), (46, 19_090, 22_000)]


def test_the_switch_is_a_catalogued_bool() -> None:
    cat = rexsim.catalog()
    for name in ("qarr", "barr"):
        (member,) = [m for m in cat["mechanisms"]["recovery"] if m["name"] == name]
        (p,) = [p for p in member["params"] if p["key"] == "skip_cc_loss_response"]
        assert p["type"] == "bool"
        # QARR on (rec_qarr.c interpretation 12: β = 1 with eq. 2 once per round trip), BARR off
        assert p["default"] is (name == "qarr")
        assert "§V.C" in p["doc"] and "§VII.C" in p["doc"]
        sc = scenario(name)
        sc["flows"][0]["tcp"]["recovery_params"] = {name: {"skip_cc_loss_response": 1}}
        with pytest.raises(rexsim.ScenarioError, match="must be true or false"):
            rexsim.run(sc)
