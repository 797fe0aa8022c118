"""A static byte range past its resource: iree-opt's verifier takes it and IREE's runtime fails on it when
the command runs. The IR layer's verifier follows iree-opt (tests/ir/test_invalid_vs_iree.py holds the
control case); the simulator, a runtime, refuses the program before it runs, naming the op and range."""

from __future__ import annotations

import pathlib

import pytest

from ir import parse_module, verify
from ir.errors import VerifyError
from simulator.program import parse_program

MLP = pathlib.Path(__file__).parents[1] / "fixtures" / "iree" / "mlp" / "cmd.generic.mlir"
# The second dispatch: resources %arg6 %arg4 %arg5, their sizes, offsets %1 (0) and lengths; its written
# result (binding 2, 1024 bytes) is moved to offset %7 (512), half-way through its resource.
SECOND = '"stream.cmd.dispatch"(%arg6, %arg4, %arg5, %2, %8, %0, %1, %1, %1, %2, %8, %0)'
MOVED = '"stream.cmd.dispatch"(%arg6, %arg4, %arg5, %2, %8, %0, %1, %1, %7, %2, %8, %0)'


def _past_the_end() -> str:
    text = MLP.read_text()
    assert text.count(SECOND) == 1 and '%7 = "arith.constant"() <{value = 512 : index}>' in text
    return text.replace(SECOND, MOVED)


def test_ir_verifier_takes_a_static_range_past_its_resource_as_iree_opt_does() -> None:
    verify(parse_module(_past_the_end(), "oob.mlir"))


def test_the_simulator_refuses_it_naming_the_op_and_range() -> None:
    with pytest.raises(VerifyError) as err:
        parse_program(_past_the_end(), filename="oob.mlir")
    assert "stream.cmd.dispatch: binding 2 range [512, 1536) exceeds resource size 1024" in err.value.message
    assert err.value.location is not None and err.value.location.filename == "oob.mlir"


def test_strict_ranges_do_not_outlive_the_call() -> None:
    text = _past_the_end()
    with pytest.raises(VerifyError):
        verify(parse_module(text, "oob.mlir"), runtime_checks=True)
    verify(parse_module(text, "oob.mlir"))
