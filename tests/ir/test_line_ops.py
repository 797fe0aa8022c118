"""The parser's whole-line reading of ops (``Parser._line_ops``) gives what its general path gives: the same
ops, values, uses, locations and debug locations, and the same error at the same place for every op it
declines. Each text is parsed twice, the second time with the line reading turned off."""

from __future__ import annotations

import pathlib

import pytest

import ir
from ir.errors import ParseError
from ir.parser import Parser
from tests.conftest import scale_ladder

FIXTURES = pathlib.Path(__file__).parents[1] / "fixtures" / "iree"
GENERIC = sorted(FIXTURES.glob("*/*.generic.mlir"))


def _facts(module: ir.Module) -> list[object]:
    """Every op's class, name, place, debug location, attributes (with their classes), operands as the
    (op index, result) or (block, argument) they are, result types, and its results' uses."""
    ops = list(module.walk())
    index = {id(o): i for i, o in enumerate(ops)}

    def where(v: object) -> object:
        op = getattr(v, "op", None)
        if op is not None:
            return ("r", index[id(op)], v.index)  # type: ignore[attr-defined]
        return ("a", v.index, str(v.type))  # type: ignore[attr-defined]

    rows: list[object] = []
    for o in ops:
        loc = o.location
        rows.append(
            (
                type(o).__name__,
                o.op_name,
                (loc.filename, loc.line, loc.col) if loc is not None else None,
                o.debug_loc,
                [(k, type(v).__name__, v) for d in (o.properties, o.attributes) for k, v in d.items()],
                [where(v) for v in o.operands],
                [(str(r.type), r.index, r.name_hint, r.op is o, type(r).__name__) for r in o.results],
                [[(index[id(u)], i) for u, i in r.uses] for r in o.results],
                index[id(o.parent_op)] if o.parent_op is not None else None,
            )
        )
    return rows


def _both(text: str, name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object, int]:
    """The parse (or its error) with the line reading and without it, and how many ops it read."""
    read = [0]
    line_ops = Parser._line_ops

    def counted(self: Parser, block: ir.Block) -> bool:
        before = len(block.ops)
        got = line_ops(self, block)
        read[0] += len(block.ops) - before
        return got

    def parse() -> object:
        try:
            return _facts(ir.parse_module(text, name))
        except ParseError as e:
            return ("error", str(e))

    with monkeypatch.context() as m:
        m.setattr(Parser, "_line_ops", counted)
        fast = parse()
    with monkeypatch.context() as m:
        m.setattr(Parser, "_line_ops", lambda self, block: False)
        general = parse()
    return fast, general, read[0]


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixtures_read_by_lines_are_the_general_parse(path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, general, _ = _both(path.read_text(), str(path), monkeypatch)
    assert fast == general


def test_the_scale_program_is_read_by_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    text = scale_ladder(20)
    fast, general, read = _both(text, "ladder.mlir", monkeypatch)
    assert fast == general
    assert isinstance(fast, list)
    assert read > 0.8 * len(fast)  # most ops took the line reading (87% at 20 layers)


_HEAD = '"builtin.module"() ({\n  %a = "t.x"() : () -> i32\n  %a2 = "t.x"() : () -> i32\n  "t.y"(%a) : (i32) -> ()\n'
_END = "}) : () -> ()\n"


@pytest.mark.parametrize(
    "body",
    [
        '  "t.y"(%a, %a2) : (i32) -> ()\n',  # operand count against a cached signature
        '  %b = "t.z"() : () -> i64\n  "t.z"() : () -> i64\n  "t.y"(%b) : (i32) -> ()\n',  # operand type
        '  "t.y"(%zz) : (i32) -> ()\n',  # never defined
        '  %a = "t.x"() : () -> i32\n',  # redefinition
        '  "t.w"() : () -> ()\n  %c = "t.w"() : () -> ()\n',  # a name for no result
        '  "t.v"() : () -> (i32, i32)\n  %c = "t.v"() : () -> (i32, i32)\n',  # one name for two results
        '  "t.y"(%a#1) : (i32) -> ()\n',  # result number out of range
        '  "t.y"(%a#0) : (i32) -> ()\n  "t.y"(%a2#0) : (i32) -> ()\n',  # result number 0
        '  "t.y"(%later) : (i32) -> ()\n  %later = "t.x"() : () -> i32\n  "t.y"(%later) : (i32) -> ()\n',
        '  "t.y"(%later) : (i32) -> ()\n  %later = "t.x"() : () -> i64\n',  # forward use, other type
        '  // a comment\n  "t.y"(%a) : (i32) -> () // after\n  "t.y"(%a2) : (i32) -> ()\n',
        '  "t.y"(%a) : (i32) -> () loc("f":1:2)\n  "t.y"(%a2) : (i32) -> () loc("f":1:2)\n',
        '  "t.y"(%a) : (i32) -> ()\r\n  "t.y"(%a2) : (i32) -> ()  \n',
        '  "t.y"(%a) : i32\n',  # not a function type
        '  "t.y"(%a)  : (i32) -> ()\n  "t.y"(%a2)  : (i32) -> ()\n  ^bb1:\n  "t.y"(%a2)  : (i32) -> ()\n',
        '  "t.y"(%a) : (i32) -> ()\n  "" (%a) : (i32) -> ()\n',  # no name
        '  "stream.async.dispatch"(%a) : (i32) -> ()\n  "stream.async.dispatch"(%a2) : (i32) -> ()\n',
        '  "t.y"(%a,%a2) : (i32) -> ()\n',  # operand lists not as MLIR prints them
        '  "t.y"(%a , %a2) : (i32) -> ()\n',
        '  "t.y"(%a, ) : (i32) -> ()\n',
        '  "t.y"(%a#x) : (i32) -> ()\n',
        '  "t.y"(%a#) : (i32) -> ()\n',
        '  "t.y"(%a#00) : (i32) -> ()\n  "t.y"(%a#\u0660) : (i32) -> ()\n',  # (Arabic-Indic zero: \\d)
        '  "t.y"(%a#0#0) : (i32) -> ()\n',
        '  "t.y"(%) : (i32) -> ()\n',
        '  "t.y"(a) : (i32) -> ()\n',
        '  %v:2 = "t.v"() : () -> (i32, i32)\n  "t.y"(%v#1) : (i32) -> ()\n  "t.y"(%v) : (i32) -> ()\n'
        '  "t.y"(%v#01) : (i32) -> ()\n  "t.y"(%v#2) : (i32) -> ()\n',
        '  %g = "util.global.load"() <{global = @w0}> : () -> i32\n'
        '  %h = "util.global.load"() <{global = @w1}> : () -> i32\n  "t.y"(%h) : (i32) -> ()\n',
    ],
)
def test_a_line_op_the_line_reading_declines_is_read_or_reported_as_before(
    body: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast, general, _ = _both(_HEAD + body + _END, "bad.mlir", monkeypatch)
    assert fast == general
