"""scheduler.access: a dispatch's accesses read through its cached shape (``_dispatch_accesses``) are those
the general reading gives (``_async_accesses``), tied dispatches included, and a changed op class spec is
read again."""

from __future__ import annotations

import functools
import pathlib
from typing import Any

import pytest

import ir.dialects  # noqa: F401  (registers the op classes)
from ir.loader import load_file
from ir.opdef import OP_CLASSES
from scheduler import access
from scheduler.access import _async_accesses, _dispatch_accesses, op_info

FIXTURES = sorted((pathlib.Path(__file__).parent.parent / "fixtures").glob("*/*/async.generic.mlir"))


@functools.cache
def _dispatches() -> list[Any]:
    return [op for path in FIXTURES for op in load_file(path).op.walk() if op.op_name == "stream.async.dispatch"]


def test_every_fixture_dispatch_reads_as_the_general_path_reads_it() -> None:
    checked = tied = 0
    for op in _dispatches():
        general = _async_accesses(op)
        assert _dispatch_accesses(op) == general, op.describe()
        assert _dispatch_accesses(op) == general  # (the second time from the cached shape)
        info = op_info(op)
        assert (list(info.accesses), info.tied) == general
        checked += 1
        tied += bool(general[1])
    assert checked > 100 and tied > 10  # (the fixtures have dispatches with tied results)


def test_a_changed_spec_gives_a_new_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    op = next(o for o in _dispatches() if len(o.resource_operands) > 1)
    before = _dispatch_accesses(op)
    spec = OP_CLASSES["stream.async.dispatch"].spec  # type: ignore[attr-defined]
    # offsets and lengths swapped in the class's spec: each access's offset is now the length operand
    groups = list(spec.operands)
    i, j = (next(k for k, (n, _) in enumerate(groups) if n == name) for name in
            ("resource_operand_offsets", "resource_operand_lengths"))  # fmt: skip
    groups[i], groups[j] = groups[j], groups[i]
    monkeypatch.setattr(spec, "operands", groups)
    after = _dispatch_accesses(op)
    assert after == _async_accesses(op)
    assert after != before


def test_the_shape_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(access, "_DISPATCH_SHAPES", {(i, i, i): None for i in range(4096)})
    op = _dispatches()[0]
    assert _dispatch_accesses(op) == _async_accesses(op)
    assert len(access._DISPATCH_SHAPES) == 1
