"""Every fixture parses, verifies, prints in generic form and re-parses to the same IR."""

from __future__ import annotations

import pathlib

import pytest

import ir
from ir.core import Operation

FIXTURES = pathlib.Path(__file__).parents[1] / "fixtures" / "iree"
GENERIC = sorted(FIXTURES.glob("*/*.generic.mlir"))


def _signature(op: Operation) -> list[tuple[object, ...]]:
    """Op names, operand/result counts and types, attribute values, in walk order."""
    rows = []
    for o in op.walk():
        rows.append(
            (
                o.op_name,
                tuple(str(v.type) for v in o.operands),
                tuple(str(r.type) for r in o.results),
                tuple(sorted((k, str(v)) for k, v in o.properties.items())),
                tuple(sorted((k, str(v)) for k, v in o.attributes.items())),
                len(o.regions),
            )
        )
    return rows


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_generic_fixture_roundtrips(path: pathlib.Path) -> None:
    module = ir.load_file(str(path))
    ir.verify(module)
    printed = ir.print_generic(module)
    again = ir.parse_module(printed, "<printed>")
    ir.verify(again)
    assert _signature(again.op) == _signature(module.op)
    assert ir.print_generic(again) == printed  # printing is idempotent


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_generic_fixture_keeps_every_op(path: pathlib.Path) -> None:
    text = path.read_text()
    module = ir.parse_module(text, str(path))
    # Every op of the text is in the IR: count generic op names in the source.
    import re

    names = re.findall(r'^\s*(?:%[^=]+=\s*)?"([a-z_][\w.]*)"\(', text, flags=re.M)
    assert sum(module.op_histogram().values()) == len(names)


def test_parser_keeps_aliases_and_uses_them() -> None:
    text = (FIXTURES / "mlp" / "cmd.generic.mlir").read_text()
    module = ir.parse_module(text, "mlp")
    assert "map" in module.attr_aliases
    printed = ir.print_generic(module)
    assert printed.startswith("#executable_target_embedded_elf_x86_64 = #hal.executable.target<")
    assert "indexing_maps = [#map, #map1, #map2]" in printed


def test_parser_resolves_structured_attributes() -> None:
    module = ir.load_file(str(FIXTURES / "mlp" / "cmd.generic.mlir"))
    loads = [op for op in module.walk() if op.op_name == "stream.cmd.parameter.load"]
    assert len(loads) == 1
    affinity = loads[0].attr("affinity")
    assert isinstance(affinity, ir.attributes.DeviceAffinityAttr)
    assert affinity.device.root == "__device_0" and affinity.queues is None
    sizes = loads[0].attr("operandSegmentSizes")
    assert sizes == ir.attributes.segment_sizes(1, 3, 3, 3, 0)


def test_parser_reads_forward_references_within_a_region() -> None:
    text = """"builtin.module"() ({
  "util.func"() <{function_type = () -> (), sym_name = "f"}> ({
    "test.use"(%1) : (index) -> ()
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    "util.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"""
    module = ir.parse_module(text)
    use = next(op for op in module.walk() if op.op_name == "test.use")
    assert use.operands[0].defining_op.op_name == "arith.constant"
    with pytest.raises(ir.VerifyError, match="does not dominate"):
        ir.verify(module)


def test_dense_elements_to_numpy() -> None:
    text = """"builtin.module"() ({
  %0 = "arith.constant"() <{value = dense<[[1.0, 2.0], [3.0, 4.5]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %1 = "arith.constant"() <{value = dense<7> : tensor<3xi8>}> : () -> tensor<3xi8>
  %2 = "arith.constant"() <{value = dense<"0x0000803F00000040"> : tensor<2xf32>}> : () -> tensor<2xf32>
}) : () -> ()
"""
    module = ir.parse_module(text)
    ops = [op for op in module.walk() if op.op_name == "arith.constant"]
    a, b, c = (op.attr("value").to_numpy() for op in ops)
    assert a.dtype.name == "float32" and a.tolist() == [[1.0, 2.0], [3.0, 4.5]]
    assert b.dtype.name == "int8" and b.tolist() == [7, 7, 7]
    assert c.tolist() == [1.0, 2.0]


def test_parser_reads_a_labelled_block_without_ops() -> None:
    # IREE's generic print of an empty module: a labelled entry block that holds nothing.
    module = ir.load_text('"builtin.module"() ({\n^bb0:\n}) : () -> ()\n', "empty.mlir")
    assert list(module.body.ops) == []
    text = '"builtin.module"() ({\n^bb0:\n^bb1:\n  "test.op"() : () -> ()\n}) : () -> ()\n'
    blocks = ir.load_text(text, "two.mlir").op.regions[0].blocks
    assert [len(list(b.ops)) for b in blocks] == [0, 1]


def test_repeated_op_tails_are_parsed_once_and_give_the_same_ops() -> None:
    """The parser caches the rest of an op's line (properties, type, loc) by its text: a later op of the
    same tail is a cache hit, and it is the op a full parse gives, with its own location and dicts."""
    from ir.parser import Parser

    op_line = '    %{0} = "arith.constant"() <{{value = 3 : i32}}> : () -> i32{1}\n'
    loc = ' loc("f.py":7:2)'
    text = (
        '"builtin.module"() ({\n  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({\n'
        + "".join(op_line.format(name, tail) for name, tail in [("a", ""), ("b", ""), ("c", loc), ("d", loc)])
        + '    "func.return"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n'
    )
    parser = Parser(text, "t.mlir")
    module = parser.parse_module()
    # Both tails are stored (with and without a location), so ops b and d were cache hits.
    assert sorted(t for t in parser._tail_cache if "value = 3" in t) == [
        " <{value = 3 : i32}> : () -> i32",
        " <{value = 3 : i32}> : () -> i32" + loc,
    ]
    consts = [o for o in module.op.walk() if o.op_name == "arith.constant"]
    assert [(o.location.line, o.location.col, o.debug_loc) for o in consts] == [
        (3, 10, None),
        (4, 10, None),
        (5, 10, loc.strip()),
        (6, 10, loc.strip()),
    ]
    assert consts[0].properties == consts[1].properties
    assert consts[0].properties is not consts[1].properties
    again = ir.parse_module(ir.print_generic(module), "<printed>")
    assert _signature(again.op) == _signature(module.op)


def test_op_tails_that_differ_in_a_name_reuse_one_parse() -> None:
    """Tails that differ only in a name (a global's sym_name, a load's @global, a parameter's key) reuse the
    first one's parse with that name put in: the ops are those a full parse gives, with their own locations,
    and an error after the tail is reported where a full parse reports it (the name's length moves it)."""
    from ir.parser import Parser

    globals_ = "".join(
        f'  "util.global"() <{{sym_name = "{n}", sym_visibility = "private", type = i32}}> : () -> ()\n'
        for n in ("w0", "weight_long_name", "b")
    )
    body = "".join(
        f'    %{i} = "util.global.load"() <{{global = @{n}}}> : () -> i32\n'
        f'    %p{i} = "test.param"() <{{value = #stream.parameter.named<"model"::"{n}"> : tensor<4xf32>}}> : () -> i1\n'
        for i, n in enumerate(("w0", "weight_long_name", "b"))
    )
    text = (
        '"builtin.module"() ({\n'
        + globals_
        + '  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({\n'
        + body
        + '    "func.return"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n'
    )
    parser = Parser(text, "t.mlir")
    calls = 0
    full = parser._parse_dict_body

    def counted(close: str):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return full(close)

    parser._parse_dict_body = counted  # type: ignore[method-assign]
    module = parser.parse_module()
    # One full parse of each kind of tail (the three kinds and the func's properties); the check of where a
    # name goes parses the tail again, in a parser of its own.
    assert calls == 4
    walked = list(module.op.walk())
    names = ["w0", "weight_long_name", "b"]
    assert [o.attr("sym_name").value for o in walked if o.op_name == "util.global"] == names
    assert [o.attr("global").root for o in walked if o.op_name == "util.global.load"] == names
    params = [o.attr("value") for o in walked if o.op_name == "test.param"]
    assert [(p.scope, p.key, str(p.type)) for p in params] == [
        ("model", "w0", "tensor<4xf32>"),
        ("model", "weight_long_name", "tensor<4xf32>"),
        ("model", "b", "tensor<4xf32>"),
    ]
    assert [o.location.line for o in walked if o.op_name == "util.global.load"] == [6, 8, 10]
    again = ir.parse_module(text, "t.mlir")
    assert ir.print_generic(module) == ir.print_generic(again)
    assert _signature(module.op) == _signature(ir.parse_module(ir.print_generic(module), "<printed>").op)
    # An operand count the type does not match, in an op whose tail the cache gave from a shorter name's:
    # reported at the type, as a full parse reports it.
    lines = [
        '"builtin.module"() ({',
        '  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({',
        '    %a = "test.def"() : () -> i32',
        '    %0 = "util.global.load"(%a) <{global = @w0}> : (i32) -> i32',
        '    %1 = "util.global.load"() <{global = @weight_long_name}> : (i32) -> i32',
        '    "func.return"() : () -> ()',
        "  }) : () -> ()",
        "}) : () -> ()",
    ]
    with pytest.raises(ir.ParseError) as caught:
        ir.parse_module("\n".join(lines) + "\n", "t.mlir")
    column = lines[4].index("(i32) -> i32") + 1
    assert str(caught.value).startswith(f"t.mlir:5:{column}: "), str(caught.value)
    assert "has 0 operands but its type lists 1" in str(caught.value)


def test_long_type_lists_take_cached_types_without_a_full_type_parse() -> None:
    """A signature of thousands of types (an execute over every parameter) takes each type it has seen
    before by one match and a cache lookup: parse_type runs once per distinct spelling (plus the list's
    odd ones: spaces, a newline, a nested function type), and the types are those a full parse gives."""
    from ir import types as T
    from ir.attr_parser import AttrTypeParser

    n = 2000
    inputs = ", ".join(["index", "!stream.resource<constant>"] * n)
    odd = "i32 ,  index,\n  (index) -> i1, tensor<4xf32>"
    results = ", ".join(["!stream.resource<constant>"] * n)
    text = f"({inputs}, {odd}) -> ({results}, !stream.timepoint)"
    parser = AttrTypeParser(text)
    calls = 0
    full = parser.parse_type

    def counted() -> T.Type:
        nonlocal calls
        calls += 1
        return full()

    parser.parse_type = counted  # type: ignore[method-assign]
    fn = parser._parse_function_type()
    assert parser.pos == len(text)
    assert calls <= 10  # index, resource, i32, the next index (after "  "), the nested type and its parts...
    resource = T.ResourceType("constant")
    assert fn.inputs[: 2 * n] == (T.index, resource) * n
    assert fn.inputs[2 * n :] == (
        T.IntegerType(32),
        T.index,
        T.FunctionType((T.index,), (T.IntegerType(1),)),
        AttrTypeParser("tensor<4xf32>").parse_type(),
    )
    assert fn.results == (resource,) * n + (T.TimepointType(),)
    assert fn == AttrTypeParser(text).parse_type()
    # Errors are those of the full parse, at the same place: where MLIR puts a wrong token (after the comma).
    with pytest.raises(ir.ParseError, match=r"<string>:1:15: expected a type, found '\) -> \(\)'"):
        AttrTypeParser("(index, index, ) -> ()").parse_type()


@pytest.mark.parametrize(
    ("text", "close", "body"),
    [
        ("a(b)c) rest", ")", "a(b)c"),
        ('x, ")", (")"), y) z', ")", 'x, ")", (")"), y'),
        ("i32, (index) -> i1> tail", ">", "i32, (index) -> i1"),
        ("<a<b>> c>", ">", "<a<b>> c"),
        ("no brackets here] after", "]", "no brackets here"),
    ],
)
def test_balanced_skips_to_the_closing_bracket(text: str, close: str, body: str) -> None:
    from ir.lexer import Lexer

    lexer = Lexer(text)
    open_ = {")": "(", ">": "<", "]": "["}[close]
    assert lexer.balanced(open_, close) == body
    assert lexer.pos == len(body) + 1
    with pytest.raises(ir.ParseError, match="unterminated '\\(': no matching '\\)'"):
        Lexer("a (b) c").balanced("(", ")")
    with pytest.raises(ir.ParseError, match="unterminated string literal"):
        Lexer('a "b').balanced("(", ")")


def test_tails_that_differ_in_a_name_of_another_kind_or_place_give_a_full_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    """The masked-tail cache gives what a full parse gives: a string where a kept tail had a symbol (and the
    reverse) is not put in as the kept kind (it read ``"w2"`` as ``@w2``), and the match of a tail against a
    kept tail's text around a name holds for names next to others, at the end, with dots and dashes, and
    strings holding an ``@``. Compared op by op with a parse whose masked cache never hits."""
    from ir.tail_cache import MaskedTails

    refs = ["@w0", "@w1", '"w2"', "@w3", "@w-4.x", '"a@b"', '"c"', "@w1::@n", "@w5", '"w6"', '"w7"']
    body = [f'  "test.op"() <{{ref = {r}}}> : () -> ()' for r in refs]
    body += [f'  "test.pair"() <{{a = {a}, b = {b}}}> : () -> ()' for a, b in
             [('"x"', '"y"'), ('"x"', '"z"'), ('"q"', '"z"'), ("@x", '"z"'), ('"x"', "@z"), ('"x"', '"y"')]]
    body += [f'  "test.sym"() {{s = {r}}} : () -> ()' for r in ["@a", "@bb", "@a::@c", "@ccc", '"d"']]
    text = '"builtin.module"() ({\n' + "\n".join(body) + "\n}) : () -> ()\n"
    cached = ir.parse_module(text, "t.mlir")
    monkeypatch.setattr(MaskedTails, "hit", lambda self, tail, parse_tail: None)
    full = ir.parse_module(text, "t.mlir")

    def facts(module: ir.Module) -> list[object]:
        return [
            (o.op_name, [(k, type(v).__name__, v) for d in (o.properties, o.attributes) for k, v in d.items()])
            for o in module.walk()
        ]

    assert facts(cached) == facts(full)
    assert ir.print_generic(cached) == ir.print_generic(full)
    kinds = [type(o.properties["ref"]).__name__ for o in cached.walk() if o.op_name == "test.op"]
    assert kinds[2] == "StringAttr" and kinds[3] == "SymbolRefAttr"


def test_runs_of_one_type_in_a_type_list_are_the_types_one_by_one() -> None:
    """A run of copies of a type in a type list, counted by one match, gives the types a parse of each one
    gives, in order: runs of every length, types whose text begins another's, odd spacing after a run."""
    import random

    from ir.attr_parser import AttrTypeParser

    rng = random.Random(3)
    kinds = ["i3", "i32", "index", "!stream.resource<constant>", "!stream.resource<transient>", "tensor<4xf32>"]
    for _ in range(40):
        items = [t for _ in range(rng.randint(1, 12)) for t in [rng.choice(kinds)] * rng.choice([1, 2, 3, 50])]
        seps = [rng.choice([", "] * 8 + [" , ", ",  ", ",\n "]) for _ in items[1:]]
        body = items[0] + "".join(sep + t for sep, t in zip(seps, items[1:]))
        text = f"({body}) -> ({body})"
        fn = AttrTypeParser(text).parse_type()
        one_by_one = tuple(AttrTypeParser(t).parse_type() for t in items)
        assert fn.inputs == one_by_one and fn.results == one_by_one, text  # type: ignore[attr-defined]


def test_runs_of_one_number_in_an_array_are_the_elements_one_by_one() -> None:
    """A run of copies of an integer attribute in an array, counted by one match, gives the attributes a
    parse of each one gives: runs of every length, numbers whose text begins another's, spacing."""
    import random

    from ir.attr_parser import AttrTypeParser

    rng = random.Random(5)
    kinds = ["-1 : index", "1 : index", "10 : index", "1 : i64", "0x1F : i32", "7", "true", '"s"', "[1 : i8]"]
    for _ in range(40):
        items = [t for _ in range(rng.randint(1, 12)) for t in [rng.choice(kinds)] * rng.choice([1, 2, 3, 50])]
        seps = [rng.choice([", "] * 8 + [" , ", ",  ", ",\n "]) for _ in items[1:]]
        text = "[" + items[0] + "".join(sep + t for sep, t in zip(seps, items[1:])) + "]"
        got = AttrTypeParser(text).parse_attribute()
        assert got == ir.attributes.ArrayAttr(tuple(AttrTypeParser(t).parse_attribute() for t in items)), text
    # A copy the run stops at is read as before (the messages of 13be873).
    for bad, message in [
        ("[-1 : index, -1 : index, -1 : index$]", "<string>:1:36: expected ',' between array elements, found '$]'"),
        ("[-1 : index, -1 : index, -1 : indexes]", "<string>:1:31: unknown type 'indexes'"),
    ]:
        with pytest.raises(ir.ParseError) as caught:
            AttrTypeParser(bad).parse_attribute()
        assert str(caught.value) == message
