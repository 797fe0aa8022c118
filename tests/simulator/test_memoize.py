"""Which execute regions IREE records at every call, and how many execution barriers each records,
against IREE's own HAL output for the same program (iree-compile --compile-to=hal)."""

from __future__ import annotations

import pathlib
import random
import re

import pytest

from ir import Block, Operation
from simulator.calibration.run import benchmark_case, stream_ir_of
from simulator.calibration.suite_host import copies, fills, scan_loop
from simulator.commands import Concurrent, DispatchCmd, Serial, lane_width
from simulator.host.execute_rules import count_barriers, count_commands, count_dispatch_bindings, tree_facts
from simulator.host.memoize import recorded_per_execution
from simulator.profile import compile_module
from simulator.program import load_program

ROOT = pathlib.Path(__file__).resolve().parents[2]
FRONTENDS = ROOT / "tests" / "fixtures" / "frontends"
_COMMANDS = ("stream.cmd.dispatch", "stream.cmd.fill", "stream.cmd.copy", "stream.cmd.call")


def _tree(block: Block, node: Serial) -> Serial:
    """The command tree of an execute region's block, as the recorder nests it."""
    for op in block.ops:
        if op.op_name in ("stream.cmd.serial", "stream.cmd.concurrent"):
            inner = Concurrent() if op.op_name == "stream.cmd.concurrent" else Serial()
            node.items.append(_tree(op.regions[0].blocks[0], inner))
        elif op.op_name in _COMMANDS:
            node.items.append(op.op_name)
    return node


def _single_transfer(op: Operation) -> bool:
    """IREE submits a region of one fill or copy as a queue operation, without a command buffer."""
    names = [o.op_name for o in op.walk() if o.op_name in _COMMANDS]
    return names in (["stream.cmd.fill"], ["stream.cmd.copy"])


def _in_initializer(op: Operation) -> bool:
    return any(a.op_name == "util.initializer" for a in op.ancestors())


def _iree_hal(source: pathlib.Path, out: pathlib.Path) -> str:
    return compile_module(source, out, extra_flags=("--compile-to=hal",)).read_text()


def _iree_per_call(hal: str) -> int:
    """Command buffers IREE records in the public functions (inline one-shot recordings and calls of an
    outlined recording that depends on the call's values); memoized ones are recorded at load."""
    count = 0
    for body in re.findall(r"util\.func public @[\w$]+\(.*?\n  \}\n", hal, re.S):
        count += body.count("hal.command_buffer.create")
        count += len(re.findall(r"util\.call @__\w+_memoize_apply", body))
    return count


def _iree_barriers(hal: str) -> list[int]:
    """The execution barriers of each command buffer IREE records, after its redundant-barrier elision."""
    recordings = re.finditer(
        r"(%\w+) = hal\.command_buffer\.create.*?hal\.command_buffer\.finalize<\1 ", hal, re.S
    )
    return sorted(m.group(0).count("hal.command_buffer.execution_barrier") for m in recordings)


def _programs(tmp_path: pathlib.Path) -> list[tuple[str, pathlib.Path, pathlib.Path]]:
    out = []
    for d in ("dropout_rng", "scan_rnn_topk"):
        out.append((d, FRONTENDS / d / "source.mlir", FRONTENDS / d / "cmd.mlir"))
    for bench in (copies(8, 1), fills(8, 1), scan_loop(4)):
        case = benchmark_case(bench, tmp_path)
        out.append((bench.name, case.source, stream_ir_of(case, tmp_path, "local-task")))
    return out


def test_one_shot_regions_and_their_barriers_are_those_iree_records(
    iree: None, tmp_path: pathlib.Path
) -> None:
    seen_one_shot = seen_memoized = 0
    for name, source, stream_ir in _programs(tmp_path):
        hal = _iree_hal(source, tmp_path / f"{name}.hal.mlir")
        executes = [
            op
            for op in load_program(stream_ir).walk()
            if op.op_name == "stream.cmd.execute" and not _single_transfer(op)
        ]
        per_call = [op for op in executes if not _in_initializer(op) and recorded_per_execution(op)]
        assert len(per_call) == _iree_per_call(hal), name
        seen_one_shot += len(per_call)
        seen_memoized += sum(
            1 for op in executes if not _in_initializer(op) and not recorded_per_execution(op)
        )
        barriers = sorted(count_barriers(_tree(op.regions[0].blocks[0], Serial())) for op in executes)
        assert barriers == _iree_barriers(hal), name
    # Both kinds were compared (fills of an argument's value and scans are one-shot, copies memoized).
    assert seen_one_shot >= 4 and seen_memoized >= 4


def test_one_shot_regions_pay_for_recording_each_command_and_barrier() -> None:
    """dropout_rng records 4 of its regions at every call: raising the cost per re-recorded command or
    barrier lengthens the call by at least what those regions record."""
    from simulator.calibration.provenance import base_machine
    from simulator.calibration.run import fixture_case, simulate_case
    from simulator.machine import load_machine, machine_from_dict

    case = fixture_case(FRONTENDS / "dropout_rng")
    assert case.stream_ir is not None
    base = base_machine("local-sync")
    plain = simulate_case(case, case.stream_ir, machine_from_dict(base))["call_ns"]
    base["host"]["barrier_cost_ns"] = 1000
    with_barriers = simulate_case(case, case.stream_ir, machine_from_dict(base))["call_ns"]
    base["host"]["barrier_cost_ns"] = 0
    base["host"]["rerecord_cost_ns"] = 1000
    with_rerecord = simulate_case(case, case.stream_ir, machine_from_dict(base))["call_ns"]
    module = load_program(case.stream_ir)
    one_shot = [
        op
        for op in module.walk()
        if op.op_name == "stream.cmd.execute" and not _in_initializer(op) and recorded_per_execution(op)
    ]
    assert len(one_shot) == 4
    # The loops run their regions several times: each execution pays, so the call grows by at least the
    # static count.
    static_barriers = sum(count_barriers(_tree(op.regions[0].blocks[0], Serial())) for op in one_shot)
    static_commands = sum(sum(1 for o in op.walk() if o.op_name in _COMMANDS) for op in one_shot)
    assert with_barriers - plain >= 1000 * static_barriers > 0
    assert with_rerecord - plain >= 1000 * (static_commands + static_barriers) > 0
    # mlp's one region is memoized: it pays per barrier (issuing it) but nothing for recording.
    mlp = fixture_case(ROOT / "tests" / "fixtures" / "iree" / "mlp")
    assert mlp.stream_ir is not None
    base["host"]["rerecord_cost_ns"] = 0
    plain = simulate_case(mlp, mlp.stream_ir, machine_from_dict(base))["call_ns"]
    base["host"]["rerecord_cost_ns"] = 1000
    assert simulate_case(mlp, mlp.stream_ir, machine_from_dict(base))["call_ns"] == plain
    base["host"]["barrier_cost_ns"] = 1000
    assert simulate_case(mlp, mlp.stream_ir, machine_from_dict(base))["call_ns"] == plain + 2000
    assert load_machine("cpu-roofline").host.barrier_cost_ns == 0  # the uncalibrated preset is unchanged


@pytest.mark.parametrize(
    ("tree", "barriers"),
    [
        (Serial(["d", "d", "d"]), 3),
        (Serial([Concurrent(["c"] * 8)]), 1),
        (Serial([Concurrent([Serial(["d", "d"]), "c"]), "d"]), 4),
        (Serial([Serial(["d", "d"]), "d"]), 3),
    ],
)
def test_count_barriers_follows_iree_serialization_and_elision(tree: Serial, barriers: int) -> None:
    assert count_barriers(tree) == barriers


def _dispatch(bindings: int) -> DispatchCmd:
    return DispatchCmd(None, [], (0,) * 7, [0] * bindings, [], None, 0, {}, None)  # type: ignore[arg-type]


def _random_tree(rng: random.Random, depth: int) -> Serial:
    node = Concurrent() if rng.random() < 0.4 else Serial()
    for _ in range(rng.randrange(0, 5)):
        if depth and rng.random() < 0.4:
            node.items.append(_random_tree(rng, depth - 1))
        else:
            node.items.append(_dispatch(rng.randrange(0, 4)) if rng.random() < 0.5 else "d")
    return node


def test_tree_facts_is_the_four_walks_in_one() -> None:
    """The execute rule's one walk gives what count_commands, count_barriers, lane_width and
    count_dispatch_bindings give, on random nestings of serial and concurrent blocks (empty ones included)
    over dispatches and other commands."""
    rng = random.Random(20)
    seen = set()
    for _ in range(500):
        tree = Serial([_random_tree(rng, 4) for _ in range(rng.randrange(0, 4))])
        facts = tree_facts(tree)
        assert facts == (count_commands(tree), count_barriers(tree), lane_width(tree), *count_dispatch_bindings(tree))
        seen.add(facts)
    assert len({f[2] for f in seen}) > 3 and len({f[1] for f in seen}) > 5  # the trees vary in width and barriers
    assert len({f[4] for f in seen}) > 5  # and in bindings
