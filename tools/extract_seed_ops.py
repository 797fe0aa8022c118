#!/usr/bin/env python3
"""Write the op names of the seed dialect documents to tests/fixtures/seed_ops.txt, one per line.

Usage: python tools/extract_seed_ops.py SEEDS_DIR   (the folder with stream_dialect.txt, hal_dialect.txt and
io_parameters_dialect.txt). The tests compare the IR's op classes with this list, without reading the seeds.
"""

from __future__ import annotations

import pathlib
import re
import sys

HEADER = re.compile(r"^([a-z_]+\.[a-z_.0-9]+) \([A-Za-z:]+\)link$", re.M)
DOCS = ("stream_dialect.txt", "hal_dialect.txt", "io_parameters_dialect.txt")
OUT = pathlib.Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "seed_ops.txt"


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    seeds = pathlib.Path(sys.argv[1])
    names: list[str] = []
    for doc in DOCS:
        path = seeds / doc
        if not path.exists():
            sys.exit(f"extract_seed_ops: no {path}")
        names += HEADER.findall(path.read_text())
    OUT.write_text("".join(f"{n}\n" for n in sorted(names)))
    print(f"wrote {len(names)} op names to {OUT}")


if __name__ == "__main__":
    main()
