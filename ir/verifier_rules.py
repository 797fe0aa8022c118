"""Which verifier rule is checked where: the rules streamsim's verifier shares with IREE's (or, in the
last rows, deliberately does not), each with the IREE verifier it follows, the code that checks it here
and the conformance cases under ``tests/fixtures/verifier/`` that pin it against iree-opt.

``tests/ir/test_verifier_rules.py`` checks that every case named exists and that every case file is
named by a rule; ``tools/verifier_conformance.py`` prints each case's verdict beside iree-opt's.
This table lists the rules added or corrected for issue 14; the structural checks that predate it
(operand/result counts, segment sizes, declared types, required attributes) are described in
:mod:`ir.verifier`'s docstring.
"""

from __future__ import annotations

from typing import NamedTuple


class Rule(NamedTuple):
    name: str
    iree: str  # where IREE states the rule (op verifier or ODS constraint)
    checked_in: str  # where streamsim checks it
    cases: tuple[str, ...]  # stems of tests/fixtures/verifier/*.mlir


RULES: tuple[Rule, ...] = (
    Rule(
        "SSA dominance over the region's control-flow graph",
        "MLIR core: dominance verification",
        "ir.verifier._verify_op / _dominators",
        (
            "valid_dominance_block_arg_of_dominating_block",
            "valid_dominance_loop_header_value_in_exit",
            "invalid_dominance_block_arg_of_sibling_branch",
            "invalid_dominance_result_of_loop_body_after_exit",
        ),
    ),
    Rule(
        "isolated regions see no outer values (hal.dispatch.extern count region)",
        "HAL DispatchExternOp: IsolatedFromAbove",
        "ir.verifier._verify_op (isolated_from_above)",
        ("invalid_hal_dispatch_extern_count_uses_outer_value",),
    ),
    Rule(
        "hal.dispatch.extern: a workgroup-count region plus one region per conditional target",
        "HAL DispatchExternOp: VariadicRegion target_regions",
        "ir.opdef.var_region, ir.verifier._verify_spec",
        ("valid_hal_dispatch_extern_with_target_condition_regions",),
    ),
    Rule(
        "hal.command_buffer.dispatch: i64 function ordinal, index workgroup counts, buffer or slot bindings",
        "HAL CommandBufferDispatchOp ODS operand types",
        "ir.dialects.hal_command.HalCommandBufferDispatchOp (declared types)",
        ("valid_hal_dispatch_i64_ordinal_and_slot_bindings", "invalid_hal_dispatch_i32_workgroups"),
    ),
    Rule(
        "hal.command_buffer.copy_buffer: source/target are a buffer or a binding-slot index",
        "HAL CommandBufferCopyBufferOp ODS operand types",
        "ir.dialects.hal_command.HalCommandBufferCopyBufferOp (declared types)",
        ("valid_hal_dispatch_i64_ordinal_and_slot_bindings",),
    ),
    Rule(
        "stream dispatch workload: one value per explicit count-region argument, of its type",
        "Stream verifyDispatchWorkload (async.dispatch, cmd.dispatch symbol uses)",
        "ir.verifier._verify_dispatch_workloads",
        (
            "valid_dispatch_workload_matches_export",
            "invalid_dispatch_workload_count_mismatch",
            "invalid_dispatch_workload_type_mismatch",
        ),
    ),
    Rule(
        "util.call/func.call operand and result types match the callee's function_type",
        "Util CallOp / func.call verifySymbolUses",
        "ir.verifier._verify_call_signatures",
        ("valid_call_matches_callee_signature", "invalid_call_operand_type_differs_from_callee"),
    ),
    Rule(
        "a terminator is the last op of its block; a function body's blocks end with one",
        "MLIR core: OpTrait::IsTerminator ('must be the last operation in the parent block'), and the "
        "function ops' regions requiring a terminator",
        "ir.verifier._verify_op (TERMINATORS, FUNCTION_OPS)",
        ("invalid_terminator_not_last_in_block", "invalid_function_block_without_terminator"),
    ),
    Rule(
        "a symbol is defined once in its symbol table (module, executable, variant)",
        "MLIR core: SymbolTable verifier ('redefinition of symbol named ...')",
        "ir.verifier._verify_unique_symbols",
        ("invalid_symbol_redefinition",),
    ),
    Rule(
        "not a verify error: static stream.cmd.parameter.* ranges past the resource end",
        "no IREE verifier checks them (iree-opt accepts)",
        "not checked by ir; the simulator's memory rejects the access at run time",
        ("valid_parameter_ranges_past_the_resource_end",),
    ),
    Rule(
        "not a verify error: a stream.async.* range whose end is not offset + length",
        "no IREE verifier checks it (AsyncCopyOp/AsyncDispatchOp::verify check value sizes and range counts "
        "only); IREE's elide-async-copies and schedule-execution tests hold such ops",
        "ir.dialects.common.check_range checks [offset, offset + length) inside the size only",
        ("valid_async_end_not_offset_plus_length",),
    ),
)
