"""Types of the IR.

Types are frozen dataclasses: compared by content, hashable, validated in ``__post_init__``. ``str(t)``
gives the MLIR spelling, which the printer uses as is and the parser reads back.

The stream types (``!stream.resource<lifetime>``, ``!stream.timepoint``, ...), the hal types and the builtin
integer/index/float/tensor/function types are structured. Any other type is kept whole as
:class:`OpaqueType` with its text, so that nothing a real IREE module contains is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ir.errors import IRError

# Lifetimes of !stream.resource, as the stream dialect defines them ("*" is unresolved).
RESOURCE_LIFETIMES = ("*", "external", "staging", "transient", "variable", "constant")

# Types of the hal dialect that carry no parameters.
HAL_TYPE_NAMES = (
    "allocator",
    "buffer",
    "buffer_view",
    "channel",
    "command_buffer",
    "descriptor_set_layout",
    "device",
    "event",
    "executable",
    "fence",
    "file",
    "pipeline_layout",
    "semaphore",
)


class Type:
    """Base class of every type."""

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


@dataclass(frozen=True)
class IntegerType(Type):
    """``iN``, ``siN`` or ``uiN``."""

    width: int
    signedness: str = ""  # "", "s" or "u"

    def __post_init__(self) -> None:
        if self.width < 0:  # MLIR has i0 (a zero-bit integer, one value)
            raise IRError(f"integer type width must not be negative, got {self.width}")
        if self.signedness not in ("", "s", "u"):
            raise IRError(f"integer signedness must be '', 's' or 'u', got {self.signedness!r}")

    def __str__(self) -> str:
        return f"{self.signedness}i{self.width}"


@dataclass(frozen=True)
class IndexType(Type):
    def __str__(self) -> str:
        return "index"


@dataclass(frozen=True)
class FloatType(Type):
    """``f16``, ``bf16``, ``f32``, ``f64`` and the small float formats MLIR knows (``f8E4M3FN`` ...)."""

    name: str

    def __post_init__(self) -> None:
        if self.name not in FLOAT_WIDTHS:
            raise IRError(f"unknown float type {self.name!r}")

    @property
    def width(self) -> int:
        return FLOAT_WIDTHS[self.name]

    def __str__(self) -> str:
        return self.name


FLOAT_WIDTHS = {
    "f16": 16,
    "bf16": 16,
    "f32": 32,
    "f64": 64,
    "f80": 80,
    "f128": 128,
    "tf32": 19,
    "f8E4M3FN": 8,
    "f8E5M2": 8,
    "f8E4M3FNUZ": 8,
    "f8E5M2FNUZ": 8,
    "f8E4M3B11FNUZ": 8,
    "f8E4M3": 8,
    "f8E3M4": 8,
    "f8E8M0FNU": 8,
    "f6E2M3FN": 6,
    "f6E3M2FN": 6,
    "f4E2M1FN": 4,
}


@dataclass(frozen=True)
class NoneType(Type):
    def __str__(self) -> str:
        return "none"


@dataclass(frozen=True)
class ComplexType(Type):
    element_type: Type

    def __str__(self) -> str:
        return f"complex<{self.element_type}>"


DYNAMIC = -1  # a dynamic dimension (`?`) in a shape


def _shape_text(shape: tuple[int, ...]) -> str:
    return "".join(("?" if d == DYNAMIC else str(d)) + "x" for d in shape)


@dataclass(frozen=True)
class TensorType(Type):
    """``tensor<4x?xf32>``; dynamic dimensions are :data:`DYNAMIC`. ``shape is None`` is unranked."""

    shape: tuple[int, ...] | None
    element_type: Type
    encoding: object | None = None  # an Attribute, kept as given

    def __post_init__(self) -> None:
        if self.shape is not None and any(d < 0 and d != DYNAMIC for d in self.shape):
            raise IRError(f"tensor dimension must be >= 0 or dynamic, got {self.shape}")

    @property
    def rank(self) -> int:
        if self.shape is None:
            raise IRError(f"unranked tensor {self} has no rank")
        return len(self.shape)

    @property
    def has_static_shape(self) -> bool:
        return self.shape is not None and DYNAMIC not in self.shape

    @property
    def num_elements(self) -> int:
        if not self.has_static_shape:
            raise IRError(f"{self} has no static element count")
        n = 1
        for d in self.shape or ():
            n *= d
        return n

    def __str__(self) -> str:
        if self.shape is None:
            return f"tensor<*x{self.element_type}>"
        enc = f", {self.encoding}" if self.encoding is not None else ""
        return f"tensor<{_shape_text(self.shape)}{self.element_type}{enc}>"


@dataclass(frozen=True)
class VectorType(Type):
    shape: tuple[int, ...]
    element_type: Type
    scalable: tuple[bool, ...] = ()

    def __str__(self) -> str:
        dims = []
        for i, d in enumerate(self.shape):
            dims.append(f"[{d}]" if self.scalable and self.scalable[i] else str(d))
        return "vector<" + "".join(d + "x" for d in dims) + f"{self.element_type}>"


@dataclass(frozen=True)
class FunctionType(Type):
    inputs: tuple[Type, ...]
    results: tuple[Type, ...]

    def __str__(self) -> str:
        ins = ", ".join(str(t) for t in self.inputs)
        if len(self.results) == 1 and not isinstance(self.results[0], FunctionType):
            return f"({ins}) -> {self.results[0]}"
        return f"({ins}) -> ({', '.join(str(t) for t in self.results)})"


@dataclass(frozen=True)
class TupleType(Type):
    types: tuple[Type, ...]

    def __str__(self) -> str:
        return f"tuple<{', '.join(str(t) for t in self.types)}>"


# --- stream ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResourceType(Type):
    """``!stream.resource<lifetime>``: an opaque byte buffer with a lifetime."""

    lifetime: str = "*"

    def __post_init__(self) -> None:
        if self.lifetime not in RESOURCE_LIFETIMES:
            raise IRError(
                f"unknown resource lifetime {self.lifetime!r}; expected one of {', '.join(RESOURCE_LIFETIMES)}"
            )

    def __str__(self) -> str:
        return f"!stream.resource<{self.lifetime}>"


@dataclass(frozen=True)
class TimepointType(Type):
    def __str__(self) -> str:
        return "!stream.timepoint"


@dataclass(frozen=True)
class FileType(Type):
    def __str__(self) -> str:
        return "!stream.file"


@dataclass(frozen=True)
class ChannelType(Type):
    def __str__(self) -> str:
        return "!stream.channel"


@dataclass(frozen=True)
class BindingType(Type):
    def __str__(self) -> str:
        return "!stream.binding"


@dataclass(frozen=True)
class HalType(Type):
    """A parameterless ``!hal.*`` type such as ``!hal.buffer`` or ``!hal.fence``."""

    name: str

    def __post_init__(self) -> None:
        if self.name not in HAL_TYPE_NAMES:
            raise IRError(f"unknown hal type !hal.{self.name}")

    def __str__(self) -> str:
        return f"!hal.{self.name}"


@dataclass(frozen=True)
class DispatchTensorType(Type):
    """``!iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>>``: a binding viewed as a tensor."""

    access: str  # readonly, writeonly, readwrite
    tensor: TensorType

    def __post_init__(self) -> None:
        if self.access not in ("readonly", "writeonly", "readwrite"):
            raise IRError(f"unknown dispatch tensor access {self.access!r}")

    def __str__(self) -> str:
        return f"!iree_tensor_ext.dispatch.tensor<{self.access}:{self.tensor}>"


@dataclass(frozen=True)
class OpaqueType(Type):
    """Any type the IR does not model, kept with its exact text (``!util.buffer``, ``memref<...>``)."""

    text: str

    def __str__(self) -> str:
        return self.text


# --- helpers --------------------------------------------------------------------------------------


def shaped_dims(t: Type) -> tuple[int, ...] | None:
    """The dimensions of a ranked MLIR ShapedType (tensor, vector, memref; dynamic ones are
    :data:`DYNAMIC`), or None for any other type and for unranked ones. A memref, which the IR keeps
    opaque, is read from its text (``memref<?x4xf32, ...>``)."""
    if isinstance(t, TensorType | VectorType):
        return t.shape
    text = str(t)
    if not isinstance(t, OpaqueType) or not text.startswith("memref<") or text.startswith("memref<*"):
        return None
    dims: list[int] = []
    for part in text[len("memref<") :].split("x"):
        if part == "?":
            dims.append(DYNAMIC)
        elif part.isdigit():
            dims.append(int(part))
        else:
            break
    return tuple(dims)


i1 = IntegerType(1)
i8 = IntegerType(8)
i16 = IntegerType(16)
i32 = IntegerType(32)
i64 = IntegerType(64)
index = IndexType()
f16 = FloatType("f16")
bf16 = FloatType("bf16")
f32 = FloatType("f32")
f64 = FloatType("f64")
timepoint = TimepointType()


def is_resource(t: Type) -> bool:
    return isinstance(t, ResourceType)


def element_bit_width(t: Type) -> int:
    """Bit width of a scalar type (index counts as 64, as on IREE's 64-bit hosts)."""
    if isinstance(t, IntegerType):
        return t.width
    if isinstance(t, FloatType):
        return t.width
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, ComplexType):
        return 2 * element_bit_width(t.element_type)
    raise IRError(f"type {t} has no element bit width")


def element_byte_size(t: Type) -> int:
    """Storage bytes of one element; sub-byte types round up to one byte, as unpacked storage does."""
    return max(1, (element_bit_width(t) + 7) // 8)


def numpy_dtype(t: Type) -> np.dtype:
    """The numpy dtype that holds values of the scalar type ``t`` (bf16 and f8 via ml_dtypes)."""
    if isinstance(t, IntegerType):
        if t.width == 1:
            return np.dtype(np.bool_)
        unsigned = t.signedness == "u"
        for w in (8, 16, 32, 64):
            if t.width <= w:
                return np.dtype(f"{'u' if unsigned else ''}int{w}")
        raise IRError(f"integer type {t} is wider than 64 bits; numpy cannot hold it")
    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    if isinstance(t, FloatType):
        if t.name in ("f16", "f32", "f64"):
            return np.dtype({"f16": np.float16, "f32": np.float32, "f64": np.float64}[t.name])
        import ml_dtypes

        names = {
            "bf16": "bfloat16",
            "f8E4M3FN": "float8_e4m3fn",
            "f8E5M2": "float8_e5m2",
            "f8E4M3FNUZ": "float8_e4m3fnuz",
            "f8E5M2FNUZ": "float8_e5m2fnuz",
            "f8E4M3B11FNUZ": "float8_e4m3b11fnuz",
        }
        if t.name in names:
            scalar: type[np.generic] = getattr(ml_dtypes, names[t.name])
            return np.dtype(scalar)
    if isinstance(t, ComplexType) and isinstance(t.element_type, FloatType):
        return np.dtype(np.complex64 if t.element_type.width == 32 else np.complex128)
    raise IRError(f"type {t} has no numpy dtype")


# --- hashes kept ----------------------------------------------------------------------------------


def keep_hashes(namespace: dict[str, Any], base: type) -> None:
    """Give each class of ``namespace`` deriving from ``base`` (frozen dataclasses: types here,
    attributes in :mod:`ir.attributes`) a hash computed once per object and kept on it.

    A dataclass's hash is a Python function hashing a tuple of its fields, each field's own hash another
    such call when it is a type or an attribute (a parameter attribute's tensor type, a dispatch's
    affinity's symbol): CSE's keys and every dict keyed by these objects paid for the whole nesting at
    each lookup. Now the first hash of an object is stored on it (``_hash``; the class holds ``None``:
    not yet hashed) and read back after. The objects are immutable, so it never goes
    stale. A pickled or copied object leaves it behind (``__getstate__``): a string's hash differs
    between processes (``PYTHONHASHSEED``), so a kept hash is never carried to another one."""
    for cls in list(namespace.values()):
        if isinstance(cls, type) and issubclass(cls, base) and "__hash__" in vars(cls):
            _hash_once(cls)


def _hash_once(cls: type) -> None:
    compute = vars(cls)["__hash__"]
    if compute is None or getattr(compute, "_kept", False):
        return

    def __hash__(self: Any) -> int:
        h = self._hash
        if h is None:
            h = compute(self)
            # (set as the fields are, not through ``__dict__``: asking for the dict would make one and take
            # the object's attributes off the interpreter's fast path for every later read)
            _set(self, "_hash", h)
        return h  # type: ignore[no-any-return]

    __hash__.__qualname__ = f"{cls.__qualname__}.__hash__"
    __hash__._kept = True  # type: ignore[attr-defined]
    kept: Any = cls  # (mypy: a class's methods are read-only to it)
    kept._hash = None
    kept.__hash__ = __hash__
    kept.__getstate__ = _state_without_hash


_set = object.__setattr__


def _state_without_hash(self: Any) -> dict[str, Any]:
    state: dict[str, Any] = self.__dict__
    if "_hash" in state:
        state = {k: v for k, v in state.items() if k != "_hash"}
    return state


keep_hashes(globals(), Type)
