"""A builder for writing stream programs in Python.

A :class:`Builder` has an insertion point (a block and a position) and creates ops there. Op classes are
created through :func:`create`, so that an op made here is the same object the parser would make.
:class:`ProgramBuilder` adds the pieces of an IREE-style program: a device global, functions, constants,
executables that name a Python kernel for the simulator, and the cmd-form stream ops (allocation,
timepoints, ``stream.cmd.execute`` with ``stream.cmd.concurrent`` waves, dispatches, fills and copies).

Examples
--------
>>> from ir import types as T
>>> pb = ProgramBuilder()
>>> pb.kernel_executable("add", kernel="add", num_bindings=3)
<stream.executable>
>>> f = pb.function("main", [T.index], [])
>>> size = pb.index(64)
>>> buf, ready = pb.alloca(size, lifetime="transient")
>>> with pb.execute([buf], [size], await_=ready) as (b,):
...     _ = pb.fill(b, size, 0, 64, pb.constant(0, T.i32))
>>> pb.returns()
<util.return>
>>> from ir.verifier import verify
>>> verify(pb.module)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ir import attributes as A
from ir import types as T
from ir.core import Block, Operation, Region, SourceLocation, Value, trusted_operation
from ir.errors import BuildError, IRError
from ir.module import Module
from ir.opdef import lookup_op_class

# The attribute on a stream.executable.export that names a Python kernel registered in the simulator.
KERNEL_ATTR = "streamsim.kernel"
DEVICE = "__device_0"


def create(
    op_name: str,
    operands: Sequence[Value] = (),
    result_types: Sequence[T.Type] = (),
    properties: dict[str, A.Attribute] | None = None,
    attributes: dict[str, A.Attribute] | None = None,
    regions: Sequence[Region] = (),
    successors: Sequence[Block] = (),
) -> Operation:
    """Make an op by name: an instance of its class when it has one, a generic op otherwise."""
    # (positionally: Operation.__init__'s parameters, in its order; keyword arguments cost a few thousand
    # instructions a call more, and the scheduler makes ops by the tens of thousands)
    return (lookup_op_class(op_name) or Operation)(
        op_name, operands, result_types, properties, attributes, regions, successors
    )


def trusted_create(
    op_name: str,
    operands: list[Value],
    result_types: Sequence[T.Type],
    properties: dict[str, A.Attribute],
    location: SourceLocation | None,
) -> Operation:
    """:func:`create` at ``location`` through :func:`ir.core.trusted_operation`: for a caller that made
    every argument itself (the op keeps ``operands`` and ``properties``, nothing is checked)."""
    return trusted_operation(
        lookup_op_class(op_name) or Operation, op_name, operands, result_types, properties, location
    )


def clone_op(op: Operation) -> Operation:
    """A detached copy of a region-less ``op``: the same operands, result types, properties, attributes and
    location (the scheduling passes clone producers into their consumers' regions with it)."""
    new = create(
        op.op_name,
        list(op.operands),
        [r.type for r in op.results],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
    )
    new.location = op.location
    return new


def rebuild_op(
    op: Operation,
    operands: Sequence[Value],
    result_types: Sequence[T.Type],
    *,
    properties: dict[str, A.Attribute] | None = None,
    attributes: dict[str, A.Attribute] | None = None,
    location: SourceLocation | None = None,
    before: Operation | None = None,
) -> Operation:
    """A new op of ``op``'s kind with other operands and result types that takes over ``op``'s regions,
    inserted before ``before`` (default: ``op``). Properties, attributes and location are ``op``'s unless
    given. ``op`` is left without regions; the caller moves its uses and erases it (the scheduling passes
    use this to add or drop the values an ``scf``/execute op carries)."""
    regions = list(op.regions)
    for region in regions:
        region.parent = None
    op.regions = []
    new = create(
        op.op_name,
        operands,
        result_types,
        properties=dict(op.properties) if properties is None else properties,
        attributes=dict(op.attributes) if attributes is None else attributes,
        regions=regions,
    )
    new.location = op.location if location is None else location
    Builder.before(before if before is not None else op).insert(new)
    return new


class Builder:
    """Creates ops at an insertion point: the end of a block, or before a given op."""

    def __init__(self, block: Block | None = None, index: int | None = None) -> None:
        self.block = block
        self.position = index
        # Given to every op inserted without a location of its own (rewrites keep the source's place).
        self.location: SourceLocation | None = None

    @classmethod
    def before(cls, op: Operation) -> Builder:
        if op.parent is None:
            raise BuildError(f"{op.op_name} is not in a block")
        return cls(op.parent, op.parent.ops.index(op))

    @classmethod
    def after(cls, op: Operation) -> Builder:
        if op.parent is None:
            raise BuildError(f"{op.op_name} is not in a block")
        return cls(op.parent, op.parent.ops.index(op) + 1)

    @contextmanager
    def at_end(self, block: Block) -> Iterator[Block]:
        """Temporarily insert at the end of ``block``."""
        saved = (self.block, self.position)
        self.block, self.position = block, None
        try:
            yield block
        finally:
            self.block, self.position = saved

    @contextmanager
    def batched(self) -> Iterator[Builder]:
        """Ops created in the ``with`` body land at the insertion point together when it ends (in
        order, as if inserted one by one): inserting before an op moves every op after it, once per op
        without this. Inside, the ops are in a detached block; do not look them up in the real one."""
        block, position = self.block, self.position
        if block is None or position is None:
            yield self
            return
        staging = Block()
        self.block, self.position = staging, None
        try:
            yield self
        finally:
            ops, staging.ops = staging.ops, []
            for op in ops:
                op.parent = None
            self.block, self.position = block, position
            block.insert_many(position, ops)
            self.position = position + len(ops)

    def insert(self, op: Operation) -> Operation:
        if self.block is None:
            raise BuildError(f"no insertion point for {op.op_name}")
        if op.location is None:
            op.location = self.location
        if self.position is None:
            self.block.append(op)
        else:
            self.block.insert(self.position, op)
            self.position += 1
        return op

    def insert_all(self, ops: Sequence[Operation]) -> None:
        """:meth:`insert` of each of ``ops`` in order, the block's list changed once (the ops come with
        their locations)."""
        if self.block is None:
            raise BuildError("no insertion point")
        if self.position is None:
            block = self.block
            for op in ops:  # (Block.append of each, written out: a parameter load's thousands of keys)
                if op.parent is not None:
                    raise IRError(f"{op.op_name} already belongs to a block")
                op.parent = block
            block.ops += ops
        else:
            self.block.insert_many(self.position, ops)
            self.position += len(ops)

    def create(
        self,
        op_name: str,
        operands: Sequence[Value] = (),
        result_types: Sequence[T.Type] = (),
        *,
        properties: dict[str, A.Attribute] | None = None,
        attributes: dict[str, A.Attribute] | None = None,
        regions: Sequence[Region] = (),
        successors: Sequence[Block] = (),
    ) -> Operation:
        return self.insert(create(op_name, operands, result_types, properties, attributes, regions, successors))

    # --- constants -------------------------------------------------------------------------------------

    def constant(self, value: int | float | bool, type: T.Type) -> Value:
        """``arith.constant``: an integer, index or float scalar."""
        attr: A.Attribute
        if isinstance(type, T.FloatType):
            attr = A.FloatAttr(float(value), type)
        elif isinstance(type, T.IntegerType | T.IndexType):
            attr = A.IntegerAttr(int(value), type)
        else:
            raise BuildError(f"arith.constant of type {type} is not supported by the builder")
        return self.create("arith.constant", (), [type], properties={"value": attr}).result

    def index(self, value: int) -> Value:
        return self.constant(value, T.index)


class ProgramBuilder(Builder):
    """Builds a module in IREE's stream (cmd) form: globals, functions, executables and stream ops."""

    def __init__(self, device: str = DEVICE) -> None:
        self.module = Module()
        super().__init__(self.module.body)
        self.device = device
        self.affinity = A.DeviceAffinityAttr(A.SymbolRefAttr(device))
        self.module.op.attributes["stream.affinity.default"] = self.affinity
        self.create(
            "util.global",
            properties={
                "sym_name": A.StringAttr(device),
                "sym_visibility": A.StringAttr("private"),
                "type": A.TypeAttr(T.HalType("device")),
            },
        )
        self._function: Operation | None = None

    def constant(self, value: int | float | bool, type: T.Type) -> Value:
        """``arith.constant``, hoisted out of execution regions (IREE allows only stream ops inside)."""
        block = self.block
        anchor: Operation | None = None
        while (
            block is not None
            and block.parent_op is not None
            and block.parent_op.op_name.startswith("stream.cmd.")
        ):
            anchor = block.parent_op
            block = anchor.parent
        if anchor is None:
            return super().constant(value, type)
        saved = (self.block, self.position)
        assert anchor.parent is not None
        self.block, self.position = anchor.parent, anchor.parent.ops.index(anchor)
        try:
            return super().constant(value, type)
        finally:
            self.block, self.position = saved

    # --- module-level pieces -----------------------------------------------------------------------

    def kernel_executable(
        self, name: str, *, kernel: str, num_bindings: int, num_uniforms: int = 0
    ) -> Operation:
        """A ``stream.executable`` whose export names a Python kernel registered with the simulator."""
        body = Block()
        export = create(
            "stream.executable.export",
            properties={
                "function_ref": A.SymbolRefAttr(name),
                "sym_name": A.StringAttr(name),
                "sym_visibility": A.StringAttr("public"),
            },
            attributes={KERNEL_ATTR: A.StringAttr(kernel)},
            regions=[Region([Block()])],
        )
        body.append(export)
        fn_type = T.FunctionType(tuple([T.BindingType()] * num_bindings + [T.i32] * num_uniforms), ())
        inner = Block()
        func_body = Block([*[T.BindingType()] * num_bindings, *[T.i32] * num_uniforms])
        func_body.append(create("func.return"))
        inner.append(
            create(
                "func.func",
                properties={"function_type": A.TypeAttr(fn_type), "sym_name": A.StringAttr(name)},
                regions=[Region([func_body])],
            )
        )
        body.append(create("builtin.module", regions=[Region([inner])]))
        body.append(create("stream.executable.end"))
        exe = create(
            "stream.executable",
            properties={"sym_name": A.StringAttr(name), "sym_visibility": A.StringAttr("private")},
            regions=[Region([body])],
        )
        with self.at_end(self.module.body):
            return self.insert(exe)

    def add_device(self, name: str) -> A.DeviceAffinityAttr:
        """A further ``!hal.device`` global ``@name`` after the existing ones (devices map to a machine's
        in module order); returns its affinity, to assign to ``self.affinity``."""
        body = self.module.body
        last = max(
            i
            for i, op in enumerate(body.ops)
            if op.op_name == "util.global" and op.attr("type") == A.TypeAttr(T.HalType("device"))
        )
        with self.at_end(body):
            self.position = last + 1
            self.create(
                "util.global",
                properties={
                    "sym_name": A.StringAttr(name),
                    "sym_visibility": A.StringAttr("private"),
                    "type": A.TypeAttr(T.HalType("device")),
                },
            )
        return A.DeviceAffinityAttr(A.SymbolRefAttr(name))

    def function(self, name: str, inputs: Sequence[T.Type], results: Sequence[T.Type]) -> Operation:
        """A public ``util.func``; the builder then inserts into its body. Its arguments are ``.body.args``."""
        fn = create(
            "util.func",
            properties={
                "function_type": A.TypeAttr(T.FunctionType(tuple(inputs), tuple(results))),
                "sym_name": A.StringAttr(name),
                "sym_visibility": A.StringAttr("public"),
            },
            regions=[Region([Block(inputs)])],
        )
        self.module.body.append(fn)
        self.block, self.position = fn.body, None
        self._function = fn
        return fn

    def returns(self, *values: Value) -> Operation:
        return self.create("util.return", values)

    # --- resources and timepoints ----------------------------------------------------------------

    def alloca(
        self, size: Value, *, lifetime: str = "transient", await_: Value | None = None
    ) -> tuple[Value, Value]:
        """``stream.resource.alloca``: a resource of ``size`` bytes and the timepoint when it is ready."""
        operands = [size] + ([await_] if await_ is not None else [])
        op = self.create(
            "stream.resource.alloca",
            operands,
            [T.ResourceType(lifetime), T.timepoint],
            properties={"affinity": self.affinity},
        )
        return op.results[0], op.results[1]

    def dealloca(self, resource: Value, size: Value, *, await_: Value | None = None) -> Value:
        operands = [resource, size] + ([await_] if await_ is not None else [])
        op = self.create(
            "stream.resource.dealloca", operands, [T.timepoint], properties={"affinity": self.affinity}
        )
        return op.result

    def join(self, *timepoints: Value) -> Value:
        return self.create("stream.timepoint.join", timepoints, [T.timepoint]).result

    def await_(
        self, timepoint: Value, resources: Sequence[Value] = (), sizes: Sequence[Value] = ()
    ) -> list[Value]:
        """``stream.timepoint.await``: the host waits; returns the resources, now safe to use."""
        op = self.create(
            "stream.timepoint.await",
            [*resources, *sizes, timepoint],
            [r.type for r in resources],
            properties={"operandSegmentSizes": A.segment_sizes(len(resources), len(sizes), 1)},
        )
        return list(op.results)

    # --- cmd form ----------------------------------------------------------------------------------

    @contextmanager
    def execute(
        self, resources: Sequence[Value], sizes: Sequence[Value], *, await_: Value | None = None
    ) -> Iterator[tuple[Value, ...]]:
        """``stream.cmd.execute``: yields the region's block arguments (one per resource).

        The result timepoint is ``self.last_timepoint`` after the block ends.
        """
        if len(resources) != len(sizes):
            raise BuildError(f"stream.cmd.execute: {len(resources)} resources but {len(sizes)} sizes")
        block = Block([r.type for r in resources])
        operands = [*resources, *sizes] + ([await_] if await_ is not None else [])
        op = self.create(
            "stream.cmd.execute",
            operands,
            [T.timepoint],
            properties={
                "affinity": self.affinity,
                "operandSegmentSizes": A.segment_sizes(
                    len(resources), len(sizes), 1 if await_ is not None else 0
                ),
            },
            regions=[Region([block])],
        )
        with self.at_end(block):
            yield tuple(block.args)
            self.create("stream.yield")
        self.last_timepoint = op.result

    @contextmanager
    def concurrent(self) -> Iterator[None]:
        """``stream.cmd.concurrent``: a wave of commands with no barriers between them.

        As in IREE 3.x, the wave has no operands: its commands use the enclosing execute's block arguments.
        """
        block = Block()
        self.create("stream.cmd.concurrent", [], [], regions=[Region([block])])
        with self.at_end(block):
            yield
            self.create("stream.yield")

    def _idx(self, v: Value | int) -> Value:
        return v if isinstance(v, Value) else self.index(v)

    def dispatch(
        self,
        executable: str,
        bindings: Sequence[tuple[Value, Value | int, Value | int, Value | int, str]],
        *,
        workload: Sequence[Value] = (),
        uniforms: Sequence[Value] = (),
    ) -> Operation:
        """``stream.cmd.dispatch`` of ``@executable::@executable``.

        ``bindings`` are ``(resource, resource_size, offset, length, access)`` with access ``"ro"``, ``"wo"``
        or ``"rw"``.
        """
        access_bits = {"ro": 1, "wo": 2, "rw": 3}
        try:
            accesses = [access_bits[b[4]] for b in bindings]
        except KeyError as exc:
            raise BuildError(f"binding access must be 'ro', 'wo' or 'rw', got {exc.args[0]!r}") from None
        resources = [b[0] for b in bindings]
        sizes = [self._idx(b[1]) for b in bindings]
        offsets = [self._idx(b[2]) for b in bindings]
        lengths = [self._idx(b[3]) for b in bindings]
        n = len(bindings)
        return self.create(
            "stream.cmd.dispatch",
            [*workload, *uniforms, *resources, *sizes, *offsets, *lengths],
            [],
            properties={
                "entry_points": A.ArrayAttr((A.SymbolRefAttr(executable, (executable,)),)),
                "operandSegmentSizes": A.segment_sizes(len(workload), len(uniforms), n, n, n, n),
                "resource_accesses": A.ArrayAttr(tuple(A.i32_attr(a) for a in accesses)),
            },
        )

    def fill(
        self, target: Value, size: Value | int, offset: Value | int, length: Value | int, value: Value
    ) -> Operation:
        """``stream.cmd.fill`` of ``length`` bytes at ``offset`` with a repeated i8/i16/i32 pattern."""
        return self.create(
            "stream.cmd.fill", [target, self._idx(size), self._idx(offset), self._idx(length), value], []
        )

    def copy(
        self,
        source: Value,
        source_size: Value | int,
        source_offset: Value | int,
        target: Value,
        target_size: Value | int,
        target_offset: Value | int,
        length: Value | int,
    ) -> Operation:
        return self.create(
            "stream.cmd.copy",
            [
                source,
                self._idx(source_size),
                self._idx(source_offset),
                target,
                self._idx(target_size),
                self._idx(target_offset),
                self._idx(length),
            ],
            [],
        )

    # --- channels and collectives -------------------------------------------------------------

    def channel_create(
        self, *, rank: Value | int | None = None, count: Value | int | None = None, group: str | None = None
    ) -> Value:
        """``stream.channel.create`` on ``self.affinity``: rank ``rank`` of ``count`` in ``group`` (both
        omitted: the environment's)."""
        if (rank is None) != (count is None):
            raise BuildError("stream.channel.create: give both rank and count, or neither")
        operands = [] if rank is None or count is None else [self._idx(rank), self._idx(count)]
        props: dict[str, A.Attribute] = {
            "affinity": self.affinity,
            "operandSegmentSizes": A.segment_sizes(0, len(operands) // 2, len(operands) // 2),
        }
        if group is not None:
            props["group"] = A.StringAttr(group)
        return self.create("stream.channel.create", operands, [T.ChannelType()], properties=props).result

    def channel_split(self, channel: Value, color: Value | int, key: Value | int) -> Value:
        return self.create(
            "stream.channel.split", [channel, self._idx(color), self._idx(key)], [T.ChannelType()]
        ).result

    def channel_rank(self, channel: Value) -> Value:
        return self.create("stream.channel.rank", [channel], [T.index]).result

    def channel_count(self, channel: Value) -> Value:
        return self.create("stream.channel.count", [channel], [T.index]).result

    def collective(
        self,
        kind: str,
        element_type: str,
        element_count: Value | int,
        channel: Value,
        ranges: Sequence[tuple[Value, Value | int, Value | int, Value | int, str]],
        *,
        reduction: str | None = None,
        param: Value | int | None = None,
    ) -> Operation:
        """``stream.cmd.collective<kind [with reduction] : element_type>``, inside an execute region.

        ``ranges`` are ``(resource, resource_size, offset, length, access)``: ``"ro"`` for what the rank
        sends, ``"wo"`` for what it receives (send and recv take one range, the other kinds two). ``param``
        is the root (broadcast, reduce), the peer (send, recv) or the packed peers (send_recv), an i32.
        """
        from ir.dialects.stream_attrs import CollectiveAttr
        from ir.enums import CollectiveElementType, CollectiveKind, CollectiveReductionOp

        op_attr = CollectiveAttr(
            CollectiveKind.parse(kind),  # type: ignore[arg-type]
            CollectiveReductionOp.parse(reduction) if reduction is not None else None,  # type: ignore[arg-type]
            CollectiveElementType.parse(element_type),  # type: ignore[arg-type]
        )
        bits = {"ro": 1, "wo": 2, "rw": 3}
        params = [] if param is None else [param if isinstance(param, Value) else self.constant(param, T.i32)]
        n = len(ranges)
        return self.create(
            "stream.cmd.collective",
            [
                channel,
                self._idx(element_count),
                *params,
                *(r[0] for r in ranges),
                *(self._idx(r[1]) for r in ranges),
                *(self._idx(r[2]) for r in ranges),
                *(self._idx(r[3]) for r in ranges),
            ],
            [],
            properties={
                "op": op_attr,
                "operandSegmentSizes": A.segment_sizes(1, 1, len(params), n, n, n, n),
                "resource_accesses": A.ArrayAttr(tuple(A.i32_attr(bits[r[4]]) for r in ranges)),
            },
        )

    # --- host boundary ---------------------------------------------------------------------------

    def import_tensor(self, buffer_view: Value, tensor: T.TensorType, size: Value | int) -> Value:
        """``stream.tensor.import`` of a ``!hal.buffer_view`` argument as an external resource."""
        op = self.create(
            "stream.tensor.import",
            [buffer_view, self._idx(size)],
            [T.ResourceType("external")],
            properties={"affinity": self.affinity, "result_encoding": A.TypeAttr(tensor)},
        )
        return op.result

    def export_tensor(self, resource: Value, tensor: T.TensorType, size: Value | int) -> Value:
        op = self.create(
            "stream.tensor.export",
            [resource, self._idx(size)],
            [T.HalType("buffer_view")],
            properties={"affinity": self.affinity, "source_encoding": A.TypeAttr(tensor)},
        )
        return op.result
