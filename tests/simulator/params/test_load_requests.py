"""A load's requests in columns (simulator.params.config.LoadRequests) against the same requests as a list of
ParameterRequest objects: what the columns give one by one, and the same trace byte for byte, the same
outputs and the same failures from the provider, over data and timing-only loads, a missing key, a range
outside its parameter and a virtual parameter asked for bytes."""

from __future__ import annotations

import pathlib
import re
from typing import Any

import numpy as np
import pytest

import simulator.host.io_rules as io_rules
from simulator import Session, parse_program
from simulator.archives import ParameterEntry, ParameterIndex
from simulator.memory import Buffer, ResourceRef
from simulator.params.config import LoadRequests, ParameterRequest, load_requests
from simulator.params.programs import parameter_load_program
from tests.conftest import run_outcome

# These tests read IREE pretty text: skip without IREE, fail under STREAMSIM_REQUIRE_IREE=1.
pytestmark = pytest.mark.usefixtures("iree")


def test_columns_give_the_requests_one_by_one() -> None:
    refs = [ResourceRef(Buffer.placeholder(n, f"m::{k}"), 0, n) for k, n in (("a", 64), ("b", 128), ("c", 8))]
    # As zip would: as many requests as the shortest column (here the keys).
    requests = load_requests("m", ["a", "b"], [np.int64(16), 0, 5], refs)
    expected = [ParameterRequest("read", "m", "a", 16, refs[0], 0, 64), ParameterRequest("read", "m", "b", 0, refs[1], 0, 128)]
    assert isinstance(requests, LoadRequests) and len(requests) == 2
    assert list(requests) == expected and requests[1] == expected[1] and requests[0:2] == expected
    assert type(requests.offsets[0]) is int
    assert requests.head(5) is requests and list(requests.head(1)) == expected[:1]


def _runs(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, run: Any) -> list[tuple[Any, ...]]:
    """``run()`` with the load's requests in columns, then as a list: (trace bytes, events, outputs or error)."""
    out = []
    for columns in (True, False):
        with monkeypatch.context() as patch:
            if not columns:
                patch.setattr(io_rules, "load_requests", lambda *a: list(load_requests(*a)))
            out.append(run_outcome(run, tmp_path / f"{columns}.json"))
    assert out[0] == out[1]
    return out


SIZES = [("a", 1024), ("b", 2048), ("c", 512), ("d", 256)]


@pytest.mark.parametrize(
    ("archive", "asked", "error"),
    [
        (SIZES, SIZES, None),
        (SIZES[:1] + SIZES[2:], SIZES, r"no parameter 'b' in scope 'model'"),
        ([("a", 1024), ("b", 1024), ("c", 512)], SIZES[:3], r"range \[0, 2048\) of parameter model::b"),
    ],
    ids=["served", "missing key", "out of range"],
)
def test_columns_serve_and_fail_as_the_list(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, write_archive: Any, machine: Any,
    archive: list[tuple[str, int]], asked: list[tuple[str, int]], error: str | None,
) -> None:  # fmt: skip
    path = write_archive(tmp_path / "m.irpa", dict(archive))
    program = parse_program(parameter_load_program(asked, mode="load"), filename="l.mlir")
    (trace, events, value), _ = _runs(
        monkeypatch, tmp_path, lambda: Session(machine()).run_sync(program, parameters={"model": path})
    )
    if error is None:
        assert events and b"parameter read" in trace
    else:
        # Recording stopped at the bad entry: the reads before it ran, the caller's fence failed.
        assert events is None and re.search(error, value), value


def test_timing_only_and_virtual_loads_match_the_list(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    sizes = [(f"w{i}", 4096 + 64 * i) for i in range(40)]
    index = ParameterIndex()
    for key, n in sizes:
        index.add(ParameterEntry.virtual(key, n), scope="model")
    program = parse_program(parameter_load_program(sizes, mode="load"), filename="t.mlir")
    _runs(monkeypatch, tmp_path, lambda: Session("cpu").run_sync(program, parameters=index, timing_only=True))
    # Bytes asked of virtual parameters: the same failure either way.
    (_, events, value), _ = _runs(monkeypatch, tmp_path, lambda: Session("cpu").run_sync(program, parameters=index))
    assert events is None and "virtual" in value
