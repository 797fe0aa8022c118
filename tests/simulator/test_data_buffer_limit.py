"""A data run's buffers live in host memory: a buffer past the limit (half of this host's memory, or
STREAMSIM_MAX_BUFFER_BYTES) stops the run with an error naming it and the way out, instead of numpy
allocating pages the kernel's out-of-memory killer ends the process over; a timing-only run has no data
and no limit."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

import ir
from simulator import Session
from simulator.cli import main
from simulator.errors import SimulationError
from simulator.memory import host_bytes, max_buffer_bytes

pytestmark = pytest.mark.usefixtures("iree")  # the program is written in IREE's custom syntax

SPLAT = """module {
  util.func public @main() -> !stream.resource<external> {
    %c7 = arith.constant 7 : i32
    %sz = arith.constant 4096 : index
    %r = stream.async.splat %c7 : i32 -> !stream.resource<external>{%sz}
    util.return %r : !stream.resource<external>
  }
}
"""


def test_a_buffer_past_the_limit_is_named_and_timing_only_still_runs(monkeypatch: Any) -> None:
    module = ir.load_text(SPLAT, "splat.mlir")
    monkeypatch.setenv("STREAMSIM_MAX_BUFFER_BYTES", "4096")
    assert Session("cpu").run_sync(module, "main", []).outputs  # at the limit: runs
    monkeypatch.setenv("STREAMSIM_MAX_BUFFER_BYTES", "4095")
    with pytest.raises(SimulationError, match=r"buffer alloca@splat.mlir:5:\d+: a data run would hold its 4,096 "
                       r"bytes in host memory, more than the limit of 4,095 bytes .*--timing-only"):
        Session("cpu").run_sync(module, "main", [])
    assert Session("cpu").run_sync(module, "main", [], timing_only=True).stats.makespan_ns > 0


def test_the_default_limit_is_half_the_host_and_a_bad_limit_is_named(monkeypatch: Any) -> None:
    monkeypatch.delenv("STREAMSIM_MAX_BUFFER_BYTES", raising=False)
    assert 0 < max_buffer_bytes() < 1 << 50
    for bad in ("0", "-3", "lots"):
        monkeypatch.setenv("STREAMSIM_MAX_BUFFER_BYTES", bad)
        with pytest.raises(SimulationError, match=f"STREAMSIM_MAX_BUFFER_BYTES='{bad}': expected a positive"):
            host_bytes(16, "b")


def test_numpy_running_out_of_memory_is_named(monkeypatch: Any) -> None:
    import simulator.memory as memory

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise MemoryError("Unable to allocate")

    monkeypatch.setattr(memory.np, "zeros", fail)
    with pytest.raises(SimulationError, match=r"buffer big: host memory ran out allocating its 1,024 bytes"):
        host_bytes(1024, "big")


def test_the_cli_exits_1_with_the_buffer_named(tmp_path: pathlib.Path, capsys: Any, monkeypatch: Any) -> None:
    path = tmp_path / "splat.mlir"
    path.write_text(SPLAT)
    monkeypatch.setenv("STREAMSIM_MAX_BUFFER_BYTES", "1000")
    assert main(["run", str(path)]) == 1
    err = capsys.readouterr().err
    assert "a data run would hold its 4,096 bytes" in err and "internal error" not in err
    assert main(["run", str(path), "--timing-only"]) == 0
