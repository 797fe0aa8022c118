"""``streamsim profile`` against the real IREE tools: a tiny program, measured end to end."""

from __future__ import annotations

import pathlib

from simulator.cli import main
from traces import call_time_ns, check_chrome_trace, read_trace

PROGRAM = """
func.func @main(%a: tensor<8x32xf32>, %b: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<8x16xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x32xf32>, tensor<32x16xf32>)
                      outs(%fill : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %mm : tensor<8x16xf32>
}
"""


def test_profile_measures_a_tiny_program_and_names_its_dispatches(
    iree: None, tmp_path: pathlib.Path, capsys: object
) -> None:
    source = tmp_path / "tiny.mlir"
    source.write_text(PROGRAM)
    out = tmp_path / "measured.json"
    argv = ["profile", str(source), "-o", str(out), "--device", "local-sync", "--reps", "2"]
    argv += ["--calls", "3", "--min-time", "5x", "--input", "8x32xf32=1", "--input", "32x16xf32=0.5"]
    assert main(argv) == 0
    assert check_chrome_trace(out) == []
    trace = read_trace(out)
    extra = trace.metadata.extra
    assert extra["window"] == "call" and extra["device"] == "local-sync" and extra["profiled_calls"] == 3
    assert len(extra["call_ns"]["reps_ns"]) == 2 and call_time_ns(trace) == extra["call_ns"]["min_ns"] > 0
    dispatches = [s for s in trace.spans if s.category == "dispatch"]
    assert dispatches and all(s.name.startswith("main_dispatch_") for s in dispatches)
    assert all("matmul" in s.name for s in dispatches)
    # Each dispatch is located at its stream.cmd.dispatch op in the stream IR compiled beside the trace.
    stream_ir = tmp_path / "measured.stream.mlir"
    lines = stream_ir.read_text().splitlines()
    for s in dispatches:
        path, line, _col = s.args["loc"].rsplit(":", 2)
        assert pathlib.Path(path) == stream_ir and "stream.cmd.dispatch" in lines[int(line) - 1]
        assert 0 < s.args["min_ns"] <= s.args["median_ns"] <= s.args["max_ns"] and s.args["calls"] == 3
