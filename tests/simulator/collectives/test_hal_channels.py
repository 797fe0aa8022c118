"""HAL-form collectives: IREE's tp_allreduce compiled to HAL (``hal.channel.create`` in the function,
``hal.command_buffer.collective`` recorded in a memoized, indirect command buffer with binding-table slots
for send and recv, and the direct form with buffers) runs like its stream form: the all_reduce over the
default channel (rank 0 of 1) passes the partial product on, with the same collective span. A channel of
two ranks whose second rank never arrives is a deadlock that names the missing rank."""

from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import pytest

import ir
from simulator import Session, load_program
from simulator.errors import DeadlockError, UnsupportedOpError
from tests.conftest import require_iree

FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "collectives" / "tp_allreduce"


def _inputs() -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    return [rng.standard_normal((16, 32)).astype(np.float32), rng.standard_normal((32, 64)).astype(np.float32)]


def _collectives(result: Any) -> list[tuple[str, int, int]]:
    return [(s.name, s.args["ranks"], s.end_ns - s.start_ns) for s in result.trace.spans if s.category == "collective"]


@pytest.mark.parametrize("form", ["hal.generic.mlir", "hal.direct.generic.mlir"])
@pytest.mark.parametrize("sources", ["cmd.generic.mlir", "hal_sources"])
def test_hal_collective_fixture_runs_like_the_stream_form(form: str, sources: str) -> None:
    if sources == "hal_sources":
        require_iree()  # the dumps are IREE's custom syntax, read with IREE's parser
    x, w = _inputs()
    result = Session("cpu").run_sync(load_program(FIXTURE / form), "main", [x, w],
                                     executable_sources=FIXTURE / sources)  # fmt: skip
    np.testing.assert_allclose(result.outputs[0], x @ w, rtol=1e-5, atol=1e-5)
    stream = Session("cpu").run_sync(load_program(FIXTURE / "cmd.generic.mlir"), "main", [x, w])
    assert _collectives(result) == _collectives(stream) == [("all_reduce", 1, _collectives(stream)[0][2])]
    assert result.stats.counts.get("command_buffers", 0) == 1


def _with_rank(text: str, rank: int, count: int) -> str:
    old = 'rank(%c-1_i32) count(%c-1_i32)'
    assert text.count(old) == 1
    consts = f"%rank_x = arith.constant {rank} : i32\n    %count_x = arith.constant {count} : i32\n    "
    at = text.index("%channel = hal.channel.create")
    return text[:at] + consts + text[at:].replace(old, "rank(%rank_x) count(%count_x)")


def test_hal_channel_of_two_ranks_without_the_second_deadlocks_naming_it() -> None:
    module = ir.load_text(_with_rank((FIXTURE / "hal.mlir").read_text(), 0, 2), "hal.mlir")
    with pytest.raises(DeadlockError, match=r"rank\(s\) \[1\]"):
        Session("cpu").run_sync(module, "main", _inputs(), executable_sources=FIXTURE / "cmd.generic.mlir")


def test_hal_channel_rank_of_minus_one_needs_count_of_minus_one() -> None:
    module = ir.load_text(_with_rank((FIXTURE / "hal.mlir").read_text(), -1, 2), "hal.mlir")
    with pytest.raises(UnsupportedOpError, match="give both, or -1 for both"):
        Session("cpu").run_sync(module, "main", _inputs(), executable_sources=FIXTURE / "cmd.generic.mlir")


def test_hal_channel_create_and_rank_and_count_and_split() -> None:
    text = """
    util.func public @main() -> (i32, i32, i32, i32) {
      %c0 = arith.constant 0 : index
      %device = hal.devices.get %c0 : !hal.device
      %null = util.null : !util.buffer
      %m1 = arith.constant -1 : i32
      %c0_i32 = arith.constant 0 : i32
      %aff = arith.constant -1 : i64
      %ch = hal.channel.create device(%device : !hal.device) affinity(%aff) flags("None") id(%null) group(%null) rank(%m1) count(%m1) : !hal.channel
      %r, %n = hal.channel.rank_and_count<%ch : !hal.channel> : i32, i32
      %sub = hal.channel.split<%ch : !hal.channel> color(%c0_i32) key(%c0_i32) flags("None") : !hal.channel
      %r2, %n2 = hal.channel.rank_and_count<%sub : !hal.channel> : i32, i32
      util.return %r, %n, %r2, %n2 : i32, i32, i32, i32
    }
    """
    require_iree()  # custom syntax: read with IREE's parser
    result = Session("cpu").run_sync(ir.load_text("module {\n" + text + "\n}\n", "ch.mlir"), "main", [])
    assert [int(v) for v in result.outputs] == [0, 1, 0, 1]
