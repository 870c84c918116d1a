"""The statistics of comparisons against values derived by hand (each
derivation is written next to its test), and the grouped summaries against
numpy's own mean, standard deviation and percentiles."""

from __future__ import annotations

import math

import numpy as np
import pytest

from app.services import stats


def test_t_quantiles():
    # Student's t 97.5 % quantiles (any table): df 1 -> 12.706, 6 -> 2.447, 30 -> 2.042
    assert stats.t975(1) == 12.706 and stats.t975(6) == 2.447 and stats.t975(30) == 2.042
    assert stats.t975(6.9) == 2.447  # Welch's fractional df rounds down: the wider interval
    assert abs(stats.t975(120) - 1.980) < 0.002  # the table's 1.980
    assert math.isnan(stats.t975(0))


def test_summary_of_one_to_four():
    # x = 1, 2, 3, 4: n 4, mean 2.5; deviations -1.5 -0.5 0.5 1.5, squares sum
    # 5, s^2 = 5/3, s = 1.2909944; numpy's linear percentiles at h = (n-1) q:
    # p5 h = 0.15 -> 1 + 0.15 = 1.15, median h = 1.5 -> 2.5, p95 h = 2.85 -> 3.85;
    # 95 % CI = 2.5 -+ t(3) s / sqrt(4) = 2.5 -+ 3.182 * 1.2909944 / 2 = 2.5 -+ 2.0539722
    st = stats.summarize([4.0, 2.0, 1.0, 3.0])
    assert st["n"] == 4 and st["mean"] == 2.5 and st["median"] == 2.5
    assert st["std"] == pytest.approx(math.sqrt(5 / 3), rel=1e-15)
    assert st["p5"] == pytest.approx(1.15, rel=1e-15) and st["p95"] == pytest.approx(3.85, rel=1e-15)
    assert st["ci95"] == pytest.approx([2.5 - 2.053972167938667, 2.5 + 2.053972167938667], rel=1e-12)
    one = stats.summarize([7.0])
    assert (one["n"], one["mean"], one["median"], one["std"], one["ci95"]) == (1, 7.0, 7.0, 0.0, None)
    assert stats.summarize([]) == stats.EMPTY


def test_grouped_summaries_equal_numpys_per_group():
    rng = np.random.default_rng(9)
    n_groups = 7
    groups = rng.integers(0, n_groups - 1, 500)  # the last group stays empty
    values = rng.lognormal(5, 1, 500)
    out = stats.summarize_groups(values, groups, n_groups)
    for g in range(n_groups - 1):
        x = values[groups == g]
        st = out[g]
        assert st["n"] == len(x)
        assert st["mean"] == pytest.approx(float(np.mean(x)), rel=1e-13)
        assert st["std"] == pytest.approx(float(np.std(x, ddof=1)), rel=1e-12)
        for key, q in (("p5", 5), ("median", 50), ("p95", 95)):
            assert st[key] == float(np.percentile(x, q))  # the same interpolation, to the bit
    assert out[-1] == stats.EMPTY


def test_ratio_ci_by_fieller_derived_by_hand():
    # variant: n 4, mean a = 20, s^2 = 16 -> va = 16/4 = 4; baseline: n 4, b = 10,
    # s^2 = 4 -> vb = 1. R = a/b = 2. Welch-Satterthwaite df at R:
    # (va + R^2 vb)^2 / (va^2/3 + R^4 vb^2/3) = 8^2 / (16/3 + 16/3) = 6 -> t = 2.447.
    # q = b^2 - t^2 vb = 100 - 5.987809 = 94.012191;
    # a^2 vb + b^2 va - t^2 va vb = 400 + 400 - 23.951236 = 776.048764, sqrt 27.8576518;
    # t * sqrt = 68.1676740; CI = (200 -+ 68.1676740) / 94.012191 = [1.4022897, 2.8524777]
    num = {"n": 4, "mean": 20.0, "std": 4.0}
    den = {"n": 4, "mean": 10.0, "std": 2.0}
    lo, hi = stats.ratio_ci95(num, den)
    assert lo == pytest.approx(1.40228968854749, rel=1e-12) and hi == pytest.approx(2.8524776532752316, rel=1e-12)
    # the ends are exactly where a t-test of a - rho b = 0 stops rejecting
    t = 2.447
    for rho in (lo, hi):
        assert (20 - rho * 10) ** 2 == pytest.approx(t * t * (4 + rho * rho * 1), rel=1e-12)
    # asymmetric about R = 2, as the ratio's distribution: further above than below
    assert hi - 2 > 2 - lo
    # the delta method's symmetric interval, R -+ t sqrt(va + R^2 vb) / b = 2 -+ 2.447 * sqrt(8) / 10
    # = 2 -+ 0.6921, is Fieller's first-order approximation: close, not equal
    half = 2.447 * math.sqrt(8) / 10
    assert abs(lo - (2 - half)) < 0.1 and abs(hi - (2 + half)) < 0.2 and lo != pytest.approx(2 - half)


def test_ratio_ci_edge_cases():
    # g = t^2 vb / b^2 >= 1: the baseline's mean is indistinguishable from 0, no finite interval
    # (b = 1, vb = 4/4 = 1, t >= 1.96 -> g > 1)
    assert stats.ratio_ci95({"n": 4, "mean": 5.0, "std": 1.0}, {"n": 4, "mean": 1.0, "std": 2.0}) is None
    assert stats.ratio_ci95({"n": 1, "mean": 5.0, "std": 0.0}, {"n": 4, "mean": 1.0, "std": 1.0}) is None
    assert stats.ratio_ci95({"n": 4, "mean": 5.0, "std": 1.0}, {"n": 1, "mean": 1.0, "std": 0.0}) is None
    assert stats.ratio_ci95({"n": 4, "mean": 5.0, "std": 1.0}, {"n": 4, "mean": 0.0, "std": 1.0}) is None
    # neither sample varies (a deterministic metric): the ratio itself
    assert stats.ratio_ci95({"n": 3, "mean": 360.0, "std": 0.0}, {"n": 3, "mean": 720.0, "std": 0.0}) == [0.5, 0.5]
    # with large samples Fieller and the delta method agree (g -> 0)
    num, den = {"n": 10_000, "mean": 20.0, "std": 4.0}, {"n": 10_000, "mean": 10.0, "std": 2.0}
    lo, hi = stats.ratio_ci95(num, den)
    half = stats.t975(19_998) * math.sqrt(16 / 10_000 + 4 * 4 / 10_000) / 10
    assert lo == pytest.approx(2 - half, rel=1e-4) and hi == pytest.approx(2 + half, rel=1e-4)


def test_paired_derived_by_hand():
    # per-seed differences 1, 2, 3: mean 2, s = 1, t(2) = 4.303,
    # CI = 2 -+ 4.303 / sqrt(3) = 2 -+ 2.4843382; normalized by a baseline mean of 10: 0.2
    p = stats.paired([3.0, 1.0, 2.0], 10.0)
    assert p["n"] == 3 and p["mean_diff"] == 2.0 and p["normalized_diff"] == 0.2
    assert p["ci95"] == pytest.approx([2 - 2.48433820832296, 2 + 2.48433820832296], rel=1e-12)
    one = stats.paired([-1.5], 0.0)
    assert one == {"n": 1, "mean_diff": -1.5, "ci95": None, "normalized_diff": None}
    assert stats.paired([], 10.0) is None


def test_ecdf_points():
    assert stats.ecdf([3.0, 1.0, 2.0]) == [[1.0, 1 / 3], [2.0, 2 / 3], [3.0, 1.0]]
    pts = stats.ecdf(list(map(float, range(1000))), max_points=10)
    assert len(pts) == 10 and pts[-1] == [999.0, 1.0]
    assert stats.ecdf([]) == []
