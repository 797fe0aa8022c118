"""The verifier's rules on values passed along control flow and across the edges of regions, as MLIR's and
IREE's verifiers state them:

- branches (MLIR's BranchOpInterface; ``cf.br``, ``cf.cond_br``, ``cf.switch``): the operands passed to
  each successor are its block arguments, in number and type;
- regions that yield to their parent (RegionBranchOpInterface; ``scf.if``, ``scf.execute_region``,
  ``scf.index_switch``, ``scf.for``): each ``scf.yield`` passes the parent's results, in number and type
  (checked when the verifier leaves the parent, as MLIR checks region invariants); ``scf.for`` also passes
  its inits to its results (a loop of no trip) and its yield to its body's iteration arguments;
- ``scf.while`` (WhileOp::verify on entering it: the ``before`` region ends in ``scf.condition``, the
  ``after`` region in ``scf.yield``; the interface's edges on leaving it, in the order iree-opt reports
  them: the inits to the ``before`` region, the condition's values to the results and to the ``after``
  region, the ``after`` region's yield to the ``before`` region);
- ``stream.async.execute`` / ``stream.async.concurrent`` (IREE's AsyncExecuteOp::verify): every resource
  used in the body is a captured block argument or made inside, and each ``stream.yield`` passes the
  op's resource results (count, type) with the op's own result size values;
- ``stream.cmd.execute`` (CmdExecuteOp::verify): the same capture rule, and, as in ``stream.cmd.serial``
  and ``stream.cmd.concurrent``, only command-phase or streamable ops in the body;
- arith and math ops with MLIR's SameOperandsAndResultType trait: one type for all operands and results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ir.core import Block, Operation, Value
from ir.errors import VerifyError
from ir.types import ResourceType

Rule = Callable[[Operation], None]


def _fail(op: Operation, message: str) -> None:
    raise VerifyError(f"{op.op_name}: {message}", location=op.location)


def _successor_operands(op: Operation) -> list[Sequence[Value]] | None:
    """The operands a branch passes to each of its successors, or None when its layout is not readable."""
    operands = op._operands
    if op.op_name == "cf.br":
        return [operands]
    sizes = _int_array(op, "operandSegmentSizes")
    if sizes is None or len(sizes) != 3 or sum(sizes) != len(operands):
        return None
    first, rest = operands[sizes[0] : sizes[0] + sizes[1]], operands[sizes[0] + sizes[1] :]
    if op.op_name != "cf.switch":
        return [first, rest]
    # cf.switch: (flag, default operands, case operands), the cases' split by case_operand_segments.
    cases = _int_array(op, "case_operand_segments")
    if cases is None or sum(cases) != len(rest):
        return None
    groups: list[Sequence[Value]] = [first]
    start = 0
    for n in cases:
        groups.append(rest[start : start + n])
        start += n
    return groups


def _int_array(op: Operation, name: str) -> list[int] | None:
    values = getattr(op.properties.get(name) or op.attributes.get(name), "values", None)
    if not isinstance(values, Sequence) or not all(isinstance(v, int) for v in values):
        return None
    return [int(v) for v in values]


def verify_branch(op: Operation) -> None:
    """MLIR's BranchOpInterface verifier: each successor's operands are its block's arguments."""
    groups = _successor_operands(op)
    if groups is None or len(groups) != len(op.successors):
        return
    for i, (values, block) in enumerate(zip(groups, op.successors)):
        if len(values) != len(block.args):
            _fail(op, f"branch has {len(values)} operands for successor #{i}, but target block has {len(block.args)}")
        for k, (v, arg) in enumerate(zip(values, block.args)):
            if v.type != arg.type:
                _fail(op, f"type mismatch for bb argument #{k} of successor #{i} ({v.type} passed, {arg.type} taken)")


def verify_yields_to_parent(op: Operation) -> None:
    """MLIR's RegionBranchOpInterface verifier for regions that yield to their parent: each ``scf.yield``
    passes the parent's results. ``scf.for``'s body yields its loop-carried values, which are its results."""
    wanted = [r.type for r in op.results]
    for region in op.regions:
        for block in region.blocks:
            term = block.ops[-1] if block.ops else None
            if term is None or term.op_name != "scf.yield":
                continue
            _check_edge(op, term, [v.type for v in term._operands], wanted)


def verify_for_edges(op: Operation) -> None:
    """scf.for's edges (RegionBranchOpInterface), in iree-opt's order: its inits to its results (no trip),
    then each yield to the body's iteration arguments and to the results."""
    results = [r.type for r in op.results]
    inits = [v.type for v in op._operands[3:]]
    _check_edge(op, None, inits, results)
    body = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
    iter_args = [a.type for a in body.args[1:]] if body is not None else None
    for block in op.regions[0].blocks if op.regions else ():
        term = block.ops[-1] if block.ops else None
        if term is None or term.op_name != "scf.yield":
            continue
        passed = [v.type for v in term._operands]
        if iter_args is not None:
            _check_edge(op, term, passed, iter_args, to_region=0)
        _check_edge(op, term, passed, results)


def _terminator(op: Operation, region: int) -> Operation | None:
    if len(op.regions) <= region or not op.regions[region].blocks:
        return None
    ops = op.regions[region].blocks[-1].ops
    return ops[-1] if ops else None


def verify_while(op: Operation) -> None:
    """WhileOp::verify: the ``before`` region ends in scf.condition, the ``after`` region in scf.yield."""
    for region, (name, want) in enumerate((("before", "scf.condition"), ("after", "scf.yield"))):
        term = _terminator(op, region)
        if len(op.regions) > region and (term is None or term.op_name != want):
            _fail(op, f"expects the '{name}' region to terminate with '{want}'")


def verify_while_edges(op: Operation) -> None:
    """scf.while's edges (RegionBranchOpInterface), in iree-opt's order."""
    if len(op.regions) != 2 or not op.regions[0].blocks or not op.regions[1].blocks:
        return
    before = [a.type for a in op.regions[0].blocks[0].args]
    after = [a.type for a in op.regions[1].blocks[0].args]
    results = [r.type for r in op.results]
    _check_edge(op, None, [v.type for v in op._operands], before, to_region=0)
    cond, yielded = _terminator(op, 0), _terminator(op, 1)
    if cond is not None and cond.op_name == "scf.condition":
        passed = [v.type for v in cond._operands[1:]]
        _check_edge(op, cond, passed, results)
        _check_edge(op, cond, passed, after, to_region=1)
    if yielded is not None and yielded.op_name == "scf.yield":
        _check_edge(op, yielded, [v.type for v in yielded._operands], before, to_region=0)


def _check_edge(
    parent: Operation,
    term: Operation | None,
    passed: Sequence[object],
    wanted: Sequence[object],
    to_region: int | None = None,
) -> None:
    """One control-flow edge: from ``term`` (None: from the parent's operands) to the parent's results or,
    with ``to_region``, to that region's entry arguments."""
    source = "parent" if term is None else f"Operation {term.op_name}"
    target = f"Operation {parent.op_name}" if to_region is None else f"Region #{to_region}"
    edge = f"along control flow edge from {source} to {target}"
    if len(passed) != len(wanted):
        _fail(parent, f"{edge}: region branch point has {len(passed)} operands, but region successor needs {len(wanted)} inputs")
    for i, (got, want) in enumerate(zip(passed, wanted)):
        if got != want:
            _fail(parent, f"{edge}: successor operand type #{i} '{got}' should match successor input type #{i} '{want}'")


def _check_captured(block: Block) -> None:
    """IREE's verifyAllResourcesCaptured: a resource used in the body is a block argument or made inside."""
    available = {id(a) for a in block.args}
    for child in block.ops:
        available.update(id(r) for r in child.results)
        for v in child._operands:
            if isinstance(v.type, ResourceType) and id(v) not in available:
                _fail(child, "used resource not listed in explicit captures (or produced internally)")


def verify_async_region(op: Operation) -> None:
    """IREE's AsyncExecuteOp/AsyncConcurrentOp::verify: captures, then each yield against the op's results."""
    if not op.regions or not op.regions[0].blocks:
        return
    _check_captured(op.regions[0].blocks[0])
    results = [r for r in op.results if isinstance(r.type, ResourceType)]
    sizes = list(getattr(op, "result_sizes", None) or ())
    for block in op.regions[0].blocks:
        for y in block.ops:
            if y.op_name != "stream.yield":
                continue
            resources = [v for v in y._operands if isinstance(v.type, ResourceType)]
            if len(resources) != len(results):
                _fail(y, "yield result count mismatch with parent op")
            for outer, inner in zip(results, resources):
                if outer.type != inner.type:
                    _fail(y, f"result type mismatch: expected {outer.type} but got {inner.type}")
            inner_sizes = [v for v in y._operands if not isinstance(v.type, ResourceType)]
            if any(a is not b for a, b in zip(sizes, inner_sizes)):
                _fail(y, "result size mismatch")


#: IREE's StreamableOpInterface ops of the stream dialect (StreamOps.td), the async and the command phase's.
STREAMABLE_OPS = frozenset(
    {
        "stream.resource.subview", "stream.tensor.empty", "stream.tensor.constant", "stream.tensor.splat",
        "stream.tensor.clone", "stream.tensor.encode", "stream.tensor.slice", "stream.tensor.fill",
        "stream.tensor.update", "stream.tensor.dispatch", "stream.tensor.parameter.load", "stream.async.alloca",
        "stream.async.constant", "stream.async.splat", "stream.async.clone", "stream.async.slice",
        "stream.async.fill", "stream.async.update", "stream.async.copy", "stream.async.collective",
        "stream.async.barrier", "stream.async.transfer", "stream.async.dispatch", "stream.async.call",
        "stream.async.concurrent", "stream.cmd.flush", "stream.cmd.invalidate", "stream.cmd.discard",
        "stream.cmd.fill", "stream.cmd.copy", "stream.cmd.collective", "stream.cmd.dispatch", "stream.cmd.call",
        "stream.cmd.serial", "stream.cmd.concurrent",
    }
)  # fmt: skip
#: Ops with IREE's CmdPhaseOp trait (StreamOps.td).
CMD_PHASE_OPS = frozenset(
    {
        "stream.resource.retain", "stream.resource.release", "stream.resource.is_terminal", "stream.file.read",
        "stream.file.write", "stream.cmd.flush", "stream.cmd.invalidate", "stream.cmd.discard", "stream.cmd.fill",
        "stream.cmd.copy", "stream.cmd.collective", "stream.cmd.dispatch", "stream.cmd.func", "stream.cmd.call",
        "stream.cmd.execute", "stream.cmd.serial", "stream.cmd.concurrent", "stream.cmd.parameter.load",
        "stream.cmd.parameter.read", "stream.cmd.parameter.write", "stream.cmd.parameter.gather",
        "stream.cmd.parameter.scatter",
    }
)  # fmt: skip
#: Ops a stream.cmd.* region may hold (IREE's verifyCmdOp).
CMD_REGION_OPS = CMD_PHASE_OPS | STREAMABLE_OPS | {"stream.yield"}


def verify_cmd_region(op: Operation) -> None:
    """IREE's CmdExecuteOp/CmdSerialOp/CmdConcurrentOp::verify: (execute only) captures, then explicit ops only."""
    if not op.regions or not op.regions[0].blocks:
        return
    body = op.regions[0].blocks[0]
    if op.op_name == "stream.cmd.execute":
        _check_captured(body)
    for child in body.ops:
        if child.op_name not in CMD_REGION_OPS:
            _fail(child, "explicit execution regions must only contain explicit ops")


def verify_capture_edge(op: Operation) -> None:
    """The edge into an execution region (MLIR's RegionBranchOpInterface, checked after the region as MLIR
    does): one entry block argument per captured resource operand, of its type."""
    operands = getattr(op, "resource_operands", None)
    if operands is None or not op.regions or not op.regions[0].blocks:
        return
    args = op.regions[0].blocks[0].args
    _check_edge(op, None, [v.type for v in operands], [a.type for a in args], to_region=0)


def verify_same_type(op: Operation) -> None:
    """MLIR's SameOperandsAndResultType trait."""
    types = [v.type for v in op._operands] + [r.type for r in op.results]
    if any(t != types[0] for t in types[1:]):
        _fail(op, "requires the same type for all operands and results")


#: arith and math ops with the SameOperandsAndResultType trait (MLIR's ArithOps.td and MathOps.td).
SAME_TYPE_OPS = frozenset(
    {
        *(f"arith.{n}" for n in (
            "addi", "subi", "muli", "divsi", "divui", "ceildivsi", "ceildivui", "floordivsi", "remsi", "remui",
            "andi", "ori", "xori", "shli", "shrsi", "shrui", "maxsi", "maxui", "minsi", "minui", "addf", "subf",
            "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf", "negf",
        )),
        *(f"math.{n}" for n in (
            "absf", "absi", "atan", "atan2", "cbrt", "ceil", "copysign", "cos", "cosh", "erf", "erfc", "exp",
            "exp2", "expm1", "floor", "log", "log10", "log1p", "log2", "powf", "round", "roundeven", "rsqrt",
            "sin", "sinh", "sqrt", "tan", "tanh", "trunc", "acos", "asin", "acosh", "asinh", "atanh",
        )),
    }
)  # fmt: skip

#: Rules checked on entering an op (MLIR's op and interface verifiers).
ENTRY_RULES: dict[str, Rule] = {
    "cf.br": verify_branch,
    "cf.cond_br": verify_branch,
    "cf.switch": verify_branch,
    "scf.while": verify_while,
    "stream.async.execute": verify_async_region,
    "stream.async.concurrent": verify_async_region,
    "stream.cmd.execute": verify_cmd_region,
    "stream.cmd.serial": verify_cmd_region,
    "stream.cmd.concurrent": verify_cmd_region,
    **dict.fromkeys(SAME_TYPE_OPS, verify_same_type),
}
#: Rules checked on leaving an op, after its regions (MLIR's region invariants).
EXIT_RULES: dict[str, Rule] = {
    **dict.fromkeys(("scf.if", "scf.execute_region", "scf.index_switch"), verify_yields_to_parent),
    "scf.for": verify_for_edges,
    "scf.while": verify_while_edges,
    **dict.fromkeys(("stream.async.execute", "stream.async.concurrent", "stream.cmd.execute"), verify_capture_edge),
}
