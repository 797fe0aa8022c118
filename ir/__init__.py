"""The object IR for stream programs: types, attributes, values, ops, blocks, regions and modules.

Text goes in and out in MLIR's generic form (:func:`parse_module`, :func:`print_generic`); programs can
also be built in Python (:class:`ProgramBuilder`). :func:`verify` checks dominance, types, segment sizes
and each op's own rules.
"""

from __future__ import annotations

from ir import attributes, dialects, types
from ir.builder import KERNEL_ATTR, Builder, ProgramBuilder, create, rebuild_op
from ir.core import Block, BlockArgument, Operation, OpResult, Region, SourceLocation, Value
from ir.errors import BuildError, IRError, ParseError, VerifyError
from ir.loader import load_file, load_text
from ir.module import Module
from ir.opdef import OP_ALIASES, OP_CLASSES, lookup_op_class
from ir.parser import parse_module
from ir.printer import print_generic
from ir.verifier import verify

__all__ = [
    "KERNEL_ATTR",
    "OP_ALIASES",
    "OP_CLASSES",
    "Block",
    "BlockArgument",
    "BuildError",
    "Builder",
    "IRError",
    "Module",
    "OpResult",
    "Operation",
    "ParseError",
    "ProgramBuilder",
    "Region",
    "SourceLocation",
    "Value",
    "VerifyError",
    "attributes",
    "create",
    "rebuild_op",
    "dialects",
    "load_file",
    "load_text",
    "lookup_op_class",
    "parse_module",
    "print_generic",
    "types",
    "verify",
]
