"""Costs: how long a dispatch, fill, copy or transfer takes on the machine.

Dispatches follow a roofline: ``launch_overhead + max(flops / peak[dtype], bytes / memory_bandwidth)``,
unless the device has a fitted dispatch model (``[devices.dispatch_model]``, written by
``benchmarks/calibrate.py``): then ``overhead[c] + flops * ns_per_flop[c] + bytes * ns_per_byte[c]`` for
the dispatch's op class ``c`` (:func:`op_class`, from the export name), plus
``transcendentals * ns_per_transcendental`` (evaluations of exp, tanh, ... counted from the body) and
each math function's evaluations times its own cost (``ns_per_math``: ``exp``, ``erf``, ``rsqrt``...).
The flops and bytes come from the kernel (its ``flops`` function and binding lengths), from the IREE
executable interpreter when it is present (``program.cost``), or else from the executable's linalg body
(:class:`simulator.linalg_costs.LinalgEstimate`: ``2*M*N*K`` for contractions, iteration space times body ops for
``linalg.generic``, bytes of the ``dispatch.tensor.load``/``store`` tiles).

A calibration table overrides the roofline per executable, as measured on a real run. The file is TOML
or JSON keyed by export name (the leaf of ``@exe::@export``) or ``exe::export``::

    [executables."main_dispatch_0_matmul_8x128x64_f32"]
    duration_ns = 5200          # replaces the roofline
    [executables."main_dispatch_1_matmul_8x32x128_f32"]
    scale = 1.4                 # multiplies it
    [executables."main_dispatch_4_elementwise_2x11x14x6_f32"]
    partial_vectors = 308       # IREE's vector tile leaves that many partial vectors (fitted model)
    [executables."main_dispatch_8_conv_2x9x5x6x3x3_f32"]
    masked_lanes = 5832         # IREE's code runs that many vector lanes masked (fitted model)
    [executables."main_dispatch_0_matmul_24x16x16_f32"]
    workgroups = 2              # IREE runs it in that many workgroups (fitted pool model)
    [executables."main_dispatch_7_softmax_2x2x5x5xf32_generic"]
    ragged_rows = 20            # rows ending in a partial vector (fitted model)

``partial_vectors`` and ``masked_lanes`` are what IREE's compile of the program says
(:mod:`simulator.calibration.tiles`: ``python -m simulator.calibration.tiles cmd.mlir -o tiles.toml``
writes such a table); a fitted dispatch model prices each at its ``ns_per_partial`` and
``ns_per_masked``. ``workgroups`` is how many workgroups IREE's code runs the dispatch in (its
``distribution`` tile: :func:`simulator.calibration.tiles.workgroup_count`); a model fitted with
``split_workgroups`` shares whole workgroups among its workers, one fitted with ``worker_pool`` runs them
as IREE's workers claim them (:meth:`simulator.dispatch_model.DispatchModelSpec.region_times`).
``ragged_rows`` is how many rows of a softmax end in a partial vector in IREE's code
(:func:`simulator.calibration.tiles.ragged_rows`); a model fitted with ``ragged_rows`` prices each at its
``ns_per_ragged``.

Transfers take ``latency + bytes / bandwidth``; fills write and copies read and write device memory.
All results are integer nanoseconds (rounded up, so that no op takes zero time by rounding).
"""

from __future__ import annotations

import json
import math
import pathlib
import re
import tomllib

from simulator.dispatch_model import shape_key
from simulator.errors import InputError
from simulator.linalg_costs import (
    SOFT_ARITH,
    SOFT_FLOATS,
    TRANSCENDENTAL_OPS,
    DispatchCost,
    LinalgEstimate,
    ceil_ns,
    conv_kind,
    conversion,
    describe_cost,
    matmul_kind,
    powf_functions,
    soft_arithmetic,
    winograd_kind,
)
from simulator.machine import DeviceSpec

# (what :mod:`simulator.linalg_costs` defines is re-exported: this module's names before the split)
__all__ = [
    "Calibration",
    "ceil_ns",
    "conv_kind",
    "conversion",
    "CostModel",
    "describe_cost",
    "DispatchCost",
    "LinalgEstimate",
    "matmul_kind",
    "op_class",
    "OP_CLASSES",
    "powf_functions",
    "SOFT_ARITH",
    "soft_arithmetic",
    "SOFT_FLOATS",
    "TRANSCENDENTAL_OPS",
    "winograd_kind",
]

# Words of IREE's dispatch names (``main_dispatch_3_batch_matmul_4x64x64x64_f32``) to op classes, first
# match wins; anything else (elementwise, generic, transpose, pack, copies) is ``elementwise``.
_CLASS_WORDS = (
    # Winograd's transforms (``winograd_input_transform_8x8x1x3x3x8xf32_...``) run one 8x8 tile at a time
    # in scalar code, the input transform several times slower per tile than the output one.
    ("winograd_input", "winograd.input"),
    ("winograd_output", "winograd.output"),
    ("winograd_filter", "winograd.filter"),
    ("attention", "attention"),
    ("conv", "conv"),
    ("transpose", "transpose"),
    ("memcpy", "copy"),
    ("copy", "copy"),
    ("matmul", "matmul"),
    ("matvec", "matmul"),
    ("vecmat", "matmul"),
    ("mmt4d", "matmul"),
    ("contract", "matmul"),
    ("reduction", "reduction"),
    ("softmax", "softmax"),
    ("argmax", "reduction"),
    # A data-tiled program's packing of an operand (``_encoding_5_encode_6x20xf32_to_6x20xf32``).
    ("_encode_", "pack"),
)
OP_CLASSES = (
    "matmul",
    "conv",
    "reduction",
    "softmax",
    "attention",
    "elementwise",
    "transpose",
    "copy",
    "pack",
    "winograd.input",
    "winograd.output",
    "winograd.filter",
)
# IREE's names end in the element types of the op: "_f32", "_f16", "_i8xi8xi32" (operands x result).
_DTYPE_SUFFIX = re.compile(r"_((?:b?f|[su]?i)\d+)(?:x(?:b?f|[su]?i)\d+)*$")
# A dynamic extent in the shape part of a name: ``matmul_Dx16x8_f32``, ``reduction_5xD_f32``.
_DYNAMIC_DIM = re.compile(r"_dispatch_\d+_.*(?:[_x])D(?:[_x]|$)")


def op_class(name: str, kind: str = "") -> str:
    """The op class of a dispatch for the fitted model, from its export name: the class word, then
    the element type IREE puts at the end of the name when it is not f32 (``matmul.i8``), then ``dyn``
    when the name has a dynamic extent (``D``: IREE's code for a shape it does not know at compile time
    runs several times slower than for the same static shape). A fitted model that lacks the dynamic
    class prices it as the static one (:meth:`~simulator.dispatch_model.DispatchModelSpec.coefficients`).
    ``kind`` is what the body says a ``conv`` is (:func:`conv_kind`: ``pool``, ``grouped``,
    ``depthwise``): IREE names pooling windows and grouped convolutions ``conv`` too, but runs them at
    other speeds per flop than a convolution (grouped ones several times slower); the class is then
    ``conv.pool``, ``conv.grouped``, ``conv.depthwise`` (a model without it prices them as ``conv``).
    A data-tiled matmul (``kind`` ``tiled``: :func:`matmul_kind`) is ``matmul.tiled``; Winograd's
    transforms are ``winograd.input`` (``winograd.input.exact`` when its windows fit the image
    whole: :func:`winograd_kind`), ``winograd.output``, ``winograd.filter``, and the packing of a
    data-tiled operand (``_encoding_N_encode_...``) ``pack``.

    Examples
    --------
    >>> op_class("main_dispatch_3_batch_matmul_4x64x64x64_f32")
    'matmul'
    >>> op_class("main_dispatch_0_softmax_16x64_f32"), op_class("main_dispatch_2_elementwise_64_f16")
    ('softmax', 'elementwise.f16')
    >>> op_class("main_dispatch_1_matmul_64x64x256_i8xi8xi32")
    'matmul.i8'
    >>> op_class("main$async_dispatch_0_matmul_Dx16x8_f32"), op_class("main_dispatch_2_reduction_5xD_i32")
    ('matmul.dyn', 'reduction.i32.dyn')
    >>> op_class("main$async_dispatch_0_attention_2x8x16x16x8"), op_class("main_dispatch_4_elementwise_D_f32")
    ('attention', 'elementwise.dyn')
    >>> op_class("main_dispatch_6_conv_Dx2x2x8x2x2_f32", "pool"), op_class("main_dispatch_7_matmul_8x8x8_f32", "pool")
    ('conv.pool.dyn', 'matmul')
    >>> op_class("main_dispatch_4_matmul_7x5x19_i8xi8xi32", "tiled"), op_class("_encoding_6_encode_7x19xi8_to_7x19xi8")
    ('matmul.tiled.i8', 'pack')
    >>> op_class("main_dispatch_1_winograd_input_transform_8x8x2x2x3x3xf32_dispatch_tensor_store")
    'winograd.input'
    """
    lowered = name.lower()
    cls = next((c for word, c in _CLASS_WORDS if word in lowered), "elementwise")
    if kind == "tiled":
        if cls == "matmul":
            cls = "matmul.tiled"
    elif kind == "exact":
        if cls == "winograd.input":
            cls = "winograd.input.exact"
    elif kind and cls == "conv":
        cls = f"conv.{kind}"
    match = _DTYPE_SUFFIX.search(lowered)
    dtype = match.group(1) if match else ""
    if dtype and dtype != "f32":
        cls = f"{cls}.{dtype}"
    return f"{cls}.dyn" if _DYNAMIC_DIM.search(name) else cls


# A calibrated duration (ns) or scale beyond this is a typo or an attack, not a measurement (about 11 days).
_MAX_CALIBRATED = 1e15


#: The keys of a calibration table's entry.
_ENTRY_KEYS = ("duration_ns", "scale", "partial_vectors", "masked_lanes", "workgroups", "ragged_rows")


class Calibration:
    """Per-executable overrides: ``duration_ns`` or ``scale`` by export name."""

    def __init__(self, table: dict[str, dict[str, float]] | None = None, source: str = "") -> None:
        self.table = dict(table or {})
        self.source = source

    @classmethod
    def from_file(cls, path: str | pathlib.Path) -> Calibration:
        p = pathlib.Path(path)
        try:
            raw = p.read_bytes()
        except OSError as exc:
            raise InputError(f"cannot read calibration table {p}: {exc.strerror or exc}") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"calibration table {p}: not UTF-8 text (byte {exc.start}); a binary file?"
            ) from None
        try:
            data = json.loads(text) if p.suffix == ".json" else tomllib.loads(text)
        except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
            raise InputError(f"calibration table {p}: cannot parse: {exc}") from None
        except RecursionError:
            raise InputError(f"calibration table {p}: cannot parse: nested too deeply") from None
        table = data.get("executables", data) if isinstance(data, dict) else data
        if not isinstance(table, dict):
            raise InputError(f"calibration table {p}: expected a table of executables")
        for name, entry in table.items():
            if not isinstance(entry, dict) or not (set(_ENTRY_KEYS) & set(entry)):
                raise InputError(
                    f"calibration table {p}: entry {name!r} needs duration_ns, scale, partial_vectors,"
                    " masked_lanes, workgroups or ragged_rows"
                )
            for key in _ENTRY_KEYS:
                low = 0.0
                if key not in entry:
                    continue
                value = entry[key]
                if (
                    isinstance(value, bool)
                    or not isinstance(value, int | float)
                    or not math.isfinite(value)
                    or not low <= value <= _MAX_CALIBRATED
                ):
                    raise InputError(
                        f"calibration table {p}: entry {name!r}: {key} must be a finite number in "
                        f"[{low:g}, {_MAX_CALIBRATED:g}], got {value!r:.40}"
                    )
        return cls(table, str(p))

    def lookup(self, names: tuple[str, ...]) -> dict[str, float] | None:
        for name in names:
            entry = self.table.get(name)
            if entry is not None:
                return entry
        return None


class CostModel:
    """Durations of device work on a machine, with optional calibration."""

    def __init__(self, calibration: Calibration | None = None) -> None:
        self.calibration = calibration or Calibration()

    def _table_count(self, names: tuple[str, ...], key: str) -> int:
        """The calibration table's ``key`` (a count) for the dispatch ``names``, 0 when it gives none."""
        entry = self.calibration.lookup(names) if self.calibration.table else None
        return int(entry.get(key, 0)) if entry is not None else 0

    def partial_vectors(self, names: tuple[str, ...]) -> int:
        """The dispatch's partial vectors from the calibration table (``partial_vectors``), 0 when it
        gives none."""
        return self._table_count(names, "partial_vectors")

    def masked_lanes(self, names: tuple[str, ...]) -> int:
        """The dispatch's masked vector lanes from the calibration table (``masked_lanes``), 0 when it
        gives none."""
        return self._table_count(names, "masked_lanes")

    def workgroups(self, names: tuple[str, ...], cost: DispatchCost) -> int:
        """How many workgroups IREE runs the dispatch in, from the calibration table (``workgroups``),
        0 (not known) when it gives none. (The calibration's own cost model also counts those of
        dispatches over dynamic shapes, from ``cost.workload``.)"""
        return self._table_count(names, "workgroups")

    def ragged_rows(self, names: tuple[str, ...], cost: DispatchCost) -> int:
        """How many rows of the dispatch (a softmax) end in a partial vector, from the calibration table
        (``ragged_rows``), 0 when it gives none. (The calibration's own cost model counts them from IREE's
        compile, a dynamic extent from ``cost.workload``.)"""
        return self._table_count(names, "ragged_rows")

    def dispatch_ns(self, device: DeviceSpec, names: tuple[str, ...], cost: DispatchCost) -> int:
        entry = self.calibration.lookup(names) if self.calibration.table else None
        if entry is not None and "duration_ns" in entry:
            return int(entry["duration_ns"])
        model = device.dispatch_model
        if model is not None:
            cls = op_class(names[0] if names else "", cost.kind)
            moved = cost.bytes_read + cost.bytes_written
            shape = shape_key(names[0], cost.math) if names and model.shape_scale else None
            partial = int(entry.get("partial_vectors", 0)) if entry is not None else 0
            masked = int(entry.get("masked_lanes", 0)) if entry is not None else 0
            predicted = model.predict_ns(
                cls,
                cost.flops,
                moved,
                cost.transcendentals,
                cost.math,
                shape,
                cost.dynamic_rows,
                partial,
                masked,
                self.workgroups(names, cost) if model.split_workgroups or model.worker_pool else 0,
                self.ragged_rows(names, cost) if model.ns_per_ragged else 0,
            )
            ns = math.ceil(predicted - 1e-6)
        else:
            compute_s = cost.flops / device.peak_for(cost.dtype)
            memory_s = (cost.bytes_read + cost.bytes_written) / device.memory_bandwidth_bytes_per_s
            ns = device.launch_overhead_ns + ceil_ns(max(compute_s, memory_s))
        if entry is not None:
            ns = int(round(ns * float(entry.get("scale", 1.0))))
        return max(1, ns)

    @staticmethod
    def fill_ns(device: DeviceSpec, length_bytes: int) -> int:
        return max(
            1, device.queue_op_overhead_ns + ceil_ns(length_bytes / device.memory_bandwidth_bytes_per_s)
        )

    @staticmethod
    def copy_ns(device: DeviceSpec, length_bytes: int) -> int:
        moved = 2 * length_bytes
        return max(1, device.queue_op_overhead_ns + ceil_ns(moved / device.memory_bandwidth_bytes_per_s))

    @staticmethod
    def transfer_ns(length_bytes: int, bandwidth_bytes_per_s: float, latency_ns: int) -> int:
        return max(1, latency_ns + ceil_ns(length_bytes / bandwidth_bytes_per_s))
