"""app.services.gallery and app.schemas.gallery: a card whose figure is one of
the paper's tables (chart kind "table") with the paper's values as a
published "cells" entry, as the table contract (helper briefs,
table-contract.md) declares them, is served as the engine declares it.

The card below follows the contract exactly: the mobile-recovery paper's
Table 6 (throughput of each congestion control x loss recovery combination at
loss rates 0.01 / 0.05 / 0.1 %), rows split by congestion control, columns
the loss rate, cells in Mb/s. Its published values are the paper's, read from
the OCR'd text (shared/papers/opportunistic-retransmission-sndbuf.txt, Table
6); CUBIC+QARR at 0.1 % is null: the OCR put a stray "17.6(88.0%)" between
the PRR row's values, so which cell it belongs to is lost."""

from __future__ import annotations

import copy
from typing import Any

import pydantic
import pytest
import rexsim.gallery

from app.schemas.gallery import GalleryCardPublic
from app.services import gallery

LOSS = "path.forward.loss.p"
CC = "flows[*].tcp.cc"

TABLE6: dict[str, Any] = {
    "id": "orsb-table6",
    "paper": "opportunistic-retransmission-sndbuf",
    "paper_citation": "Loss recovery in fast mobile networks",
    "figure": "Table 6",
    "section": "§V.A",
    "title": "Throughput of the existing congestion control x loss recovery combinations",
    "caption": "Table 6 - Throughput performance of the existing combinations of congestion control and loss "
    "recovery algorithms under different packet loss rates",
    "citation": "Loss recovery in fast mobile networks, §V.A, Table 6",
    "preset": "adaptive-recovery-utilisation",
    "variants": {
        "RH": {"flows[*].tcp.recovery": "rate_halving"},
        "PRR": {"flows[*].tcp.recovery": "prr"},
        "QARR": {"flows[*].tcp.recovery": "qarr"},
        "BARR": {"flows[*].tcp.recovery": "barr"},
    },
    "baseline_variant": "PRR",
    "grid": {LOSS: [0.0001, 0.0005, 0.001], CC: ["cubic", "veno"]},
    "replications": 10,
    "replications_note": "the paper's 10 runs",
    "metric": "goodput_bps",
    "flows": None,
    "flow_filter": None,
    "n_runs": 3 * 2 * 4 * 10,
    "chart": {
        "kind": "table",
        "x": LOSS,
        "x_label": "Loss rate",
        "x_unit": "%",
        "x_scale": 100,
        "rows": CC,
        "rows_label": "Congestion control",
        "value_label": "Throughput",
        "value_unit": "Mb/s",
        "value_scale": 1e-6,
    },
    "panels": [{"id": "original", "label": "Original", "where": {}}],
    "findings": [],
    "published": [
        {
            "id": "table6-experimental",
            "kind": "cells",
            "section": "§V.A",
            "quote": "Table 6 - Throughput performance of the existing combinations of congestion control and loss "
            "recovery algorithms under different packet loss rates",
            "label": "Experimental",
            "panel": "original",
            "values": [
                {"variant": "RH", "where": {LOSS: 0.0001, CC: "cubic"}, "value": 17.0},
                {"variant": "RH", "where": {LOSS: 0.0005, CC: "cubic"}, "value": 6.87},
                {"variant": "QARR", "where": {LOSS: 0.001, CC: "cubic"}, "value": None},
                {"variant": "BARR", "where": {LOSS: 0.001, CC: "veno"}, "value": 16.5},
            ],
            "note": "CUBIC+QARR at 0.1 %: the OCR put a stray 17.6(88.0%) between the PRR row's values",
        }
    ],
    "notes": [],
}


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch):
    """The service with the engine declaring the contract's card (the service caches the engine's cards)."""
    monkeypatch.setattr(rexsim.gallery, "cards", lambda: [copy.deepcopy(TABLE6)])
    gallery._cards.cache_clear()
    yield
    gallery._cards.cache_clear()


def test_a_table_card_is_served_as_the_engine_declares_it(served) -> None:
    got = gallery.card("orsb-table6")
    dumped = got.model_dump(mode="json")
    # the other chart kinds' fields (a time plot's window and panel run) read null
    dumped["chart"] = {k: v for k, v in dumped["chart"].items() if v is not None}
    dumped["panels"] = [{k: v for k, v in p.items() if v is not None} for p in dumped["panels"]]
    assert dumped == TABLE6
    assert got.chart.kind == "table"
    assert (got.chart.rows, got.chart.value_scale, got.chart.x_scale) == (CC, 1e-6, 100)
    (pub,) = got.published
    assert pub.kind == "cells" and pub.label == "Experimental" and pub.panel == "original"
    # a value the OCR lost stays null: the dashboard shows "—" there, and the entry's note beside the table
    assert [c.value for c in pub.values] == [17.0, 6.87, None, 16.5]
    assert pub.note is not None and pub.note.startswith("CUBIC+QARR at 0.1 %")
    assert pub.values[2].where == {LOSS: 0.001, CC: "cubic"}


def test_the_chart_kinds_of_before_keep_their_fields() -> None:
    # a bar card of the tail-loss paper: the table's fields are absent and read null
    chart = GalleryCardPublic(**rexsim.gallery.card("tail-loss-fig2")).chart
    assert chart.kind == "bars" and chart.rows is None and chart.value_scale is None


@pytest.mark.parametrize(
    ("where", "change", "error"),
    [
        ("chart", {"kind": "heatmap"}, "literal_error"),
        ("published", {"kind": "cell"}, "union_tag_invalid"),
        ("published", {"values": [{"variant": "RH", "where": {LOSS: 0.0001}}]}, "missing"),
        ("published", {"values": [{"variant": "RH", "where": {LOSS: 0.0001}, "value": "n/a"}]}, "float_parsing"),
        ("published", {"label": None}, "string_type"),
        ("published", {"note": 3}, "string_type"),
    ],
)
def test_malformed_table_fields_are_refused(where: str, change: dict[str, Any], error: str) -> None:
    card = copy.deepcopy(TABLE6)
    if where == "chart":
        card["chart"].update(change)
    else:
        card["published"][0].update(change)
    with pytest.raises(pydantic.ValidationError) as e:
        GalleryCardPublic(**card)
    assert error in {err["type"] for err in e.value.errors()}
