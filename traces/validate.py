"""A checker of the Trace Event Format: the rules a Chrome trace file must keep for viewers to load it.

The rules checked, each reported as one line naming the event by its index (and line, for files):

- every event is an object with ``ph``, ``ts``, ``pid`` and ``tid``; ``ts`` is a number; ``pid`` and
  ``tid`` are integers;
- ``X`` events have a numeric ``dur >= 0``;
- flow events pair up: each ``s`` has exactly one ``f`` with the same ``cat`` and ``id``, and no ``f`` is
  without an ``s``; the ``f`` is not earlier than its ``s``;
- ``C`` events have a non-empty ``args`` object whose values are all numbers;
- ``B``/``E`` events balance on each thread;
- ``M`` events are one of the metadata names viewers know.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import IO, Any

from traces.chrome import iter_chrome_events

_PHASES = set("BEXiIC sftMbenNODPR".replace(" ", "")) | {"(", ")"}
_METADATA = {"process_name", "process_labels", "process_sort_index", "thread_name", "thread_sort_index"}


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_chrome_events(events: Iterable[dict[str, Any] | tuple[int, dict[str, Any]]]) -> list[str]:
    """The rule violations in ``events``, an iterable of event dicts or ``(line, event)`` pairs.

    Returns an empty list for a valid trace.

    Examples
    --------
    >>> check_chrome_events([{"ph": "X", "ts": 0, "pid": 1, "tid": 1, "dur": 2}])
    []
    >>> check_chrome_events([{"ph": "X", "ts": 0, "pid": 1, "dur": -2}])
    ['event 0: missing tid', 'event 0: X dur must be a number >= 0, got -2']
    """
    problems: list[str] = []
    starts: dict[tuple[Any, Any], tuple[str, float]] = {}
    ends: dict[tuple[Any, Any], tuple[str, float]] = {}
    depth: dict[tuple[Any, Any], int] = {}
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
        if ph is not None and ph not in _PHASES:
            problems.append(f"{where}: unknown phase {ph!r}")
        if "ts" in event and not _is_number(event["ts"]):
            problems.append(f"{where}: ts must be a number, got {event['ts']!r}")
        for key in ("pid", "tid"):
            if key in event and (isinstance(event[key], bool) or not isinstance(event[key], int)):
                problems.append(f"{where}: {key} must be an integer, got {event[key]!r}")
        ts = event.get("ts") if _is_number(event.get("ts")) else 0
        if ph == "X":
            dur = event.get("dur")
            if not _is_number(dur) or dur < 0:
                problems.append(f"{where}: X dur must be a number >= 0, got {dur!r}")
        elif ph in ("s", "f"):
            key = (event.get("cat"), event.get("id"))
            if event.get("id") is None:
                problems.append(f"{where}: flow event without id")
            table = starts if ph == "s" else ends
            if key in table:
                problems.append(f"{where}: second flow {'start' if ph == 's' else 'end'} with id {key[1]!r}")
            table[key] = (where, ts)
        elif ph == "C":
            args = event.get("args")
            if not isinstance(args, dict) or not args:
                problems.append(f"{where}: C args must be a non-empty object, got {args!r}")
            else:
                for name, value in args.items():
                    if not _is_number(value):
                        problems.append(f"{where}: counter {name!r} is not numeric: {value!r}")
        elif ph in ("B", "E"):
            thread = (event.get("pid"), event.get("tid"))
            depth[thread] = depth.get(thread, 0) + (1 if ph == "B" else -1)
            if depth[thread] < 0:
                problems.append(f"{where}: E event with no open B on pid {thread[0]} tid {thread[1]}")
                depth[thread] = 0
        elif ph == "M" and event.get("name") not in _METADATA:
            problems.append(f"{where}: unknown metadata event name {event.get('name')!r}")
    for key, (where, ts) in starts.items():
        if key not in ends:
            problems.append(f"{where}: flow start id {key[1]!r} has no flow end")
        elif ends[key][1] < ts:
            problems.append(f"{ends[key][0]}: flow end id {key[1]!r} is before its start")
    for key, (where, _) in ends.items():
        if key not in starts:
            problems.append(f"{where}: flow end id {key[1]!r} has no flow start")
    for (pid, tid), open_count in depth.items():
        if open_count > 0:
            problems.append(f"pid {pid} tid {tid}: {open_count} B event(s) never closed")
    return problems


def check_chrome_trace(path_or_file: str | os.PathLike[str] | IO[bytes]) -> list[str]:
    """The rule violations in a Chrome trace file (gzip or not); malformed JSON raises TraceFormatError."""
    return check_chrome_events((line, event) for line, event, _ in iter_chrome_events(path_or_file))
