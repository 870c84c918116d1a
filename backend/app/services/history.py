"""What the history lists share: the opaque keyset cursor and the one-line
summaries of a scenario and of a comparison's spec."""

from __future__ import annotations

import base64
import binascii
import json
import uuid
from datetime import datetime
from typing import Any

from ..core.errors import ApiError, query_error
from ..repositories.paging import After

CURSOR_HELP = "not a cursor of this list: pass next_cursor exactly as a previous page returned it"


def encode_cursor(created_at: datetime, key: uuid.UUID | str) -> str:
    raw = json.dumps([created_at.isoformat(), str(key)], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str | None, *, uuid_key: bool = True) -> After | None:
    """The position a cursor names; a 422 on `cursor` for anything else."""
    if cursor is None:
        return None
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        ts, key = json.loads(raw)
        created_at = datetime.fromisoformat(ts)
        if created_at.tzinfo is None:
            raise ValueError("naive timestamp")
        if uuid_key:
            return After(created_at, uuid.UUID(key))
        if not (isinstance(key, str) and 0 < len(key) <= 32 and key.isalnum()):
            raise ValueError("bad slug")
        return After(created_at, key)
    except (ValueError, TypeError, binascii.Error, UnicodeDecodeError, AttributeError) as e:
        raise cursor_error() from e


def cursor_error() -> ApiError:
    return query_error("cursor", CURSOR_HELP)


def next_cursor(rows: list[Any], limit: int, key: str) -> str | None:
    """The cursor after the page's last row, when a row beyond the page was read."""
    if len(rows) <= limit:
        return None
    last = rows[limit - 1]
    return encode_cursor(last.created_at, getattr(last, key))


def _num(x: Any) -> str:
    return f"{x:g}" if isinstance(x, (int, float)) else str(x)


def scenario_summary(sc: Any) -> str:
    """'1 flow · fixed 10 seg · tlp/dupack/rfc6675/cubic · RTT 80 ms · loss tail · seed 1' (the first
    flow's mechanisms; '+n flows' when there are more)."""
    if not isinstance(sc, dict):
        return "scenario"
    parts: list[str] = []
    flows = sc.get("flows") if isinstance(sc.get("flows"), list) else []
    if flows:
        parts.append(f"{len(flows)} flow" + ("s" if len(flows) != 1 else ""))
        f0 = flows[0] if isinstance(flows[0], dict) else {}
        app, tcp = f0.get("app") or {}, f0.get("tcp") or {}
        kind = app.get("kind")
        if kind == "fixed":
            parts.append(f"fixed {app['bytes']} B" if app.get("bytes") else f"fixed {app.get('segments')} seg")
        elif kind == "bulk":
            parts.append(f"bulk {_num(app.get('duration_s'))} s")
        elif kind:
            parts.append(f"{kind} ×{app.get('requests')}")
        mech = [tcp.get(k) for k in ("timer", "lossdet", "recovery", "cc") if tcp.get(k)]
        if mech:
            parts.append("/".join(map(str, mech)))
    path = sc.get("path")
    path = path if isinstance(path, dict) else {}
    fwd, rev = path.get("forward") or {}, path.get("reverse") or {}
    if isinstance(fwd.get("delay_ms"), (int, float)) and isinstance(rev.get("delay_ms"), (int, float)):
        parts.append(f"RTT {_num(fwd['delay_ms'] + rev['delay_ms'])} ms")
    losses = [
        f"{d} {m}"
        for d, side in (("fwd", fwd), ("rev", rev))
        if (m := (side.get("loss") or {}).get("model")) and m != "none"
    ]
    parts.append("loss " + ", ".join(losses) if losses else "no loss")
    if "seed" in sc:
        parts.append(f"seed {sc['seed']}")
    return " · ".join(parts)


def comparison_summary(spec: Any, n_runs: int | None = None) -> str:
    """'tail-loss-n-degree · 4 variants (baseline, RTOR, TLP, TLPR) × 7 cells (path.*.delay_ms) × 1 rep · 28 runs'."""
    if not isinstance(spec, dict):
        return "comparison"
    base = spec.get("base") or {}
    head = base.get("preset") or "scenario"
    if base.get("variant"):
        head += f" {base['variant']}"
    variants = spec.get("variant_order") or list(spec.get("variants") or {})
    shown = ", ".join(map(str, variants[:6])) + (", …" if len(variants) > 6 else "")
    cells = spec.get("cells") or [{}]
    grid = spec.get("grid") or {}
    reps = spec.get("replications", 1)
    text = f"{head} · {len(variants)} variant{'s' if len(variants) != 1 else ''} ({shown})"
    text += f" × {len(cells)} cell{'s' if len(cells) != 1 else ''}"
    if grid:
        text += f" ({', '.join(map(str, grid))})"
    text += f" × {reps} rep"
    if n_runs is not None:
        text += f" · {n_runs} runs"
    return text
