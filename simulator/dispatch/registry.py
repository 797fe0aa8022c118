"""The rule tables of the dispatch interpreter, and the environment it runs in.

Two tables map MLIR op names to Python functions, after JAX's jaxpr interpreter:

- ``IMPLS`` (filled by :func:`register_op`): ``impl(ctx, op, args) -> results``. ``args`` are the runtime
  objects of the op's operands, in order; the impl returns one runtime object per result (a list or
  tuple). Tensors are numpy arrays, scalars are numpy scalars (``np.float32``, ``np.int64`` for
  ``index``) or, inside a vectorised ``linalg`` body, whole numpy arrays.
- ``SHAPES`` (filled by :func:`register_shape`): the same signature for the data-free analysis that
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

Impl = Callable[["Context", Operation, list[Any]], Sequence[Any]]

IMPLS: dict[str, Impl] = {}
SHAPES: dict[str, Impl] = {}
# Specialisers (see register_fast): op name -> fn(ctx, op, known) -> an Impl for that op, or None.
FAST: dict[str, Callable[[Context, Operation, list[Any]], Impl | None]] = {}

# In ``known`` (the operands a specialiser gets): an operand that is only known at run time.
RUNTIME = object()


def register_op(*names: str) -> Callable[[Impl], Impl]:
    """Register ``impl(ctx, op, args) -> results`` for the op names given. Registering a name twice raises."""

    def wrap(fn: Impl) -> Impl:
        for name in names:
            if name in IMPLS:
                raise ValueError(f"dispatch interpreter: op {name} is already registered")
            IMPLS[name] = fn
        return fn

    return wrap


def register_shape(*names: str) -> Callable[[Impl], Impl]:
    """Register the data-free analysis rule of the op names given (see the module docstring)."""

    def wrap(fn: Impl) -> Impl:
        for name in names:
            if name in SHAPES:
                raise ValueError(f"dispatch interpreter: shape rule of {name} is already registered")
            SHAPES[name] = fn
        return fn

    return wrap


def register_fast(
    *names: str,
) -> Callable[[Callable[[Context, Operation, list[Any]], Impl | None]], Callable[..., Any]]:
    """Register a specialiser: ``fn(ctx, op, known)`` returns an impl for ``op`` with everything in
    ``known`` folded in (``known[i]`` is the value of operand ``i`` when it depends only on push
    constants, else :data:`RUNTIME`), or None to keep the generic impl. A program builds its
    specialised steps once per distinct push constants; the impl must give what the generic one gives,
    and fall back to it for anything unusual (errors included)."""

    def wrap(fn: Callable[[Context, Operation, list[Any]], Impl | None]) -> Callable[..., Any]:
        for name in names:
            if name in FAST:
                raise ValueError(f"dispatch interpreter: specialiser of {name} is already registered")
            FAST[name] = fn
        return fn

    return wrap


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
    plans: dict[Any, Any] = field(default_factory=dict)
    bindings: list[Any] = field(default_factory=list)
    uniforms: list[Any] = field(default_factory=list)
    # Analysis records: (binding index, "read"/"write", byte ranges) and flops.
    accesses: list[tuple[int, str, list[tuple[int, int]]]] = field(default_factory=list)
    flops: int = 0
    flops_by_dtype: dict[str, int] = field(default_factory=dict)  # element type of the inputs -> flops
    # Analysis records of each load and store: (kind, binding index, Geometry, dtype), in program order.
    slices: list[tuple[str, int, Any, np.dtype]] = field(default_factory=list)
    # Iteration indices for linalg.index inside a structured op's body (innermost last).
    index_stack: list[Sequence[Any]] = field(default_factory=list)
    # The env of the op being run (a structured op's body reads captured values through it).
    env: Env | None = None

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
