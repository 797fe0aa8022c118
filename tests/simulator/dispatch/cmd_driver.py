"""A minimal sequential runner of IREE cmd-form fixtures, for testing the dispatch interpreter alone.

It is not the simulator: no time, queues or timepoints, just the data path of the ops the fixtures use
(parameter loads, imports, allocas, execute regions with dispatches, copies and fills, subviews,
exports). Every ``stream.cmd.dispatch`` goes through ``simulator.dispatch``; ``on_dispatch`` sees each
one (entry point, program, binding arrays, uniforms, workload) for tests and benchmarks.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

import numpy as np

import ir
from ir.attributes import ArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr
from ir.core import Operation
from ir.types import TensorType, numpy_dtype
from simulator.archives import ParameterIndex
from simulator.dispatch import DISPATCH_RULES, Context, load_executable
from simulator.dispatch.bindings import resolve_shape, split_segments
from simulator.dispatch.scalars import constant_value

OnDispatch = Callable[[SymbolRefAttr, Any, list[np.ndarray], list[int], list[int]], None]


def load_fixture_module(directory: pathlib.Path, *, pretty: bool = False) -> ir.Module:
    if pretty:
        from ir.iree_bridge import to_generic_text

        path = directory / "cmd.mlir"
        return ir.parse_module(to_generic_text(path.read_text(), filename=str(path)), str(path))
    return ir.load_file(directory / "cmd.generic.mlir")


def fixture_inputs(directory: pathlib.Path) -> list[np.ndarray]:
    return [np.load(p) for p in sorted(directory.glob("input*.npy"))]


def fixture_expected(directory: pathlib.Path) -> list[np.ndarray]:
    return [np.load(p) for p in sorted(directory.glob("expected*.npy"))]


class Driver:
    def __init__(
        self, module: ir.Module, params: ParameterIndex, on_dispatch: OnDispatch | None = None
    ) -> None:
        self.module = module
        self.params = params
        self.on_dispatch = on_dispatch
        self.globals: dict[str, Any] = {}
        self.ctx = Context()

    def run(self, inputs: list[np.ndarray]) -> list[np.ndarray]:
        for op in self.module.body.ops:
            if op.op_name == "util.initializer":
                self._block(op.body, {}, [])
        main = self.module.function("main")
        return self._block(main.body, {}, inputs)

    def _block(self, block: Any, env: dict[Any, Any], args: list[Any]) -> list[Any]:
        for a, v in zip(block.args, args):
            env[a] = v
        for op in block.ops:
            vals = [env.get(v) for v in op.operands]
            if op.op_name in ("util.return", "stream.yield"):
                return vals
            results = self._op(op, vals, env)
            for r, v in zip(op.results, results):
                env[r] = v
        return []

    def _op(self, op: Operation, vals: list[Any], env: dict[Any, Any]) -> list[Any]:
        name = op.op_name
        if name == "arith.constant":
            return [constant_value(op)]
        if name.startswith("arith."):
            return list(DISPATCH_RULES.impls[name](self.ctx, op, vals))
        if name == "util.buffer.constant":
            attr = op.attr("value")
            return [attr.value if isinstance(attr, StringAttr) else None]
        if name == "stream.cmd.parameter.load":
            scope, keys, offsets, _ = split_segments(op, vals)[:4]
            out = []
            for key, off in zip(keys, offsets):
                out.append(
                    np.frombuffer(self.params.read(scope[0], key, offset_bytes=int(off)), np.uint8).copy()
                )
            return [*out, None]
        if name == "stream.timepoint.await":
            n = len(op.results)
            return vals[:n]
        if name == "util.global.store":
            self.globals[op.attr("global").root] = vals[0]  # type: ignore[union-attr]
            return []
        if name == "util.global.load":
            return [self.globals.get(op.attr("global").root)]  # type: ignore[union-attr]
        if name == "hal.buffer_view.dim":
            return [np.int64(vals[0].shape[op.attr("index").value])]  # type: ignore[union-attr]
        if name == "stream.tensor.import":
            return [np.ascontiguousarray(vals[0]).view(np.uint8).reshape(-1).copy()]
        if name == "stream.resource.alloca":
            return [np.zeros(int(vals[0]), np.uint8), None]
        if name == "stream.resource.subview":
            src, _size, off, length = vals
            return [src[int(off) : int(off) + int(length)]]
        if name == "stream.tensor.export":
            t = op.attr("source_encoding").value  # type: ignore[union-attr]
            assert isinstance(t, TensorType)
            shape = resolve_shape(op, t, [int(v) for v in vals[1:-1]])
            dtype = numpy_dtype(t.element_type)
            n = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
            return [vals[0][:n].view(dtype).reshape(shape).copy()]
        if name == "stream.cmd.execute":
            resources = split_segments(op, vals)[0]
            self._cmds(op.body, dict(zip(op.body.args, resources)) | env)
            return [None]
        if name in ("hal.buffer_view.assert", "stream.resource.dealloca", "stream.timepoint.join"):
            return [None] * len(op.results)
        if name in ("hal.element_type", "hal.encoding_type"):
            return [np.int32(0)]
        raise NotImplementedError(f"cmd_driver: {op.describe()}")

    def _cmds(self, block: Any, env: dict[Any, Any]) -> None:
        for op in block.ops:
            vals = [env.get(v) for v in op.operands]
            name = op.op_name
            if name == "stream.cmd.concurrent" or name == "stream.cmd.serial":
                self._cmds(op.body, env)
            elif name == "stream.cmd.dispatch":
                self._dispatch(op, vals)
            elif name == "stream.cmd.copy":
                src, _ss, src_off, dst, _ds, dst_off, length = vals
                dst[int(dst_off) : int(dst_off) + int(length)] = src[
                    int(src_off) : int(src_off) + int(length)
                ]
            elif name == "stream.cmd.fill":
                raise NotImplementedError("cmd_driver: stream.cmd.fill")
            elif name == "stream.yield":
                return
            else:
                raise NotImplementedError(f"cmd_driver: {op.describe()}")

    def _dispatch(self, op: Operation, vals: list[Any]) -> None:
        workload, uniforms, resources, _sizes, offsets, lengths = split_segments(op, vals)
        entries = op.attr("entry_points")
        assert isinstance(entries, ArrayAttr)
        ref = entries.elements[0]
        assert isinstance(ref, SymbolRefAttr)
        program = load_executable(self.module, ref)
        views = [r[int(o) : int(o) + int(n)] for r, o, n in zip(resources, offsets, lengths)]
        us = [int(np.asarray(u).astype(np.int64)) & 0xFFFFFFFF for u in uniforms]
        ws = [int(w) for w in workload]
        if self.on_dispatch is not None:
            self.on_dispatch(ref, program, views, us, ws)
        program.run(views, us, ws)


def run_fixture(
    directory: pathlib.Path,
    *,
    pretty: bool = False,
    inputs: list[np.ndarray] | None = None,
    on_dispatch: OnDispatch | None = None,
) -> list[np.ndarray]:
    module = load_fixture_module(directory, pretty=pretty)
    params = ParameterIndex()
    params.load(directory / "params.irpa", scope="model")
    return Driver(module, params, on_dispatch).run(fixture_inputs(directory) if inputs is None else inputs)


def _unused(attr: IntegerAttr) -> None:  # pragma: no cover - keeps the import list honest for ruff
    del attr
