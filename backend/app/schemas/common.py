from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

#: the history's list endpoints: items per page by default and at most
PAGE_DEFAULT = 20
PAGE_MAX = 100


class Message(BaseModel):
    detail: str


class ScenarioSource(BaseModel):
    """Either a full scenario, or a preset name with a variant and overrides."""

    scenario: dict[str, Any] | None = Field(None, description="a scenario (see GET /mechanisms for every field)")
    preset: str | None = Field(None, description="a preset name from GET /presets", max_length=64)
    variant: str | None = Field(None, description="a variant of the preset", max_length=64)
    overrides: dict[str, Any] = Field(
        default_factory=dict, description='dotted-path overrides, e.g. {"flows[*].tcp.timer": "tlp"}'
    )


class HistoryItem(BaseModel):
    """What every entry of a history list carries."""

    created_at: datetime
    status: str = Field(description="a run's or comparison's state; a share's: the state of what it froze")
    summary: str = Field(description="one line: the scenario or preset, e.g. 'tail-loss-n-degree · TLP · seed 1'")
    link: str = Field(description="the dashboard's page for it, e.g. /runs/{id}, /compare/{id}, /s/{slug}")
    url: str = Field(description="its API resource, relative to the API root, e.g. /runs/{id}")


class PageInfo(BaseModel):
    next_cursor: str | None = Field(
        description="pass as ?cursor= for the next (older) page; null on the last page", default=None
    )
    limit: int
