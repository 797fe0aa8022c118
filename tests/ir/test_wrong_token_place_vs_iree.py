"""Where a parse error about an unexpected token is placed, against iree-opt: MLIR's emitWrongTokenError
puts it at the end of what precedes the token (backing over blanks and line ends), not at the token, for
"expected attribute value", "expected attribute name", "expected non-function type", an SSA operand and a
block name. Found by the differential fuzz (tools/iree_differential_fuzz.py, seed 23 on the HAL fixtures:
a line swapped into a multi-line attribute alias; iree-opt said 1:47, we said 2:5)."""

from __future__ import annotations

import pytest

from tests.ir.test_invalid_vs_iree import assert_verdict_and_place, iree_first_errors

MODULE_ATTR = '"builtin.module"() ({{\n}}) {{{attrs}}} : () -> ()\n'
FUNC = (
    '"builtin.module"() ({{\n  "func.func"() <{{function_type = () -> (), sym_name = "f"}}> ({{\n'
    "{body}  }}) : () -> ()\n}}) : () -> ()\n"
)
CASES: dict[str, str] = {
    "an attribute value on the next line": MODULE_ATTR.format(attrs="a = [1,\n  %x]"),
    "an attribute value after a blank": MODULE_ATTR.format(attrs="a = [1, %x]"),
    "an attribute value after '=' and a line end": MODULE_ATTR.format(attrs="a = \n  %x"),
    "an attribute name on the next line": MODULE_ATTR.format(attrs="a = 1, \n  %x"),
    "a type on the next line": '"builtin.module"() ({\n}) {a = 1} : (\n  %x) -> ()\n',
    "a result type after a blank line": '"builtin.module"() ({\n}) {a = 1} : () -> (i32,\n\n  %x)\n',
    "an SSA operand on the next line": FUNC.format(body='    "func.return"(\n  @x) : () -> ()\n'),
    "a block name on the next line": FUNC.format(body='    "cf.br"() [\n  %x] : () -> ()\n'),
    "a code line inside a multi-line alias": '#a = [1,\n  %x = "arith.constant"() <{value = 1 : i32}> : () -> i32\n]\n'
    + MODULE_ATTR.format(attrs="b = #a"),
    "an attribute value after a comment line": MODULE_ATTR.format(attrs="a = [1, // one\n  // more\n  %x]"),
}


@pytest.fixture(scope="module")
def iree_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, int, str] | None]:
    found = iree_first_errors(list(CASES.values()), tmp_path_factory.mktemp("wrong_token"))
    return dict(zip(CASES, found))


def test_iree_opt_rejects_every_case(iree_errors: dict[str, tuple[int, int, str] | None]) -> None:
    assert all(error is not None for error in iree_errors.values()), iree_errors


@pytest.mark.parametrize("name", list(CASES))
def test_place_as_iree_opt(name: str, iree_errors: dict[str, tuple[int, int, str] | None]) -> None:
    assert_verdict_and_place(CASES[name], iree_errors[name])
