"""The whole trace as a table: CSV (one row per event, as the engine's describer
names it) or JSON (every column as a list)."""

from __future__ import annotations

import io
from typing import Any

from rexsim.tracefile import EVENT_KINDS, STATES, Columns, vocab_name, write_csv

#: columns whose codes are written as the vocabulary's names
_NAMED = {"kind": EVENT_KINDS, "state": STATES}


def to_csv(columns: Columns) -> str:
    """A header (rexsim.tracefile.CSV_FIELDS) and one row per event, names
    resolved; empty cells for fields that do not apply; "sack" is "start-end start-end"."""
    buf = io.StringIO()
    write_csv(columns, buf)
    return buf.getvalue()


def to_json(columns: Columns) -> dict[str, Any]:
    """{"columns": {name: list}}: every column as a list, kind and state as names."""
    out: dict[str, list[Any]] = {}
    for name in sorted(columns):
        values = columns[name].tolist()
        out[name] = [vocab_name(_NAMED[name], v) for v in values] if name in _NAMED else values
    return {"columns": out}
