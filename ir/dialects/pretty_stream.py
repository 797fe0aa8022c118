"""Custom syntax of the stream ops (and the few hal ops IREE's modules show), for :mod:`ir.pretty`.

Each printer follows the ``Syntax:`` of the seed documents as IREE 3.13 prints it. A printer returns
False when the op has something its syntax cannot show, and the op is then printed in generic form.
"""

from __future__ import annotations

from ir import attributes as A
from ir.core import Operation, Value
from ir.dialects.stream_async import AsyncCloneOp, AsyncFillOp, AsyncTransferOp, AsyncUpdateOp
from ir.dialects.stream_cmd import CmdDispatchOp
from ir.dialects.stream_parameter import (
    AsyncParameterGatherOp,
    AsyncParameterReadOp,
    AsyncParameterScatterOp,
    AsyncParameterWriteOp,
    ParameterWriteOp,
)
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
    if not isinstance(op, CmdDispatchOp):
        return False
    eps = _entry_points(p, op)
    accesses = op.attr("resource_accesses")
    resources = op.resources
    if eps is None or not isinstance(accesses, A.ArrayAttr) or len(accesses) != len(resources):
        return False
    if any(getattr(a, "value", None) not in ACCESS for a in accesses):
        return False
    p.begin(op, indent)
    p.w(" ", eps)
    if op.workload:
        p.w("[", p.refs(op.workload), "]")
    uniform = op.uniform_operands
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
            op.resource_lengths,
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
    if not isinstance(op, AsyncFillOp):
        return False
    o = op
    p.begin(op, indent)
    p.w(
        p.affinity(op),
        f" {p.ref(o.value)}, {p.ref(o.target)}[{p.ref(o.target_offset)} to {p.ref(o.target_end)} ",
    )
    p.w(f"for {p.ref(o.target_length)}] : {p.type(o.value.type)} -> {p.ref(o.target)} as ")
    p.w(p.sized(o.target, o.target_size), p.extra_attrs(op, {"affinity"}, keyword=True))
    return p.end(op)


@pretty("stream.async.update")
def _async_update(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if not isinstance(op, AsyncUpdateOp):
        return False
    o = op
    p.begin(op, indent)
    p.w(
        p.affinity(op),
        f" {p.ref(o.update)}, {p.ref(o.target)}[{p.ref(o.target_offset)} to {p.ref(o.target_end)}] : ",
    )
    p.w(f"{p.sized(o.update, o.update_size)} -> {p.ref(o.target)} as {p.sized(o.target, o.target_size)}")
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
    if not isinstance(op, AsyncCloneOp | AsyncTransferOp):
        return False
    o = op
    p.begin(op, indent)
    transfer = op.op_name.endswith("transfer")
    # IREE's transfer: `on(#exec) %x : T{%n} from(#src) -> to(#dst) T{%n}`; clone: `on(#a) %x : T -> T`.
    p.w(p.affinity(op, "on", "execution_affinity") if transfer else p.affinity(op))
    p.w(f" {p.ref(o.source)} : {p.sized(o.source, o.source_size)}")
    p.w(p.affinity(op, "from", "source_affinity") if transfer else "", " -> ")
    if transfer:
        p.w(p.affinity(op, "to", "target_affinity").lstrip() + " " if op.attr("target_affinity") else "")
    p.w(
        p.sized(o.result, o.result_size),
        p.extra_attrs(
            op, {"affinity", "source_affinity", "target_affinity", "execution_affinity"}, keyword=True
        ),
    )
    return p.end(op)


# --- parameters: `%scope::%key[%offset]`, as IREE 3.13 prints its stream.{cmd,async}.parameter.* ops ---


def _param_ref(p: PrettyPrinter, scope: Value | None, key: Value, offset: Value) -> str:
    return (f"{p.ref(scope)}::" if scope is not None else "") + f"{p.ref(key)}[{p.ref(offset)}]"


def _param_head(p: PrettyPrinter, op: Operation, indent: int) -> None:
    # The cmd forms write `await(%t) =>`; IREE's async forms have no arrow after the await.
    arrow = "" if op.op_name.startswith("stream.async.") else " =>"
    p.begin(op, indent)
    p.w(p.affinity(op), p.await_clause(op.await_timepoint, arrow))  # type: ignore[attr-defined]


def _param_tail(p: PrettyPrinter, op: Operation) -> bool:
    p.w(" => ", p.type(op.result_timepoint.type), p.extra_attrs(op, {"affinity"}, keyword=True))  # type: ignore[attr-defined]
    return p.end(op)


@pretty("stream.parameter.read")
def _parameter_read(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    _param_head(p, op, indent)
    p.w(" ", _param_ref(p, o.source_scope, o.source_key, o.source_offset))  # type: ignore[attr-defined]
    p.w(f" -> {p.ref(o.target)}[{p.ref(o.target_offset)} for {p.ref(o.target_length)}] : ")  # type: ignore[attr-defined]
    p.w(p.sized(o.target, o.target_size))  # type: ignore[attr-defined]
    return _param_tail(p, op)


@pretty("stream.parameter.write")
def _parameter_write(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if not isinstance(op, ParameterWriteOp):
        return False
    o = op
    _param_head(p, op, indent)
    p.w(f" {p.ref(o.source)}[{p.ref(o.source_offset)} for {p.ref(o.source_length)}] : ")
    p.w(
        p.sized(o.source, o.source_size), " -> ", _param_ref(p, o.target_scope, o.target_key, o.target_offset)
    )
    return _param_tail(p, op)


@pretty("stream.parameter.gather", "stream.parameter.scatter")
def _parameter_gather_scatter(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    gather = op.op_name.endswith("gather")
    if gather:
        keys, scope, poffs = o.source_keys, o.source_scope, o.source_offsets  # type: ignore[attr-defined]
        res, size, roffs, lens = o.target, o.target_size, o.target_offsets, o.target_lengths  # type: ignore[attr-defined]
    else:
        keys, scope, poffs = o.target_keys, o.target_scope, o.target_offsets  # type: ignore[attr-defined]
        res, size, roffs, lens = o.source, o.source_size, o.source_offsets, o.source_lengths  # type: ignore[attr-defined]
    if not (len(keys) == len(poffs) == len(roffs) == len(lens)):
        return False
    pad = "  " * (indent + 1)
    lines = []
    for k, po, ro, n in zip(keys, poffs, roffs, lens):
        param = _param_ref(p, scope, k, po)
        rng = f"{p.ref(res)}[{p.ref(ro)} for {p.ref(n)}] : {p.sized(res, size)}"
        lines.append(f"{pad}{param} -> {rng}" if gather else f"{pad}{rng} -> {param}")
    _param_head(p, op, indent)
    p.w(" {\n", ",\n".join(lines), "\n" + "  " * indent + "}")
    return _param_tail(p, op)


@pretty("stream.async.parameter.load")
def _async_parameter_load(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    o = op
    _param_head(p, op, indent)
    p.w(" ", _param_ref(p, o.source_scope, o.source_key, o.source_offset), " : ")  # type: ignore[attr-defined]
    p.w(p.sized(o.result, o.result_size))  # type: ignore[attr-defined]
    return _param_tail(p, op)


@pretty("stream.async.parameter.read", "stream.async.parameter.write")
def _async_parameter_rw(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if isinstance(op, AsyncParameterReadOp):
        read = True
        res, size = op.target, op.target_size
        start, end, length = op.target_offset, op.target_end, op.target_length
        scope, key, offset = op.source_scope, op.source_key, op.source_offset
    elif isinstance(op, AsyncParameterWriteOp):
        read = False
        res, size = op.source, op.source_size
        start, end, length = op.source_offset, op.source_end, op.source_length
        scope, key, offset = op.target_scope, op.target_key, op.target_offset
    else:
        return False
    rng = f"{p.ref(res)}[{p.ref(start)} to {p.ref(end)} for {p.ref(length)}]"
    param = _param_ref(p, scope, key, offset)
    _param_head(p, op, indent)
    p.w(f" {param} -> {rng}" if read else f" {rng} -> {param}", " : ", p.sized(res, size))
    return _param_tail(p, op)


@pretty("stream.async.parameter.gather", "stream.async.parameter.scatter")
def _async_parameter_gather_scatter(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if isinstance(op, AsyncParameterGatherOp):
        gather = True
        keys, scope, poffs = op.source_keys, op.source_scope, op.source_offsets
        res, size, roffs, ends, lens = (
            op.target,
            op.target_size,
            op.target_offsets,
            op.target_ends,
            op.target_lengths,
        )
    elif isinstance(op, AsyncParameterScatterOp):
        gather = False
        keys, scope, poffs = op.target_keys, op.target_scope, op.target_offsets
        res, size, roffs, ends, lens = (
            op.source,
            op.source_size,
            op.source_offsets,
            op.source_ends,
            op.source_lengths,
        )
    else:
        return False
    if not (len(keys) == len(poffs) == len(roffs) == len(ends) == len(lens)):
        return False
    pad = "  " * (indent + 1)
    lines = []
    for k, po, ro, e, n in zip(keys, poffs, roffs, ends, lens):
        param = _param_ref(p, scope, k, po)
        rng = f"{p.ref(res)}[{p.ref(ro)} to {p.ref(e)} for {p.ref(n)}] : {p.sized(res, size)}"
        lines.append(f"{pad}{param} -> {rng}" if gather else f"{pad}{rng} -> {param}")
    _param_head(p, op, indent)
    p.w(" {\n", ",\n".join(lines), "\n" + "  " * indent + "} : ", p.type(op.result.type))
    return _param_tail(p, op)
