"""Operand groups of the ops the host interpreter runs, by name, in the seed documents' order.

Works on generic operations and on op classes alike: groups are delimited by ``operandSegmentSizes`` when
the op has it, otherwise the single variadic or optional group takes what the fixed ones leave. IREE 3.x's
``stream.cmd.parameter.*`` ops take their scope and keys as ``!util.buffer`` operands rather than
attributes; their layouts are listed under the 3.x names.
"""

from __future__ import annotations

from ir import Operation
from ir.attributes import DenseArrayAttr
from simulator.errors import UnsupportedOpError

S, O, V = "single", "optional", "variadic"  # noqa: E741

GROUPS: dict[str, tuple[tuple[str, str], ...]] = {
    "stream.cmd.execute": (("resource_operands", V), ("resource_operand_sizes", V), ("await_timepoint", O)),
    "stream.cmd.dispatch": (
        ("workload", V),
        ("uniform_operands", V),
        ("resources", V),
        ("resource_sizes", V),
        ("resource_offsets", V),
        ("resource_lengths", V),
    ),
    "stream.cmd.call": (
        ("resource_operands", V),
        ("resource_operand_sizes", V),
        ("resource_operand_offsets", V),
        ("resource_operand_lengths", V),
        ("result_sizes", V),
    ),
    "stream.timepoint.await": (
        ("resource_operands", V),
        ("resource_operand_sizes", V),
        ("await_timepoint", S),
    ),
    "stream.resource.alloca": (("storage_size", S), ("await_timepoint", O)),
    "stream.resource.dealloca": (("operand", S), ("operand_size", S), ("await_timepoint", O)),
    "stream.tensor.import": (("source", S), ("result_encoding_dims", V), ("result_size", S)),
    "stream.tensor.export": (("source", S), ("source_encoding_dims", V), ("source_size", S)),
    "stream.parameter.load": (("source_offsets", V), ("result_sizes", V), ("await_timepoint", O)),
    "stream.parameter.read": (
        ("source_offset", S),
        ("target", S),
        ("target_size", S),
        ("target_offset", S),
        ("target_length", S),
        ("await_timepoint", O),
    ),
    "stream.parameter.gather": (
        ("source_offsets", V),
        ("target", S),
        ("target_size", S),
        ("target_offsets", V),
        ("target_lengths", V),
        ("await_timepoint", O),
    ),
    "stream.parameter.write": (
        ("source", S),
        ("source_size", S),
        ("source_offset", S),
        ("source_length", S),
        ("target_offset", S),
        ("await_timepoint", O),
    ),
    "stream.parameter.scatter": (
        ("source", S),
        ("source_size", S),
        ("source_offsets", V),
        ("source_lengths", V),
        ("target_offsets", V),
        ("await_timepoint", O),
    ),
    # IREE 3.x: scope and keys are !util.buffer operands.
    "stream.cmd.parameter.load": (
        ("source_scope", O),
        ("source_keys", V),
        ("source_offsets", V),
        ("result_sizes", V),
        ("await_timepoint", O),
    ),
    "stream.cmd.parameter.read": (
        ("source_scope", O),
        ("source_key", S),
        ("source_offset", S),
        ("target", S),
        ("target_size", S),
        ("target_offset", S),
        ("target_length", S),
        ("await_timepoint", O),
    ),
    "stream.cmd.parameter.gather": (
        ("source_scope", O),
        ("source_keys", V),
        ("source_offsets", V),
        ("target", S),
        ("target_size", S),
        ("target_offsets", V),
        ("target_lengths", V),
        ("await_timepoint", O),
    ),
    "stream.cmd.parameter.write": (
        ("source", S),
        ("source_size", S),
        ("source_offset", S),
        ("source_length", S),
        ("target_scope", O),
        ("target_key", S),
        ("target_offset", S),
        ("await_timepoint", O),
    ),
    "stream.cmd.parameter.scatter": (
        ("source", S),
        ("source_size", S),
        ("source_offsets", V),
        ("source_lengths", V),
        ("target_scope", O),
        ("target_keys", V),
        ("target_offsets", V),
        ("await_timepoint", O),
    ),
    "stream.file.read": (
        ("source", S),
        ("source_offset", S),
        ("target", S),
        ("target_size", S),
        ("target_offset", S),
        ("length", S),
        ("await_timepoint", O),
    ),
    "stream.file.write": (
        ("source", S),
        ("source_size", S),
        ("source_offset", S),
        ("target", S),
        ("target_offset", S),
        ("length", S),
        ("await_timepoint", O),
    ),
    "hal.buffer_view.assert": (("buffer_view", S), ("element_type", S), ("encoding_type", S), ("shape", V)),
    "io_parameters.load": (
        ("device", S),
        ("queue_affinity", S),
        ("wait_fence", S),
        ("signal_fence", S),
        ("source_offsets", V),
        ("lengths", V),
    ),
    "io_parameters.gather": (
        ("device", S),
        ("queue_affinity", S),
        ("wait_fence", S),
        ("signal_fence", S),
        ("source_offsets", V),
        ("target_buffer", S),
        ("target_offsets", V),
        ("target_lengths", V),
    ),
    "io_parameters.scatter": (
        ("device", S),
        ("queue_affinity", S),
        ("wait_fence", S),
        ("signal_fence", S),
        ("source_buffer", S),
        ("source_offsets", V),
        ("source_lengths", V),
        ("target_offsets", V),
    ),
}

# IREE 3.x spells these ops as the seeds do but passes scope and keys (and load's memory types and usage)
# as operands; the layout is chosen by the number of operand groups.
ALTERNATE_GROUPS: dict[str, tuple[tuple[str, str], ...]] = {
    "io_parameters.load": (
        ("device", S),
        ("queue_affinity", S),
        ("wait_fence", S),
        ("signal_fence", S),
        ("source_scope", O),
        ("source_keys", V),
        ("source_offsets", V),
        ("memory_types", S),
        ("buffer_usage", S),
        ("lengths", V),
    ),
    "io_parameters.gather": (
        ("device", S),
        ("queue_affinity", S),
        ("wait_fence", S),
        ("signal_fence", S),
        ("source_scope", O),
        ("source_keys", V),
        ("source_offsets", V),
        ("target_buffer", S),
        ("target_offsets", V),
        ("target_lengths", V),
    ),
    "io_parameters.scatter": (
        ("device", S),
        ("queue_affinity", S),
        ("wait_fence", S),
        ("signal_fence", S),
        ("source_buffer", S),
        ("source_offsets", V),
        ("source_lengths", V),
        ("target_scope", O),
        ("target_keys", V),
        ("target_offsets", V),
    ),
}


def groups(op: Operation, values: list[object]) -> dict[str, object]:
    """``{group: value or list}`` of ``values`` (the op's evaluated operands) by the op's layout.

    Optional groups give the value or None; variadic ones a list.
    """
    layout = GROUPS.get(op.op_name)
    if layout is None:
        raise UnsupportedOpError(f"{op.describe()}: no operand layout known to the host interpreter")
    alternate = ALTERNATE_GROUPS.get(op.op_name)
    if alternate is not None:
        seg = op.properties.get("operandSegmentSizes") or op.attributes.get("operandSegmentSizes")
        if isinstance(seg, DenseArrayAttr) and len(seg.values) == len(alternate):
            layout = alternate
    sizes = segment_sizes(op, layout, len(values))
    out: dict[str, object] = {}
    start = 0
    for (name, kind), n in zip(layout, sizes):
        chunk = values[start : start + n]
        start += n
        if kind == S:
            out[name] = chunk[0]
        elif kind == O:
            out[name] = chunk[0] if chunk else None
        else:
            out[name] = list(chunk)
    return out


def segment_sizes(op: Operation, layout: tuple[tuple[str, str], ...], total: int) -> list[int]:
    seg = op.properties.get("operandSegmentSizes") or op.attributes.get("operandSegmentSizes")
    if isinstance(seg, DenseArrayAttr) and len(seg.values) == len(layout):
        return [int(v) for v in seg.values]
    if isinstance(seg, DenseArrayAttr):
        raise UnsupportedOpError(
            f"{op.describe()}: operandSegmentSizes has {len(seg.values)} groups, the host interpreter knows "
            f"{len(layout)} ({', '.join(n for n, _ in layout)})"
        )
    free = [i for i, (_, k) in enumerate(layout) if k != S]
    fixed = len(layout) - len(free)
    if len(free) > 1:
        raise UnsupportedOpError(f"{op.describe()}: operandSegmentSizes is missing")
    sizes = [1] * len(layout)
    if free:
        sizes[free[0]] = total - fixed
    return sizes
