"""The dispatch interpreter: runs the linalg-on-tensors bodies of IREE executables on numpy data.

Interface (what ``stream.cmd.dispatch`` calls)::

    program = load_executable(module, SymbolRefAttr("main_dispatch_0", ("main_dispatch_0_matmul",)))
    program.run(bindings, uniforms, workload)            # -> None, writes in place
    program.cost(uniforms, workload, binding_lengths)    # -> DispatchCost(flops, bytes_read, bytes_written, dtype)
    program.accesses(uniforms, binding_lengths)          # -> [[("read"|"write", start, stop), ...], ...]

- :func:`load_executable` resolves ``@executable::@export`` to the ``func.func`` named by the export's
  ``function_ref`` in the executable's nested ``builtin.module``. It checks every op once (an op without
  a rule raises :class:`~simulator.errors.UnsupportedOpError` naming the op and its ``file:line:col``)
  and caches the program per module and entry point.
- ``run``: ``bindings[i]`` is a writable 1-D ``uint8`` array holding exactly the bytes the dispatch bound
  for its ``i``-th ``!stream.binding`` argument (``resource[offset:offset + length]``); ``uniforms`` are
  the dispatch's operands for the function's other arguments, in order (the i32 push constants, wrapped
  to their type); ``workload`` is accepted for the ``workload.ordinal`` ops and otherwise unused. A
  subspan's byte offset is relative to the binding's first byte; loads read little-endian elements of
  the tensor's numpy dtype; stores write in place into the given arrays. Out-of-bounds accesses raise
  :class:`~simulator.errors.DispatchError`. Values that depend only on push constants (index
  arithmetic, static ``tensor.empty``, fills of constants) are computed once per distinct uniforms.
  Numerics: each op keeps its MLIR type (f32 stays f32, integers wrap, f16/bf16/f8 round after each op);
  sums reduce pairwise rather than in loop order, and f16/bf16 contractions accumulate in f32.
- ``cost``: a data-free pass over the same function. ``flops`` = for every linalg op, the size of its
  iteration space times the number of ``arith``/``math`` ops in its body (casts and constants are free),
  so a matmul counts 2 per multiply-add, an elementwise ``addf`` + ``maximumf`` 2 per element;
  ``linalg.fill``/``copy``/``transpose``/``broadcast`` and ``tensor`` ops count 0; an ``arith``/``math``
  op applied to whole tensors outside linalg counts 1 per element. ``bytes_read`` and
  ``bytes_written`` are the bytes the loads and stores really touch. ``dtype`` (optional field) is the
  element type most of the flops compute on (``"f32"``, ``"i8"``), for the device's peak.
- ``accesses``: per binding, the merged byte ranges ``("read" | "write", start, stop)`` the loads and
  stores touch, relative to the binding's first byte, resolved through the subspan offset and then the
  slice's offsets, sizes and strides (a strided slice gives one range per contiguous run; above
  65536 runs, one bounding range). Bindings nothing touches get ``[]``.

Extending: a rule module defines ``RULES = DispatchRules.named("dispatch.mine")`` and registers with
``@RULES.impls.register("dialect.op")`` (``impl(ctx, op, args) -> results``) and ``@RULES.shapes.register``
(its data-free rule, needed only for ops with dynamically shaped tensor results); it is listed in
:mod:`simulator.dispatch.tables`, or handed to an :class:`ExecutableProgram` merged with
:data:`DISPATCH_RULES`. ``RULES.fast.register`` adds an optional specialiser: once per distinct uniforms, ``run`` asks it for an impl
with the op's uniform-only operands folded in (loads and stores get their geometry resolved; plain
contractions, all-parallel ops and ufunc reductions get their per-shape views planned, see
:mod:`simulator.dispatch.fastpaths`); a specialised impl computes exactly what the generic one does.
:func:`evaluate_function` runs any ``func.func`` over numpy tensors and scalars, for tests.

Supported: ``stream.binding.subspan``, ``hal.interface.binding.subspan``/``constant.load``,
``iree_tensor_ext.dispatch.tensor.load``/``store`` (static and dynamic offsets, sizes, strides),
``iree_tensor_ext.dispatch.workload.ordinal``, ``util.assume.int``; ``tensor.empty``, ``extract_slice``,
``insert_slice``, ``collapse_shape``, ``expand_shape``, ``cast``, ``dim``, ``extract``, ``insert``,
``from_elements``, ``splat``, ``pad`` (a constant, captured or index-dependent value), ``concat``,
``bitcast``, ``reshape``; ``linalg.generic`` (any mix of parallel and reduction loops; projected
permutation, broadcast, window and general affine maps; inits that keep a reduced dim as a constant 0;
``linalg.index``), ``map``, ``reduce``, ``fill``, ``copy``, ``transpose``, ``broadcast``, ``softmax``, the
matmul family, convolutions and poolings, the elementwise named ops, ``pack``/``unpack``
(:mod:`~simulator.dispatch.relayout`); ``arith`` (float, integer, comparisons, select, casts, bitcast) and
``math`` (exp, log, tanh, erf, rsqrt, powf, rounding...); ``scf.for``/``if``/``while``/``index_switch``
at the top of a body or inside a linalg body (:mod:`~simulator.dispatch.control`); workgroup ids and
counts, a body reading them run once per workgroup (:mod:`~simulator.dispatch.workgroups`); data-tiled
tensors (``--iree-opt-data-tiling``: ``iree_encoding.set_encoding``/``unset_encoding``, bindings whose
layout packs them, :mod:`~simulator.dispatch.encodings`).
``iree_linalg_ext`` sort, topk, scan, scatter, gather, arg_compare, fft (:mod:`~simulator.dispatch.linalg_ext`),
attention and online_attention (:mod:`~simulator.dispatch.attention`), the Winograd transforms
(:mod:`~simulator.dispatch.winograd`).
Not supported: workgroup sizes, the other ``iree_linalg_ext`` ops, ``scf.forall``, memrefs and vectors.
"""

from __future__ import annotations

from simulator.dispatch.program import (
    DispatchCost,
    ExecutableProgram,
    evaluate_function,
    find_function,
    load_executable,
)
from simulator.dispatch.registry import Abstract, Context, DispatchRules, default_rules
from simulator.dispatch.tables import DISPATCH_RULES

__all__ = [
    "DISPATCH_RULES",
    "Abstract",
    "Context",
    "DispatchRules",
    "DispatchCost",
    "ExecutableProgram",
    "evaluate_function",
    "find_function",
    "load_executable",
    "default_rules",
]
