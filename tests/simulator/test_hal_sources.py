"""HAL-form programs with dispatch bodies from IREE's own executable-source dumps.

``iree-compile --compile-to=hal --iree-hal-dump-executable-sources-to=hal_sources`` writes one
``hal.executable`` per file (linalg bodies reading ``hal.interface.binding.subspan binding(N)`` and
``hal.interface.constant.load ordinal(N)``); each fixture keeps that directory beside its ``hal.mlir``. A
HAL program run with those sources alone (no stream form at hand) must give IREE's outputs, the same
bytes as with the stream form's bodies, the same timeline, and check clean.
"""

from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import pytest

import ir
from simulator import Session, load_program
from simulator.checks import check_program
from simulator.cli import main
from simulator.errors import InputError, SimulationError, UnsupportedOpError
from simulator.host.executable_sources import ExecutableSources, load_executable_sources
from tests.simulator.test_hal_programs import DATA_XFAIL

ROOT = pathlib.Path(__file__).resolve().parents[1] / "fixtures"
DIRS = sorted(p.parent for p in ROOT.glob("*/*/hal_sources") if (p.parent / "expected0.npy").exists())
NAMES = [f"{p.parent.name}/{p.name}" for p in DIRS]
# Multi-device programs need the two-device preset IREE's run had (two local-task devices).
MACHINE = {"multidevice": "cpu-x2", "collectives": "cpu-x2"}

pytestmark = pytest.mark.usefixtures("iree")


def _inputs(d: pathlib.Path) -> list[np.ndarray]:
    return [np.load(p) for p in sorted(d.glob("input*.npy"))]


def _params(d: pathlib.Path) -> dict[str, str] | None:
    p = d / "params.irpa"
    return {"model": str(p)} if p.exists() else None


def _run(d: pathlib.Path, sources: Any, timing_only: bool = False) -> Any:
    return Session(MACHINE.get(d.parent.name, "cpu")).run_sync(
        load_program(d / "hal.mlir"),
        "main",
        _inputs(d),
        parameters=_params(d),
        timing_only=timing_only,
        executable_sources=sources,
    )


#: Each fixture's dumped sources as the first test below loaded them, for that fixture's run (which takes
#: its entry out): the 611 dump files are pretty MLIR, parsed through iree-opt, 1 to 2 s a fixture.
_LOADED: dict[pathlib.Path, ExecutableSources] = {}


def _sources(d: pathlib.Path) -> ExecutableSources:
    """``d``'s dumped sources: those the first test loaded, or loaded now (a run selected alone)."""
    loaded = _LOADED.pop(d, None)
    return loaded if loaded is not None else load_executable_sources(d / "hal_sources")


def test_every_hal_fixture_has_its_dumped_sources() -> None:
    assert len(NAMES) >= 14
    for d in DIRS:
        sources = _LOADED[d] = load_executable_sources(d / "hal_sources")
        assert len(sources) >= 1, d
        # Every export the HAL program names has a dumped body.
        text = (d / "hal.mlir").read_text()
        for export in sources.exports():
            assert f"@{export}" in text, (d, export)


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.xfail(strict=True, raises=(AssertionError, SimulationError), reason=DATA_XFAIL[n]))
     if n in DATA_XFAIL else n for n in NAMES],
)  # fmt: skip
def test_hal_form_runs_with_dumped_sources_to_irees_outputs(name: str) -> None:
    d = ROOT / name
    result = _run(d, _sources(d))
    expected = [np.load(p) for p in sorted(d.glob("expected*.npy"))]
    assert len(result.outputs) == len(expected)
    for got, want in zip(result.outputs, expected):
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-5, atol=1e-5)
    if (d / "cmd.mlir").exists() and name.split("/")[0] in ("iree", "frontends"):
        # The same bodies as the stream form's: same bytes out, same dispatches at the same times.
        other = _run(d, d / "cmd.mlir")
        for a, b in zip(result.outputs, other.outputs):
            np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
        spans = [(s.name, s.start_ns, s.end_ns) for s in result.trace.spans if s.category == "dispatch"]
        assert spans == [(s.name, s.start_ns, s.end_ns) for s in other.trace.spans if s.category == "dispatch"]


@pytest.mark.parametrize("name", ["iree/mlp", "iree/attention_block", "frontends/gpt2_block"])
def test_hal_form_with_dumped_sources_checks_clean(name: str) -> None:
    d = ROOT / name
    report = check_program(
        load_program(d / "hal.mlir"),
        "main",
        _inputs(d),
        parameters=_params(d),
        executable_sources=d / "hal_sources",
        reference=False,
    )
    assert report.findings == [], report.text()


def test_cli_runs_hal_form_with_a_dump_directory(tmp_path: pathlib.Path, capsys: Any) -> None:
    d = ROOT / "iree" / "mlp"
    out = tmp_path / "out.npy"
    code = main(
        ["run", str(d / "hal.mlir"), "--executable-sources", str(d / "hal_sources"), "--parameters",
         f"model={d / 'params.irpa'}", "--input", f"@{d / 'input0.npy'}", "--output", f"@{out}"]
    )  # fmt: skip
    assert code == 0, capsys.readouterr().err
    np.testing.assert_allclose(np.load(out), np.load(d / "expected0.npy"), rtol=1e-5, atol=1e-5)


def test_bad_sources_are_input_errors(tmp_path: pathlib.Path, capsys: Any) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_executable_sources(tmp_path / "missing")
    with pytest.raises(InputError, match="holds no .mlir files"):
        load_executable_sources(tmp_path)
    (tmp_path / "empty.mlir").write_text("module {\n}\n")
    with pytest.raises(InputError, match="defines no stream.executable or hal.executable"):
        load_executable_sources(tmp_path)
    d = ROOT / "iree" / "mlp"
    code = main(["run", str(d / "hal.mlir"), "--executable-sources", str(tmp_path / "missing"), "--timing-only"])
    assert code == 2
    assert "no such file or directory" in capsys.readouterr().err


def test_an_export_missing_from_the_sources_is_named(tmp_path: pathlib.Path) -> None:
    d = ROOT / "iree" / "mlp"
    dumps = sorted((d / "hal_sources").glob("*.mlir"))
    assert len(dumps) >= 2
    (tmp_path / dumps[0].name).write_text(dumps[0].read_text())
    missing = sorted(set(load_executable_sources(d / "hal_sources").exports())
                     - set(load_executable_sources(tmp_path).exports()))  # fmt: skip
    with pytest.raises(UnsupportedOpError, match=f"export @{missing[0]} has no"):
        _run(d, tmp_path)


def _debug_grouped(text: str, close: bool = True) -> str:
    """mlp's hal.mlir with its first dispatch in groups "layer0" / "matmul" and its second in "layer1"."""
    begin = 'hal.command_buffer.begin_debug_group<%cmd : !hal.command_buffer> label("{}")\n    '
    end = "hal.command_buffer.end_debug_group<%cmd : !hal.command_buffer>\n    "
    first = text.index("%function_id = hal.executable.lookup.function")
    barrier = text.index("hal.command_buffer.execution_barrier", first)
    second = text.index("%function_id_0 = hal.executable.lookup.function")
    barrier2 = text.index("hal.command_buffer.execution_barrier", second)
    return (
        text[:first] + begin.format("layer0") + begin.format("matmul") + text[first:barrier] + end + end
        + text[barrier:second] + begin.format("layer1") + text[second:barrier2] + (end if close else "")
        + text[barrier2:]
    )  # fmt: skip


def test_debug_groups_label_the_commands_recorded_in_them() -> None:
    d = ROOT / "iree" / "mlp"
    module = ir.load_text(_debug_grouped((d / "hal.mlir").read_text()), "hal.mlir")
    result = Session("cpu").run_sync(module, "main", _inputs(d), parameters=_params(d),
                                     executable_sources=d / "hal_sources")  # fmt: skip
    np.testing.assert_allclose(result.outputs[0], np.load(d / "expected0.npy"), rtol=1e-5, atol=1e-5)
    labels = [s.args.get("debug_group") for s in result.trace.spans if s.category == "dispatch"]
    assert labels == ["layer0 / matmul", "layer1"]


def test_a_debug_group_left_open_is_reported_at_finalize() -> None:
    d = ROOT / "iree" / "mlp"
    module = ir.load_text(_debug_grouped((d / "hal.mlir").read_text(), close=False), "hal.mlir")
    with pytest.raises(SimulationError, match="finalized with debug group 'layer1' open"):
        Session("cpu").run_sync(module, "main", _inputs(d), parameters=_params(d), timing_only=True)
