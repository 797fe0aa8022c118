"""Executable sources: where a HAL-form program's dispatch bodies come from.

A module compiled to HAL form (``iree-compile --compile-to=hal``) carries each executable as a compiled
binary (``hal.executable.binary``), which the simulator cannot run. To run such a program with data, each
export a command buffer dispatches is resolved by name to a linalg-level body from the same compilation.
Two kinds of source give those bodies:

- the stream form of the compilation (``--compile-to=stream``, a fixture's ``cmd.mlir``): its
  ``stream.executable`` exports, whose functions take ``!stream.binding`` arguments and push constants as
  uniform arguments, in the order IREE's stream-to-HAL conversion gives them;
- IREE's own dumps of the executables as it translates them (``--iree-hal-dump-executable-sources-to=DIR``):
  one file per ``hal.executable``, whose variants' functions read ``hal.interface.binding.subspan
  binding(N)`` and ``hal.interface.constant.load ordinal(N)``, exactly the binding and constant ordinals the
  HAL program's ``hal.command_buffer.dispatch`` passes. This is what is at hand when only the HAL program
  and its compile flags are.

:func:`load_executable_sources` takes a module, a file of either kind, or a directory of dump files (every
``*.mlir`` in it, in name order) and indexes every export by name. An export defined twice (two variants
or two files) keeps its first definition. It raises :class:`~simulator.errors.InputError` for a path that
does not exist, a directory without ``.mlir`` files and a source that defines no executable; parse errors
keep the ``file:line:col`` of the bad text.
"""

from __future__ import annotations

import os
import pathlib

from ir.attributes import StringAttr, SymbolRefAttr
from ir.core import Operation
from ir.module import Module
from simulator.errors import InputError
from simulator.program import load_program

#: Executable ops whose exports give dispatch bodies.
_EXECUTABLES = ("stream.executable", "hal.executable")


def _name(op: Operation) -> str | None:
    attr = op.attr("sym_name")
    return attr.value if isinstance(attr, StringAttr) else None


def _body_ops(op: Operation) -> list[Operation]:
    if not op.regions or not op.regions[0].blocks:
        return []
    return list(op.regions[0].blocks[0].ops)


def _exports(executable: Operation) -> list[tuple[str, SymbolRefAttr]]:
    """(export name, full symbol reference) of each export of one stream.executable or hal.executable."""
    root = _name(executable)
    if root is None:
        return []
    found: list[tuple[str, SymbolRefAttr]] = []
    for op in _body_ops(executable):
        if op.op_name == "stream.executable.export":
            leaf = _name(op)
            if leaf is not None:
                found.append((leaf, SymbolRefAttr(root, (leaf,))))
        elif op.op_name == "hal.executable.variant":
            variant = _name(op)
            for inner in _body_ops(op):
                leaf = _name(inner) if inner.op_name == "hal.executable.export" else None
                if variant is not None and leaf is not None:
                    found.append((leaf, SymbolRefAttr(root, (variant, leaf))))
    return found


class ExecutableSources:
    """Dispatch bodies by export name, over one or more modules (see the module docstring)."""

    def __init__(self, modules: list[Module], origin: str) -> None:
        self.modules = modules
        self.origin = origin
        self._index: dict[str, tuple[Module, SymbolRefAttr]] = {}
        for module in modules:
            for op in module.body.ops:
                if op.op_name in _EXECUTABLES:
                    for leaf, ref in _exports(op):
                        self._index.setdefault(leaf, (module, ref))

    @property
    def filename(self) -> str:
        return self.origin

    def __len__(self) -> int:
        return len(self._index)

    def __contains__(self, export: str) -> bool:
        return export in self._index

    def resolve(self, export: str) -> tuple[Module, SymbolRefAttr] | None:
        """The module holding ``export``'s body and the export's full reference, or None."""
        return self._index.get(export)

    def exports(self) -> list[str]:
        return sorted(self._index)


SourcesSpec = Module | ExecutableSources | str | os.PathLike[str]


def load_executable_sources(spec: SourcesSpec) -> ExecutableSources:
    """Executable sources from a module, a file (stream form or one executable dump) or a dump directory."""
    if isinstance(spec, ExecutableSources):
        return spec
    if isinstance(spec, Module):
        modules, origin = [spec], spec.filename or "(module)"
    else:
        path = pathlib.Path(spec)
        origin = os.fspath(spec)
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.suffix == ".mlir" and p.is_file())
            if not files:
                raise InputError(
                    f"executable sources {origin}: the directory holds no .mlir files (expected the files "
                    "iree-compile writes with --iree-hal-dump-executable-sources-to)"
                )
            modules = [load_program(p) for p in files]
        elif path.exists() or origin == "-":
            modules = [load_program(path)]
        else:
            raise InputError(f"executable sources {origin}: no such file or directory")
    sources = ExecutableSources(modules, origin)
    if not len(sources):
        raise InputError(
            f"executable sources {origin}: defines no stream.executable or hal.executable export (give the "
            "stream form of the same compilation, or the directory of --iree-hal-dump-executable-sources-to)"
        )
    return sources
