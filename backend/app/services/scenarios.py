"""From a request's scenario (or preset + overrides) to a canonical, validated
scenario within the service's size limits."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import rexsim

from ..core.config import Settings
from ..core.errors import field_error, field_errors
from ..schemas.common import ScenarioSource

#: the fewest header bytes the engine puts on a data segment: IPv4 20 + TCP 20, no options
#: (sim-engine/src/core/sim.h rx_wire_bytes; timestamps add 12)
MIN_HEADER_BYTES = 40


def resolve(src: ScenarioSource, loc: list[str | int]) -> dict[str, Any]:
    """The scenario a source describes, not yet validated."""
    out: dict[str, Any]
    try:
        if src.preset is not None and src.scenario is None:
            out = rexsim.preset_scenario(src.preset, src.variant, src.overrides)
            return out
        if src.scenario is not None and src.preset is None:
            out = rexsim.apply_overrides(src.scenario, src.overrides) if src.overrides else src.scenario
            return out
    except KeyError as e:
        raise field_error(loc, "preset" if src.preset else "overrides", str(e.args[0]), "value_error.preset") from e
    except (ValueError, TypeError, IndexError) as e:
        raise field_error(loc, "overrides", f"cannot apply: {e}", "value_error.overrides") from e
    raise field_error(loc, "scenario", "give exactly one of 'scenario' or 'preset'")


def apply(scenario: dict[str, Any], overrides: dict[str, Any], loc: list[str | int], where: str) -> dict[str, Any]:
    try:
        out: dict[str, Any] = rexsim.apply_overrides(scenario, overrides)
        return out
    except (ValueError, TypeError, IndexError) as e:
        raise field_error(loc, where, f"cannot apply: {e}", "value_error.overrides") from e


def normalize(scenario: Any, loc: list[str | int], settings: Settings) -> dict[str, Any]:
    """Validate with the engine, then check the service's size limits."""
    if not isinstance(scenario, dict):
        raise field_error(loc, "scenario", "must be an object")
    try:
        norm: dict[str, Any] = rexsim.normalize(scenario)
    except rexsim.ScenarioError as e:
        errors = [(f["path"], f["detail"]) for f in e.errors] or [(e.path, e.detail)]
        raise field_errors([*loc, "scenario"], errors, "value_error.scenario") from e
    check_limits(norm, loc, settings)
    return norm


def implied_packets(sc: dict[str, Any]) -> int:
    """Packets the scenario may carry at most: bulk flows at the forward rate
    for their write time in packets of their own MSS plus the fewest header
    bytes (so a small MSS counts the many packets it makes: at 1500 bytes a
    packet, tcp.mss 64 would carry 14 times what was counted), sized objects
    by their segments (times 2 for ACKs and retransmissions)."""
    total = 0
    rate = sc["path"]["forward"]["rate_bps"]
    for f in sc["flows"]:
        app, mss = f["app"], f["tcp"]["mss"]
        if app["kind"] == "bulk":
            secs = min(app["duration_s"], sc["duration_s"])
            total += int(rate * secs / 8 / (mss + MIN_HEADER_BYTES))
        elif app["kind"] == "fixed":
            size = app["bytes"] or app["segments"] * mss
            total += -(-size // mss)
        else:
            sizes = app.get("sizes") or [app["object_bytes"]] * app["requests"]
            total += sum(-(-s // mss) for s in sizes)
    return 2 * total


def check_limits(sc: dict[str, Any], loc: list[str | int], settings: Settings) -> None:
    where = [*loc, "scenario"]
    if sc["duration_s"] > settings.MAX_SIM_SECONDS:
        raise field_error(
            where,
            "duration_s",
            f"must be at most {settings.MAX_SIM_SECONDS:g} s in this service (got {sc['duration_s']:g})",
        )
    if len(sc["flows"]) > settings.MAX_FLOWS:
        raise field_error(where, "flows", f"at most {settings.MAX_FLOWS} flows in this service")
    for i, f in enumerate(sc["flows"]):
        if f["app"]["kind"] == "bulk" and sc["path"]["forward"]["rate_bps"] == 0:
            raise field_error(
                where,
                "path.forward.rate_bps",
                f"must be above 0 for a bulk flow (flows[{i}]): an unlimited link lets its window grow without bound",
            )
    pk = implied_packets(sc)
    if pk > settings.MAX_PACKETS:
        raise field_error(
            where,
            "duration_s",
            f"the scenario implies about {pk:,} packets; the limit is {settings.MAX_PACKETS:,} "
            "(lower the rate, the duration or the sizes)",
        )


def run_key(scenario: dict[str, Any], engine_version: str) -> str:
    """sha256 of the canonical scenario (seed applied), a NUL and the engine version."""
    return run_key_of_text(rexsim.canonical_json(scenario), engine_version)


# a seed no scenario field holds by chance: where it appears in a scenario's
# canonical JSON, a replication's seed goes (below the engine's largest seed, 2^53 - 1)
_SEED_MARKS = (7_093_457_104_581_263, 8_120_639_527_418_357, 6_374_920_581_736_049)


@dataclass(frozen=True)
class SeededScenario:
    """A normalized scenario whose replications differ only in their seed:
    its canonical JSON split where the seed goes, so that a replication's
    canonical JSON is head + str(seed) + tail and its run key a hash of that,
    without normalizing or serialising the scenario again (a comparison makes
    thousands of runs from one such template)."""

    head: str
    tail: str

    def canonical(self, seed: int) -> str:
        return f"{self.head}{seed}{self.tail}"

    def key(self, seed: int, engine_version: str) -> str:
        """run_key() of the scenario with this seed."""
        return run_key_of_text(self.canonical(seed), engine_version)


def run_key_of_text(canonical: str, engine_version: str) -> str:
    h = hashlib.sha256(canonical.encode())
    h.update(b"\0")
    h.update(engine_version.encode())
    return h.hexdigest()


def seeded(norm: dict[str, Any]) -> SeededScenario:
    """The template of a normalized scenario; its key for the scenario's own
    seed is checked against run_key(), so the two can never disagree."""
    for mark in _SEED_MARKS:
        text = rexsim.canonical_json({**norm, "seed": mark})
        if text.count(str(mark)) == 1:
            at = text.index(f'"seed":{mark}') + len('"seed":')
            out = SeededScenario(text[:at], text[at + len(str(mark)) :])
            if out.key(norm["seed"], rexsim.ENGINE_VERSION) != run_key(norm, rexsim.ENGINE_VERSION):
                raise RuntimeError("a seeded scenario's key differs from run_key(): canonical_json changed")
            return out
    raise RuntimeError("no seed mark is unique in this scenario")
