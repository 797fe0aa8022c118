"""simulator.params.scan: one scanner sees loads, gathers, reads and named-parameter constants."""

from __future__ import annotations

import pathlib

import pytest

import ir
from ir import print_generic
from scheduler import Pipeline, schedule_module
from simulator.archives import ParameterIndex
from simulator.cli import main
from simulator.errors import InputError
from simulator.params.scan import check_parameters_present, parameter_needs
from simulator.program import parameter_keys
from tests.conftest import IREE_FIXTURES, iree_fixture_dirs

FIXTURES = iree_fixture_dirs()


def _gather_form(tmp_path: pathlib.Path) -> pathlib.Path:
    """attention_block scheduled for discrete memory: its parameters arrive by stream.cmd.parameter.gather."""
    module = ir.load_file(IREE_FIXTURES / "attention_block" / "async.generic.mlir")
    pipeline = Pipeline.default().with_options(
        "parameter_upload", memory_model="discrete", max_allocation_size_bytes=70000
    )
    schedule_module(module, pipeline=pipeline)
    names = [op.op_name for op in module.walk()]
    assert "stream.cmd.parameter.gather" in names and "stream.cmd.parameter.load" not in names
    path = tmp_path / "gather.mlir"
    path.write_text(print_generic(module))
    return path


@pytest.mark.parametrize("fixture", FIXTURES, ids=[d.name for d in FIXTURES])
def test_scan_sees_the_same_parameters_in_every_form(fixture: pathlib.Path, tmp_path: pathlib.Path) -> None:
    cmd = parameter_needs(ir.load_file(fixture / "cmd.generic.mlir"))
    assert cmd, "every IREE fixture reads parameters"
    # The async form names them as #stream.parameter.named constants.
    assert parameter_needs(ir.load_file(fixture / "async.generic.mlir")) == cmd
    index = ParameterIndex()
    index.load(fixture / "params.irpa", scope="model")
    assert all(index.entry(scope, key).size_bytes >= size for scope, key, size in cmd)


def test_scan_sees_gathers_like_loads(tmp_path: pathlib.Path) -> None:
    load_form = parameter_needs(ir.load_file(IREE_FIXTURES / "attention_block" / "cmd.generic.mlir"))
    gather_form = parameter_keys(ir.load_file(_gather_form(tmp_path)))
    assert sorted(gather_form) == sorted(load_form)


def test_check_runs_a_gather_form_program_with_stand_ins(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --parameters, check makes stand-ins for gathered parameters as it does for loaded ones."""
    program = _gather_form(tmp_path)
    assert main(["check", str(program), "--timing-only", "--interleavings", "1", "--json"]) == 0
    out = capsys.readouterr()
    assert "no parameters were provided" not in out.err
    assert '"findings": []' in out.out


def test_check_parameters_present_names_scope_key_and_op() -> None:
    module = ir.load_file(IREE_FIXTURES / "mlp" / "cmd.generic.mlir")
    index = ParameterIndex()
    index.load(IREE_FIXTURES / "mlp" / "params.irpa", scope="model")
    check_parameters_present(module, index)
    wrong = ParameterIndex()
    wrong.load(IREE_FIXTURES / "mlp" / "params.irpa", scope="weights")
    with pytest.raises(
        InputError,
        match=r"^stream\.cmd\.parameter\.load at .*cmd\.generic\.mlir:\d+:\d+ reads parameter 'model'::'w0', "
        r"but --parameters gives no scope 'model' \(scopes: 'weights'\)",
    ):
        check_parameters_present(module, wrong)
    partial = ParameterIndex()
    partial.load(IREE_FIXTURES / "conv2d_relu" / "params.irpa", scope="model")
    with pytest.raises(InputError, match=r"no archive given for scope 'model' has key"):
        check_parameters_present(module, partial)


@pytest.mark.parametrize(
    "value", ["0", "-5", "nan", "inf", "soon"], ids=["zero", "negative", "nan", "inf", "word"]
)
def test_check_timeout_must_be_positive_and_finite(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    program = IREE_FIXTURES / "mlp" / "cmd.generic.mlir"
    with pytest.raises(SystemExit) as exit_info:
        main(["check", str(program), "--timeout", value])
    assert exit_info.value.code == 2
    assert "argument --timeout" in capsys.readouterr().err
