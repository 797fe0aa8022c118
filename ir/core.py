"""Values, operations, blocks and regions.

These compare by identity, unlike types and attributes. A value carries its type, an optional name hint
(the printer numbers values, the hint is only kept for builders and debugging) and its uses. An operation
holds operands, results, two attribute dictionaries (``properties``, printed as ``<{...}>`` in generic
form, and discardable ``attributes``, printed as ``{...}``), regions and successors. It prints with the op
name it was read or built with (``op_name``).

Ops of the stream, hal and io_parameters dialects have classes (see :mod:`ir.opdef`); every other op is a
plain :class:`Operation` that keeps everything it was given.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ir.errors import IRError

if TYPE_CHECKING:
    from ir.attributes import Attribute
    from ir.types import Type


@dataclass(frozen=True, slots=True)
class SourceLocation:
    """Where an op was read from: ``file:line:col`` (1-based)."""

    filename: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.col}"


_new_object = object.__new__
_set_filename = SourceLocation.filename.__set__  # type: ignore[attr-defined,misc]
_set_line = SourceLocation.line.__set__  # type: ignore[attr-defined,misc]
_set_col = SourceLocation.col.__set__  # type: ignore[attr-defined,misc]


def source_location(filename: str, line: int, col: int) -> SourceLocation:
    """``SourceLocation(filename, line, col)`` made with its slots' setters: the frozen dataclass's
    ``__init__`` sets each field through ``object.__setattr__``, and the parser makes one per op."""
    location = _new_object(SourceLocation)
    _set_filename(location, filename)
    _set_line(location, line)
    _set_col(location, col)
    return location


class _Empty(list):  # type: ignore[type-arg]
    """The empty list every op without operands, results, regions or successors shares (a list each was 56
    bytes an op). Nothing adds to those lists in place but :meth:`Operation.add_region` and
    :meth:`Operation._append_operand`, which first give the op a list of its own; any other change raises
    (clearing, which leaves it as it is, is allowed)."""

    __slots__ = ()

    def _shared(self, *args: object, **kwargs: object) -> None:
        raise IRError("an op's shared empty list (no results, regions or successors) cannot change in place")

    append = extend = insert = pop = remove = sort = reverse = __setitem__ = __delitem__ = _shared
    __iadd__ = __imul__ = _shared  # type: ignore[assignment]

    def clear(self) -> None:
        return None


_EMPTY: list = _Empty()  # type: ignore[type-arg]


class Value:
    """An SSA value: the result of an op or the argument of a block."""

    __slots__ = ("name_hint", "type", "uses")

    def __init__(self, type: Type, name_hint: str | None = None) -> None:
        self.type = type
        self.name_hint = name_hint
        self.uses: list[tuple[Operation, int]] = []

    @property
    def owner(self) -> Operation | Block:  # pragma: no cover - subclasses override
        raise NotImplementedError

    @property
    def defining_op(self) -> Operation | None:
        return None

    def replace_all_uses_with(self, other: Value) -> None:
        uses = self.uses
        if len(uses) == 1:  # most values: Operation.set_operand of the one use, written out
            op, i = use = uses[0]
            uses.clear()
            other.uses.append(use)
            op._operands[i] = other
            return
        for op, i in list(uses):
            op.set_operand(i, other)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name_hint or ''}: {self.type}>"


class OpResult(Value):
    __slots__ = ("index", "op")

    def __init__(self, type: Type, op: Operation, index: int, name_hint: str | None = None) -> None:
        # Value.__init__ written out: a large module makes hundreds of thousands of results.
        self.type = type
        self.name_hint = name_hint
        self.uses: list[tuple[Operation, int]] = []
        self.op = op
        self.index = index

    @property
    def owner(self) -> Operation:
        return self.op

    @property
    def defining_op(self) -> Operation:
        return self.op


class BlockArgument(Value):
    __slots__ = ("block", "index")

    def __init__(self, type: Type, block: Block, index: int, name_hint: str | None = None) -> None:
        # Value.__init__ written out (as OpResult's): an execution region's block takes an argument per
        # captured resource and slab, thousands of them.
        self.type = type
        self.name_hint = name_hint
        self.uses: list[tuple[Operation, int]] = []
        self.block = block
        self.index = index

    @property
    def owner(self) -> Block:
        return self.block


class Operation:
    """An operation. Subclasses (op classes) set ``name`` and declare their fields with :mod:`ir.opdef`."""

    name: ClassVar[str] = ""
    # Ops whose regions cannot see values defined outside them (functions, modules, executables).
    isolated_from_above: ClassVar[bool] = False

    __slots__ = (
        "_operands",
        "attributes",
        "debug_loc",
        "location",
        "op_name",
        "parent",
        "properties",
        "regions",
        "results",
        "successors",
    )

    def __init__(
        self,
        op_name: str | None = None,
        operands: Sequence[Value] = (),
        result_types: Sequence[Type] = (),
        properties: dict[str, Attribute] | None = None,
        attributes: dict[str, Attribute] | None = None,
        regions: Sequence[Region] = (),
        successors: Sequence[Block] = (),
        location: SourceLocation | None = None,
    ) -> None:
        self.op_name = op_name or self.name
        if not self.op_name:
            raise IRError("an operation needs a name")
        # _append_operand for each operand, written out (every op made passes here).
        if operands:
            self._operands: list[Value] = []
            append = self._operands.append
            for i, v in enumerate(operands):
                if not isinstance(v, Value):
                    raise IRError(f"{self.op_name}: operand {i} is not a Value: {v!r}")
                v.uses.append((self, i))
                append(v)
        else:
            self._operands = _EMPTY
        self.results: list[OpResult] = (
            [OpResult(t, self, i) for i, t in enumerate(result_types)] if result_types else _EMPTY
        )
        self.properties: dict[str, Attribute] = dict(properties) if properties else {}
        self.attributes: dict[str, Attribute] = dict(attributes) if attributes else {}
        self.regions: list[Region] = _EMPTY
        for r in regions:
            self.add_region(r)
        self.successors: list[Block] = list(successors) if successors else _EMPTY
        self.parent: Block | None = None
        self.location = location
        self.debug_loc: str | None = None  # a trailing `loc(...)` kept verbatim

    # --- operands -----------------------------------------------------------------------------------

    def _append_operand(self, v: Value) -> None:
        if not isinstance(v, Value):
            raise IRError(f"{self.op_name}: operand {len(self._operands)} is not a Value: {v!r}")
        v.uses.append((self, len(self._operands)))
        if self._operands:
            self._operands.append(v)
        else:
            self._operands = [v]  # (the op's own list, in place of the shared empty one)

    @property
    def operands(self) -> tuple[Value, ...]:
        return tuple(self._operands)

    def set_operand(self, i: int, v: Value) -> None:
        old = self._operands[i]
        old.uses.remove((self, i))
        v.uses.append((self, i))
        self._operands[i] = v

    def set_operands(self, operands: Sequence[Value]) -> None:
        self.drop_operands()
        for v in operands:
            self._append_operand(v)

    def drop_operands(self) -> None:
        for i, v in enumerate(self._operands):
            v.uses.remove((self, i))
        self._operands = _EMPTY

    # --- results --------------------------------------------------------------------------------------

    @property
    def result(self) -> OpResult:
        if len(self.results) != 1:
            raise IRError(f"{self.op_name} has {len(self.results)} results, not one")
        return self.results[0]

    # --- attributes -----------------------------------------------------------------------------------

    def attr(self, key: str) -> Attribute | None:
        """An inherent or discardable attribute by name (properties first, as MLIR looks them up)."""
        found = self.properties.get(key)
        return found if found is not None else self.attributes.get(key)

    # --- regions --------------------------------------------------------------------------------------

    def add_region(self, region: Region | None = None) -> Region:
        region = region if region is not None else Region()
        if region.parent is not None:
            raise IRError(f"{self.op_name}: region already belongs to {region.parent.op_name}")
        region.parent = self
        if not self.regions:
            self.regions = [region]  # (the op's own list, in place of the shared empty one)
        else:
            self.regions.append(region)
        return region

    @property
    def body(self) -> Block:
        """The single block of the first region (modules, functions, execute regions)."""
        if not self.regions or not self.regions[0].blocks:
            raise IRError(f"{self.op_name} has no body block")
        return self.regions[0].blocks[0]

    # --- structure ------------------------------------------------------------------------------------

    @property
    def parent_op(self) -> Operation | None:
        block = self.parent
        if block is None or block.parent is None:
            return None
        return block.parent.parent

    def ancestors(self) -> Iterator[Operation]:
        op = self.parent_op
        while op is not None:
            yield op
            op = op.parent_op

    def is_inside(self, region: Region) -> bool:
        """Whether this op is nested, at any depth, in ``region``."""
        op: Operation | None = self
        while op is not None:
            block = op.parent
            if block is not None and block.parent is region:
                return True
            op = op.parent_op
        return False

    def walk(self) -> Iterator[Operation]:
        """This op and every op nested in it, in pre-order."""
        stack: list[Operation] = [self]
        while stack:
            op = stack.pop()
            yield op
            for region in reversed(op.regions):
                for block in reversed(region.blocks):
                    stack.extend(reversed(block.ops))

    def walk_list(self) -> list[Operation]:
        """:meth:`walk` as a list: the same ops in the same pre-order, gathered at once (no generator resume
        per op; for scans of a whole module or function that do not change its structure on the way)."""
        out: list[Operation] = [self]
        if self.regions:
            _walk_into(self, out)
        return out

    def erase(self) -> None:
        """Detach from the parent block and drop operand uses. Results must be unused."""
        for r in self.results:
            if r.uses:
                users = ", ".join(sorted({u.op_name for u, _ in r.uses}))
                raise IRError(f"cannot erase {self.op_name}: result {r.index} still used by {users}")
        self.drop_operands()
        for op in list(self.walk())[1:]:
            op.drop_operands()
        if self.parent is not None:
            self.parent.ops.remove(self)
            self.parent = None

    def __repr__(self) -> str:
        where = f" at {self.location}" if self.location else ""
        return f"<{self.op_name}{where}>"

    def describe(self) -> str:
        """``op name at file:line:col``, for messages."""
        return f"{self.op_name} at {self.location}" if self.location else self.op_name


_operation_init = Operation.__init__


def parsed_operation(
    cls: type[Operation],
    op_name: str,
    operands: list[Value],
    result_types: Sequence[Type],
    properties: dict[str, Attribute],
    attributes: dict[str, Attribute],
    regions: list[Region],
    successors: list[Block],
    location: SourceLocation | None,
) -> Operation:
    """``cls(op_name, operands, ...)`` for the parser, which made every argument itself: a non-empty name,
    operands that are Values, regions in no op yet. The op keeps the lists ``operands``, ``regions`` and
    ``successors`` (the parser makes them for it), and the checks :meth:`Operation.__init__` makes of what
    any caller may pass are skipped (an operand that is not a Value, a region of another op); the
    dictionaries are copied as it copies them (the parser's caches share them between ops). An op class
    with an ``__init__`` of its own is made by it."""
    if cls.__init__ is not _operation_init:
        return cls(op_name, operands, result_types, properties, attributes, regions, successors, location)
    op = _new_object(cls)
    op.op_name = op_name
    if operands:
        for i, v in enumerate(operands):
            v.uses.append((op, i))
        op._operands = operands
    else:
        op._operands = _EMPTY
    op.results = [OpResult(t, op, i) for i, t in enumerate(result_types)] if result_types else _EMPTY
    op.properties = dict(properties) if properties else {}
    op.attributes = dict(attributes) if attributes else {}
    if regions:
        for r in regions:
            r.parent = op
        op.regions = regions
    else:
        op.regions = _EMPTY
    op.successors = successors if successors else _EMPTY
    op.parent = None
    op.location = location
    op.debug_loc = None
    return op


def trusted_operation(
    cls: type[Operation],
    op_name: str,
    operands: list[Value],
    result_types: Sequence[Type],
    properties: dict[str, Attribute],
    location: SourceLocation | None,
    regions: list[Region] = _EMPTY,
) -> Operation:
    """``cls(op_name, operands, result_types, properties, None, regions)`` at ``location``, for a caller
    that made every argument itself (the scheduler's lowering of ops the verifier accepted into their cmd
    form): a non-empty name, operands that are Values, new regions. Without successors or discardable
    attributes. The op keeps the lists ``operands`` and ``regions`` and the dictionary ``properties`` (none
    is copied: the caller made them for it), and :meth:`Operation.__init__`'s checks of what any caller may
    pass are skipped (tests/ir compare the two). An op class with an ``__init__`` of its own is made by
    it."""
    if cls.__init__ is not _operation_init:
        made = cls(op_name, operands, result_types, properties, None, regions)
        made.location = location
        return made
    op = parsed_operation(cls, op_name, operands, result_types, {}, {}, regions, _EMPTY, location)
    op.properties = properties  # (the caller's dictionary, not a copy)
    return op


def _walk_into(op: Operation, out: list[Operation]) -> None:
    """Append the ops nested in ``op`` to ``out`` in pre-order (each op, then what it holds)."""
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                out.append(inner)
                if inner.regions:
                    _walk_into(inner, out)


class Block:
    __slots__ = ("args", "ops", "parent")

    def __init__(self, arg_types: Iterable[Type] = (), ops: Iterable[Operation] = ()) -> None:
        self.args: list[BlockArgument] = [BlockArgument(t, self, i) for i, t in enumerate(arg_types)]
        self.ops: list[Operation] = []
        self.parent: Region | None = None
        for op in ops:
            self.append(op)

    def add_arg(self, type: Type, name_hint: str | None = None) -> BlockArgument:
        arg = BlockArgument(type, self, len(self.args), name_hint)
        self.args.append(arg)
        return arg

    def append(self, op: Operation) -> Operation:
        self._adopt(op)
        self.ops.append(op)
        return op

    def insert(self, index: int, op: Operation) -> Operation:
        self._adopt(op)
        self.ops.insert(index, op)
        return op

    def insert_many(self, index: int, ops: Sequence[Operation]) -> None:
        """Insert ``ops`` in order at ``index``: one move of the ops after it, not one per op."""
        for op in ops:
            self._adopt(op)
        self.ops[index:index] = ops

    def _adopt(self, op: Operation) -> None:
        if op.parent is not None:
            raise IRError(f"{op.op_name} already belongs to a block")
        op.parent = self

    @property
    def parent_op(self) -> Operation | None:
        return self.parent.parent if self.parent is not None else None

    @property
    def terminator(self) -> Operation | None:
        return self.ops[-1] if self.ops else None

    def __repr__(self) -> str:
        return f"<Block args={len(self.args)} ops={len(self.ops)}>"


class Region:
    __slots__ = ("blocks", "parent")

    def __init__(self, blocks: Iterable[Block] = ()) -> None:
        self.blocks: list[Block] = []
        self.parent: Operation | None = None
        for b in blocks:
            self.add_block(b)

    def add_block(self, block: Block | None = None) -> Block:
        block = block if block is not None else Block()
        if block.parent is not None:
            raise IRError("block already belongs to a region")
        block.parent = self
        self.blocks.append(block)
        return block

    @property
    def block(self) -> Block:
        if len(self.blocks) != 1:
            raise IRError(f"region has {len(self.blocks)} blocks, not one")
        return self.blocks[0]

    def __repr__(self) -> str:
        return f"<Region blocks={len(self.blocks)}>"
