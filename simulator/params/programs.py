"""Programs that load many parameters, three ways, and what a run of one tells about loading.

:func:`parameter_load_program` writes a cmd-form program (IREE 3.x spelling) that brings every
``(key, size_bytes)`` of a scope onto device 0 and waits for it on the host:

- ``each``: one ``stream.cmd.parameter.load`` per parameter (one provider call each), joined;
- ``load``: one load of all of them (what IREE's compiler emits for unified memory);
- ``gather``: parameters packed at ``alignment_bytes`` into slabs of at most ``max_allocation_bytes``,
  one ``stream.resource.alloca`` and one ``stream.cmd.parameter.gather`` per slab (IREE's discrete path).

:func:`parameter_summary` reads a run: provider calls, queue operations and timelines used, bytes read,
and ``ready_ns``, when the host saw every parameter resident (the earliest a dispatch using them could
be issued).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from simulator.archives import Archive

MODES = ("each", "load", "gather")


def _align(n: int, a: int) -> int:
    return -(-n // a) * a


def parameter_load_program(
    sizes: Iterable[tuple[str, int]] | Archive,
    *,
    scope: str = "model",
    mode: str = "load",
    max_allocation_bytes: int = 1 << 32,
    alignment_bytes: int = 256,
    export: bool = False,
) -> str:
    """The text of ``@main`` loading ``sizes`` (or an archive's entries) in ``mode`` (see module doc).

    With ``export`` (gather mode), ``@main`` returns the first slab's bytes as a ``tensor<Nxi8>`` view.

    Examples
    --------
    >>> text = parameter_load_program([("a", 64), ("b", 32)], mode="gather")
    >>> text.count("stream.cmd.parameter.gather"), text.count("stream.resource.alloca")
    (1, 1)
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
    if isinstance(sizes, Archive):
        sizes = [(e.key, e.size_bytes) for e in sizes.entries]
    sizes = list(sizes)
    consts: dict[tuple[int, str], str] = {}
    lines: list[str] = []

    def c(value: int, t: str = "index") -> str:
        name = consts.get((value, t))
        if name is None:
            name = consts[(value, t)] = f"%c{value}" + ("_i64" if t == "i64" else "")
            lines.append(f"  {name} = arith.constant {value} : {t}")
        return name

    body: list[str] = [f'  %scope = util.buffer.constant : !util.buffer = "{scope}"']
    for i, (key, _) in enumerate(sizes):
        body.append(f'  %k{i} = util.buffer.constant : !util.buffer = "{key}"')
    zero = c(0, "i64")
    timepoints: list[str] = []
    first: tuple[str, str] | None = None
    if mode == "each":
        for i, (_, n) in enumerate(sizes):
            body.append(
                f"  %r{i}, %t{i} = stream.cmd.parameter.load {{\n"
                f"    %scope::%k{i}[{zero}] : !stream.resource<constant>{{{c(n)}}}\n"
                f"  }} => !stream.timepoint"
            )
            timepoints.append(f"%t{i}")
        first = ("%r0", c(sizes[0][1])) if sizes else None
    elif mode == "load":
        entries = ",\n".join(
            f"    %scope::%k{i}[{zero}] : !stream.resource<constant>{{{c(n)}}}"
            for i, (_, n) in enumerate(sizes)
        )
        body.append(
            f"  %r:{len(sizes)}, %t0 = stream.cmd.parameter.load {{\n{entries}\n  }} => !stream.timepoint"
        )
        timepoints.append("%t0")
        first = ("%r#0", c(sizes[0][1])) if len(sizes) > 1 else ("%r", c(sizes[0][1])) if sizes else None
    else:
        slabs: list[list[tuple[int, int]]] = [[]]
        cursor = 0
        cap = max([max_allocation_bytes, *(n for _, n in sizes)])
        for i, (_, n) in enumerate(sizes):
            offset = _align(cursor, alignment_bytes)
            if offset + n > cap and slabs[-1]:
                slabs.append([])
                offset = 0
            slabs[-1].append((i, offset))
            cursor = offset + n
        for s, slab in enumerate(slabs):
            if not slab:
                continue
            last_i, last_off = slab[-1]
            total = c(last_off + sizes[last_i][1])
            body.append(
                f"  %slab{s}, %a{s} = stream.resource.alloca uninitialized : "
                f"!stream.resource<constant>{{{total}}} => !stream.timepoint"
            )
            spans = ",\n".join(
                f"    %scope::%k{i}[{zero}] -> %slab{s}[{c(off)} for {c(sizes[i][1])}] : "
                f"!stream.resource<constant>{{{total}}}"
                for i, off in slab
            )
            body.append(
                f"  %g{s} = stream.cmd.parameter.gather await(%a{s}) => {{\n{spans}\n  }} => !stream.timepoint"
            )
            timepoints.append(f"%g{s}")
            if first is None:
                first = (f"%slab{s}", total)
    final: str | None = timepoints[0] if timepoints else None
    if len(timepoints) > 1:
        body.append(f"  %all = stream.timepoint.join max({', '.join(timepoints)}) => !stream.timepoint")
        final = "%all"
    if final is not None and first is not None:
        body.append(
            f"  %ready = stream.timepoint.await {final} => {first[0]} : !stream.resource<constant>{{{first[1]}}}"
        )
    if export and mode == "gather" and first is not None:
        body.append(
            f"  %view = stream.tensor.export %ready : tensor<{_const_value(first[1])}xi8> in "
            f"!stream.resource<constant>{{{first[1]}}} -> !hal.buffer_view"
        )
        return (
            "util.func public @main() -> !hal.buffer_view {\n" + "\n".join(lines + body)
            + "\n  util.return %view : !hal.buffer_view\n}\n"
        )  # fmt: skip
    return "util.func public @main() {\n" + "\n".join(lines + body) + "\n  util.return\n}\n"


def _const_value(name: str) -> int:
    return int(name[2:].removesuffix("_i64"))


def parameter_summary(result: Any) -> dict[str, Any]:
    """Loading figures of an :class:`~simulator.InvocationResult`.

    ``provider_calls`` (parameter ops run), ``queue_operations`` (allocas, reads, splat command buffers
    on parameter timelines), ``timelines_used`` (most timelines one call used), ``bytes_read``,
    ``ready_ns`` (the host woke with every parameter resident) and ``makespan_ns``.
    """
    trace = result.trace
    steps = [s for s in trace.spans if ".params" in s.track.thread]
    per_call: dict[Any, set[int]] = {}
    for s in steps:
        per_call.setdefault(s.track.thread.split(".params")[0] + str(s.args.get("loc")), set()).add(
            int(s.args["timeline"])
        )
    barriers = [s for s in trace.spans if s.name == "parameter flush barrier"]
    wakes = [s for s in trace.spans if s.name == "wake" and s.args.get("op") == "stream.timepoint.await"]
    return {
        "provider_calls": result.stats.counts.get("parameter_ops", 0),
        "requests": result.stats.counts.get("parameter_requests", 0),
        "queue_operations": len(steps),
        "timelines_used": max((len(v) for v in per_call.values()), default=0),
        "timeline_ids": sorted({int(s.args["timeline"]) for s in steps}),
        "barriers": len(barriers),
        "bytes_read": result.stats.storage_bytes_read,
        "ready_ns": max((s.end_ns for s in wakes), default=max((s.end_ns for s in barriers), default=0)),
        "makespan_ns": result.stats.makespan_ns,
    }


__all__ = ["MODES", "parameter_load_program", "parameter_summary"]
