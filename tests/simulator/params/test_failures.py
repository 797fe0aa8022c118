"""Bad archives, missing keys, out-of-range reads and device failures: clear errors and failed fences,
never a hang."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from simulator import Session, parse_program
from simulator.archives import ParameterIndex, virtual_archive
from simulator.errors import ArchiveError, DeviceFailure
from simulator.params import Parameters
from simulator.params.programs import parameter_load_program

# These tests read IREE pretty text: skip without IREE, fail under STREAMSIM_REQUIRE_IREE=1.
pytestmark = pytest.mark.usefixtures("iree")


def _program(sizes: list[tuple[str, int]], mode: str = "gather") -> Any:
    return parse_program(parameter_load_program(sizes, mode=mode), filename="bad.mlir")


def test_corrupt_archive_is_a_clear_error(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "corrupt.irpa"
    path.write_bytes(b"this is not an irpa file at all" * 4)
    with pytest.raises(ArchiveError, match="corrupt.irpa"):
        Session("cpu").run_sync(_program([("a", 8)]), parameters={"model": path})


def test_truncated_archive_is_a_clear_error(tmp_path: pathlib.Path, write_archive: Any) -> None:
    path = write_archive(tmp_path / "cut.irpa", {"a": 1024, "b": 1024})
    path.write_bytes(path.read_bytes()[:1500])
    with pytest.raises(ArchiveError, match="cut.irpa"):
        Session("cpu").run_sync(_program([("a", 1024)]), parameters={"model": path})


def test_missing_key_fails_the_fence_at_once(
    tmp_path: pathlib.Path, write_archive: Any, machine: Any
) -> None:
    path = write_archive(tmp_path / "m.irpa", {"a": 1024, "c": 64})
    with pytest.raises(DeviceFailure, match=r"no parameter 'zz' in scope 'model'") as info:
        Session(machine()).run_sync(
            _program([("a", 1024), ("zz", 64), ("c", 64)]), parameters={"model": path}
        )
    trace = info.value.trace  # type: ignore[attr-defined]
    # As in IREE, recording stops at the bad entry and the caller's fence fails then, without waiting
    # for the reads already enqueued; the host's await sees the failure and names both ops.
    failures = [(i.args["op"], i.time_ns) for i in trace.instants if i.name == "failure"]
    assert failures[0] == ("stream.cmd.parameter.gather", 0)
    assert "stream.timepoint.await at bad.mlir" in str(info.value)
    assert "stream.cmd.parameter.gather at bad.mlir" in str(info.value)


def test_out_of_range_read_names_the_parameter(tmp_path: pathlib.Path, write_archive: Any) -> None:
    path = write_archive(tmp_path / "r.irpa", {"a": 64})
    with pytest.raises(
        DeviceFailure, match=r"range \[0, 128\) of parameter model::a is outside its 64 bytes"
    ):
        Session("cpu").run_sync(_program([("a", 128)]), parameters={"model": path})


def test_out_of_memory_in_an_alloca_fails_its_timeline_and_the_barrier(
    tmp_path: pathlib.Path, write_archive: Any, machine: Any
) -> None:
    path = write_archive(tmp_path / "o.irpa", {"a": 1024, "b": 2048, "c": 512})
    sizes = [("a", 1024), ("b", 2048), ("c", 512)]
    with pytest.raises(DeviceFailure, match="out of memory") as info:
        Session(machine(capacity_bytes=2048)).run_sync(_program(sizes, "load"), parameters={"model": path})
    trace = info.value.trace  # type: ignore[attr-defined]
    # a fits; b (on timeline 1) does not, which fails timeline 1 and with it the flush barrier.
    failed = [(i.track.thread, i.args["op"]) for i in trace.instants if i.name == "failure"]
    assert failed[0] == ("queue0.params1", "stream.cmd.parameter.load")
    assert not [s for s in trace.spans if s.name == "parameter flush barrier"]


def test_virtual_parameters_have_no_bytes(tmp_path: pathlib.Path) -> None:
    index = ParameterIndex()
    index.add_archive(virtual_archive([("w", 1 << 20)]), scope="model")
    with pytest.raises(DeviceFailure, match=r"model::w is virtual \(timing-only\)"):
        Session("cpu").run_sync(_program([("w", 1 << 20)]), parameters=index)
    result = Session("cpu").run_sync(_program([("w", 1 << 20)]), parameters=index, timing_only=True)
    assert result.stats.storage_bytes_read == 1 << 20


def test_scatter_to_a_splat_fails(tmp_path: pathlib.Path, write_archive: Any) -> None:
    path = write_archive(tmp_path / "s.irpa", {"a": 64}, {"s": (b"\x01", 64)})
    text = """
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c0_i64 = arith.constant 0 : i64
  %scope = util.buffer.constant : !util.buffer = "model"
  %s = util.buffer.constant : !util.buffer = "s"
  %r, %t = stream.resource.alloca uninitialized : !stream.resource<external>{%c64} => !stream.timepoint
  %t1 = stream.cmd.parameter.write await(%t) => %r[%c0 for %c64] : !stream.resource<external>{%c64} -> %scope::%s[%c0_i64] => !stream.timepoint
  %x = stream.timepoint.await %t1 => %r : !stream.resource<external>{%c64}
  util.return
}
"""
    with pytest.raises(DeviceFailure, match=r"model::s is a splat and cannot be written"):
        Session("cpu").run_sync(parse_program(text, filename="w.mlir"), parameters={"model": path})


def test_unknown_provider_is_an_input_error() -> None:
    from simulator.errors import InputError

    with pytest.raises(InputError, match="unknown parameter provider 'nope'"):
        Parameters(ParameterIndex(), provider="nope")
