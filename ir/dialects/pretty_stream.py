"""Custom syntax of the stream ops (and the few hal ops IREE's modules show), for :mod:`ir.pretty`.

Each printer follows the ``Syntax:`` of the seed documents as IREE 3.13 prints it. A printer returns
False when the op has something its syntax cannot show, and the op is then printed in generic form.
"""

from __future__ import annotations

from ir import attributes as A
from ir.core import Operation, Value
from ir.pretty import PrettyPrinter, pretty
from ir.types import ResourceType

ACCESS = {1: "ro", 2: "wo", 3: "rw"}
IMPLIED = ("stream.yield", "stream.executable.end", "hal.executable_end", "hal.executable.variant_end")


def _sized_list(p: PrettyPrinter, values: list[Value], sizes: list[Value]) -> str | None:
    """``T{%s}, U, ...``: resources take the next size, other values none. None if sizes run short."""
    out, it = [], iter(sizes)
    for v in values:
        if isinstance(v.type, ResourceType):
            size = next(it, None)
            if size is None:
                return None
            out.append(p.sized(v, size))
        else:
            out.append(p.type(v.type))
    return ", ".join(out)


def _entry_points(p: PrettyPrinter, op: Operation) -> str | None:
    eps = op.attr("entry_points")
    if not isinstance(eps, A.ArrayAttr) or not len(eps):
        return None
    if len(eps) == 1:
        return p.attr(eps[0])
    return "{" + ", ".join(p.attr(e) for e in eps) + "}"


def _tied(op: Operation) -> list[int]:
    attr = op.attr("tied_operands")
    if not isinstance(attr, A.ArrayAttr):
        return [-1] * len(op.results)
    return [getattr(e, "value", -1) for e in attr]


def _results_with_ties(
    p: PrettyPrinter, op: Operation, results: list[Value], sizes: list[Value], tiable: list[Value]
) -> str | None:
    """``T{%s}`` or ``%operand as T{%s}`` per result (ShapedFunctionType / ResourceRegion results)."""
    tied = _tied(op)
    out, it = [], iter(sizes)
    for i, r in enumerate(results):
        t = tied[i] if i < len(tied) else -1
        text = p.type(r.type)
        if isinstance(r.type, ResourceType):
            size = next(it, None)
            if size is None:
                return None
            text += f"{{{p.ref(size)}}}"
        out.append(f"{p.ref(tiable[t])} as {text}" if 0 <= t < len(tiable) else text)
    return ", ".join(out)


def _result_list(text: str, n: int) -> str:
    return text if n == 1 and " as " not in text else f"({text})"


# --- execution regions ------------------------------------------------------------------------------


@pretty("stream.cmd.execute")
def _cmd_execute(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    operands, sizes = op.resource_operands, op.resource_operand_sizes  # type: ignore[attr-defined]
    body = op.regions[0]
    if len(operands) != len(sizes) or not body.blocks or len(body.blocks[0].args) != len(operands):
        return False
    p.begin(op, indent)
    p.w(" once" if op.attr("once") is not None else "", p.affinity(op), p.await_clause(op.await_timepoint))  # type: ignore[attr-defined]
    args = p.name_args(body)
    captured = [f"{p.ref(v)} as {a}: {p.sized(v, s)}" for v, a, s in zip(operands, args, sizes)]
    p.w(" with(", ", ".join(captured), ") ")
    p.region_body(body, indent, entry_args=False, drop_terminators=IMPLIED)
    p.w(" => ", p.type(op.result_timepoint.type), p.extra_attrs(op, {"affinity", "once"}, keyword=True))  # type: ignore[attr-defined]
    return p.end(op)


@pretty("stream.async.execute", "stream.async.concurrent")
def _async_region(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    operands, sizes = op.resource_operands, op.resource_operand_sizes  # type: ignore[attr-defined]
    results = op.results_  # type: ignore[attr-defined]
    body = op.regions[0]
    if len(operands) != len(sizes) or not body.blocks or len(body.blocks[0].args) != len(operands):
        return False
    res = _results_with_ties(p, op, results, op.result_sizes, operands)  # type: ignore[attr-defined]
    if res is None:
        return False
    p.begin(op, indent)
    p.w(p.affinity(op))
    if op.op_name.endswith("execute"):
        p.w(p.await_clause(op.await_timepoint))  # type: ignore[attr-defined]
    args = p.name_args(body)
    captured = [f"{p.ref(v)} as {a}: {p.sized(v, s)}" for v, a, s in zip(operands, args, sizes)]
    p.w(" with(", ", ".join(captured), ")")
    if results:
        p.w(" -> ", _result_list(res, len(results)))
    p.w(" ")
    p.region_body(body, indent, entry_args=False)
    if op.op_name.endswith("execute"):
        p.w(" => ", p.type(op.result_timepoint.type))  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity", "tied_operands"}, keyword=True))
    return p.end(op)


@pretty("stream.cmd.concurrent", "stream.cmd.serial")
def _cmd_wave(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if op.operands or op.results:
        return False
    p.begin(op, indent)
    p.w(" ")
    p.region_body(op.regions[0], indent, entry_args=False, drop_terminators=IMPLIED)
    p.w(p.extra_attrs(op, (), keyword=True))
    return p.end(op)


@pretty("stream.yield")
def _yield(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    n = len(op.operands) // 2
    p.begin(op, indent)
    if n:
        values, sizes = list(op.operands[:n]), list(op.operands[n:])
        p.w(" ", p.refs(values), " : ", ", ".join(p.sized(v, s) for v, s in zip(values, sizes)))
    p.w(p.extra_attrs(op, ()))
    return p.end(op)


# --- commands -----------------------------------------------------------------------------------------


@pretty("stream.cmd.dispatch")
def _cmd_dispatch(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    eps = _entry_points(p, op)
    accesses = op.attr("resource_accesses")
    resources = op.resources  # type: ignore[attr-defined]
    if eps is None or not isinstance(accesses, A.ArrayAttr) or len(accesses) != len(resources):
        return False
    if any(getattr(a, "value", None) not in ACCESS for a in accesses):
        return False
    p.begin(op, indent)
    p.w(" ", eps)
    if op.workload:  # type: ignore[attr-defined]
        p.w("[", p.refs(op.workload), "]")  # type: ignore[attr-defined]
    uniform = op.uniform_operands  # type: ignore[attr-defined]
    if uniform:
        p.w("(", p.refs(uniform), " : ", p.types(uniform), ")")
    pad = "  " * (indent + 1)
    lines = [
        f"{pad}{ACCESS[a.value]} {p.ref(r)}[{p.ref(o)} for {p.ref(n)}] : {p.sized(r, s)}"  # type: ignore[attr-defined]
        for a, r, s, o, n in zip(
            accesses,
            resources,
            op.resource_sizes,
            op.resource_offsets,
            op.resource_lengths,  # type: ignore[attr-defined]
        )
    ]
    p.w(" {\n", ",\n".join(lines), "\n" + "  " * indent + "}")
    p.w(p.extra_attrs(op, {"entry_points", "resource_accesses"}, keyword=True))
    return p.end(op)


@pretty("stream.cmd.copy")
def _cmd_copy(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    p.w(f" {p.ref(o.source)}[{p.ref(o.source_offset)}], {p.ref(o.target)}[{p.ref(o.target_offset)}], ")  # type: ignore[attr-defined]
    p.w(f"{p.ref(o.length)} : {p.sized(o.source, o.source_size)} -> {p.sized(o.target, o.target_size)}")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, (), keyword=True))
    return p.end(op)


@pretty("stream.cmd.fill")
def _cmd_fill(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    p.w(f" {p.ref(o.value)}, {p.ref(o.target)}[{p.ref(o.target_offset)} for {p.ref(o.target_length)}] : ")  # type: ignore[attr-defined]
    p.w(f"{p.type(o.value.type)} -> {p.sized(o.target, o.target_size)}")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, (), keyword=True))
    return p.end(op)


@pretty("stream.cmd.discard", "stream.cmd.flush", "stream.cmd.invalidate")
def _cmd_range(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    if op.op_name.endswith("flush"):
        p.w(p.affinity(op, "to", "source_affinity"))
    elif op.op_name.endswith("invalidate"):
        p.w(p.affinity(op, "from", "source_affinity"))
    p.w(f" {p.ref(o.target)}[{p.ref(o.target_offset)} for {p.ref(o.target_length)}]")  # type: ignore[attr-defined]
    p.w(f" : {p.sized(o.target, o.target_size)}")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"source_affinity"}, keyword=True))
    return p.end(op)


@pretty("stream.parameter.load")
def _parameter_load(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    keys, offsets, sizes, results = o.source_keys, o.source_offsets, o.result_sizes, o.results_  # type: ignore[attr-defined]
    if not (len(keys) == len(offsets) == len(sizes) == len(results)):
        return False
    scope = f"{p.ref(o.source_scope)}::" if o.source_scope is not None else ""  # type: ignore[attr-defined]
    p.begin(op, indent)
    p.w(p.affinity(op), p.await_clause(o.await_timepoint), " {\n")  # type: ignore[attr-defined]
    pad = "  " * (indent + 1)
    lines = [
        f"{pad}{scope}{p.ref(k)}[{p.ref(off)}] : {p.sized(r, s)}"
        for k, off, s, r in zip(keys, offsets, sizes, results)
    ]
    p.w(",\n".join(lines), "\n" + "  " * indent + "} => ", p.type(o.result_timepoint.type))  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity"}, keyword=True))
    return p.end(op)


# --- async ops ----------------------------------------------------------------------------------------


@pretty("stream.async.dispatch")
def _async_dispatch(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    eps = _entry_points(p, op)
    operands = o.resource_operands  # type: ignore[attr-defined]
    offsets, ends, lengths = o.resource_operand_offsets, o.resource_operand_ends, o.resource_operand_lengths  # type: ignore[attr-defined]
    ins = _sized_list(p, operands, o.resource_operand_sizes)  # type: ignore[attr-defined]
    outs = _results_with_ties(p, op, list(op.results), o.result_sizes, operands)  # type: ignore[attr-defined]
    if eps is None or ins is None or outs is None:
        return False
    args, it = [], iter(zip(offsets, ends, lengths))
    for v in operands:
        if isinstance(v.type, ResourceType):
            rng = next(it, None)
            if rng is None:
                return False
            args.append(f"{p.ref(v)}[{p.ref(rng[0])} to {p.ref(rng[1])} for {p.ref(rng[2])}]")
        else:
            args.append(p.ref(v))
    p.begin(op, indent)
    p.w(p.affinity(op), " ", eps)
    if o.workload:  # type: ignore[attr-defined]
        p.w("[", p.refs(o.workload), "]")  # type: ignore[attr-defined]
    p.w("(", ", ".join(args), ")", p.extra_attrs(op, {"affinity", "entry_points", "tied_operands"}))
    p.w(" : (", ins, ") -> ", _result_list(outs, len(op.results)) if op.results else "()")
    return p.end(op)


@pretty("stream.async.constant")
def _async_constant(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    if o.await_timepoint is not None:  # type: ignore[attr-defined]
        return False
    p.begin(op, indent)
    p.w(p.affinity(op), " : ", p.sized(o.result, o.result_size), " = ", p.attr(o.value))  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity", "value"}, keyword=True))
    return p.end(op)


@pretty("stream.async.alloca")
def _async_alloca(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    p.begin(op, indent)
    p.w(p.affinity(op), p.extra_attrs(op, {"affinity"}), " : ", p.sized(op.results[0], op.operands[0]))
    return p.end(op)


@pretty("stream.async.splat")
def _async_splat(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    if o.await_timepoint is not None:  # type: ignore[attr-defined]
        return False
    p.begin(op, indent)
    p.w(p.affinity(op), f" {p.ref(o.value)} : {p.type(o.value.type)} -> {p.sized(o.result, o.result_size)}")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity"}, keyword=True))
    return p.end(op)


@pretty("stream.async.copy")
def _async_copy(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    p.w(p.affinity(op), f" {p.ref(o.source)}[{p.ref(o.source_offset)} to {p.ref(o.source_end)}], ")  # type: ignore[attr-defined]
    p.w(f"{p.ref(o.target)}[{p.ref(o.target_offset)} to {p.ref(o.target_end)}], {p.ref(o.length)} : ")  # type: ignore[attr-defined]
    p.w(f"{p.sized(o.source, o.source_size)} -> {p.ref(o.target)} as {p.sized(o.target, o.target_size)}")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity"}, keyword=True))
    return p.end(op)


@pretty("stream.async.fill")
def _async_fill(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    p.w(
        p.affinity(op),
        f" {p.ref(o.value)}, {p.ref(o.target)}[{p.ref(o.target_offset)} to {p.ref(o.target_end)} ",
    )  # type: ignore[attr-defined]
    p.w(f"for {p.ref(o.target_length)}] : {p.type(o.value.type)} -> {p.ref(o.target)} as ")  # type: ignore[attr-defined]
    p.w(p.sized(o.target, o.target_size), p.extra_attrs(op, {"affinity"}, keyword=True))  # type: ignore[attr-defined]
    return p.end(op)


@pretty("stream.async.update")
def _async_update(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    p.w(
        p.affinity(op),
        f" {p.ref(o.update)}, {p.ref(o.target)}[{p.ref(o.target_offset)} to {p.ref(o.target_end)}] : ",
    )  # type: ignore[attr-defined]
    p.w(f"{p.sized(o.update, o.update_size)} -> {p.ref(o.target)} as {p.sized(o.target, o.target_size)}")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity"}, keyword=True))
    return p.end(op)


@pretty("stream.async.slice")
def _async_slice(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    p.w(p.affinity(op), f" {p.ref(o.source)}[{p.ref(o.source_offset)} to {p.ref(o.source_end)}] : ")  # type: ignore[attr-defined]
    p.w(f"{p.sized(o.source, o.source_size)} -> {p.sized(o.result, o.result_size)}")  # type: ignore[attr-defined]
    p.w(p.extra_attrs(op, {"affinity"}, keyword=True))
    return p.end(op)


@pretty("stream.async.clone", "stream.async.transfer")
def _async_clone(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    p.begin(op, indent)
    transfer = op.op_name.endswith("transfer")
    p.w(p.affinity(op, "from", "source_affinity") if transfer else p.affinity(op))
    p.w(f" {p.ref(o.source)} : {p.sized(o.source, o.source_size)} -> ")  # type: ignore[attr-defined]
    if transfer:
        p.w(p.affinity(op, "to", "target_affinity").lstrip() + " " if op.attr("target_affinity") else "")
    p.w(
        p.sized(o.result, o.result_size),
        p.extra_attrs(op, {"affinity", "source_affinity", "target_affinity"}, keyword=True),
    )  # type: ignore[attr-defined]
    return p.end(op)


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
    o = op
    p.begin(op, indent)
    p.w(
        " origin" if op.attr("prefer_origin") is not None else "",
        p.affinity(op),
        p.await_clause(o.await_timepoint),
    )  # type: ignore[attr-defined]
    p.w(f" {p.ref(o.operand)} : {p.sized(o.operand, o.operand_size)} => {p.type(o.result_timepoint.type)}")  # type: ignore[attr-defined]
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
    p.w(f" -> {p.type(o.result.type)}", p.extra_attrs(op, {"affinity", "source_encoding"}, keyword=True))  # type: ignore[attr-defined]
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
