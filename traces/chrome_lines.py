"""The line layer of the Chrome trace reader: the writer's one-event-per-line files, decoded a chunk at a
time (about a megabyte of whole lines per orjson call), and line by line where a chunk does not decode as
the writer's layout, so that an error names its line. :mod:`traces.chrome_read` builds records from what
this yields.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

import orjson

from traces.errors import TraceFormatError

_BATCH = 4096  # lines decoded per orjson call on the careful path
_CHUNK = 1 << 20  # bytes read and decoded at once on the fast path (about 5,000 of the writer's lines)


def _json_error(name: str, line: int, exc: orjson.JSONDecodeError, what: str) -> TraceFormatError:
    message = str(exc.msg)
    if "UTF-8" in message or "utf-8" in message:
        return TraceFormatError(f"{name}:{line}: not UTF-8 text (a binary file?)")
    if "ecursion" in message or "depth limit" in message:
        return TraceFormatError(f"{name}:{line}: JSON nested too deeply (more than 1024 levels)")
    return TraceFormatError(f"{name}:{line}: {what}: {message}")


def _layout_events(binary: IO[bytes], name: str) -> Iterator[tuple[range | list[int], list[dict[str, Any]]]]:
    lineno = 1
    for chunk, last in _line_chunks(binary):
        # Decode a chunk of whole lines as one JSON array: far fewer decoder calls than one per line. When
        # the chunk does not parse as the writer's layout, its lines are decoded one by one (in batches) to
        # name the bad one.
        count = chunk.count(b"\n") + (0 if chunk.endswith(b"\n") else 1)
        fast = _whole_lines(chunk, count)
        if fast is not None:
            yield range(lineno + 1, lineno + 1 + count), fast
            lineno += count
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


def _whole_lines(chunk: bytes, count: int) -> list[dict[str, Any]] | None:
    """The events of ``chunk`` (``count`` lines) when each of its lines is one event and each but the last
    ends in ``",\n"`` (the writer's layout, where the line-by-line path would give the same events); else
    None. The lines are decoded as they are: no per-line work in Python."""
    ends_in_comma = chunk.endswith(b",\n")
    if chunk.count(b",\n") != count - (0 if ends_in_comma else 1):
        return None
    if not ends_in_comma and chunk[chunk.rfind(b"\n", 0, len(chunk) - 1) + 1 :].strip() == b"]}":
        return None  # the end of the document: the careful path checks what follows
    body = chunk[:-2] if ends_in_comma else chunk
    try:
        events = orjson.loads(b"[" + body + b"]")
    except orjson.JSONDecodeError:
        return None
    if len(events) != count or not all(type(e) is dict for e in events):
        return None
    return events  # type: ignore[no-any-return]
