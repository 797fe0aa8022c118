"""Small async-form programs built in Python, for tests and what-if studies of the scheduler.

A program is a list of dispatches ``(name, inputs, out_bytes)``; ``inputs`` name earlier dispatches or
``"x"``, a splatted input of ``input_bytes``. Each dispatch gets its own kernel executable (kernel
``"synthetic"``), every result is transient except the ``outputs``, which the function returns as
external resources.

Examples
--------
>>> m = async_program([("a", ["x"], 64), ("b", ["a"], 64)], outputs=["b"])
>>> from scheduler import schedule_module, ScheduleStats
>>> s = ScheduleStats.from_module(schedule_module(m))
>>> s.execute_regions, s.dispatches, s.awaits
(1, 2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from ir import Module, ProgramBuilder, Value
from ir import attributes as A
from ir import types as T


def async_program(
    spec: Sequence[tuple[str, Sequence[str], int]],
    *,
    outputs: Sequence[str],
    input_bytes: int = 256,
    affinities: dict[str, A.Attribute] | None = None,
) -> Module:
    """An async-form module whose ``@main`` runs the dispatches of ``spec`` in order."""
    pb = ProgramBuilder()
    affinities = affinities or {}
    for name, inputs, _ in spec:
        pb.kernel_executable(name, kernel="synthetic", num_bindings=len(inputs) + 1)
    out_types = [T.ResourceType("external") for _ in outputs]
    fn = pb.function("main", [], out_types)
    del fn
    values: dict[str, tuple[Value, Value]] = {}
    zero = pb.index(0)
    xsize = pb.index(input_bytes)
    fill = pb.constant(0, T.i32)
    x = pb.create(
        "stream.async.splat",
        [fill, xsize],
        [T.ResourceType("transient")],
        properties={"affinity": pb.affinity},
    ).result
    values["x"] = (x, xsize)
    for name, inputs, out_bytes in spec:
        osize = pb.index(out_bytes)
        ins = [values[i] for i in inputs]
        n = len(ins)
        lifetime = "external" if name in outputs else "transient"
        op = pb.create(
            "stream.async.dispatch",
            [
                *(v for v, _ in ins),
                *(s for _, s in ins),
                *([zero] * n),
                *(s for _, s in ins),
                *(s for _, s in ins),
                osize,
            ],
            [T.ResourceType(lifetime)],
            properties={
                "affinity": affinities.get(name, pb.affinity),
                "entry_points": A.ArrayAttr((A.SymbolRefAttr(name, (name,)),)),
                "operandSegmentSizes": A.segment_sizes(0, n, n, n, n, n, 1),
                "tied_operands": A.ArrayAttr((A.IntegerAttr(-1),)),
            },
        )
        values[name] = (op.result, osize)
    pb.returns(*(values[o][0] for o in outputs))
    return pb.module


def wide_branches(
    width: int = 4, depth: int = 3, *, big_bytes: int = 16384, small_bytes: int = 256
) -> Module:
    """Independent branches off one input, of different depths, joined at the end.

    Branch ``i`` makes a wide value (``big_bytes``), reads a statistic of it right away (a side dispatch,
    ``small_bytes``) and reduces it along a chain of ``1 + i % depth`` dispatches. The side dispatches are
    free to move: ``min-peak-memory`` keeps them early, which frees the wide values sooner;
    ``max-concurrency`` sinks them next to the join, running more dispatches side by side while the wide
    values stay live longer.
    """
    spec: list[tuple[str, list[str], int]] = []
    tails: list[str] = []
    for i in range(width):
        wide = f"wide{i}"
        spec.append((wide, ["x"], big_bytes))
        spec.append((f"stat{i}", [wide], small_bytes))
        tails.append(f"stat{i}")
        prev = wide
        for j in range(1 + i % depth):
            name = f"reduce{i}_{j}"
            spec.append((name, [prev], small_bytes))
            prev = name
        tails.append(prev)
    spec.append(("join", tails, small_bytes))
    return async_program(spec, outputs=["join"])
