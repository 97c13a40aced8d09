"""The audit API's event rows (`LoggedEvent` of `api/schemas/audit.py`) from the log's domain records."""

from __future__ import annotations

from typing import Any

from projections.event_log import LoggedEvent


def logged_event(event: LoggedEvent) -> dict[str, Any]:
    return {
        "position": event.position,
        "aggregateId": event.aggregate_id,
        "aggregateKind": event.aggregate_kind,
        "version": event.version,
        "type": event.type,
        "recordedAt": event.recorded_at,
        "actor": {"id": event.actor_id, "role": event.actor_role},
        "actorName": event.actor_name,
        "reason": event.reason,
        "changes": event.changes,
        "bookingReference": event.booking_reference,
    }
