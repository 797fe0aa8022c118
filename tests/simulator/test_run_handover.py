"""A large run hands what it made and kept (its trace) to the cyclic collector's permanent generation
without a walk (simulator.session.HANDOVER_EVENTS, ir.handover.hand_over_survivors), as a large parse and a
large schedule do; a small run leaves it to the young collections. What that relies on: a run makes
few garbage cycles, no more for a large program than for a small one. Each in a fresh interpreter
(tests.conftest.run_fresh): in a test worker other threads and earlier tests leave cyclic garbage and
young objects of their own."""

from __future__ import annotations

from tests.conftest import run_fresh, scale_ladder

TEXT = scale_ladder(20)  # 60 dispatches, 80 parameters

_PREPARE = """
import gc, json, sys
import numpy as np
import ir, ir.handover
import simulator.session
from scheduler import Pipeline
from simulator import Session, parameter_keys
from simulator.archives import ParameterEntry, ParameterIndex
module = ir.load_text(sys.stdin.read(), "ladder.mlir")
index = ParameterIndex()
for scope, key, size in parameter_keys(module):
    index.add(ParameterEntry.virtual(key, size), scope=scope)
Pipeline.default().run(module)
x = np.zeros((8, 32), np.float32)
def run():
    return Session("cpu").run_sync(module, "main", [x], parameters=index, timing_only=True)
"""

_FEW_CYCLES = """
import gc, json, sys
import numpy as np
import ir
from scheduler import Pipeline
from simulator import Session, parameter_keys
from simulator.archives import ParameterEntry, ParameterIndex
x = np.zeros((8, 32), np.float32)
out = []
for text in sys.stdin.read().split("\\n//SPLIT\\n"):
    module = ir.load_text(text, "ladder.mlir")
    index = ParameterIndex()
    for scope, key, size in parameter_keys(module):
        index.add(ParameterEntry.virtual(key, size), scope=scope)
    Pipeline.default().run(module)
    gc.collect()
    gc.disable()
    result = Session("cpu").run_sync(module, "main", [x], parameters=index, timing_only=True)
    found = gc.collect()
    gc.enable()
    out.append([found, len(result.trace.spans)])
print(json.dumps(out))
"""


def test_a_run_makes_few_garbage_cycles() -> None:
    """What handing a run's objects over without a walk relies on: a timing-only run's cyclic garbage is a
    few objects of the machine's set-up (a device and its queues refer to each other), as many for 60
    dispatches as for 240 (30-60 objects, by what the first run of a process caches); everything else it
    allocates is freed by reference counts or still reachable after it (the trace). So a walk of what a
    large run made would free next to nothing."""
    out = run_fresh(_FEW_CYCLES, stdin="\n//SPLIT\n".join(scale_ladder(n) for n in (20, 40, 80)))
    found = [f for f, _ in out]
    spans = [n for _, n in out]
    assert spans[2] > 3.5 * spans[0] > 1000, out
    assert max(found) < 100, out


_WALKS = (
    _PREPARE
    + """
ir.handover._tracked_after_full = 1 << 62  # no full collection of the hand-over's own here
walked = lambda: {id(o) for o in gc.get_objects()}  # what the collector's collections walk
out = {}
events = run().events_processed
for name, threshold in (("at", events), ("below", events + 1)):
    simulator.session.HANDOVER_EVENTS = threshold
    gc.collect()
    result = run()
    spans = [id(s) for s in result.trace.spans]
    out[name] = [len(walked().intersection(spans)), len(spans)]
    for generation in (0, 1, 2):
        gc.collect(generation)
    out[name].append(len(walked().intersection(spans)))
print(json.dumps(out))
"""
)


def test_a_large_run_hands_its_trace_over() -> None:
    """A run of at least HANDOVER_EVENTS events leaves none of its trace's spans in a generation the
    collector walks, not even after the young, middle and full collections that follow; one event fewer
    and every span is walked."""
    out = run_fresh(_WALKS, stdin=TEXT)
    walked, spans, after = out["at"]
    assert spans > 200, out
    assert walked == 0 and after == 0, out
    walked, spans, after = out["below"]
    assert walked == spans == after > 200, out
