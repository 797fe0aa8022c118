"""The fuzz campaign's ``results`` area (tools/fuzz_campaign.py): a sweep's results table (.parquet)
through ``streamsim report``, its bytes mutated or its columns dropped, retyped or poisoned."""

from __future__ import annotations

import pathlib
import random
from collections.abc import Iterator

from tools.fuzz_mutators import mutate_bytes


def results_cases(tmp: pathlib.Path, rng: random.Random, n: int) -> Iterator[tuple[str, list[str]]]:
    """A sweep's results table (.parquet) through ``report``: its bytes mutated, or the table itself
    (a column dropped, retyped or emptied, values NaN, None or of another type)."""
    import pandas as pd

    base = pd.DataFrame(
        {
            "point": [f"{i:016x}" for i in range(6)],
            "program": ["attention_block"] * 6,
            "machine": ["cpu", "cpu", "apu", "apu", "discrete-gpu", "discrete-gpu"],
            "seed": [0, 1] * 3,
            "queues": [1, 2] * 3,
            "status": ["ok", "ok", "ok", "error", "ok", "missing"],
            "error": [None, None, None, "SimulationError: x", None, None],
            "makespan_ns": [100.0, 80.0, 120.0, None, 60.0, None],
            "peak_memory_bytes": pd.array([1 << 20, 1 << 21, 1 << 20, None, 1 << 22, None], dtype="Int64"),
            "critical_path_ns": [90.0, 70.0, 110.0, None, 50.0, None],
        }
    )
    good = tmp / "good.parquet"
    base.to_parquet(good, index=False)
    weird: list[object] = ["x", None, float("nan"), -1, 2**62, True, float("inf")]
    for i in range(n):
        path = tmp / f"r{i}.parquet"
        if rng.random() < 0.4:
            data, kind = mutate_bytes(good.read_bytes(), rng)
            path.write_bytes(data)
        else:
            table = base.copy()
            column = rng.choice(list(table.columns))
            kind = rng.choice(["drop", "retype", "value", "empty"])
            if kind == "drop":
                table = table.drop(columns=[column])
            elif kind == "retype":
                table[column] = table[column].astype(str)
            elif kind == "value":
                table[column] = table[column].astype(object)
                table.loc[rng.randrange(len(table)), column] = rng.choice(weird)
                table[column] = table[column].astype(str) if column in ("point", "status") else table[column]
            else:
                table = table.iloc[0:0]
            try:
                table.to_parquet(path, index=False)
            except Exception:  # noqa: BLE001  (pyarrow refuses a mixed column: write it as text)
                table.astype(str).to_parquet(path, index=False)
            kind = f"{kind} {column}"
        yield f"results {kind}", ["report", str(path), "-o", str(tmp / f"r{i}.html")]
