"""Differential runs against IREE for dispatch-interpreter tests: one program compiled by iree-compile (the
fixtures' generic x86 target) to a vmfb, run by IREE's runtime, and to the stream form, run by streamsim."""

from __future__ import annotations

import pathlib
import subprocess
import sys
from typing import Any

import numpy as np

from simulator import Session, load_program
from tests.conftest import require_iree

FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
]


def compile_both(tmp: pathlib.Path, name: str, text: str, *extra: str) -> tuple[Any, Any, str]:
    """IREE's module (call ``iree[fn](*args)``), streamsim's program, and the stream-form text."""
    require_iree()
    source = tmp / f"{name}.mlir"
    source.write_text(text)
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"
    for suffix, more in ((".vmfb", []), (".stream.mlir", ["--compile-to=stream"])):
        r = subprocess.run(
            [str(compiler), str(source), *FLAGS, *extra, *more, "-o", str(tmp / f"{name}{suffix}")],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert r.returncode == 0, r.stderr[-3000:]
    import iree.runtime as rt

    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, (tmp / f"{name}.vmfb").read_bytes()))
    stream = tmp / f"{name}.stream.mlir"
    return ctx.modules.module, load_program(stream), stream.read_text()


def run_both(iree: Any, ours: Any, fn: str, args: list[np.ndarray]) -> list[tuple[np.ndarray, np.ndarray]]:
    """(ours, IREE's) output pairs of ``fn`` on ``args``."""
    want = iree[fn](*args)
    wants = want if isinstance(want, list | tuple) else [want]
    got = Session("cpu").run_sync(ours, fn, list(args)).outputs
    assert len(got) == len(wants)
    return [(g, np.asarray(w.to_host())) for g, w in zip(got, wants)]
