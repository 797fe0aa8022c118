"""The parser's whole-line reading of ops of the commonest generic shape (:meth:`ir.parser.Parser._line_ops`).

A scale program is mostly lines like ``%r = "stream.async.dispatch"(%a, %b) <{...}> : (...) -> ...``: one
regex takes such a line's head, the rest of the line is looked up in the parser's tail caches, and the op
is built in place, where the general path (``parse_operation``) takes six calls. It takes a line only when
nothing can go wrong; anything else is left, untouched, to the general path and its errors.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ir import types as T
from ir.core import _EMPTY, Block, Operation, OpResult, Value, _operation_init, source_location
from ir.opdef import OP_ALIASES, OP_CLASSES, lookup_op_class

if TYPE_CHECKING:
    from ir.parser import Parser

# The head of an op of the commonest shape, from the end of the text before it: blanks and line ends, one
# result name (or none), the quoted name, and the text between the operands' parentheses (read_line_ops
# takes it as a plain operand list only if each of its parts is a value reference it knows).
_LINE_OP = re.compile(r'[ \t\r\n]*(?:%([A-Za-z0-9_$.\-]+) = )?"([^"\\\n]+)"\(([^()\n]*)\)')
_op_class = OP_CLASSES.get
_new_object = object.__new__
_OpResult = OpResult
_FunctionType = T.FunctionType


def read_line_ops(parser: Parser, block: Block) -> bool:
    """Read the ops of the commonest shape that come next, each on a line of its own, into ``block``;
    whether it read any. An op qualifies when :data:`_LINE_OP` matches it, its tail is one the tail
    caches know (so it has no regions or successors and its type is known), it has at most one result
    name, and each operand is a value defined before with the type the signature gives it. That is what
    :meth:`~ir.parser.Parser.parse_operation` reads from such a line, with no error possible; it builds the op as
    :func:`~ir.core.parsed_operation` does. Anything else (a comment, regions, a result list, a use
    before its definition, a count or type that does not fit, an op class with an ``__init__`` of its
    own) stops here with nothing changed, and the general path reads that op and reports its errors."""
    text = parser.text
    if parser._base is not None:
        return False
    match = _LINE_OP.match
    tails = parser._tail_cache.get
    masked, parse_tail = parser._masked.hit, parser._parse_tail_text
    values = parser.values
    defined = parser.defined_in[-1]
    ops = block.ops
    filename = parser.filename
    cursor, line, line_start = parser._cursor, parser._cursor_line, parser._cursor_line_start
    read = False
    while True:
        m = match(text, parser.pos)
        if m is None:
            break
        name, op_name, operand_text = m.groups()
        tail_pos = m.end()
        eol = text.find("\n", tail_pos)
        tail = text[tail_pos : eol if eol >= 0 else len(text)].rstrip()
        hit = tails(tail) or masked(tail, parse_tail)
        if hit is None:
            break
        properties, attributes, fn, debug_loc = hit[0], hit[1], hit[2], hit[3]
        if type(fn) is not _FunctionType:
            break
        inputs, results = fn.inputs, fn.results
        if name is not None and (len(results) != 1 or name in values or parser.forward):
            break
        cls = _op_class(op_name)
        if cls is None:
            cls = lookup_op_class(op_name) if op_name in OP_ALIASES else None
            if cls is None:
                cls = Operation
        if cls.__init__ is not _operation_init:
            break
        q = m.start(2) - 1  # the op's location: its name's quote (Lexer.location below, written out)
        if q < cursor:
            break
        op = _new_object(cls)
        if operand_text:
            refs = operand_text.split(", ")
            if len(refs) != len(inputs):
                break
            # _finish_operation's resolution of a value defined before, with the op's uses added as
            # parsed_operation adds them; taken back if one operand is not such a value. A part is a
            # plain reference (what _OPERAND_LIST reads) when it is `%` and a name of the table (only
            # names _VALUE_ID reads are there), with `#` and ASCII digits after it or not.
            operands: list[Value] = []
            i = 0
            for ref in refs:
                if ref[:1] != "%":
                    break
                if "#" in ref:
                    ref, number = ref[1:].split("#", 1)
                    found = values.get(ref)
                    if found is None or not (number.isdigit() and number.isascii()):
                        break
                    k = int(number)
                    if k >= len(found):
                        break
                    value = found[k]
                else:
                    found = values.get(ref[1:])
                    if found is None:
                        break
                    value = found[0]
                if value.type is not inputs[i]:
                    break
                value.uses.append((op, i))
                operands.append(value)
                i += 1
            if i != len(refs):
                for value in operands:
                    value.uses.pop()
                break
            op._operands = operands
        else:
            if inputs:
                break
            op._operands = _EMPTY
        newlines = text.count("\n", cursor, q)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", cursor, q) + 1
        cursor = q
        location = source_location(filename, line, q - line_start + 1)
        op.op_name = op_name
        if len(results) == 1:  # OpResult(results[0], op, 0), its __init__ written out
            result = _new_object(_OpResult)
            result.type = results[0]
            result.name_hint = None
            result.uses = []
            result.op = op
            result.index = 0
            op.results = [result]
        else:
            op.results = [_OpResult(t, op, i) for i, t in enumerate(results)] if results else _EMPTY
        op.properties = dict(properties) if properties else {}
        op.attributes = dict(attributes) if attributes else {}
        op.regions = _EMPTY
        op.successors = _EMPTY
        op.parent = block
        op.location = location
        op.debug_loc = debug_loc
        ops.append(op)
        if name is not None:
            values[name] = op.results
            defined.append(name)
        parser.pos = tail_pos + len(tail)
        read = True
    parser._cursor, parser._cursor_line, parser._cursor_line_start = cursor, line, line_start
    return read
