"""The verifier's rules that follow from an op's traits rather than its own verifier, as MLIR checks them
when it enters the op:

- ``HasParent`` / ``ParentOneOf`` of the ops without an op class here: the op may only sit directly in one
  of the listed ops (IREE's .td files for util and flow, MLIR's for func and scf);
- ``Symbol``: a symbol op (a global, a function, an executable and what it declares) sits directly in a
  symbol table (``SymbolTable`` trait);
- ``SingleBlock`` (``builtin.module``, the executables, execution regions, scf.if/for, linalg ops): each
  region holds at most one block;
- ``SymbolTable``: no two ops of one table share a ``sym_name`` (checked once per module).
"""

from __future__ import annotations

from ir.core import Operation
from ir.errors import VerifyError

#: Ops whose region is a symbol table (MLIR's SymbolTable trait): a name is defined once in it.
SYMBOL_TABLE_OPS = frozenset(
    {
        "builtin.module", "stream.executable", "hal.executable", "hal.executable.variant",
        "hal.executable.source", "flow.executable",
    }
)  # fmt: skip

#: Ops with the Symbol trait (or a FunctionOpInterface / IREE's global interface, which imply it).
SYMBOL_OPS = frozenset(
    {
        "util.global", "util.func", "func.func", "stream.executable", "stream.executable.export",
        "hal.executable", "hal.executable.variant", "hal.executable.export", "hal.executable.binary",
        "hal.executable.source", "flow.executable", "flow.executable.export",
    }
)  # fmt: skip

#: The parents an op of a dialect without op classes may have (HasParent: one; ParentOneOf: several, in the
#: order MLIR's message lists them). The op classes check their own (:func:`ir.dialects.common.check_parent`).
PARENTS: dict[str, tuple[str, ...]] = {
    "func.return": ("func.func",),
    "scf.yield": ("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"),
    "scf.condition": ("scf.while",),
    "util.return": ("util.initializer", "util.func", "util.hoistable_conversion"),
    "flow.executable.export": ("flow.executable",),
    "flow.executable_end": ("flow.executable",),
}

#: Ops with MLIR's SingleBlock trait (SingleBlockImplicitTerminator, and builtin.module's): each region holds
#: at most one block (IREE's .td files; MLIR's builtin, scf and linalg ops, checked with iree-opt). Every
#: linalg op with a region is one.
SINGLE_BLOCK_OPS = frozenset(
    {
        "builtin.module", "scf.if", "scf.for", "scf.forall", "scf.parallel", "flow.executable",
        "hal.device.memoize", "hal.executable.source", "hal.executable", "hal.executable.variant",
        "stream.async.execute", "stream.async.concurrent", "stream.cmd.execute", "stream.cmd.serial",
        "stream.cmd.concurrent", "stream.executable", "util.hoistable_conversion",
    }
)  # fmt: skip


def verify_traits(op: Operation) -> None:
    """The trait rules of ``op`` that MLIR checks on entering it: its parent, and its regions' block counts."""
    parent = op.parent_op
    if parent is not None:
        allowed = PARENTS.get(op.op_name)
        if allowed is not None and parent.op_name not in allowed:
            expected = f"'{allowed[0]}'" if len(allowed) == 1 else "to be one of '" + ", ".join(allowed) + "'"
            raise VerifyError(f"{op.op_name}: expects parent op {expected}", location=op.location)
        if op.op_name in SYMBOL_OPS and parent.op_name not in SYMBOL_TABLE_OPS:
            raise VerifyError(
                f"{op.op_name}: symbol's parent must have the SymbolTable trait ({parent.op_name} has not)",
                location=op.location,
            )
    if op.regions and (op.op_name in SINGLE_BLOCK_OPS or op.op_name.startswith("linalg.")):
        for i, region in enumerate(op.regions):
            if len(region.blocks) > 1:
                raise VerifyError(
                    f"{op.op_name}: expects region #{i} to have 0 or 1 blocks, has {len(region.blocks)}",
                    location=op.location,
                )
    if op.op_name == "builtin.module" and op.regions:
        # ODS's SizedRegion<1> and the NoRegionArguments trait.
        blocks = op.regions[0].blocks
        if len(blocks) != 1:
            raise VerifyError(
                "builtin.module: region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks",
                location=op.location,
            )
        if blocks[0].args:
            raise VerifyError("builtin.module: region should have no arguments", location=op.location)


def verify_unique_symbols(top: Operation) -> None:
    """MLIR's SymbolTable verifier: within one symbol table no two ops share a ``sym_name``."""
    for table in top.walk():
        if table.op_name not in SYMBOL_TABLE_OPS:
            continue
        seen: set[str] = set()
        for region in table.regions:
            for block in region.blocks:
                for op in block.ops:
                    name = op.attr("sym_name")
                    text = getattr(name, "value", None)
                    if not isinstance(text, str):
                        continue
                    if text in seen:
                        raise VerifyError(f"redefinition of symbol named '{text}'", location=op.location)
                    seen.add(text)
