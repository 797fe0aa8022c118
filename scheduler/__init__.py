"""scheduler package: async-form stream programs -> cmd form, as pure functions over networkx graphs.

The entry point is :func:`schedule_module`; :class:`Pipeline` holds IREE's stages in order (each
replaceable), :class:`ScheduleStats` summarises a cmd-form module. The graph algorithms are available on
their own: :func:`build_graph`, :func:`partition_execution`, :func:`partition_concurrency`,
:func:`pack_slices`, and policies beyond IREE (:func:`heft_placement`, :func:`waves_under_memory_cap`,
:func:`queue_chains`).
"""

from __future__ import annotations

from scheduler.errors import (
    CyclicPartitionError,
    MemoryCapError,
    ScheduleError,
    UnsupportedOpError,
)
from scheduler.graph import build_graph, to_dot, write_dot, write_graphml
from scheduler.packing import Layout, Slice, pack_slices
from scheduler.partition import Partition, check_partitions, partition_concurrency, partition_execution
from scheduler.pipeline import Pipeline, Stage, schedule_module
from scheduler.policies import (
    Placement,
    heft_placement,
    place_devices,
    schedule_concurrency_capped,
    transfer_bytes_cost,
    waves_under_memory_cap,
)
from scheduler.queues import assign_queues, queue_chains
from scheduler.stages import (
    elide_timepoints,
    layout_slices,
    parameter_upload,
    propagate_timepoints,
    refine_usage,
    schedule_allocation,
    schedule_concurrency,
    schedule_execution,
)
from scheduler.stages_cleanup import cse_regions
from scheduler.state import ResourceConfig, ScheduleState
from scheduler.stats import ScheduleStats
from scheduler.usage import ResourceUsage, analyze_usage

__all__ = [
    "CyclicPartitionError",
    "Layout",
    "MemoryCapError",
    "Partition",
    "Pipeline",
    "Placement",
    "ResourceConfig",
    "ResourceUsage",
    "ScheduleError",
    "ScheduleState",
    "ScheduleStats",
    "Slice",
    "Stage",
    "UnsupportedOpError",
    "analyze_usage",
    "assign_queues",
    "build_graph",
    "check_partitions",
    "cse_regions",
    "elide_timepoints",
    "heft_placement",
    "layout_slices",
    "pack_slices",
    "parameter_upload",
    "partition_concurrency",
    "partition_execution",
    "place_devices",
    "propagate_timepoints",
    "queue_chains",
    "refine_usage",
    "schedule_allocation",
    "schedule_concurrency",
    "schedule_concurrency_capped",
    "schedule_execution",
    "schedule_module",
    "to_dot",
    "transfer_bytes_cost",
    "waves_under_memory_cap",
    "write_dot",
    "write_graphml",
]
