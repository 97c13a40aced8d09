"""Progress of a long run on a terminal: one line on standard error with the rate and the time left.

Silent when standard error is not a terminal (a cron job, a CI log, a pipe), so logs carry no noise.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 24


def duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


class Meter:
    """A `(done, total, seconds)` callback, as `rebuild`, the seeder and the export report progress."""

    def __init__(
        self, label: str, unit: str = "events", stream: TextIO | None = None, every: float = 0.2
    ) -> None:
        self.label = label
        self.unit = unit
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self.every = every
        self._shown = 0.0
        self._drawn = 0

    def __call__(self, done: int, total: int, seconds: float) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if done < total and now - self._shown < self.every:
            return
        self._shown = now
        self._draw(self.line(done, total, seconds))

    def line(self, done: int, total: int, seconds: float) -> str:
        share = min(1.0, done / total) if total else 1.0
        filled = int(WIDTH * share)
        rate = done / seconds if seconds > 0 else 0.0
        left = f"{duration((total - done) / rate)} left" if rate > 0 and done < total else "done"
        return (
            f"{self.label} [{'#' * filled}{'.' * (WIDTH - filled)}] {done:,}/{total:,} {self.unit}"
            f"  {rate:,.0f} {self.unit}/s  {left}"
        )

    def _draw(self, text: str) -> None:
        padding = " " * max(0, self._drawn - len(text))
        self.stream.write(f"\r{text}{padding}")
        self.stream.flush()
        self._drawn = len(text)

    def finish(self) -> None:
        """Clear the line, so what follows starts on a clean one."""
        if self.enabled and self._drawn:
            self.stream.write("\r" + " " * self._drawn + "\r")
            self.stream.flush()
            self._drawn = 0
