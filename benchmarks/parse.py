"""Parse + verify time for large IREE modules (goal: under 3 s for a 2,000-dispatch module).

Usage: python benchmarks/parse.py [FILE.mlir[.gz] ...]

Without arguments it measures benchmarks/data/deep400 and deep2000 (cmd and async generic form, made by
benchmarks/make_deep_data.py with IREE). Prints one line per file: size, ops, dispatches, best-of-3 parse and
verify seconds, and print seconds.
"""

from __future__ import annotations

import gzip
import pathlib
import sys
import time

import ir

DATA = pathlib.Path(__file__).parent / "data"


def read(path: pathlib.Path) -> str:
    if path.suffix == ".gz":
        return gzip.decompress(path.read_bytes()).decode()
    return path.read_text()


def measure(path: pathlib.Path) -> None:
    text = read(path)
    parse_s, verify_s, print_s = [], [], []
    module = None
    for _ in range(3):
        t0 = time.perf_counter()
        module = ir.parse_module(text, str(path))
        t1 = time.perf_counter()
        ir.verify(module)
        t2 = time.perf_counter()
        ir.print_generic(module)
        t3 = time.perf_counter()
        parse_s.append(t1 - t0)
        verify_s.append(t2 - t1)
        print_s.append(t3 - t2)
    assert module is not None
    hist = module.op_histogram()
    dispatches = hist.get("stream.cmd.dispatch", 0) + hist.get("stream.async.dispatch", 0)
    total = min(p + v for p, v in zip(parse_s, verify_s))
    print(
        f"{path.parent.name}/{path.name}: {len(text) / 1e6:.1f} MB, {sum(hist.values())} ops, "
        f"{dispatches} dispatches: parse {min(parse_s):.2f} s + verify {min(verify_s):.2f} s = {total:.2f} s "
        f"(print {min(print_s):.2f} s)"
    )


def main() -> None:
    paths = [pathlib.Path(p) for p in sys.argv[1:]]
    if not paths:
        for name in ("deep400", "deep2000"):
            for form in ("cmd", "async"):
                for suffix in (".generic.mlir", ".generic.mlir.gz"):
                    p = DATA / name / f"{form}{suffix}"
                    if p.exists():
                        paths.append(p)
    if not paths:
        sys.exit("no benchmark data: run benchmarks/make_deep_data.py (needs the iree extra)")
    for p in paths:
        measure(p)


if __name__ == "__main__":
    main()
