"""A task run every few seconds on a thread of its own until stopped; a failed round is logged and retried."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)


class Periodic:
    def __init__(self, name: str, interval: float, task: Callable[[], object]) -> None:
        self.name = name
        self.interval = interval
        self.task = task
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None

    def _run(self) -> None:
        while not self._stopping.wait(self.interval):
            try:
                self.task()
            except Exception:  # the database or disk may be away for a moment; the next round tries again
                log.exception("%s failed; trying again", self.name)
