from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


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
