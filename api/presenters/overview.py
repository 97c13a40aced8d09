"""The staff work queue as the wire carries it (`WorkQueues`): the queues `projections/overview.py` reads."""

from __future__ import annotations

from typing import Any

from api.presenters.keys import keys_of
from api.schemas.overview import WorkQueue, WorkQueues
from projections.overview import Queue

QUEUES = keys_of(WorkQueues)
QUEUE = keys_of(WorkQueue)


def work_queues(queues: list[Queue]) -> dict[str, Any]:
    return {
        QUEUES["queues"]: [
            {
                QUEUE["kind"]: queue.kind,
                QUEUE["count"]: queue.count,
                QUEUE["oldest_at"]: queue.oldest_at,
                QUEUE["items"]: [item._asdict() for item in queue.items],
            }
            for queue in queues
        ]
    }
