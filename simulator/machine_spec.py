"""What a machine is made of, as frozen data: the host's costs, devices with their pools and queues, links,
storage and how collectives are timed (:class:`Machine`). :mod:`simulator.machine` reads them from TOML,
checked against its schema, and re-exports them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from simulator.dispatch_model import DispatchModelSpec
from simulator.errors import MachineError

HOST = "host"


@dataclass(frozen=True, slots=True)
class HostSpec:
    """Costs of the host interpreter, in nanoseconds."""

    op_cost_ns: int = 20
    #: a call of a function from the host application (an entry point, an initializer)
    call_cost_ns: int = 200
    record_cost_ns: int = 100
    submit_cost_ns: int = 1000
    wake_cost_ns: int = 2000
    #: one execution barrier of a command buffer (IREE puts one after every command of a serial region:
    #: :func:`simulator.host.execute_rules.count_barriers`), as ``record_cost_ns`` is one command
    barrier_cost_ns: int = 0
    #: recording one command or barrier of a command buffer IREE records at every execution (one it
    #: cannot memoize: :func:`simulator.host.memoize.recorded_per_execution`), on top of the above
    rerecord_cost_ns: int = 0
    #: what recording a dispatch into such a command buffer costs on top of ``rerecord_cost_ns``: the VM's
    #: call of ``hal.command_buffer.dispatch`` (its push constants and binding list marshalled from
    #: registers) and the HAL's dispatch validation and recording. A fill or copy costs the VM one call with
    #: one or two buffers; a dispatch, more. 0 (a file without it): a dispatch costs what a fill does
    rerecord_dispatch_cost_ns: int = 0
    #: each binding of a dispatch recorded into such a command buffer: the buffer's reference dereferenced,
    #: validated against the binding's access and range, and retained by the recording (IREE's
    #: ``iree_hal_module_command_buffer_dispatch`` and ``iree_hal_command_buffer_dispatch_validation``
    #: loop over the bindings). 0 when not given
    rerecord_binding_cost_ns: int = 0
    #: submitting a queue-ordered allocation or release (``stream.resource.alloca``/``dealloca``,
    #: ``hal.device.queue.alloca``/``dealloca``) in place of ``submit_cost_ns`` (that when not given):
    #: IREE's local-task device takes ~3x an execute's submission for one (a fitted figure)
    alloca_cost_ns: int | None = None
    #: submitting a queue-ordered release (``stream.resource.dealloca``, ``hal.device.queue.dealloca``) in
    #: place of ``alloca_cost_ns`` (that when not given). IREE's local-task device makes a release a queue
    #: barrier on the work it awaits, which a worker retires after that work: a host that then waits on the
    #: release's timepoint (as IREE's programs wait on the release of their transients) meets one more
    #: step of the device's queue than an allocation costs (the AMD VM's local-task device: ~5.8 us a
    #: release, allocations ~0, fitted on the suite, where a program with a transient alloca/dealloca pair
    #: ran ~8 us slower than one without)
    dealloca_cost_ns: int | None = None
    #: a call from host code to another function of the module (``util.call``, ``func.call``: a VM call,
    #: as the ``main`` wrapper of IREE's coarse-fences ABI calls ``main$async``) in place of
    #: ``call_cost_ns`` (that when not given): no arguments cross from the application into the VM
    inner_call_cost_ns: int | None = None
    #: issuing each dispatch of a command buffer, on top of ``record_cost_ns`` (a fill or copy pays that
    #: alone): the executor slices a dispatch's workgroups over the device's workers and wakes them, time
    #: that falls between the dispatches IREE's profile times (the AMD VM's local-task device: ~0.6 us a
    #: dispatch, a fitted figure). Paid where ``barrier_cost_ns`` is. 0 when not given
    dispatch_cost_ns: int = 0


@dataclass(frozen=True, slots=True)
class PoolSpec:
    name: str
    capacity_bytes: int
    alignment_bytes: int = 64


@dataclass(frozen=True, slots=True)
class DeviceSpec:
    """One device: its queues, execution and copy units, peaks, memory pools and host link."""

    name: str
    kind: str = "gpu"
    queues: int = 1
    in_order: bool = True
    #: every queue operation runs to completion on the host thread that submits it, before the submission
    #: returns (IREE's ``local-sync`` device: ``iree_hal_sync_device_queue_execute`` waits for the
    #: operation's semaphores and applies the command buffer inline), so host and device time add up
    inline_execution: bool = False
    #: the device's workers run on the host's own CPUs, as many as there are (IREE's local-task: one
    #: worker per CPU, each spinning ``IREE_TASK_WARM_WAIT_SPIN_NS`` after its work before it sleeps), so
    #: the host thread makes no headway while the device works: the host's time and the device's add up,
    #: as on an inline device, but a host that waits on the device still sleeps and is woken by the
    #: worker that signals (``host.wake_cost_ns``)
    host_shares_cpus: bool = False
    dispatch_slots: int = 1
    copy_engines: int = 1
    launch_overhead_ns: int = 0
    queue_op_overhead_ns: int = 0
    memory_bandwidth_bytes_per_s: float = 1e11
    peak_flops_per_s: dict[str, float] = field(default_factory=lambda: {"f32": 1e12})
    unified_memory: bool = False
    zero_copy_import: bool = False
    host_link: str | None = None
    pools: tuple[PoolSpec, ...] = ()
    dispatch_model: DispatchModelSpec | None = None

    def peak_for(self, dtype: str) -> float:
        """Peak flop/s for an element type name (``f32``, ``bf16``, ``i8``); f32's when unlisted."""
        peaks = self.peak_flops_per_s
        if dtype in peaks:
            return peaks[dtype]
        if dtype.startswith("f8") and "f8" in peaks:
            return peaks["f8"]
        if dtype.startswith(("i", "ui", "si")) and "i32" in peaks:
            return peaks["i32"]
        return peaks.get("f32") or max(peaks.values())


@dataclass(frozen=True, slots=True)
class LinkSpec:
    name: str
    endpoints: tuple[str, str]
    bandwidth_bytes_per_s: float
    latency_ns: int = 0


@dataclass(frozen=True, slots=True)
class StorageSpec:
    name: str = "nvme0"
    bandwidth_bytes_per_s: float = 3e9
    latency_ns: int = 50000
    queue_depth: int = 8
    # The host's page cache in front of this storage (0: none); see simulator.params.page_cache.
    page_cache_bytes: int = 0
    page_cache_bandwidth_bytes_per_s: float = 20e9


#: Algorithms a collective may be timed with (``[collectives]``; see :mod:`simulator.collectives.algorithms`).
COLLECTIVE_ALGORITHMS = ("ring", "tree", "direct")
COLLECTIVE_KINDS = (
    "all_gather",
    "all_reduce",
    "all_to_all",
    "broadcast",
    "reduce",
    "reduce_scatter",
    "send",
    "recv",
    "send_recv",
)


@dataclass(frozen=True, slots=True)
class CollectiveSpec:
    """How the machine's collective library runs collectives: one algorithm, or one per kind.

    ``[collectives]`` in a machine file: ``algorithm = "ring"`` and optionally
    ``by_kind = { all_reduce = "tree" }``. Each step of an algorithm costs the alpha-beta time of the
    links it crosses (``latency_ns + bytes / bandwidth``).
    """

    algorithm: str = "ring"
    by_kind: dict[str, str] = field(default_factory=dict)

    def algorithm_for(self, kind: str) -> str:
        return self.by_kind.get(kind, self.algorithm)


@dataclass(frozen=True, slots=True)
class Machine:
    name: str
    devices: tuple[DeviceSpec, ...]
    host: HostSpec = HostSpec()
    links: tuple[LinkSpec, ...] = ()
    storage: StorageSpec = StorageSpec()
    description: str = ""
    source: str = ""
    collectives: CollectiveSpec = CollectiveSpec()

    def device(self, index: int) -> DeviceSpec:
        if not 0 <= index < len(self.devices):
            raise MachineError(
                f"machine {self.name!r} has {len(self.devices)} device(s); device {index} does not exist"
            )
        return self.devices[index]

    def link_between(self, a: str, b: str) -> LinkSpec | None:
        for link in self.links:
            if set(link.endpoints) == {a, b}:
                return link
        return None

    def summary_rows(self) -> list[dict[str, Any]]:
        """One row per device with its figures, for ``streamsim machines``."""
        rows = []
        for d in self.devices:
            link = next((lk for lk in self.links if lk.name == d.host_link), None)
            rows.append(
                {
                    "machine": self.name,
                    "device": d.name,
                    "kind": d.kind,
                    "queues": d.queues,
                    "peak_flops_per_s": dict(d.peak_flops_per_s),
                    "memory_bandwidth_bytes_per_s": d.memory_bandwidth_bytes_per_s,
                    "memory_bytes": sum(p.capacity_bytes for p in d.pools),
                    "unified_memory": d.unified_memory,
                    "host_link_bytes_per_s": link.bandwidth_bytes_per_s if link else None,
                }
            )
        return rows


# -- loading -----------------------------------------------------------------------------------------
