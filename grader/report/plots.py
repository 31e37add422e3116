"""The class report's plots: matplotlib figures turned into inline SVG, so the page needs no network
and no files beside it.

Text stays text (``svg.fonttype = none``: small, searchable, sharp at any zoom) and the SVG carries
no date and a fixed id salt, so the same results give the same bytes. Labels are student file names
and check titles; matplotlib escapes them as XML text.
"""

from __future__ import annotations

import io
import math
from typing import Mapping, Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)
import pandas as pd  # noqa: E402

from grader.text import clip  # noqa: E402

BAR, STUDENT = "#0969da", "#8250df"
_STYLE = {
    "svg.fonttype": "none", "svg.hashsalt": "adversarial-grader", "font.size": 9,
    "font.family": ["DejaVu Sans", "sans-serif"], "axes.spines.top": False, "axes.spines.right": False,
    "axes.edgecolor": "#8c959f", "axes.titlesize": 10, "axes.titleweight": "bold", "axes.titlelocation": "left",
    "xtick.color": "#59636e", "ytick.color": "#59636e", "axes.labelcolor": "#59636e",
}


def figure_svg(fig: plt.Figure) -> str:
    """``fig`` as an ``<svg>`` element to put in a page (no XML prolog, no date); the figure is closed."""
    buffer = io.StringIO()
    with matplotlib.rc_context(_STYLE):
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def score_histograms(points: pd.DataFrame, max_points: Mapping[str, float]) -> str:
    """One histogram per column of ``points`` (a task, or the total), on the scale 0..max, in a grid.

    A column with no value (a task graded by hand) is left out."""
    columns = [c for c in points.columns if points[c].notna().any() and max_points.get(c, 0) > 0]
    if not columns:
        return ""
    per_row = min(3, len(columns))
    rows = math.ceil(len(columns) / per_row)
    with matplotlib.rc_context(_STYLE):
        fig, axes = plt.subplots(rows, per_row, figsize=(3.6 * per_row, 2.3 * rows), squeeze=False)
        for ax, column in zip(axes.flat, columns):
            values = points[column].dropna()
            top = max_points[column]
            bins = _bins(top)
            ax.hist(values.clip(0, top), bins=bins, color=BAR, edgecolor="white", linewidth=0.6)
            ax.set_xlim(0, top)
            ax.set_title(clip(column, 38), fontsize=9)
            ax.axvline(values.mean(), color="#1f2328", linewidth=1, linestyle="--")
            ax.yaxis.get_major_locator().set_params(integer=True)
            ax.set_xlabel(f"points of {top:g}, mean {values.mean():.1f}")
        for ax in list(axes.flat)[len(columns):]:
            ax.axis("off")
        fig.tight_layout()
    return figure_svg(fig)


def time_bars(names: Sequence[str], seconds: Sequence[float], student_seconds: Sequence[float]) -> str:
    """Grading time per submission, slowest first (wall clock), the CPU time of the student's code darker."""
    if not names:
        return ""
    order = sorted(range(len(names)), key=lambda i: -seconds[i])
    with matplotlib.rc_context(_STYLE):
        fig, ax = plt.subplots(figsize=(9.2, 0.24 * len(order) + 0.9))
        y = list(range(len(order)))[::-1]
        ax.barh(y, [seconds[i] for i in order], color="#d0d7de", height=0.7, label="grading, total")
        ax.barh(y, [student_seconds[i] for i in order], color=STUDENT, height=0.7, label="CPU time in the student's code")
        ax.set_yticks(y, [clip(names[i], 40) for i in order])
        ax.set_xlabel("seconds")
        ax.legend(ncols=2, loc="lower left", bbox_to_anchor=(0, 1.0), frameon=False, fontsize=8)
        ax.spines["left"].set_visible(False)
        ax.tick_params(axis="y", length=0)
        fig.tight_layout()
    return figure_svg(fig)


def _bins(top: float) -> list[float]:
    """Bin edges over 0..top: one per point up to 20 points, else 20 equal bins."""
    count = int(top) if top <= 20 and float(top).is_integer() else 20
    return [top * i / count for i in range(count + 1)]
