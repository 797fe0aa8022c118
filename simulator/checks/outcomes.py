"""What a run that did not finish normally means: deadlocks and injected faults.

Deadlock: the engine stops when no event can fire while waits are pending (it never hangs). The waits
are turned into a wait-for graph: a pending queue operation waits for the submissions that signal the
semaphores of its wait fence (and, on an in-order queue, for the previous submission); a blocked host
waits for the signallers of the fence it awaits. A wait that no submission can ever satisfy is reported
as such, and every cycle of the graph (up to a few) is reported with the ops on it. A collective that
waits for ranks which never issued it (or a send without its recv, a split some rank never made) is
reported naming the ranks that wait and the ranks missing.

Faults: for each injected fault, what failed (the operations it hit), what was cancelled (operations
whose wait fence failed, so they never ran), what the host saw, and whether anything was left pending.
"""

from __future__ import annotations

import itertools
from typing import Any

import networkx as nx

from simulator.checks.faults import Fault
from simulator.checks.findings import Finding, OpRef
from simulator.checks.observer import Observer, Submission, op_ref

HOST = OpRef("host", None, "blocked in a wait")


def _unreached(fence: Any) -> list[tuple[Any, int]]:
    return [(sem, v) for sem, v in fence.points if not sem.reached(v)]


def deadlock_findings(observer: Observer, message: str) -> list[Finding]:
    graph: nx.DiGraph[Any] = nx.DiGraph()
    findings: list[Finding] = []
    pending = [s for s in observer.submissions if s.status == "pending" and s.wait.failure() is None]
    by_queue: dict[int, list[Submission]] = {}
    for s in observer.submissions:
        by_queue.setdefault(id(s.queue), []).append(s)

    def who(s: Submission) -> OpRef:
        if s.queue is None:
            return OpRef(s.op.op, s.op.loc, "host")
        return OpRef(s.op.op, s.op.loc, f"submission {s.index} on {s.queue.name}")

    def blockers(waiter: Any, waiter_ref: OpRef, fence: Any) -> None:
        for sem, value in _unreached(fence):
            signaller = observer.signaller(sem, value)
            if signaller is None:
                findings.append(
                    Finding(
                        "deadlock",
                        "never-signalled",
                        f"{waiter_ref.describe()} waits for {sem.name} >= {value} (now {sem.value}), which no "
                        "submitted operation signals",
                        (waiter_ref,),
                        extra={"semaphore": sem.name, "value": value},
                    )
                )
            else:
                graph.add_edge(waiter, signaller.index)
                findings.append(
                    Finding(
                        "deadlock",
                        "unsatisfied-wait",
                        f"{waiter_ref.describe()} waits for {sem.name} >= {value}, which "
                        f"{who(signaller).describe()} signals, but it "
                        + (
                            "started and has not finished"
                            if getattr(signaller, "status", "") == "running"
                            else "has not run"
                        ),
                        (waiter_ref, who(signaller)),
                        extra={"semaphore": sem.name, "value": value},
                    )
                )

    for s in pending:
        graph.add_node(s.index)
        blockers(s.index, who(s), s.wait)
        if s.queue.device.spec.in_order:
            earlier = [t for t in by_queue[id(s.queue)] if t.index < s.index]
            if earlier and earlier[-1].status not in ("done", "failed"):
                graph.add_edge(s.index, earlier[-1].index)
                findings.append(
                    Finding(
                        "deadlock",
                        "unsatisfied-wait",
                        f"{who(s).describe()} waits behind {who(earlier[-1]).describe()}, which has not run: "
                        f"{s.queue.name} runs its submissions in order",
                        (who(s), who(earlier[-1])),
                    )
                )
    if observer.host_waits:
        op, fence = observer.host_waits[-1]
        if not fence.reached():
            host = OpRef(op.op, op.loc, "the host is blocked here")
            graph.add_node("host")
            blockers("host", host, fence)
    fabric = getattr(observer.runtime, "fabric", None) if observer.runtime is not None else None
    for stuck in fabric.stuck() if fabric is not None else []:
        refs = tuple(op_ref(op, f"rank {r} on {queue}") for r, (op, queue) in stuck["waiting"].items())
        findings.append(
            Finding(
                "deadlock",
                "collective-missing-rank",
                stuck["what"],
                refs,
                extra={k: stuck[k] for k in ("channel", "collective", "missing")}
                | {"waiting": sorted(stuck["waiting"])},
            )
        )
    subs = {s.index: s for s in [*observer.submissions, *observer.host_signals]}
    for cycle in itertools.islice(nx.simple_cycles(graph), 4):
        refs = tuple(who(subs[i]) if i != "host" else HOST for i in cycle)
        path = " -> ".join(r.describe() for r in (*refs, refs[0]))
        findings.append(Finding("deadlock", "cycle", f"wait cycle: {path}", refs))
    if not findings:
        findings.append(Finding("deadlock", "no-progress", message))
    findings.append(
        Finding(
            "deadlock",
            "stopped",
            f"the simulation stopped instead of hanging: {message}",
            extra={"pending": observer.runtime.engine.pending_waits() if observer.runtime else []},
        )
    )
    return findings


def fault_findings(
    observer: Observer, faults: tuple[Fault, ...], host_error: str | None, hung: list[str], end_ns: int
) -> tuple[list[Finding], list[str]]:
    """One finding per fault that triggered; notes for those that did not."""
    findings: list[Finding] = []
    notes: list[str] = []
    cancelled = [s for s in observer.submissions if s.status == "pending" and s.wait.failure() is not None]
    for fault in faults:
        hits = [(s, err) for f, s, err in observer.triggered if f == fault]
        if not hits:
            notes.append(f"--inject {fault.spec} did not trigger: no operation it applies to ran")
            continue
        failed = [s for s, _ in hits]
        parts = [f"injected {fault.spec}: " + "; ".join(err for _, err in hits)]
        if cancelled:
            names = ", ".join(s.op.describe() for s in cancelled)
            parts.append(f"cancelled (their wait failed, so they never ran): {names}")
        else:
            parts.append("cancelled: none")
        if host_error:
            parts.append(f"the host saw the failure: {host_error}")
        if hung:
            parts.append(f"left pending: {'; '.join(hung)}")
        else:
            parts.append(f"nothing hung: the run ended at t={end_ns} ns with no pending waits")
        findings.append(
            Finding(
                "fault",
                fault.kind,
                "; ".join(parts),
                tuple(s.op for s in failed) + tuple(s.op for s in cancelled),
                extra={
                    "fault": fault.spec,
                    "failed": [s.op.describe() for s in failed],
                    "cancelled": [s.op.describe() for s in cancelled],
                    "host_error": host_error,
                    "pending": hung,
                    "end_ns": end_ns,
                },
            )
        )
    return findings, notes
