"""Programs: loading text (generic or IREE's pretty form), async-form detection, parameter discovery.

:func:`load_program` reads MLIR text. Generic text (what ``iree-opt --mlir-print-op-generic`` prints) is
parsed by :mod:`ir`; other text goes through :func:`ir.load_text`, which converts it with the IREE
compiler's own parser and keeps each op's location in the text. :func:`to_cmd_form` hands async-form modules to
``scheduler.schedule_module`` when the scheduler provides it. :func:`parameter_keys` lists the
``(scope, key, size)`` triples a program reads, so that tools can make stand-in archives.
"""

from __future__ import annotations

import pathlib
from typing import Any

from ir import Module, Operation, load_file, load_text, verify
from ir.attributes import IntegerAttr
from ir.loader import copy_module, read_source


def read_text(path: str | pathlib.Path) -> str:
    """Read a program file's text with :func:`ir.loader.read_source` (stdin as ``-``, gzip, size cap,
    strict UTF-8); its :class:`~ir.errors.ParseError` is the CLI's exit 2."""
    return read_source(path)


def load_program(path: str | pathlib.Path) -> Module:
    """:func:`ir.load_file` (stdin as ``-``, gzip, generic or pretty MLIR), then verified: what the
    simulator runs."""
    module = load_file(path)
    _verify_program(module)
    return module


def parse_program(text: str, *, filename: str = "<input>") -> Module:
    """:func:`ir.load_text` (generic form directly, IREE's pretty form through the IREE compiler with each
    op keeping its ``file:line:col`` in ``text``), then verified."""
    module = load_text(text, filename)
    module.filename = filename
    _verify_program(module)
    return module


def _verify_program(module: Module) -> None:
    # What IREE's runtime would never be given: an invalid module is bad input here too, found before
    # it can fail half-way through a run; so are a static byte range past its resource, which IREE's
    # runtime fails on when the command runs, and a result tied to an operand that does not exist.
    verify(module, runtime_checks=True)


def async_ops(module: Module) -> list[Operation]:
    return [op for op in module.walk() if op.op_name.startswith("stream.async.")]


def _first_async_op(op: Operation) -> Operation | None:
    """The first ``stream.async.*`` op at or under ``op`` in pre-order (what :func:`async_ops` lists first).

    Every invocation asks, so this is a plain recursive scan, without the generator of ``walk``."""
    if op.op_name.startswith("stream.async."):
        return op
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                if inner.op_name.startswith("stream.async."):
                    return inner
                if inner.regions:
                    found = _first_async_op(inner)
                    if found is not None:
                        return found
    return None


def to_cmd_form(
    module: Module, *, favor: str | None = None, pipeline: Any = None, copy: bool = True
) -> Module:
    """The module itself if it is in cmd form; else the scheduler's cmd form of it.

    The scheduler rewrites in place, so an async-form module is copied first (``copy=False`` lets a
    caller that owns the module, such as the CLI, skip the copy): the caller's module is never changed,
    and scheduling it again with another ``favor`` or ``pipeline`` starts from the async form.
    """
    first = _first_async_op(module.op)
    if first is None:
        return module
    from scheduler import schedule_module

    if copy:
        module = copy_module(module)
    return schedule_module(module, favor=favor, pipeline=pipeline)


def _constant_int(op: Operation | None) -> int | None:
    if op is not None and op.op_name == "arith.constant":
        v = op.attr("value")
        if isinstance(v, IntegerAttr):
            return v.value
    return None


def parameter_keys(module: Module) -> list[tuple[str, str, int]]:
    """``(scope, key, size_bytes)`` of each parameter the program reads (loads, gathers, reads and the
    async form's named-parameter constants; static ranges only), in order of first use.

    The one scanner is :func:`simulator.params.scan.parameter_needs`; this name is kept for callers.
    """
    from simulator.params.scan import parameter_needs

    return parameter_needs(module)


def input_signature(module: Module, function: str) -> list[tuple[tuple[int, ...], str] | None]:
    """``(shape, element type)`` of each buffer-view argument, from the function's
    ``hal.buffer_view.assert`` ops (None where a dimension is dynamic or no assert names the argument)."""
    func = module.function(function)
    args = func.regions[0].blocks[0].args if func.regions and func.regions[0].blocks else []
    found: dict[int, tuple[tuple[int, ...], str] | None] = {}
    for op in func.walk():
        if op.op_name != "hal.buffer_view.assert" or not op.operands:
            continue
        target = op.operands[0]
        index = next((i for i, a in enumerate(args) if a is target), None)
        if index is None:
            continue
        et_op = op.operands[1].defining_op
        t = et_op.attr("type") if et_op is not None else None
        element = str(getattr(t, "value", t)) if t is not None else None
        dims = [_constant_int(v.defining_op) for v in op.operands[3:]]
        if element is None or any(d is None for d in dims):
            found[index] = None
        else:
            found[index] = (tuple(int(d) for d in dims if d is not None), element)
    return [found.get(i) for i in range(len(args))]
