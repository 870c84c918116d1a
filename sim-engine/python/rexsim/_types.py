"""Types of the engine's catalogue and metrics, as `rexsim._rexsim` builds them.

Type-checking aids only: TypedDicts describe the dicts `_rexsim.catalog()`
returns (see `python -m rexsim catalog`); nothing here runs at import time
beyond defining them.  The keys follow sim-engine/src/core/catalog.c
(rx_catalog_tree) and the binding's Result.metrics.
"""

from __future__ import annotations

from typing import Literal, TypeAlias, TypedDict

#: one value of a flow's metrics dict: an int, float or bool metric, None for a
#: metric that needs a completed flow when it did not complete, or the list
#: ``request_ms`` (each request's completion time, None if it did not complete), or
#: an episode's ``idle_intervals_ns`` ([start_ns, end_ns] pairs)
MetricValue: TypeAlias = bool | int | float | list[float | None] | list[list[int]] | None
#: a parameter's value (and default) by its type: int, float, bool, an enum's
#: name, or a set's names
ParamValue: TypeAlias = int | float | bool | str | list[str]


class AppliesTo(TypedDict):
    """A field read only when its sibling `key` holds one of `values`: a
    family's members (then `family` names the family: "tcp.timer" ->
    "timer"), a loss model or an application kind (`family` None)."""

    key: str
    values: list[str]
    family: str | None


class Special(TypedDict):
    """A value of a number parameter that means something other than its
    number: -1 = the RTT estimator's minimum RTO, 0 = unlimited, ..."""

    value: int | float
    label: str


class MemberParameter(TypedDict):
    """A parameter a mechanism (family member) declares for itself."""

    key: str
    path: str
    #: a short name for people ("Min RTO")
    label: str
    type: Literal["int", "float", "bool", "enum", "set"]
    unit: str
    default: ParamValue
    min: float
    max: float
    choices: list[str] | None
    doc: str
    #: the values with a meaning of their own ([] when none)
    special: list[Special]


class Parameter(MemberParameter):
    """A scenario parameter; `section` names the object it lives in."""

    section: Literal["scenario", "direction", "loss", "rule", "flow", "schedule_row"]
    applies_to: AppliesTo | None


class Container(TypedDict):
    """A nested object or list of the scenario tree: `of` names the section
    of its value or items (None for a list of integers, whose items lie within
    `min`..`max`, None otherwise)."""

    section: Literal["scenario", "direction", "loss", "rule", "flow", "schedule_row"]
    key: str
    path: str
    label: str
    type: Literal["object", "list", "int_list", "tagged_list"]
    of: Literal["scenario", "direction", "loss", "rule", "flow", "schedule_row"] | None
    #: a tagged list: the family whose members its items are ({kind, params})
    family: str | None
    min_items: int
    max_items: int
    min: float | None
    max: float | None
    unit: str
    doc: str
    applies_to: AppliesTo | None


class Rule(TypedDict):
    """A rule by which a spurious-timeout detector declares an RTO spurious
    (the trace's ``spurious`` event names it); `id` is its index in the
    detector's table."""

    id: int
    name: str
    label: str
    doc: str


class Member(TypedDict):
    """One mechanism of a family; `rules`: the rules of a spurious-timeout
    detector's verdicts (empty for the other families)."""

    name: str
    label: str
    doc: str
    params: list[MemberParameter]
    rules: list[Rule]


class Family(TypedDict):
    """A family of mechanisms; `key` is the scenario field choosing its member
    (None for a family no single field chooses)."""

    name: str
    label: str
    key: str | None
    doc: str
    members: list[Member]


class VocabEntry(TypedDict):
    """One name of a trace vocabulary; `id` is its code in the trace."""

    id: int
    name: str
    label: str
    doc: str
    text: str | None
    rare: bool


class Vocab(TypedDict):
    """The trace's vocabularies (include/rexsim/vocab.h)."""

    events: list[VocabEntry]
    timer_kinds: list[VocabEntry]
    timer_formulas: list[VocabEntry]
    states: list[VocabEntry]
    drop_reasons: list[VocabEntry]
    causes: list[VocabEntry]


class MetricInfo(TypedDict):
    """One per-flow metric, in the order of the metrics dict."""

    name: str
    label: str
    unit: str
    doc: str
    #: "intervals" (an episode's idle_intervals_ns): a list of [start_ns, end_ns] pairs
    type: Literal["int", "float", "bool", "intervals"]
    higher_is_better: bool | None
    nullable: bool


class VarInfo(TypedDict):
    """A mechanism variable of the trace's side table (`var_id` is `id`)."""

    id: int
    family: str
    member: str
    name: str
    label: str
    unit: str
    doc: str


class Limits(TypedDict):
    max_flows: int
    max_rules: int
    max_requests: int
    max_sack_blocks: int


class ReferenceCase(TypedDict):
    """One packetdrill case: the kernel's figure, the engine's in the same
    situation, the band in which they agree (rexsim.linux_reference)."""

    id: str
    script: str
    behaviour: str
    #: "ms" (a band applies), or what a count or a name is (must be equal)
    unit: str
    kernel: float | str
    engine: float | str
    low: float | None
    high: float | None
    agrees: bool
    #: False: a behaviour the engine does not model yet (`needs` says what)
    modelled: bool
    needs: str | None
    #: family -> member the case exercises
    mechanisms: dict[str, str]
    scenario: dict[str, object]


class LinuxReference(TypedDict):
    kernel: str
    hz: int
    tick_ms: float
    source: str
    cases: list[ReferenceCase]


class EngineCatalog(TypedDict):
    """Everything `_rexsim.catalog()` returns."""

    engine_version: str
    ops_abi: int
    parameters: list[Parameter]
    #: the objects and lists that give a scenario its shape
    containers: list[Container]
    #: family name -> its members, for the families a flow picks a member of
    mechanisms: dict[str, list[Member]]
    families: list[Family]
    vocab: Vocab
    metrics: list[MetricInfo]
    #: the fields of each fast-recovery episode (Result.flows[i].episodes)
    episode_metrics: list[MetricInfo]
    vars: list[VarInfo]
    events: list[str]
    timer_kinds: list[str]
    timer_formulas: list[str]
    states: list[str]
    drop_reasons: list[str]
    limits: Limits


class Profile(TypedDict):
    """A named set of a flow's settings to start a scenario from (rexsim.presets):
    the engine's own defaults, the tail-loss paper's Linux 3.17, Linux 6."""

    name: str
    label: str
    doc: str
    citation: str
    #: scenario overrides (``flows[*].tcp.fack`` -> True); a key another
    #: profile sets and this one does not keeps the catalogue's default
    overrides: dict[str, ParamValue]


class Suggestion(TypedDict):
    """Values worth filling in when a choice is picked (rexsim.presets): picking
    `value` for the field at `path` (a catalogue template path) sets its
    siblings `set` (keys of the same object), e.g. Gilbert-Elliott loss with
    the paper's parameters instead of the defaults' zero loss."""

    path: str
    value: str
    set: dict[str, ParamValue]
    label: str
    doc: str


class Catalog(EngineCatalog):
    """`rexsim.catalog()`: the engine's catalogue, the papers' profiles and
    suggested values (rexsim.presets) and, run now, Linux 6.18's reference
    cases (rexsim.linux_reference)."""

    profiles: list[Profile]
    suggested: list[Suggestion]
    linux_reference: LinuxReference
