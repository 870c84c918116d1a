"""The events of a trace window, typed: one model per event kind of the engine's
catalogue, each with the fields the engine's describer gives that kind
(``rexsim.tracefile.EVENT_FIELDS``), and `TraceEvent`, their union keyed on
``kind``.  The models are built from the catalogue when this module is
imported, so a new kind or field reaches the OpenAPI document (and the
dashboard's generated client) without a change here."""

from __future__ import annotations

import functools
import operator
from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, create_model
from rexsim.tracefile import EVENT_FIELDS, VOCAB, EventField


class EventBase(BaseModel):
    """What every event model shares: no field beyond its kind's."""

    model_config = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True)


def _one_of(names: tuple[str, ...]) -> Any:
    """Literal[names...]: the field's values are a vocabulary's names."""
    return cast(Any, Literal)[names]


def _value_type(f: EventField) -> Any:
    if f.names:
        return _one_of(f.names)
    return list[tuple[int, int]] if f.value_type is list else f.value_type


def _field(f: EventField) -> tuple[Any, Any]:
    """(annotation, FieldInfo) of one event field; a field older traces lack defaults to None."""
    t = _value_type(f)
    if f.optional:
        return t | None, Field(None, description=f"{f.doc}; null when the trace does not record it")
    return (t | None if f.nullable else t), Field(description=f.doc)


def model_name(kind: str) -> str:
    """ "ack_recv" -> "AckRecvEvent"."""
    return "".join(part.capitalize() for part in kind.split("_")) + "Event"


_KIND_DOC = {e["name"]: f"{e['label']}: {e['doc']}" for e in VOCAB["events"]}


def _model(kind: str) -> type[EventBase]:
    fields: dict[str, Any] = {f.name: _field(f) for f in EVENT_FIELDS[kind]}
    fields["kind"] = (_one_of((kind,)), Field(description="what happened (the catalogue's vocab.events)"))
    model: type[EventBase] = create_model(model_name(kind), __base__=EventBase, __doc__=_KIND_DOC[kind], **fields)
    return model


#: event kind -> its model, for every kind of the catalogue
EVENT_MODELS: dict[str, type[EventBase]] = {kind: _model(kind) for kind in EVENT_FIELDS}

if TYPE_CHECKING:
    TraceEvent = EventBase
else:
    TraceEvent = Annotated[functools.reduce(operator.or_, EVENT_MODELS.values()), Field(discriminator="kind")]
