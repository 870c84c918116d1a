"""The catalogue's names for people and its starting points: every parameter
(a member's own too) has a label and says which of its values mean something
else than their number; the profiles (engine defaults, the tail-loss paper's
Linux 3.17, Linux 6) and the suggested Gilbert-Elliott values are scenario
settings the engine accepts, taken from the presets they describe."""

from __future__ import annotations

from typing import Any

import pytest
import rexsim
from rexsim.presets import LINUX_6_OVERRIDES, LINUX_317, LINUX_317_OVERRIDES, PAPER_GE_LOSS, PRESETS, ge_mean_loss

CAT = rexsim.catalog()


def _all_params() -> list[dict[str, Any]]:
    members = [p for f in CAT["families"] for m in f["members"] for p in m["params"]]
    return [*CAT["parameters"], *members]


@pytest.mark.parametrize("p", _all_params(), ids=lambda p: p["path"])
def test_every_parameter_has_a_label_and_valid_special_values(p: dict[str, Any]) -> None:
    assert isinstance(p["label"], str) and 2 <= len(p["label"]) <= 48, p["path"]
    # a label, not the bare key: "p" alone is what the dashboard showed before
    assert p["label"] != p["key"], p["path"]
    assert isinstance(p["special"], list)
    for s in p["special"]:
        assert p["type"] in ("int", "float"), p["path"]
        assert p["min"] <= s["value"] <= p["max"], (p["path"], s)
        assert isinstance(s["label"], str) and s["label"], (p["path"], s)
        if p["type"] == "int":
            assert isinstance(s["value"], int) and not isinstance(s["value"], bool)


def test_every_container_has_a_label() -> None:
    for c in CAT["containers"]:
        assert isinstance(c["label"], str) and len(c["label"]) >= 2, c["path"]


def test_sentinels_the_docs_describe_are_published() -> None:
    by_path = {p["path"]: p for p in CAT["parameters"]}
    # the doc says what -1 and 0 mean; the catalogue says it as data
    assert [s["value"] for s in by_path["flows[].tcp.min_rto_ms"]["special"]] == [-1]
    assert "1000 ms" in by_path["flows[].tcp.min_rto_ms"]["special"][0]["label"]
    assert [s["value"] for s in by_path["path.{forward,reverse}.rate_bps"]["special"]] == [0]
    assert [s["value"] for s in by_path["flows[].tcp.hz"]["special"]] == [0]
    assert by_path["flows[].tcp.mss"]["special"] == []
    # a family's choosing key is labelled as the family
    fams = {f["key"]: f["label"] for f in CAT["families"] if f["key"]}
    for key, label in fams.items():
        assert by_path[f"flows[].{key}"]["label"] == label


def test_gilbert_elliott_labels_say_what_p_and_r_are() -> None:
    ge = next(
        m for f in CAT["families"] if f["name"] == "stage" for m in f["members"] if m["name"] == "gilbert_elliott"
    )
    labels = {p["key"]: p["label"] for p in ge["params"]}
    assert "good → bad" in labels["p"] and "bad → good" in labels["r"]
    assert "good" in labels["loss_good"] and "bad" in labels["loss_bad"]


def test_profiles_are_the_presets_settings_and_the_engine_accepts_them() -> None:
    profiles = {p["name"]: p for p in CAT["profiles"]}
    assert list(profiles) == ["engine", "linux-3.17", "linux-6"]
    assert profiles["engine"]["overrides"] == {}
    assert profiles["linux-3.17"]["overrides"] == LINUX_317_OVERRIDES
    assert {k: v for k, v in LINUX_317_OVERRIDES.items() if ".tcp." in k} == {
        f"flows[*].tcp.{k}": v for k, v in LINUX_317.items()
    }
    assert profiles["linux-6"]["overrides"] == LINUX_6_OVERRIDES
    params = {p["path"] for p in CAT["parameters"]}
    base = {"flows": [{}, {}], "duration_s": 5}
    for p in profiles.values():
        assert p["label"] and len(p["doc"]) > 40 and p["citation"], p["name"]
        for path in p["overrides"]:
            assert path.replace("[*]", "[]") in params, (p["name"], path)
        sc = rexsim.normalize(rexsim.apply_overrides(base, p["overrides"]))
        for path, value in p["overrides"].items():
            key = path.removeprefix("flows[*].")
            section, name = key.split(".", 1)
            assert all(f[section][name] == value for f in sc["flows"]), (p["name"], path)
    # the profiles differ from the engine's defaults where the builder's users were misled
    defaults = rexsim.normalize({})["flows"][0]["tcp"]
    assert defaults["fack"] is False and profiles["linux-3.17"]["overrides"]["flows[*].tcp.fack"] is True
    assert (
        defaults["er_variant"] == "rfc5827"
        and profiles["linux-3.17"]["overrides"]["flows[*].tcp.er_variant"] == "linux"
    )
    # the engine's receiver delays ACKs from the first segment; the paper's Linux hosts quick-ACK in slow start
    receiver = rexsim.normalize({})["flows"][0]["receiver"]
    assert receiver["ack_policy"] == "delayed"
    assert profiles["linux-3.17"]["overrides"]["flows[*].receiver.ack_policy"] == "linux"


def test_ge_suggestion_is_the_web_objects_preset_loss_near_1_5_percent() -> None:
    loss = PRESETS["web-objects"]["scenario"]["path"]["forward"]["loss"]
    assert {k: loss[k] for k in PAPER_GE_LOSS} == PAPER_GE_LOSS
    assert ge_mean_loss(**PAPER_GE_LOSS) == pytest.approx(0.0151, abs=5e-4)
    assert ge_mean_loss(0.0, 0.5, 0.0, 1.0) == 0.0  # the defaults: no loss at all
    assert ge_mean_loss(0.0, 0.0, 0.02, 1.0) == 0.02
    params = {p["path"] for p in CAT["parameters"]}
    stage_params = {
        p["key"] for f in CAT["families"] for m in f["members"] if m["name"] == "gilbert_elliott" for p in m["params"]
    }
    for s in CAT["suggested"]:
        assert s["value"] == "gilbert_elliott" and s["set"] == PAPER_GE_LOSS and "1.5" in s["doc"]
        parent = s["path"].rsplit(".", 1)[0]
        if s["path"].endswith("stages[].kind"):
            assert set(s["set"]) <= stage_params
        else:
            assert s["path"] in params
            assert {f"{parent}.{k}" for k in s["set"]} <= params
    # the engine accepts the suggested values in both places
    sc = rexsim.normalize(
        {
            "path": {
                "forward": {"loss": {"model": "gilbert_elliott", **PAPER_GE_LOSS}},
                "reverse": {"stages": [{"kind": "gilbert_elliott", **PAPER_GE_LOSS}]},
            }
        }
    )
    assert sc["path"]["forward"]["loss"]["p"] == 0.0046


def test_ge_suggestion_loses_about_1_5_percent_in_a_run() -> None:
    """The formula, checked by the engine: 100,000 segments over the suggested
    channel (no queue drops: an ample buffer) lose about 1.5 % of what is sent.
    About 460 bad-state episodes of 3.3 packets on average: a relative
    standard error near 6 %, so 1.5 % +- 0.3 % is over three of them."""
    drops = sent = 0
    for seed in range(1, 6):
        r = rexsim.run(
            {
                "seed": seed,
                "duration_s": 120,
                "trace": "none",
                "path": {
                    "forward": {
                        "rate_bps": 10e6,
                        "delay_ms": 5,
                        "buffer_pkts": 100_000,
                        "loss": {"model": "gilbert_elliott", **PAPER_GE_LOSS},
                    },
                    "reverse": {"rate_bps": 10e6, "delay_ms": 5},
                },
                "flows": [{"app": {"kind": "fixed", "segments": 20_000}}],
            }
        )
        m = r.flows[0].metrics
        assert m["completed"]
        drops += m["drops"]
        sent += m["segments_sent"] + m["retransmissions"]
    assert drops / sent == pytest.approx(0.015, abs=0.003)
