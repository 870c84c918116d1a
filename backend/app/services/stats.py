"""Summary statistics for comparisons: n, mean, median, p5, p95, a 95%
confidence interval of the mean (Student t), and ECDF points."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

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


def t975(df: int) -> float:
    if df <= 0:
        return math.nan
    if df <= 30:
        return _T975[df - 1]
    return 1.96 + 2.4 / df  # within 0.2% of the exact quantile above 30


def summarize(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0, "mean": None, "median": None, "p5": None, "p95": None, "ci95": None, "std": None}
    a = np.asarray(values, dtype=float)
    n = len(a)
    mean = float(a.mean())
    std = float(a.std(ddof=1)) if n > 1 else 0.0
    half = t975(n - 1) * std / math.sqrt(n) if n > 1 else None
    return {
        "n": n,
        "mean": mean,
        "median": float(np.median(a)),
        "p5": float(np.percentile(a, 5)),
        "p95": float(np.percentile(a, 95)),
        "std": std,
        "ci95": [mean - half, mean + half] if half is not None else None,
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
