"""Inputs and outputs spelled as ``iree-run-module`` spells them.

Inputs (``--input``):

- ``8x64xf32=1``: a splat; ``2x2xf32=[1 2][3 4]`` or ``2x2xf32=1 2 3 4``: every element;
- ``f32=0.5``: a rank-0 tensor; ``5`` or ``2.5``: a scalar argument;
- ``@x.npy``: a numpy file; ``8x64xf32=@x.bin``: raw little-endian bytes.

Outputs print as ``result[i]: hal.buffer_view`` then ``8x32xf32=[...][...]`` (rank 1 without brackets),
at most 1024 elements (then ``...``), like iree-run-module's default ``--print_max_element_count``.

Bad specs raise :class:`~simulator.errors.InputError` naming the spec (exit code 2).
"""

from __future__ import annotations

import pathlib
import re
import tokenize

import numpy as np

from simulator.errors import InputError

_DTYPES = {
    "i1": np.bool_,
    "i8": np.int8,
    "si8": np.int8,
    "ui8": np.uint8,
    "i16": np.int16,
    "si16": np.int16,
    "ui16": np.uint16,
    "i32": np.int32,
    "si32": np.int32,
    "ui32": np.uint32,
    "i64": np.int64,
    "si64": np.int64,
    "ui64": np.uint64,
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
}
_SHAPED = re.compile(r"^((?:\d+x)*)([a-z]+\d+)=(.*)$", re.DOTALL)
MAX_PRINT_ELEMENTS = 1024


def dtype_for(name: str, spec: str) -> np.dtype:
    if name == "bf16":
        import ml_dtypes

        return np.dtype(ml_dtypes.bfloat16)
    try:
        return np.dtype(_DTYPES[name])
    except KeyError:
        raise InputError(f"--input {spec!r}: unknown element type {name!r}") from None


Expected = tuple[tuple[int, ...], str] | None


def _check_size(spec: str, shape: tuple[int, ...], dtype: np.dtype, expected: Expected, what: str) -> None:
    """Check a value's shape and element type against the argument it is for, and its size against the
    input cap, before anything of that size is allocated."""
    from ir.loader import max_input_bytes

    if expected is not None:
        want_shape, want_element = expected
        if tuple(shape) != tuple(want_shape):
            dims = "x".join(str(d) for d in want_shape) or "a scalar"
            got = "x".join(str(d) for d in shape) or "a scalar"
            raise InputError(f"--input {spec!r}: {what} has shape {got}, but the argument is {dims}")
        try:
            want_dtype = dtype_for(want_element, spec)
        except InputError:
            want_dtype = None
        if want_dtype is not None and want_dtype != dtype:
            raise InputError(
                f"--input {spec!r}: {what} has element type {element_type_name(dtype)}, but the argument "
                f"is {want_element}"
            )
    count = 1
    for d in shape:
        count *= int(d)
    cap = max_input_bytes()
    if count * dtype.itemsize > cap:
        raise InputError(
            f"--input {spec!r}: {what} would take {count * dtype.itemsize} bytes, more than the input limit "
            f"of {cap} bytes (set STREAMSIM_MAX_INPUT_BYTES to raise it)"
        )


def _load_npy(path: str, spec: str, expected: Expected = None) -> np.ndarray:
    """Read a .npy file: its header first (shape and dtype checked), then its data."""
    try:
        with open(path, "rb") as f:
            version = np.lib.format.read_magic(f)
            if version == (1, 0):
                shape, _, dtype = np.lib.format.read_array_header_1_0(f)
            else:
                shape, _, dtype = np.lib.format.read_array_header_2_0(f)
        if dtype.hasobject:
            raise InputError(f"--input {spec!r}: {path} holds Python objects, not numbers")
        _check_size(spec, tuple(shape), dtype, expected, str(path))
        return np.load(path, allow_pickle=False)
    except FileNotFoundError:
        raise InputError(f"--input {spec!r}: no such file: {path}") from None
    except IsADirectoryError:
        raise InputError(f"--input {spec!r}: {path} is a directory") from None
    except (OSError, ValueError, EOFError, SyntaxError, tokenize.TokenError) as exc:
        # numpy parses the header's dict with tokenize and ast: a damaged header raises their errors too
        raise InputError(f"--input {spec!r}: {path} is not a readable .npy file: {exc}") from None


def parse_input(spec: str, expected: Expected = None, *, name: str = "") -> np.ndarray | int | float:
    """One ``--input`` value (see the module docstring).

    ``expected`` is the ``(shape, element type)`` of the argument it is for, when the program states it;
    a value of another shape or type is rejected before it is allocated, and every value is held to the
    input size cap (``STREAMSIM_MAX_INPUT_BYTES``).
    """
    try:
        return _parse(spec.strip(), spec, expected)
    except InputError as exc:
        if not name:
            raise
        prefix = f"--input {spec!r}: "
        text = str(exc)
        raise InputError(
            f"{prefix}{name}: {text[len(prefix) :]}" if text.startswith(prefix) else text
        ) from None


def _parse(text: str, spec: str, expected: Expected) -> np.ndarray | int | float:
    if text.startswith("@"):
        return _load_npy(text[1:], spec, expected)
    m = _SHAPED.match(text)
    if m is None:
        try:
            return int(text)
        except ValueError:
            pass
        try:
            return float(text)
        except ValueError:
            raise InputError(
                f"--input {spec!r}: expected SHAPExTYPE=VALUES (8x64xf32=1), @file.npy or a number"
            ) from None
    dims, type_name, body = m.groups()
    shape = tuple(int(d) for d in dims.split("x") if d)
    dtype = dtype_for(type_name, spec)
    _check_size(spec, shape, dtype, expected, "the value")
    count = 1
    for d in shape:
        count *= d
    body = body.strip()
    if body.startswith("@"):
        path = pathlib.Path(body[1:])
        if path.suffix == ".npy":
            arr = _load_npy(str(path), spec, expected)
            if arr.shape != shape or arr.dtype != dtype:
                raise InputError(
                    f"--input {spec!r}: {path} holds {arr.shape} {arr.dtype}, not {shape} {dtype}"
                )
            return arr
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise InputError(f"--input {spec!r}: cannot read {path}: {exc.strerror or exc}") from None
        if len(raw) != count * dtype.itemsize:
            raise InputError(
                f"--input {spec!r}: {path} has {len(raw)} bytes, {count * dtype.itemsize} expected"
            )
        return np.frombuffer(raw, dtype=dtype).reshape(shape).copy()
    tokens = [t for t in re.split(r"[\s,\[\]]+", body) if t]
    try:
        values = [
            float(t) if dtype.kind == "f" or "." in t or "e" in t.lower() else int(t, 0) for t in tokens
        ]
    except ValueError:
        raise InputError(f"--input {spec!r}: cannot read the values {body!r}") from None
    if len(values) == 1:
        return np.full(shape, values[0], dtype=dtype)
    if len(values) != count:
        raise InputError(f"--input {spec!r}: {len(values)} values for {count} elements")
    return np.array(values, dtype=dtype).reshape(shape)


def element_type_name(dtype: np.dtype) -> str:
    for name, t in _DTYPES.items():
        if not name.startswith(("si",)) and np.dtype(t) == dtype:
            return name
    if dtype.name == "bfloat16":
        return "bf16"
    return str(dtype)


def _fmt(value: object, kind: str) -> str:
    if kind == "f" or kind == "V":
        return f"{float(value):g}"  # type: ignore[arg-type]
    if kind == "b":
        return "1" if value else "0"
    return str(int(value))  # type: ignore[call-overload]


def format_array(arr: np.ndarray) -> str:
    """``2x2xf32=[1 2][3 4]``."""
    shape = "x".join(str(d) for d in arr.shape)
    head = f"{shape}x{element_type_name(arr.dtype)}=" if arr.shape else f"{element_type_name(arr.dtype)}="
    kind = arr.dtype.kind if arr.dtype.name != "bfloat16" else "f"
    flat = arr.reshape(-1)
    limited = flat.size > MAX_PRINT_ELEMENTS
    items = [_fmt(v, kind) for v in flat[:MAX_PRINT_ELEMENTS]]
    if arr.ndim <= 1:
        return head + " ".join(items) + ("..." if limited else "")
    inner = arr.shape[-1]
    rows = [" ".join(items[i : i + inner]) for i in range(0, len(items), inner)]
    # Group rows into the outer dimensions' brackets.
    text_rows = [f"[{r}]" for r in rows]
    for dim in reversed(arr.shape[1:-1]):
        text_rows = ["[" + "".join(text_rows[i : i + dim]) + "]" for i in range(0, len(text_rows), dim)]
    return head + "".join(text_rows) + ("..." if limited else "")


def format_result(index: int, value: object, type_name: str | None = None) -> str:
    """What iree-run-module prints for result ``index`` (scalars as ``i32=5`` given their type)."""
    if isinstance(value, np.ndarray):
        return f"result[{index}]: hal.buffer_view\n{format_array(value)}"
    describe = getattr(value, "describe", None)
    if describe is not None:
        return f"result[{index}]: hal.buffer_view\n{describe()} (timing-only: no data)"
    if type_name is not None:
        return f"result[{index}]: {type_name}={value}"
    return f"result[{index}]: {value}"
