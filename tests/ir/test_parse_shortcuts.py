"""The parser's shortcuts for large programs give what the long ways give: locations found from the last one
asked for, integer attributes parsed once per text, the first lines of a text read without splitting it
whole, and operand-less ops sharing one empty operand list."""

from __future__ import annotations

import bisect
import copy
import pickle
import random

import pytest

import ir
from ir import attributes as A
from ir.attr_parser import AttrTypeParser
from ir.core import _EMPTY, Operation
from ir.errors import IRError, ParseError
from ir.lexer import Lexer
from ir.loader import _lines, looks_generic
from tests.conftest import scale_ladder


def _table_location(text: str, pos: int) -> tuple[int, int]:
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    line = bisect.bisect_right(starts, pos)
    return line, pos - starts[line - 1] + 1


def test_locations_asked_in_any_order_are_the_line_tables() -> None:
    rng = random.Random(7)
    text = "".join(rng.choice(["a", "bc", "\n", "\r\n", " ", "\n\n", "é"]) for _ in range(400))
    positions = list(range(len(text) + 2))
    for order in (positions, positions[::-1], rng.sample(positions, len(positions))):
        lexer = Lexer(text, "f.mlir")
        for pos in order:
            location = lexer.location(pos)
            assert (location.line, location.col) == _table_location(text, pos), pos
            assert location.filename == "f.mlir"
    # forward in small steps with a jump back now and then, as a parse that reports an earlier position
    lexer = Lexer(text, "f.mlir")
    for pos in [p for q in range(0, len(text), 7) for p in (q, max(q - 30, 0), q + 3)]:
        assert (lexer.location(pos).line, lexer.location(pos).col) == _table_location(text, pos)


def test_op_locations_and_an_earlier_error_position() -> None:
    module = ir.load_text(scale_ladder(3), "ladder.mlir")
    text = scale_ladder(3)
    for op in module.op.walk():
        if op.location is None:
            continue
        lines = text.split("\n")
        assert lines[op.location.line - 1][op.location.col - 1] == '"', op  # the op name's quote
    # A redefinition is reported at the first result name, before the op's name the parser located.
    bad = '"builtin.module"() ({\n  %a = "t.x"() : () -> i32\n  %b, %a = "t.y"() : () -> (i32, i32)\n}) : () -> ()\n'
    with pytest.raises(ParseError, match=r"^bad\.mlir:3:7: redefinition of SSA value %a"):
        ir.parse_module(bad, "bad.mlir")


def _array(text: str) -> A.ArrayAttr:
    parser = AttrTypeParser(text, "a.mlir")
    attr = parser.parse_attribute()
    assert parser.pos == len(text)
    assert isinstance(attr, A.ArrayAttr)
    return attr


def test_integer_attributes_of_one_text_are_parsed_once() -> None:
    attr = _array("[-1 : index, -1 : index, 7 : i32, -1 : index, 7 : i64, 0x10 : i8, 0x10 : i8]")
    e = attr.elements
    assert e[0] is e[1] is e[3] and e[5] is e[6]
    assert e[2] is not e[4] and str(e[2]) != str(e[4])
    fresh = [AttrTypeParser(t, "b.mlir").parse_attribute() for t in ("-1 : index", "7 : i32", "7 : i64", "0x10 : i8")]
    assert [e[0], e[2], e[4], e[5]] == fresh
    assert str(attr) == "[-1 : index, -1 : index, 7 : i32, -1 : index, 7 : i64, 16 : i8, 16 : i8]"
    # Not one of those texts: a longer type name, a float type, a shaped type, a dialect type, a float.
    other = _array("[1 : i32, 1 : f32, 1.0 : f32, 2 : index, 2 : index]")
    assert other.elements[0] != other.elements[1] and isinstance(other.elements[1], A.FloatAttr)
    assert other.elements[3] is other.elements[4]


def test_a_bad_integer_after_a_cached_one_is_still_reported() -> None:
    with pytest.raises(ParseError) as caught:
        _array("[300 : i16, 300 : i16, 300 : i8]")
    assert str(caught.value).startswith("a.mlir:1:24: "), str(caught.value)
    with pytest.raises(ParseError, match="unknown type 'i32x'"):
        _array("[1 : i32, 1 : i32x]")


def test_first_lines_are_splitlines() -> None:
    rng = random.Random(3)
    pieces = ["a", "b", "\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "xyz" * 700]
    for _ in range(400):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        assert list(_lines(text)) == text.splitlines(), repr(text[:80])
    long_first = "// " + "x" * 10_000 + "\r\n" + '"builtin.module"() ({\n}) : () -> ()\n'
    assert list(_lines(long_first)) == long_first.splitlines()
    assert looks_generic(long_first)
    assert not looks_generic("// c\n" * 5000 + "module {\n}\n")


def test_ops_without_operands_share_one_empty_operand_list() -> None:
    module = ir.load_text(scale_ladder(3), "ladder.mlir")
    ops = list(module.op.walk())
    bare = [op for op in ops if not op.operands]
    assert len(bare) > 10 and all(op._operands is _EMPTY for op in bare)
    assert all(op._operands is not _EMPTY for op in ops if op.operands)
    value = next(op for op in ops if op.results).results[0]
    op = bare[0]
    with pytest.raises(IRError, match="shared empty list"):
        op._operands.append(value)
    uses = len(value.uses)
    op._append_operand(value)
    assert op.operands == (value,) and op._operands is not _EMPTY and len(value.uses) == uses + 1
    assert bare[1]._operands is _EMPTY
    op.drop_operands()
    assert op._operands is _EMPTY and len(value.uses) == uses
    op.set_operands([value, value])
    assert list(op.operands) == [value, value] and value.uses[-2:] == [(op, 0), (op, 1)]
    made = Operation("t.none")
    assert made._operands is _EMPTY
    made.set_operands([value])
    assert made.operands == (value,)
    printed = ir.print_generic(module)
    for other in (copy.deepcopy(module), pickle.loads(pickle.dumps(module))):
        assert ir.print_generic(other) == printed
        for copied in other.op.walk():
            if not copied.operands:
                copied._append_operand(copied.results[0] if copied.results else value)
                assert len(copied.operands) == 1


def test_every_op_class_is_made_as_the_parser_calls_it() -> None:
    """The parser calls an op's class with Operation.__init__'s arguments in their order (no keywords): an op
    class with a constructor of its own would be given them wrongly. Every registered class keeps
    Operation's, and a parsed op of each kind the parser makes is an instance of its class."""
    from ir.opdef import OP_CLASSES

    assert len(OP_CLASSES) > 100
    own = sorted(name for name, cls in OP_CLASSES.items() if cls.__init__ is not Operation.__init__)
    assert own == []
    op = ir.load_text('%0 = "stream.timepoint.immediate"() : () -> !stream.timepoint\n').body.ops[0]
    assert type(op) is OP_CLASSES["stream.timepoint.immediate"]
    assert op.op_name == "stream.timepoint.immediate" and len(op.results) == 1 and not op.operands
