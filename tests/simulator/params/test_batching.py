"""IREE's batching rules as timelines: which timeline each operation lands on, and when the barrier fires.

On :func:`round_machine` storage moves 1 byte per ns after 1000 ns of latency, through one channel, with
four requests in flight; allocas and barriers cost nothing; a fill moves 1 byte per ns.
"""

from __future__ import annotations

import doctest
import pathlib
from typing import Any

import numpy as np
import pytest

import simulator.params.batching
import simulator.params.page_cache
import simulator.params.programs
import simulator.params.storage_presets
from simulator import Session, parse_program
from simulator.archives import ParameterIndex
from simulator.params import BatchOptions, Item, Parameters, plan_batch
from simulator.params.programs import parameter_load_program, parameter_summary

SIZES = [("a", 1024), ("b", 2048), ("c", 512), ("s", 64)]


def _log(result: Any) -> list[tuple[str, str | None, int | None, int, int]]:
    return [
        (s.name, s.args.get("parameter"), s.args.get("timeline"), s.start_ns, s.end_ns)
        for s in result.trace.spans
        if ".params" in s.track.thread or s.name == "parameter flush barrier"
    ]


def _run(
    path: pathlib.Path, machine: Any, mode: str, sizes: list[tuple[str, int]] = SIZES, **options: Any
) -> Any:
    program = parse_program(
        parameter_load_program(sizes, mode=mode, export=mode == "gather"), filename="p.mlir"
    )
    return Session(machine).run_sync(program, parameters=Parameters({"model": path}, **options))


@pytest.mark.parametrize("module", [simulator.params.batching, simulator.params.page_cache,
                                    simulator.params.programs, simulator.params.storage_presets],
                         ids=lambda m: m.__name__)  # fmt: skip
def test_params_doctests(module: Any) -> None:
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


@pytest.mark.parametrize(("asked", "used"), [(16, 8), (8, 8), (3, 3), (1, 1), (0, 1)])
def test_batch_options_concurrency_is_clamped_to_eight(asked: int, used: int) -> None:
    assert BatchOptions(max_concurrent_operations=asked).concurrency == used


def test_plan_batch_fewest_outstanding_bytes() -> None:
    items = [Item("file", n) for n in (100, 10, 10, 50, 5)]
    plan = plan_batch(items, "read", BatchOptions(max_concurrent_operations=3))
    # 100->t0, 10->t1, 10->t2, then t1 (10) and t2 (10) tie: the lower index wins; then t2 (10 < 60).
    assert plan.log() == [
        ("read", (0,), 0, 1),
        ("read", (1,), 1, 1),
        ("read", (2,), 2, 1),
        ("read", (3,), 1, 2),
        ("read", (4,), 2, 2),
        ("barrier", (), -1, 3),
    ]
    assert plan.barrier_waits == ((0, 1), (1, 2), (2, 2))
    assert plan.steps[0].waits_caller and plan.steps[3].waits == ((1, 1),)


def test_plan_batch_without_operations_barrier_passes_the_wait_through() -> None:
    plan = plan_batch([Item("import", 100), Item("import", 50)], "read")
    assert plan.steps == () and plan.barrier_waits == () and plan.imports == (0, 1)


def test_plan_batch_coalesces_adjacent_ranges_and_chunks() -> None:
    items = [
        Item("file", 64, False, "f", 0),
        Item("file", 64, False, "f", 64),
        Item("file", 64, False, "f", 256),
    ]
    plan = plan_batch(items, "read", BatchOptions(coalesce_adjacent=True))
    assert [(s.items, s.length_bytes) for s in plan.steps] == [((0, 1), 128), ((2,), 64)]
    plan = plan_batch([Item("file", 250, True)], "read", BatchOptions(chunk_bytes=100))
    assert [(s.kind, s.timeline, s.offset_bytes, s.length_bytes, s.waits) for s in plan.steps] == [
        ("alloca", 0, 0, 0, ()),
        ("read", 0, 0, 100, ((0, 1),)),
        ("read", 1, 100, 100, ((0, 1),)),  # a chunk on another timeline waits on its buffer's alloca
        ("read", 2, 200, 50, ((0, 1),)),
    ]


def _reference_plan(items: list[Item], verb: str, options: BatchOptions) -> tuple[Any, ...]:
    """The module docstring's rules, one operation at a time: (steps as field tuples, barrier, timelines)."""
    n = options.concurrency
    outstanding, values, used = [0] * n, [0] * n, [False] * n
    steps: list[tuple[Any, ...]] = []

    def enqueue(kind: str, served: tuple[int, ...], nbytes: int, extra: list[tuple[int, int]], offset: int) -> int:
        t = min(range(n), key=lambda k: (outstanding[k], k))
        waits = ((t, values[t]),) if used[t] else ()
        steps.append((kind, t, values[t] + 1, served, waits + tuple(sorted(set(extra))) if kind == "transfer"
                      else waits + tuple(p for p in extra if p[0] != t), not used[t], offset, nbytes))  # fmt: skip
        used[t] = True
        values[t] += 1
        outstanding[t] += nbytes
        return t

    runs: list[list[int]] = []
    for i, item in enumerate(items):
        prev = items[runs[-1][-1]] if runs else None
        if (options.coalesce_adjacent and prev is not None and item.kind == prev.kind == "file"
                and prev.file_id is not None and prev.file_id == item.file_id
                and prev.file_offset_bytes + prev.length_bytes == item.file_offset_bytes):  # fmt: skip
            runs[-1].append(i)
        else:
            runs.append([i])
    splats: list[int] = []
    splat_points: list[tuple[int, int]] = []
    for run in runs:
        if items[run[0]].kind == "import":
            continue
        points = []
        for i in run:
            if items[i].alloca:
                t = enqueue("alloca", (i,), 0, [], 0)
                points.append((t, values[t]))
        if items[run[0]].kind == "splat":
            splats.append(run[0])
            splat_points += points
            continue
        total = sum(items[i].length_bytes for i in run)
        chunk = options.chunk_bytes or max(total, 1)
        for offset in range(0, max(total, 1), chunk):
            enqueue(verb, tuple(run), min(chunk, total - offset), points, offset)
    if splats:
        t = min(range(n), key=lambda k: (outstanding[k], k))
        nbytes = sum(items[i].length_bytes for i in splats)
        enqueue("transfer", tuple(splats), nbytes, [p for p in splat_points if p[0] != t], 0)
    return tuple(steps), tuple((t, values[t]) for t in range(n) if used[t]), sum(used)


def test_plan_batch_follows_the_rules_on_random_batches() -> None:
    """plan_batch (a fast path for the common load, an alloca and one read) against the rules written out."""
    rng = np.random.default_rng(20)
    for _ in range(1500):
        items = [
            Item(str(rng.choice(["file", "file", "file", "splat", "import"])), int(rng.choice([0, 1, 7, 100, 250])),
                 bool(rng.random() < 0.7), rng.choice([None, "a", "b"]), int(rng.choice([0, 100, 200, 350])))
            for _ in range(int(rng.integers(0, 25)))
        ]  # fmt: skip
        options = BatchOptions(int(rng.choice([1, 2, 3, 16])), bool(rng.random() < 0.3),
                               rng.choice([None, None, 1, 50, 100, 4096]))  # fmt: skip
        verb = str(rng.choice(["read", "write"]))
        plan = plan_batch(items, verb, options)
        got = tuple((s.kind, s.timeline, s.signal, s.items, s.waits, s.waits_caller, s.offset_bytes, s.length_bytes)
                    for s in plan.steps)  # fmt: skip
        assert (got, plan.barrier_waits, plan.timelines_used) == _reference_plan(items, verb, options), (items, options)


def test_load_timeline_alloca_and_read_share_a_timeline(
    tmp_path: pathlib.Path, machine: Any, write_archive: Any
) -> None:
    path = write_archive(tmp_path / "a.irpa", dict(SIZES[:3]), {"s": (b"\x2a", 64)})
    result = _run(path, machine(), "load", max_concurrent_operations=2)
    assert _log(result) == [
        ("parameter alloca", "model::a", 0, 0, 0),
        ("parameter alloca", "model::b", 1, 0, 0),
        ("parameter read", "model::a", 0, 0, 2024),  # 1000 ns latency + 1024 bytes
        ("parameter alloca", "model::c", 0, 2024, 2024),  # t0 has 1024 bytes outstanding, t1 2048
        ("parameter read", "model::b", 1, 0, 4072),  # waited for the channel until 2024
        ("parameter read", "model::c", 0, 2024, 4584),
        ("parameter alloca", "model::s", 0, 4584, 4584),
        ("parameter splats", "model::s", 0, 4584, 4648),  # the splat command buffer: one 64-byte fill
        ("parameter flush barrier", None, None, 4648, 4648),  # joins t0 and t1, signals the caller
    ]
    summary = parameter_summary(result)
    assert (summary["provider_calls"], summary["timelines_used"], summary["barriers"]) == (1, 2, 1)


def test_gather_timeline_and_bytes(tmp_path: pathlib.Path, machine: Any, write_archive: Any) -> None:
    path = write_archive(tmp_path / "a.irpa", dict(SIZES[:3]), {"s": (b"\x2a", 64)})
    result = _run(path, machine(), "gather", max_concurrent_operations=2)
    assert _log(result) == [
        ("parameter read", "model::a", 0, 0, 2024),
        ("parameter read", "model::b", 1, 0, 4072),
        ("parameter read", "model::c", 0, 2024, 4584),
        ("parameter splats", "model::s", 0, 4584, 4648),
        ("parameter flush barrier", None, None, 4648, 4648),
    ]


def test_splats_batch_into_one_transfer_command_buffer(
    tmp_path: pathlib.Path, machine: Any, write_archive: Any
) -> None:
    splats = {f"s{i}": (bytes([i + 1]), 64) for i in range(3)}
    path = write_archive(tmp_path / "s.irpa", {"a": 128}, splats)
    sizes = [("s0", 64), ("a", 128), ("s1", 64), ("s2", 64)]
    result = _run(path, machine(), "gather", sizes)
    cbs = [s for s in result.trace.spans if s.name == "parameter splats"]
    assert [(s.args["fills"], s.args["bytes"]) for s in cbs] == [(3, 192)]


def test_one_by_one_loads_use_one_timeline_each_call(
    tmp_path: pathlib.Path, machine: Any, write_archive: Any
) -> None:
    sizes = [(f"k{i}", 64 * (i + 1)) for i in range(12)]
    path = write_archive(tmp_path / "m.irpa", dict(sizes))
    each = parameter_summary(_run(path, machine(), "each", sizes))
    batched = parameter_summary(_run(path, machine(), "load", sizes))
    assert (each["provider_calls"], each["timelines_used"], each["barriers"]) == (12, 1, 12)
    assert (batched["provider_calls"], batched["timelines_used"], batched["barriers"]) == (1, 8, 1)
    assert batched["ready_ns"] < each["ready_ns"]


def test_coalesced_gather_reads_once_and_lands_the_same_bytes(
    tmp_path: pathlib.Path, machine: Any, write_archive: Any
) -> None:
    sizes = [("a", 1024), ("b", 2048), ("c", 512)]
    path = write_archive(tmp_path / "c.irpa", dict(sizes))
    # One request in flight, so each read pays its own latency.
    plain = _run(path, machine(queue_depth=1), "gather", sizes)
    merged = _run(path, machine(queue_depth=1), "gather", sizes, coalesce_adjacent=True)
    reads = [s for s in merged.trace.spans if s.name == "parameter read"]
    assert [(s.args["parameter"], s.args["bytes"]) for s in reads] == [("3 parameters", 3584)]
    assert merged.stats.storage_bytes_read == plain.stats.storage_bytes_read == 3584
    assert (plain.stats.makespan_ns, merged.stats.makespan_ns) == (3 * 1000 + 3584, 1000 + 3584)
    index = ParameterIndex()
    index.load(path, scope="model")
    expected = np.frombuffer(index.read("model", "a"), np.uint8)
    out = merged.outputs[0].view(np.uint8)
    np.testing.assert_array_equal(out, plain.outputs[0].view(np.uint8))
    np.testing.assert_array_equal(out[:1024], expected)
    np.testing.assert_array_equal(out[1024:3072], np.frombuffer(index.read("model", "b"), np.uint8))
    np.testing.assert_array_equal(out[3072:3584], np.frombuffer(index.read("model", "c"), np.uint8))
