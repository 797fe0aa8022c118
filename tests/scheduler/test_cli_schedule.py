from __future__ import annotations

import ir
from simulator.cli import main
from tests.conftest import IREE_FIXTURES


def test_cli_schedule_stats(capsys):
    path = IREE_FIXTURES / "attention_block" / "async.generic.mlir"
    assert main(["schedule", str(path), "--stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "execute regions: 1",
        "waves: 2",
        "dispatches: 10",
        "concurrent dispatches: 4",
        "transient bytes: 26624",
        "awaits: 2",
    ]


def test_cli_schedule_writes_cmd_form(tmp_path):
    path = IREE_FIXTURES / "mlp" / "async.generic.mlir"
    out = tmp_path / "cmd.mlir"
    assert main(["schedule", str(path), "-o", str(out), "--favor", "debug"]) == 0
    m = ir.load_file(str(out))
    names = {op.op_name for op in m.walk()}
    assert "stream.cmd.execute" in names and "stream.async.dispatch" not in names


def test_cli_schedule_bad_program_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.mlir"
    bad.write_text('"builtin.module"() ({\n  "stream.async.load"() : () -> ()\n}) : () -> ()\n')
    assert main(["schedule", str(bad)]) == 2
    assert "streamsim: error" in capsys.readouterr().err


def test_cli_schedule_writes_graph(tmp_path):
    path = IREE_FIXTURES / "mlp" / "async.generic.mlir"
    dot = tmp_path / "g.dot"
    assert main(["schedule", str(path), "--graph", str(dot), "-o", str(tmp_path / "out.mlir")]) == 0
    assert dot.read_text().startswith("digraph schedule {")
