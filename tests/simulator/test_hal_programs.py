"""HAL-form programs (``iree-compile --compile-to=hal``) run like stream programs.

Every IREE fixture's HAL forms (IREE's default indirect, memoized command buffers, and direct ones) run with
data to IREE's outputs; the timeline has the stream cmd form's dispatches, and the submissions, command
buffers and barriers counted from the HAL IR; a memoized command buffer is recorded once however often the
function runs; and the checker finds the planted hazards of HAL mutants (a barrier removed, an execute
that does not wait for its allocations, a dealloca not ordered after the execute) while the unmodified
forms are clean.
"""

from __future__ import annotations

import collections
import pathlib
import re
from typing import Any

import numpy as np
import pytest

import ir
from simulator import Session, load_program
from simulator.checks import check_program
from simulator.cli import main
from simulator.errors import UnsupportedOpError
from tests.conftest import require_iree

ROOT = pathlib.Path(__file__).resolve().parents[1] / "fixtures"
FIXTURES = ROOT / "iree"
# The hand-written IREE fixtures and the programs of real frontends (JAX, flax, stax, ONNX).
DIRS = sorted(
    (p for r in (FIXTURES, ROOT / "frontends") for p in r.iterdir() if (p / "hal.generic.mlir").exists()),
    key=lambda p: (p.parent.name, p.name),
)
NAMES = [f"{p.parent.name}/{p.name}" for p in DIRS]
FORMS = ["hal.generic.mlir", "hal.direct.generic.mlir"]


def _inputs(d: pathlib.Path) -> list[np.ndarray]:
    return [np.load(p) for p in sorted(d.glob("input*.npy"))]


def _params(d: pathlib.Path) -> dict[str, str] | None:
    p = d / "params.irpa"
    return {"model": str(p)} if p.exists() else None


def _run(d: pathlib.Path, form: str, timing_only: bool = False, module: Any = None) -> Any:
    return Session("cpu").run_sync(
        module if module is not None else load_program(d / form),
        "main",
        _inputs(d),
        parameters=_params(d),
        timing_only=timing_only,
        executable_sources=load_program(d / "cmd.generic.mlir"),
    )


def _dispatch_names(trace: Any) -> list[str]:
    return [s.name for s in trace.spans if s.category == "dispatch"]


def test_hal_fixtures_exist() -> None:
    assert sum(n.startswith("iree/") for n in NAMES) >= 7
    assert sum(n.startswith("frontends/") for n in NAMES) >= 7
    for name in NAMES:
        for form in ("hal.mlir", "hal.generic.mlir", "hal.direct.mlir", "hal.direct.generic.mlir"):
            assert (ROOT / name / form).exists(), (name, form)


# Known failures (strict xfails), with their cause: the same as the stream form's in test_frontend_fixtures.
DATA_XFAIL: dict[str, str] = {}
TIMING_XFAIL: dict[str, str] = {}
CHECK_XFAIL: dict[str, str] = {}


def _names(xfails: dict[str, str]) -> list[object]:
    return [
        pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=xfails[n])) if n in xfails else n
        for n in NAMES
    ]


@pytest.mark.parametrize("form", FORMS, ids=["indirect", "direct"])
@pytest.mark.parametrize("name", _names(DATA_XFAIL))
def test_hal_fixture_runs_with_data_to_irees_outputs(name: str, form: str) -> None:
    d = ROOT / name
    result = _run(d, form)
    expected = [np.load(p) for p in sorted(d.glob("expected*.npy"))]
    assert len(result.outputs) == len(expected)
    for got, want in zip(result.outputs, expected):
        assert isinstance(got, np.ndarray)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


COUNTED = ("hal.command_buffer.", "hal.device.queue.", "io_parameters.")
# Programs whose recording or submitting functions branch or loop, and why.
CONTROL_FLOW = {
    "frontends/scan_rnn_topk": "lax.scan lowers to a host loop around the step's execution",
    "frontends/gpt2_block": "the inline constants are mapped if the device can, else read (scf.if)",
    "frontends/conv_transpose": "the inline constants are mapped if the device can, else read (scf.if)",
    "frontends/newton_while": "lax.while_loop lowers to a host loop that reads its condition back",
    "frontends/dropout_rng": "threefry's rounds are loops on the host around each round's execution",
    "frontends/onnx_lstm": "the importer's LSTM is a host loop over the time steps",
    "frontends/onnx_gru": "the importer's GRU is a host loop over the time steps",
    "frontends/onnx_scatter_misc": "the inline constants are imported if the device can, else read (cf.cond_br)",
    "frontends/cond_switch": "lax.cond and lax.switch branch on the host on values read back",
    "frontends/onnx_loop": "the importer's Loop is a host loop",
    "frontends/sort_scatter_misc": "jnp.searchsorted's binary search is a host loop of 3 steps",
    "frontends/fori_cond_jax": "lax.fori_loop is a host loop (its count an input) around a lax.cond",
    "frontends/onnx_if_where": "the ONNX If submits one of two command buffers recorded at init (arith.select)",
    "frontends/onnx_loop_dyn": "the importer's Loop is a host loop (its count an input)",
    "frontends/scan_stack_jax": "lax.scan lowers to a host loop around the step's execution",
    "frontends/vmap_while_jax": "the batched lax.while_loop is a host loop that reads its condition back",
    "frontends/scan_cond_jax": "lax.scan lowers to a host loop around the step's lax.cond (a host branch)",
    "frontends/flax_lstm_rnn": "flax nn.RNN is a lax.scan: a host loop around the cell's execution",
    "frontends/jax_window_resize": "jnp.searchsorted's binary search is a host loop",
    "frontends/jax_unique_hist": "jnp.histogram's and jnp.digitize's searchsorted are host loops",
    "frontends/jax_gcd_while": "lax.while_loop (Euclid) is a host loop that reads its condition back",
    "frontends/jax_fft_stats": "jnp.interp's searchsorted is a host loop of 4 steps",
    "frontends/flax_dilated_pools": "the inline constants are imported if the device can, else read (cf.cond_br)",
    "frontends/onnx_nms": "the importer's NonMaxSuppression is host loops around small executions",
    "frontends/jax_gqa_rope": "the inline constants are imported if the device can, else read (cf.cond_br)",
    "frontends/onnx_act_misc": "the importer's ReverseSequence is a host loop over the batch",
}


def _counted_ops_in_control_flow(module: ir.Module) -> bool:
    """Whether a function that records or submits work also branches or loops (then counts of ops are not
    counts of executions). The device-selection initializers loop, but record and submit nothing."""
    for top in module.body.ops:
        names = {op.op_name for op in top.walk()}
        # choosing one of two memoized command buffers (arith.select) is a branch too
        picks = any(
            op.op_name == "arith.select" and str(op.results[0].type) == "!hal.command_buffer"
            for op in top.walk()
        )
        if any(n.startswith(COUNTED) for n in names) and (
            picks or names & {"cf.cond_br", "scf.for", "scf.while", "scf.if"}
        ):
            return True
    return False


def _hal_structure(module: ir.Module) -> dict[str, int]:
    """What the HAL IR says one call of @main (and the initializers) records and submits."""
    names = collections.Counter(op.op_name for op in module.walk())
    return {
        "dispatches": names["hal.command_buffer.dispatch"],
        "barriers": names["hal.command_buffer.execution_barrier"],
        "command_buffers": names["hal.command_buffer.create"],
        "submissions": sum(
            n
            for k, n in names.items()
            if k.startswith("hal.device.queue.")
            and k != "hal.device.queue.flush"
            or k in ("io_parameters.load", "io_parameters.gather", "io_parameters.scatter")
        ),
    }


@pytest.mark.parametrize("form", FORMS, ids=["indirect", "direct"])
@pytest.mark.parametrize("name", _names(TIMING_XFAIL))
def test_hal_timeline_has_the_stream_forms_dispatches_and_the_irs_structure(name: str, form: str) -> None:
    d = ROOT / name
    module = load_program(d / form)
    hal = _run(d, form, timing_only=True, module=module)
    stream = Session("cpu").run_sync(
        load_program(d / "cmd.generic.mlir"), "main", _inputs(d), parameters=_params(d), timing_only=True
    )
    assert sorted(_dispatch_names(hal.trace)) == sorted(_dispatch_names(stream.trace))
    assert "command buffers" in hal.stats.table() and "command buffers" not in stream.stats.table()
    if _counted_ops_in_control_flow(module):
        # Ops run a data-dependent number of times: only the dispatches are compared (above).
        assert name in CONTROL_FLOW, name
        return
    want = _hal_structure(module)
    assert hal.stats.counts["dispatches"] == want["dispatches"]
    assert hal.stats.counts["submissions"] == want["submissions"]
    assert hal.stats.counts["command_buffers"] == want["command_buffers"]
    records = [s for s in hal.trace.spans if s.name == "record command buffer"]
    assert len(records) == want["command_buffers"]
    assert sum(s.args["barriers"] for s in records) == want["barriers"]
    assert sum(s.args["commands"] for s in records) >= want["dispatches"]


def _twice(text: str) -> str:
    """The module with a public @twice that calls @main twice on the same input."""
    m = re.search(r"util\.func public @main\((%\w+): !hal\.buffer_view\) -> !hal\.buffer_view", text)
    assert m is not None
    extra = (
        "  util.func public @twice(%x: !hal.buffer_view) -> !hal.buffer_view {\n"
        "    %0 = util.call @main(%x) : (!hal.buffer_view) -> !hal.buffer_view\n"
        "    %1 = util.call @main(%x) : (!hal.buffer_view) -> !hal.buffer_view\n"
        "    util.return %1 : !hal.buffer_view\n"
        "  }\n"
    )
    end = text.rstrip().rfind("}")
    return text[:end] + extra + "}\n"


@pytest.mark.parametrize(("form", "recorded"), [("hal.mlir", 1), ("hal.direct.mlir", 2)])
def test_memoized_command_buffer_is_recorded_once_for_two_calls(form: str, recorded: int) -> None:
    require_iree()  # pretty text
    d = FIXTURES / "mlp"
    module = ir.load_text(_twice((d / form).read_text()), "twice.mlir")
    ir.verify(module)
    result = Session("cpu").run_sync(
        module,
        "twice",
        _inputs(d),
        parameters=_params(d),
        executable_sources=load_program(d / "cmd.generic.mlir"),
    )
    np.testing.assert_allclose(result.outputs[0], np.load(d / "expected0.npy"), rtol=1e-5, atol=1e-5)
    assert result.stats.counts["command_buffers"] == recorded
    assert result.stats.counts["command_buffer_executions"] == 2
    assert result.stats.counts["dispatches"] == 4
    # The run summary's ops line says so too.
    [ops] = [line for line in result.stats.table().splitlines() if line.startswith("ops")]
    assert f"command buffers {recorded}, command buffer executions 2," in ops


def test_hal_data_run_without_sources_names_the_export() -> None:
    d = FIXTURES / "mlp"
    with pytest.raises(
        UnsupportedOpError, match=r"main_dispatch_0_matmul_8x128x64_f32.*--executable-sources"
    ):
        Session("cpu").run_sync(
            load_program(d / "hal.generic.mlir"), "main", _inputs(d), parameters=_params(d)
        )


def test_hal_timing_only_without_sources_runs() -> None:
    d = FIXTURES / "mlp"
    result = Session("cpu").run_sync(
        load_program(d / "hal.generic.mlir"), "main", _inputs(d), parameters=_params(d), timing_only=True
    )
    assert sorted(_dispatch_names(result.trace)) == [
        "main_dispatch_0_matmul_8x128x64_f32",
        "main_dispatch_1_matmul_8x32x128_f32",
    ]


# -- the checker on HAL form --------------------------------------------------------------------------


def _mutants(text: str) -> dict[str, str]:
    lines = text.split("\n")
    first_barrier = next(i for i, line in enumerate(lines) if "hal.command_buffer.execution_barrier" in line)
    return {
        "barrier-removed": "\n".join(lines[:first_barrier] + lines[first_barrier + 1 :]),
        "execute-not-waiting": re.sub(
            r"(hal\.device\.queue\.execute\.indirect<[^>]*>[^\n]*?wait\()%\w+", r"\1%0", text, count=1
        ),
        "dealloca-unordered": re.sub(
            r"(hal\.device\.queue\.dealloca<[^>]*>[^\n]*?wait\()%\w+", r"\1%0", text, count=1
        ),
    }


EXPECTED_FINDING = {
    "barrier-removed": ("race", "write-read"),
    "execute-not-waiting": ("lifetime", "use-before-alloca"),
    "dealloca-unordered": ("lifetime", "dealloca-unordered"),
}


@pytest.mark.parametrize("mutant", sorted(EXPECTED_FINDING))
def test_checker_finds_hal_mutants(mutant: str) -> None:
    require_iree()  # the mutants are edits of the pretty text
    d = FIXTURES / "mlp"
    text = (d / "hal.mlir").read_text()
    mutated = _mutants(text)[mutant]
    assert mutated != text
    kwargs: dict[str, Any] = {
        "parameters": _params(d),
        "executable_sources": load_program(d / "cmd.generic.mlir"),
        "interleavings": 1,
    }
    clean = check_program(ir.load_text(text, "hal.mlir"), "main", _inputs(d), **kwargs)
    assert clean.findings == []
    report = check_program(ir.load_text(mutated, f"{mutant}.mlir"), "main", _inputs(d), **kwargs)
    kinds = {(f.category, f.kind) for f in report.findings}
    assert EXPECTED_FINDING[mutant] in kinds, report.text()


@pytest.mark.parametrize("form", FORMS, ids=["indirect", "direct"])
@pytest.mark.parametrize("name", _names({**DATA_XFAIL, **CHECK_XFAIL}))
def test_hal_fixture_checks_clean(name: str, form: str) -> None:
    d = ROOT / name
    report = check_program(
        load_program(d / form),
        "main",
        _inputs(d),
        parameters=_params(d),
        executable_sources=load_program(d / "cmd.generic.mlir"),
        interleavings=0,
    )
    assert report.findings == [], report.text()


def test_cli_runs_a_hal_program(capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path) -> None:
    d = FIXTURES / "mlp"
    out = tmp_path / "out.npy"
    args = ["run", str(d / "hal.generic.mlir"), "--executable-sources", str(d / "cmd.generic.mlir")]
    args += ["--parameters", f"model={d / 'params.irpa'}", "--input", f"@{d / 'input0.npy'}"]
    assert main([*args, "--output", f"@{out}"]) == 0
    assert "EXEC @main" in capsys.readouterr().out
    np.testing.assert_allclose(np.load(out), np.load(d / "expected0.npy"), rtol=1e-5, atol=1e-5)
