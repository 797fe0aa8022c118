"""The words and tables a notebook shows for a study, computed from its table; heatmap labels that read
(issue 17)."""

from __future__ import annotations

import matplotlib
import pandas as pd

from simulator.sweep import heatmap
from simulator.sweep.summary import busy_by_queue, describe_study

matplotlib.use("Agg")


def _table() -> pd.DataFrame:
    rows = []
    for favor, span, peak in [("min-peak-memory", 100_000, 8192), ("max-concurrency", 90_000, 16384)]:
        for queues in (1, 2):
            for model, extra in (("unified", 0), ("discrete", 3_000)):
                rows.append(
                    {
                        "program": "p",
                        "status": "ok",
                        "favor": favor,
                        "queues": queues,
                        "memory_model": model,
                        "makespan_ns": span + extra,
                        "peak_memory_bytes": peak,
                        "bytes_moved": 4096 + extra,
                        "findings": 0,
                        "first_dispatch_ns": 50_000,
                        "busy_fraction[gpu0/queue0]": 0.5,
                        "busy_fraction[gpu0/queue1]": 0.0 if queues == 2 else None,
                    }
                )
    rows.append({**rows[0], "status": "error", "makespan_ns": None})  # left out
    return pd.DataFrame(rows)


def test_describe_study_states_the_trade_off_and_the_settings() -> None:
    text = describe_study(_table())
    assert text.splitlines()[0] == "**p**"
    assert "- `max-concurrency` against `min-peak-memory`: makespan -10.000 us, peak memory +8.0 KiB." in text
    assert "makespan +3.0 us, peak memory +0.0 KiB, bytes moved +2.93 KiB" in text
    # Two settings on the front, each best on one count.
    assert "`min-peak-memory / unified`, `max-concurrency / unified`, a trade of time for memory." in text
    assert "0 finding(s) over the 8 points" in text
    assert "queues other than `queue0` stay idle" in text


def test_busy_by_queue_percentages_and_absent_queues() -> None:
    table = busy_by_queue(_table()[lambda d: d["status"] == "ok"])
    assert list(table.columns) == ["queue0", "queue1"]
    assert table.values.tolist() == [["50%", "-"], ["50%", "0%"]]


def test_heatmap_labels_contrast_with_their_cells() -> None:
    df = pd.DataFrame({"status": ["ok"] * 4, "x": [0, 1, 0, 1], "y": [0, 0, 1, 1], "v": [0.0, 1.0, 2.0, 3.0]})
    ax = heatmap(df, "x", "y", "v", cmap="viridis")
    colours = {t.get_text(): t.get_color() for t in ax.texts}
    assert colours["0"] == "white" and colours["3"] == "black"  # viridis: dark purple to light yellow
