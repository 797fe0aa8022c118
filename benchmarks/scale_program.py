"""Async-form stream programs of any size, shaped like IREE's output for ``tools/gen_deep_program.py``.

IREE's own stream passes take too long on 10,000 dispatches and more (issue 20), so the large programs of
``benchmarks/scale.py`` are written here directly, in the generic form IREE prints before
``iree-stream-schedule-execution``, taking ``benchmarks/data/deep400/async.generic.mlir`` as the model: its
header (the device target and affine maps), its two executables and the exact text of its ops. For
``layers`` layers the program has

- ``4 * layers`` parameter globals (``w<l>_<k>`` 32x32 f32 weights and ``b<l>`` 32-wide f32 biases in scope
  ``"model"``), loaded by one ``stream.async.execute`` of ``stream.async.constant`` ops in an initializer;
- ``@main``: the import of an 8x32 f32 input, three dispatches a layer (two matmul branches of
  ``main_dispatch_0`` and the joining ``main_dispatch_2``, reading the residual, the two branches, a third
  weight and the bias) and the export of the last layer's result.

``generate(400 // 3)`` is the deep400 program up to the order of the initializer's results and the names of
SSA values.
"""

from __future__ import annotations

import pathlib
import re

MODEL = pathlib.Path(__file__).resolve().parent / "data" / "deep400" / "async.generic.mlir"
DEVICE = "#hal.device.affinity<@__device_0>"
RES_C = "!stream.resource<constant>"


def _model_parts() -> tuple[str, str, str, str]:
    """Header, executables, and the two dispatch templates (operands as ``{ops}``) of the model program."""
    lines = MODEL.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith('"builtin.module"'))
    first_exe = next(i for i, line in enumerate(lines) if line.startswith('  "stream.executable"'))
    func = next(i for i, line in enumerate(lines) if line.startswith('  "util.func"'))
    header = "\n".join(lines[: start + 1])
    executables = "\n".join(lines[first_exe:func])
    # The second layer's dispatches: their first operand is a transient, as in every layer but the first.
    dispatches = [line for line in lines[func:] if '"stream.async.dispatch"' in line][3:6]
    templates = []
    for line in (dispatches[0], dispatches[2]):
        m = re.match(r'\s*%\d+ = "stream.async.dispatch"\((.*?)\)( <\{.*)$', line)
        if m is None:  # pragma: no cover - the model file is in the repository
            raise RuntimeError(f"{MODEL}: unexpected dispatch line {line[:80]!r}")
        templates.append('"stream.async.dispatch"({ops})' + m.group(2).replace("{", "{{").replace("}", "}}"))
    return header, executables, templates[0], templates[1]


def generate(layers: int) -> str:
    """Return the generic text of a ``layers``-layer program (``3 * layers`` dispatches)."""
    if layers < 1:
        raise ValueError(f"need layers >= 1, got {layers}")
    header, executables, branch, join = _model_parts()
    names = [n for layer in range(layers) for n in (f"w{layer}_0", f"w{layer}_1", f"w{layer}_2", f"b{layer}")]
    out = [header]
    out.append(
        '  "util.global"() <{initial_value = #device_target_local, sym_name = "__device_0", '
        'sym_visibility = "private", type = !hal.device}> : () -> ()'
    )
    for n in names:
        out.append(f'  "util.global"() <{{sym_name = "{n}", sym_visibility = "private", type = {RES_C}}}> : () -> ()')
    count = len(names)
    sizes = ["%i4096" if n.startswith("w") else "%i128" for n in names]
    out.append('  "util.initializer"() <{function_type = () -> ()}> ({')
    out.append('    %i128 = "arith.constant"() <{value = 128 : index}> : () -> index')
    out.append('    %i4096 = "arith.constant"() <{value = 4096 : index}> : () -> index')
    tied = ", ".join(["-1 : index"] * count)
    idx = ", ".join(["index"] * count)
    res = ", ".join([RES_C] * count)
    out.append(
        f'    %exec:{count + 1} = "stream.async.execute"({", ".join(sizes)}) <{{affinity = {DEVICE}, '
        f"operandSegmentSizes = array<i32: 0, 0, {count}, 0>, tied_operands = [{tied}]}}> ({{"
    )
    for i, (n, size) in enumerate(zip(names, sizes)):
        shape = "32x32" if n.startswith("w") else "32"
        out.append(
            f'      %k{i} = "stream.async.constant"({size}) <{{value = #stream.parameter.named<"model"::"{n}"> '
            f": tensor<{shape}xf32>}}> : (index) -> {RES_C}"
        )
    out.append(
        f'      "stream.yield"({", ".join(f"%k{i}" for i in range(count))}, {", ".join(sizes)}) '
        f": ({res}, {idx}) -> ()"
    )
    out.append(f"    }}) : ({idx}) -> ({res}, !stream.timepoint)")
    out.append(
        f'    %ready:{count} = "stream.timepoint.await"({", ".join(f"%exec#{i}" for i in range(count))}, '
        f"{', '.join(sizes)}, %exec#{count}) <{{operandSegmentSizes = array<i32: {count}, {count}, 1>}}> "
        f": ({res}, {idx}, !stream.timepoint) -> ({res})"
    )
    for i, n in enumerate(names):
        out.append(f'    "util.global.store"(%ready#{i}) <{{global = @{n}}}> : ({RES_C}) -> ()')
    out.append('    "util.return"() : () -> ()')
    out.append("  }) : () -> ()")
    out.append(executables)
    out.append(
        '  "util.func"() <{function_type = (!hal.buffer_view) -> !hal.buffer_view, sym_name = "main", '
        'sym_visibility = "public", tied_operands = [-1 : index]}> ({'
    )
    out.append("  ^bb0(%arg0: !hal.buffer_view):")
    for i, v in enumerate((0, 1024, 32, 8, 4096, 128)):
        out.append(f'    %{i} = "arith.constant"() <{{value = {v} : index}}> : () -> index')
    for n in names:
        out.append(f'    %{n} = "util.global.load"() <{{global = @{n}, is_immutable}}> : () -> {RES_C}')
    out += [
        '    %et = "hal.element_type"() <{type = f32}> : () -> i32',
        '    %enc = "hal.encoding_type"() : () -> i32',
        '    "hal.buffer_view.assert"(%arg0, %et, %enc, %3, %2) <{message = "input0"}> '
        ": (!hal.buffer_view, i32, i32, index, index) -> ()",
        f'    %x = "stream.tensor.import"(%arg0, %1) <{{affinity = {DEVICE}, result_encoding = tensor<8x32xf32>}}> '
        ": (!hal.buffer_view, index) -> !stream.resource<external>",
    ]
    sizes0 = "%1, %4, %0, %0, %1, %4, %1, %4, %1"
    sizes2 = "%1, %4, %1, %1, %5, %0, %0, %0, %0, %0, %1, %4, %1, %1, %5, %1, %4, %1, %1, %5, %1"
    prev = "%x"
    for layer in range(layers):
        b0, b1, d = f"%l{layer}a", f"%l{layer}b", f"%l{layer}"
        fix = (lambda s: s.replace("(!stream.resource<transient>", "(!stream.resource<external>", 1)) if layer == 0 else str
        out.append(f"    {b0} = " + fix(branch.format(ops=f"{prev}, %w{layer}_1, {sizes0}")))
        out.append(f"    {b1} = " + fix(branch.format(ops=f"{prev}, %w{layer}_2, {sizes0}")))
        joined = fix(join.format(ops=f"{prev}, %w{layer}_0, {b0}, {b1}, %b{layer}, {sizes2}"))
        if layer == layers - 1:
            joined = joined.replace("-> !stream.resource<transient>", "-> !stream.resource<external>")
        out.append(f"    {d} = " + joined)
        prev = d
    out += [
        f'    %y = "stream.tensor.export"({prev}, %1) <{{affinity = {DEVICE}, source_encoding = tensor<8x32xf32>}}> '
        ": (!stream.resource<external>, index) -> !hal.buffer_view",
        '    "util.return"(%y) : (!hal.buffer_view) -> ()',
        '  }) {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: '
        'tensor<8x32xf32>) -> (%output0: tensor<8x32xf32>)"}} : () -> ()',
        f"}}) {{stream.affinity.default = {DEVICE}}} : () -> ()",
        "",
    ]
    return "\n".join(out)
