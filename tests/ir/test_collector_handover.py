"""A large parse hands the IR it made to the cyclic collector's permanent generation without a walk
(ir.handover.hand_over_survivors), where it stays, out of every collection CPython starts itself; and
what that bypasses is made up for: a full collection of the frozen objects too once the tracked objects
doubled, so that parsing, scheduling and running programs again and again in one process stays bounded
in memory."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import run_fresh, scale_ladder

TEXT = scale_ladder(40)  # 120 dispatches, about 180 KB


_NO_CYCLES = """
import gc, json, sys
import ir
text = sys.stdin.read()
gc.collect()
gc.disable()
module = ir.parse_module(text, "ladder.mlir")
gc.set_debug(gc.DEBUG_SAVEALL)
found = gc.collect()
kinds = sorted({f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage})
print(json.dumps({"found": found, "kinds": kinds, "op_kinds": len(module.op_histogram())}))
"""


def test_parse_makes_no_garbage_cycles() -> None:
    """What hand_over_survivors relies on: everything a parse allocates is still reachable after it. In a
    fresh process, where no other thread (pytest-xdist's channel, a Dask client) and no earlier test
    leaves cyclic garbage of its own between the two collections: so none of any kind is allowed."""
    out = run_fresh(_NO_CYCLES, stdin=TEXT)
    assert out["found"] == 0, out["kinds"][:10]
    assert out["op_kinds"] > 5


_YOUNG = """
import gc, json, sys
import ir, ir.handover, ir.parser
text = sys.stdin.read()
ir.handover._tracked_after_full = 1 << 62  # no full collection here
counts = []
for threshold in (len(text), len(text) + 1):
    ir.parser.HANDOVER_CHARS = threshold
    gc.collect()
    ir.parse_module(text, "ladder.mlir")
    counts.append(gc.get_count()[0])
print(json.dumps(counts))
"""


def test_large_parse_leaves_the_young_generation_empty() -> None:
    """At or above HANDOVER_CHARS nothing the parse made waits for a young collection; below it, all of
    it does (what the first young collection after the parse would walk). In a fresh process: another
    thread's allocations would count as young too."""
    at, below = run_fresh(_YOUNG, stdin=TEXT)
    assert at < 100, (at, below)
    assert below > 10_000, (at, below)


_WALKS = """
import gc, json, sys
import ir, ir.handover, ir.parser
text = sys.stdin.read()
walked = lambda: {id(o) for o in gc.get_objects()}  # what the collector's collections walk
ir.parser.HANDOVER_CHARS = len(text)
ir.handover._tracked_after_full = 1 << 62  # no full collection of the hand-over's own here
module = ir.parse_module(text, "ladder.mlir")
ops = [id(op) for op in module.walk()]
out = {"ops": len(ops), "walked": [len(walked().intersection(ops))]}
for generation in (0, 1, 2):
    gc.collect(generation)
out["walked"].append(len(walked().intersection(ops)))
out["frozen"] = gc.get_freeze_count()
ir.handover.collect_handed_over()  # the full collection that includes them refreezes them
out["walked"].append(len(walked().intersection(ops)))
ir.parser.HANDOVER_CHARS = len(text) + 1
module = ir.parse_module(text, "ladder.mlir")
small = [id(op) for op in module.walk()]
out["small_walked"] = [len(walked().intersection(small)), len(small)]
print(json.dumps(out))
"""


def test_handed_over_objects_stay_out_of_the_collector_walks() -> None:
    """After a large parse, its IR is in no generation the collector walks, not even after the middle
    and full collections that follow (unfrozen, the IR would be in the oldest generation, which the full
    collection CPython starts after ten middle ones walks: 3.5 s after a 100,000-dispatch parse); below
    HANDOVER_CHARS every op is walked. In a fresh process: gc.get_objects() in a test worker walks the
    whole suite's heap (57 s under load)."""
    out = run_fresh(_WALKS, stdin=TEXT)
    assert out["ops"] > 300, out
    assert out["walked"] == [0, 0, 0], out
    assert out["frozen"] > out["ops"], out
    walked, small = out["small_walked"]
    assert walked == small > 300, out


_DOUBLED = """
import gc, json, sys, weakref
import ir, ir.handover, ir.parser
text = sys.stdin.read()
class Node:
    def __init__(self):
        self.me = self
ir.parser.HANDOVER_CHARS = 0
gc.collect()
ir.handover._tracked_after_full = 1 << 62
node = Node()
alive = weakref.ref(node)
del node
ir.parse_module(text, "ladder.mlir")
steps = [alive() is not None]  # handed over with the IR, not collected
gc.collect()
steps.append(alive() is not None)  # frozen: not in the collector's own full collections
ir.handover._tracked_after_full = 1  # everything tracked now is more than twice that
module = ir.parse_module(text, "ladder.mlir")
walked = {id(o) for o in gc.get_objects()}
print(json.dumps({
    "alive": steps + [alive() is not None],
    "record": ir.handover._tracked_after_full,
    "walked": sum(id(op) in walked for op in module.walk()),
}))
"""


def test_full_collection_once_the_tracked_objects_doubled() -> None:
    """A garbage cycle made before a large parse is handed over with its IR, and a plain full collection
    does not free it, until the tracked objects are twice those after the last full collection; then
    the hand-over collects the frozen objects too (and freezes the new IR again). In a fresh process, as
    the test above."""
    out = run_fresh(_DOUBLED, stdin=TEXT)
    assert out["alive"] == [True, True, False], out
    assert out["record"] > 10_000, out  # the record is now what that collection left
    assert out["walked"] == 0, out  # all frozen again


_REPEAT = """
import gc, json, resource, sys
import numpy as np
import ir, ir.parser
from scheduler import Pipeline
from simulator import Session, parameter_keys
from simulator.archives import ParameterEntry, ParameterIndex
ir.parser.HANDOVER_CHARS = 0  # this small program hands over as a large one does
text = sys.stdin.read()
x = np.zeros((8, 32), np.float32)
tracked, rss = [], []
for _ in range(24):
    module = ir.load_text(text, "ladder.mlir")
    index = ParameterIndex()
    for scope, key, size in parameter_keys(module):
        index.add(ParameterEntry.virtual(key, size), scope=scope)
    Pipeline.default().run(module)
    Session("cpu").run_sync(module, "main", [x], parameters=index, timing_only=True)
    del module, index
    tracked.append(len(gc.get_objects()) + gc.get_freeze_count())  # walked and frozen
    rss.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
print(json.dumps({"tracked": tracked, "rss": rss, "garbage": len(gc.garbage)}))
"""


def test_repeated_runs_stay_bounded() -> None:
    """Parse, schedule and run a program 24 times in one process, every parse handing over: each run
    leaves its IR (a cyclic graph) and the ops the schedule erased frozen, and the
    full collections the hand-over starts free them. Without those, the tracked objects grow by a run's
    worth each time (about 4,200 here) and never come back down (twice the first run's count after 18:
    the first full collection comes at the 15th to 18th run, as a run leaves 5,100 to 4,200 objects)."""
    proc = subprocess.run(
        [sys.executable, "-c", _REPEAT],
        input=scale_ladder(10),
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.splitlines()[-1])
    tracked, rss = out["tracked"], out["rss"]
    assert out["garbage"] == 0
    assert max(tracked) < 2.3 * tracked[0], tracked
    assert min(tracked[-12:]) < 1.2 * tracked[0], tracked  # a full collection within the last 12 runs
    assert rss[-1] - rss[1] < 40, rss


_BOUND = """
import gc, io, json, sys
import numpy as np
import ir, ir.handover, ir.parser
import scheduler.pipeline, simulator.session, traces.chrome_read
from scheduler import Pipeline
from simulator import Session, parameter_keys
from simulator.archives import ParameterEntry, ParameterIndex
from traces.chrome import write_chrome_json
from traces.chrome_read import read_trace
# Every step of this small program hands over as a large one does.
ir.parser.HANDOVER_CHARS = scheduler.pipeline.HANDOVER_NODES = 0
simulator.session.HANDOVER_EVENTS = traces.chrome_read.HANDOVER_RECORDS = 0
exact = gc.get_freeze_count
walks = [0]
def counted():
    walks[0] += 1
    return exact()
gc.get_freeze_count = counted  # the hand-over's exact counts
text = sys.stdin.read()
x = np.zeros((8, 32), np.float32)
pairs, kept = [], []
def check():
    pairs.append((ir.handover._frozen_bound, exact()))
for run in range(16):
    module = ir.load_text(text, "ladder.mlir")
    check()
    ir.verify(module)  # (with the collector running, as a command runs it between the parse and schedule)
    index = ParameterIndex()
    for scope, key, size in parameter_keys(module):
        index.add(ParameterEntry.virtual(key, size), scope=scope)
    garbage = [[] for _ in range(2000)]  # young, then older, then freed
    for g in garbage:
        g.append(g)
    gc.collect(run % 3)
    Pipeline.default().run(module)
    check()
    del garbage
    result = Session("cpu").run_sync(module, "main", [x], parameters=index, timing_only=True)
    check()
    buffer = io.BytesIO()
    write_chrome_json(result.trace, buffer)
    kept.append([{} for _ in range(3000)])  # tracked in the older generations, dropped a few runs later
    gc.collect(1 + run % 2)
    if len(kept) > 3:
        kept.pop(0)
    trace = read_trace(io.BytesIO(buffer.getvalue()))
    check()
    del module, index, result, trace
print(json.dumps({"pairs": pairs, "walks": walks[0], "handovers": 4 * 16, "record": ir.handover._tracked_after_full}))
"""


def test_frozen_bound_is_never_below_the_frozen_count() -> None:
    """The hand-over decides by a running bound of the frozen objects and counts them (a walk of every
    frozen object) only when the bound passes twice the last full collection's record: its decision is
    the exact one as long as the bound is never below the real count. Checked after every hand-over of
    16 rounds of parse, schedule, run and trace read (the reader's freeze counted too), with cyclic
    garbage, young, middle and full collections and older objects freed in between; and most hand-overs
    do not walk."""
    out = run_fresh(_BOUND, stdin=scale_ladder(10))
    pairs = out["pairs"]
    assert len(pairs) == 64
    low = [(i, bound, real) for i, (bound, real) in enumerate(pairs) if bound < real]
    assert not low, low
    assert out["walks"] < out["handovers"] // 2, out
