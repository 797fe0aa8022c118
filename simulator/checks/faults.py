"""Fault injection: ``read-failure:KEY``, ``device-loss:DEVICE@T_NS`` and ``oom:POOL``.

A fault makes one kind of queue operation fail the way the HAL says it can, and the failure then travels
through fences like any other: the failed operation fails its signal semaphores, every queue operation
waiting on them fails without running (cancelled), and a host ``stream.timepoint.await`` on them raises.

- ``read-failure:KEY``: every parameter request for ``KEY`` (or ``SCOPE::KEY``) fails when its operation
  starts ("Read failure will result in propagated semaphore failure", hal.device.queue.read).
- ``device-loss:DEVICE@T_NS``: from simulated time ``T_NS`` the device (its name, ``deviceN`` or ``N``) is
  lost: operations that start at or after ``T_NS`` fail before running, and one running at ``T_NS`` fails
  when it ends.
- ``oom:POOL``: every queue-ordered allocation in the pool (``NAME``, ``DEVICE/NAME``) fails with out of
  memory (stream.resource.alloca, and parameter loads that allocate their results).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from simulator.errors import DeviceFailure, InputError
from simulator.memory import OutOfMemory

if TYPE_CHECKING:
    from simulator.checks.observer import Submission
    from simulator.machine import Machine

KINDS = ("read-failure", "device-loss", "oom")
_SPEC = re.compile(r"^(read-failure|device-loss|oom):(.+)$")


@dataclass(frozen=True)
class Fault:
    """One injected fault. ``at_ns`` is the time of a device loss."""

    kind: str
    target: str
    at_ns: int | None = None

    @property
    def spec(self) -> str:
        return f"{self.kind}:{self.target}" + (f"@{self.at_ns}" if self.at_ns is not None else "")

    # -- matching ------------------------------------------------------------------------------------

    def matches_device(self, device: Any) -> bool:
        names = {device.spec.name, f"device{device.index}", str(device.index)}
        return self.target in names

    def matches_pool(self, device: Any) -> bool:
        pool = device.pool
        names = {pool.name, f"{device.spec.name}/{pool.name}", f"device{device.index}/{pool.name}"}
        return self.target in names

    def matches_key(self, scope: str, key: str) -> bool:
        return self.target in (key, f"{scope}::{key}")

    # -- effects (called by the observer's work wrapper) -------------------------------------------

    def before(self, sub: Submission, now_ns: int) -> None:
        """Raise the injected failure if ``sub`` is about to start and this fault hits it."""
        device = sub.queue.device
        if self.kind == "device-loss":
            if self.matches_device(device) and self.at_ns is not None and now_ns >= self.at_ns:
                raise DeviceFailure(
                    f"{sub.op.describe()}: device {device.spec.name} was lost at t={self.at_ns} ns (injected)"
                )
        elif self.kind == "oom":
            if sub.allocates and self.matches_pool(device):
                raise OutOfMemory(
                    f"{sub.op.describe()}: out of memory in pool {device.spec.name}/{device.pool.name} (injected)"
                )
        elif self.kind == "read-failure":
            for scope, key in sub.parameter_keys:
                if self.matches_key(scope, key):
                    raise DeviceFailure(
                        f"{sub.op.describe()}: read of parameter {scope}::{key} failed (injected)"
                    )

    def after(self, sub: Submission, started_ns: int, now_ns: int) -> None:
        """A device lost while ``sub`` ran fails it when it ends."""
        if (
            self.kind == "device-loss"
            and self.at_ns is not None
            and self.matches_device(sub.queue.device)
            and started_ns < self.at_ns <= now_ns
        ):
            raise DeviceFailure(
                f"{sub.op.describe()}: device {sub.queue.device.spec.name} was lost at t={self.at_ns} ns "
                "while it ran (injected)"
            )


def parse_fault(text: str) -> Fault:
    """``read-failure:KEY``, ``device-loss:DEVICE@T_NS`` or ``oom:POOL``; raises InputError otherwise."""
    m = _SPEC.match(text.strip())
    if m is None:
        raise InputError(
            f"bad --inject {text!r}: expected read-failure:KEY, device-loss:DEVICE@T_NS or oom:POOL"
        )
    kind, rest = m.group(1), m.group(2)
    if kind == "device-loss":
        device, sep, at = rest.rpartition("@")
        if not sep or not device:
            raise InputError(f"bad --inject {text!r}: device-loss needs DEVICE@T_NS (e.g. device0@1000)")
        try:
            at_ns = int(at)
        except ValueError:
            raise InputError(f"bad --inject {text!r}: {at!r} is not an integer time in ns") from None
        if at_ns < 0:
            raise InputError(f"bad --inject {text!r}: the time must not be negative")
        return Fault(kind, device, at_ns)
    return Fault(kind, rest)


def validate_fault(fault: Fault, machine: Machine, keys: list[tuple[str, str]]) -> None:
    """Raise InputError if the fault names a device, pool or parameter the run cannot have."""
    devices = machine.devices
    if fault.kind == "device-loss":
        names = {d.name for d in devices} | {f"device{i}" for i in range(len(devices))}
        names |= {str(i) for i in range(len(devices))}
        if fault.target not in names:
            raise InputError(
                f"--inject {fault.spec}: no device {fault.target!r} on machine {machine.name!r} "
                f"(devices: {', '.join(d.name for d in devices)})"
            )
    elif fault.kind == "oom":
        names = set()
        for i, d in enumerate(devices):
            p = d.pools[0].name
            names |= {p, f"{d.name}/{p}", f"device{i}/{p}"}
        if fault.target not in names:
            raise InputError(
                f"--inject {fault.spec}: no pool {fault.target!r} on machine {machine.name!r} "
                f"(pools: {', '.join(sorted(n for n in names if '/' in n and not n.startswith('device')))})"
            )
    elif fault.kind == "read-failure" and keys and not any(fault.matches_key(s, k) for s, k in keys):
        known = ", ".join(f"{s}::{k}" if s else k for s, k in keys)
        raise InputError(f"--inject {fault.spec}: the program reads no parameter {fault.target!r} ({known})")
