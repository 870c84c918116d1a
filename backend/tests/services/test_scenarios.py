"""A comparison's seeded templates give exactly the scenario and run key that
normalizing each replication on its own gives (so a sweep's runs deduplicate
against single runs)."""

from __future__ import annotations

import json

import pytest
import rexsim

from app.core.config import Settings
from app.core.errors import ApiError
from app.services import scenarios


def test_a_seeded_template_is_each_seeds_own_scenario_and_key():
    for preset in ("tail-loss-rtt-sweep", "web-objects"):
        norm = rexsim.normalize(rexsim.preset_scenario(preset, None, {}))
        tpl = scenarios.seeded(norm)
        for seed in (0, 1, 2, 41, 10**6, 2**53 - 1):
            own = rexsim.normalize({**norm, "seed": seed})
            assert tpl.canonical(seed) == rexsim.canonical_json(own)
            assert json.loads(tpl.canonical(seed)) == own
            assert tpl.key(seed, rexsim.ENGINE_VERSION) == scenarios.run_key(own, rexsim.ENGINE_VERSION)
        assert tpl.key(1, "other") != tpl.key(1, rexsim.ENGINE_VERSION)  # the engine version is in the key


def test_a_field_holding_the_seed_mark_does_not_confuse_the_split():
    norm = rexsim.normalize(rexsim.preset_scenario("tail-loss-rtt-sweep", None, {}))
    mark = scenarios._SEED_MARKS[0]
    norm["path"]["forward"]["buffer_pkts"] = mark  # not a valid scenario; only the text matters here
    text = rexsim.canonical_json({**norm, "seed": mark})
    assert text.count(str(mark)) == 2  # the first mark is ambiguous here, so seeded() takes the next
    out = scenarios.seeded(norm)
    assert out.canonical(7) == rexsim.canonical_json({**norm, "seed": 7})


def test_table_15s_preset_runs_up_to_the_packet_limit_and_is_refused_past_it():
    """orsb-throughput-large-bdp (Table 15: a 200 s bulk flow, tcp.mss 1463) through the service's packet
    limit (MAX_PACKETS 20,000,000; the worker holds about 150 bytes an event while it encodes, ~2 events a
    packet here: 26.2 M events took 3.9 GB at 400 Mb/s).  Packets at 1463 + 40 = 1503 bytes, x 2:
    400 Mb/s: 400e6 x 200 / 8 / 1503 = 6,653,359 -> 13,306,718, accepted;
    1 Gb/s: 1e9 x 200 / 8 / 1503 = 16,633,399 -> 33,266,798, refused naming duration_s and the limit."""
    settings = Settings()
    assert settings.MAX_PACKETS == 20_000_000
    variant = "Optimized (Optimal) BARR"
    at_400 = rexsim.preset_scenario("orsb-throughput-large-bdp", variant, {"path.forward.rate_bps": 400e6})
    norm = scenarios.normalize(at_400, [], settings)
    assert scenarios.implied_packets(norm) == 13_306_718
    at_1g = rexsim.preset_scenario("orsb-throughput-large-bdp", variant, {"path.forward.rate_bps": 1e9})
    assert scenarios.implied_packets(rexsim.normalize(at_1g)) == 33_266_798
    with pytest.raises(ApiError) as e:
        scenarios.normalize(at_1g, [], settings)
    (err,) = e.value.detail
    assert err["loc"] == ["body", "scenario", "duration_s"]
    assert "implies about 33,266,798 packets; the limit is 20,000,000" in err["msg"]
