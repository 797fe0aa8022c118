"""Helpers for a project's own pytest suite: the checks of ``streamsim check`` as one assertion.

::

    from simulator.testing import assert_schedule_safe

    def test_my_schedule_is_safe():
        assert_schedule_safe(module, "main", [x], parameters={"model": "params.irpa"}, interleavings=2)

It raises ``AssertionError`` listing every finding (races, deadlocks, lifetime errors, numerical
differences from the sequential reference or between random interleavings) and returns the
:class:`~simulator.checks.CheckReport` when there are none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simulator.checks import CheckReport, check_program


def assert_schedule_safe(
    module: Any,
    function: str = "main",
    inputs: Sequence[Any] = (),
    *,
    parameters: Any = None,
    machine: Any = "cpu",
    interleavings: int = 2,
    seed: int = 0,
    **kw: Any,
) -> CheckReport:
    """Check ``module`` (a :class:`ir.Module` or a path) and fail with the findings if there are any."""
    report = check_program(
        module,
        function,
        inputs,
        parameters=parameters,
        machine=machine,
        interleavings=interleavings,
        seed=seed,
        **kw,
    )
    if not report.clean:
        lines = [f"the schedule of {report.program} is not safe: {len(report.findings)} finding(s)"]
        lines.extend(f"  {f.text()}" for f in report.findings)
        raise AssertionError("\n".join(lines))
    return report


__all__ = ["assert_schedule_safe"]
