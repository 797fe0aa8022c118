"""The parser's shortcuts for large programs give what the long ways give: locations found from the last one
asked for, integer attributes parsed once per text, the first lines of a text read without splitting it
whole, and operand-less ops sharing one empty operand list."""

from __future__ import annotations

import bisect
import copy
import pickle
import random
import re

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


def test_parsed_operation_is_the_constructor_without_its_checks() -> None:
    """ir.core.parsed_operation, the parser's constructor, makes the op Operation.__init__ makes from the
    same arguments: the same slots, the same uses appended to the operands, the dictionaries copied (the
    parser's caches share them); it keeps the lists it is given."""
    from ir.core import Block, Region, SourceLocation, Value, parsed_operation
    from ir.opdef import OP_CLASSES
    from ir.types import IndexType

    index = IndexType()
    a, b = Value(index, "a"), Value(index, "b")
    properties, attributes = {"value": A.IntegerAttr(1)}, {"x": A.UnitAttr()}
    where = SourceLocation("f.mlir", 3, 5)
    for cls, name in ((Operation, "t.op"), (OP_CLASSES["stream.async.dispatch"], "stream.async.dispatch")):
        made = []
        for trusted in (False, True):
            operands, regions, successors = [a, b, a], [Region([Block()])], [Block()]
            args = (name, operands, [index, index], properties, attributes, regions, successors, where)
            op = parsed_operation(cls, *args) if trusted else cls(*args)
            assert type(op) is cls and op.op_name == name and op.location is where and op.debug_loc is None
            assert op._operands == operands and [(r.type, r.op, r.index) for r in op.results] == [
                (index, op, 0),
                (index, op, 1),
            ]
            assert op.properties == properties and op.properties is not properties
            assert op.attributes == attributes and op.attributes is not attributes
            assert op.regions == regions and regions[0].parent is op and op.successors == successors
            assert op.parent is None
            made.append(op)
        for op in made:  # the same uses, each op's own
            assert [u for u in a.uses if u[0] is op] == [(op, 0), (op, 2)]
            assert [u for u in b.uses if u[0] is op] == [(op, 1)]
        bare = parsed_operation(cls, name, [], [], {}, {}, [], [], where)
        assert bare._operands is _EMPTY and bare.results is _EMPTY and bare.regions is _EMPTY
        assert bare.successors is _EMPTY and bare.properties == {} and bare.attributes == {}


_PLAIN_LIST_ERRORS = [
    # (the op's line, the message, the operand it names: the last one of that text in the line)
    ('%u = "t.use"(%c, %z) : (index, index) -> index', "use of undeclared SSA value %z", "%z"),
    ('%u = "t.use"(%c, %p#2) : (index, index) -> index', "%p#2 is out of range: %p has 2 results", "%p#2"),
    ('%u = "t.use"(%c, %c, %q) : (index, index, i32) -> index', "type mismatch for %q: defined as index", "%q"),
    ('%u = "t.use"(%c, %p#1, %c) : (index, i32, index) -> index', "type mismatch for %p: defined as index", "%p"),
    ('%u = "t.use"(%c,%c, %q) : (index, index, i32) -> index', "type mismatch for %q: defined as index", "%q"),
]


@pytest.mark.parametrize("line,message,operand", _PLAIN_LIST_ERRORS)
def test_an_operand_error_in_a_plain_list_is_at_its_operand(line: str, message: str, operand: str) -> None:
    """A plain operand list is read in one regex, its positions found again only for an operand that
    needs them: an error names the operand where it is (the last case, without the space after a comma,
    takes the general path)."""
    text = (
        '"builtin.module"() ({\n'
        '%c = "t.c"() : () -> index\n%p:2 = "t.p"() : () -> (index, index)\n%q = "t.q"() : () -> index\n'
        f"{line}\n}}) : () -> ()\n"
    )
    col = line.rindex(operand) + 1
    with pytest.raises(ParseError, match=rf"^f\.mlir:5:{col}: {re.escape(message)}"):
        ir.parse_module(text, "f.mlir")


def test_a_forward_use_in_a_plain_list_keeps_its_place() -> None:
    """An operand used before its definition, found in a plain list, is reported (undeclared, or a later
    use of another type) at that first use."""
    head = '"builtin.module"() ({\n%c = "t.c"() : () -> index\n'
    use = '%u = "t.use"(%c, %c, %later) : (index, index, index) -> index'
    with pytest.raises(ParseError, match=rf"^f\.mlir:3:{use.index('%later') + 1}: use of undeclared SSA value %later"):
        ir.parse_module(head + use + "\n}) : () -> ()\n", "f.mlir")
    clash = head + (
        '%u = "t.use"(%c, %later) : (index, index) -> index\n'
        '%v = "t.use"(%later, %c) : (i32, index) -> index\n'
        '%later = "t.c"() : () -> index\n}) : () -> ()\n'
    )
    with pytest.raises(ParseError, match=r"^f\.mlir:4:14: type mismatch for %later: used as index before"):
        ir.parse_module(clash, "f.mlir")
