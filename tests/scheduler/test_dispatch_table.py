"""How the cmd-form emitter (scheduler.emit) writes a region, against the slower ways it stands for:

- it lowers a region's dispatches from the region's places (:func:`scheduler.commands.lower_dispatch_in`);
  lowered through :func:`scheduler.commands.lower_command` with the region's ``at`` and ``add`` instead (the
  entry point ``passes.schedule_allocation`` shares), every program schedules to the same text;
- it leaves a block unsorted when the block was in order and the writing keeps it so by construction
  (:func:`scheduler.emit_order.keeps_order`): checked in order (``CHECK_ORDER``) on every program, and a block that needs
  the sort (a constant of the block, reused, standing after the region) is sorted.

The programs: the IREE fixtures' and the frontends' async programs, and a scale program."""

from __future__ import annotations

import pathlib
import re
from collections.abc import Callable
from typing import Any

import pytest

import scheduler.emit as emit
from ir import Module, print_generic
from ir.loader import load_file, load_text
from scheduler import Pipeline
from tests.conftest import scale_ladder

FIXTURES = pathlib.Path(__file__).parent.parent / "fixtures"
PROGRAMS = sorted(FIXTURES.glob("iree/*/async.generic.mlir")) + sorted(
    FIXTURES.glob("frontends/*/async.generic.mlir")
)
INDEX_CONSTANT = r'"arith.constant"\(\) <\{value = (\d+) : index\}>'


def _kept(monkeypatch: pytest.MonkeyPatch, force: bool = False) -> list[bool]:
    """What keeps_order answers, block by block (``force``: it answers True)."""
    answers: list[bool] = []
    keeps = emit.keeps_order

    def record(*args: Any) -> bool:
        answers.append(keeps(*args))
        return True if force else answers[-1]

    monkeypatch.setattr(emit, "keeps_order", record)
    return answers


def _scheduled(load: Callable[[], Module]) -> str:
    module = load()
    Pipeline.default().run(module)
    return print_generic(module)


def _both(load: Callable[[], Module], monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """The scheduled text with the table, then through lower_command (blocks checked in order)."""
    monkeypatch.setattr(emit, "CHECK_ORDER", True)
    out = []
    for table in (True, False):
        monkeypatch.setattr(emit, "DISPATCH_TABLE", table)
        out.append(_scheduled(load))
    return out[0], out[1]


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_table_lowering_schedules_as_the_first_entry_point(
    path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, first = _both(lambda: load_file(path), monkeypatch)
    assert table == first
    assert ("stream.async.dispatch" in path.read_text()) == ("stream.cmd.dispatch" in table)


def test_table_lowering_of_a_scale_program(monkeypatch: pytest.MonkeyPatch) -> None:
    text = scale_ladder(30)
    answers = _kept(monkeypatch)
    table, first = _both(lambda: load_text(text), monkeypatch)
    assert table == first
    assert table.count('"stream.cmd.dispatch"') == 90
    assert answers == [True, True] * 2  # (the initializer and main, twice): neither sorted


def test_a_constant_reused_after_the_region_sorts_the_block(monkeypatch: pytest.MonkeyPatch) -> None:
    text = scale_ladder(2)
    added = set(re.findall(INDEX_CONSTANT, _scheduled(lambda: load_text(text)))) - set(
        re.findall(INDEX_CONSTANT, text)
    )
    assert added  # (slab sizes and offsets the writer makes)
    value = min(added, key=int)
    ret = '    "util.return"(%y)'
    constant = f'%late = "arith.constant"() <{{value = {value} : index}}> : () -> index'
    use = '"util.optimization_barrier"(%late) : (index) -> index'  # (a host use: kept)
    late = text.replace(ret, f"    {constant}\n    %kept = {use}\n{ret}")
    assert late != text
    monkeypatch.setattr(emit, "CHECK_ORDER", True)
    with monkeypatch.context() as mp:
        answers = _kept(mp)
        sorted_text = _scheduled(lambda: load_text(late))
        assert answers == [True, False]  # main's constant stands after its region
    assert sorted_text.index(f"value = {value} : index") < sorted_text.index('"stream.cmd.execute"')
    with monkeypatch.context() as mp:
        _kept(mp, force=True)  # left unsorted: the check finds it out of order
        with pytest.raises(AssertionError, match="out of order"):
            _scheduled(lambda: load_text(late))
