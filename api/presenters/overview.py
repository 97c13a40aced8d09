"""The staff work queue as the wire carries it (`WorkQueues`): the queues `projections/overview.py` reads."""

from __future__ import annotations

from typing import Any

from projections.overview import Queue


def work_queues(queues: list[Queue]) -> dict[str, Any]:
    return {
        "queues": [
            {
                "kind": queue.kind,
                "count": queue.count,
                "oldestAt": queue.oldest_at,
                "items": [item._asdict() for item in queue.items],
            }
            for queue in queues
        ]
    }
