"""JSON Schema (draft 2020-12) of a scenario, generated from the engine's
parameter catalogue so that limits live in one place (src/core/params.c)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._types import MemberParameter


def _prop(p: MemberParameter) -> dict[str, Any]:
    s: dict[str, Any] = {
        "description": p["doc"] + (f" Unit: {p['unit']}." if p["unit"] else ""),
        "default": p["default"],
    }
    if p["type"] == "int":
        s.update(type="integer", minimum=int(p["min"]), maximum=int(p["max"]))
    elif p["type"] == "float":
        s.update(type="number", minimum=p["min"], maximum=p["max"])
    elif p["type"] == "bool":
        s["type"] = "boolean"
    else:
        s.update(type="string", enum=p["choices"])
    return s


def _nest(obj: dict[str, Any], key: str, prop: dict[str, Any]) -> None:
    parts = key.split(".")
    for part in parts[:-1]:
        obj = obj.setdefault("properties", {}).setdefault(part, {"type": "object", "additionalProperties": False})
    obj.setdefault("properties", {})[parts[-1]] = prop


def scenario_schema() -> dict[str, Any]:
    from . import _catalog

    cat = _catalog()
    objs: dict[str, dict[str, Any]] = {
        name: {"type": "object", "additionalProperties": False}
        for name in ("scenario", "direction", "loss", "rule", "flow")
    }
    for p in cat["parameters"]:
        _nest(objs[p["section"]], p["key"], _prop(p))
    lim = cat["limits"]
    objs["loss"]["properties"]["rules"] = {"type": "array", "maxItems": lim["max_rules"], "items": objs["rule"]}
    objs["direction"]["properties"]["loss"] = objs["loss"]
    objs["flow"]["properties"]["app"]["properties"]["sizes"] = {
        "type": "array",
        "minItems": 1,
        "maxItems": lim["max_requests"],
        "items": {"type": "integer", "minimum": 1, "maximum": 1_000_000_000},
        "description": "requests: the size of each object in bytes (overrides requests and object_bytes).",
    }
    # each flow family's members' own parameters: tcp.<family>_params.<member>.<key>
    tcp = objs["flow"]["properties"]["tcp"]
    for fam in cat["families"]:
        if not fam["key"] or not fam["key"].startswith("tcp."):
            continue
        members = {
            m["name"]: {
                "type": "object",
                "additionalProperties": False,
                "properties": {q["key"]: _prop(q) for q in m["params"]},
            }
            for m in cat["mechanisms"][fam["name"]]
            if m["params"]
        }
        if members:
            tcp["properties"][f"{fam['name']}_params"] = {
                "type": "object",
                "additionalProperties": False,
                "properties": members,
                "description": f"Parameters of {fam['name']} members, by member name; "
                f"those of the member tcp.{fam['name']} chooses apply.",
            }
    sc = objs["scenario"]
    sc["properties"]["path"] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {"forward": objs["direction"], "reverse": objs["direction"]},
    }
    sc["properties"]["flows"] = {"type": "array", "minItems": 1, "maxItems": lim["max_flows"], "items": objs["flow"]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://rexmit.dev/schemas/scenario.json",
        "title": f"Rexmit scenario (engine {cat['engine_version']})",
        **sc,
    }
