"""Fuzzing the parser: whatever the text, the only error it may raise is the project's own IRError."""

from __future__ import annotations

import pathlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ir

MLP = (pathlib.Path(__file__).parents[1] / "fixtures" / "iree" / "mlp" / "cmd.generic.mlir").read_text()
TOKENS = [
    '"',
    "(",
    ")",
    "{",
    "}",
    "<",
    ">",
    "[",
    "]",
    "%0",
    "%arg1#2",
    "^bb0",
    ":",
    ",",
    "=",
    "->",
    "#map",
    "!stream.resource<",
    "tensor<4x?xf32>",
    "dense<",
    "array<i32: ",
    "@sym",
    "0x",
    "-1",
    "1.5e+",
    "loc(",
    "\n",
    " ",
    "#hal.device.affinity<",
    "\\",
    '"stream.cmd.execute"',
    "::",
    "unit",
    "{-#",
]


def _parse(text: str) -> None:
    try:
        module = ir.parse_module(text, "fuzz.mlir")
    except ir.IRError:
        return
    try:
        ir.verify(module)
    except ir.IRError:
        return
    ir.print_generic(module)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_parser_mutated_fixture_raises_only_parse_errors(data: st.DataObject) -> None:
    text = MLP
    for _ in range(data.draw(st.integers(1, 4))):
        pos = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        if action == "delete":
            n = data.draw(st.integers(1, 40))
            text = text[:pos] + text[pos + n :]
        elif action == "insert":
            text = text[:pos] + data.draw(st.sampled_from(TOKENS)) + text[pos:]
        else:
            text = text[:pos] + data.draw(st.sampled_from(TOKENS)) + text[pos + 1 :]
    _parse(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=30).map("".join))
def test_parser_token_soup_raises_only_parse_errors(text: str) -> None:
    _parse(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_parser_random_text_raises_only_parse_errors(text: str) -> None:
    _parse(text)
