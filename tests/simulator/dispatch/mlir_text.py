"""Helpers that write small test functions in MLIR's generic form, for the dispatch interpreter tests."""

from __future__ import annotations

from typing import Any

import ir
from ir.core import Operation
from simulator.dispatch import evaluate_function


def func(args: list[str], results: list[str], body: str, *, filename: str = "<test>") -> Operation:
    """``func.func @f(args) -> results`` with ``body`` (generic ops using ``%a0``, ``%a1``...)."""
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    text = (
        '"builtin.module"() ({\n'
        f'  "func.func"() <{{function_type = ({", ".join(args)}) -> ({", ".join(results)}), sym_name = "f"}}> ({{\n'
        f"  ^bb0({params}):\n{body}\n"
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )
    module = ir.parse_module(text, filename)
    return next(op for op in module.walk() if op.op_name == "func.func")


def iterators(kinds: list[str]) -> str:
    return "[" + ", ".join(f"#linalg.iterator_type<{k}>" for k in kinds) + "]"


def maps(texts: list[str]) -> str:
    return "[" + ", ".join(f"affine_map<{t}>" for t in texts) + "]"


def generic(
    result: str,
    ins: list[tuple[str, str]],
    outs: list[tuple[str, str]],
    indexing: list[str],
    kinds: list[str],
    block_types: list[str],
    body: list[str],
    yields: list[tuple[str, str]],
) -> str:
    """One ``linalg.generic`` op; ``body`` lines use ``%b0``, ``%b1``... for the block arguments."""
    operands = ", ".join(n for n, _ in ins + outs)
    types = ", ".join(t for _, t in ins + outs)
    res_types = ", ".join(t for _, t in outs)
    bargs = ", ".join(f"%b{i}: {t}" for i, t in enumerate(block_types))
    lines = "\n".join(f"      {line}" for line in body)
    ylist = ", ".join(v for v, _ in yields)
    ytypes = ", ".join(t for _, t in yields)
    head = f"{result}:{len(outs)}" if len(outs) > 1 else result
    return (
        f'    {head} = "linalg.generic"({operands}) <{{indexing_maps = {maps(indexing)}, '
        f"iterator_types = {iterators(kinds)}, operandSegmentSizes = array<i32: {len(ins)}, {len(outs)}>}}> ({{\n"
        f"    ^bb0({bargs}):\n{lines}\n"
        f'      "linalg.yield"({ylist}) : ({ytypes}) -> ()\n'
        f"    }}) : ({types}) -> ({res_types})"
    )


def run(args_types: list[str], results: list[str], body: str, *args: Any) -> list[Any]:
    return evaluate_function(func(args_types, results, body), list(args))


def ret(values: list[tuple[str, str]]) -> str:
    return f'    "func.return"({", ".join(v for v, _ in values)}) : ({", ".join(t for _, t in values)}) -> ()'
