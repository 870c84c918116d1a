from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Health(BaseModel):
    status: str
    database: str
    broker: str
    workers: list[str]
    engine_version: str


class VocabEntry(BaseModel):
    """One name of the trace vocabulary (an event kind, timer kind, formula, state, drop reason, cause)."""

    id: int = Field(description="the value stored in the trace")
    name: str
    label: str
    doc: str
    text: str | None = Field(description="a timer formula's expression, e.g. 'now + RTO'")
    rare: bool = Field(description="an event kind that downsampling never drops")


class MetricInfo(BaseModel):
    """One entry of a flow's metrics dict, in the dict's order."""

    name: str
    label: str
    unit: str
    doc: str
    type: str = Field(description="int, float, bool or intervals (a list of [start_ns, end_ns] pairs)")
    higher_is_better: bool | None = Field(description="null: neither (a count that only describes)")
    nullable: bool


class VarInfo(BaseModel):
    """A mechanism variable the trace records over time (its var_* side table); a series name."""

    id: int
    family: str
    member: str
    name: str
    label: str
    unit: str
    doc: str


class SpecialValue(BaseModel):
    """A value of a number parameter that means something other than its number."""

    value: int | float
    label: str = Field(description="what the value means, e.g. 'unlimited' for a rate of 0")


class ParamInfo(BaseModel):
    """A parameter of the scenario: its path, name for people, type, unit, default, range and explanation."""

    key: str
    path: str
    label: str = Field(description="a short name for people, e.g. 'Min RTO'")
    type: str = Field(description="int, float, bool, enum or set (a list of choices)")
    unit: str
    default: bool | int | float | str | list[str] | None
    min: float | None
    max: float | None
    choices: list[str] | None
    doc: str
    special: list[SpecialValue] = Field(
        description="values with a meaning of their own (-1 = the RTT estimator's minimum RTO, 0 = unlimited, ...)"
    )


class AppliesTo(BaseModel):
    key: str = Field(description="the sibling field whose value decides (e.g. tcp.lossdet, model, app.kind)")
    values: list[str] = Field(description="the values of that field for which this one is read")
    family: str | None = Field(description="the mechanism family when the field picks one of its members")


class Parameter(ParamInfo):
    section: str
    applies_to: AppliesTo | None = Field(description="read only when a sibling field holds one of some values")


class Container(BaseModel):
    """A nested object or list of the scenario tree."""

    section: str
    key: str
    path: str
    label: str
    type: str = Field(description="object, list (of sections), int_list or tagged_list")
    of: str | None = Field(description="the section of the value or the items; null for int_list and tagged_list")
    family: str | None = Field(description="tagged_list: the family whose members the items are ({kind, params})")
    min_items: int
    max_items: int
    min: float | None = Field(default=None, description="int_list: each item's minimum")
    max: float | None = Field(default=None, description="int_list: each item's maximum")
    unit: str
    doc: str
    applies_to: AppliesTo | None


class Rule(BaseModel):
    """A rule by which a spurious-timeout detector declares an RTO spurious (a spurious event's `rule`)."""

    id: int = Field(description="the rule's index in the detector's table")
    name: str
    label: str = Field(description="the reason in a few words, for people")
    doc: str = Field(description="the step of the specification it implements")


class Member(BaseModel):
    """A mechanism: one member of a family, with its own parameters."""

    name: str
    label: str
    doc: str
    params: list[ParamInfo]
    rules: list[Rule] = Field(
        default_factory=list,
        description="a spurious-timeout detector's rules of its verdicts (a spurious event's rule); empty for other "
        "families",
    )


class Family(BaseModel):
    name: str
    label: str = Field(description="the family's name for people, e.g. Loss detection")
    key: str | None = Field(description="the scenario key choosing the member (e.g. tcp.cc); null if none")
    doc: str
    members: list[Member]


class ReferenceCase(BaseModel):
    """A packetdrill case: Linux's figure next to the engine's in the same situation."""

    id: str
    script: str
    behaviour: str
    unit: str = Field(description="ms (a band applies), or what a count or a name is (must be equal)")
    kernel: float | str
    engine: float | str
    low: float | None = Field(description="ms: the lowest engine time that agrees (one tick and the wheel's lateness)")
    high: float | None
    agrees: bool
    modelled: bool = Field(description="false: a behaviour the engine does not model yet (see needs)")
    needs: str | None
    mechanisms: dict[str, str] = Field(description="family -> member the case exercises")
    scenario: dict[str, Any]


class LinuxReference(BaseModel):
    kernel: str
    hz: int
    tick_ms: float
    source: str
    cases: list[ReferenceCase]


class Profile(BaseModel):
    """A named set of flow settings to start a scenario from (the engine's defaults, a paper's Linux)."""

    name: str
    label: str
    doc: str
    citation: str
    overrides: dict[str, bool | int | float | str | list[str]] = Field(
        description="scenario overrides (flows[*].tcp.fack -> true); keys another profile sets keep their default"
    )


class Suggestion(BaseModel):
    """Values to fill in when a choice is picked, instead of defaults that make it do nothing."""

    path: str = Field(description="the choosing field's catalogue path, e.g. path.{forward,reverse}.loss.model")
    value: str
    set: dict[str, bool | int | float | str] = Field(description="its siblings' values (keys of the same object)")
    label: str
    doc: str


class Catalog(BaseModel):
    engine_version: str
    parameters: list[Parameter]
    containers: list[Container]
    mechanisms: dict[str, list[Member]]
    families: list[Family]
    vocab: dict[str, list[VocabEntry]] = Field(
        description="events, timer_kinds, timer_formulas, states, drop_reasons, causes"
    )
    metrics: list[MetricInfo]
    episode_metrics: list[MetricInfo] = Field(
        description="the fields of each fast-recovery episode of a flow (the engine's recovery_episode records)"
    )
    vars: list[VarInfo]
    events: list[str]
    timer_kinds: list[str]
    timer_formulas: list[str]
    states: list[str]
    drop_reasons: list[str]
    limits: dict[str, int]
    profiles: list[Profile]
    suggested: list[Suggestion]
    linux_reference: LinuxReference


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
