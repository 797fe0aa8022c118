"""The dispatch interpreter's rule tables, in one place: every rule module of the package, merged.

An interpreter (:class:`~simulator.dispatch.ExecutableProgram`, a :class:`~simulator.dispatch.Context`)
takes its tables from here unless handed others, so which rules exist never depends on what happened to
be imported. :func:`covered` (tests) lists each module's ops.
"""

from __future__ import annotations

from simulator.dispatch import (
    attention,
    bindings,
    control,
    encodings,
    fastpaths,
    instrument,
    linalg,
    linalg_ext,
    relayout,
    scalars,
    tensors,
    winograd,
    workgroups,
)
from simulator.dispatch.registry import DispatchRules

#: One entry per rule module, by its table name.
PARTS: tuple[DispatchRules, ...] = (
    scalars.RULES,
    tensors.RULES,
    bindings.RULES,
    control.RULES,
    encodings.RULES,
    linalg.RULES,
    linalg_ext.RULES,
    relayout.RULES,
    instrument.RULES,
    attention.RULES,
    fastpaths.RULES,
    winograd.RULES,
    workgroups.RULES,
)

DISPATCH_RULES = DispatchRules.merge("dispatch", PARTS)
