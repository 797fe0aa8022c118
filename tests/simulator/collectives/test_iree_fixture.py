"""The tensor-parallel all_reduce IREE 3.13 compiles from source (flow.collective.all_reduce over the
default channel) runs: IREE's cmd form, and its async form scheduled by streamsim. Without a rank count
from the environment a default channel is rank 0 of 1, so the all_reduce passes the partial product on."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from simulator import Session, load_program

FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "collectives" / "tp_allreduce"


@pytest.mark.parametrize("form", ["cmd.generic.mlir", "async.generic.mlir"])
def test_iree_fixture_runs_with_one_rank(form: str) -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((16, 32)).astype(np.float32)
    w = rng.standard_normal((32, 64)).astype(np.float32)
    result = Session("discrete-gpu").run_sync(load_program(FIXTURE / form), "main", [x, w])
    np.testing.assert_allclose(result.outputs[0], x @ w, rtol=1e-5, atol=1e-5)
    spans = [s for s in result.trace.spans if s.category == "collective"]
    assert [(s.name, s.args["ranks"]) for s in spans] == [("all_reduce", 1)]
