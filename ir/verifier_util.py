"""Verifier rules of IREE's util ops that have no op class here (lists, int assumptions, string formats).

They follow IREE's ``UtilOps.cpp`` verifiers (facts: which rule, which message):

- ``util.list.construct``/``util.list.get``/``util.list.set``: each value can be implicitly cast to or from
  the list's element type (``ListType::canImplicitlyCast``: a variant on either side, an object and any
  non-primitive type, two tensors, or the same type);
- ``util.assume.int``: one assumption row per operand, each row an array of ``#util.int.assumption``; rows
  longer than one have the same length (a row of one broadcasts);
- ``util.string.format``: the format's placeholders are well formed (``{}`` or ``{N}``, ``{{``/``}}``
  escapes), not mixed, and need exactly the number of arguments given.
"""

from __future__ import annotations

from collections.abc import Callable

from ir.attr_parser import AttrTypeParser
from ir.attributes import ArrayAttr, StringAttr
from ir.core import Operation
from ir.errors import IRError, VerifyError
from ir.types import ComplexType, FloatType, IndexType, IntegerType, TensorType, Type

_VARIANT = "!util.variant"


def _list_element(t: Type) -> Type | None:
    """The element type of a ``!util.list<T>`` (``?`` is a variant), or None for any other type."""
    text = str(t)
    if not (text.startswith("!util.list<") and text.endswith(">")):
        return None
    inner = text[len("!util.list<") : -1]
    try:
        return AttrTypeParser(_VARIANT if inner == "?" else inner).parse_type()
    except IRError:
        return None


def _object_compatible(t: Type) -> bool:
    """IREE's ObjectType::isCompatible: anything but an integer, index, float or complex."""
    return not isinstance(t, (IntegerType, IndexType, FloatType, ComplexType))


def _can_cast(source: Type, target: Type) -> bool:
    a, b = str(source), str(target)
    if _VARIANT in (a, b):
        return True
    if (
        a == "!util.object"
        and _object_compatible(target)
        or b == "!util.object"
        and _object_compatible(source)
    ):
        return True
    if isinstance(source, TensorType) and isinstance(target, TensorType):
        return True
    return a == b


def _verify_list_construct(op: Operation) -> None:
    if len(op.results) != 1 or (element := _list_element(op.results[0].type)) is None:
        return
    for i, value in enumerate(op._operands):
        if not _can_cast(value.type, element):
            raise VerifyError(
                f"{op.op_name}: list[{i}] type '{value.type}' cannot be cast to list type '{element}'",
                location=op.location,
            )


def _verify_list_get(op: Operation) -> None:
    if not op._operands or not op.results or (element := _list_element(op._operands[0].type)) is None:
        return
    if not _can_cast(element, op.results[0].type):
        raise VerifyError(
            f"{op.op_name}: list contains '{element}' and cannot be accessed as '{op.results[0].type}'",
            location=op.location,
        )


def _verify_list_set(op: Operation) -> None:
    if len(op._operands) != 3 or (element := _list_element(op._operands[0].type)) is None:
        return
    value = op._operands[2].type
    if not _can_cast(value, element):
        raise VerifyError(
            f"{op.op_name}: list contains '{element}' and cannot be mutated as '{value}'",
            location=op.location,
        )


def _verify_assume_int(op: Operation) -> None:
    rows = op.attr("assumptions")
    if not isinstance(rows, ArrayAttr):
        raise VerifyError(
            f"{op.op_name}: the 'assumptions' attribute (an array of rows) is missing", location=op.location
        )
    for i, row in enumerate(rows.elements):
        if not isinstance(row, ArrayAttr) or not all(str(a).startswith("#util.int.assumption") for a in row):
            raise VerifyError(
                f"{op.op_name}: assumption row {i} ({row}) is not a list of #util.int.assumption attributes",
                location=op.location,
            )
    if len(rows.elements) != len(op._operands):
        raise VerifyError(
            f"{op.op_name}: expected {len(op._operands)} assumption rows to match number of operands, "
            f"got {len(rows.elements)}",
            location=op.location,
        )
    rank: int | None = None
    for i, row in enumerate(rows.elements):
        assert isinstance(row, ArrayAttr)
        size = len(row.elements)
        if size == 1:  # a single assumption broadcasts to any rank
            continue
        if rank is not None and size != rank:
            raise VerifyError(
                f"{op.op_name}: expected operand #{i} to have {rank} assumptions but it has {size}",
                location=op.location,
            )
        rank = size
    for i, (value, result) in enumerate(zip(op._operands, op.results, strict=False)):
        if str(value.type) != str(result.type):
            raise VerifyError(
                f"{op.op_name}: result #{i} has type {result.type}, its operand {value.type}",
                location=op.location,
            )


def format_placeholders(text: str) -> tuple[int, str | None]:
    """The number of arguments a ``util.string.format`` string needs, or the reason it is malformed."""
    sequential = explicit = 0
    highest = -1
    i = 0
    while i < len(text):
        c = text[i]
        if c in "{}" and text[i + 1 : i + 2] == c:  # an escaped brace
            i += 2
            continue
        if c == "}":
            return 0, "unmatched '}' in format string"
        if c == "{":
            close = text.find("}", i + 1)
            if close < 0:
                return 0, "unclosed '{' in format string"
            content = text[i + 1 : close]
            if not content:
                sequential += 1
            elif content.isdigit() and content.isascii():
                explicit += 1
                highest = max(highest, int(content))
            else:
                return 0, f"invalid placeholder '{{{content}}}' in format string; expected '{{}}' or '{{N}}'"
            i = close + 1
            continue
        i += 1
    if sequential and explicit:
        return 0, "cannot mix sequential '{}' and explicit '{N}' placeholders"
    return (highest + 1 if explicit else sequential), None


def _verify_string_format(op: Operation) -> None:
    fmt = op.attr("format")
    if not isinstance(fmt, StringAttr):
        return
    needed, problem = format_placeholders(fmt.value)
    if problem is None and needed != len(op._operands):
        problem = (
            f"format string placeholder count does not match the {len(op._operands)} provided argument(s) "
            f"(it needs {needed})"
        )
    if problem is not None:
        raise VerifyError(f"{op.op_name}: {problem}: {fmt}", location=op.location)


#: The rules above by op name (merged into the verifier's rules of class-less ops).
UTIL_RULES: dict[str, Callable[[Operation], None]] = {
    "util.list.construct": _verify_list_construct,
    "util.list.get": _verify_list_get,
    "util.list.set": _verify_list_set,
    "util.assume.int": _verify_assume_int,
    "util.string.format": _verify_string_format,
}
