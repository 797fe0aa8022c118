"""Running a coroutine to completion from synchronous code, inside a running event loop or not.

``asyncio.run`` refuses to start while an event loop runs in the calling thread, which is where every
Jupyter cell runs. :func:`run_coroutine_sync` then runs the coroutine on a worker thread with its own
loop and waits for it (the caller's loop is blocked meanwhile, as any synchronous call blocks it), and
re-raises its exception in the caller's thread. No monkeypatching of asyncio (nest_asyncio) is needed.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_coroutine_sync(coro: Coroutine[Any, Any, T], *, thread_name: str = "streamsim-sync") -> T:
    """``asyncio.run(coro)``, or the same on a worker thread when this thread's loop is running.

    Examples
    --------
    >>> async def answer() -> int:
    ...     return 42
    >>> run_coroutine_sync(answer())
    42
    >>> async def inside() -> int:  # as in a notebook cell: a loop is already running
    ...     return run_coroutine_sync(answer())
    >>> asyncio.run(inside())
    42
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=target, name=thread_name)
    worker.start()
    worker.join()
    if "error" in box:
        raise box["error"]
    return box["value"]
