"""The sequential reference: an async-form program run op by op, in program order, with numpy.

No machine, no queues, no timepoints: every ``stream.async.*`` op computes its result as a fresh
``uint8`` array the moment the host reaches it (value semantics; a tied result is a modified copy of its
operand), ``stream.async.execute`` regions run inline and awaits pass their resources through. Dispatches
of IREE executables run through the executable interpreter (:mod:`simulator.dispatch`); kernel
executables built in Python run their registered kernel. What a schedule computes must equal what this
computes: that is the numerical-equivalence check.

After the jaxpr interpreter: a rule table maps op names to ``rule(ref, op, args) -> results`` and an
environment maps SSA values to numpy arrays and Python scalars.

Examples
--------
>>> import numpy as np
>>> from ir import ProgramBuilder, types as T
>>> pb = ProgramBuilder()
>>> f = pb.function("main", [], [T.ResourceType("external")])
>>> r = pb.create("stream.async.splat", [pb.constant(7, T.i8), pb.index(4)], [T.ResourceType("external")])
>>> _ = pb.returns(r.result)
>>> run_reference(pb.module, "main", [])[0]
array([7, 7, 7, 7], dtype=uint8)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ir import KERNEL_ATTR, OP_ALIASES, Module, Operation, Value
from ir import attributes as A
from ir import types as T
from simulator.arith import eval_scalar, is_scalar_op
from simulator.errors import InputError, SimulationError, UnsupportedOpError
from simulator.host.fields import groups
from simulator.kernels import push_constant
from simulator.rules import RuleTable

Rule = Callable[["Reference", Operation, list[Any]], Any]
#: The reference executor's rules, all defined in this module (arith/math ops go through simulator.arith).
RULES: RuleTable[Rule] = RuleTable("reference")
rule = RULES.register


class Reference:
    """The state of one reference run: globals, parameters, and the executables' programs."""

    def __init__(
        self,
        module: Module,
        parameters: Any = None,
        kernels: Any = None,
        rules: RuleTable[Rule] | None = None,
    ) -> None:
        from simulator.params.provider import make_parameter_index

        self.rules = RULES if rules is None else rules
        self.module = module
        self.parameters = make_parameter_index(parameters)
        self.kernels = kernels
        self.globals: dict[str, Any] = {}
        self._programs: dict[str, Any] = {}
        self.env: dict[Value, Any] = {}

    def run_function(self, func: Operation, args: Sequence[Any]) -> list[Any]:
        return self.run_block(func.body, list(args))

    def run_block(self, block: Any, args: list[Any], outer: dict[Value, Any] | None = None) -> list[Any]:
        # Regions of stream.async.execute see the values of the enclosing block.
        env: dict[Value, Any] = dict(outer or {})
        env.update(zip(block.args, args))
        self.env = env
        for op in block.ops:
            name = OP_ALIASES.get(op.op_name, op.op_name)
            if name in ("util.return", "func.return", "stream.yield", "scf.yield"):
                return [env[v] for v in op.operands]
            fn = self.rules.get(name)
            if fn is None and name.startswith(("arith.", "math.")):
                fn = _arith
            if fn is None:
                raise UnsupportedOpError(f"reference: no rule for {op.describe()}")
            out = fn(self, op, [env[v] for v in op.operands])
            results = out if isinstance(out, list) else [out] if op.results else []
            for v, r in zip(op.results, results):
                if v in env and outer is None:
                    raise SimulationError(f"reference: {op.describe()} assigns a value twice")
                env[v] = r
        return []

    def program(self, ref: A.SymbolRefAttr, where: str) -> Any:
        key = str(ref)
        if key not in self._programs:
            export = self.module.lookup(ref)
            kernel = export.attr(KERNEL_ATTR)
            if isinstance(kernel, A.StringAttr):
                from simulator.kernels import KERNELS

                k = (self.kernels or KERNELS).get(kernel.value)
                if k is None:
                    raise UnsupportedOpError(f"reference: {where}: kernel {kernel.value!r} is not registered")
                self._programs[key] = ("kernel", k)
            else:
                from simulator.dispatch import load_executable

                self._programs[key] = ("iree", load_executable(self.module, ref))
        return self._programs[key]


def run_reference(
    module: Module,
    function: str = "main",
    inputs: Sequence[np.ndarray] = (),
    *,
    parameters: Any = None,
    kernels: Any = None,
) -> list[Any]:
    """Run the initializers, then ``function`` on ``inputs``; returns its results as numpy arrays.

    ``parameters`` is a :class:`~simulator.archives.ParameterIndex` or ``{scope: file}``. Exported
    tensors come back shaped and typed; resources returned as such come back as ``uint8`` arrays.
    """
    ref = Reference(module, parameters, kernels)
    for op in module.body.ops:
        if op.op_name == "util.global":
            init = op.attr("initial_value")
            name = op.attr("sym_name")
            if init is not None and isinstance(name, A.StringAttr):
                ref.globals[name.value] = _attr_value(init)
        elif op.op_name == "util.initializer":
            ref.run_function(op, [])
    return ref.run_function(module.function(function), list(inputs))


# --- helpers -------------------------------------------------------------------------------------


def _attr_value(attr: A.Attribute) -> Any:
    if isinstance(attr, A.IntegerAttr):
        return attr.value
    if isinstance(attr, A.FloatAttr):
        return attr.value
    return attr


def _pattern(value: int, t: T.Type, length: int) -> np.ndarray:
    width = t.width // 8 if isinstance(t, T.IntegerType) else 4
    raw = int(value).to_bytes(8, "little", signed=value < 0)[:width]
    reps = -(-length // width)
    return np.frombuffer(raw * reps, dtype=np.uint8)[:length].copy()


def _seg(op: Operation) -> dict[str, list[int]]:
    """The operand indices of each of ``op``'s operand groups, named as ir's op class names them (the one
    operand schema, read through :func:`simulator.host.fields.groups`)."""
    by_group = groups(op, list(range(len(op.operands))))
    return {k: v if isinstance(v, list) else [] if v is None else [v] for k, v in by_group.items()}


# --- host rules ----------------------------------------------------------------------------------


@rule("arith.constant")
def _constant(ref: Reference, op: Operation, args: list[Any]) -> Any:
    attr = op.attr("value")
    if isinstance(attr, A.DenseElementsAttr):
        return attr.to_numpy()
    return _attr_value(attr)  # type: ignore[arg-type]


def _arith(ref: Reference, op: Operation, args: list[Any]) -> Any:
    """arith/math ops: the shared scalar semantics (:mod:`simulator.arith`); the reference is an
    independent executor of stream-op semantics, not of arithmetic."""
    if op.op_name == "arith.select":
        return args[1] if args[0] else args[2]
    if is_scalar_op(op.op_name):
        return eval_scalar(op, args)
    raise UnsupportedOpError(f"reference: no rule for {op.describe()}")


@rule("util.global.load")
def _global_load(ref: Reference, op: Operation, args: list[Any]) -> Any:
    g = op.attr("global")
    return ref.globals[g.root]  # type: ignore[union-attr]


@rule("util.global.store")
def _global_store(ref: Reference, op: Operation, args: list[Any]) -> None:
    g = op.attr("global")
    ref.globals[g.root] = args[0]  # type: ignore[union-attr]


@rule("util.buffer.constant")
def _buffer_constant(ref: Reference, op: Operation, args: list[Any]) -> Any:
    v = op.attr("value")
    return v.value if isinstance(v, A.StringAttr) else v


@rule("hal.element_type", "hal.encoding_type", "util.optimization_barrier")
def _ignored_value(ref: Reference, op: Operation, args: list[Any]) -> Any:
    return args[0] if args else 0


@rule("hal.buffer_view.assert")
def _assert(ref: Reference, op: Operation, args: list[Any]) -> None:
    view = np.asarray(args[0])
    shape = tuple(int(a) for a in args[3:])
    if shape != view.shape:
        msg = op.attr("message")
        raise InputError(
            f"reference: {msg.value if isinstance(msg, A.StringAttr) else 'input'}: shape {view.shape}, expected {shape}"
        )


@rule("hal.buffer_view.dim")
def _dim(ref: Reference, op: Operation, args: list[Any]) -> int:
    index = op.attr("index")
    return int(np.asarray(args[0]).shape[index.value])  # type: ignore[union-attr]


@rule("stream.tensor.import")
def _import(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    return np.ascontiguousarray(args[0]).reshape(-1).view(np.uint8).copy()


@rule("stream.tensor.export")
def _export(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    enc = op.attr("source_encoding")
    tensor = enc.value if isinstance(enc, A.TypeAttr) else None
    data = args[0]
    if not isinstance(tensor, T.TensorType) or tensor.shape is None:
        return data
    dims = iter(int(a) for a in args[1:-1])
    shape = tuple(next(dims) if d == T.DYNAMIC else d for d in tensor.shape)
    dtype = T.numpy_dtype(tensor.element_type)
    n = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    return np.frombuffer(data[:n].tobytes(), dtype=dtype).reshape(shape)


@rule("stream.timepoint.immediate", "stream.timepoint.join")
def _timepoint(ref: Reference, op: Operation, args: list[Any]) -> None:
    return None


@rule("stream.timepoint.await")
def _await(ref: Reference, op: Operation, args: list[Any]) -> list[Any]:
    return args[: len(op.results)]


@rule("stream.async.execute", "stream.async.concurrent")
def _execute(ref: Reference, op: Operation, args: list[Any]) -> list[Any]:
    seg = _seg(op)
    body = op.regions[0].blocks[0]
    out = ref.run_block(body, [args[i] for i in seg["resource_operands"]][: len(body.args)], ref.env)
    n_res = sum(isinstance(r.type, T.ResourceType) for r in op.results)
    results = out[:n_res]
    return results + [None] * (len(op.results) - n_res)


# --- stream.async rules --------------------------------------------------------------------------


@rule("stream.async.alloca")
def _alloca(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    return np.zeros(int(args[0]), np.uint8)


@rule("stream.async.splat")
def _splat(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    return _pattern(int(args[0]), op.operands[0].type, int(args[1]))


@rule("stream.async.fill")
def _fill(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    target, _size, off, _end, length, value = args
    out = target.copy()
    out[int(off) : int(off) + int(length)] = _pattern(int(value), op.operands[5].type, int(length))
    return out


@rule("stream.async.clone", "stream.async.transfer")
def _clone(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    return args[0][: int(args[2])].copy()


@rule("stream.async.slice")
def _slice(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    src, _size, off, end, _rsize = args
    return src[int(off) : int(end)].copy()


@rule("stream.async.update")
def _update(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    target, _ts, off, end, update, _us = args
    out = target.copy()
    out[int(off) : int(end)] = update[: int(end) - int(off)]
    return out


@rule("stream.async.copy")
def _copy(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    target, _ts, toff, _te, src, _ss, soff, _se, length = args
    out = target.copy()
    out[int(toff) : int(toff) + int(length)] = src[int(soff) : int(soff) + int(length)]
    return out


@rule("stream.async.load")
def _load(ref: Reference, op: Operation, args: list[Any]) -> Any:
    src, _size, off = args
    dtype = T.numpy_dtype(op.results[0].type)
    return np.frombuffer(src[int(off) : int(off) + dtype.itemsize].tobytes(), dtype=dtype)[0]


@rule("stream.async.store")
def _store(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    target, _size, off, value = args
    dtype = T.numpy_dtype(op.operands[3].type)
    out = target.copy()
    out[int(off) : int(off) + dtype.itemsize] = np.array([value], dtype=dtype).view(np.uint8)
    return out


@rule("stream.async.constant")
def _async_constant(ref: Reference, op: Operation, args: list[Any]) -> np.ndarray:
    value = op.attr("value")
    size = int(args[0])
    if isinstance(value, A.NamedParameterAttr):
        if ref.parameters is None:
            raise InputError(
                f"reference: {op.describe()} reads parameter {value.key!r} but no parameters were given"
            )
        data = ref.parameters.read(value.scope or "", value.key)
        return np.frombuffer(data, dtype=np.uint8)[:size].copy()
    if isinstance(value, A.DenseElementsAttr):
        return np.ascontiguousarray(value.to_numpy()).reshape(-1).view(np.uint8)[:size].copy()
    raise UnsupportedOpError(f"reference: {op.describe()}: constant value {value} is not supported")


@rule("stream.async.dispatch")
def _dispatch(ref: Reference, op: Operation, args: list[Any]) -> list[np.ndarray]:
    seg = _seg(op)
    ties_attr = op.attr("tied_operands")
    ties = [e.value for e in ties_attr] if isinstance(ties_attr, A.ArrayAttr) else [-1] * len(op.results)  # type: ignore[attr-defined]
    operand_values = [args[i] for i in seg["resource_operands"]]
    operand_types = [op.operands[i].type for i in seg["resource_operands"]]
    offsets = [int(args[i]) for i in seg["resource_operand_offsets"]]
    lengths = [int(args[i]) for i in seg["resource_operand_lengths"]]
    result_sizes = [int(args[i]) for i in seg["result_sizes"]]
    tied_results = {t: r for r, t in enumerate(ties) if t >= 0}
    results: list[np.ndarray | None] = [None] * len(op.results)
    bindings: list[np.ndarray] = []
    binding_lengths: list[int] = []
    accesses: list[str] = []
    uniforms: list[Any] = []
    ri = 0
    for i, (v, t) in enumerate(zip(operand_values, operand_types)):
        if not isinstance(t, T.ResourceType):
            uniforms.append(v)
            continue
        off, ln = offsets[ri], lengths[ri]
        ri += 1
        if i in tied_results:
            copy = v.copy()
            results[tied_results[i]] = copy
            bindings.append(copy[off : off + ln])
            accesses.append("rw")
        else:
            bindings.append(v[off : off + ln].copy())
            accesses.append("ro")
        binding_lengths.append(ln)
    for r, size in enumerate(result_sizes):
        if ties[r] < 0:
            buf = np.zeros(size, np.uint8)
            results[r] = buf
            bindings.append(buf)
            binding_lengths.append(size)
            accesses.append("wo")
    workload = [int(args[i]) for i in seg["workload"]]
    entry = op.attr("entry_points")
    ref_attr = entry[0] if isinstance(entry, A.ArrayAttr) else entry
    kind, program = ref.program(ref_attr, op.describe())  # type: ignore[arg-type]
    if kind == "kernel":
        from simulator.kernels import DispatchContext

        program.fn(DispatchContext(list[Any](bindings), binding_lengths, accesses, uniforms, workload))
    else:
        program.run(bindings, [push_constant(u) for u in uniforms], workload)
    return results  # type: ignore[return-value]


# --- parameters ------------------------------------------------------------------------------------
#
# IREE's async form keeps its initializers in cmd form: ``stream.cmd.parameter.load`` (IREE 3.x's name
# for ``stream.parameter.load``) reads the parameters, and a ``stream.timepoint.await`` hands them to
# globals. In the reference, a load is the parameters' bytes, at once. (These rules used to be
# registered only when simulator.checks.run happened to be imported.)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else getattr(value, "value", str(value))


def _parameter_load(ref: Reference, op: Operation, args: list[Any]) -> list[Any]:
    g = groups(op, args)
    scope_value = g.get("source_scope")
    scope = _text(scope_value) if scope_value is not None else _text(op.attr("source_scope") or "")
    keys_value = g.get("source_keys")
    keys = [_text(k) for k in (keys_value if isinstance(keys_value, list) else [keys_value])]
    if ref.parameters is None:
        raise InputError(f"reference: {op.describe()} reads parameters but none were given")
    out: list[Any] = []
    for key, offset, size in zip(keys, g["source_offsets"], g["result_sizes"]):
        data = ref.parameters.read(scope, key, offset_bytes=int(offset), length_bytes=int(size))
        out.append(np.frombuffer(data, dtype=np.uint8).copy())
    return [*out, None]


rule("stream.cmd.parameter.load", "stream.parameter.load")(_parameter_load)
