"""JSON Schema (draft 2020-12) of a scenario, generated from the engine's
catalogue: the parameters give the fields, the containers give the tree's
shape (nested objects, lists of sections, lists of integers), so limits and
structure live in one place (src/core/params.c)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._types import Catalog, Container, MemberParameter


def _doc(p: MemberParameter | Container) -> str:
    return p["doc"] + (f" Unit: {p['unit']}." if p["unit"] else "")


def _prop(p: MemberParameter) -> dict[str, Any]:
    s: dict[str, Any] = {"description": _doc(p), "default": p["default"]}
    if p["type"] == "int":
        s.update(type="integer", minimum=int(p["min"]), maximum=int(p["max"]))
    elif p["type"] == "float":
        s.update(type="number", minimum=p["min"], maximum=p["max"])
    elif p["type"] == "bool":
        s["type"] = "boolean"
    elif p["type"] == "set":  # min/max: how many names
        s.update(
            type="array",
            items={"enum": p["choices"]},
            uniqueItems=True,
            minItems=int(p["min"]),
            maxItems=int(p["max"]),
        )
    else:
        s.update(type="string", enum=p["choices"])
    return s


def _object() -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "properties": {}}


def _nest(obj: dict[str, Any], key: str, prop: dict[str, Any]) -> None:
    parts = key.split(".")
    for part in parts[:-1]:
        obj = obj["properties"].setdefault(part, _object())
    obj["properties"][parts[-1]] = prop


def _tagged_items(cat: Catalog, family: str) -> dict[str, Any]:
    """One object per member of the family: its kind, then its own parameters."""
    fam = next(f for f in cat["families"] if f["name"] == family)
    return {
        "oneOf": [
            {
                **_object(),
                "required": ["kind"],
                "properties": {"kind": {"const": m["name"]}, **{q["key"]: _prop(q) for q in m["params"]}},
            }
            for m in fam["members"]
        ]
    }


def _container(c: Container, objs: dict[str, dict[str, Any]], cat: Catalog) -> dict[str, Any]:
    if c["type"] == "object":
        assert c["of"] is not None
        return objs[c["of"]]
    if c["type"] == "tagged_list":
        assert c["family"] is not None
        items = _tagged_items(cat, c["family"])
    elif c["of"]:
        items = objs[c["of"]]
    else:
        assert c["min"] is not None and c["max"] is not None
        items = {"type": "integer", "minimum": int(c["min"]), "maximum": int(c["max"])}
    return {
        "type": "array",
        "minItems": c["min_items"],
        "maxItems": c["max_items"],
        "items": items,
        "description": _doc(c),
    }


def _member_params(cat: Catalog, objs: dict[str, dict[str, Any]]) -> None:
    """tcp.<family>_params.<member>.<key>: each flow family's members' own parameters."""
    for fam in cat["families"]:
        picker = next((p for p in cat["parameters"] if p["key"] == fam["key"]), None)
        members = {m["name"]: m for m in fam["members"] if m["params"]}
        if picker is None or not members:
            continue
        block = _object()
        block["description"] = (
            f"Parameters of {fam['name']} members, by member name; those of the member {fam['key']} chooses apply."
        )
        for name, m in members.items():
            block["properties"][name] = {**_object(), "properties": {q["key"]: _prop(q) for q in m["params"]}}
        _nest(objs[picker["section"]], f"{picker['key']}_params", block)


def scenario_schema() -> dict[str, Any]:
    from . import _catalog

    cat = _catalog()
    sections = {p["section"] for p in cat["parameters"]} | {c["section"] for c in cat["containers"]}
    objs: dict[str, dict[str, Any]] = {name: _object() for name in sections}
    for p in cat["parameters"]:
        _nest(objs[p["section"]], p["key"], _prop(p))
    _member_params(cat, objs)
    # sections are placed by reference, so the order of the containers does not matter
    for c in cat["containers"]:
        _nest(objs[c["section"]], c["key"], _container(c, objs, cat))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://rexmit.dev/schemas/scenario.json",
        "title": f"Rexmit scenario (engine {cat['engine_version']})",
        **objs["scenario"],
    }
