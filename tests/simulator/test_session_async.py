"""The asyncio API: sessions side by side in one event loop, coroutine host functions, run_sync, and
byte-identical traces for the same seed."""

from __future__ import annotations

import asyncio
import pathlib
from typing import Any

import numpy as np
import pytest

from ir import ProgramBuilder, Region, create
from ir import types as T
from ir.attributes import StringAttr, SymbolRefAttr, TypeAttr
from simulator import Session
from simulator.cli import main
from simulator.errors import UnsupportedOpError
from simulator.examples.programs import deep_program, matmul_add_softmax

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "iree"


def _host_call_program() -> Any:
    """``main(x: i32) -> i32`` returns ``@scale(x) + 1``; ``@scale`` has no body (a host function)."""
    pb = ProgramBuilder()
    decl = create(
        "util.func",
        properties={
            "function_type": TypeAttr(T.FunctionType((T.i32,), (T.i32,))),
            "sym_name": StringAttr("scale"),
            "sym_visibility": StringAttr("private"),
        },
        regions=[Region()],
    )
    pb.module.body.append(decl)
    f = pb.function("main", [T.i32], [T.i32])
    call = pb.create("util.call", [f.body.args[0]], [T.i32], properties={"callee": SymbolRefAttr("scale")})
    one = pb.constant(1, T.i32)
    total = pb.create("arith.addi", [call.result, one], [T.i32]).result
    pb.returns(total)
    return pb.module


async def test_session_async_sessions_run_side_by_side() -> None:
    order: list[str] = []

    async def slow_scale(x: int) -> int:
        order.append(f"start {x}")
        await asyncio.sleep(0.01)
        order.append(f"end {x}")
        return 2 * x

    sessions = [Session("cpu", host_functions={"scale": slow_scale}) for _ in range(2)]
    results = await asyncio.gather(
        sessions[0].invoke(_host_call_program(), "main", [3]),
        sessions[1].invoke(_host_call_program(), "main", [5]),
    )
    assert [r.outputs for r in results] == [[7], [11]]
    # Both coroutines were pending at once: the loop ran the second session while the first waited.
    assert order == ["start 3", "start 5", "end 3", "end 5"]


async def test_session_async_interleaves_long_simulations() -> None:
    progress: list[int] = []

    async def ticker() -> None:
        for i in range(5):
            progress.append(i)
            await asyncio.sleep(0)

    session = Session("cpu", events_per_batch=50)
    result, _ = await asyncio.gather(session.invoke(deep_program(200), timing_only=True), ticker())
    assert progress == [0, 1, 2, 3, 4]
    assert result.stats.counts["dispatches"] == 200


async def test_session_async_logs_each_batch_and_returns_to_the_loop_after_it() -> None:
    """result.event_batches: each batch's events and CPU seconds, summing to the run's; the engine returns
    to the event loop after every batch but the last (benchmarks/scale.py pairs raw simpy bursts with the
    batches by counting those turns, as here)."""
    task = asyncio.ensure_future(Session("cpu", events_per_batch=3).invoke(deep_program(60), timing_only=True))
    turns = 0
    while True:
        await asyncio.sleep(0)
        if task.done():
            break
        turns += 1
    result = task.result()
    batches = result.event_batches
    assert len(batches) > 5 and all(0 < n <= 3 for n, _ in batches)
    assert [n for n, _ in batches[:-1]] == [3] * (len(batches) - 1)
    assert sum(n for n, _ in batches) == result.events_processed
    assert sum(s for _, s in batches) == result.event_cpu_s and all(s >= 0 for _, s in batches)
    assert turns == len(batches) - 1


def test_session_async_sync_host_function_and_missing_one() -> None:
    assert Session("cpu", host_functions={"scale": lambda x: 10 * x}).run_sync(
        _host_call_program(), "main", [4]
    ).outputs == [41]
    with pytest.raises(UnsupportedOpError, match=r"@scale has no body and no Python host function"):
        Session("cpu").run_sync(_host_call_program(), "main", [4])


def test_session_async_same_seed_same_trace_bytes(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = FIXTURES / "attention_block"
    args = ["run", str(d / "cmd.generic.mlir"), "--parameters", f"model={d / 'params.irpa'}"]
    args += ["--input", f"@{d / 'input0.npy'}", "--machine", "discrete-gpu", "--seed", "7"]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert main([*args, "--trace", str(first)]) == 0
    assert main([*args, "--trace", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()
    assert b'"seed": 7' in first.read_bytes() or b'"seed":7' in first.read_bytes()
    example_a, example_b = tmp_path / "ex_a.json", tmp_path / "ex_b.json"
    assert main(["run", "--seed", "3", "--trace", str(example_a)]) == 0
    assert main(["run", "--seed", "3", "--trace", str(example_b)]) == 0
    assert example_a.read_bytes() == example_b.read_bytes()
    capsys.readouterr()


def test_session_async_trace_records_metadata_and_categories() -> None:
    rng = np.random.default_rng(0)
    a, b, c = (rng.standard_normal(s).astype(np.float32) for s in ((8, 16), (16, 32), (8, 32)))
    result = Session("discrete-gpu", seed=5).run_sync(
        matmul_add_softmax(), "main", [a, b, c], program_name="demo"
    )
    meta = result.trace.metadata
    assert (meta.machine, meta.program, meta.seed) == ("discrete-gpu", "demo", 5)
    assert meta.version.startswith("streamsim ")
    categories = {s.category for s in result.trace.spans}
    assert {"dispatch", "alloc", "sync", "host", "transfer"} <= categories
    kinds = {t.kind for t in result.trace.tracks}
    assert {"host", "queue", "pool", "link"} <= kinds
    signals = [i for i in result.trace.instants if i.name == "signal"]
    assert len(signals) == result.stats.counts["submissions"]


def _cmd_call_program() -> Any:
    """Fill X with 2.0f, then ``stream.cmd.call @observe(X)`` on the device timeline; return X."""
    from ir.attributes import ArrayAttr, i32_attr, segment_sizes

    pb = ProgramBuilder()
    pb.function("main", [], [T.HalType("buffer_view")])
    size = pb.index(16)
    x, ready = pb.alloca(size, lifetime="external")
    zero = pb.index(0)
    with pb.execute([x], [size], await_=ready) as (rx,):
        pb.fill(rx, size, zero, size, pb.constant(0x40000000, T.i32))
        pb.create(
            "stream.cmd.call",
            [rx, size, zero, size],
            [],
            properties={
                "callee": SymbolRefAttr("observe"),
                "operandSegmentSizes": segment_sizes(1, 1, 1, 1, 0),
                "resource_operand_accesses": ArrayAttr((i32_attr(3),)),
            },
        )
    (res,) = pb.await_(pb.last_timepoint, [x], [size])
    pb.returns(pb.export_tensor(res, T.TensorType((4,), T.f32), size))
    return pb.module


async def test_session_async_cmd_call_runs_a_coroutine_on_the_timeline() -> None:
    seen: list[float] = []

    async def observe(view: np.ndarray) -> None:
        await asyncio.sleep(0)
        values = view.view(np.float32)
        seen.append(float(values.sum()))
        values *= 10

    result = await Session("cpu", host_functions={"observe": observe}).invoke(_cmd_call_program())
    assert seen == [8.0]
    np.testing.assert_array_equal(result.outputs[0], np.full(4, 20.0, np.float32))
    names = [s.name for s in result.trace.spans if s.track.kind == "queue"]
    assert names.index("fill") < names.index("call @observe")
