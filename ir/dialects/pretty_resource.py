"""Custom syntax of stream resources, timepoints, tensors and executables, and of the hal ops IREE's
modules show, for :mod:`ir.pretty` (the execution regions, commands, async and parameter ops are in
:mod:`ir.dialects.pretty_stream`).
"""

from __future__ import annotations

from ir import attributes as A
from ir.core import Operation, Value
from ir.dialects.pretty_stream import IMPLIED
from ir.dialects.stream_resource import ResourceDeallocaOp
from ir.pretty import PrettyPrinter, pretty

# --- resources and timepoints -----------------------------------------------------------------------


@pretty("stream.resource.alloca")
def _alloca(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    p.w(
        " uninitialized",
        " indeterminate" if op.attr("indeterminate_lifetime") is not None else "",
        p.affinity(op),
    )
    p.w(p.await_clause(o.await_timepoint) if o.await_timepoint is not None else " :")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity", "indeterminate_lifetime"}), " ", p.sized(o.result, o.storage_size))  # type: ignore[attr-defined]
    p.w(" => ", p.type(o.result_timepoint.type))  # type: ignore[attr-defined]
    return p.end(op)


@pretty("stream.resource.dealloca")
def _dealloca(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if not isinstance(op, ResourceDeallocaOp):
        return False
    o = op
    p.begin(op, indent)
    p.w(
        " origin" if op.attr("prefer_origin") is not None else "",
        p.affinity(op),
        p.await_clause(o.await_timepoint),
    )
    p.w(f" {p.ref(o.operand)} : {p.sized(o.operand, o.operand_size)} => {p.type(o.result_timepoint.type)}")
    p.w(p.extra_attrs(op, {"affinity", "prefer_origin"}))
    return p.end(op)


@pretty("stream.resource.subview")
def _subview(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    p.w(f" {p.ref(o.source)}[{p.ref(o.source_offset)}] : {p.sized(o.source, o.source_size)} -> ")  # type: ignore[attr-defined]
    p.w(p.sized(o.result, o.result_size), p.extra_attrs(op, (), keyword=True))  # type: ignore[attr-defined]
    return p.end(op)


@pretty("stream.resource.size")
def _size(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    p.begin(op, indent)
    p.w(" ", p.ref(op.operands[0]), p.extra_attrs(op, ()), " : ", p.type(op.operands[0].type))
    return p.end(op)


@pretty("stream.timepoint.join")
def _join(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    p.begin(op, indent)
    p.w(" max(", p.refs(op.operands), ") => ", p.type(op.results[0].type), p.extra_attrs(op, ()))
    return p.end(op)


@pretty("stream.timepoint.immediate")
def _immediate(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    p.begin(op, indent)
    p.w(" => ", p.type(op.results[0].type), p.extra_attrs(op, ()))
    return p.end(op)


@pretty("stream.timepoint.await")
def _await(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    values, sizes = o.resource_operands, o.resource_operand_sizes  # type: ignore[attr-defined]
    if len(values) != len(sizes):
        return False
    p.begin(op, indent)
    p.w(" sync" if op.attr("sync") is not None else "", p.affinity(op), " ", p.ref(o.await_timepoint), " => ")  # type: ignore[attr-defined]
    p.w(
        p.refs(values),
        " : ",
        ", ".join(p.sized(v, s) for v, s in zip(values, sizes)),
        p.extra_attrs(op, {"sync", "affinity"}),
    )
    return p.end(op)


@pretty("stream.timepoint.barrier")
def _barrier(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    p.w(p.affinity(op), f" {p.ref(o.resource)} : {p.sized(o.resource, o.resource_size)} => ")  # type: ignore[attr-defined]
    p.w(p.type(o.result_timepoint.type), p.extra_attrs(op, {"affinity"}))  # type: ignore[attr-defined]
    return p.end(op)


# --- tensors, executables ----------------------------------------------------------------------------


def _tensor_with_dims(p: PrettyPrinter, encoding: A.Attribute | None, dims: list[Value]) -> str | None:
    if not isinstance(encoding, A.TypeAttr):
        return None
    return p.type(encoding.value) + (f"{{{p.refs(dims)}}}" if dims else "")


@pretty("stream.tensor.import")
def _tensor_import(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    tensor = _tensor_with_dims(p, op.attr("result_encoding"), o.result_encoding_dims)  # type: ignore[attr-defined]
    if tensor is None:
        return False
    p.begin(op, indent)
    p.w(" consume" if op.attr("consume") is not None else "", p.affinity(op))
    p.w(f" {p.ref(o.source)} : {p.type(o.source.type)} -> {tensor} in {p.sized(o.result, o.result_size)}")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity", "result_encoding", "consume"}, keyword=True))
    return p.end(op)


@pretty("stream.tensor.export")
def _tensor_export(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    tensor = _tensor_with_dims(p, op.attr("source_encoding"), o.source_encoding_dims)  # type: ignore[attr-defined]
    if tensor is None:
        return False
    p.begin(op, indent)
    p.w(p.affinity(op), f" {p.ref(o.source)} : {tensor} in {p.sized(o.source, o.source_size)}")  # type: ignore[attr-defined]
    p.w(f" -> {p.type(o.result.type)}", p.extra_attrs(op, {"affinity", "source_encoding"}, keyword=True))
    return p.end(op)


@pretty("stream.binding.subspan")
def _subspan(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    dims = o.dynamic_dims  # type: ignore[attr-defined]
    p.begin(op, indent)
    p.w(f" {p.ref(o.binding)}[{p.ref(o.byte_offset)}] : {p.type(o.binding.type)} -> {p.type(o.result.type)}")  # type: ignore[attr-defined]
    p.w(f"{{{p.refs(dims)}}}" if dims else "", p.extra_attrs(op, (), keyword=True))
    return p.end(op)


@pretty("stream.executable", "hal.executable")
def _executable(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    name = op.attr("sym_name")
    if not isinstance(name, A.StringAttr) or len(op.regions) != 1:
        return False
    vis = op.attr("sym_visibility")
    p.begin(op, indent)
    p.w(f" {vis.value}" if isinstance(vis, A.StringAttr) else "", " ", str(A.SymbolRefAttr(name.value)))
    p.w(p.extra_attrs(op, {"sym_name", "sym_visibility"}, keyword=True), " ")
    p.region_body(op.regions[0], indent, entry_args=False, drop_terminators=IMPLIED)
    return p.end(op)


@pretty("stream.executable.export")
def _export(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    name, vis, ref = op.attr("sym_name"), op.attr("sym_visibility"), op.attr("function_ref")
    if not isinstance(name, A.StringAttr):
        return False
    region = op.regions[0] if op.regions else None
    p.begin(op, indent)
    p.w(f" {vis.value}" if isinstance(vis, A.StringAttr) else "", " ", str(A.SymbolRefAttr(name.value)))
    if ref is not None and not (
        isinstance(ref, A.SymbolRefAttr) and ref.root == name.value and not ref.nested
    ):
        p.w(" as(", p.attr(ref), ")")
    if region is not None and region.blocks:
        block = region.blocks[0]
        args = p.name_args(region)
        term = block.ops[-1] if block.ops else None
        results = ", ".join(p.type(v.type) for v in term.operands) if term is not None else ""
        p.w(" workgroups(", ", ".join(f"{a}: {p.type(b.type)}" for a, b in zip(args, block.args)))
        p.w(f") -> ({results}) ")
        p.region_body(region, indent, entry_args=False)
    p.w(p.extra_attrs(op, {"sym_name", "sym_visibility", "function_ref"}, keyword=True))
    return p.end(op)


@pretty("hal.buffer_view.dim")
def _buffer_view_dim(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    index = op.attr("index")
    if not isinstance(index, A.IntegerAttr) or len(op.operands) != 1:
        return False
    v = op.operands[0]
    p.begin(op, indent)
    p.w(f"<{p.ref(v)} : {p.type(v.type)}>[{index.value}]", p.extra_attrs(op, {"index"}), " : ")
    p.w(p.type(op.results[0].type))
    return p.end(op)


@pretty("hal.buffer_view.assert")
def _buffer_view_assert(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    message = op.attr("message")
    if not isinstance(message, A.StringAttr):
        return False
    p.begin(op, indent)
    p.w(f"<{p.ref(o.buffer_view)} : {p.type(o.buffer_view.type)}> message({p.attr(message)})")  # type: ignore[attr-defined]
    p.w(f" shape([{p.refs(o.shape)}]) type({p.ref(o.element_type)}) encoding({p.ref(o.encoding_type)})")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"message"}))
    return p.end(op)


# --- more resources and timepoints ---------------------------------------------------------------------


@pretty("stream.resource.pack")
def _pack(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    intervals = op.attr("lifetime_intervals")
    sizes = o.dynamic_slice_sizes  # type: ignore[attr-defined]
    if not isinstance(intervals, A.ArrayAttr) or len(intervals) != 2 * len(sizes):
        return False
    bounds = [getattr(e, "value", None) for e in intervals]
    p.begin(op, indent)
    p.w(p.affinity(op))
    if o.offset is not None:  # type: ignore[attr-defined]
        p.w(f" offset({p.ref(o.offset)})")  # type: ignore[attr-defined]
    pad = "  " * (indent + 1)
    slices = [f"{pad}[{bounds[2 * i]}, {bounds[2 * i + 1]}] = {p.ref(s)}" for i, s in enumerate(sizes)]
    p.w(" slices({\n", ",\n".join(slices), "\n" + "  " * indent + "}) : ", p.type(o.total_length.type))  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity", "lifetime_intervals"}, keyword=True))
    return p.end(op)


@pretty("stream.resource.load", "stream.async.load")
def _load(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    p.w(f" {p.ref(o.source)}[{p.ref(o.source_offset)}] : {p.sized(o.source, o.source_size)}")  # type: ignore[attr-defined]
    p.w(f" -> {p.type(op.results[0].type)}", p.extra_attrs(op, (), keyword=True))
    return p.end(op)


@pretty("stream.resource.store", "stream.async.store")
def _store(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    tied = f"{p.ref(o.target)} as " if op.results else ""  # type: ignore[attr-defined]
    p.begin(op, indent)
    p.w(f" {p.ref(o.value)}, {p.ref(o.target)}[{p.ref(o.target_offset)}] : {p.type(o.value.type)}")  # type: ignore[attr-defined]
    p.w(f" -> {tied}{p.sized(o.target, o.target_size)}", p.extra_attrs(op, (), keyword=True))  # type: ignore[attr-defined]
    return p.end(op)


@pretty("stream.timepoint.export")
def _export_timepoint(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    p.begin(op, indent)
    p.w(p.affinity(op), f" {p.refs(op.operands)} => ({p.types(op.results)})", p.extra_attrs(op, {"affinity"}))
    return p.end(op)


@pretty("stream.timepoint.import")
def _import_timepoint(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    p.begin(op, indent)
    p.w(p.affinity(op), f" {p.refs(op.operands)} : ({p.types(op.operands)}) => {p.types(op.results)}")
    p.w(p.extra_attrs(op, {"affinity"}))
    return p.end(op)


@pretty("stream.tensor.sizeof")
def _tensor_sizeof(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    tensor = _tensor_with_dims(p, op.attr("encoding"), o.encoding_dims)  # type: ignore[attr-defined]
    if tensor is None:
        return False
    p.begin(op, indent)
    p.w(
        p.affinity(op),
        " ",
        tensor,
        p.extra_attrs(op, {"affinity", "encoding"}),
        " : ",
        p.type(op.results[0].type),
    )
    return p.end(op)


@pretty("stream.tensor.empty", "stream.tensor.splat")
def _tensor_empty_splat(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    tensor = _tensor_with_dims(p, op.attr("result_encoding"), o.result_encoding_dims)  # type: ignore[attr-defined]
    if tensor is None:
        return False
    p.begin(op, indent)
    p.w(p.affinity(op))
    if op.op_name.endswith("splat"):
        p.w(f" {p.ref(o.value)} : {p.type(o.value.type)} ->")  # type: ignore[attr-defined]
    else:
        p.w(" :")
    p.w(f" {tensor} in {p.sized(o.result, o.result_size)}")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity", "result_encoding"}, keyword=True))
    return p.end(op)


@pretty("stream.tensor.constant")
def _tensor_constant(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    tensor = _tensor_with_dims(p, op.attr("result_encoding"), o.result_encoding_dims)  # type: ignore[attr-defined]
    if tensor is None or op.attr("value") is None:
        return False
    p.begin(op, indent)
    p.w(p.affinity(op), f" : {tensor} in {p.type(o.result.type)} = {p.attr(o.value)}")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity", "result_encoding", "value"}, keyword=True))
    return p.end(op)


@pretty("stream.context.resolve")
def _context_resolve(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if op.operands:
        return False
    p.begin(op, indent)
    p.w(p.affinity(op), p.extra_attrs(op, {"affinity"}), " : ", p.types(op.results))
    return p.end(op)
