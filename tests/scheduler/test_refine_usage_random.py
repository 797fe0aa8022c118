"""refine-usage against IREE's ``--iree-stream-refine-usage`` on random programs
(:mod:`tests.scheduler.usage_programs`): the same lifetimes for every function signature and compared op,
and iree-opt accepts streamsim's output. Where IREE's pass writes IR that iree-opt itself rejects (a block
argument reached by values its analysis types differently), streamsim's output must be rejected with the
same error. ``STREAMSIM_USAGE_SEEDS=N`` runs N seeds (default 12; the long mode runs 1000)."""

from __future__ import annotations

import os
import pathlib
import re
import signal
import subprocess

import pytest

import ir
from scheduler.passes import PASSES
from tests.scheduler.test_refine_usage import _iree_opt, lifetimes
from tests.scheduler.usage_programs import random_program

SEEDS = int(os.environ.get("STREAMSIM_USAGE_SEEDS", "12"))
# Seeds whose lifetimes differ from IREE's, not yet explained (strict: an agreement fails the test).
KNOWN_DIFFERENT = {
    155: "IREE's solver drives @main's returned splat to its pessimistic state (every usage bit, which "
    "maps to constant); in streamsim's order of updates it stays valid and external",
}


def _error(stderr: str) -> str:
    """The first error's message, without its location."""
    for line in stderr.splitlines():
        m = re.search(r"error: (.*)", line)
        if m:
            return m.group(1)
    return stderr[-500:]


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run iree-opt in its own process group: ``iree-opt`` is a wrapper, and a timeout must stop the
    compiler it starts too."""
    with subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    ) as p:
        try:
            out, err = p.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            pytest.fail(f"iree-opt did not finish in 300 s: {' '.join(args)}")
        return subprocess.CompletedProcess(args, p.returncode, out, err)


def test_random_programs_are_deterministic() -> None:
    assert random_program(7) == random_program(7)
    assert random_program(7) != random_program(8)


@pytest.mark.parametrize(
    "seed",
    [
        pytest.param(s, marks=pytest.mark.xfail(reason=KNOWN_DIFFERENT[s], strict=True))
        if s in KNOWN_DIFFERENT
        else s
        for s in range(SEEDS)
    ],
)
def test_random_program_refines_like_iree(seed: int, tmp_path: pathlib.Path) -> None:
    tool = _iree_opt()
    path = tmp_path / f"seed{seed}.mlir"
    path.write_text(random_program(seed))
    theirs = _run([tool, "--iree-stream-refine-usage", "--mlir-print-op-generic", str(path)])
    ours = ir.load_file(str(path))
    PASSES["refine-usage"].run(ours)
    printed = tmp_path / "ours.mlir"
    printed.write_text(ir.print_generic(ours))
    accepted = _run([tool, str(printed)])
    if theirs.returncode != 0:
        assert accepted.returncode != 0, "IREE rejects its own output here; streamsim's was accepted"
        assert _error(accepted.stderr) == _error(theirs.stderr)
        return
    assert lifetimes(ours) == lifetimes(ir.parse_module(theirs.stdout))
    assert accepted.returncode == 0, accepted.stderr[-2000:]
