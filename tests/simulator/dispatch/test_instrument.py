"""IREE's dispatch instrumentation (``--iree-hal-instrument-dispatches``) in a HAL-form run.

IREE compiles the mlp fixture with instrumentation (each body opens with ``hal.instrument.workgroup`` on an
extra ring-buffer binding); the HAL program runs with its own dumped executable sources, gives IREE's
outputs, and its trace holds one ``instrument.workgroup`` instant per dispatch, at the dispatch's start,
naming the dispatch ordinal IREE assigned. ``hal.instrument.value`` and ``print`` added to a dumped body
record their values and return the watched value unchanged.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import numpy as np
import pytest

from simulator import Session, load_program

FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "iree" / "mlp"
FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
         "--iree-llvmcpu-target-cpu=generic"]  # fmt: skip

pytestmark = pytest.mark.usefixtures("iree")


@pytest.fixture(scope="module")
def instrumented(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    out = tmp_path_factory.mktemp("instrumented")
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"  # installed with iree-base-compiler
    subprocess.run(
        [str(compiler), str(FIXTURE / "source.mlir"), *FLAGS, "--compile-to=hal",
         "--iree-hal-instrument-dispatches=16mib", f"--iree-hal-dump-executable-sources-to={out / 'sources'}",
         "-o", str(out / "hal.mlir")],
        check=True, capture_output=True,
    )  # fmt: skip
    return out


def _run(hal: pathlib.Path, sources: pathlib.Path, timing_only: bool = False):  # type: ignore[no-untyped-def]
    return Session("cpu").run_sync(
        load_program(hal), "main", [np.load(FIXTURE / "input0.npy")],
        parameters={"model": str(FIXTURE / "params.irpa")}, executable_sources=sources, timing_only=timing_only,
    )  # fmt: skip


def test_instrumented_hal_program_records_one_workgroup_event_per_dispatch(instrumented: pathlib.Path) -> None:
    text = "\n".join(p.read_text() for p in sorted((instrumented / "sources").glob("*.mlir")))
    assert text.count("hal.instrument.workgroup") == 2
    result = _run(instrumented / "hal.mlir", instrumented / "sources")
    np.testing.assert_allclose(result.outputs[0], np.load(FIXTURE / "expected0.npy"), rtol=1e-5, atol=1e-5)
    dispatches = [s for s in result.trace.spans if s.category == "dispatch"]
    events = [i for i in result.trace.instants if i.name.startswith("instrument.")]
    assert [(i.name, i.args["dispatch"], i.args["entry_point"], i.time_ns) for i in events] == [
        ("instrument.workgroup", k, s.name, s.start_ns) for k, s in enumerate(dispatches)
    ]
    # Timing-only runs execute no bodies, so they record no instrument events.
    timing = _run(instrumented / "hal.mlir", instrumented / "sources", timing_only=True)
    assert not [i for i in timing.trace.instants if i.name.startswith("instrument.")]
    assert [s.start_ns for s in timing.trace.spans if s.category == "dispatch"] == [s.start_ns for s in dispatches]


def test_instrument_value_and_print_record_and_pass_through(instrumented: pathlib.Path, tmp_path: pathlib.Path) -> None:
    sources = tmp_path / "sources"
    sources.mkdir()
    for p in sorted((instrumented / "sources").glob("*.mlir")):
        text = p.read_text()
        if "matmul_8x128x64" in text:
            line = next(ln for ln in text.splitlines() if "hal.instrument.workgroup" in ln)
            key, rest = line.strip().split(" = ", 1)
            ring = rest[rest.index("[") + 1 : rest.index("]")]
            indent = line[: len(line) - len(line.lstrip())]
            extra = (
                f"{indent}%c7_x = arith.constant 7 : index\n"
                f"{indent}%v_x = hal.instrument.value[{ring} for {key}] 3 : i8 = %c7_x : index\n"
                f'{indent}hal.instrument.print[{ring} for {key}] "seven=%d" * (%v_x : index)\n'
            )
            text = text.replace(line + "\n", line + "\n" + extra)
        (sources / p.name).write_text(text)
    result = _run(instrumented / "hal.mlir", sources)
    np.testing.assert_allclose(result.outputs[0], np.load(FIXTURE / "expected0.npy"), rtol=1e-5, atol=1e-5)
    events = [(i.name, {k: v for k, v in i.args.items() if k != "entry_point"})
              for i in result.trace.instants if i.name.startswith("instrument.")]  # fmt: skip
    assert events == [
        ("instrument.workgroup", {"dispatch": 0}),
        ("instrument.value", {"ordinal": 3, "value": 7, "type": "index"}),
        ("instrument.print", {"format": "seven=%d", "values": [7]}),
        ("instrument.workgroup", {"dispatch": 1}),
    ]
