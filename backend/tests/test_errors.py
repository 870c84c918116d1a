"""app.core.errors: an engine error's path becomes a 422's loc, whatever the key it names."""

from __future__ import annotations

from app.core.errors import field_errors


def locs(*paths: str) -> list[list[str | int]]:
    return [d["loc"] for d in field_errors(["x"], [(p, "bad") for p in paths]).detail]


def test_a_path_becomes_a_loc():
    assert locs("flows[0].tcp.mss", "path.forward.stages[2].p") == [
        ["body", "x", "flows", 0, "tcp", "mss"],
        ["body", "x", "path", "forward", "stages", 2, "p"],
    ]


def test_an_unknown_key_with_a_lone_bracket_stays_a_name():
    # the engine names an unknown key as written: "[" (the API's fuzz sent {"overrides": {"[": null}},
    # which answered 500 when the path was split at the "[")
    assert locs("[", "flows[0].a[b", "[x]") == [
        ["body", "x", "["],
        ["body", "x", "flows", 0, "a[b"],
        ["body", "x", "x"],
    ]
