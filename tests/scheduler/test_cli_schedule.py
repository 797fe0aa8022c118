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


def test_cli_schedule_stage_unregistered_dialect_needs_the_flag(tmp_path, capsys):
    # As iree-opt: pretty text with an op of an unknown dialect is an error (exit 2, file:line:col)
    # unless --allow-unregistered-dialect, which keeps the op opaque (a host op with side effects).
    from tests.conftest import require_iree

    require_iree()
    src = tmp_path / "u.mlir"
    src.write_text(
        "util.func public @f(%in: !stream.resource<external>) -> !stream.resource<external> {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %c4 = arith.constant 4 : index\n"
        '  "mine.effect"() : () -> ()\n'
        "  %x = stream.async.dispatch @ex::@f[%c1](%in[%c0 to %c4 for %c4]) :"
        " (!stream.resource<external>{%c4}) -> !stream.resource<external>{%c4}\n"
        "  util.return %x : !stream.resource<external>\n"
        "}\n"
    )
    assert main(["schedule", "--stage", "schedule-execution", str(src)]) == 2
    assert f"{src}:5:" in capsys.readouterr().err
    out = tmp_path / "o.mlir"
    argv = ["schedule", "--stage", "schedule-execution", "--allow-unregistered-dialect", str(src), "-o", str(out)]
    assert main(argv) == 0
    names = [op.op_name for op in ir.load_file(str(out)).walk()]
    assert "mine.effect" in names and "stream.async.execute" in names


def test_cli_schedule_graph_needs_a_known_suffix_and_the_pipeline(tmp_path, capsys):
    """--graph g.xyz wrote GraphML under a name that says otherwise, and --graph with --stage wrote
    nothing, silently; both are bad input now, refused before the program is read."""
    path = IREE_FIXTURES / "mlp" / "async.generic.mlir"
    out = tmp_path / "out.mlir"
    assert main(["schedule", str(path), "--graph", str(tmp_path / "g.xyz"), "-o", str(out)]) == 2
    assert "g.xyz: the graph is written as .graphml or .dot" in capsys.readouterr().err
    argv = ["schedule", str(path), "--graph", str(tmp_path / "g.dot"), "--stage", "elide-timepoints"]
    assert main([*argv, "-o", str(out)]) == 2
    assert "it has no graph with --stage" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
    assert main(["schedule", str(path), "--graph", str(tmp_path / "g.graphml"), "-o", str(out)]) == 0
    assert (tmp_path / "g.graphml").read_text().startswith("<?xml")
