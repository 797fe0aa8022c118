"""Element type names used by parameter archives, and their numpy dtypes.

Three spellings meet here: MLIR's (``f32``, ``bf16``, ``i8``, ``f8E4M3FN``), safetensors' (``F32``,
``BF16``, ``I8``, ``F8_E4M3``) and gguf's (``F32``, ``BF16``, ``Q4_0``...). :func:`numpy_dtype` maps any
of them to a numpy dtype (``ml_dtypes`` supplies bf16 and the fp8 types), or returns ``None`` for a
block-quantized gguf type, whose bytes have no per-element dtype.

Raises :class:`~simulator.errors.InputError` from :func:`parse_dtype` for a name it does not know.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from simulator.errors import InputError

_MLIR = {
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
    "bf16": ml_dtypes.bfloat16,
    "f8e4m3fn": ml_dtypes.float8_e4m3fn,
    "f8e5m2": ml_dtypes.float8_e5m2,
    "f8e4m3fnuz": ml_dtypes.float8_e4m3fnuz,
    "f8e5m2fnuz": ml_dtypes.float8_e5m2fnuz,
    "i1": np.bool_,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
    "si8": np.int8,
    "si16": np.int16,
    "si32": np.int32,
    "si64": np.int64,
    "ui8": np.uint8,
    "ui16": np.uint16,
    "ui32": np.uint32,
    "ui64": np.uint64,
}
# safetensors and gguf spellings, upper case in those formats.
_FILE_FORMATS = {
    "BOOL": np.bool_,
    "U8": np.uint8,
    "I8": np.int8,
    "U16": np.uint16,
    "I16": np.int16,
    "U32": np.uint32,
    "I32": np.int32,
    "U64": np.uint64,
    "I64": np.int64,
    "F16": np.float16,
    "BF16": ml_dtypes.bfloat16,
    "F32": np.float32,
    "F64": np.float64,
    "F8_E4M3": ml_dtypes.float8_e4m3fn,
    "F8_E5M2": ml_dtypes.float8_e5m2,
}


def numpy_dtype(name: str | None) -> np.dtype | None:
    """The numpy dtype for an archive's element type name, or ``None`` if it has none.

    Examples
    --------
    >>> numpy_dtype("BF16"), numpy_dtype("f32"), numpy_dtype("Q4_0")
    (dtype(bfloat16), dtype('float32'), None)
    """
    if name is None:
        return None
    found = _FILE_FORMATS.get(name) or _MLIR.get(name.lower())
    return None if found is None else np.dtype(found)


def parse_dtype(name: str) -> np.dtype:
    """Like :func:`numpy_dtype` but also accepts numpy names (``float32``), and raises if unknown."""
    found = numpy_dtype(name)
    if found is not None:
        return found
    try:
        return np.dtype(getattr(ml_dtypes, name, name))
    except TypeError:
        known = ", ".join(sorted(_MLIR))
        raise InputError(f"unknown element type {name!r}; expected one of {known} or a numpy dtype") from None
