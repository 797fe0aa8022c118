"""A checker of the Trace Event Format: the rules a Chrome trace file must keep for viewers to show it right.

The rules checked, each reported as one line naming the event by its index (and line, for files):

- every event is an object with ``ph``, ``ts``, ``pid`` and ``tid``; ``ts`` is a finite number within
  :data:`~traces.chrome_read.MAX_TIME_NS` of zero; ``pid`` and ``tid`` are integers;
- ``X`` events have a numeric ``dur >= 0`` within the same range;
- flow events pair up: each ``s`` has exactly one ``f`` with the same ``cat`` and ``id``, and no ``f`` is
  without an ``s``; the ``f`` is not earlier than its ``s``;
- ``C`` events have a non-empty ``args`` object whose values are all numbers;
- ``B``/``E`` events balance on each thread, and an ``E`` that names its slice names the open one;
- ``M`` events are one of the metadata names viewers know;
- the slices of one thread (``X`` events and ``B``/``E`` pairs) nest: two slices either do not overlap
  or one lies inside the other, in exact nanoseconds. Viewers draw a slice that overlaps its sibling
  without nesting as its parent;
- and, for ``X`` events, the same holds for the end a viewer computes as ``ts + dur`` in floating point:
  ``92.010 + 0.352`` is ``92.36200000000001``, after a sibling that starts at ``92.362`` (the writer
  prints such a ``dur`` as ``0.35199999999999``: :func:`traces.chrome.format_dur`);
- ``B``/``E`` events pair up as Chrome DevTools' trace engine pairs them: it keeps one stack of open
  ``B`` events for all threads, in file order, so an ``E`` closes the latest ``B`` of any thread, and
  only if their ``name`` and ``cat`` are equal (an ``E`` without ``cat`` closes nothing that has one).
  Every ``B`` it fails to close is drawn with zero duration: one line says how many, and where the first
  is.

:func:`check_chrome_trace` first reads the file the way every ``streamsim trace`` verb does, so a file
they cannot load raises :class:`~traces.errors.TraceFormatError` here too.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from typing import IO, Any

from traces.chrome_read import _MAX_TS_US, iter_chrome_events, read_trace

_PHASES = set("BEXiIC sftMbenNODPR".replace(" ", "")) | {"(", ")"}
_METADATA = {"process_name", "process_labels", "process_sort_index", "thread_name", "thread_sort_index"}
_MAX_REPORTS_PER_THREAD = 10


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_time(value: object) -> bool:
    return _is_number(value) and math.isfinite(value) and abs(value) <= _MAX_TS_US  # type: ignore[arg-type]


def _ns(value: float) -> int:
    return round(value * 1000)


# A slice of one thread: exact start and end in ns, float end as a viewer computes it, float start, name,
# and where it was defined (for the message).
_Slice = tuple[int, int, float, float, str, str]


def check_chrome_events(events: Iterable[dict[str, Any] | tuple[int, dict[str, Any]]]) -> list[str]:
    """The rule violations in ``events``, an iterable of event dicts or ``(line, event)`` pairs.

    Returns an empty list for a valid trace.

    Examples
    --------
    >>> check_chrome_events([{"ph": "X", "ts": 0, "pid": 1, "tid": 1, "dur": 2}])
    []
    >>> check_chrome_events([{"ph": "X", "ts": 0, "pid": 1, "dur": -2}])
    ['event 0: missing tid', 'event 0: X dur must be a number >= 0, got -2']
    >>> check_chrome_events([
    ...     {"ph": "X", "ts": 92.01, "dur": 0.352, "pid": 1, "tid": 1, "name": "a"},
    ...     {"ph": "X", "ts": 92.362, "dur": 1, "pid": 1, "tid": 1, "name": "b"},
    ... ])  # doctest: +NORMALIZE_WHITESPACE
    ["event 0: slice 'a' ends at 92.36200000000001 us as viewers compute ts + dur, after slice 'b'
      (event 1) starts at 92.362 us on pid 1 tid 1; print dur so that ts + dur is the end exactly"]
    """
    problems: list[str] = []
    starts: dict[tuple[Any, Any], tuple[str, float]] = {}
    ends: dict[tuple[Any, Any], tuple[str, float]] = {}
    open_slices: dict[tuple[Any, Any], list[tuple[str, dict[str, Any]]]] = {}
    slices: dict[tuple[Any, Any], list[_Slice]] = {}
    begin_ends: list[tuple[str, dict[str, Any]]] = []  # (where, event) of B and E events, in file order
    for index, item in enumerate(events):
        line, event = item if isinstance(item, tuple) else (0, item)
        where = f"event {index}" + (f" (line {line})" if line else "")
        if not isinstance(event, dict):
            problems.append(f"{where}: not a JSON object: {event!r:.60}")
            continue
        for key in ("ph", "ts", "pid", "tid"):
            if key not in event:
                problems.append(f"{where}: missing {key}")
        ph = event.get("ph")
        if ph is not None and (not isinstance(ph, str) or ph not in _PHASES):
            problems.append(f"{where}: unknown phase {ph!r:.20}")
        if "ts" in event and not _is_number(event["ts"]):
            problems.append(f"{where}: ts must be a number, got {event['ts']!r:.40}")
        elif "ts" in event and not _is_time(event["ts"]):
            problems.append(f"{where}: ts {event['ts']!r} us is out of range (|ts| <= {_MAX_TS_US:.3g} us)")
        for key in ("pid", "tid"):
            if key in event and (isinstance(event[key], bool) or not isinstance(event[key], int)):
                problems.append(f"{where}: {key} must be an integer, got {event[key]!r:.40}")
        timed = _is_time(event.get("ts"))
        ts = event["ts"] if timed else 0
        thread = (event.get("pid"), event.get("tid"))
        if not all(isinstance(k, int) and not isinstance(k, bool) for k in thread):
            thread = ("?", "?")
        if ph == "X":
            dur: Any = event.get("dur")
            if not _is_number(dur) or dur < 0:
                problems.append(f"{where}: X dur must be a number >= 0, got {dur!r:.40}")
            elif not _is_time(dur):
                problems.append(f"{where}: X dur {dur!r} us is out of range")
            elif timed:
                slices.setdefault(thread, []).append(
                    (_ns(ts), _ns(ts) + _ns(dur), ts + dur, ts, str(event.get("name", "")), where)
                )
        elif ph in ("s", "f"):
            flow_key = (event.get("cat"), event.get("id"))
            if event.get("id") is None:
                problems.append(f"{where}: flow event without id")
            table = starts if ph == "s" else ends
            try:
                if flow_key in table:
                    problems.append(
                        f"{where}: second flow {'start' if ph == 's' else 'end'} with id {flow_key[1]!r:.40}"
                    )
                table[flow_key] = (where, ts)
            except TypeError:
                problems.append(f"{where}: flow id must be a number or string, got {flow_key[1]!r:.40}")
        elif ph == "C":
            args = event.get("args")
            if not isinstance(args, dict) or not args:
                problems.append(f"{where}: C args must be a non-empty object, got {args!r:.60}")
            else:
                for name, value in args.items():
                    if not _is_number(value):
                        problems.append(f"{where}: counter {name!r:.40} is not numeric: {value!r:.40}")
        elif ph == "B":
            open_slices.setdefault(thread, []).append((where, event))
            begin_ends.append((where, event))
        elif ph == "E":
            begin_ends.append((where, event))
            stack = open_slices.get(thread)
            if not stack:
                problems.append(f"{where}: E event with no open B on pid {thread[0]} tid {thread[1]}")
                continue
            begin_where, begin = stack.pop()
            end_name = event.get("name")
            begin_name = begin.get("name", "")
            if end_name is not None and end_name != begin_name:
                problems.append(f"{where}: E event {end_name!r:.40} closes the open slice {begin_name!r:.40}")
            if timed and _is_time(begin.get("ts")):
                start = begin["ts"]
                if ts < start:
                    problems.append(f"{where}: E event is before its B event ({begin_where})")
                else:
                    slices.setdefault(thread, []).append(
                        (_ns(start), _ns(ts), ts, start, str(begin_name), begin_where)
                    )
        elif ph == "M" and event.get("name") not in _METADATA:
            problems.append(f"{where}: unknown metadata event name {event.get('name')!r:.40}")
    for flow_key, (where, ts) in starts.items():
        if flow_key not in ends:
            problems.append(f"{where}: flow start id {flow_key[1]!r:.40} has no flow end")
        elif ends[flow_key][1] < ts:
            problems.append(f"{ends[flow_key][0]}: flow end id {flow_key[1]!r:.40} is before its start")
    for flow_key, (where, _) in ends.items():
        if flow_key not in starts:
            problems.append(f"{where}: flow end id {flow_key[1]!r:.40} has no flow start")
    for (pid, tid), stack in open_slices.items():
        if stack:
            problems.append(f"pid {pid} tid {tid}: {len(stack)} B event(s) never closed")
    for (pid, tid), thread_slices in slices.items():
        problems.extend(_nesting_problems(pid, tid, thread_slices))
    problems.extend(_devtools_pairing_problems(begin_ends))
    return problems


def _devtools_pairing_problems(begin_ends: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """B events that Chrome DevTools' single stack (one for all threads, in file order) does not close."""
    stack: list[tuple[str, dict[str, Any]]] = []
    lost: list[str] = []
    for where, event in begin_ends:
        if event.get("ph") == "B":
            stack.append((where, event))
        elif stack:
            begin_where, begin = stack.pop()
            if begin.get("name") != event.get("name") or begin.get("cat") != event.get("cat"):
                lost.append(begin_where)
    if not lost:
        return []
    return [
        f"{lost[0]}: Chrome DevTools leaves {len(lost)} B event(s) unclosed (drawn with zero duration): it "
        "pairs B/E events with one stack for all threads, in file order, and only with equal name and cat; "
        "write X events (or B/E that never interleave across threads, with cat on each E)"
    ]


def _nesting_problems(pid: object, tid: object, thread_slices: list[_Slice]) -> list[str]:
    """Slices of one thread that overlap without nesting, exactly or as viewers compute X ends."""
    problems: list[str] = []
    thread_slices.sort(key=lambda s: (s[0], -s[1]))
    stack: list[_Slice] = []
    for current in thread_slices:
        start, end, _, float_start, name, where = current
        while stack and stack[-1][1] <= start:
            done = stack.pop()
            if done[2] > float_start and len(problems) < _MAX_REPORTS_PER_THREAD:
                problems.append(
                    f"{done[5]}: slice {done[4]!r:.40} ends at {done[2]!r} us as viewers compute ts + dur, "
                    f"after slice {name!r:.40} ({where.split(' (')[0]}) starts at {float_start!r} us "
                    f"on pid {pid} tid {tid}; print dur so that ts + dur is the end exactly"
                )
        if stack and end > stack[-1][1] and len(problems) < _MAX_REPORTS_PER_THREAD:
            outer = stack[-1]
            problems.append(
                f"{where}: slice {name!r:.40} [{start}, {end}) ns overlaps slice {outer[4]!r:.40} "
                f"[{outer[0]}, {outer[1]}) ns ({outer[5].split(' (')[0]}) on pid {pid} tid {tid} "
                "without nesting in it"
            )
        stack.append(current)
    return problems


def check_chrome_trace(path_or_file: str | os.PathLike[str] | IO[bytes]) -> list[str]:
    """The rule violations in a Chrome trace file (gzip or not).

    A file that the trace verbs cannot load at all (malformed JSON, binary data, times out of range,
    unbalanced B/E, unpaired flows) raises :class:`~traces.errors.TraceFormatError`, as they do.
    """
    if not isinstance(path_or_file, str | os.PathLike):
        data = path_or_file.read()
        import io

        read_trace(io.BytesIO(data))
        return check_chrome_events((line, event) for line, event, _ in iter_chrome_events(io.BytesIO(data)))
    read_trace(path_or_file)
    return check_chrome_events((line, event) for line, event, _ in iter_chrome_events(path_or_file))
