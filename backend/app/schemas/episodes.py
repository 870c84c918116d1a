"""A flow's fast-recovery episodes, typed: one field per entry of the engine
catalogue's ``episode_metrics`` (src/core/vocab.c; the engine's struct
rx_rec_episode, measured by src/core/recmetrics.c as the opportunistic-
retransmission paper §III defines the loss-recovery period), built when this
module is imported, so a field the engine adds reaches the OpenAPI document and
the dashboard's generated client without a change here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import rexsim
from pydantic import BaseModel, ConfigDict, Field, create_model

#: the catalogue's episode fields, in the engine's order
EPISODE_FIELDS: list[dict[str, Any]] = list(rexsim.catalog()["episode_metrics"])

#: catalogue type -> the value's Python type ("intervals": [start_ns, end_ns] pairs)
_TYPES: dict[str, Any] = {"int": int, "float": float, "bool": bool, "intervals": list[tuple[int, int]]}


class EpisodeBase(BaseModel):
    """What every episode shares: no field beyond the catalogue's."""

    model_config = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True)


def _field(m: dict[str, Any]) -> tuple[Any, Any]:
    t = _TYPES[m["type"]]
    unit = f" [{m['unit']}]" if m["unit"] else ""
    doc = f"{m['label']}{unit}: {m['doc']}"
    return (t | None if m["nullable"] else t), Field(description=doc)


if TYPE_CHECKING:
    RecoveryEpisode = EpisodeBase
else:
    RecoveryEpisode = create_model(
        "RecoveryEpisode",
        __base__=EpisodeBase,
        __doc__="One fast-recovery episode of a flow, as the engine measures it (the catalogue's episode_metrics)",
        **{m["name"]: _field(m) for m in EPISODE_FIELDS},
    )
