"""Compiled programs are reused only when their source, flags and compiler are the same (compile_key),
and a measurement taken of another compile of a program is recognised as stale."""

from __future__ import annotations

import pathlib

import pytest

from simulator.calibration.run import Case, case_key, stale_reason
from simulator.profile import iree_tools
from simulator.profile.iree_tools import compile_cached, compile_key

PROGRAM = """func.func @main(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {{
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {{
  ^bb0(%x: f32, %o: f32):
    %s = arith.{op} %x, %x : f32
    linalg.yield %s : f32
  }} -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}}
"""


@pytest.fixture
def version(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A stand-in compiler version (compile_key alone needs no IREE)."""
    current = ["IREE compiler version 1.0 @ abc"]
    monkeypatch.setattr(iree_tools, "compiler_version", lambda: current[0])
    return current


def test_the_key_changes_with_source_flags_device_kind_and_compiler(
    tmp_path: pathlib.Path, version: list[str]
) -> None:
    source = tmp_path / "p.mlir"
    source.write_text(PROGRAM.format(op="addf"))
    key = compile_key(source)
    assert compile_key(source) == key
    assert compile_key(tmp_path / "p.mlir", device="local-sync") == key  # the same CPU target flags
    others = {
        compile_key(source, extra_flags=("--iree-stream-partitioning-favor=debug",)),
        compile_key(source, to_stream=True),
        compile_key(source, device="cuda"),
    }
    source.write_text(PROGRAM.format(op="mulf"))
    others.add(compile_key(source))
    source.write_text(PROGRAM.format(op="addf"))
    assert compile_key(source) == key
    version[0] = "IREE compiler version 1.1 @ def"
    others.add(compile_key(source))
    assert len(others) == 5 and key not in others


def test_a_measurement_of_another_compile_is_stale(tmp_path: pathlib.Path, version: list[str]) -> None:
    source = tmp_path / "p.mlir"
    source.write_text(PROGRAM.format(op="addf"))
    case = Case("p", source, ("4x8xf32=1",))
    measured = {"compile_key": case_key(case, "local-task")}
    assert stale_reason(case, "local-task", measured) is None
    assert stale_reason(case, "local-task", {}) is None  # taken before keys: counted by the callers
    source.write_text(PROGRAM.format(op="mulf"))
    reason = stale_reason(case, "local-task", measured)
    assert reason is not None and reason.startswith("p: measured from another compile")
    source.write_text(PROGRAM.format(op="addf"))
    version[0] = "IREE compiler version 9"
    assert stale_reason(case, "local-task", measured) is not None


def test_compile_cached_reuses_only_the_same_compile(iree: None, tmp_path: pathlib.Path) -> None:
    source = tmp_path / "p.mlir"
    source.write_text(PROGRAM.format(op="addf"))
    work = tmp_path / "work"
    first = compile_cached(source, work, "p", to_stream=True)
    assert first.name.startswith("p.") and first.name.endswith(".stream.mlir")
    assert "arith.addf" in first.read_text()
    stamp = first.stat().st_mtime_ns
    assert compile_cached(source, work, "p", to_stream=True) == first
    assert first.stat().st_mtime_ns == stamp  # reused, not compiled again
    # Same name, new source: a new file, never the old one.
    source.write_text(PROGRAM.format(op="mulf"))
    second = compile_cached(source, work, "p", to_stream=True)
    assert second != first and "arith.mulf" in second.read_text() and "arith.addf" not in second.read_text()
    vmfb = compile_cached(source, work, "p")
    assert vmfb.suffix == ".vmfb" and vmfb.read_bytes()[:4] != b""
    # No temporary files are left behind.
    assert sorted(p.name for p in work.iterdir()) == sorted([first.name, second.name, vmfb.name])
