"""The line layer of the Chrome trace reader: the writer's one-event-per-line files, read a chunk at a
time (about a megabyte of whole lines), whose lines are decoded a group at a time (``_GROUP`` lines per
orjson call), and line by line where a group does not decode as the writer's layout, so that an error names
its line. :mod:`traces.chrome_read` builds records from what this yields.

Why groups of lines, not the chunk: the reader turns each decoded event into records right after
decoding it, so a group's events are still in the processor's cache when it reads them (a chunk's events
take several megabytes; in groups of 64 lines a million-event read takes a quarter less time, and nearly
a third less in a process with a large heap, as after a 100,000-dispatch simulation). Where the lines of a chunk end, and whether each ends in
``,\n`` as the writer's lines do, is found for the whole chunk at once with numpy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import IO, Any

import numpy as np
import orjson

from traces.errors import TraceFormatError

_BATCH = 4096  # lines decoded per orjson call on the careful path
_CHUNK = 1 << 20  # bytes read and scanned for line ends at once (about 5,000 of the writer's lines)
_GROUP = 64  # lines decoded per orjson call on the fast path
_NEWLINE, _COMMA = 10, 44


def _json_error(name: str, line: int, exc: orjson.JSONDecodeError, what: str) -> TraceFormatError:
    message = str(exc.msg)
    if "UTF-8" in message or "utf-8" in message:
        return TraceFormatError(f"{name}:{line}: not UTF-8 text (a binary file?)")
    if "ecursion" in message or "depth limit" in message:
        return TraceFormatError(f"{name}:{line}: JSON nested too deeply (more than 1024 levels)")
    return TraceFormatError(f"{name}:{line}: {what}: {message}")


def _layout_events(
    binary: IO[bytes], name: str, groups: Callable[[memoryview, int], bool] | None = None
) -> Iterator[tuple[range | list[int], list[dict[str, Any]]]]:
    """Yield ``(line numbers, events)`` a group (or careful batch) at a time; a group ``groups`` takes
    (:func:`traces.chrome_groups.group_reader`: given the group's lines and their count, it returns True
    when it has read them itself) is not decoded here nor yielded."""
    lineno = 1
    for whole, last in _line_chunks(binary):
        # Decode groups of whole lines, each as one JSON array: far fewer decoder calls than one per line.
        # From the first line that is not the writer's layout (or group that does not decode as it) on,
        # the chunk's lines are decoded one by one (in batches) to name the bad one.
        stops = _layout_line_ends(whole)
        view = memoryview(whole)
        done = 0
        for first in range(0, len(stops), _GROUP):
            count = min(_GROUP, len(stops) - first)
            stop = stops[first + count - 1]  # the group's last newline; the comma before it is left out
            group = view[done : stop - 1]
            if groups is None or not groups(group, count):
                events = _decode_group(group, count)
                if events is None:
                    break
                yield range(lineno + 1, lineno + 1 + count), events
            lineno += count
            done = stop + 1
        chunk = whole[done:]
        if not chunk:
            continue
        lines = _split_lines(chunk)
        for k in range(0, len(lines), _BATCH):
            batch = lines[k : k + _BATCH]
            numbers, events, end = _careful_batch(batch, lineno, name)
            yield numbers, events
            if end is not None:
                # Only whitespace may follow the closing line; else name the line the data is on.
                end_line = lineno + 1 + end
                after = lines[k + end + 1 :]
                where = next((end_line + 1 + j for j, line in enumerate(after) if line.strip()), None)
                if where is None:
                    tail = last()
                    data = tail.lstrip()
                    if data:
                        where = end_line + 1 + len(after) + tail[: len(tail) - len(data)].count(b"\n")
                if where is not None:
                    raise TraceFormatError(f"{name}:{where}: data after the end of the trace document")
                return
            lineno += len(batch)
    raise TraceFormatError(f"{name}: truncated trace: no closing ']}}' after the last event")


def _line_chunks(binary: IO[bytes]) -> Iterator[tuple[bytes, Any]]:
    """Yield ``(chunk, rest)``: chunks of about ``_CHUNK`` bytes of whole lines (the last one may lack its
    newline), and a function giving (some of) what follows the chunk, for the end-of-document check."""
    parts: list[bytes] = []
    while True:
        data = binary.read(_CHUNK)
        if not data:
            if parts:
                tail = b"".join(parts)
                yield tail, lambda: b""
            return
        cut = data.rfind(b"\n") + 1
        if cut == 0:
            parts.append(data)  # a line longer than a chunk: gather its parts
            continue
        head = data[:cut]
        if parts:
            parts.append(head)
            head = b"".join(parts)
        parts = [data[cut:]] if cut < len(data) else []
        following = parts[0] if parts else b""
        yield head, lambda following=following: following + binary.read(4096)


def _split_lines(chunk: bytes) -> list[bytes]:
    """``chunk`` cut after each newline, as reading it line by line gives it."""
    pieces = chunk.split(b"\n")
    lines = [piece + b"\n" for piece in pieces[:-1]]
    if pieces[-1]:
        lines.append(pieces[-1])
    return lines


def _careful_batch(
    batch: list[bytes], lineno: int, name: str
) -> tuple[list[int], list[dict[str, Any]], int | None]:
    """The events of lines ``lineno + 1...`` of ``batch``, line by line when they do not decode as one
    array (naming the bad line); and the index of the document's closing ``]}`` line if the batch has it."""
    lines = [line.strip() for line in batch]
    end = next((i for i, line in enumerate(lines) if line == b"]}"), None)
    if end is not None:
        lines = lines[:end]
    body = [line[:-1] if line.endswith(b",") else line for line in lines]
    events: Any
    try:
        events = orjson.loads(b"[" + b",".join(line for line in body if line) + b"]")
    except orjson.JSONDecodeError:
        events = None
    if events is None or not all(type(e) is dict for e in events):
        events = []
        for offset, line in enumerate(body):
            if not line:
                continue
            where = lineno + 1 + offset
            try:
                event = orjson.loads(line)
            except orjson.JSONDecodeError as exc:
                raise _json_error(name, where, exc, "malformed JSON event") from None
            if not isinstance(event, dict):
                raise TraceFormatError(f"{name}:{where}: event is not a JSON object: {line[:60]!r}")
            events.append(event)
    numbers = [lineno + 1 + i for i, line in enumerate(body) if line]
    return numbers, events, end


def _layout_line_ends(chunk: bytes) -> list[int]:
    """The offsets of the newlines of the leading lines of ``chunk`` in the writer's layout: up to the first
    line not ending in ``,\n`` (the document's last event, its closing ``]}``, a line of another layout)."""
    data = np.frombuffer(chunk, np.uint8)
    ends = np.flatnonzero(data == _NEWLINE)
    if not len(ends) or ends[0] == 0:  # (a line "\n" first has no comma before its newline)
        return []
    off_layout = np.flatnonzero(data[ends - 1] != _COMMA)
    return (ends[: off_layout[0]] if len(off_layout) else ends).tolist()  # type: ignore[no-any-return]


def _decode_group(lines: memoryview, count: int) -> list[dict[str, Any]] | None:
    """The events of ``count`` lines in the writer's layout (the last one's comma and newline cut off),
    decoded as they are with no per-line work in Python, if they are one event a line; else None."""
    try:
        events = orjson.loads(b"".join((b"[", lines, b"]")))
    except orjson.JSONDecodeError:
        return None
    if len(events) != count or set(map(type, events)) != _DICT_ONLY:
        return None
    return events  # type: ignore[no-any-return]


_DICT_ONLY = {dict}
