"""Channels and collectives across the simulated devices: who meets (:mod:`.channels`), what they compute
(:mod:`.numerics`), which transfers an algorithm makes (:mod:`.algorithms`) and how a run carries them out
(:mod:`.fabric`)."""

from __future__ import annotations

from simulator.collectives.algorithms import bus_bandwidth_factor, collective_steps
from simulator.collectives.channels import Channel, ChannelRegistry, Communicator
from simulator.collectives.fabric import POINT_TO_POINT, CollectiveCmd, Fabric
from simulator.collectives.numerics import collective_results, reduce_ranks, send_recv_peers

__all__ = [
    "POINT_TO_POINT",
    "Channel",
    "ChannelRegistry",
    "CollectiveCmd",
    "Communicator",
    "Fabric",
    "bus_bandwidth_factor",
    "collective_results",
    "collective_steps",
    "reduce_ranks",
    "send_recv_peers",
]
