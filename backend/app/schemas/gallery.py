"""The paper gallery's cards, as rexsim.gallery declares them (one per figure)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from .comparison import FlowFilter


class GalleryPlot(BaseModel):
    """What a time plot draws against time."""

    label: str = Field(description="the paper's name for it, e.g. Sequence/ACK number, cwnd")
    unit: str = Field(
        description="sequence: MB or segments; a *_bytes series (cwnd): bytes or packets (of the flow's MSS); "
        "a *_us series: ms; a mechanism variable: its catalogue unit"
    )


class GalleryChart(BaseModel):
    """How the paper draws the figure."""

    kind: Literal["bars", "cdf", "box", "timeseries", "table"] = Field(
        description="bars: the metric's mean per variant normalized to the baseline, grouped per value of `x`; "
        "cdf: one CDF of the metric per variant and panel; box: one box plot per variant and panel (p5-p95 "
        "whiskers, Q1-Q3 box, median, mean); timeseries: per panel, one run's `plot` against time over "
        "[t_from_s, t_to_s] (the run of the panel's variant and replication); table: the paper's table, one "
        "column per value of `x`, one row per variant (per value of `rows` and variant when `rows` is set), each "
        "cell the metric's raw mean with its 95% CI in display units (mean x value_scale; tables are never "
        "normalized)"
    )
    x: str | None = Field(
        None,
        description="bars: the grid key whose values group the bars; table: the grid key whose values are the columns",
    )
    x_label: str | None = Field(None, description="bars: the paper's name for x, e.g. RTT; table: the columns' name")
    x_unit: str | None = None
    x_scale: float | None = Field(
        None, description="bars, table: the shown value is the grid value times this (RTT = 2 x one-way, % = 100 x p)"
    )
    rows: str | None = Field(
        None,
        description="table: a grid key whose values split the rows (e.g. flows[*].tcp.cc): rows are (value of rows) "
        "x variant, in grid and variant order; null: one row per variant",
    )
    rows_label: str | None = Field(None, description="table: the paper's name for `rows`, e.g. Congestion control")
    value_label: str | None = Field(None, description="table: the paper's name for the cells' value, e.g. Throughput")
    value_unit: str | None = Field(None, description="table: the cells' display unit, e.g. Mb/s")
    value_scale: float | None = Field(
        None, description="table: a cell shows the metric's mean (and its CI) times this, e.g. 1e-6 for b/s -> Mb/s"
    )
    t_from_s: float | None = Field(None, description="timeseries: the window's start (s of simulated time)")
    t_to_s: float | None = Field(None, description="timeseries: the window's end (s)")
    measure_from_s: float | None = Field(
        None, description="timeseries: where the findings start measuring (s), e.g. when a delay spike ends"
    )
    paper_window_s: list[float] | None = Field(
        None, description="timeseries: the paper's window [from, to] (s), where it differs from Rexmit's"
    )
    plots: dict[str, GalleryPlot] | None = Field(
        None,
        description="timeseries: the plots the panels draw: 'sequence' (sequence and ACK numbers, the run "
        "view's time-sequence diagram) or a series of GET /runs/{id}/series (cwnd, ssthresh, ...)",
    )


class GalleryPanel(BaseModel):
    id: str = Field(description="the paper's panel name where it has one (a-f), else top/bottom")
    label: str
    where: dict[str, Any] = Field(description="grid key -> value: the cells the panel shows")
    variant: str | None = Field(None, description="timeseries: the variant whose run the panel draws")
    replication: int | None = Field(
        None, description="timeseries: which of the variant's runs (0: the first; its seed is the base seed + it)"
    )
    plot: str | None = Field(None, description="timeseries: a key of chart.plots")


class GalleryFinding(BaseModel):
    """A sentence of the paper, quoted, and whether Rexmit's results show it (the engine's gallery test checks)."""

    id: str
    section: str
    quote: str
    panels: list[str] | None = Field(description="the panels it speaks of; null: the whole figure")
    status: Literal["holds", "differs"]
    rexmit: str = Field(description="what Rexmit's results show; for 'differs', how and why")


class SavingRule(BaseModel):
    rtts: float = Field(description="RTTs saved (the chart's x value is the RTT)")
    plus_ms: float = Field(description="milliseconds saved on top")


class PublishedSaving(BaseModel):
    """A saving of `variant` over the baseline the paper states: rtts x RTT + plus_ms, per panel."""

    id: str
    kind: Literal["saving"]
    section: str
    quote: str
    variant: str
    at_least: bool = Field(description="the paper says 'at least'")
    per_panel: dict[str, SavingRule]


class PublishedRatio(BaseModel):
    """A ratio of summed metrics per variant (e.g. spurious retransmissions / all segments), over the whole figure."""

    id: str
    kind: Literal["ratio"]
    section: str
    quote: str
    label: str
    numerator: list[str] = Field(description="catalogue metrics summed over every counted flow")
    denominator: list[str]
    values: dict[str, float] = Field(description="variant -> the paper's value")


class PublishedEcdfAt(BaseModel):
    """The fraction of a panel's values below x, per variant."""

    id: str
    kind: Literal["ecdf_at"]
    section: str
    quote: str
    panel: str
    x: float = Field(description="in the metric's unit")
    values: dict[str, float] = Field(description="variant -> the paper's fraction (0-1)")


class PublishedCell(BaseModel):
    """One cell of a paper's table: a variant's value where the table's column (and row group) are `where`."""

    variant: str
    where: dict[str, Any] = Field(
        description="grid key -> value naming the cell: the chart's x value, and its rows value when it has rows"
    )
    value: float | None = Field(
        description="the paper's value in the table's display units; null where the OCR lost it"
    )


class PublishedCells(BaseModel):
    """A paper's table of values (e.g. Table 4's experimental rows), in display units (after value_scale), shown
    beside Rexmit's cells of one panel with the difference (Rexmit - paper, and relative to the paper's)."""

    id: str
    kind: Literal["cells"]
    section: str
    quote: str
    label: str = Field(description="what these values are, e.g. Numerical or Experimental")
    panel: str = Field(description="the panel (a table) whose cells they are")
    values: list[PublishedCell]
    note: str | None = Field(
        None,
        description="what the reader should know about these values, e.g. which the OCR lost (a null value needs one)",
    )


Published = Annotated[PublishedSaving | PublishedRatio | PublishedEcdfAt | PublishedCells, Field(discriminator="kind")]


class GalleryCardPublic(BaseModel):
    """One figure of a paper the engine reproduces: what to run, how to draw it, and what the paper says."""

    id: str
    paper: str = Field(description="the paper's file name in shared/papers (without extension)")
    paper_citation: str = Field(description="the paper's authors and title")
    figure: str
    section: str
    title: str
    caption: str = Field(description="the figure's caption, quoted")
    citation: str
    preset: str = Field(description="a preset name from GET /presets")
    variants: dict[str, dict[str, Any]] = Field(description="the preset's variants: name -> overrides")
    baseline_variant: str
    grid: dict[str, list[Any]] = Field(description="dotted path -> values: the figure's cells are their product")
    replications: int
    replications_note: str
    metric: str = Field(description="a numeric metric of GET /mechanisms, or request_ms")
    flows: list[int] | None = Field(description="the flows whose metrics count (null: every flow)")
    flow_filter: FlowFilter | None = Field(
        description="of those flows, only the ones whose metric is at least a value in each run (null: all of them)"
    )
    n_runs: int = Field(description="cells x variants x replications: the runs 'Reproduce' starts")
    chart: GalleryChart
    panels: list[GalleryPanel]
    findings: list[GalleryFinding]
    published: list[Published]
    notes: list[str] = Field(description="where the reproduction's method differs from the paper's")
