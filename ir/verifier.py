"""The verifier, in MLIR's order: structural checks op by op, then where values are used.

Structural checks, for every op, as MLIR's verifyOperation makes them: on entering the op its trait rules
(:mod:`ir.verifier_traits`: parent ops, symbols in symbol tables, graph regions), its counts and types, its
own ``verify_()``; then each block's ops and, on leaving the block, its terminator; an op isolated from
above with regions is verified whole (structure, isolation, dominance) when its parent is left.

- A terminator (:data:`TERMINATORS`) is the last op of its block, and every block of a function body
  (``util.func``, ``func.func``, ``util.initializer``) ends with one.
- For op classes: operand and result counts against the declared fields, ``operandSegmentSizes`` /
  ``resultSegmentSizes`` (one entry per group, non-negative, summing to the count, 1 for single operands
  and at most 1 for optional ones), declared type constraints, required attributes, region counts.

Then the module's symbol rules (:mod:`ir.verifier_symbols`, :mod:`ir.verifier_traits`) and the uses of
values (:mod:`ir.verifier_dominance`: isolation from above, SSA dominance).

Errors are :class:`~ir.errors.VerifyError` with the op's ``file:line:col`` when it was parsed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ir.attributes import (
    ArrayAttr,
    BoolAttr,
    DenseArrayAttr,
    DenseElementsAttr,
    DictAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from ir.core import Block, Operation, Region, Value
from ir.dialects.common import RUNTIME_CHECKS
from ir.errors import VerifyError
from ir.module import Module
from ir.opdef import (
    OP_CLASSES,
    OPTIONAL,
    SINGLE,
    VARIADIC,
    OperandDef,
    OpSpec,
    ResultDef,
    attr_key,
    shared_bounds,
)
from ir.types import FunctionType
from ir.verifier_dominance import dominance, isolated, verify_isolation
from ir.verifier_enums import verify_enum_attrs
from ir.verifier_linalg import linalg_entry_rule, linalg_rule
from ir.verifier_regions import ENTRY_RULES, EXIT_RULES
from ir.verifier_slices import verify_static_slice
from ir.verifier_symbols import verify_symbol_uses
from ir.verifier_traits import verify_traits, verify_unique_symbols
from ir.verifier_util import UTIL_RULES


def verify(target: Module | Operation, *, runtime_checks: bool = False) -> None:
    """Verify a module or op and everything nested in it; raises VerifyError on the first problem, in
    MLIR's order (see :func:`_verify_isolated`).

    ``runtime_checks``: also reject what IREE's verifiers accept and its runtime or passes fail on: a
    command whose static byte range leaves its resource, a result tied to an operand index outside the
    operand list (the simulator asks for it; iree-opt's verdicts do not)."""
    token = RUNTIME_CHECKS.set(runtime_checks)
    try:
        top = target.op if isinstance(target, Module) else target
        _structure(top)
        if top.op_name == "builtin.module":
            verify_unique_symbols(top)
            verify_symbol_uses(top)
        verify_isolation(top)
        dominance(top)
    finally:
        RUNTIME_CHECKS.reset(token)


def _verify_isolated(op: Operation) -> None:
    """MLIR's verifyOpAndDominance for an op isolated from above: its structure (which verifies the
    isolated ops nested in it, each the same way, when it leaves them), that nothing in it uses a value
    from outside, then the dominance of every use in it."""
    _structure(op)
    verify_isolation(op)
    dominance(op)


def _structure(op: Operation) -> None:
    """MLIR's verifyOperation: on entering an op its own invariants (counts, types, attributes, its
    verifier), then each block (its terminator) and the ops in it, in order; an op isolated from above
    with regions is left for the end, when the parent leaves it (:func:`_verify_isolated`); then the
    parent's region invariants (the structured ops' rules)."""
    verify_traits(op)
    block = op.parent
    if op.op_name in TERMINATORS and block is not None and block.ops[-1] is not op:
        raise VerifyError(
            f"{op.op_name}: must be the last operation in its block (a terminator); "
            f"{len(block.ops) - 1 - block.ops.index(op)} op(s) follow it",
            location=op.location,
        )
    spec = getattr(type(op), "spec", None)
    typed_layout = True
    if isinstance(spec, OpSpec):
        typed_layout = _verify_spec(op, spec)
    else:
        _check_generic_segments(op)
    verify_own = getattr(op, "verify_", None)
    if verify_own is not None and typed_layout:
        verify_own()
    own_structured = linalg_entry_rule(op.op_name)
    if own_structured is not None:
        own_structured(op)
    verify_enum_attrs(op)
    classless = CLASSLESS_RULES.get(op.op_name)
    if classless is not None:
        classless(op)
    deferred: list[Operation] = []
    for region in op.regions:
        for block in region.blocks:
            for child in block.ops:
                if child.regions and isolated(child):
                    deferred.append(child)
                else:
                    _structure(child)
            _check_block_end(op, region, block)  # on leaving the block, as MLIR checks its terminator
    for child in deferred:
        _verify_isolated(child)
    on_exit = EXIT_RULES.get(op.op_name)
    if on_exit is not None:
        on_exit(op)
    if classless is None and "linalg" in op.op_name:
        structured = linalg_rule(op.op_name)
        if structured is not None:
            structured(op)


#: Ops that end a block (MLIR's IsTerminator trait on the ops of the dialects streamsim reads): one may only
#: be the last op of its block.
TERMINATORS = frozenset(
    {
        "util.return", "util.unreachable", "func.return", "cf.br", "cf.cond_br", "cf.switch", "scf.yield",
        "scf.condition", "stream.yield", "stream.return", "hal.return", "linalg.yield", "tensor.yield",
        "iree_linalg_ext.yield", "flow.return", "stream.executable.end", "hal.executable_end",
        "hal.executable.variant_end", "hal.executable.source_end", "flow.executable_end", "scf.reduce",
        "scf.reduce.return", "scf.forall.in_parallel", "affine.yield", "vector.yield", "gpu.yield",
        "gpu.terminator", "gpu.return", "memref.alloca_scope.return", "llvm.return", "shape.yield",
        "bufferization.yield", "iree_codegen.yield",
    }
)  # fmt: skip
def _check_block_end(op: Operation, region: Region, block: Block) -> None:
    """MLIR's verifyBlock: a block of ``op`` ends with a terminator ('block with no terminator' at its last
    op, 'empty block' at ``op``). A function body is held to the known terminators and may not be empty
    (a body that falls off its end); other ops accept an op unknown here, and a lone empty block without
    arguments, which prints as an empty region ``({ })`` (an export without a workgroup count body)."""
    if not _needs_terminator(op, region):
        return
    function = op.op_name in FUNCTION_OPS
    if not block.ops:
        if function or block.args or len(region.blocks) > 1:
            raise VerifyError(f"{op.op_name}: empty block: expect at least a terminator", location=op.location)
        return
    last_op = block.ops[-1]
    if last_op.op_name in TERMINATORS or (not function and _may_terminate(last_op)):
        return
    raise VerifyError(
        f"block with no terminator, has {last_op.op_name} (a block of {op.op_name} ends with one: "
        "util.return, cf.br, ...)",
        location=last_op.location,
    )


#: Ops whose region's single block needs no terminator (MLIR's NoTerminator trait).
NO_TERMINATOR = frozenset({"builtin.module", "scf.forall.in_parallel"})
#: Dialects whose region-holding ops all take a terminator unless NO_TERMINATOR says otherwise (an op of
#: another dialect, unknown here, may be NoTerminator, as MLIR assumes of an unregistered op).
_TERMINATED_DIALECTS = frozenset(
    {"util", "func", "scf", "cf", "linalg", "tensor", "iree_linalg_ext", "flow", "stream", "hal", "iree_tensor_ext"}
)


def _needs_terminator(op: Operation, region: Region) -> bool:
    """MLIR's verifyBlock: a block must end with a terminator unless it is the single block of a region
    of a NoTerminator op."""
    if op.op_name.split(".", 1)[0] not in _TERMINATED_DIALECTS and op.op_name not in OP_CLASSES:
        return False
    return len(region.blocks) > 1 or op.op_name not in NO_TERMINATOR


def _may_terminate(op: Operation) -> bool:
    """Whether ``op`` may be a terminator (MLIR's mightHaveTrait<IsTerminator>): a known terminator, or an
    op unknown here with no results (no terminator has results)."""
    if op.op_name in TERMINATORS:
        return True
    dialect = op.op_name.split(".", 1)[0]
    known = op.op_name in OP_CLASSES or dialect in _TERMINATED_DIALECTS or dialect == "builtin"
    return not known and not op.results


#: Function-like ops whose every body block must end with a terminator (a body that falls off its end).
FUNCTION_OPS = frozenset({"util.func", "func.func", "util.initializer"})


def _verify_arith_constant(op: Operation) -> None:
    """MLIR's ``arith.constant`` verifier: one result, no operands, a typed ``value`` of the result type
    (an integer, float, bool or dense elements attribute; attributes of other dialects pass)."""
    if op._operands or len(op.results) != 1:
        raise VerifyError(
            f"arith.constant: takes no operands and has one result, got {len(op._operands)} and "
            f"{len(op.results)}",
            location=op.location,
        )
    value = op.attr("value")
    if value is None:
        raise VerifyError("arith.constant: missing required attribute 'value'", location=op.location)
    result_type = op.results[0].type
    if isinstance(value, StringAttr | ArrayAttr | DictAttr | UnitAttr | SymbolRefAttr | TypeAttr):
        raise VerifyError(
            f"arith.constant: value {value} is not a number or elements attribute", location=op.location
        )
    if isinstance(value, BoolAttr):
        if str(result_type) != "i1":
            raise VerifyError(
                f"arith.constant: value {value} is i1 but the result type is {result_type}",
                location=op.location,
            )
        return
    value_type = getattr(value, "type", None)
    typed = isinstance(value, IntegerAttr | FloatAttr | DenseElementsAttr) and value_type is not None
    if typed and str(value_type) != str(result_type):
        raise VerifyError(
            f"arith.constant: value type {value_type} does not match the result type {result_type}",
            location=op.location,
        )


def _verify_tensor_dispatch(op: Operation) -> None:
    """IREE's TensorDispatchOp::verify: a result tied to an operand has that operand's encoding."""
    attrs = [op.attr(k) for k in ("tied_operands", "operand_encodings", "result_encodings")]
    if not all(isinstance(a, ArrayAttr) for a in attrs):
        return
    tied, operands, results = (list(a.elements) for a in attrs if isinstance(a, ArrayAttr))
    for r, (index, result) in enumerate(zip(tied, results)):
        i = getattr(index, "value", -1)
        if not isinstance(i, int) or i < 0:
            continue
        if i >= len(operands):
            raise VerifyError(
                f"{op.op_name}: tied operand index {i} is out of range of the {len(operands)} operand encoding(s)",
                location=op.location,
            )
        if str(operands[i]) != str(result):
            raise VerifyError(
                f"{op.op_name}: the {i}-th operandEncoding ({operands[i]}) does not match the resultEncoding "
                f"({result}) of result {r}",
                location=op.location,
            )


def _verify_optimization_barrier(op: Operation) -> None:
    """IREE's util.optimization_barrier (AllTypesMatch<operands, results>): each result is its operand."""
    got_in, got_out = [str(v.type) for v in op._operands], [str(r.type) for r in op.results]
    if got_in != got_out:
        raise VerifyError(
            f"{op.op_name}: failed to verify that all of {{operands, results}} have same type: operands "
            f"({', '.join(got_in)}), results ({', '.join(got_out)})",
            location=op.location,
        )


def _verify_tied_function(op: Operation) -> None:
    """IREE's TiedOpInterface verifier on util.func/util.call: a result is untied (-1) or tied to one of
    the operands (a function's arguments, a call's operands)."""
    tied = op.attr("tied_operands")
    if not isinstance(tied, ArrayAttr):
        return
    if op.op_name == "util.func":
        ftype = op.attr("function_type")
        sig = getattr(ftype, "value", None)
        count = len(sig.inputs) if isinstance(sig, FunctionType) else None
    else:
        count = len(op._operands)
    if count is None:
        return
    for r, entry in enumerate(tied.elements):
        index = getattr(entry, "value", None)
        if isinstance(index, int) and index != -1 and not 0 <= index < count:
            raise VerifyError(f"{op.op_name}: result #{r} tied to invalid operand index {index}", location=op.location)


def _verify_function_entry(op: Operation) -> None:
    """MLIR's function verifier: the entry block's arguments are the signature's inputs, in number and type."""
    ftype = op.attr("function_type")
    sig = getattr(ftype, "value", None)
    if not isinstance(sig, FunctionType) or not op.regions or not op.regions[0].blocks:
        return
    args = op.regions[0].blocks[0].args
    if len(args) != len(sig.inputs):
        raise VerifyError(
            f"{op.op_name}: entry block must have {len(sig.inputs)} arguments to match function signature, "
            f"has {len(args)}",
            location=op.location,
        )
    for i, (arg, want) in enumerate(zip(args, sig.inputs)):
        if str(arg.type) != str(want):
            raise VerifyError(
                f"{op.op_name}: type of entry block argument #{i}('{arg.type}') must match the type of the "
                f"corresponding argument in function signature('{want}')",
                location=op.location,
            )


def _verify_declaration(op: Operation) -> None:
    """MLIR's symbol verifier: a function without a body is a declaration, which may not be public."""
    if op.regions and not op.regions[0].blocks:
        vis = op.attr("sym_visibility")
        if vis is None or getattr(vis, "value", None) == "public":
            raise VerifyError(
                f"{op.op_name}: symbol declaration cannot have public visibility (a function without a body)",
                location=op.location,
            )


def _verify_func(op: Operation) -> None:
    _verify_declaration(op)
    _verify_function_entry(op)


def _verify_util_func(op: Operation) -> None:
    _verify_declaration(op)
    _verify_function_entry(op)
    _verify_tied_function(op)


#: Region counts of the scf ops (their ODS region lists), checked as MLIR's generated verifier checks them.
def _verify_return(op: Operation) -> None:
    """IREE's util.return and MLIR's func.return verifiers: the operands are the enclosing function's results,
    in number and type (exactly: a resource of another lifetime is another type). util.hoistable_conversion
    takes any; a return outside a function is the parent rule's (:mod:`ir.verifier_traits`)."""
    parent = op.parent_op
    ftype = parent.attr("function_type") if parent is not None else None
    sig = getattr(ftype, "value", None)
    if parent is None or not isinstance(sig, FunctionType):
        return
    types = [v.type for v in op._operands]
    where = "function-like op" if op.op_name == "util.return" else f"function (@{_sym_name(parent)})"
    if len(types) != len(sig.results):
        raise VerifyError(
            f"{op.op_name}: has {len(types)} operands, but enclosing {where} returns {len(sig.results)}",
            location=op.location,
        )
    for i, (got, want) in enumerate(zip(types, sig.results)):
        if got != want:
            raise VerifyError(
                f"{op.op_name}: type of return operand {i} ('{got}') doesn't match function result type "
                f"('{want}')" + ("" if op.op_name == "util.return" else f" in function @{_sym_name(parent)}"),
                location=op.location,
            )


def _sym_name(op: Operation) -> str:
    name = getattr(op.attr("sym_name"), "value", None)
    return name if isinstance(name, str) else "?"


_SCF_REGIONS = {"scf.if": 2, "scf.for": 1, "scf.while": 2, "scf.execute_region": 1, "scf.forall": 1, "scf.parallel": 1}


def _verify_region_count(op: Operation) -> None:
    want = _SCF_REGIONS[op.op_name]
    if len(op.regions) != want:
        raise VerifyError(f"{op.op_name}: expected {want} regions, found {len(op.regions)}", location=op.location)


#: Rules of ops that have no op class here (upstream MLIR ops, stream's tensor phase), by op name.
CLASSLESS_RULES = {
    "arith.constant": _verify_arith_constant,
    "stream.tensor.dispatch": _verify_tensor_dispatch,
    "util.optimization_barrier": _verify_optimization_barrier,
    **{
        name: verify_static_slice
        for name in (
            "iree_tensor_ext.dispatch.tensor.load", "iree_tensor_ext.dispatch.tensor.store",
            "flow.dispatch.tensor.load", "flow.dispatch.tensor.store", "tensor.extract_slice",
            "tensor.insert_slice", "tensor.parallel_insert_slice", "memref.subview",
        )
    },  # fmt: skip
    **dict.fromkeys(_SCF_REGIONS, _verify_region_count),
    "util.func": _verify_util_func,
    "func.func": _verify_func,
    "util.call": _verify_tied_function,
    "util.return": _verify_return,
    "func.return": _verify_return,
    **UTIL_RULES,
    **ENTRY_RULES,
}


def _check_segments(op: Operation, defs: list, total: int, segmented: bool, key: str, what: str) -> None:  # type: ignore[type-arg]
    if segmented:
        attr = op.properties.get(key) or op.attributes.get(key)
        if not isinstance(attr, DenseArrayAttr):
            raise VerifyError(
                f"{op.op_name}: missing {key}; it must give the sizes of the {len(defs)} {what} groups "
                f"({', '.join(n for n, _ in defs)})",
                location=op.location,
            )
        sizes = [int(v) for v in attr.values]
        if len(sizes) != len(defs):
            raise VerifyError(
                f"{op.op_name}: {key} has {len(sizes)} entries but the op has {len(defs)} {what} groups "
                f"({', '.join(n for n, _ in defs)})",
                location=op.location,
            )
        for (name, d), n in zip(defs, sizes):
            if n < 0 or (d.kind == SINGLE and n != 1) or (d.kind == OPTIONAL and n > 1):
                raise VerifyError(
                    f"{op.op_name}: {key} gives {n} for {what} group '{name}', which is {d.kind}",
                    location=op.location,
                )
        if sum(sizes) != total:
            raise VerifyError(
                f"{op.op_name}: {key} sums to {sum(sizes)} but the op has {total} {what}s",
                location=op.location,
            )
        return
    singles = optional = 0
    variadic = False
    for _, d in defs:
        if d.kind == SINGLE:
            singles += 1
        elif d.kind == OPTIONAL:
            optional += 1
        elif d.kind == VARIADIC:
            variadic = True
    if total < singles or (not variadic and total > singles + optional):
        want = f"{singles}" if not (variadic or optional) else f"at least {singles}"
        raise VerifyError(f"{op.op_name}: expected {want} {what}s, found {total}", location=op.location)


def _check_generic_segments(op: Operation) -> None:
    """An op without a declared class (a dispatch body's linalg, tensor and iree_tensor_ext ops) still
    keeps MLIR's AttrSizedOperandSegments invariant when it carries the attribute: no negative entry,
    and the entries sum to its operand (result) count."""
    for key, total, what in (
        ("operandSegmentSizes", len(op._operands), "operand"),
        ("resultSegmentSizes", len(op.results), "result"),
    ):
        attr = op.properties.get(key) or op.attributes.get(key)
        if attr is None:
            continue
        if not isinstance(attr, DenseArrayAttr):
            raise VerifyError(f"{op.op_name}: {key} is {attr}, not an array<i32: ...>", location=op.location)
        sizes = [int(v) for v in attr.values]
        if any(n < 0 for n in sizes) or sum(sizes) != total:
            raise VerifyError(
                f"{op.op_name}: {key} {sizes} does not split the op's {total} {what}s",
                location=op.location,
            )


def _check_types(
    op: Operation,
    defs: Sequence[tuple[str, OperandDef | ResultDef]],
    values: Sequence[Value],
    what: str,
) -> None:
    """Each value of each declared group has a type its group's constraint accepts."""
    bounds = None  # (found for the first group with a constraint; read only: not copied)
    for name, d in defs:
        if d.constraint is None:
            continue
        if bounds is None:
            bounds = shared_bounds(op, "operands" if what == "operand" else "results")
        start, stop = bounds[name]
        for v in values[start:stop]:
            if not isinstance(v.type, d.constraint):
                raise VerifyError(
                    f"{op.op_name}: {what} '{name}' has type {v.type}, which is not {_constraint_name(d.constraint)}",
                    location=op.location,
                )


def _verify_spec(op: Operation, spec: OpSpec) -> bool:
    """Check ``op`` against its class's declared fields; False when it uses the seed documents'
    attribute spelling, which the typed accessors (and so the op's own ``verify_``) cannot read."""
    # The seed documents spell some parameter ops with the scope and keys as attributes where IREE 3.x
    # has operands (``source_scope = "model"`` vs a ``!util.buffer`` operand): a group given as an
    # attribute is not an operand group.
    # (op.attr written out: properties first, then the discardable attributes)
    props, attrs = op.properties, op.attributes
    as_attrs = (
        {n for n, _ in spec.operands if props.get(n) is not None or attrs.get(n) is not None}
        if spec.operand_segmented
        else set()
    )
    operand_defs = [(n, d) for n, d in spec.operands if n not in as_attrs]
    _check_segments(
        op, operand_defs, len(op._operands), spec.operand_segmented, "operandSegmentSizes", "operand"
    )
    _check_segments(op, spec.results, len(op.results), spec.result_segmented, "resultSegmentSizes", "result")
    if not as_attrs:  # the typed accessors follow IREE's spelling; the other is checked by count only
        _check_types(op, spec.operands, op._operands, "operand")
    _check_types(op, spec.results, op.results, "result")
    for fname, ad in spec.attrs:
        name = attr_key(fname)
        value = props.get(name)
        if value is None:
            value = attrs.get(name)
        if value is None:
            if ad.required:
                raise VerifyError(f"{op.op_name}: missing required attribute '{name}'", location=op.location)
            continue
        if ad.constraint is not None and not isinstance(value, ad.constraint):
            raise VerifyError(
                f"{op.op_name}: attribute '{name}' is {value}, which is not {_constraint_name(ad.constraint)}",
                location=op.location,
            )
    fixed = len(spec.regions) - spec.variadic_region
    if len(op.regions) < fixed or (not spec.variadic_region and len(op.regions) != fixed):
        want = f"at least {fixed}" if spec.variadic_region else f"{fixed}"
        raise VerifyError(
            f"{op.op_name}: expected {want} regions, found {len(op.regions)}",
            location=op.location,
        )
    return not as_attrs


def _constraint_name(c: object) -> str:
    args = getattr(c, "__args__", None)
    if args:
        return " or ".join(a.__name__ for a in args)
    return getattr(c, "__name__", str(c))
