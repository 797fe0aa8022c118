"""The structure of a module, as the differential tests of the passes compare it with IREE's output.

Two modules have the same structure when :func:`structure` gives the same lines for both. The summary
lists, per top-level op (functions, initializers, globals), every op of its body in pre-order with its
operands, attributes, result types, successors and nested blocks. What it leaves out is what IREE's
passes leave to chance or to later cleanups:

- SSA names: values are numbered in order of definition, per top-level op (``%0``, ``%1``; block
  arguments are numbered where their block opens).
- Constants: ``arith.constant`` and ``stream.timepoint.immediate`` are not listed; a use of one shows its
  value inline (``imm``, ``c(8 : index)``), so where a pass placed a constant, and whether two uses share
  one, does not matter.
- Dead pure ops: an op without side effects whose results are unused (a join whose uses a pass has
  replaced, a dead size computation) is dropped, repeatedly, as MLIR's dead code elimination would.

Everything else counts: which execution regions exist and the ops in each, waves (``stream.cmd.concurrent``),
awaits and joins with their operands, allocation sizes (as constants inline), and every type.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f() -> !stream.timepoint {
...   %a = stream.timepoint.immediate => !stream.timepoint
...   %b = stream.timepoint.immediate => !stream.timepoint
...   %j = stream.timepoint.join max(%a, %b) => !stream.timepoint
...   util.return %j : !stream.timepoint
... }''')
>>> print("\\n".join(structure(m)))  # doctest: +ELLIPSIS
util.func {function_type = () -> !stream.timepoint, sym_name = "f", sym_visibility = "public", ...}
  ^bb0()
    %0 = stream.timepoint.join(imm, imm) -> !stream.timepoint
    util.return(%0)
"""

from __future__ import annotations

from ir import Block, Module, Operation, Value

# Ops listed by their value where they are used, never as ops.
_CONSTANT_OPS = frozenset({"arith.constant", "stream.timepoint.immediate"})
# Ops without side effects, dropped when all their results are unused.
_PURE_PREFIXES = ("arith.", "affine.", "index.")
_PURE_OPS = frozenset(
    {
        "stream.timepoint.immediate",
        "stream.timepoint.join",
        "stream.resource.size",
        "stream.tensor.sizeof",
        "util.global.load",
        "util.null",
        "util.align",
        "util.sizeof",
    }
)
# Attributes that say where text came from, not what it means.
_IGNORED_ATTRS = frozenset({"loc"})


def _pure(op: Operation) -> bool:
    return not op.regions and (op.op_name in _PURE_OPS or op.op_name.startswith(_PURE_PREFIXES))


def _live_ops(root: Operation) -> set[int]:
    """ids of the ops of ``root`` that survive dead code elimination of pure ops."""
    ops = root.walk_list()[1:]
    uses: dict[int, int] = {}
    for op in ops:
        for r in op.results:
            uses[id(r)] = len(r.uses)
    dead: set[int] = set()
    changed = True
    while changed:
        changed = False
        for op in ops:
            if id(op) in dead or not op.results or not _pure(op):
                continue
            if all(uses[id(r)] == 0 for r in op.results):
                dead.add(id(op))
                changed = True
                for v in op.operands:
                    if id(v) in uses:
                        uses[id(v)] -= 1
    return {id(op) for op in ops if id(op) not in dead}


def _attrs(op: Operation) -> str:
    merged = {**op.attributes, **op.properties}
    items = [f"{k} = {merged[k]}" for k in sorted(merged) if k not in _IGNORED_ATTRS]
    return " {" + ", ".join(items) + "}" if items else ""


class _Namer:
    def __init__(self) -> None:
        self.names: dict[int, str] = {}
        self.blocks: dict[int, str] = {}

    def define(self, v: Value) -> str:
        name = f"%{len(self.names)}"
        self.names[id(v)] = name
        return name

    def block(self, b: Block) -> str:
        return self.blocks.setdefault(id(b), f"^bb{len(self.blocks)}")

    def use(self, v: Value) -> str:
        op = v.defining_op
        if op is not None and op.op_name in _CONSTANT_OPS:
            if op.op_name == "stream.timepoint.immediate":
                return "imm"
            return f"c({op.attr('value')})"
        return self.names.get(id(v), f"<undefined {v.type}>")


def _lines(op: Operation, namer: _Namer, live: set[int], depth: int, out: list[str]) -> None:
    pad = "  " * depth
    for region in op.regions:
        for block in region.blocks:
            namer.block(block)
        for block in region.blocks:
            args = ", ".join(f"{namer.define(a)}: {a.type}" for a in block.args)
            out.append(f"{pad}{namer.block(block)}({args})")
            for child in block.ops:
                if id(child) not in live or child.op_name in _CONSTANT_OPS:
                    continue
                results = [namer.define(r) for r in child.results]
                lhs = f"{', '.join(results)} = " if results else ""
                operands = ", ".join(namer.use(v) for v in child.operands)
                succ = (
                    " [" + ", ".join(namer.block(b) for b in child.successors) + "]"
                    if child.successors
                    else ""
                )
                types = " -> " + ", ".join(str(r.type) for r in child.results) if child.results else ""
                out.append(f"{pad}  {lhs}{child.op_name}({operands}){succ}{_attrs(child)}{types}")
                if child.regions:
                    _lines(child, namer, live, depth + 2, out)


def structure(module: Module) -> list[str]:
    """The lines that say what ``module`` does, blind to SSA names, constant placement and dead pure ops."""
    out: list[str] = []
    for top in module.body.ops:
        out.append(f"{top.op_name}{_attrs(top)}")
        if top.regions:
            _lines(top, _Namer(), _live_ops(top), 1, out)
    return out
