from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from .common import HistoryItem, PageInfo


class ShareCreate(BaseModel):
    run_id: uuid.UUID | None = None
    comparison_id: uuid.UUID | None = None
    view_state: dict[str, Any] = Field(default_factory=dict, description="UI view state (time window, selection)")

    @model_validator(mode="after")
    def _exactly_one(self) -> ShareCreate:
        if (self.run_id is None) == (self.comparison_id is None):
            raise ValueError("give exactly one of run_id or comparison_id")
        return self


class SharePublic(BaseModel):
    slug: str
    kind: Literal["run", "comparison"]
    target_id: uuid.UUID
    created_at: datetime
    view_state: dict[str, Any]
    payload: dict[str, Any]


class ShareSummary(HistoryItem):
    slug: str
    kind: Literal["run", "comparison"]
    target_id: uuid.UUID


class ShareList(PageInfo):
    items: list[ShareSummary] = Field(description="newest first (ties broken by slug)")
