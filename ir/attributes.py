"""Attributes of the IR.

Attributes are frozen dataclasses, compared by content and hashable; ``str(a)`` is the MLIR spelling.
Builtin attributes are structured (integers, floats, strings, arrays, dictionaries, dense arrays, dense
elements, affine maps, symbol references, types). Dialect attributes ``#dialect.mnemonic<body>`` are
structured when a parser is registered for their name (:func:`register_dialect_attr`), such as
``#hal.device.affinity<@dev, [0, 1]>`` and ``#stream.parameter.named<"scope"::"key">``; the rest are kept
as :class:`DialectAttr` with their body text, so nothing is lost.
"""

from __future__ import annotations

import math
import re
import struct
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from ir.affine import AffineMap
from ir.errors import IRError
from ir.types import FloatType, IndexType, IntegerType, TensorType, Type, VectorType, keep_hashes, numpy_dtype


class Attribute:
    """Base class of every attribute."""

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


@dataclass(frozen=True)
class UnitAttr(Attribute):
    def __str__(self) -> str:
        return "unit"


@dataclass(frozen=True)
class BoolAttr(Attribute):
    value: bool

    def __str__(self) -> str:
        return "true" if self.value else "false"


@dataclass(frozen=True)
class IntegerAttr(Attribute):
    """``42 : i64`` or ``16 : index``."""

    value: int
    type: Type = field(default_factory=IndexType)

    def __post_init__(self) -> None:
        if not isinstance(self.type, IntegerType | IndexType):
            raise IRError(f"integer attribute {self.value} needs an integer or index type, got {self.type}")

    def __str__(self) -> str:
        return f"{self.value} : {self.type}"


def _format_float(value: float) -> str:
    # MLIR prints floats in scientific notation with 6 digits when that reads back exactly.
    if math.isnan(value) or math.isinf(value):
        return repr(value)
    text = f"{value:.6e}"
    if float(text) == value:
        return text
    return repr(value)


@dataclass(frozen=True)
class FloatAttr(Attribute):
    """``1.000000e+00 : f32``. ``text`` keeps the spelling read (hex for NaN and infinities)."""

    value: float
    type: Type
    text: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.type, FloatType):
            raise IRError(f"float attribute {self.value} needs a float type, got {self.type}")

    def __str__(self) -> str:
        if self.text is not None:
            return f"{self.text} : {self.type}"
        if math.isnan(self.value) or math.isinf(self.value):
            return f"{float_bits_hex(self.value, self.type)} : {self.type}"
        return f"{_format_float(self.value)} : {self.type}"

    def __hash__(self) -> int:
        return hash((self.value, self.type))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FloatAttr):
            return NotImplemented
        same = self.value == other.value or (math.isnan(self.value) and math.isnan(other.value))
        return same and self.type == other.type


def float_bits_hex(value: float, t: Type) -> str:
    """The hexadecimal bit pattern MLIR uses for non-finite float literals."""
    dtype = numpy_dtype(t)
    raw = np.array([value], dtype=dtype).view(f"u{dtype.itemsize}")[0]
    return f"0x{int(raw):0{dtype.itemsize * 2}X}"


def float_from_bits(bits: int, t: Type) -> float:
    dtype = numpy_dtype(t)
    return float(np.array([bits], dtype=f"u{dtype.itemsize}").view(dtype)[0])


def float_from_hex_literal(token: str, t: Type) -> float:
    """A float given by its bits (``0x7F800000 : f32``), or :class:`IRError` with MLIR's message: no minus
    sign, and no more bits than the type has."""
    if token.startswith("-"):
        raise IRError(f"hexadecimal float literal {token} should not have a leading minus")
    digits = token.lstrip("+")[2:].lstrip("0")
    width = getattr(t, "width", 8 * numpy_dtype(t).itemsize)
    if 4 * (len(digits) - 1) > width or (digits and int(digits, 16).bit_length() > width):
        shown = token if len(token) <= 40 else f"{token[:24]}... ({len(token):,} characters)"
        raise IRError(f"hexadecimal float constant {shown} out of range for type {t}")
    return float_from_bits(int(digits or "0", 16), t)


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t"}


def quote_string(value: str) -> str:
    """MLIR string literal: printable ASCII as is, other bytes as ``\\XX`` hex escapes."""
    out = []
    for b in value.encode("utf-8", "surrogateescape"):
        c = chr(b)
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append(f"\\{b:02X}")
    return '"' + "".join(out) + '"'


@dataclass(frozen=True)
class StringAttr(Attribute):
    value: str

    def __str__(self) -> str:
        return quote_string(self.value)


@dataclass(frozen=True)
class TypeAttr(Attribute):
    value: Type

    def __str__(self) -> str:
        return str(self.value)


_BARE_SYMBOL = re.compile(r"[A-Za-z_$.][A-Za-z0-9_$.\-]*\Z")


def symbol_text(name: str) -> str:
    return "@" + (name if _BARE_SYMBOL.match(name) else quote_string(name))


@dataclass(frozen=True)
class SymbolRefAttr(Attribute):
    """``@root`` or ``@root::@nested``."""

    root: str
    nested: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "::".join(symbol_text(s) for s in (self.root, *self.nested))

    @property
    def leaf(self) -> str:
        return self.nested[-1] if self.nested else self.root


@dataclass(frozen=True)
class ArrayAttr(Attribute):
    elements: tuple[Attribute, ...] = ()

    def __str__(self) -> str:
        return "[" + ", ".join(str(e) for e in self.elements) + "]"

    def __iter__(self) -> Iterator[Attribute]:
        return iter(self.elements)

    def __len__(self) -> int:
        return len(self.elements)

    def __getitem__(self, i: int) -> Attribute:
        return self.elements[i]


_BARE_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")


def dict_entries_text(entries: tuple[tuple[str, Attribute], ...] | list[tuple[str, Attribute]]) -> str:
    parts = []
    for k, v in entries:
        key = k if _BARE_KEY.match(k) else quote_string(k)
        parts.append(key if isinstance(v, UnitAttr) else f"{key} = {v}")
    return ", ".join(parts)


@dataclass(frozen=True)
class DictAttr(Attribute):
    """``{a = 1 : i64, b}``; entries keep their order."""

    entries: tuple[tuple[str, Attribute], ...] = ()

    def __str__(self) -> str:
        return "{" + dict_entries_text(self.entries) + "}"

    def get(self, key: str) -> Attribute | None:
        for k, v in self.entries:
            if k == key:
                return v
        return None

    def as_dict(self) -> dict[str, Attribute]:
        return dict(self.entries)


@dataclass(frozen=True)
class DenseArrayAttr(Attribute):
    """``array<i32: 1, 2, 3>``: operand segment sizes, static offsets and the like."""

    element_type: Type
    values: tuple[int | float, ...] = ()

    def __str__(self) -> str:
        if not self.values:
            return f"array<{self.element_type}>"
        if isinstance(self.element_type, IntegerType) and self.element_type.width == 1:
            body = ", ".join("true" if v else "false" for v in self.values)
        elif isinstance(self.element_type, FloatType):
            body = ", ".join(_format_float(float(v)) for v in self.values)
        else:
            body = ", ".join(str(int(v)) for v in self.values)
        return f"array<{self.element_type}: {body}>"


@dataclass(frozen=True)
class DenseElementsAttr(Attribute):
    """``dense<...> : tensor<...>``. ``body`` keeps the text inside ``dense<>``; see :meth:`to_numpy`."""

    body: str
    type: Type

    def __str__(self) -> str:
        return f"dense<{self.body}> : {self.type}"

    @property
    def is_splat(self) -> bool:
        b = self.body.strip()
        return not b.startswith("[") and not b.startswith('"')

    def to_numpy(self) -> np.ndarray:
        """The elements as an array of the tensor's shape and dtype."""
        if not isinstance(self.type, TensorType | VectorType) or self.type.shape is None:
            raise IRError(f"dense attribute of type {self.type} has no static shape")
        shape = tuple(self.type.shape)
        body = self.body.strip()
        if body.startswith('"0x'):
            dtype = numpy_dtype(self.type.element_type)
            raw = bytes.fromhex(body[3:-1])
            arr = np.frombuffer(raw, dtype=dtype)
            count = int(np.prod(shape, dtype=np.int64))
            if arr.size == 1 and count != 1:
                return np.full(shape, arr[0], dtype=dtype)
            self._check_count(arr.shape, count)
            return arr.reshape(shape).copy()
        from ir.dense_literal import read_dense_literal

        return read_dense_literal(self.body, self.type.element_type, shape)

    def _check_count(self, found: tuple[int, ...], count: int) -> None:
        if int(np.prod(found, dtype=np.int64)) != count:
            raise IRError(
                f"inferred shape of elements literal ({list(found)}) does not match type {self.type}"
            )


#: The widest integer type MLIR has (``IntegerType::kMaxWidth``).
MAX_INTEGER_WIDTH = (1 << 24) - 1


def integer_literal_value(token: str, element_type: Type) -> int:
    """An integer literal (decimal or ``0x`` hexadecimal, maybe negative) as a value of ``element_type``,
    as MLIR's parser reads it, or :class:`IRError` with MLIR's message.

    A signless N-bit integer takes -2^(N-1) .. 2^N - 1 and keeps it as two's complement, so a value past the
    signed range reads as negative (255 : i8 is -1 : i8, as iree-opt prints it); ``si``N takes the signed
    range, ``ui``N 0 .. 2^N - 1 and no minus sign; an index is a signed 64-bit value. i1 keeps 0 and 1 (-1 is
    1, true). A literal too long for any such range is refused before it is converted: Python's int() of a
    long decimal string is quadratic (and refused past 4,300 digits)."""
    negative = token.startswith("-")
    body = token.lstrip("+-")
    shown = token if len(token) <= 40 else f"{token[:24]}... ({len(token):,} characters)"
    is_hex = body[:2] in ("0x", "0X")
    digits = (body[2:] if is_hex else body).lstrip("0")
    if isinstance(element_type, IndexType):
        width, signedness = 64, "s"
    else:
        width, signedness = getattr(element_type, "width", 64), getattr(element_type, "signedness", "")
    if signedness == "u" and negative:
        raise IRError(f"negative integer literal {shown} not valid for unsigned integer type {element_type}")
    if negative and not digits:  # MLIR negates the magnitude and wants the sign bit set: -0 is refused
        raise IRError(f"integer constant {shown} out of range for type {element_type}")
    least_bits = 4 * (len(digits) - 1) + 1 if is_hex else int((len(digits) - 1) * 3.3219280948873623) + 1
    if digits and least_bits > width + 1:
        raise IRError(f"integer constant {shown} out of range for type {element_type}")
    if is_hex:
        magnitude = int(digits or "0", 16)
    else:
        limit = sys.get_int_max_str_digits()
        if len(digits) > limit > 0:  # only a type of more than ~14,000 bits gets here
            sys.set_int_max_str_digits(0)
        try:
            magnitude = int(digits or "0", 10)
        finally:
            sys.set_int_max_str_digits(limit)
    value = -magnitude if negative else magnitude
    if width == 0:
        low, high = 0, 0
    elif signedness == "s":
        low, high = -(1 << (width - 1)), (1 << (width - 1)) - 1
    elif signedness == "u":
        low, high = 0, (1 << width) - 1
    else:
        low, high = -(1 << (width - 1)), (1 << width) - 1
    if not low <= value <= high:
        raise IRError(f"integer constant {shown} out of range for type {element_type}")
    if width <= 1:
        return value & 1
    if signedness == "" and value >= 1 << (width - 1):
        return value - (1 << width)
    return value


@dataclass(frozen=True)
class AffineMapAttr(Attribute):
    value: AffineMap

    def __str__(self) -> str:
        return f"affine_map<{self.value}>"


@dataclass(frozen=True)
class OpaqueAttr(Attribute):
    """A builtin attribute the IR does not model (``affine_set<...>``, ``dense_resource<...>``, ``loc(...)``),
    kept with its exact text."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class DialectAttr(Attribute):
    """``#dialect.mnemonic<body>`` (optionally ``: type``) kept with its body text."""

    name: str  # "hal.executable.target"
    body: str | None  # text inside <...>, None when there is none
    type: Type | None = None

    def __str__(self) -> str:
        body = f"<{self.body}>" if self.body is not None else ""
        ty = f" : {self.type}" if self.type is not None else ""
        return f"#{self.name}{body}{ty}"


# --- structured dialect attributes ------------------------------------------------------------------


@dataclass(frozen=True)
class DeviceAffinityAttr(Attribute):
    """``#hal.device.affinity<@device>`` or ``#hal.device.affinity<@device, [0, 1]>``: a device and
    optionally the queues (ordinals) it may use."""

    device: SymbolRefAttr
    queues: tuple[int, ...] | None = None

    def __str__(self) -> str:
        q = f", [{', '.join(str(i) for i in self.queues)}]" if self.queues is not None else ""
        return f"#hal.device.affinity<{self.device}{q}>"

    @property
    def queue_mask(self) -> int | None:
        if self.queues is None:
            return None
        mask = 0
        for q in self.queues:
            mask |= 1 << q
        return mask


@dataclass(frozen=True)
class DeviceOptimalAttr(Attribute):
    """``#hal.device.optimal<[#hal.device.affinity<@a>, #hal.device.affinity<@b>]>``: memory usable by
    every listed device (IREE places a cross-device transfer's resource so). IREE's runtime, with no
    allocator-selection policy, allocates it on the first listed device (``hal.allocator.select``)."""

    # Affinities as IREE writes them: #hal.device.affinity, or any other affinity attribute such as
    # #hal.device.promise (kept as read).
    affinities: tuple[Attribute, ...]

    def __str__(self) -> str:
        return f"#hal.device.optimal<[{', '.join(str(a) for a in self.affinities)}]>"

    @property
    def selected(self) -> DeviceAffinityAttr | None:
        """The affinity IREE's runtime allocates on: the first one (None when it is not a
        #hal.device.affinity, e.g. a #hal.device.promise, which names no device to allocate on)."""
        first = self.affinities[0]
        return first if isinstance(first, DeviceAffinityAttr) else None


@dataclass(frozen=True)
class NamedParameterAttr(Attribute):
    """``#stream.parameter.named<"scope"::"key"> : type``: a parameter in an external archive."""

    scope: str | None
    key: str
    config: DictAttr | None = None
    type: Type | None = None

    def __str__(self) -> str:
        ref = (
            f"{quote_string(self.scope)}::{quote_string(self.key)}" if self.scope else quote_string(self.key)
        )
        cfg = f", {self.config}" if self.config is not None else ""
        ty = f" : {self.type}" if self.type is not None else ""
        return f"#stream.parameter.named<{ref}{cfg}>{ty}"


@dataclass(frozen=True)
class TimepointAttr(Attribute):
    """``#stream.timepoint<immediate>``: a timepoint that is already reached."""

    def __str__(self) -> str:
        return "#stream.timepoint<immediate>"


# Parsers of dialect attribute bodies. Each takes the parser positioned after `<` and the attribute's
# trailing type (or None) and returns the attribute; it must consume the body up to, not including, `>`.
DialectAttrParser = Callable[..., Attribute]
DIALECT_ATTR_PARSERS: dict[str, DialectAttrParser] = {}


def register_dialect_attr(name: str) -> Callable[[DialectAttrParser], DialectAttrParser]:
    def deco(fn: DialectAttrParser) -> DialectAttrParser:
        if name in DIALECT_ATTR_PARSERS:
            raise IRError(f"dialect attribute #{name} registered twice")
        DIALECT_ATTR_PARSERS[name] = fn
        return fn

    return deco


@register_dialect_attr("hal.device.affinity")
def _parse_affinity(p, type: Type | None) -> Attribute:  # type: ignore[no-untyped-def]
    device = p.parse_attribute()
    if not isinstance(device, SymbolRefAttr):
        raise p.error(f"#hal.device.affinity expects a device symbol, found {device}")
    queues = None
    if p.accept(","):
        arr = p.parse_attribute()
        if not isinstance(arr, ArrayAttr) or not all(isinstance(e, IntegerAttr) for e in arr):
            raise p.error(f"#hal.device.affinity expects a list of queue ordinals, found {arr}")
        queues = tuple(e.value for e in arr)  # type: ignore[attr-defined]
    return DeviceAffinityAttr(device, queues)


@register_dialect_attr("hal.device.optimal")
def _parse_optimal(p, type: Type | None) -> Attribute:  # type: ignore[no-untyped-def]
    arr = p.parse_attribute()
    # IREE takes any attribute implementing its affinity interface: #hal.device.affinity, and the other
    # #hal.device.* affinities it writes itself (#hal.device.promise from schedule-allocation).
    if (
        not isinstance(arr, ArrayAttr)
        or not len(arr)
        or not all(
            isinstance(e, DeviceAffinityAttr)
            or (isinstance(e, DialectAttr) and e.name.startswith("hal.device."))
            for e in arr
        )
    ):
        raise p.error(f"#hal.device.optimal expects a non-empty list of #hal.device.* affinities, found {arr}")
    return DeviceOptimalAttr(tuple(arr))


@register_dialect_attr("stream.parameter.named")
def _parse_named_parameter(p, type: Type | None) -> Attribute:  # type: ignore[no-untyped-def]
    first = p.parse_string()
    scope, key = None, first
    if p.accept("::"):
        scope, key = first, p.parse_string()
    config = None
    if p.accept(","):
        cfg = p.parse_attribute()
        if not isinstance(cfg, DictAttr):
            raise p.error(f"#stream.parameter.named expects a config dictionary, found {cfg}")
        config = cfg
    return NamedParameterAttr(scope, key, config, type)


@register_dialect_attr("stream.timepoint")
def _parse_timepoint(p, type: Type | None) -> Attribute:  # type: ignore[no-untyped-def]
    word = p.parse_bare_identifier()
    if word != "immediate":
        raise p.error(f"#stream.timepoint expects 'immediate', found {word!r}")
    return TimepointAttr()


def pack_f32(value: float) -> bytes:
    return struct.pack("<f", value)


# --- convenience ----------------------------------------------------------------------------------


def index_attr(value: int) -> IntegerAttr:
    return IntegerAttr(value, IndexType())


def i64_attr(value: int) -> IntegerAttr:
    return IntegerAttr(value, IntegerType(64))


def i32_attr(value: int) -> IntegerAttr:
    return IntegerAttr(value, IntegerType(32))


def segment_sizes(*sizes: int) -> DenseArrayAttr:
    return DenseArrayAttr(IntegerType(32), tuple(sizes))


keep_hashes(globals(), Attribute)
