"""API errors. Field errors use FastAPI's 422 shape: {"detail": [{"loc", "msg", "type"}]}."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(self, status: int, detail: Any, headers: dict[str, str] | None = None):
        super().__init__(str(detail))
        self.status = status
        self.detail = detail
        self.headers = headers


def _loc(path: str) -> list[str | int]:
    """'flows[0].tcp.mss' -> ['flows', 0, 'tcp', 'mss']; a part with a "[" and no "]" after it
    (the engine names an unknown key as it was written, e.g. "[") stays one name."""
    out: list[str | int] = []
    for part in path.split("."):
        while "[" in part and "]" in part.split("[", 1)[1]:
            name, rest = part.split("[", 1)
            if name:
                out.append(name)
            idx, part = rest.split("]", 1)
            out.append(int(idx) if idx.isdigit() else idx)
        if part:
            out.append(part)
    return out


def field_error(prefix: list[str | int], path: str, msg: str, kind: str = "value_error") -> ApiError:
    return field_errors(prefix, [(path, msg)], kind)


def field_errors(prefix: list[str | int], errors: list[tuple[str, str]], kind: str = "value_error") -> ApiError:
    """One 422 naming every (path, message) at once."""
    return ApiError(422, [{"loc": ["body", *prefix, *_loc(path)], "msg": msg, "type": kind} for path, msg in errors])


def not_found(what: str) -> ApiError:
    return ApiError(404, f"{what} not found")


def query_error(name: str, msg: str) -> ApiError:
    """A 422 on query parameter `name`, in the shape of FastAPI's own."""
    return ApiError(422, [{"loc": ["query", name], "msg": msg, "type": "value_error"}])
