"""Queue sweep: makespan over 1, 2 and 4 queues per device, IREE's default vs the queue-assigning policy.

IREE's compiler gives no queue masks, so a program runs on queue 0 whatever the machine offers and the
sweep is flat. ``queue_policy = "chains"`` (:func:`scheduler.assign_queues`) puts independent chains of
ops on different queues. The program is the wide_branches_softmax fixture (four independent branches
joined by a concat); timing-only, each favor policy, on the given machines. Prints the table and, with
``--plot``, saves a figure of makespan against queues.

    python benchmarks/queue_sweep.py
    python benchmarks/queue_sweep.py --machines discrete-gpu cpu --plot queue_sweep.png
"""

from __future__ import annotations

import argparse
import pathlib
import sys

# benchmarks/traces.py is named like the traces package; keep this directory off the import path.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

import pandas as pd  # noqa: E402

from simulator.sweep import run_study, study_from_dict  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
PROGRAM = ROOT / "tests/fixtures/iree/wide_branches_softmax"


def sweep(machines: list[str], favors: list[str]) -> pd.DataFrame:
    study = study_from_dict(
        {
            "name": "queue-sweep",
            "programs": [{"fixture": str(PROGRAM)}],
            "machines": machines,
            "scheduler": {"favor": favors, "queue_policy": ["iree", "chains"]},
            "overrides": {"queues": [1, 2, 4]},
        }
    )
    df = run_study(study)
    return df[["machine", "favor", "queue_policy", "queues", "makespan_ns"]]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--machines", nargs="+", default=["discrete-gpu", "cpu"])
    ap.add_argument("--favor", nargs="+", default=["min-peak-memory", "debug"])
    ap.add_argument("--plot", type=pathlib.Path, help="save a figure of makespan against queues")
    a = ap.parse_args(argv)
    df = sweep(a.machines, a.favor)
    table = df.pivot_table(
        index=["machine", "favor", "queue_policy"], columns="queues", values="makespan_ns"
    ).astype(int)
    print(table.to_string())
    flat = table.xs("iree", level="queue_policy").nunique(axis=1).eq(1).all()
    varies = table.xs("chains", level="queue_policy").nunique(axis=1).gt(1).all()
    print(f"IREE's default flat over queues: {flat}; chains policy varies with queues: {varies}")
    if a.plot is not None:
        import matplotlib.pyplot as plt

        groups = list(table.groupby(level=["machine", "favor"]))
        fig, axes = plt.subplots(1, len(groups), figsize=(4 * len(groups), 3.2), squeeze=False)
        for ax, ((machine, favor), rows) in zip(axes[0], groups):
            for (_, _, policy), row in rows.iterrows():
                ax.plot(row.index, row.values / 1000, marker="o", label=policy)
            ax.set_title(f"{machine}, {favor}", fontsize=9)
            ax.set_xlabel("queues per device")
            ax.set_xticks([1, 2, 4])
        axes[0][0].set_ylabel("makespan (us)")
        axes[0][0].legend()
        fig.tight_layout()
        fig.savefig(a.plot, dpi=120)
        print("wrote", a.plot)
    return 0 if flat and varies else 1


if __name__ == "__main__":
    sys.exit(main())
