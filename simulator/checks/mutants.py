"""Mutants: broken variants of a cmd-form program, made on the parsed IR, to test the checks.

Each function takes a module (it is changed in place; parse a fresh one per mutant) and returns a
:class:`Mutation` naming the ops it touched, or None when the program has nothing to mutate that way:

- :func:`drop_execute_await`: a ``stream.cmd.execute`` loses its await, so it may run before the
  allocations (or the work) it depended on;
- :func:`dealloca_before_last_use`: a ``stream.resource.dealloca`` moves before the last op that uses its
  resource, waiting only on what that op waited on;
- :func:`conflicting_wave`: two adjacent dispatches of one execute region, the second reading bytes the
  first writes (resolved through their executables), go into one ``stream.cmd.concurrent`` wave;
- :func:`drop_join_input`: a ``stream.timepoint.join`` that guards a later use loses an input;
- :func:`unordered_transfer` (multi-device programs): a region that reads what a region on another device
  wrote (a transfer) no longer waits for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ir import Block, Module, Operation, Region, create
from ir import attributes as A
from simulator.kernels import push_constant


@dataclass(frozen=True)
class Mutation:
    name: str
    description: str
    ops: tuple[Operation, ...]

    def locations(self) -> list[str]:
        return [str(op.location) for op in self.ops if op.location is not None]


def _main_ops(module: Module, function: str) -> list[Operation]:
    return list(module.function(function).walk())


def _detach(op: Operation) -> int:
    block = op.parent
    assert block is not None
    index = block.ops.index(op)
    block.ops.remove(op)
    op.parent = None
    return index


def drop_execute_await(module: Module, function: str = "main") -> Mutation | None:
    for op in _main_ops(module, function):
        if op.op_name != "stream.cmd.execute" or op.await_timepoint is None:  # type: ignore[attr-defined]
            continue
        resources = list(op.resource_operands)  # type: ignore[attr-defined]
        sizes = list(op.resource_operand_sizes)  # type: ignore[attr-defined]
        op.set_operands([*resources, *sizes])
        op.properties["operandSegmentSizes"] = A.segment_sizes(len(resources), len(sizes), 0)
        return Mutation("drop-execute-await", f"{op.describe()} no longer awaits anything", (op,))
    return None


def _users_in_block(value: Any, block: Block) -> list[Operation]:
    """Ops of ``block`` that use ``value``, directly or in their regions."""
    found = []
    for op in block.ops:
        if any(v is value for inner in op.walk() for v in inner.operands):
            found.append(op)
    return found


def dealloca_before_last_use(module: Module, function: str = "main") -> Mutation | None:
    for op in _main_ops(module, function):
        if op.op_name != "stream.resource.dealloca" or op.parent is None:
            continue
        resource = op.operands[0]
        block = op.parent
        users = [u for u in _users_in_block(resource, block) if u is not op]
        before = [u for u in users if block.ops.index(u) < block.ops.index(op)]
        if not before:
            continue
        last = before[-1]
        guard = getattr(last, "await_timepoint", None)
        _detach(op)
        op.set_operands([resource, op.operands[1]] + ([guard] if guard is not None else []))
        block.insert(block.ops.index(last), op)
        return Mutation(
            "dealloca-before-last-use",
            f"{op.describe()} now comes before {last.describe()}, its resource's last use",
            (op, last),
        )
    return None


def _constant(value: Any) -> int | None:
    op = value.defining_op
    if op is not None and op.op_name == "arith.constant":
        v = op.attr("value")
        if isinstance(v, A.IntegerAttr):
            return v.value
    return None


def _binding_ranges(module: Module, op: Operation) -> list[tuple[Any, str, int, int]]:
    """``(resource, "read"|"write", start, stop)`` of a dispatch: resolved through its executable when its
    uniforms, offsets and lengths are constants, else whole bindings (dynamic ranges count as everything)."""
    d: Any = op
    offsets = [_constant(v) for v in d.resource_offsets]
    lengths = [_constant(v) for v in d.resource_lengths]
    uniforms = [_constant(v) for v in d.uniform_operands]
    resolved = None
    if None not in offsets and None not in lengths and None not in uniforms:
        try:
            from simulator.dispatch import load_executable

            program = load_executable(module, d.entry_points[0])
            resolved = program.accesses([push_constant(u) for u in uniforms], [int(n) for n in lengths])  # type: ignore[arg-type]
        except Exception:  # a kernel executable, or one the interpreter cannot run: use binding ranges
            resolved = None
    accesses = d.resource_accesses
    out: list[tuple[Any, str, int, int]] = []
    for i, (res, off, n) in enumerate(zip(d.resources, offsets, lengths)):
        if resolved is not None:
            assert off is not None
            out.extend((res, kind, off + s, off + e) for kind, s, e in resolved[i])
            continue
        start, stop = (off, off + n) if off is not None and n is not None else (0, 1 << 62)
        bits = accesses[i].value if accesses is not None else 3
        if bits & 1:
            out.append((res, "read", start, stop))
        if bits & 2:
            out.append((res, "write", start, stop))
    return out


def _conflict(module: Module, first: Operation, second: Operation) -> bool:
    a, b = _binding_ranges(module, first), _binding_ranges(module, second)
    for res_w, kind_w, s1, e1 in a:
        if kind_w != "write":
            continue
        for res_r, kind_r, s2, e2 in b:
            if res_r is res_w and kind_r == "read" and s1 < e2 and s2 < e1:
                return True
    return False


def conflicting_wave(module: Module, function: str = "main") -> Mutation | None:
    """The first dispatch of an execute region that a following dispatch (serial, or in the next wave)
    really reads from goes into one wave with it."""
    for execute in _main_ops(module, function):
        if execute.op_name != "stream.cmd.execute":
            continue
        block = execute.body
        ops = block.ops
        for first, nxt in zip(ops, ops[1:]):
            if first.op_name != "stream.cmd.dispatch":
                continue
            if nxt.op_name == "stream.cmd.dispatch" and _conflict(module, first, nxt):
                index = _detach(first)
                _detach(nxt)
                wave_block = Block()
                wave_block.append(first)
                wave_block.append(nxt)
                wave_block.append(create("stream.yield"))
                wave = create("stream.cmd.concurrent", regions=[Region([wave_block])])
                wave.location = first.location
                block.insert(index, wave)
                second = nxt
            elif nxt.op_name == "stream.cmd.concurrent":
                members = [m for m in nxt.body.ops if m.op_name == "stream.cmd.dispatch"]
                second = next((m for m in members if _conflict(module, first, m)), None)  # type: ignore[assignment]
                if second is None:
                    continue
                _detach(first)
                nxt.body.insert(0, first)
            else:
                continue
            return Mutation(
                "conflicting-wave",
                f"{first.describe()} and {second.describe()} (which reads what the first writes) now run in "
                "one concurrent wave",
                (first, second),
            )
    return None


def drop_join_input(module: Module, function: str = "main") -> Mutation | None:
    for op in _main_ops(module, function):
        if op.op_name != "stream.timepoint.join" or len(op.operands) < 2:
            continue
        guarded = [u for u, _ in op.result.uses if u.op_name != "stream.timepoint.join"]
        if not guarded:
            continue
        dropped = op.operands[-1]
        op.set_operands(list(op.operands[:-1]))
        source = dropped.defining_op
        ops = (op, *guarded) + ((source,) if source is not None else ())
        return Mutation(
            "drop-join-input",
            f"{op.describe()} no longer joins the timepoint of "
            f"{source.describe() if source is not None else 'an argument'}, which guards "
            f"{guarded[0].describe()}",
            ops,
        )
    return None


def _device(affinity: Any) -> str:
    """The device an affinity names (``#hal.device.optimal`` counts as its first, where IREE allocates)."""
    if isinstance(affinity, A.DeviceOptimalAttr):
        affinity = affinity.affinities[0]
    return str(getattr(affinity, "device", affinity))


def unordered_transfer(module: Module, function: str = "main") -> Mutation | None:
    """An execute region that consumes a resource an execute on another device wrote (a transfer's
    flushed copy, or the result it invalidates before reading) no longer waits for that region: its
    await keeps only its own allocas, which await nothing."""
    ops = _main_ops(module, function)
    execs = [op for op in ops if op.op_name == "stream.cmd.execute"]
    for i, consumer in enumerate(execs):
        if consumer.await_timepoint is None:  # type: ignore[attr-defined]
            continue
        used = {id(v) for v in consumer.resource_operands}  # type: ignore[attr-defined]
        producer = next(
            (
                p
                for p in reversed(execs[:i])
                if _device(p.attr("affinity")) != _device(consumer.attr("affinity"))
                and any(id(v) in used for v in p.resource_operands)  # type: ignore[attr-defined]
            ),
            None,
        )
        if producer is None:
            continue
        allocas = []
        for v in consumer.resource_operands:  # type: ignore[attr-defined]
            d = v.defining_op
            if d is not None and d.op_name == "stream.resource.alloca" and d.parent is consumer.parent:
                d.set_operands([d.operands[0]])
                allocas.append(d.results[1])
        resources = list(consumer.resource_operands)  # type: ignore[attr-defined]
        sizes = list(consumer.resource_operand_sizes)  # type: ignore[attr-defined]
        block = consumer.parent
        assert block is not None
        waits: list[Any] = allocas
        if len(allocas) > 1:
            join = create("stream.timepoint.join", allocas, [allocas[0].type])
            block.insert(block.ops.index(consumer), join)
            waits = [join.results[0]]
        consumer.set_operands([*resources, *sizes, *waits[:1]])
        consumer.properties["operandSegmentSizes"] = A.segment_sizes(
            len(resources), len(sizes), len(waits[:1])
        )
        return Mutation(
            "unordered-transfer",
            f"{consumer.describe()} on {_device(consumer.attr('affinity'))} no longer waits for "
            f"{producer.describe()} on {_device(producer.attr('affinity'))}, whose transfer it reads",
            (consumer, producer),
        )
    return None


MUTANTS: dict[str, Callable[[Module, str], Mutation | None]] = {
    "drop-execute-await": drop_execute_await,
    "dealloca-before-last-use": dealloca_before_last_use,
    "conflicting-wave": conflicting_wave,
    "drop-join-input": drop_join_input,
}

# Mutants of multi-device programs only (tests/fixtures/multidevice).
MULTIDEVICE_MUTANTS: dict[str, Callable[[Module, str], Mutation | None]] = {
    "unordered-transfer": unordered_transfer,
}

__all__ = [
    "MULTIDEVICE_MUTANTS",
    "MUTANTS",
    "Mutation",
    "conflicting_wave",
    "dealloca_before_last_use",
    "drop_execute_await",
    "drop_join_input",
    "unordered_transfer",
]
