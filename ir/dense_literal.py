"""The body of a ``dense<...>`` elements attribute, read as MLIR's tensor literal parser reads it.

MLIR reads the body in two steps. First it lexes and parses the literal alone: a list (``[...]``, nested,
every sublist of one shape) or a single element, each element ``true``, ``false``, an integer (decimal or
``0x`` hex), a float (``1.``, ``2.5e-3``: digits, a dot, more digits, an optional exponent), either number
after a ``-``, or a pair ``(re, im)``. Anything else (``inf``, ``nan``, ``+1.0``, ``.5``, ``1e5``) is not an
element. Then it checks the elements against the attribute's type: a list's shape must be the type's (a
single element is a splat), integer types take no floats and ``true``/``false`` only for ``i1``, float
types take floats and hex bit patterns but no decimal integers, and every value must fit its type.

:func:`read_dense_literal` does both and gives the elements as a numpy array, or :class:`DenseLiteralError`
with MLIR's message and where MLIR reports it: the offending token's offset in the body, or ``None`` for
errors MLIR reports at the ``dense`` keyword (shape and count).
"""

from __future__ import annotations

import re

import numpy as np

from ir.errors import IRError
from ir.types import ComplexType, FloatType, IndexType, IntegerType, Type, numpy_dtype

# One token of MLIR's lexer, as far as a tensor literal can hold it. A hex integer needs a digit after
# "0x" ("0xg" is 0 then an identifier), a float needs its dot, and an exponent counts only with digits
# ("1.0e" is 1.0 then an identifier "e"; "1e5" is 1 then "e5").
DENSE_TOKEN = _TOKEN = re.compile(
    r"""\s*(?:
      (?P<int>0x[0-9A-Fa-f]+|[0-9]+(?![0-9.]))
    | (?P<float>[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?)
    | (?P<word>[A-Za-z_][A-Za-z0-9_$.]*)
    | (?P<string>"(?:[^"\\\n]|\\.)*")
    | (?P<punct>[-\[\](),])
    | (?P<dots>\.\.\.)
    | (?P<dot>\.)
    | (?P<other>\S)
    )""",
    re.VERBOSE,
)


# A flat list of plain floats or of plain decimal integers: the form of most long literals, read without
# the token-by-token parse (the same values: a float literal is the double nearest it, then rounded to its
# type, as in the general path).
_FLOAT_LIT = r"-?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?"
_FLAT_FLOATS = re.compile(rf"\s*\[\s*{_FLOAT_LIT}(?:\s*,\s*{_FLOAT_LIT})*\s*\]\s*")
_FLAT_INTS = re.compile(r"\s*\[\s*-?[0-9]+(?:\s*,\s*-?[0-9]+)*\s*\]\s*")
_NEGATIVE_ZERO = re.compile(r"-0+(?![0-9])")


def _flat(body: str, type_: Type, shape: tuple[int, ...]) -> np.ndarray | None:
    """The elements of a flat list of plain numbers of ``type_``, or None when the general path must read
    the literal (other forms, a count that is not the type's, an integer that wraps or does not fit)."""
    if len(shape) != 1 or body.count(",") + 1 != shape[0]:
        return None
    if isinstance(type_, FloatType) and type_.name in ("f16", "f32", "f64", "bf16"):
        if not _FLAT_FLOATS.fullmatch(body):
            return None
        values = body.strip()[1:-1].split(",")
        with np.errstate(over="ignore"):
            return np.array([float(v) for v in values], dtype=np.float64).astype(numpy_dtype(type_))
    if isinstance(type_, IntegerType | IndexType) and getattr(type_, "width", 64) > 1:
        if not _FLAT_INTS.fullmatch(body) or _NEGATIVE_ZERO.search(body):
            return None
        ints = [int(v) for v in body.strip()[1:-1].split(",")]
        width = getattr(type_, "width", 64)
        low, high = (0, (1 << width) - 1) if getattr(type_, "signedness", "") == "u" else (
            -(1 << (width - 1)), (1 << (width - 1)) - 1)
        if min(ints) < low or max(ints) > high:
            return None
        return np.array(ints, dtype=numpy_dtype(type_))
    return None


class DenseLiteralError(IRError):
    """A dense literal MLIR rejects; ``offset`` is where in the body it says so (``None``: the keyword)."""

    def __init__(self, message: str, offset: int | None) -> None:
        super().__init__(message)
        self.offset = offset


class _Token:
    __slots__ = ("kind", "text", "offset")

    def __init__(self, kind: str, text: str, offset: int) -> None:
        self.kind = kind  # int float true false string - [ ] ( ) , word other end
        self.text = text
        self.offset = offset


def _lex(body: str) -> list[_Token]:
    tokens: list[_Token] = []
    pos = 0
    end = len(body)
    while True:
        m = _TOKEN.match(body, pos)
        if m is None:  # only whitespace is left
            tokens.append(_Token("end", "", end))
            return tokens
        kind = m.lastgroup
        assert kind is not None
        text = m.group(kind)
        start = m.start(kind)
        if kind == "dot":
            raise DenseLiteralError("expected three consecutive dots for an ellipsis", start + 1)
        if kind == "word" and text in ("true", "false") or kind == "punct":
            kind = text
        tokens.append(_Token(kind, text, start))
        pos = m.end()


class _Reader:
    def __init__(self, body: str) -> None:
        self.body = body
        self.tokens = _lex(body)
        self.i = 0
        # (negative, token) per element, as MLIR keeps them until it knows the type.
        self.storage: list[tuple[bool, _Token]] = []

    @property
    def tok(self) -> _Token:
        return self.tokens[self.i]

    def fail(self, message: str) -> DenseLiteralError:
        """An error at the current token, as MLIR's ``emitError``."""
        return DenseLiteralError(message, self.tok.offset)

    def missing(self, message: str) -> DenseLiteralError:
        """An error for a token that should have come, which MLIR reports just past the one before it."""
        return DenseLiteralError(message, len(self.body[: self.tok.offset].rstrip()))

    def literal(self) -> list[int]:
        """The literal's shape: [] for a single element or an empty body."""
        if self.tok.kind == "end":
            return []
        shape: list[int] = []
        if self.tok.kind == "[":
            shape = self.list()
        else:
            self.element()
        if self.tok.kind != "end":
            raise self.missing(f"expected '>' to end the literal, found '{self.tok.text[:40]}'")
        return shape

    def element(self) -> None:
        tok = self.tok
        if tok.kind in ("true", "false", "int", "float", "string"):
            self.storage.append((False, tok))
            self.i += 1
        elif tok.kind == "-":
            self.i += 1
            if self.tok.kind not in ("int", "float"):
                raise self.fail("expected integer or floating point literal")
            self.storage.append((True, self.tok))
            self.i += 1
        elif tok.kind == "(":
            self.i += 1
            self.element()
            if self.tok.kind != ",":
                raise self.missing("expected ',' between complex elements")
            self.i += 1
            self.element()
            if self.tok.kind != ")":
                raise self.missing("expected ')' after complex elements")
            self.i += 1
        else:
            raise self.fail("expected element literal of primitive type")

    def list(self) -> list[int]:
        self.i += 1  # [
        size = 0
        inner: list[int] | None = None
        if self.tok.kind == "]":
            self.i += 1
            return [0]
        while True:
            dims: list[int] = []
            if self.tok.kind == "[":
                dims = self.list()
            else:
                self.element()
            size += 1
            if inner is None:
                inner = dims
            elif dims != inner:
                raise self.fail("tensor literal is invalid; ranks are not consistent between elements")
            if self.tok.kind == ",":
                self.i += 1
                continue
            if self.tok.kind == "]":
                self.i += 1
                return [size, *inner]
            raise self.missing("expected ',' or ']' in a tensor literal")


def _shown(tok: _Token, negative: bool) -> str:
    text = ("-" if negative else "") + tok.text
    return text if len(text) <= 40 else f"{text[:24]}... ({len(text):,} characters)"


def _integer(negative: bool, tok: _Token, t: Type) -> int | bool:
    from ir.attributes import integer_literal_value

    if negative and getattr(t, "signedness", "") == "u":
        raise DenseLiteralError(
            f"expected unsigned integer elements, but parsed negative value {_shown(tok, negative)}", tok.offset
        )
    if tok.kind == "float":
        raise DenseLiteralError(
            f"expected integer elements, but parsed floating-point {_shown(tok, negative)}", tok.offset
        )
    if tok.kind in ("true", "false"):
        if not (isinstance(t, IntegerType) and t.width == 1):
            raise DenseLiteralError(f"expected i1 type for 'true' or 'false' values, got {t}", tok.offset)
        return tok.kind == "true"
    if tok.kind != "int":
        raise DenseLiteralError(f"expected integer elements, but parsed {tok.text[:40]}", tok.offset)
    try:
        return integer_literal_value(("-" if negative else "") + tok.text, t)
    except IRError as exc:
        raise DenseLiteralError(exc.message, tok.offset) from None


def float_element(negative: bool, kind: str, text: str, offset: int, t: FloatType) -> float:
    """One float element (of a dense literal or an ``array<f32: ...>``) from its token's kind and text, as
    MLIR's parseFloatFromLiteral reads it."""
    return _float(negative, _Token(kind, text, offset), t)


def _float(negative: bool, tok: _Token, t: FloatType) -> float:
    from ir.attributes import float_from_hex_literal

    if tok.kind == "float":
        value = float(tok.text)
        return -value if negative else value
    if tok.kind == "int":
        if not tok.text.startswith("0x"):
            raise DenseLiteralError(
                f"unexpected decimal integer literal {_shown(tok, negative)} for a floating point value "
                "(add a trailing dot to make it a float)",
                tok.offset,
            )
        try:
            return float_from_hex_literal(("-" if negative else "") + tok.text, t)
        except IRError as exc:
            raise DenseLiteralError(exc.message, tok.offset) from None
    raise DenseLiteralError(f"expected floating point literal, found '{tok.text[:40]}'", tok.offset)


def read_dense_literal(body: str, type_: Type, shape: tuple[int, ...]) -> np.ndarray:
    """The elements of ``dense<body> : type_`` (``shape`` is the type's, static) as an array of that shape,
    or :class:`DenseLiteralError` where MLIR's parser rejects the literal."""
    if len(body) > 256:
        fast = _flat(body, type_, shape)
        if fast is not None:
            return fast
    return read_tokens(body, type_, shape)


def read_tokens(body: str, type_: Type, shape: tuple[int, ...]) -> np.ndarray:
    """:func:`read_dense_literal` token by token, for every form of literal."""
    reader = _Reader(body)
    found = reader.literal()
    storage = reader.storage
    count = 1
    for d in shape:
        count *= d
    shown_type = f"tensor<{'x'.join(map(str, shape))}{'x' if shape else ''}{type_}>"
    if found and tuple(found) != shape:
        raise DenseLiteralError(
            f"inferred shape of elements literal ({list(found)}) does not match type ({list(shape)})", None
        )
    if not storage and count:
        raise DenseLiteralError(f"parsed zero elements, but type ({shown_type}) expected at least 1", None)
    complex_type = isinstance(type_, ComplexType)
    element = type_.element_type if isinstance(type_, ComplexType) else type_
    if complex_type:
        # MLIR counts a complex literal's parts before it reads them: two per element, or one pair.
        expected = 2 if not found else 2 * count
        if (found or count) and len(storage) != expected:
            raise DenseLiteralError(
                f"parsed {len(storage)} elements, but type ({shown_type}) expected {expected} elements", None
            )
    values: list[float] | list[int | bool] | list[complex]
    if isinstance(element, IntegerType | IndexType):
        values = [_integer(neg, tok, element) for neg, tok in storage]
    elif isinstance(element, FloatType):
        values = [_float(neg, tok, element) for neg, tok in storage]
    else:
        raise DenseLiteralError(f"dense literal of element type {type_} is not numeric", None)
    dtype = numpy_dtype(type_)
    if count == 0:
        return np.empty(shape, dtype=dtype)
    if complex_type:
        values = [complex(values[k], values[k + 1]) for k in range(0, len(values), 2)]
    elif len(values) > max(count, 1):
        # (re, im) pairs in a real type's literal are read as two elements each and MLIR keeps the first
        # ``count`` of them: dense<(1.0, 2.0)> : tensor<2xf32> is [1.0, 2.0], and : tensor<1xf32> is [1.0].
        values = values[:count]
    elif 1 < len(values) < count:
        # MLIR reads past its buffer here (dense<(1.0, 2.0)> : tensor<3xf32> gets a third, arbitrary value).
        raise DenseLiteralError(
            f"parsed {len(values)} elements, but type ({shown_type}) expected {count} elements", None
        )
    with np.errstate(over="ignore", invalid="ignore"):  # MLIR rounds a float too large for its type to inf
        arr = np.array(values, dtype=dtype if dtype.kind != "V" else np.float64).astype(dtype)
    if arr.size == 1 and count != 1:
        return np.full(shape, arr[0], dtype=dtype)
    return arr.reshape(shape)
