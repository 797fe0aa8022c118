"""Op classes: typed fields, the registry of op names, and IREE's renamed ops.

An op class names its MLIR op and declares its operands, results, attributes and regions as fields, in
the order the dialect documents them::

    class CmdFillOp(Operation):
        name = "stream.cmd.fill"
        value = operand(IntegerType | FloatType)
        target = operand(ResourceType)
        target_size = operand(IndexType)
        target_offset = operand(IndexType)
        target_length = operand(IndexType)
        affinity = opt_attribute()

Each field becomes a read-only property: a single operand gives a ``Value``, an optional one
``Value | None``, a variadic one a ``list[Value]``; attributes give the ``Attribute`` or ``None``. When an op
has more than one variadic or optional operand group, the groups are delimited by the
``operandSegmentSizes`` property, as MLIR's AttrSizedOperandSegments trait does (results likewise with
``resultSegmentSizes``).

Classes register by name (:func:`register_ops`); registering a name twice raises. IREE 3.x renamed some
ops of the seed documents (``stream.parameter.load`` is now ``stream.cmd.parameter.load``); the alias
table maps the new names to the same classes, and an op prints with the spelling it was read with.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ir.attributes import Attribute, DenseArrayAttr
from ir.core import Operation, Value
from ir.errors import IRError

SINGLE, OPTIONAL, VARIADIC = "single", "optional", "variadic"


@dataclass(frozen=True)
class OperandDef:
    kind: str = SINGLE
    constraint: Any = None  # a Type class or union of classes; None accepts any type


@dataclass(frozen=True)
class ResultDef:
    kind: str = SINGLE
    constraint: Any = None


@dataclass(frozen=True)
class AttrDef:
    required: bool = True
    constraint: Any = None  # an Attribute class or union; None accepts any attribute


@dataclass(frozen=True)
class RegionDef:
    variadic: bool = False  # MLIR's VariadicRegion: zero or more regions, declared last


def operand(constraint: Any = None) -> Any:
    return OperandDef(SINGLE, constraint)


def opt_operand(constraint: Any = None) -> Any:
    return OperandDef(OPTIONAL, constraint)


def var_operand(constraint: Any = None) -> Any:
    return OperandDef(VARIADIC, constraint)


def result(constraint: Any = None) -> Any:
    return ResultDef(SINGLE, constraint)


def opt_result(constraint: Any = None) -> Any:
    return ResultDef(OPTIONAL, constraint)


def var_result(constraint: Any = None) -> Any:
    return ResultDef(VARIADIC, constraint)


def attribute(constraint: Any = None) -> Any:
    return AttrDef(True, constraint)


def opt_attribute(constraint: Any = None) -> Any:
    return AttrDef(False, constraint)


def region() -> Any:
    return RegionDef()


def var_region() -> Any:
    """Zero or more regions (MLIR's ``VariadicRegion``); only the last region field may be variadic."""
    return RegionDef(True)


class OpSpec:
    """The declared fields of an op class, in declaration order."""

    def __init__(self) -> None:
        self.operands: list[tuple[str, OperandDef]] = []
        self.results: list[tuple[str, ResultDef]] = []
        self.attrs: list[tuple[str, AttrDef]] = []
        self.regions: list[str] = []
        self.variadic_region = False  # the last region field takes every remaining region
        # MLIR's SameVariadicOperandSize/SameVariadicResultSize: no segment attribute; the variadic groups
        # are all the same length (set from the class's ``same_variadic_operand_size`` flag).
        self.same_variadic_operands = False
        self.same_variadic_results = False
        # The group bounds as last computed (see shared_bounds), with whether the groups are delimited by a
        # segment attribute; the groups are compared element by element (by identity first) at each read,
        # so a changed spec is read again.
        self._operand_memo: _Memo | None = None
        self._result_memo: _Memo | None = None

    @property
    def operand_segmented(self) -> bool:
        memo = self._operand_memo
        if memo is None or memo.defs != self.operands or memo.same != self.same_variadic_operands or not memo.defs:
            memo = self._operand_memo = _Memo(self.operands, self.same_variadic_operands)
        return memo.segmented

    @property
    def result_segmented(self) -> bool:
        memo = self._result_memo
        if memo is None or memo.defs != self.results or memo.same != self.same_variadic_results or not memo.defs:
            memo = self._result_memo = _Memo(self.results, self.same_variadic_results)
        return memo.segmented


def _segment_sizes(
    op: Operation,
    defs: Sequence[tuple[str, OperandDef | ResultDef]],
    total: int,
    segmented: bool,
    attr_name: str,
) -> list[int]:
    """Number of values in each declared group, from the segment attribute or by elimination."""
    if segmented:
        attr = op.properties.get(attr_name) or op.attributes.get(attr_name)
        if not isinstance(attr, DenseArrayAttr):
            raise IRError(f"{op.op_name}: missing {attr_name}, which delimits its {len(defs)} groups")
        return [int(v) for v in attr.values]
    variadic = [i for i, (_, d) in enumerate(defs) if d.kind != SINGLE]
    sizes = [1] * len(defs)
    if len(variadic) > 1:  # same-size variadic groups share out what the single groups leave
        for i in variadic:
            sizes[i] = (total - (len(defs) - len(variadic))) // len(variadic)
    elif variadic:
        sizes[variadic[0]] = total - (len(defs) - 1)
    return sizes


def segment_bounds(op: Operation, which: str) -> dict[str, tuple[int, int]]:
    """``{field: (start, stop)}`` over ``op.operands`` (``which="operands"``) or ``op.results``."""
    return dict(shared_bounds(op, which))


def operand_groups(op: Operation, *names: str) -> list[list[Value]]:
    """The operands of each named variadic group of ``op``, in order: what reading each group's field
    gives (``op.resource_operands``...), with the groups' bounds found once for all of them rather than once
    per field (the scheduler reads four or five groups of every dispatch)."""
    bounds = shared_bounds(op, "operands")
    every = op._operands
    return [every[start:stop] for start, stop in map(bounds.__getitem__, names)]


class _Memo:
    """The group bounds of one op class's operands (or results), as last computed: by value count when
    the class has no segment attribute, else by the attribute's segment sizes. ``defs`` and ``same`` are
    the spec's groups and same-size flag they were computed from (the groups copied: a spec whose list is
    replaced or changed in place is read again)."""

    __slots__ = ("by_sizes", "by_total", "defs", "same", "segmented")

    def __init__(self, defs: list[Any], same: bool) -> None:
        self.defs = list(defs)
        self.same = same
        self.segmented = not same and sum(d.kind != SINGLE for _, d in defs) > 1
        self.by_total: dict[int, dict[str, tuple[int, int]]] = {}
        self.by_sizes: dict[tuple[Any, ...], dict[str, tuple[int, int]]] = {}


def shared_bounds(op: Operation, which: str) -> dict[str, tuple[int, int]]:
    """:func:`segment_bounds`, shared: the same dict for every op of a class and the same segment sizes (or
    value count, when the class has no segment attribute). Callers only read it."""
    spec: OpSpec = type(op).spec  # type: ignore[attr-defined]
    defs: Sequence[tuple[str, OperandDef | ResultDef]]
    if which == "operands":
        defs, total, key = spec.operands, len(op._operands), "operandSegmentSizes"
        memo = spec._operand_memo
        # (the groups compared by identity first, element by element: a few pointer compares)
        if memo is None or memo.defs != defs or memo.same != spec.same_variadic_operands or not defs:
            memo = spec._operand_memo = _Memo(defs, spec.same_variadic_operands)
    else:
        defs, total, key = spec.results, len(op.results), "resultSegmentSizes"
        memo = spec._result_memo
        if memo is None or memo.defs != defs or memo.same != spec.same_variadic_results or not defs:
            memo = spec._result_memo = _Memo(defs, spec.same_variadic_results)
    if not memo.segmented:
        known = memo.by_total.get(total)
        if known is None:
            known = memo.by_total[total] = _compute_bounds(op, defs, total, False, key)
        return known
    attr = op.properties.get(key) or op.attributes.get(key)
    if not isinstance(attr, DenseArrayAttr):
        return _compute_bounds(op, defs, total, True, key)  # (raises: the attribute is missing)
    known = memo.by_sizes.get(attr.values)
    if known is None:
        known = memo.by_sizes[attr.values] = _compute_bounds(op, defs, total, True, key)
    return known


def _compute_bounds(
    op: Operation, defs: Sequence[tuple[str, OperandDef | ResultDef]], total: int, seg: bool, key: str
) -> dict[str, tuple[int, int]]:
    sizes = _segment_sizes(op, defs, total, seg, key)
    bounds: dict[str, tuple[int, int]] = {}
    start = 0
    for (fname, _), n in zip(defs, sizes):
        bounds[fname] = (start, start + n)
        start += n
    return bounds


def _make_group_property(fname: str, d: OperandDef | ResultDef, results: bool) -> property:
    """The property reading value group ``fname`` of an op's operands (of its results with ``results``)."""
    kind = d.kind
    which, noun = ("results", "result") if results else ("operands", "operand")

    def get(self: Operation) -> Any:
        every = self.results if results else self._operands
        # shared_bounds' lookup for a class without a segment attribute, written out (every typed read of
        # a value group passes here); anything else asks shared_bounds
        spec = type(self).spec  # type: ignore[attr-defined]
        memo = spec._result_memo if results else spec._operand_memo
        bounds = None
        if memo is not None and not memo.segmented:
            if results:
                valid = memo.defs == spec.results and memo.same == spec.same_variadic_results
            else:
                valid = memo.defs == spec.operands and memo.same == spec.same_variadic_operands
            if valid:
                bounds = memo.by_total.get(len(every))
        if bounds is None:
            bounds = shared_bounds(self, which)
        start, stop = bounds[fname]
        if kind == SINGLE:
            if stop == start + 1 and 0 <= start < len(every):
                return every[start]  # (the one value of the group: what the slice below gives)
            vals = every[start:stop]
            if len(vals) != 1:
                raise IRError(f"{self.describe()}: {noun} {fname} is missing")
            return vals[0]
        vals = every[start:stop]
        if kind == OPTIONAL:
            return vals[0] if vals else None
        return vals  # (a slice: the caller's own list)

    return property(get, doc=f"{noun} group `{fname}` ({d.kind})")


def attr_key(fname: str) -> str:
    """The MLIR name of an attribute field: a trailing ``_`` avoids a clash with ``Operation`` (``name_``)."""
    return fname[:-1] if fname.endswith("_") else fname


def _make_attr_property(fname: str) -> property:
    key = attr_key(fname)

    def get(self: Operation) -> Attribute | None:
        return self.attr(key)

    return property(get, doc=f"attribute `{fname}`")


def _make_region_property(index: int, variadic: bool = False) -> property:
    def get(self: Operation) -> Any:
        if variadic:
            return list(self.regions[index:])
        return self.regions[index] if index < len(self.regions) else None

    return property(get)


def define_op(cls: type[Operation]) -> type[Operation]:
    """Collect the field definitions of ``cls`` (and its bases) into ``cls.spec`` and make properties."""
    spec = OpSpec()
    inherited = getattr(cls, "spec", None)
    if isinstance(inherited, OpSpec):
        spec.operands = list(inherited.operands)
        spec.results = list(inherited.results)
        spec.attrs = list(inherited.attrs)
        spec.regions = list(inherited.regions)
        spec.variadic_region = inherited.variadic_region
    for fname, value in list(vars(cls).items()):
        if isinstance(value, OperandDef):
            spec.operands.append((fname, value))
        elif isinstance(value, ResultDef):
            spec.results.append((fname, value))
        elif isinstance(value, AttrDef):
            spec.attrs.append((fname, value))
        elif isinstance(value, RegionDef):
            if spec.variadic_region:
                raise TypeError(f"{cls.__name__}.{fname}: no region field may follow a variadic one")
            spec.regions.append(fname)
            spec.variadic_region = value.variadic
    spec.same_variadic_operands = bool(getattr(cls, "same_variadic_operand_size", False))
    spec.same_variadic_results = bool(getattr(cls, "same_variadic_result_size", False))
    for fname, od in spec.operands:
        setattr(cls, fname, _make_group_property(fname, od, False))
    for fname, rd in spec.results:
        setattr(cls, fname, _make_group_property(fname, rd, True))
    for fname, _ in spec.attrs:
        setattr(cls, fname, _make_attr_property(fname))
    for i, fname in enumerate(spec.regions):
        last = i == len(spec.regions) - 1
        setattr(cls, fname, _make_region_property(i, last and spec.variadic_region))
    cls.spec = spec  # type: ignore[attr-defined]
    return cls


# --- registry ---------------------------------------------------------------------------------------

OP_CLASSES: dict[str, type[Operation]] = {}

# IREE 3.x spelling -> the seed documents' spelling. Filled by the dialect modules.
OP_ALIASES: dict[str, str] = {}


def register_ops(classes: Iterable[type[Operation]]) -> None:
    for cls in classes:
        if not cls.name:
            raise IRError(f"op class {cls.__name__} has no name")
        if cls.name in OP_CLASSES:
            raise IRError(f"op {cls.name} registered twice ({OP_CLASSES[cls.name].__name__}, {cls.__name__})")
        if "spec" not in vars(cls):
            define_op(cls)
        OP_CLASSES[cls.name] = cls


def register_alias(iree_name: str, seed_name: str) -> None:
    if iree_name in OP_ALIASES or iree_name in OP_CLASSES:
        raise IRError(f"op alias {iree_name} registered twice")
    OP_ALIASES[iree_name] = seed_name


def lookup_op_class(op_name: str) -> type[Operation] | None:
    cls = OP_CLASSES.get(op_name)
    if cls is None and op_name in OP_ALIASES:
        cls = OP_CLASSES.get(OP_ALIASES[op_name])
    return cls


def iree_spelling(op_name: str) -> str:
    """The IREE 3.x name of an op spelled as the seeds spell it (itself when it was not renamed)."""
    for new, old in OP_ALIASES.items():
        if old == op_name:
            return new
    return op_name


def is_value_list(x: object) -> bool:
    return isinstance(x, list) and all(isinstance(v, Value) for v in x)
