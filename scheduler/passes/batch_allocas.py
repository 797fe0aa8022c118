"""IREE's ``BatchAllocaOps`` canonicalization of ``stream.resource.alloca`` and ``stream.resource.dealloca``
(``StreamOpFolders.cpp``): a chain of allocas (or of deallocas), each awaiting the one before and awaited
by nothing else, is issued together instead: every op of the chain awaits what the first awaited, and
the chain's later users await a join of all their timepoints. Allocations and deallocations are meant
not to wait on each other; IREE's canonicalizer, run after its automatic reference counting, leaves
the deallocas a region's end releases side by side so.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f(%r0: !stream.resource<transient>, %r1: !stream.resource<transient>,
...     %t: !stream.timepoint) -> !stream.timepoint {
...   %c4 = arith.constant 4 : index
...   %d0 = stream.resource.dealloca await(%t) => %r0 : !stream.resource<transient>{%c4} => !stream.timepoint
...   %d1 = stream.resource.dealloca await(%d0) => %r1 : !stream.resource<transient>{%c4} => !stream.timepoint
...   util.return %d1 : !stream.timepoint
... }''')
>>> batch_alloca_chains(m)
1
>>> [op.op_name for op in m.function("f").body.ops if op.op_name.startswith("stream.")]
['stream.resource.dealloca', 'stream.resource.dealloca', 'stream.timepoint.join']
"""

from __future__ import annotations

from ir import Builder, Module, Operation, Value
from ir import types as T

_OPS = ("stream.resource.alloca", "stream.resource.dealloca")


def _await_of(op: Operation) -> Value | None:
    """The timepoint ``op`` awaits (the last operand, when it is a timepoint)."""
    if op.operands and isinstance(op.operands[-1].type, T.TimepointType):
        return op.operands[-1]
    return None


def _result_timepoint(op: Operation) -> Value:
    return op.results[-1]


def batch_alloca_chains(module: Module) -> int:
    """Apply the pattern everywhere in ``module`` (in place); returns how many chains were batched."""
    count = 0
    for op in module.op.walk_list():
        if op.op_name not in _OPS or op.parent is None:
            continue
        # Only from the head of a chain: an op whose await is not a same-kind op's one-use timepoint.
        prev = _await_of(op)
        head = prev.defining_op if prev is not None else None
        if head is not None and head.op_name == op.op_name and len(_result_timepoint(head).uses) == 1:
            continue
        chain = [op]
        while True:
            uses = _result_timepoint(chain[-1]).uses
            if len(uses) != 1:
                break
            user = uses[0][0]
            if (
                user.op_name != op.op_name
                or user.parent is not op.parent
                or _await_of(user) is not _result_timepoint(chain[-1])
            ):
                break
            chain.append(user)
        if len(chain) < 2:
            continue
        first = _await_of(op)
        for member in chain[1:]:
            operands = list(member.operands[:-1])
            member.set_operands(operands + ([first] if first is not None else []))
        tail = _result_timepoint(chain[-1])
        join = Builder.after(chain[-1]).create(
            "stream.timepoint.join", [_result_timepoint(m) for m in chain], [T.TimepointType()]
        )
        for user, i in list(tail.uses):
            if user is not join:
                user.set_operand(i, join.results[0])
        count += 1
    return count
