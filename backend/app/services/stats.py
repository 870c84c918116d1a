"""Statistics for comparisons, every formula in one place.

* summaries: n, mean, median, p5, p95, sample standard deviation and a 95 %
  confidence interval of the mean (Student t), for many groups at once
  (`summarize_groups`; `summarize` is one group of it);
* `ratio_ci95`: the 95 % CI of a ratio of two independent means (a variant's
  mean over the baseline's: the "normalized" bars), by Fieller's theorem;
* `paired`: the mean of per-seed differences and its Student-t 95 % CI (the
  paired comparison over common seeds);
* `ecdf`: the empirical CDF's points.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

# two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom
_T975 = [
    12.706,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.160,
    2.145,
    2.131,
    2.120,
    2.110,
    2.101,
    2.093,
    2.086,
    2.080,
    2.074,
    2.069,
    2.064,
    2.060,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
]


def t975(df: float) -> float:
    """The 97.5 % quantile of Student's t with `df` degrees of freedom (a
    fractional df, as Welch's, is rounded down: the wider interval)."""
    d = math.floor(df)
    if d <= 0:
        return math.nan
    if d <= 30:
        return _T975[d - 1]
    return 1.96 + 2.4 / d  # within 0.2% of the exact quantile above 30


EMPTY: dict[str, Any] = {"n": 0, "mean": None, "median": None, "p5": None, "p95": None, "ci95": None, "std": None}


def _lerp(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64], t: npt.NDArray[np.float64]) -> Any:
    """numpy's percentile interpolation ("linear"), written out so that the
    grouped percentiles equal np.percentile's to the last bit."""
    d = b - a
    return np.where(t >= 0.5, b - d * (1 - t), a + d * t)


def summarize_groups(values: npt.ArrayLike, groups: npt.ArrayLike, n_groups: int) -> list[dict[str, Any]]:
    """summarize() of each group's values (groups[i] in 0..n_groups-1 is the
    group of values[i]) in a few vectorized passes: a comparison of 10,000
    runs has hundreds of groups and a summary for every metric of each."""
    v = np.asarray(values, dtype=float)
    g = np.asarray(groups, dtype=np.intp)
    order = np.lexsort((v, g))  # by group, then by value
    vs = v[order]
    n = np.bincount(g, minlength=n_groups)
    starts = np.concatenate(([0], np.cumsum(n)[:-1]))
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.bincount(g, weights=v, minlength=n_groups) / n
        dev = v - mean[g]
        ss = np.bincount(g, weights=dev * dev, minlength=n_groups)
        std = np.where(n > 1, np.sqrt(ss / np.maximum(n - 1, 1)), 0.0)

    def pct(q: float) -> Any:
        h = (np.maximum(n, 1) - 1) * (q / 100)
        lo = np.floor(h).astype(np.intp)
        hi = np.minimum(lo + 1, np.maximum(n, 1) - 1)
        a, b = vs[np.minimum(starts + lo, len(vs) - 1)], vs[np.minimum(starts + hi, len(vs) - 1)]
        return _lerp(a, b, h - lo)

    p5, p50, p95 = (pct(q) for q in (5, 50, 95)) if len(vs) else ([], [], [])
    out = []
    for i in range(n_groups):
        k = int(n[i])
        if k == 0:
            out.append(dict(EMPTY))
            continue
        m, sd = float(mean[i]), float(std[i])
        half = t975(k - 1) * sd / math.sqrt(k) if k > 1 else None
        out.append(
            {
                "n": k,
                "mean": m,
                "median": float(p50[i]),
                "p5": float(p5[i]),
                "p95": float(p95[i]),
                "std": sd,
                "ci95": [m - half, m + half] if half is not None else None,
            }
        )
    return out


def summarize(values: list[float]) -> dict[str, Any]:
    """n, mean, median, p5, p95 (numpy's linear interpolation), the sample
    standard deviation (n - 1) and the 95 % CI of the mean, mean +- t(0.975,
    n - 1) s / sqrt(n) (None for n < 2)."""
    if not values:
        return dict(EMPTY)
    return summarize_groups(values, np.zeros(len(values), dtype=np.intp), 1)[0]


def ratio_ci95(num: dict[str, Any], den: dict[str, Any]) -> list[float] | None:
    """95 % CI of mean(num) / mean(den) for two independent samples, from
    their summaries (n, mean, std): Fieller's theorem (E. C. Fieller, "Some
    problems in interval estimation", J. R. Stat. Soc. B 16(2), 1954).

    Why Fieller: the ratio a/b of two sample means is not normal (it is skewed
    and, when b may be near 0, heavy-tailed), but a - rho*b is, for the true
    ratio rho: normal for normal data and asymptotically (CLT) for any metric
    with a finite variance, with variance va + rho^2 vb (va = s_a^2/n_a,
    vb = s_b^2/n_b; the samples are independent: a variant's runs and the
    baseline's). The CI is every rho that a t-test of a - rho*b = 0 does not
    reject,

        (a - rho b)^2 <= t^2 (va + rho^2 vb),

    a quadratic in rho. With g = t^2 vb / b^2 < 1 its solution is the interval

        [a b -+ t sqrt(a^2 vb + b^2 va - t^2 va vb)] / (b^2 - t^2 vb),

    asymmetric about a/b as the ratio's distribution is; for g >= 1 the
    baseline's mean is not distinguishable from 0 and no finite interval
    exists: None. The delta method's a/b +- t sqrt(va + (a/b)^2 vb) / |b| is
    this interval's first-order approximation for small g (it is symmetric
    and never says when the ratio is unbounded), hence Fieller.

    t is Student's 97.5 % quantile with Welch-Satterthwaite's degrees of
    freedom for va + R^2 vb at R = a/b,
    (va + R^2 vb)^2 / (va^2/(n_a - 1) + R^4 vb^2/(n_b - 1)).

    None when either side has n < 2 or the baseline's mean is 0; [R, R] when
    neither sample varies."""
    na, nb = num.get("n", 0), den.get("n", 0)
    if na < 2 or nb < 2 or num["mean"] is None or not den["mean"]:
        return None
    a, b = float(num["mean"]), float(den["mean"])
    va, vb = float(num["std"]) ** 2 / na, float(den["std"]) ** 2 / nb
    r = a / b
    if va + r * r * vb == 0:
        return [r, r]
    df = (va + r * r * vb) ** 2 / (va * va / (na - 1) + r**4 * vb * vb / (nb - 1))
    t = t975(df)
    q = b * b - t * t * vb
    if q <= 0:  # g = t^2 vb / b^2 >= 1
        return None
    root = t * math.sqrt(a * a * vb + b * b * va - t * t * va * vb)
    return [(a * b - root) / q, (a * b + root) / q]


def paired(diffs: list[float], base_mean: float | None) -> dict[str, Any] | None:
    """The paired comparison over common seeds: diffs[i] is a variant's
    per-run mean minus the baseline's for the same seed. mean_diff, its 95 %
    CI mean +- t(0.975, n - 1) s_d / sqrt(n) (Student's paired t; None for
    n < 2) and mean_diff / base_mean (None when that mean is 0 or unknown).
    Pairing removes what the two runs of a seed share (the same random loss
    draws, the same path) from the variance, so it can resolve differences
    the unpaired CIs cannot. None when no seed is common."""
    if not diffs:
        return None
    st = summarize(diffs)
    return {
        "n": st["n"],
        "mean_diff": st["mean"],
        "ci95": st["ci95"],
        "normalized_diff": st["mean"] / base_mean if base_mean else None,
    }


def ecdf(values: list[float], max_points: int = 200) -> list[list[float]]:
    """[[x, F(x)], ...] at the sorted values, thinned to max_points (the last
    point is always kept)."""
    if not values:
        return []
    a = np.sort(np.asarray(values, dtype=float))
    n = len(a)
    idx = np.unique(np.linspace(0, n - 1, min(n, max_points)).round().astype(int))
    return [[float(a[i]), (i + 1) / n] for i in idx]
