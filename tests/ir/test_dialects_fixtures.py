"""Every op class accepts what IREE 3.13 prints: the generic-form fixtures parse, and each op with a class
has its declared operand groups, results, required attributes and regions."""

from __future__ import annotations

import pathlib

import pytest

import ir.dialects  # noqa: F401  (registers the op classes)
from ir.core import Operation
from ir.loader import load_file
from ir.opdef import OPTIONAL, SINGLE, lookup_op_class, segment_bounds

FIXTURES = sorted((pathlib.Path(__file__).parent.parent / "fixtures" / "iree").glob("*/*.generic.mlir"))


def _check_groups(
    op: Operation, which: str, defs: list, values: tuple, seg_key: str, segmented: bool
) -> list[str]:
    problems = []
    if segmented:
        seg = op.attr(seg_key)
        if seg is None:
            return [f"{op.describe()}: no {seg_key}"]
        if len(seg.values) != len(defs):
            problems.append(
                f"{op.describe()}: {seg_key} has {len(seg.values)} groups, the class declares {len(defs)}"
            )
            return problems
        if sum(seg.values) != len(values):
            problems.append(
                f"{op.describe()}: {seg_key} sums to {sum(seg.values)}, the op has {len(values)} {which}"
            )
            return problems
    bounds = segment_bounds(op, which)
    for fname, d in defs:
        start, stop = bounds[fname]
        n = stop - start
        if (d.kind == SINGLE and n != 1) or (d.kind == OPTIONAL and n > 1) or n < 0:
            problems.append(f"{op.describe()}: {which[:-1]} group {fname} ({d.kind}) has {n} values")
            continue
        for v in values[start:stop]:
            if d.constraint is not None and not isinstance(v.type, d.constraint):
                problems.append(f"{op.describe()}: {which[:-1]} {fname} has type {v.type}")
        getattr(op, fname)  # the accessor works
    return problems


def check_op(op: Operation) -> list[str]:
    cls = lookup_op_class(op.op_name)
    assert cls is not None and isinstance(op, cls)
    spec = cls.spec
    problems = _check_groups(
        op, "operands", spec.operands, op.operands, "operandSegmentSizes", spec.operand_segmented
    )
    problems += _check_groups(
        op, "results", spec.results, tuple(op.results), "resultSegmentSizes", spec.result_segmented
    )
    for aname, ad in spec.attrs:
        value = op.attr(aname)
        if value is None:
            if ad.required:
                problems.append(f"{op.describe()}: required attribute {aname} is missing")
        elif ad.constraint is not None and not isinstance(value, ad.constraint):
            problems.append(f"{op.describe()}: attribute {aname} = {value} is not a {ad.constraint}")
    if len(op.regions) < len(spec.regions):
        problems.append(f"{op.describe()}: {len(op.regions)} regions, the class declares {len(spec.regions)}")
    return problems


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture_ops_match_their_classes(path: pathlib.Path) -> None:
    module = load_file(str(path))
    problems: list[str] = []
    checked = 0
    for op in module.walk():
        if lookup_op_class(op.op_name) is not None:
            problems += check_op(op)
            checked += 1
    assert checked > 0
    assert problems == []


def test_fixtures_have_no_unclassed_stream_or_hal_ops_besides_known_extras() -> None:
    # IREE 3.13 ops that the seed documents do not describe; they stay generic operations.
    extras = {"hal.element_type", "hal.encoding_type"}
    seen: set[str] = set()
    for path in FIXTURES:
        for op in load_file(str(path)).walk():
            if (
                op.op_name.split(".")[0] in ("stream", "hal", "io_parameters")
                and lookup_op_class(op.op_name) is None
            ):
                seen.add(op.op_name)
    assert seen <= extras, sorted(seen - extras)
