"""The Chrome reader's fast path for the writer's own events: a group of lines decoded by msgspec into typed
events, and turned into records by one loop, with no dict made per event.

:mod:`traces.chrome_lines` cuts the writer's one-event-per-line files into groups of lines. Before decoding a
group with orjson into event dicts for :meth:`traces.chrome_read._Builder.add_batch`, it offers the group to
the function :func:`group_reader` makes. That decodes the group with msgspec into the writer's four kinds of
events (``X`` spans, flows' ``s`` and ``f``, ``C`` counters) as Structs, whose members msgspec has already
checked: integer ids, string names, object args, times and durations within the reader's range, a known
category (decoded as that category's own string object). The loop then does the checks that are left (a
track named before, a new span id, a flow whose ends are spans read) and makes the records as ``add_batch``
would.

Any doubt sends the whole group back, with nothing of it kept, to the orjson path: a line msgspec cannot
decode or type (another phase; a member missing, unknown or of another type; deeper args; a malformed
line), or a check the loop does not pass. That path then reads the group as it always has, and raises its
error naming the file and line. So the records, and every error, do not depend on which path a group took
(tests/traces/test_chrome_groups.py reads edited traces both ways). A flow whose ``s`` ends one group
waits for its ``f`` in the builder's open flows, as the orjson path leaves it, whichever path reads the
next group.

Numbers: JSON does not bound integers. orjson reads an integer from -2**63 to 2**64 - 1 as an int and one
beyond as the nearest float; msgspec would read the exact int. So every integer this path types (ids, pids,
tids, args' values, counters' values) is typed within int64's bounds: any integer beyond them (from 2**63
on, or below -2**63) makes its group go the orjson way, which reads it as an int up to 2**64 - 1 and as a
float beyond. Whichever path a group could take, an integer reads as orjson reads it, as before this path
existed; a number too large for a float is an error on both (orjson's). Args are typed as what the writer
writes (numbers, strings, booleans, null, and lists or objects of these); deeper args go the orjson way.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

import msgspec

from traces.chrome_read import _MAX_TS_US, MAX_TIME_NS
from traces.records import CATEGORIES, Counter, Flow, Span, _tuple_new

if TYPE_CHECKING:
    from traces.chrome_read import _Builder

# orjson reads an integer from -2**63 to 2**64 - 1 as an int, one beyond as a float (see the module doc);
# msgspec bounds an int within int64's: those from 2**63 on go the orjson way (and read as ints there).
_Int = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
_Id = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
# orjson refuses a number too large for a float; msgspec would read it as inf.
_Float = Annotated[float, msgspec.Meta(ge=-sys.float_info.max, le=sys.float_info.max)]
_Scalar = Union[None, bool, _Int, _Float, str]  # noqa: UP007  (an Annotated member: msgspec takes this form)
_Args = dict[str, Union[_Scalar, list[_Scalar], dict[str, _Scalar]]]  # noqa: UP007
# A time within the reader's range (microseconds); a duration from 0 to a bound a little below its largest
# (so that no rounding of the product by 1000 passes MAX_TIME_NS). Any other goes the orjson way, which
# reads it (a duration of -0.0 as 0) or names it.
_TS_BOUND = int(_MAX_TS_US)
_DUR_BOUND = (MAX_TIME_NS >> 1) // 1000
_Time = Union[  # noqa: UP007
    Annotated[int, msgspec.Meta(ge=-_TS_BOUND, le=_TS_BOUND)],
    Annotated[float, msgspec.Meta(ge=-_MAX_TS_US, le=_MAX_TS_US)],
]
_Duration = Union[  # noqa: UP007
    Annotated[int, msgspec.Meta(ge=0, le=_DUR_BOUND)],
    Annotated[float, msgspec.Meta(ge=0, le=_DUR_BOUND)],
]
# A category is one of the known ones, decoded as that very string object (a Literal's own).
_Category = Literal[CATEGORIES]  # type: ignore[valid-type]


# The members the writer writes, each typed, and no other: msgspec skips a member it does not know without
# checking it (its strings' UTF-8, its numbers' range), where orjson fails on a bad one.
class _X(msgspec.Struct, tag_field="ph", tag="X", gc=False, forbid_unknown_fields=True):
    pid: _Int
    tid: _Int
    ts: _Time
    dur: _Duration
    name: str
    cat: _Category
    id: _Id
    args: _Args


class _S(msgspec.Struct, tag_field="ph", tag="s", gc=False, forbid_unknown_fields=True):
    pid: _Int
    tid: _Int
    ts: _Time
    name: str
    cat: str
    id: _Id
    span_id: _Id
    args: _Args


class _F(msgspec.Struct, tag_field="ph", tag="f", gc=False, forbid_unknown_fields=True):
    bp: str
    pid: _Int
    tid: _Int
    ts: _Time
    name: str
    cat: str
    id: _Id
    span_id: _Id


class _C(msgspec.Struct, tag_field="ph", tag="C", gc=False, forbid_unknown_fields=True):
    pid: _Int
    tid: _Int
    ts: _Time
    name: str
    # Counter's own checks, typed: at least one sample, each named, each an int (a float value, which
    # Counter takes too, goes the orjson way).
    args: Annotated[dict[Annotated[str, msgspec.Meta(min_length=1)], _Int], msgspec.Meta(min_length=1)]


_DECODER = msgspec.json.Decoder(list[Union[_X, _S, _F, _C]])  # noqa: UP007
_first = itemgetter(0)


def group_reader(builder: _Builder) -> Callable[[memoryview, int], bool]:
    """The function that adds the records of a group of ``count`` lines of the writer's layout (the last
    one's comma and newline cut off) to ``builder``'s trace and returns True; or adds nothing and returns
    False, for the group to be read the orjson way.

    The types bound every time and duration and name the categories: what msgspec decoded needs no check
    of its range."""
    decode: Callable[[bytes], list[Any]] = _DECODER.decode  # (the loop tells the kinds apart by type())
    tracks_get, span_ids = builder.tracks.get, builder.span_ids
    intern = builder.strings.setdefault
    open_flows = builder.open_flows
    new_record, span_class, flow_class, counter_class = _tuple_new, Span, Flow, Counter
    x_class, s_class, f_class = _X, _S, _F
    # round() of a float, without round()'s lookup of __round__ and its bound method (a tenth of a million-
    # event read's rounding): float's own, which refuses an int: a time decoded as an int (a number written
    # without a point) sends its group the orjson way, which reads it exactly, as before.
    to_ns = float.__round__

    def read_group(lines: memoryview, count: int) -> bool:
        # A flow's start whose end is in a later group waits in the builder's open_flows, as the orjson
        # path leaves it (a group ends between a flow's two lines about once in 25 groups).
        start: Any = None
        if open_flows:
            start = _open_start(open_flows)
            if start is None:
                return False
        try:
            events = decode(b"".join((b"[", lines, b"]")))
        except (ValueError, RecursionError):  # msgspec.DecodeError, UnicodeDecodeError; nesting too deep
            return False
        if len(events) != count:  # (a line of two events)
            return False
        trace = builder.trace
        spans, flows, counters = trace._spans, trace._flows, trace._counters
        marks = len(spans), len(flows), len(counters)
        spans_append, flows_append, counters_append = spans.append, flows.append, counters.append
        next_id = builder.next_id
        try:
            for event in events:
                kind = type(event)
                if kind is x_class:
                    # The times first: a TypeError (an int) leaves nothing of the event behind.
                    start_ns, dur_ns = to_ns(event.ts * 1000), to_ns(event.dur * 1000)
                    span_id = event.id
                    track = tracks_get((event.pid, event.tid))
                    if track is None or span_id in span_ids:
                        break
                    span_ids.add(span_id)
                    if span_id >= next_id:
                        next_id = span_id + 1
                    name = event.name
                    spans_append(
                        new_record(
                            span_class,
                            (
                                span_id,
                                track,
                                intern(name, name),
                                event.cat,
                                start_ns,
                                dur_ns,
                                event.args,
                            ),
                        )
                    )
                elif kind is s_class:
                    if start is not None:
                        break
                    start = event
                elif kind is f_class:
                    if start is None or event.id != start.id:
                        break
                    src, dst = start.span_id, event.span_id
                    if src not in span_ids or dst not in span_ids:
                        break
                    flows_append(new_record(flow_class, (start.id, src, dst, start.name, start.args)))
                    start = None
                else:
                    track = tracks_get((event.pid, event.tid))
                    if track is None:
                        break
                    ts = to_ns(event.ts * 1000)
                    for key, value in event.args.items():
                        counters_append(new_record(counter_class, (track, key, ts, value)))
            else:
                builder.next_id = next_id
                if open_flows or start is not None:
                    open_flows.clear()
                    if start is not None:
                        open_flows[start.id] = {"span_id": start.span_id, "name": start.name, "args": start.args}
                return True
        except TypeError:  # (to_ns given an int)
            pass
        # Nothing of the group is kept: the orjson path reads it all.
        span_ids.difference_update(map(_first, spans[marks[0] :]))
        del spans[marks[0] :], flows[marks[1] :], counters[marks[2] :]
        return False

    return read_group


def _open_start(open_flows: dict[Any, dict[str, Any]]) -> _S | None:
    """The one flow start in ``open_flows`` (a decoded ``s`` event by its id) as an ``s`` Struct, if it is one
    the orjson path would make a flow of with no check failing (as ``_Builder.add_batch`` checks it)."""
    if len(open_flows) != 1:
        return None
    [(flow_id, event)] = open_flows.items()
    span_id, name, args = event["span_id"], event.get("name", ""), event.get("args", {})
    if not (type(flow_id) is int and flow_id >= 0 and type(span_id) is int and span_id >= 0):
        return None
    if type(name) is not str or type(args) is not dict:
        return None
    return _S(0, 0, 0, name, "flow", flow_id, span_id, args)  # (pid, tid, ts, cat: not read)
