"""A stop signal ends `freight serve` within `STOP_SECONDS`, whatever it is doing.

Requests in flight get `GRACE_SECONDS` to finish (uvicorn's graceful shutdown; after it they are
cancelled), the lifespan then stops the services. What still runs after that (a read on a thread, a client
that never sends the rest of its body) holds nothing a stop must wait for: every write is a transaction
and the followers resume from their recorded positions (they are tested through kill -9). So the process
ends at the deadline, and the supervisor kills a child that outlives its share of it.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from types import FrameType

import uvicorn

log = logging.getLogger("uvicorn.error")

GRACE_SECONDS = 4
STOP_SECONDS = 9
# The supervisor's shares: the workers are gone by this (then the followers get the rest).
WORKERS_GONE_SECONDS = 6


def end_by(seconds: float) -> None:
    """End this process `seconds` from now if it is still running then (a daemon timer: it never keeps a
    process alive by itself)."""

    def end() -> None:
        time.sleep(seconds)
        log.warning("still stopping after %s s: ending now", seconds)
        logging.shutdown()
        os._exit(0)

    threading.Thread(target=end, name="stop-deadline", daemon=True).start()


class DeadlineServer(uvicorn.Server):
    """uvicorn's server, which starts the stop deadline at the first stop signal."""

    _deadline_armed = False

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if not self._deadline_armed:
            self._deadline_armed = True
            end_by(STOP_SECONDS)
        super().handle_exit(sig, frame)
