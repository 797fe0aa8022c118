"""The rule tables of the dispatch interpreter, and the environment it runs in.

Rule tables (:class:`DispatchRules`, one per rule module, merged in :mod:`simulator.dispatch.tables`)
map MLIR op names to Python functions, after JAX's jaxpr interpreter:

- ``impls``: ``impl(ctx, op, args) -> results``. ``args`` are the runtime
  objects of the op's operands, in order; the impl returns one runtime object per result (a list or
  tuple). Tensors are numpy arrays, scalars are numpy scalars (``np.float32``, ``np.int64`` for
  ``index``) or, inside a vectorised ``linalg`` body, whole numpy arrays.
- ``shapes``: the same signature for the data-free analysis that
  :meth:`ExecutableProgram.cost` and :meth:`ExecutableProgram.accesses` run. Tensors are then
  :class:`Abstract` (shape and dtype only). An op without a shape rule whose operands are all concrete
  runs its impl; one whose tensor results have a static type gets them from the type.

:class:`Env` maps SSA values to runtime objects and asserts single assignment; a nested region's env
reads through to its parent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ir.core import Operation, Value
from simulator.errors import DispatchError, UnsupportedOpError
from simulator.rules import RuleTable

Impl = Callable[["Context", Operation, list[Any]], Sequence[Any]]

Specialiser = Callable[["Context", Operation, list[Any]], "Impl | None"]

# In ``known`` (the operands a specialiser gets): an operand that is only known at run time.
RUNTIME = object()


@dataclass(frozen=True)
class DispatchRules:
    """The three tables of the dispatch interpreter (see the module docstring).

    - ``impls``: ``impl(ctx, op, args) -> results`` per op name;
    - ``shapes``: the data-free analysis rule of the op names it covers;
    - ``fast``: specialisers: ``fn(ctx, op, known)`` returns an impl for ``op`` with everything in
      ``known`` folded in (``known[i]`` is the value of operand ``i`` when it depends only on push
      constants, else :data:`RUNTIME`), or None to keep the generic impl. A program builds its
      specialised steps once per distinct push constants; the impl must give what the generic one
      gives, and fall back to it for anything unusual (errors included).

    Each rule module defines its own (``RULES = DispatchRules.named("dispatch.linalg")``) and registers
    into it with ``RULES.impls.register(...)``; :data:`simulator.dispatch.tables.DISPATCH_RULES` merges them.
    """

    impls: RuleTable[Impl]
    shapes: RuleTable[Impl]
    fast: RuleTable[Specialiser]

    @classmethod
    def named(cls, name: str) -> DispatchRules:
        return cls(RuleTable(name), RuleTable(f"{name}.shapes"), RuleTable(f"{name}.fast"))

    @classmethod
    def merge(cls, name: str, parts: Sequence[DispatchRules]) -> DispatchRules:
        """One set of tables from ``parts``; an op with two impls (or two shape rules) raises."""
        return cls(
            RuleTable.merge(name, [p.impls for p in parts]),
            RuleTable.merge(f"{name}.shapes", [p.shapes for p in parts]),
            RuleTable.merge(f"{name}.fast", [p.fast for p in parts]),
        )


def default_rules() -> DispatchRules:
    """The tables every rule module of this package defines, merged (:mod:`simulator.dispatch.tables`)."""
    from simulator.dispatch.tables import DISPATCH_RULES

    return DISPATCH_RULES


def where(op: Operation) -> str:
    return op.describe()


def unsupported(op: Operation, why: str = "") -> UnsupportedOpError:
    detail = f": {why}" if why else ""
    return UnsupportedOpError(f"dispatch interpreter cannot execute {where(op)}{detail}")


@dataclass(frozen=True)
class Abstract:
    """A tensor known only by shape and dtype (the analysis of costs and accesses has no data)."""

    shape: tuple[int, ...]
    dtype: np.dtype

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n


def splat(value: Any, dtype: np.dtype, shape: tuple[int, ...]) -> np.ndarray:
    """A read-only array of ``shape`` whose every element is ``value``, in no memory (zero strides)."""
    one = np.asarray(value).astype(dtype).tobytes()
    return np.ndarray(tuple(shape), dtype=dtype, buffer=one, strides=(0,) * len(shape))


class UnknownType:
    """A scalar the analysis cannot know (read from tensor data)."""

    def __repr__(self) -> str:
        return "<unknown>"


UNKNOWN = UnknownType()


@dataclass(slots=True)
class Context:
    """What a run carries besides the environment: the mode, the analysis records, per-op plans."""

    analysis: bool = False
    rules: DispatchRules = field(default_factory=default_rules)
    plans: dict[Any, Any] = field(default_factory=dict)
    bindings: list[Any] = field(default_factory=list)
    uniforms: list[Any] = field(default_factory=list)
    # Analysis records: (binding index, "read"/"write", byte ranges) and flops.
    accesses: list[tuple[int, str, list[tuple[int, int]]]] = field(default_factory=list)
    flops: int = 0
    flops_by_dtype: dict[str, int] = field(default_factory=dict)  # element type of the inputs -> flops
    # (flops, rows) of each named contraction whose result has a dynamic number of rows
    # (``tensor<?x64xf32>``): IREE tiles that loop by a vector tile fixed at compile time, so a
    # remainder runs as a partial tile (simulator.dispatch_model.tile_factor).
    contraction_rows: list[tuple[int, int]] = field(default_factory=list)
    # Analysis records of each load and store: (kind, binding index, Geometry, dtype), in program order.
    slices: list[tuple[str, int, Any, np.dtype]] = field(default_factory=list)
    # Iteration indices for linalg.index inside a structured op's body (innermost last).
    index_stack: list[Sequence[Any]] = field(default_factory=list)
    # The env of the op being run (a structured op's body reads captured values through it).
    env: Env | None = None
    # hal.instrument.* events of the run, (kind, args), in program order (simulator.dispatch.instrument).
    instruments: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    # The target's native vector size in bytes (its #hal.executable.target native_vector_size): a bf16
    # contraction accumulates one vector's worth of the reduction in f32 between roundings.
    vector_bytes: int = 16
    # bf16 values carried in f32 between ops (IREE's CPU code; simulator.dispatch.scalars); host
    # arithmetic (simulator.arith) rounds each op instead.
    carry_bf16: bool = True
    # The workgroup being run and the grid, ((x, y, z), (nx, ny, nz)), for a body that reads its
    # workgroup id or count (simulator.dispatch.workgroups); None while a body runs whole.
    workgroup: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    # > 0 while a branch runs for elements that discard its values (an scf.if whose condition differs per
    # element, simulator.dispatch.control): a tensor.extract there clamps its index instead of failing.
    speculative: int = 0

    def plan(self, op: Operation, build: Callable[[Operation], Any], tag: str = "") -> Any:
        """``build(op)``, computed once per op (and tag) and kept: the function is analysed once."""
        key = (op, tag) if tag else op
        found = self.plans.get(key)
        if found is None:
            found = build(op)
            self.plans[key] = found
        return found


class Env(dict):  # type: ignore[type-arg]
    """SSA values to runtime objects, single assignment, reading through to a parent env.

    A dict, so that a lookup that hits costs what a dict lookup costs; a miss asks the parent.
    """

    __slots__ = ("parent",)

    def __init__(self, parent: Env | None = None) -> None:
        super().__init__()
        self.parent = parent

    def __missing__(self, v: Value) -> Any:
        if self.parent is not None:
            return self.parent[v]
        raise DispatchError(f"dispatch interpreter: value {v!r} is used before it is defined")

    def bind(self, v: Value, obj: Any) -> None:
        if v in self:
            raise DispatchError(f"dispatch interpreter: value {v!r} assigned twice")
        self[v] = obj
