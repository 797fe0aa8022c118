"""Executable programs: a dispatch function found once, checked once, run many times.

:func:`load_executable` resolves ``@executable::@export`` to the ``func.func`` the export's
``function_ref`` names inside the executable's nested ``builtin.module``, checks that the interpreter has
a rule for every op in it (an :class:`UnsupportedOpError` names the first op that has none, with its
``file:line:col``), and caches the :class:`ExecutableProgram` per module and entry point. Per-op plans
(parsed attributes, body analyses) are kept on the program across runs.

A run splits the function once into the ops that depend only on push constants and the rest; per
distinct push constants it keeps the former's values and the latter's steps, specialised to them
(``register_fast``: loads and stores with their geometry resolved, a matmul that feeds only the next
store fused with it so that it writes the bound bytes directly). A repeated dispatch then costs the
binding checks, one dict lookup and the specialised steps.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ir.attributes import IntegerAttr, StringAttr, SymbolRefAttr
from ir.core import Operation
from ir.errors import IRError
from ir.module import Module
from ir.types import BindingType, numpy_dtype
from simulator.dispatch.bindings import Binding, merge_ranges
from simulator.dispatch.interpreter import TERMINATORS, Compiled, compile_ops, run_ops, run_steps
from simulator.dispatch.registry import RUNTIME, Context, DispatchRules, Env, default_rules, unsupported
from simulator.dispatch.structured import FREE_OPS
from simulator.dispatch.workgroups import WORKGROUP_OPS, grid_points, uses_workgroups, workgroup_count
from simulator.errors import DispatchError, UnsupportedOpError
from simulator.kernels import push_constant


@dataclass(frozen=True)
class DispatchCost:
    """What one dispatch costs the roofline model: flops, and the bytes its loads and stores touch."""

    flops: int
    bytes_read: int
    bytes_written: int
    # The element type most of the flops compute on (MLIR spelling: "f32", "i8"), "" without flops;
    # the roofline picks the device peak for it.
    dtype: str = ""
    # The rows of the costliest named contraction with a dynamic number of result rows, 0 when it has
    # none (:attr:`simulator.costs.DispatchCost.dynamic_rows`).
    dynamic_rows: int = 0


_U8 = np.dtype(np.uint8)

# Distinct push-constant tuples whose uniform-only values a program keeps.
UNIFORM_CACHE_SIZE = 16

# Ops that touch binding data (or, for HAL ordinals, the number bound): never computed ahead.
_BINDING_OPS = (
    frozenset(
        {
            "hal.interface.binding.subspan",
            "iree_tensor_ext.dispatch.tensor.load",
            "iree_tensor_ext.dispatch.tensor.store",
            "flow.dispatch.tensor.load",
            "flow.dispatch.tensor.store",
        }
    )
    | WORKGROUP_OPS
)  # and the workgroup ids and counts, which change from one workgroup to the next


def split_uniform_steps(ctx: Context, block: Any) -> tuple[Compiled, Compiled]:
    """The block's ops in two compiled lists: those that depend only on constants, push constants and
    binding indices (index arithmetic, subspans, static ``tensor.empty``, fills of constants), run once
    per distinct uniforms, and the rest (loads, stores and what they feed), run every time."""
    uniform: set[Any] = set(block.args)
    pre, main = [], []
    for op in block.ops:
        if op.op_name in TERMINATORS:
            main.append(op)
            continue
        outside = (
            {v for inner in op.walk() for v in inner.operands}
            - {r for inner in list(op.walk())[1:] for r in inner.results}
            - {a for inner in op.walk() for region in inner.regions for b in region.blocks for a in b.args}
        )
        if op.results and op.op_name not in _BINDING_OPS and outside <= uniform:
            pre.append(op)
            uniform.update(op.results)
        else:
            main.append(op)
    constants = [op for op in pre if op.op_name == "arith.constant"]
    return compile_ops(ctx, constants + [op for op in pre if op not in constants], free=False), compile_ops(
        ctx, main
    )


# Ops inside structured-op bodies that the engine handles itself.
_BODY_OPS = FREE_OPS


def check_supported(func: Operation, rules: DispatchRules | None = None) -> None:
    """Raise UnsupportedOpError for the first op (in walk order) the interpreter has no rule for."""
    impls = (rules or default_rules()).impls
    for op in func.walk():
        if op is func:
            continue
        name = op.op_name
        if name in impls or name in TERMINATORS or name in _BODY_OPS:
            continue
        raise UnsupportedOpError(
            f"dispatch interpreter cannot execute {op.describe()} "
            f"(in @{_sym_name(func)}): no rule for {name}; see simulator.dispatch.tables"
        )


def _sym_name(op: Operation) -> str:
    attr = op.attr("sym_name")
    return attr.value if isinstance(attr, StringAttr) else "?"


class ExecutableProgram:
    """One dispatch function, ready to run on bindings (see :mod:`simulator.dispatch`)."""

    def __init__(
        self,
        func: Operation,
        name: str | None = None,
        rules: DispatchRules | None = None,
        export: Operation | None = None,
    ) -> None:
        self.rules = rules or default_rules()
        # The export whose count region gives the workgroup grid of a body that reads its workgroup id
        # or count (run once per workgroup: simulator.dispatch.workgroups); other bodies run whole.
        self.export = export
        self.per_workgroup = uses_workgroups(func, export)
        if not func.regions or not func.regions[0].blocks:
            raise UnsupportedOpError(f"dispatch interpreter: {func.describe()} has no body")
        self.func = func
        self.name = name or _sym_name(func)
        self.vector_bytes = native_vector_bytes(func)
        check_supported(func, self.rules)
        args = func.regions[0].blocks[0].args
        self.binding_args = [a for a in args if isinstance(a.type, BindingType)]
        self.uniform_args = [a for a in args if not isinstance(a.type, BindingType)]
        self._plans: dict[Any, Any] = {}
        self._split: tuple[Compiled, Compiled] | None = None
        self._hal_bindings: int | None = None
        # Uniform values -> the values of the ops that depend on nothing else (index math, empties) and
        # the main steps specialised to those values (see _prepare).
        self._uniform_values: dict[tuple[int, ...], tuple[dict[Any, Any], Compiled]] = {}

    @property
    def num_bindings(self) -> int:
        """Bindings the body takes: its binding arguments (stream form), or one past the highest ordinal its
        ``hal.interface.binding.subspan`` ops read (a HAL executable's function takes no arguments)."""
        if self.binding_args:
            return len(self.binding_args)
        if self._hal_bindings is None:
            ordinals = []
            for op in self.func.walk():
                attr = op.attr("binding") if op.op_name == "hal.interface.binding.subspan" else None
                if isinstance(attr, IntegerAttr):
                    ordinals.append(attr.value)
            self._hal_bindings = max(ordinals) + 1 if ordinals else 0
        return self._hal_bindings

    @property
    def hal_interface(self) -> bool:
        """Whether the body reads bindings by HAL ordinal (IREE's executable-source dumps)."""
        return not self.binding_args and self.num_bindings > 0

    @property
    def num_uniforms(self) -> int:
        return len(self.uniform_args)

    # --- running --------------------------------------------------------------------------------------

    def _check_counts(self, bindings: list[Any], uniforms: Sequence[Any]) -> None:
        if len(uniforms) < len(self.uniform_args):
            raise DispatchError(
                f"dispatch @{self.name}: {len(uniforms)} uniform operands for {len(self.uniform_args)} arguments"
            )
        if self.binding_args and len(bindings) != len(self.binding_args):
            raise DispatchError(
                f"dispatch @{self.name}: {len(bindings)} bindings for {len(self.binding_args)} arguments"
            )

    def _env(self, bindings: list[Binding], uniforms: Sequence[int | float]) -> Env:
        self._check_counts(bindings, uniforms)
        env = Env()
        for i, arg in enumerate(self.binding_args):
            env.bind(arg, i)  # a binding argument stands for its index in ctx.bindings
        for arg, u in zip(self.uniform_args, uniforms):
            env.bind(arg, _uniform(arg.type, u))
        return env

    def run(
        self, bindings: list[np.ndarray], uniforms: Sequence[int | float], workload: list[int]
    ) -> list[tuple[str, dict[str, Any]]]:
        """Execute on the bound bytes: ``bindings[i]`` is the writable uint8 array of binding ``i``.

        Returns the body's ``hal.instrument.*`` events (:mod:`simulator.dispatch.instrument`), usually none.
        """
        bound = []
        for i, data in enumerate(bindings):
            # Identity tests first (the common case costs no dtype comparison), then the exact check.
            if (type(data) is not np.ndarray or data.dtype is not _U8 or data.ndim != 1) and (
                not isinstance(data, np.ndarray) or data.dtype != _U8 or data.ndim != 1
            ):
                raise DispatchError(f"dispatch @{self.name}: binding {i} is not a 1-D uint8 array")
            bound.append(Binding(i, data, data.size))
        if len(bound) > 1:
            _mark_aliases(self, bound)
        if len(uniforms) < len(self.uniform_args) or (
            self.binding_args and len(bound) != len(self.binding_args)
        ):
            self._check_counts(bound, uniforms)
        ctx = Context(
            rules=self.rules,
            plans=self._plans,
            bindings=bound,
            uniforms=list(uniforms),
            vector_bytes=self.vector_bytes,
        )
        key = _uniform_key(uniforms)
        with np.errstate(all="ignore"):
            found = self._uniform_values.get(key)
            if found is None:
                found = self._prepare(ctx, key, uniforms)
            if not self.per_workgroup:
                env = Env()
                env.update(found[0])
                run_steps(ctx, found[1], env)
                return ctx.instruments
            grid = workgroup_count(ctx, self.export, workload)
            for point in grid_points(grid):
                ctx.workgroup = (point, grid)
                env = Env()
                env.update(found[0])
                run_steps(ctx, found[1], env)
        return ctx.instruments

    def _prepare(
        self, ctx: Context, key: tuple[Any, ...], uniforms: Sequence[int | float]
    ) -> tuple[dict[Any, Any], Compiled]:
        """What a run with these push constants reuses: the values that depend only on them, and the
        main steps with each load, store or other op that has a specialiser (``register_fast``)
        specialised to them (geometry resolved, layouts looked up)."""
        if self._split is None:
            self._split = split_uniform_steps(ctx, self.func.regions[0].blocks[0])
        pre, main = self._split
        scratch = Env()
        for i, arg in enumerate(self.binding_args):
            scratch[arg] = i  # a binding argument stands for its index in ctx.bindings
        for arg, u in zip(self.uniform_args, uniforms):
            scratch[arg] = _uniform(arg.type, u)
        run_steps(ctx, pre, scratch)
        values = dict(scratch)
        steps, term, constants = main
        special = []
        for step in steps:
            impl, op, operands, results, dead = step
            make = ctx.rules.fast.get(op.op_name)
            fast = None
            if make is not None and impl is not None:
                known = [values[v] if v in values else constants.get(v, RUNTIME) for v in operands]
                fast = make(ctx, op, known)
            special.append(step if fast is None else (fast, op, operands, results, dead))
        found = (values, (_fuse_stores(special, values, constants), term, constants))
        if len(self._uniform_values) >= UNIFORM_CACHE_SIZE:
            self._uniform_values.pop(next(iter(self._uniform_values)))
        self._uniform_values[key] = found
        return found

    def _analyse(
        self,
        uniforms: Sequence[int | float],
        binding_lengths: list[int],
        workload: Sequence[int] | None = None,
    ) -> Context:
        bound = [Binding(i, None, int(n)) for i, n in enumerate(binding_lengths)]
        ctx = Context(
            analysis=True, rules=self.rules, plans=self._plans, bindings=bound, uniforms=list(uniforms)
        )
        block = self.func.regions[0].blocks[0]
        with np.errstate(all="ignore"):
            if not self.per_workgroup:
                run_ops(ctx, block, self._env(bound, list(uniforms)))
                return ctx
            # Every workgroup's loads, stores and flops, in the one record.
            grid = workgroup_count(ctx, self.export, workload)
            for point in grid_points(grid):
                ctx.workgroup = (point, grid)
                run_ops(ctx, block, self._env(bound, list(uniforms)))
        return ctx

    def cost(
        self, uniforms: Sequence[int | float], workload: list[int], binding_lengths: list[int]
    ) -> DispatchCost:
        """Flops of the linalg loop nests and bytes the loads read and the stores write (no data)."""
        ctx = self._analyse(uniforms, binding_lengths, workload)
        read = sum(b - a for _, kind, ranges in ctx.accesses if kind == "read" for a, b in ranges)
        written = sum(b - a for _, kind, ranges in ctx.accesses if kind == "write" for a, b in ranges)
        dtype = max(ctx.flops_by_dtype.items(), key=lambda kv: kv[1])[0] if ctx.flops_by_dtype else ""
        extent = max(ctx.contraction_rows)[1] if ctx.contraction_rows else 0
        return DispatchCost(int(ctx.flops), int(read), int(written), dtype, int(extent))

    def accesses(
        self,
        uniforms: Sequence[int | float],
        binding_lengths: list[int],
        workload: Sequence[int] | None = None,
    ) -> list[list[tuple[str, int, int]]]:
        """Per binding, the merged byte ranges ``(kind, start, stop)`` its loads and stores touch,
        relative to the start of the binding, reads first then writes, each sorted (over every workgroup
        of a body that reads its workgroup id: that needs the dispatch's ``workload``)."""
        ctx = self._analyse(uniforms, binding_lengths, workload)
        out: list[list[tuple[str, int, int]]] = []
        for i in range(len(binding_lengths)):
            per: list[tuple[str, int, int]] = []
            for kind in ("read", "write"):
                ranges = [r for b, k, rs in ctx.accesses if b == i and k == kind for r in rs]
                per.extend((kind, a, b) for a, b in merge_ranges(ranges))
            out.append(per)
        return out

    def evaluate(self, args: list[Any]) -> list[Any]:
        """Run the function on tensor (ndarray) and scalar arguments; return what it returns."""
        block = self.func.regions[0].blocks[0]
        if len(args) != len(block.args):
            raise DispatchError(f"@{self.name} takes {len(block.args)} arguments, got {len(args)}")
        env = Env()
        for a, v in zip(block.args, args):
            if isinstance(a.type, BindingType):
                env.bind(a, v)
            elif isinstance(v, np.ndarray) and v.ndim > 0:
                env.bind(a, v.astype(numpy_dtype(a.type.element_type), copy=False))  # type: ignore[attr-defined]
            else:
                env.bind(a, _uniform(a.type, v))
        ctx = Context(rules=self.rules, plans=self._plans, vector_bytes=self.vector_bytes)
        with np.errstate(all="ignore"):
            return run_ops(ctx, block, env)

    def __repr__(self) -> str:
        return f"<ExecutableProgram @{self.name}: {self.num_bindings} bindings, {self.num_uniforms} uniforms>"


_VECTOR_SIZE = re.compile(r"native_vector_size\s*=\s*(\d+)")


def native_vector_bytes(func: Operation, default: int = 16) -> int:
    """The native vector size (bytes) of the target ``func`` is compiled for: from the enclosing
    ``hal.executable.variant``'s target, else the module's device target (``#hal.device.target<...,
    [#hal.executable.target<..., {native_vector_size = N}>]>``); ``default`` (x86's 16) without one."""
    op: Operation | None = func
    root = func
    while op is not None:
        target = op.attr("target") if op.op_name == "hal.executable.variant" else None
        if target is not None and (m := _VECTOR_SIZE.search(str(target))):
            return int(m.group(1))
        root = op
        op = op.parent_op
    for top in root.regions[0].blocks[0].ops if root.regions and root.regions[0].blocks else []:
        if top.op_name != "util.global":
            continue
        # (a global without an initial value, as each of a large model's thousands of parameters, has none)
        value = top.attr("initial_value")
        if value is not None and (m := _VECTOR_SIZE.search(str(value))):
            return int(m.group(1))
    return default


def _fuse_stores(steps: list[Any], values: dict[Any, Any], constants: dict[Any, Any]) -> list[Any]:
    """Merge an op whose specialised impl can compute into a given array (``impl.into(args, out)``,
    e.g. a plain matmul) with the store that immediately follows it and is the only use of its result
    (``store.target(ctx)``, the view it writes): one step that computes straight into the bound bytes,
    or, when ``into`` declines (layout, dtype, alignment), computes and stores as the two steps would.
    Only adjacent pairs: nothing runs between the computation and the store that could read the target.
    """
    out: list[Any] = []
    i = 0
    while i < len(steps):
        step = steps[i]
        nxt = steps[i + 1] if i + 1 < len(steps) else None
        compute, store = step[0], nxt[0] if nxt is not None else None
        if (
            nxt is not None
            and hasattr(compute, "into")
            and hasattr(store, "target")
            and len(step[3]) == 1
            and nxt[2][0] is step[3][0]
            and len(step[3][0].uses) == 1
        ):
            out.append(_fused_step(step, nxt, values, constants))
            i += 2
        else:
            out.append(step)
            i += 1
    return out


def _fused_step(step: Any, nxt: Any, values: dict[Any, Any], constants: dict[Any, Any]) -> Any:
    compute, op, operands, (result,), dead = step
    store, store_op, store_operands, _, store_dead = nxt
    # The store's other operands (target subspan, dynamic dims) depend only on push constants: the
    # store could not have been specialised otherwise.
    rest = [values[v] if v in values else constants[v] for v in store_operands[1:]]
    target = store.target

    def compute_into_store(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
        view = target(ctx)
        if view is None or not compute.into(args, view):
            store(ctx, store_op, [compute(ctx, op, args)[0], *rest])
        return []

    return (compute_into_store, op, operands, (), tuple(v for v in (*dead, *store_dead) if v is not result))


def _uniform_key(uniforms: Sequence[Any]) -> tuple[Any, ...]:
    """A cache key for ``uniforms`` that tells floats apart by their bits (NaN included)."""
    return tuple(("f", u.hex()) if isinstance(u, float) else int(u) for u in map(push_constant, uniforms))


def _uniform(t: Any, value: Any) -> Any:
    """A push constant as a scalar of its argument's type; integers wrap to the type's width."""
    try:
        dt = numpy_dtype(t)
    except IRError:
        return value
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if dt.kind in "iu":
        bits = 8 * dt.itemsize
        v = int(value) & ((1 << bits) - 1)
        if dt.kind == "i" and v >= 1 << (bits - 1):
            v -= 1 << bits
        return dt.type(v)
    if dt.kind == "b":
        return np.bool_(int(value) & 1)
    return np.array(value).astype(dt)[()]


def _mark_aliases(program: ExecutableProgram, bound: list[Binding]) -> None:
    """Mark bindings whose bytes overlap another binding's: a load from them must copy."""
    bases = [id(b.data.base if b.data.base is not None else b.data) for b in bound]  # type: ignore[union-attr]
    if len(set(bases)) == len(bases):
        return  # no two bindings view the same buffer: nothing overlaps
    groups: dict[int, list[Binding]] = {}
    for b in bound:
        assert b.data is not None
        base = b.data.base if b.data.base is not None else b.data
        groups.setdefault(id(base), []).append(b)
    for members in groups.values():
        if len(members) < 2:
            continue
        for b in members:
            b.aliased = any(o is not b and np.may_share_memory(b.data, o.data) for o in members)


# --- lookup and cache ---------------------------------------------------------------------------------

_CACHE: weakref.WeakKeyDictionary[Module, dict[tuple[str, ...], ExecutableProgram]] = (
    weakref.WeakKeyDictionary()
)


def find_function(module: Module, entry_point: SymbolRefAttr) -> Operation:
    """The ``func.func`` an export names (``@executable::@export`` -> its ``function_ref``)."""
    export = module.lookup(entry_point)
    if export.op_name in ("func.func", "util.func"):
        return export
    ref = export.attr("function_ref")
    fname = ref.root if isinstance(ref, SymbolRefAttr) else _sym_name(export)
    executable = export.parent_op
    if executable is None:
        raise unsupported(export, "export has no enclosing executable")
    for op in executable.walk():
        if op.op_name == "func.func" and _sym_name(op) == fname:
            return op
    raise UnsupportedOpError(
        f"dispatch interpreter: no func.func @{fname} in the executable of {export.describe()}"
    )


def load_executable(module: Module, entry_point: SymbolRefAttr) -> ExecutableProgram:
    """The program of ``@executable::@export`` in ``module``, analysed once and cached."""
    key = (entry_point.root, *entry_point.nested)
    per_module = _CACHE.setdefault(module, {})
    program = per_module.get(key)
    if program is None:
        export = module.lookup(entry_point)
        program = ExecutableProgram(
            find_function(module, entry_point),
            "::".join(key),
            export=export if export.op_name.endswith("executable.export") else None,
        )
        per_module[key] = program
    return program


def evaluate_function(func: Operation, args: list[Any]) -> list[Any]:
    """Run a ``func.func`` over tensors and scalars (for tests of single ops)."""
    return ExecutableProgram(func).evaluate(args)
