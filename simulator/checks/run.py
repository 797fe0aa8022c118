"""Checking a program: the watched run, the sequential reference, random interleavings, faults.

:func:`check` (async) and :func:`check_program` (sync) run a program several times on a fresh simulated
machine each time:

1. the *checked* run, as scheduled, watched by an :class:`~simulator.checks.observer.Observer`: its
   happens-before graph gives races and lifetime errors (:mod:`simulator.checks.hb`); a deadlock or an
   injected fault is explained (:mod:`simulator.checks.outcomes`); a run that takes longer than
   ``timeout_s`` of wall time is stopped and reported, so a check never hangs;
2. the *reference*: the same cmd program with all concurrency serialised (one queue operation at a time,
   every concurrent wave in program order); for an async-form program, also
   :func:`simulator.reference.run_reference` op by op. Outputs must match (the serial run bit for bit);
3. ``interleavings`` runs with seeded random legal interleavings (delays, durations, wave orders); an
   output that differs from the reference means the result depends on the order of concurrent work.

Same program, inputs and seed: the same findings in the same order.
"""

from __future__ import annotations

import asyncio
import pathlib
import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from ir import Module
from ir.errors import UnsupportedConstructError
from simulator.checks.faults import Fault, parse_fault, validate_fault
from simulator.checks.findings import CheckReport, Finding, OpRef
from simulator.checks.hb import analyse
from simulator.checks.observer import Observer
from simulator.checks.outcomes import deadlock_findings, fault_findings
from simulator.errors import DeadlockError, DeviceFailure, DispatchError, InputError, SimulationError
from simulator.host.executable_sources import load_executable_sources
from simulator.memory import LifetimeError, ResourceRef
from simulator.params.provider import make_parameter_index
from simulator.program import async_ops, load_program, parameter_keys, to_cmd_form
from simulator.session import Session
from simulator.sync import run_coroutine_sync

DEFAULT_TIMEOUT_S = 60.0


class _Run:
    """One invocation under an observer: its result or error, and whether it hung."""

    def __init__(self, name: str, observer: Observer) -> None:
        self.name = name
        self.observer = observer
        self.result: Any = None
        self.error: SimulationError | None = None
        self.timed_out = False
        self.hung: list[str] = []
        self.end_ns = 0

    @property
    def outputs(self) -> list[Any] | None:
        """The outputs as values: buffer views as arrays, returned resources as their bytes."""
        if self.result is None:
            return None
        out = []
        for value in self.result.outputs:
            if isinstance(value, ResourceRef):
                data = value.view()
                value = data.copy() if data is not None else None
            out.append(value)
        return out

    def record(self) -> dict[str, Any]:
        if self.timed_out:
            status = "timed out"
        elif self.error is not None:
            status = f"failed: {type(self.error).__name__}"
        else:
            status = "ok"
        out: dict[str, Any] = {"name": self.name, "status": status, "end_ns": self.end_ns}
        if self.result is not None:
            out["makespan_ns"] = self.result.stats.makespan_ns
        return out


async def _invoke(
    session: Session,
    module: Module,
    function: str,
    inputs: Sequence[Any],
    run: _Run,
    timeout_s: float,
    **kw: Any,
) -> _Run:
    try:
        run.result = await asyncio.wait_for(
            session.invoke(module, function, inputs, observer=run.observer, **kw), timeout_s
        )
    except TimeoutError:
        run.timed_out = True
    except (InputError, UnsupportedConstructError):
        raise  # bad input or a construct streamsim cannot run: not a finding about the schedule
    except SimulationError as exc:
        run.error = exc
        engine = run.observer.runtime.engine if run.observer.runtime is not None else None
        if engine is not None and isinstance(exc, DeadlockError):
            run.hung = engine.pending_waits()
        elif engine is not None:
            # Let queued work finish (or fail through its fences): whatever is still waiting then hung.
            try:
                await asyncio.wait_for(engine.drain(), timeout_s)
            except DeadlockError:
                run.hung = engine.pending_waits()
            except TimeoutError:
                run.timed_out = True
    if run.observer.runtime is not None:
        run.end_ns = run.observer.runtime.engine.now
    return run


def _equal(a: Any, b: Any, exact: bool) -> bool:
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        if a.shape != b.shape:
            return False
        if exact:
            if a.dtype.kind in "fc":
                return bool(np.array_equal(a, b, equal_nan=True))
            return bool(np.array_equal(a, b))
        if a.dtype.kind in "fc" or b.dtype.kind in "fc":
            return bool(np.allclose(a, b, rtol=1e-4, atol=1e-5, equal_nan=True))
        return bool(np.array_equal(a, b))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return False
    return bool(a == b)


def _differences(got: list[Any], want: list[Any], exact: bool) -> list[tuple[int, str]]:
    out = []
    for i, (a, b) in enumerate(zip(got, want)):
        if not _equal(a, b, exact):
            if isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.shape == b.shape:
                with np.errstate(invalid="ignore"):
                    diff = ~((a == b) | (np.isnan(a) & np.isnan(b)) if a.dtype.kind in "fc" else (a == b))
                n = int(diff.sum())
                out.append((i, f"{n} of {a.size} elements differ"))
            else:
                out.append((i, "different shape or value"))
    if len(got) != len(want):
        out.append((min(len(got), len(want)), f"{len(got)} outputs, expected {len(want)}"))
    return out


def _error_finding(exc: SimulationError, observer: Observer) -> Finding:
    text = str(exc)
    if isinstance(exc, LifetimeError) or "used after dealloca" in text:
        frees = [
            a for a in observer.accesses if a.kind == "free" and a.buffer.label and a.buffer.label in text
        ]
        ops = tuple(a.who for a in frees[:1])
        return Finding("lifetime", "use-after-dealloca", f"the run failed: {text}", ops)
    if isinstance(exc, DispatchError) or re.search(r"outside the|exceed|do not fit", text):
        return Finding("lifetime", "out-of-bounds", f"the run failed: {text}")
    if isinstance(exc, DeviceFailure):
        return Finding("error", "device-failure", f"the run failed: {text}")
    return Finding("error", type(exc).__name__, f"the run failed: {text}")


async def check(
    program: Module | str | pathlib.Path,
    function: str = "main",
    inputs: Sequence[Any] = (),
    *,
    parameters: Any = None,
    machine: Any = "cpu",
    interleavings: int = 0,
    seed: int = 0,
    faults: Sequence[Fault | str] = (),
    timing_only: bool = False,
    queue_order: bool = False,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    reference: bool = True,
    kernels: Any = None,
    host_functions: Any = None,
    executable_sources: Any = None,
) -> CheckReport:
    """Check ``function`` of ``program`` (see the module docstring); returns a :class:`CheckReport`.

    A HAL-form program's dispatch bodies come from ``executable_sources`` (see :meth:`Session.invoke`)."""
    module = program if isinstance(program, Module) else load_program(program)
    name = str(program) if not isinstance(program, Module) else (module.filename or "<module>")
    index = make_parameter_index(parameters)
    report = CheckReport(name)
    async_reference: list[Any] | None = None
    if async_ops(module) and reference and not timing_only:
        # Before scheduling, which rewrites the module into cmd form.
        from simulator.reference import run_reference

        try:
            async_reference = list(
                run_reference(module, function, list(inputs), parameters=index, kernels=kernels)
            )
        except (SimulationError, InputError) as exc:
            report.notes.append(f"the op-by-op reference (async form) failed: {exc}")
    cmd_module = to_cmd_form(module)
    faults_t = tuple(parse_fault(f) if isinstance(f, str) else f for f in faults)
    session = Session(machine, seed=seed, kernels=kernels, host_functions=host_functions)
    keys = [(s, k) for s, k, _ in parameter_keys(cmd_module)]
    for fault in faults_t:
        validate_fault(fault, session.machine, keys)
    if executable_sources is not None:
        executable_sources = load_executable_sources(executable_sources)
    kw = {"parameters": index, "timing_only": timing_only, "executable_sources": executable_sources}
    with_data = not timing_only

    checked = _Run("checked", Observer(poison=with_data, faults=faults_t, queue_order=queue_order))
    await _invoke(session, cmd_module, function, inputs, checked, timeout_s, **kw)
    report.runs.append(checked.record())
    obs = checked.observer
    if obs.runtime is not None:
        report.trace = obs.runtime.engine.trace
    if obs.runtime is not None:
        views = checked.result.buffer_views if checked.result is not None else []
        complete = checked.error is None and not checked.timed_out
        globals_ = obs.interp.globals if obs.interp is not None else {}
        if complete:
            obs.finish(views)
        findings = analyse(obs, outputs=views, globals_=globals_)
        # Leaks only mean something when the program ran to its end.
        report.findings.extend(f for f in findings if complete or f.kind != "leak")
    if checked.timed_out:
        report.add(
            Finding(
                "deadlock",
                "timeout",
                f"no result within {timeout_s:g} s of wall time; the run was stopped (pending waits: "
                f"{'; '.join(obs.runtime.engine.pending_waits()) if obs.runtime else 'unknown'})",
            )
        )
    if faults_t:
        host_error = str(checked.error) if checked.error is not None else None
        found, notes = fault_findings(obs, faults_t, host_error, checked.hung, checked.end_ns)
        report.findings.extend(found)
        report.notes.extend(notes)
        if isinstance(checked.error, DeadlockError):
            report.findings.extend(deadlock_findings(obs, str(checked.error)))
        elif checked.error is not None and not found:
            report.add(_error_finding(checked.error, obs))
        return report
    if isinstance(checked.error, DeadlockError):
        report.findings.extend(deadlock_findings(obs, str(checked.error)))
        return report
    if checked.error is not None:
        report.add(_error_finding(checked.error, obs))
        if checked.hung:
            report.add(
                Finding(
                    "deadlock", "left-pending", "after the failure, still waiting: " + "; ".join(checked.hung)
                )
            )
        return report
    if checked.result is None or not with_data or not reference:
        return report

    serial = _Run("reference (serialised)", Observer(poison=True, serialize=True))
    await _invoke(session, cmd_module, function, inputs, serial, timeout_s, **kw)
    report.runs.append(serial.record())
    want = checked.outputs or []
    if serial.outputs is not None:
        want = serial.outputs
        for i, detail in _differences(checked.outputs or [], want, exact=True):
            report.add(
                Finding(
                    "numerics",
                    "schedule-differs",
                    f"output {i} as scheduled differs from the sequential reference (all concurrency "
                    f"serialised): {detail}",
                    (OpRef("output", None, f"result {i}"),),
                )
            )
    elif serial.error is not None:
        report.notes.append(f"the serialised reference failed: {serial.error}")
    if async_reference is not None:
        report.runs.append({"name": "reference (async form, op by op)", "status": "ok"})
        for i, detail in _differences(checked.outputs or [], async_reference, exact=False):
            report.add(
                Finding(
                    "numerics",
                    "reference-differs",
                    f"output {i} differs from the op-by-op reference of the async form: {detail}",
                    (OpRef("output", None, f"result {i}"),),
                )
            )
    for k in range(interleavings):
        jitter_seed = seed * 1_000_003 + k
        run = _Run(f"interleaving {k} (seed {jitter_seed})", Observer(poison=True, jitter_seed=jitter_seed))
        await _invoke(session, cmd_module, function, inputs, run, timeout_s, **kw)
        report.runs.append(run.record())
        if run.outputs is None:
            detail = "timed out" if run.timed_out else str(run.error)
            report.add(
                Finding(
                    "numerics",
                    "interleaving-failed",
                    f"random interleaving {k} (seed {jitter_seed}) did not complete: {detail}",
                )
            )
            continue
        for i, detail in _differences(run.outputs, want, exact=True):
            report.add(
                Finding(
                    "numerics",
                    "order-dependent",
                    f"output {i} of random interleaving {k} (seed {jitter_seed}) differs from the sequential "
                    f"reference: {detail}; the result depends on the order of concurrent work",
                    (OpRef("output", None, f"result {i}"),),
                    extra={"seed": jitter_seed},
                )
            )
    return report


def check_program(*args: Any, **kw: Any) -> CheckReport:
    """:func:`check` for scripts and notebooks (runs its own event loop, on a worker thread when the
    calling thread's loop is already running)."""
    return run_coroutine_sync(check(*args, **kw), thread_name="streamsim-check")
