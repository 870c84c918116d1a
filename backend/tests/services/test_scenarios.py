"""A comparison's seeded templates give exactly the scenario and run key that
normalizing each replication on its own gives (so a sweep's runs deduplicate
against single runs)."""

from __future__ import annotations

import json

import rexsim

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
