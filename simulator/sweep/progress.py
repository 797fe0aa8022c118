"""The progress line of a sweep: points done out of the total, failed, rate and time left.

On a terminal the line is redrawn in place (``\\r``); elsewhere (CI logs, notebooks' captured stderr)
a line is printed at most every ``interval_s`` seconds and once at the end. The rate counts only points
run by this sweep, not those a resumed sweep found already stored.

Examples
--------
>>> import io
>>> out = io.StringIO()
>>> p = Progress(10, already_done=4, stream=out, clock=iter([0.0, 2.0, 2.0]).__next__)
>>> p.update(ok=True); p.close()
>>> out.getvalue().splitlines()[-1]
'sweep: 5/10 points (4 stored before), 0 failed, 0.5 points/s, 10s left'
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


def format_seconds(s: float) -> str:
    if s < 60:
        return f"{s:.0f}s"
    if s < 3600:
        return f"{int(s // 60)}m{int(s % 60):02d}s"
    return f"{int(s // 3600)}h{int(s % 3600 // 60):02d}m"


class Progress:
    """Counts finished points and shows the progress line (``enabled=False``: counts only)."""

    def __init__(
        self,
        total: int,
        *,
        already_done: int = 0,
        stream: TextIO | None = None,
        enabled: bool = True,
        interval_s: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.already_done = already_done
        self.done = already_done
        self.failed = 0
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.interval_s = interval_s
        self.clock = clock
        self.start = clock()
        self.now = self.start
        self._last_shown = -float("inf")
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    @property
    def rate(self) -> float:
        """Points per second run by this sweep."""
        elapsed = self.now - self.start
        ran = self.done - self.already_done
        return ran / elapsed if elapsed > 0 and ran else 0.0

    def line(self) -> str:
        text = f"sweep: {self.done}/{self.total} points"
        if self.already_done:
            text += f" ({self.already_done} stored before)"
        text += f", {self.failed} failed, {self.rate:.1f} points/s"
        left = self.total - self.done
        if left and self.rate > 0:
            text += f", {format_seconds(left / self.rate)} left"
        elif not left:
            text += f", {format_seconds(self.now - self.start)} in all"
        return text

    def update(self, *, ok: bool) -> None:
        self.done += 1
        self.failed += 0 if ok else 1
        self.now = self.clock()
        if not self.enabled:
            return
        if self._tty:
            self.stream.write("\r" + self.line() + "\x1b[K")
            self.stream.flush()
        elif self.done < self.total and self.now - self._last_shown >= self.interval_s:
            self._last_shown = self.now
            self.stream.write(self.line() + "\n")

    def close(self) -> None:
        if not self.enabled:
            return
        self.now = self.clock()
        self.stream.write(("\r" + self.line() + "\x1b[K\n") if self._tty else self.line() + "\n")
        self.stream.flush()
