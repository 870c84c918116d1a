"""Scenario helpers: dotted-path overrides and a canonical JSON form."""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

_INDEX = re.compile(r"^(\w+)\[(\d+|\*|\d*:\d*)\]$")


def grid_cells(grid: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """The cells of a grid (dotted path -> values): their product, the first key
    varying slowest; one empty cell for an empty grid. The comparison service and
    the gallery both order cells this way, so cell indices mean the same in both."""
    keys = list(grid)
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(grid[k] for k in keys))] or [{}]


def flow_counts(
    i: int, metrics: dict[str, Any], flows: Iterable[int] | None, flow_filter: dict[str, Any] | None
) -> bool:
    """Whether flow i of a run counts in a comparison: it is one of `flows`
    (None: every flow) and its `flow_filter["metric"]` is at least
    `flow_filter["at_least"]` (None: no filter). The comparison service and
    the gallery both count flows this way."""
    if flows is not None and i not in flows:
        return False
    if flow_filter is None:
        return True
    x = metrics.get(flow_filter["metric"])
    return x is not None and float(x) >= float(flow_filter["at_least"])


def canonical_json(scenario: dict[str, Any]) -> str:
    """A stable text form (sorted keys, no spaces) for hashing and dedup."""
    return json.dumps(scenario, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _set(node: dict[str, Any], parts: list[str], value: object) -> None:
    head, rest = parts[0], parts[1:]
    m = _INDEX.match(head)
    if m:
        name, idx = m.group(1), m.group(2)
        seq = node.setdefault(name, [{}])
        if not isinstance(seq, list):
            raise ValueError(f"{name}: expected a list")
        targets: Sequence[int]
        if idx == "*":
            targets = range(len(seq))
        elif ":" in idx:
            lo, hi = idx.split(":")
            targets = range(int(lo or 0), min(int(hi) if hi else len(seq), len(seq)))
        else:
            targets = [int(idx)]
        for i in targets:
            while i >= len(seq):
                seq.append({})
            if rest:
                _set(seq[i], rest, value)
            else:
                seq[i] = copy.deepcopy(value)
        return
    if head == "*":
        if not isinstance(node, dict) or not node:
            raise ValueError("'*' needs an object with keys to expand")
        for key in list(node):
            _set(node, [key] + rest, value)
        return
    if not rest:
        node[head] = copy.deepcopy(value)
        return
    child = node.setdefault(head, {})
    if not isinstance(child, dict):
        raise ValueError(f"{head}: expected an object")
    _set(child, rest, value)


def apply_overrides(scenario: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of `scenario` with dotted-path overrides applied, e.g.
    {"flows[*].tcp.timer": "tlp", "path.*.delay_ms": 40}; `[*]` applies to
    every item of a list, `[a:b]` to items a..b-1, `*` to every key of an object."""
    out = copy.deepcopy(scenario)
    for path, value in overrides.items():
        _set(out, path.split("."), value)
    return out
