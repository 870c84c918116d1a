"""The papers' experiments as presets (rexsim.presets): each is complete,
every variant and grid point runs cleanly, and the §3.1 preset reproduces
the paper's ordering."""

from __future__ import annotations

import itertools

import pytest
import rexsim
from rexsim.presets import PRESETS, TIMER_VARIANTS

# runs are fast (the heaviest preset, 44 flows over 80 simulated seconds,
# takes tens of milliseconds), so no duration is shortened here -- except the
# mobile-recovery paper's throughput presets (orsb-throughput-*): 200 s bulk
# flows at 20 Mb/s to 1 Gb/s, 0.1-10 s of engine time each, over grids of up to
# 48 cells.  Here each bulk writer stops after WRITE_S seconds and the run
# lasts SHORT_S (time for the flow to complete, RTO backoffs at its end
# included): what these tests check
# -- the scenario and every grid point are valid, run without an invariant
# violation and complete -- does not need the paper's 200 s, which
# test_orsb_throughput_claims.py runs.
VARIANT_CASES = [(name, v) for name, p in PRESETS.items() for v in p["variants"]]
WRITE_S, SHORT_S = 5, 60


def _scenario(name, variant, point=None):
    sc = rexsim.preset_scenario(name, variant, point)
    if name.startswith("orsb-throughput"):
        sc = rexsim.apply_overrides(sc, {"duration_s": SHORT_S, "flows[*].app.duration_s": WRITE_S})
    return sc


def test_presets_are_complete():
    assert rexsim.presets() is PRESETS
    assert {"tail-loss-rtt-sweep", "tail-loss-n-degree", "realistic-tail-loss", "web-objects"} <= set(PRESETS)
    for name, p in PRESETS.items():
        for field in (
            "title",
            "paper",
            "section",
            "figure",
            "citation",
            "description",
            "scenario",
            "variants",
            "baseline_variant",
            "grid",
            "replications",
        ):
            assert field in p, (name, field)
        assert p["baseline_variant"] in p["variants"], name
        assert p["replications"] >= 1
        assert p["section"] in p["citation"] and p["figure"] in p["citation"], name


@pytest.mark.parametrize("name,variant", VARIANT_CASES, ids=[f"{n}:{v}" for n, v in VARIANT_CASES])
def test_every_preset_variant_runs_cleanly(name, variant):
    sc = _scenario(name, variant)
    res = rexsim.run(sc)
    assert res.invariant_violations == 0
    assert not res.truncated, res.truncated_reason
    fg = set(PRESETS[name].get("foreground_flows", range(len(sc["flows"]))))
    base = PRESETS[name]["scenario"]["flows"]
    overrides = PRESETS[name]["variants"][variant]
    if variant in TIMER_VARIANTS:
        # the variant's timer is the one the flows under test (the foreground
        # flows where the preset names them, else every flow) run; the others
        # keep the base scenario's
        (timer,) = set(overrides.values())
        assert timer == TIMER_VARIANTS[variant]["flows[*].tcp.timer"]
        for i, f in enumerate(sc["flows"]):
            assert f["tcp"]["timer"] == (timer if i in fg else base[i]["tcp"]["timer"]), (i, f["tcp"])
    else:  # a profile: every flow carries each of its settings, and the path its path settings
        for key, value in overrides.items():
            if not key.startswith("flows[*]."):
                node = sc
                for part in key.split("."):
                    node = node[part]
                assert node == value, key
                continue
            section, field = key.removeprefix("flows[*].").split(".", 1)
            assert all(f[section][field] == value for f in sc["flows"]), key
    # flows under test finish
    for i in fg:
        assert res.flows[i].metrics["completed"], (name, variant, i)
    # the preset is not mutated by building a variant
    assert PRESETS[name]["scenario"]["flows"][0]["tcp"]["timer"] == "rto"


def _grid_points(name):
    grid = PRESETS[name]["grid"]
    keys = list(grid)
    for values in itertools.product(*(grid[k] for k in keys)):
        yield dict(zip(keys, values, strict=False))


GRID_CASES = [(n, g) for n in PRESETS for g in _grid_points(n)]


@pytest.mark.parametrize("name,point", GRID_CASES, ids=[f"{n}:{p}" for n, p in GRID_CASES])
def test_every_grid_point_runs_under_every_timer(name, point):
    for variant in PRESETS[name]["variants"]:
        res = rexsim.run(_scenario(name, variant, point))
        assert res.invariant_violations == 0, (name, variant, point)
        assert not res.truncated, (name, variant, point, res.truncated_reason)


@pytest.mark.parametrize("name", ["tail-loss-rtt-sweep", "tail-loss-n-degree"])
@pytest.mark.parametrize("ack", ["delayed", "quick"])
def test_section_3_1_ordering_one_tail_loss_rtt_80(name, ack):
    """§3.1 (Fig. 1 / Fig. 2 at n = 1): with one tail loss at RTT 80 ms
    (the presets' 40 ms each way) RTOR beats the baseline and TLPR is never
    behind TLP (§2.1: RTOR counts the RTO from the lost segment's
    transmission, not from the last ACK; §2.3: TLPR likewise for the PTO).
    With delayed ACKs TLPR beats TLP; with quick ACKs both probes are capped
    at the RTO Linux 3.17 re-arms from the lost segment's transmission
    (src/timers/tmr_tlp.c), RTOR's moment: all three tie, 80 ms (one RTT)
    below the baseline."""
    over = {"path.forward.loss.count": 1, "flows[*].receiver.ack_policy": ack}
    sc = rexsim.preset_scenario(name, None, over)
    assert sc["path"]["forward"]["delay_ms"] + sc["path"]["reverse"]["delay_ms"] == 80
    fct = {}
    for variant in ("baseline", "RTOR", "TLP", "TLPR"):
        res = rexsim.run(rexsim.preset_scenario(name, variant, over))
        assert res.invariant_violations == 0
        m = res.flows[0].metrics
        assert m["completed"] and m["drops"] == 1, m
        fct[variant] = m["fct_ms"]
    assert fct["baseline"] > fct["RTOR"], fct
    assert fct["TLP"] >= fct["TLPR"], fct
    if ack == "delayed":
        # Fig. 1 top, RTT 80: with delayed ACKs the PTO (eq. 1, several
        # segments outstanding when the last immediate ACK arrives) fires
        # well before the RTO.
        assert fct["TLP"] > fct["TLPR"], fct
        assert fct["TLP"] < fct["baseline"] and fct["TLPR"] < fct["baseline"], fct
    else:
        # quick ACKs: the data leaves at 80 ms (after the handshake), the
        # ACKs of 1-9 arrive at 160; eq. 2 gives PTO = 320 ms after them,
        # capped at the RTO re-armed from segment 10's transmission, 80 +
        # (SRTT + 200 ms = 280) = 360: the probe is delivered at 400 = FCT,
        # RTOR's; the baseline's RTO runs from the last ACK: 160 + 280 + 40
        # = 480 ms
        assert fct["TLP"] == fct["TLPR"] == fct["RTOR"] == 400, fct
        assert fct["baseline"] == 480, fct


def test_preset_scenario_errors():
    with pytest.raises(KeyError, match="no-such"):
        rexsim.preset_scenario("no-such")
    with pytest.raises(KeyError, match="NOPE"):
        rexsim.preset_scenario("web-objects", "NOPE")


def test_overrides_apply_after_the_variant():
    sc = rexsim.preset_scenario("tail-loss-rtt-sweep", "TLP", {"flows[*].tcp.timer": "rtor", "path.*.delay_ms": 5})
    assert sc["flows"][0]["tcp"]["timer"] == "rtor"
    assert sc["path"]["forward"]["delay_ms"] == sc["path"]["reverse"]["delay_ms"] == 5
