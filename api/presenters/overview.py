"""The staff work queue as the wire carries it (`WorkQueues`): the queues `projections/overview.py` reads."""

from __future__ import annotations

from typing import Any

from api.mapping import wire_name
from api.presenters.keys import keys_of, wire_row
from api.schemas.overview import QueueCargo, QueueItem, WorkQueue, WorkQueues
from projections.overview import Queue

QUEUES = keys_of(WorkQueues)
QUEUE = keys_of(WorkQueue)


def work_queues(queues: list[Queue]) -> dict[str, Any]:
    return {
        QUEUES["queues"]: [
            {
                QUEUE["kind"]: wire_name(queue.kind),  # the kind's name in camelCase, as the keys
                QUEUE["count"]: queue.count,
                QUEUE["oldest_at"]: queue.oldest_at,
                QUEUE["items"]: [_item(item._asdict()) for item in queue.items],
            }
            for queue in queues
        ]
    }


def _item(item: dict[str, Any]) -> dict[str, Any]:
    cargo = item["cargo"]
    return wire_row(QueueItem, {**item, "cargo": None if cargo is None else wire_row(QueueCargo, cargo)})
