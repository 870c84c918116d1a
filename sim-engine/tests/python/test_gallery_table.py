"""The gallery's "table" chart kind and its published "cells" (the helpers'
table contract; rexsim.gallery.validate, reproduce, table_rows), on a small
card of the mobile-recovery paper's Table 2 shape: the columns are the
propagation delay, the rows the four recovery algorithms, one panel per
setting of opportunistic retransmission.

The card runs the `adaptive-recovery-utilisation` preset (one burst of 10
consecutive losses once the window has reached AW) with the receive window
AW = C x U from receiver.rwnd_bdp = 1, so that AW follows the delay: at
one-way 25 ms (U = 50 ms) the window is 20e6 x 0.05 / 8 = 125,000 bytes, the
preset's own rwnd_bytes, so the cell is the preset's run."""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest
import rexsim
from rexsim import gallery
from rexsim.presets import RECOVERY_VARIANTS

DELAY = "path.*.delay_ms"
OPP = "flows[*].tcp.opportunistic_rtx"
BDP = "flows[*].receiver.rwnd_bdp"

CARD: dict[str, Any] = {
    "id": "test-table",
    "paper": gallery.ORSB,
    "figure": "Table 2",
    "section": "§IV.B",
    "title": "test",
    "caption": "test",
    "preset": "adaptive-recovery-utilisation",
    "grid": {DELAY: [25, 75], BDP: [1], OPP: [False, True]},
    "replications": 2,
    "replications_note": "deterministic: two identical runs",
    "metric": "recovery_utilisation",
    "flows": None,
    "chart": {
        "kind": "table",
        "x": DELAY,
        "x_label": "Propagation delay",
        "x_unit": "ms",
        "x_scale": 2,
        "rows": None,
        "rows_label": None,
        "value_label": "Utilisation during recovery",
        "value_unit": "%",
        "value_scale": 100,
    },
    "panels": [
        {"id": "original", "label": "Original", "where": {BDP: 1, OPP: False}},
        {"id": "or", "label": "With opportunistic retransmission", "where": {BDP: 1, OPP: True}},
    ],
    "findings": [],
    "published": [
        {
            "id": "t2-numerical",
            "kind": "cells",
            "section": "§IV.B",
            "quote": "Table. 2 Comparison of bandwidth utilization during the loss recovery period versus "
            "different propagation delays.",
            "label": "Numerical",
            "panel": "original",
            "values": [
                {"variant": "RH", "where": {DELAY: 25}, "value": 10.8},
                {"variant": "PRR", "where": {DELAY: 75}, "value": None},
            ],
            "note": "a value the test pretends the OCR lost",
        }
    ],
    "notes": [],
}


@pytest.fixture(scope="module")
def reproduced() -> dict[str, Any]:
    mp = pytest.MonkeyPatch()
    mp.setattr(gallery, "CARDS", [*gallery.CARDS, CARD])
    try:
        return gallery.reproduce("test-table")
    finally:
        mp.undo()


def test_mean_ci95_is_the_services_student_t_interval() -> None:
    """[1, 2, 3, 4]: mean 2.5, s^2 = (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3,
    t(0.975, 3) = 3.182: half-width 3.182 x 1.2909944 / 2 = 2.0539721."""
    lo, hi = gallery.mean_ci95([1.0, 2.0, 3.0, 4.0])
    assert (lo, hi) == pytest.approx((2.5 - 2.0539721, 2.5 + 2.0539721), abs=1e-7)
    assert gallery.mean_ci95([3.0]) is None
    # 40 values: t = 1.96 + 2.4 / 39; all equal: a zero-width interval
    assert gallery.mean_ci95([0.5] * 40) == [0.5, 0.5]


def test_table_card_validates() -> None:
    gallery.validate(CARD)


def test_reproduce_gives_display_means_and_cis(reproduced: dict[str, Any]) -> None:
    """The U = 50 ms cell without opportunistic retransmission is the preset's
    own run (AW = 125,000 bytes either way): each variant's utilisation is
    the system model's n / (n + C U - (n - 1)) = 10 / (10 + 82.5 - 9) = 0.1198
    with C = 20e6 / 8 / 1515 = 1650 packets/s (to 1 %, as the claims test);
    both replications are the same run (no randomness), so the CI has zero
    width; display values are the mean x 100."""
    (cell,) = [c for c in reproduced["cells"] if c["params"] == {DELAY: 25, BDP: 1, OPP: False}]
    preset_runs = {
        v: rexsim.run(rexsim.preset_scenario("adaptive-recovery-utilisation", v))
        .flows[0]
        .metrics["recovery_utilisation"]
        for v in RECOVERY_VARIANTS
    }
    for name, v in cell["variants"].items():
        assert v["values"] == [preset_runs[name]] * 2
        assert v["mean"] == pytest.approx(10 / (10 + 20e6 / 8 / 1515 * 0.05 - 9), rel=0.01)
        assert v["ci95"] == [v["mean"], v["mean"]]
        assert v["display_mean"] == v["mean"] * 100
        assert v["display_ci95"] == [v["mean"] * 100] * 2


def test_table_rows_lay_out_the_papers_table(reproduced: dict[str, Any]) -> None:
    rows = gallery.table_rows(reproduced, "original")
    assert [r["variant"] for r in rows] == list(RECOVERY_VARIANTS)
    assert all(r["rows_value"] is None for r in rows)
    rh = rows[0]["cells"]
    assert [c["x"] for c in rh] == [25, 75] and [c["x_display"] for c in rh] == [50, 150]
    assert rh[0]["n"] == 2
    pub = rh[0]["published"]["Numerical"]
    assert pub["value"] == 10.8
    assert pub["diff"] == rh[0]["mean"] - 10.8 and pub["rel"] == pub["diff"] / 10.8
    assert rh[1]["published"] == {}  # the paper's table names no RH cell at 150 ms here
    prr150 = rows[1]["cells"][1]["published"]["Numerical"]
    assert prr150 == {"value": None, "diff": None, "rel": None}
    # the other panel has no published cells
    assert all(c["published"] == {} for r in gallery.table_rows(reproduced, "or") for c in r["cells"])
    # the U = 150 ms column is below the U = 50 ms one (the model: 10 / 248.5 = 0.040)
    assert rh[1]["mean"] < rh[0]["mean"]


def test_table_rows_splits_rows_by_a_grid_key() -> None:
    """chart.rows: rows are (rows value) x variant, in grid then variant order."""
    card = copy.deepcopy(CARD)
    card["chart"].update(rows=OPP, rows_label="Opportunistic retransmission")
    card["panels"] = [{"id": "all", "label": "All", "where": {BDP: 1}}]
    card["published"] = []
    card["grid"][DELAY] = [25]
    card["replications"] = 1
    gallery.validate(card)
    c = {**card, "variants": {"RH": RECOVERY_VARIANTS["RH"]}, "baseline_variant": "RH", "flow_filter": None}
    rows = gallery.table_rows(gallery.reproduce(c), "all")
    assert [(r["rows_value"], r["variant"]) for r in rows] == [(False, "RH"), (True, "RH")]
    assert all(len(r["cells"]) == 1 and r["cells"][0]["ci95"] is None for r in rows)


def _bad(path: str, value: Any) -> dict[str, Any]:
    card = copy.deepcopy(CARD)
    *head, last = path.split(".")
    node: Any = card
    for k in head:
        node = node[int(k)] if isinstance(node, list) else node[k]
    if value is _DELETE:
        del node[last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return card


_DELETE = object()


@pytest.mark.parametrize(
    "path,value,message",
    [
        ("chart.x", "flows[*].tcp.cc", r"chart\.x: must be a grid key that the panels do not fix"),
        ("chart.x", OPP, r"chart\.x: must be a grid key that the panels do not fix"),
        ("chart.rows", DELAY, r"chart\.rows: must differ from chart\.x"),
        ("chart.rows", OPP, r"chart\.rows_label: names the rows when chart\.rows is set"),
        ("chart.value_scale", 0, r"chart\.value_scale: must be a finite non-zero number"),
        ("chart.value_label", _DELETE, r"chart: a table needs value_label"),
        ("chart.colour", "red", r"chart: a table has no field colour"),
        ("chart.rows_label", "Rows", r"chart\.rows_label: names the rows when chart\.rows is set"),
        ("panels.0.where", {BDP: 1}, r"panels\.original\.where: a table panel must fix every grid key but chart\.x"),
        ("published.0.panel", "b", r"published\.t2-numerical: no panel 'b'"),
        ("published.0.label", "", r"published\.t2-numerical: needs a label"),
        ("published.0.values.0.variant", "CUBIC", r"'CUBIC' is not a variant"),
        ("published.0.values.0.where", {DELAY: 30}, r"values\[0\]\.where: path\.\*\.delay_ms = 30 is not a value"),
        ("published.0.values.0.where", {DELAY: 25, OPP: True}, r"values\[0\]\.where must name exactly"),
        ("published.0.values.0.value", math.nan, r"values\[0\]\.value must be a finite number or null"),
        (
            "published.0.values.1",
            {"variant": "RH", "where": {DELAY: 25}, "value": 1},
            r"values\[1\] names the same variant and cell twice",
        ),
        ("published.0.note", _DELETE, r"a null value \(lost by the OCR\) needs a note"),
    ],
)
def test_validate_names_the_table_field(path: str, value: Any, message: str) -> None:
    with pytest.raises(gallery.CardError, match=r"'test-table': (published\.t2-numerical: )?" + message):
        gallery.validate(_bad(path, value))


def test_cells_need_a_table_chart() -> None:
    card = copy.deepcopy(CARD)
    card["chart"] = {"kind": "bars", "x": DELAY, "x_label": "U", "x_unit": "ms", "x_scale": 2}
    with pytest.raises(gallery.CardError, match="published cells need a table chart"):
        gallery.validate(card)


def test_rows_must_be_a_key_the_panels_leave_free() -> None:
    card = copy.deepcopy(CARD)
    card["chart"].update(rows=OPP, rows_label="Opportunistic retransmission")
    with pytest.raises(gallery.CardError, match=r"chart\.rows: must be a grid key that the panels do not fix"):
        gallery.validate(card)
