"""Builtin dispatches for fills the HAL cannot do: IREE's materialize-builtins, in the pipeline's cmd lowering.

IREE's HAL fills take patterns of at most 32 bits (CUDA, Vulkan and Metal have no wider memset), so IREE's
``materialize-builtins`` pass (after scheduling, before allocation) turns every ``stream.async.splat`` and
``stream.async.fill`` whose pattern is wider than 32 bits into a dispatch of a builtin executable merged
into the module: ``@__builtin_splat_i64`` (a new resource, written) and ``@__builtin_fill_i64`` (the
target range, read-write: tied). Each takes the pattern and the element count (the byte length over the
pattern's 8 bytes) as operands, with the count as its workload, and writes the pattern over the whole
binding (a ``linalg.fill`` of a ``tensor<?xi64>``). Narrower patterns stay ``stream.cmd.fill``.

The scheduler places and allocates such an op as the fill it is (IREE materializes after partitioning);
:func:`lower_wide_fill` writes its command, and :func:`add_executables` merges the executables used.
"""

from __future__ import annotations

from collections.abc import Callable

from ir import Builder, Module, Operation, Value, load_text
from ir import attributes as A
from ir import types as T
from ir.dialects import stream_async as D
from scheduler.access import static_index
from scheduler.commands import ACCESS_ATTRS
from scheduler.errors import UnsupportedOpError

_EXECUTABLE = """"builtin.module"() ({
  "stream.executable"() <{sym_name = "NAME", sym_visibility = "private"}> ({
    "stream.executable.export"() <{function_ref = @NAME, sym_name = "NAME", sym_visibility = "public"}> ({
    ^bb0(%workload: index):
      %xyz:3 = "iree_tensor_ext.dispatch.workgroup_count_from_slice"(%workload) : (index) -> (index, index, index)
      "stream.return"(%xyz#0, %xyz#1, %xyz#2) : (index, index, index) -> ()
    }) : () -> ()
    "builtin.module"() ({
      "func.func"() <{function_type = (i64, index, !stream.binding) -> (), sym_name = "NAME"}> ({
      ^bb0(%pattern: i64, %count: index, %target: !stream.binding):
        %zero = "arith.constant"() <{value = 0 : index}> : () -> index
        %n = "iree_tensor_ext.dispatch.workload.ordinal"(%count) <{ordinal = 0 : index}> : (index) -> index
        %out = "stream.binding.subspan"(%target, %zero, %n) : (!stream.binding, index, index) -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi64>>
        %empty = "tensor.empty"(%n) : (index) -> tensor<?xi64>
        %filled = "linalg.fill"(%pattern, %empty) <{operandSegmentSizes = array<i32: 1, 1>}> ({
        ^bb0(%in: i64, %acc: i64):
          "linalg.yield"(%in) : (i64) -> ()
        }) : (i64, tensor<?xi64>) -> tensor<?xi64>
        "iree_tensor_ext.dispatch.tensor.store"(%filled, %out, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>}> : (tensor<?xi64>, !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi64>>, index, index) -> ()
        "func.return"() : () -> ()
      }) : () -> ()
    }) : () -> ()
    "stream.executable.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
"""


def pattern_width(value: Value) -> int:
    """The bit width of a fill pattern."""
    t = value.type
    if isinstance(t, (T.IntegerType, T.FloatType)):
        return t.width
    return 0


def is_wide_fill(op: Operation) -> bool:
    """Whether ``op`` is a splat or fill IREE emulates with a builtin dispatch (a pattern over 32 bits)."""
    return isinstance(op, (D.AsyncSplatOp, D.AsyncFillOp)) and pattern_width(op.value) > 32


def lower_wide_fill(
    op: Operation,
    b: Builder,
    outer: Builder,
    target: tuple[Value, Value, Value],
    index: Callable[[int], Value],
) -> str:
    """Write ``op`` (see :func:`is_wide_fill`) as a dispatch of its builtin with ``b``; values it needs
    outside the region are made with ``outer``. ``target`` is the resource in the region, its size and the
    offset of the bytes to write; ``index(n)`` gives an index constant. Returns the builtin's name."""
    assert isinstance(op, (D.AsyncSplatOp, D.AsyncFillOp))
    width = pattern_width(op.value)
    if width != 64:
        raise UnsupportedOpError(f"{op.describe()}: no builtin fill for a {width}-bit pattern")
    kind = "splat" if isinstance(op, D.AsyncSplatOp) else "fill"
    name = f"__builtin_{kind}_i64"
    length = op.result_size if isinstance(op, D.AsyncSplatOp) else op.target_length
    pattern = op.value
    if not isinstance(pattern.type, T.IntegerType):
        pattern = outer.create("arith.bitcast", [pattern], [T.IntegerType(64)]).result
    static = static_index(length)
    count: Value
    if static is not None:
        count = index(static // 8)
    else:
        count = outer.create("arith.divui", [length, index(8)], [T.index]).result
    resource, size, offset = target
    access = 2 if kind == "splat" else 3
    b.create(
        "stream.cmd.dispatch",
        [count, pattern, count, resource, size, offset, length],
        [],
        properties={
            "entry_points": A.ArrayAttr((A.SymbolRefAttr(name, (name,)),)),
            "operandSegmentSizes": A.segment_sizes(1, 2, 1, 1, 1, 1),
            "resource_accesses": A.ArrayAttr((ACCESS_ATTRS[access],)),
        },
    )
    return name


def add_executables(module: Module, names: set[str]) -> None:
    """Merge the builtin executables ``names`` into ``module`` (at its start, as IREE does), once each."""
    have = {op.attr("sym_name") for op in module.body.ops if op.op_name == "stream.executable"}
    for name in sorted(names, reverse=True):
        if A.StringAttr(name) in have:
            continue
        source = load_text(_EXECUTABLE.replace("NAME", name), f"<{name}>")
        executable = source.body.ops[0]
        source.body.ops.remove(executable)
        executable.parent = None
        module.body.insert(0, executable)
