"""Where IREE's schedule-allocation places what an execution region makes (``deriveResultAffinity`` and
``findLocalValueAffinity``), for :mod:`scheduler.passes.schedule_allocation`.

A result is allocated on the affinities that pin it, else on those it is produced and consumed on, as
IREE's affinity analysis finds them (:mod:`scheduler.passes.affinity_analysis`, solved once over the
module before any region is rewritten, sorted by their printed form), joined with where the region makes
it: the target of the transfer it comes from, else the region's own affinity (none for a region without
one).
"""

from __future__ import annotations

from ir import Operation, OpResult, Value
from ir import attributes as A
from scheduler.affinity import join_or, transfer_target
from scheduler.passes.affinity_analysis import AffinityAnalysis
from scheduler.passes.copy_analysis import tied_operand

_YIELDS = frozenset({"stream.yield", "scf.yield"})


def result_affinity_of(
    exe: Operation, analysis: AffinityAnalysis, result: Value, inner: Value
) -> A.Attribute | None:
    """IREE's deriveResultAffinity for ``result`` of the region ``exe``, yielded inside as ``inner``."""
    usage = analysis.pinned_affinities(result)
    if usage is None:
        usage = analysis.usage_affinities(result)
    # IREE's sets hold single affinities: a region placed on several devices counts as each.
    members = [m for a in usage for m in (a.affinities if isinstance(a, A.DeviceOptimalAttr) else (a,))]
    joined: A.Attribute | None = None
    for _, a in sorted({str(a): a for a in members}.items()):
        joined = join_or(joined, a)
    local = local_affinity(inner)
    return join_or(joined, local if local is not None else exe.attr("affinity"))


def local_affinity(v: Value) -> A.Attribute | None:
    """IREE's findLocalValueAffinity: the target of the transfer a value comes from, through tied
    results and the values region ops (waves) yield."""
    seen: set[int] = set()
    while isinstance(v, OpResult) and id(v) not in seen:
        seen.add(id(v))
        op = v.op
        if op.op_name == "stream.async.transfer":
            return transfer_target(op)
        t = tied_operand(v)
        if t is not None:
            v = t
        elif op.regions and op.regions[0].blocks:
            term = op.regions[0].blocks[0].terminator
            if term is None or term.op_name not in _YIELDS or v.index >= len(term.operands):
                return None
            v = term.operands[v.index]
        else:
            return None
    return None
