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
        "ir.verifier_dominance.dominance / dominators",
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
        "ir.verifier_dominance.verify_isolation",
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
        "hal.command_buffer.dispatch.indirect: the workgroups buffer is a buffer or a binding-slot index",
        "HAL CommandBufferDispatchIndirectOp ODS operand types",
        "ir.dialects.hal_command.HalCommandBufferDispatchIndirectOp (declared types)",
        ("valid_hal_dispatch_indirect_slot_workgroups",),
    ),
    Rule(
        "stream dispatch workload: one value per explicit count-region argument, of its type",
        "Stream verifyDispatchWorkload (async.dispatch, cmd.dispatch symbol uses)",
        "ir.verifier_symbols._check_workload",
        (
            "valid_dispatch_workload_matches_export",
            "invalid_dispatch_workload_count_mismatch",
            "invalid_dispatch_workload_type_mismatch",
        ),
    ),
    Rule(
        "util.call/func.call operand and result types match the callee's function_type",
        "Util CallOp / func.call verifySymbolUses",
        "ir.verifier_symbols._call",
        ("valid_call_matches_callee_signature", "invalid_call_operand_type_differs_from_callee"),
    ),
    Rule(
        "stream.async.call types are the callee's; a callee resource of unknown lifetime takes any resource",
        "Stream AsyncCallOp::verifySymbolUses",
        "ir.verifier_symbols._async_call",
        ("invalid_async_call_lifetime_differs_from_callee", "valid_async_call_unknown_lifetime_callee"),
    ),
    Rule(
        "stream.cmd.dispatch: one resource per !stream.binding argument of the exported function, its uniform "
        "operands in the function's order and types",
        "Stream CmdDispatchOp::verifySymbolUses",
        "ir.verifier_symbols._check_exported_function",
        ("invalid_cmd_dispatch_binding_count_differs", "invalid_cmd_dispatch_uniform_type_differs"),
    ),
    Rule(
        "stream.tensor.dispatch: a tied result has its operand's encoding",
        "Stream TensorDispatchOp::verify",
        "ir.verifier._verify_tensor_dispatch",
        ("invalid_tensor_dispatch_tied_encoding_differs",),
    ),
    Rule(
        "util.global access types: a load suits the global (shapes compatible), a store is the global's type, an "
        "indirect access suits the pointer's target, an immutable load names an immutable global",
        "Util verifyGlobalLoadOp / verifyGlobalStoreOp, GlobalStoreIndirectOp::verify",
        "ir.verifier_symbols._global_access, _global_indirect",
        (
            "invalid_global_store_type_differs",
            "invalid_global_store_indirect_type_differs",
            "invalid_global_load_immutable_of_mutable",
            "invalid_global_load_tensor_of_other_rank",
            "valid_global_load_tensor_of_compatible_shape",
        ),
    ),
    Rule(
        "hal.executable.constant.block takes a !hal.device or nothing, returns i32s, one key per result; its "
        "hal.return returns the block's result types",
        "HAL ExecutableConstantBlockOp::verify, ReturnOp::verify",
        "ir.dialects.hal_executable.HalExecutableConstantBlockOp.verify_, HalReturnOp.verify_",
        (
            "invalid_hal_constant_block_key_per_result",
            "invalid_hal_constant_block_takes_non_device",
            "invalid_hal_constant_block_returns_non_i32",
            "invalid_hal_return_count_differs_from_parent",
            "invalid_hal_return_type_differs_from_parent",
        ),
    ),
    Rule(
        "hal.interface.binding.subspan: one dimension value per dynamic dimension of a shaped result",
        "HAL InterfaceBindingSubspanOp::verify",
        "ir.dialects.hal_executable.HalInterfaceBindingSubspanOp.verify_",
        ("invalid_hal_subspan_dynamic_dims_count", "valid_hal_subspan_dynamic_dims_match"),
    ),
    Rule(
        "hal.device.queue.* never wait on the fence they signal (a util.null fence may be both)",
        "HAL verifyDeviceQueueFences",
        "ir.dialects.hal_device._verify_queue_fences",
        ("invalid_hal_queue_waits_on_its_signal_fence", "valid_hal_queue_null_fence_waited_and_signalled"),
    ),
    Rule(
        "util.optimization_barrier: each result has its operand's type",
        "Util OptimizationBarrierOp: AllTypesMatch<operands, results>",
        "ir.verifier._verify_optimization_barrier",
        ("invalid_util_optimization_barrier_type_differs",),
    ),
    Rule(
        "util.func/util.call: a tied result names one of the operands (or -1)",
        "Util TiedOpInterface verifier",
        "ir.verifier._verify_tied_function",
        ("invalid_util_func_result_tied_past_the_arguments", "valid_util_func_result_tied_to_an_argument"),
    ),
    Rule(
        "util.list.construct/get/set: each value casts implicitly to or from the list's element type",
        "Util ListConstructOp/ListGetOp/ListSetOp::verify (ListType::canImplicitlyCast)",
        "ir.verifier_util._verify_list_construct / _verify_list_get / _verify_list_set",
        (
            "invalid_util_list_construct_value_not_castable",
            "invalid_util_list_get_result_not_castable",
            "invalid_util_list_set_value_not_castable",
            "valid_util_list_construct_variant_object_and_tensors",
        ),
    ),
    Rule(
        "util.assume.int: one row of #util.int.assumption per operand; rows longer than one are as long",
        "Util AssumeIntOp::verify",
        "ir.verifier_util._verify_assume_int",
        (
            "invalid_util_assume_int_rows_fewer_than_operands",
            "invalid_util_assume_int_row_lengths_differ",
            "valid_util_assume_int_single_row_broadcasts",
        ),
    ),
    Rule(
        "util.string.format: well-formed, unmixed placeholders needing exactly the arguments given",
        "Util StringFormatOp::verify",
        "ir.verifier_util._verify_string_format",
        (
            "invalid_util_string_format_too_few_arguments",
            "invalid_util_string_format_mixed_placeholders",
            "valid_util_string_format_explicit_and_escaped",
        ),
    ),
    Rule(
        "a terminator is the last op of its block; a function body's blocks end with one",
        "MLIR core: OpTrait::IsTerminator ('must be the last operation in the parent block'), and the "
        "function ops' regions requiring a terminator",
        "ir.verifier._structure (TERMINATORS, FUNCTION_OPS)",
        ("invalid_terminator_not_last_in_block", "invalid_function_block_without_terminator"),
    ),
    Rule(
        "a symbol is defined once in its symbol table (module, executable, variant)",
        "MLIR core: SymbolTable verifier ('redefinition of symbol named ...')",
        "ir.verifier_traits.verify_unique_symbols",
        ("invalid_symbol_redefinition",),
    ),
    Rule(
        "a branch passes each successor its block arguments, in number and type",
        "MLIR core: BranchOpInterface ('branch has N operands for successor #i, but target block has M', "
        "'type mismatch for bb argument #k of successor #i')",
        "ir.verifier_regions.verify_branch",
        (
            "invalid_branch_operand_count_differs_from_block",
            "invalid_branch_operand_type_differs_from_block",
            "invalid_switch_case_operand_type_differs_from_block",
            "valid_while_for_and_switch_edges",
        ),
    ),
    Rule(
        "scf.yield passes the parent's results (scf.if, execute_region, index_switch, for); scf.for's inits "
        "pass to its results and its yield to its iteration arguments",
        "MLIR core: RegionBranchOpInterface ('along control flow edge from Operation scf.yield ...', "
        "'... from parent to Operation scf.for ...')",
        "ir.verifier_regions.verify_yields_to_parent, verify_for_edges (on leaving the parent)",
        ("invalid_scf_yield_count_differs_from_parent", "invalid_for_init_type_differs_from_result"),
    ),
    Rule(
        "scf.while: before region ends in scf.condition, after region in scf.yield; its four edges (inits to "
        "before, condition to results and to after, after's yield to before)",
        "MLIR SCF WhileOp::verify; RegionBranchOpInterface ('along control flow edge from parent to Region #0', "
        "'... from Operation scf.condition to Region #1', '... from Operation scf.yield to Region #0')",
        "ir.verifier_regions.verify_while (on entering), verify_while_edges (on leaving)",
        (
            "invalid_while_before_region_not_ending_in_condition",
            "invalid_while_init_type_differs_from_before_region",
            "invalid_while_condition_type_differs_from_after_region",
            "invalid_while_yield_type_differs_from_before_region",
            "valid_while_for_and_switch_edges",
        ),
    ),
    Rule(
        "stream execution regions: resources captured, yields as the results, explicit ops only in cmd regions",
        "IREE's AsyncExecuteOp/AsyncConcurrentOp/CmdExecuteOp/CmdSerialOp/CmdConcurrentOp::verify "
        "(verifyAllResourcesCaptured, verifyEscapingResources, verifyCmdOp)",
        "ir.verifier_regions.verify_async_region / verify_cmd_region",
        (
            "invalid_async_yield_count_differs_from_parent",
            "invalid_async_region_uses_an_uncaptured_resource",
            "invalid_cmd_region_holds_a_constant",
        ),
    ),
    Rule(
        "the edge into an execution region (stream.async.execute/concurrent, stream.cmd.execute): one entry "
        "block argument per captured resource operand, of its type; checked after the region, so an uncaptured "
        "use in the body is reported first",
        "MLIR's RegionBranchOpInterface (verifyTypesAlongControlFlowEdges, a region verifier) on IREE's "
        "getEntrySuccessorOperands",
        "ir.verifier_regions.verify_capture_edge (EXIT_RULES)",
        ("invalid_cmd_execute_block_argument_count_differs",),
    ),
    Rule(
        "arith and math ops with one type for all operands and results",
        "MLIR core: SameOperandsAndResultType ('requires the same type for all operands and results')",
        "ir.verifier_regions.verify_same_type (SAME_TYPE_OPS)",
        ("invalid_addi_result_type_differs",),
    ),
    Rule(
        "util.return / func.return pass the enclosing function's results, in number and exact type",
        "IREE's util ReturnOp::verify ('has N operands, but enclosing function-like op returns M', 'type of "
        "return operand i ... doesn't match function result type'); MLIR's func ReturnOp::verify",
        "ir.verifier._verify_return",
        (
            "invalid_util_return_type_differs_from_function",
            "invalid_initializer_returns_a_value",
            "invalid_func_return_count_differs_from_function",
        ),
    ),
    Rule(
        "an op sits directly in one of the parents its HasParent/ParentOneOf trait names",
        "IREE's .td files (util.return: ParentOneOf<[InitializerOp, FuncOp, HoistableConversionOp]>, the "
        "stream/hal/flow executable and region ops) and MLIR's (func.return, scf.yield, scf.condition)",
        "ir.verifier_traits.verify_traits (PARENTS); the op classes' check_parent",
        ("invalid_util_return_outside_a_function",),
    ),
    Rule(
        "a symbol op (global, function, executable) sits directly in a symbol table",
        "MLIR core: the Symbol trait ('symbol's parent must have the SymbolTable trait')",
        "ir.verifier_traits.verify_traits (SYMBOL_OPS)",
        ("invalid_global_inside_a_function",),
    ),
    Rule(
        "a SingleBlock op's regions hold at most one block",
        "MLIR core: SingleBlock / SingleBlockImplicitTerminator (module, executables, execute/serial/"
        "concurrent regions, scf.if/for, linalg ops)",
        "ir.verifier_traits.verify_traits (SINGLE_BLOCK_OPS)",
        ("invalid_execution_region_with_two_blocks",),
    ),
    Rule(
        "linalg.generic's indexing maps: one per operand, no symbols, the operand's rank, invertible, the "
        "static shapes the loops imply (equal for a plain loop dimension, at least the largest index of a "
        "window), no negative index; one dimension per iterator type",
        "MLIR's IndexingMapOpInterface::verifyImpl ('inferred input/output operand #i has shape's dimension "
        "#d to be ...') and LinalgStructuredInterface ('expected indexing_map #i to have N dim(s) ...')",
        "ir.verifier_linalg._verify_indexing_maps, _verify_loop_domain",
        (
            "invalid_generic_operand_extent_differs_from_its_loops",
            "invalid_generic_window_past_its_input",
            "valid_generic_transpose_and_window",
        ),
    ),
    Rule(
        "named contractions (linalg.matmul, batch_matmul, matvec, vecmat, dot, batch_matvec, batch_vecmat): "
        "the static shapes their indexing maps imply, explicit or the op's defaults",
        "MLIR's IndexingMapOpInterface::verifyImpl on the named op's maps (LinalgNamedStructuredOps)",
        "ir.verifier_linalg._verify_contraction",
        ("invalid_matmul_depth_differs", "valid_vecmat_default_maps"),
    ),
    Rule(
        "every linalg structured op (generic, named contractions, fill, convolutions, poolings): one region "
        "argument per input and init, of its operand's element type",
        "MLIR's LinalgStructuredInterface ('expected as many non-induction variable region arguments ...', "
        "'expected type of bb argument #i ...')",
        "ir.verifier_linalg._verify_region_args",
        ("invalid_fill_region_argument_type_differs",),
    ),
    Rule(
        "linalg.softmax: the output's shape compatible with the input's, the dimension within the rank",
        "MLIR's SoftmaxOp::verify ('incompatible output shape', 'incorrect dimension specified')",
        "ir.verifier_linalg._verify_softmax",
        ("invalid_softmax_dimension_past_the_rank",),
    ),
    Rule(
        "iree_linalg_ext.sort: no inputs, an init at least, two comparator arguments per init of its element "
        "type, the dimension within the rank, one shape for all inits, the comparator yields one i1",
        "IREE's SortOp::verify (LinalgExtOps.cpp), before the destination-style check",
        "ir.verifier_linalg._verify_sort (on entering the op: ir.verifier_linalg.linalg_entry_rule)",
        ("invalid_sort_comparator_yields_two_values",),
    ),
    Rule(
        "iree_linalg_ext.winograd.filter_transform: one element type, a kernel of rank 2 or 4, kernel "
        "dimensions [0, 1] (HWCF) or [2, 3] (FCHW) of the kernel's size, the output tile x tile x C x F",
        "IREE's WinogradFilterTransformOp::verify (LinalgExtOps.cpp)",
        "ir.verifier_linalg._verify_winograd_filter (on entering the op)",
        ("invalid_winograd_filter_kernel_dimensions",),
    ),
    Rule(
        "iree_linalg_ext.winograd.input_transform / output_transform: one element type, ranks 2 and 2 or 4 and "
        "6 (input) / 6 and 4 (output), image dimensions [1, 2] or [2, 3], the output shape from the tile "
        "counts ceil((d - kernel + 1) / tile) (input) or d x tile (output), tiles in NHWC order",
        "IREE's WinogradInputTransformOp::verify and WinogradOutputTransformOp::verify (LinalgExtOps.cpp)",
        "ir.verifier_linalg._verify_winograd_input, _verify_winograd_output (on entering the op)",
        ("invalid_winograd_input_tile_count_differs", "invalid_winograd_output_image_size_differs"),
    ),
    Rule(
        "generic-form names: one table for the file, no shadowing, %x is %x#0, uses resolved by later "
        "definitions and then checked by the verifier",
        "MLIR's parser (OperationParser: no isolated name scopes in the generic form) and IsolatedFromAbove",
        "ir.parser (_define, _resolve, _close_names), ir.verifier_dominance.verify_isolation",
        (
            "invalid_value_of_another_function",
            "invalid_outer_name_redefined_in_a_nested_region",
            "valid_result_zero_named_without_an_index",
        ),
    ),
    Rule(
        "not a verify error: a result tied to an operand index outside the operand list",
        "IREE's verifyTiedOp checks one entry per result only (iree-opt accepts any index)",
        "ir.dialects.common.check_tied_operands, only under verify(runtime_checks=True) (the simulator's "
        "loader)",
        ("valid_dispatch_result_tied_past_the_operands",),
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
