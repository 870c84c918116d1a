from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Health(BaseModel):
    status: str
    database: str
    broker: str
    workers: list[str]
    engine_version: str


class Catalog(BaseModel):
    engine_version: str
    parameters: list[dict[str, Any]]
    mechanisms: dict[str, list[dict[str, Any]]]
    events: list[str]
    timer_kinds: list[str]
    timer_formulas: list[str]
    states: list[str]
    drop_reasons: list[str]
    limits: dict[str, int]


class PresetPublic(BaseModel):
    name: str
    title: str
    paper: str
    section: str
    figure: str
    citation: str
    description: str
    scenario: dict[str, Any]
    variants: dict[str, dict[str, Any]]
    baseline_variant: str
    grid: dict[str, list[Any]]
    replications: int
