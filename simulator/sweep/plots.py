"""Plots and summaries of a results table: a heatmap over two axes and the Pareto front.

- :func:`pivot` / :func:`heatmap`: one metric over two settings (mean over the rows that share a cell).
- :func:`pareto_front`: the points no other point beats on both of two metrics that are minimised
  (by default makespan and peak memory); :func:`plot_pareto` draws every point and the front.

Rows with ``status != "ok"`` are left out. Raises :class:`~simulator.sweep.errors.StudyError` for a
column the table does not have.

Examples
--------
>>> import pandas as pd
>>> df = pd.DataFrame({"status": ["ok"] * 4, "makespan_ns": [10, 20, 15, 30],
...                    "peak_memory_bytes": [50, 10, 40, 5]})
>>> pareto_front(df)[["makespan_ns", "peak_memory_bytes"]].values.tolist()
[[10, 50], [15, 40], [20, 10], [30, 5]]
>>> pareto_front(df.assign(makespan_ns=[10, 20, 25, 30]))["makespan_ns"].tolist()
[10, 20, 30]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pandas as pd

from simulator.sweep.errors import StudyError

if TYPE_CHECKING:
    from matplotlib.axes import Axes


def _ok(df: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    for c in columns:
        if c not in df.columns:
            raise StudyError(
                f"the results table has no column {c!r}; columns: {', '.join(map(str, df.columns))}"
            )
    rows = df[df["status"] == "ok"] if "status" in df.columns else df
    return rows.dropna(subset=columns)


def pivot(df: pd.DataFrame, x: str, y: str, value: str = "makespan_ns", *, agg: str = "mean") -> pd.DataFrame:
    """``value`` aggregated over the rows of each (``y``, ``x``) cell: rows are ``y``, columns ``x``."""
    rows = _ok(df, [x, y, value])
    table = rows.assign(**{value: rows[value].astype("float64")}).pivot_table(
        index=y,
        columns=x,
        values=value,
        aggfunc=agg,  # type: ignore[arg-type]
    )
    return table.sort_index().sort_index(axis=1)


def heatmap(
    df: pd.DataFrame,
    x: str,
    y: str,
    value: str = "makespan_ns",
    *,
    agg: str = "mean",
    ax: Axes | None = None,
    cmap: str = "viridis",
    annotate: bool = True,
    fmt: str = "{:.3g}",
) -> Axes:
    """A heatmap of ``value`` over settings ``x`` and ``y`` (see :func:`pivot`), each cell labelled."""
    import matplotlib.pyplot as plt

    table = pivot(df, x, y, value, agg=agg)
    if ax is None:
        _, ax = plt.subplots(figsize=(1.2 + 1.1 * len(table.columns), 1.0 + 0.5 * len(table.index)))
    image = ax.imshow(table.to_numpy(dtype=float), cmap=cmap, aspect="auto")
    ax.set_xticks(range(len(table.columns)), [str(c) for c in table.columns])
    ax.set_yticks(range(len(table.index)), [str(i) for i in table.index])
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    ax.set_title(f"{value} ({agg})")
    if annotate:
        values = table.to_numpy(dtype=float)
        for i in range(values.shape[0]):
            for j in range(values.shape[1]):
                if values[i, j] == values[i, j]:
                    # Dark text on light cells, white on dark ones, so every label reads.
                    red, green, blue, _ = image.cmap(image.norm(values[i, j]))
                    light = 0.299 * red + 0.587 * green + 0.114 * blue > 0.5
                    colour = "black" if light else "white"
                    ax.text(
                        j, i, fmt.format(values[i, j]), ha="center", va="center", color=colour, fontsize=8
                    )
    ax.figure.colorbar(image, ax=ax)
    return ax


def pareto_front(df: pd.DataFrame, x: str = "makespan_ns", y: str = "peak_memory_bytes") -> pd.DataFrame:
    """The rows not dominated on (``x``, ``y``), both minimised, sorted by ``x``. Of rows with equal
    values one is kept (the first in table order)."""
    rows = _ok(df, [x, y])
    ordered = rows.assign(_x=rows[x].astype("float64"), _y=rows[y].astype("float64"))
    ordered = ordered.sort_values(["_x", "_y"], kind="stable")
    keep = []
    best_y = float("inf")
    for label, yv in zip(ordered.index, ordered["_y"]):
        if yv < best_y:
            keep.append(label)
            best_y = yv
    return ordered.loc[keep].drop(columns=["_x", "_y"])


def plot_pareto(
    df: pd.DataFrame,
    x: str = "makespan_ns",
    y: str = "peak_memory_bytes",
    *,
    by: str | None = None,
    ax: Axes | None = None,
    **scatter: Any,
) -> Axes:
    """Every ok point (coloured by setting ``by``) and the Pareto front as a step line."""
    import matplotlib.pyplot as plt

    rows = _ok(df, [x, y] + ([by] if by else []))
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 4))
    groups = rows.groupby(by, sort=True, dropna=False) if by else [(None, rows)]
    for name, group in groups:
        label = f"{by}={name!s}" if by else "points"
        ax.scatter(group[x].astype(float), group[y].astype(float), s=18, alpha=0.7, label=label, **scatter)
    front = pareto_front(rows, x, y)
    ax.step(
        front[x].astype(float), front[y].astype(float), where="post", color="k", lw=1.2, label="Pareto front"
    )
    ax.scatter(front[x].astype(float), front[y].astype(float), facecolors="none", edgecolors="k", s=60)
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    ax.legend(fontsize=8)
    return ax
