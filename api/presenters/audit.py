"""The audit API's event rows (`LoggedEvent` of `api/schemas/audit.py`) from the log's domain records."""

from __future__ import annotations

from typing import Any

from api.presenters.keys import keys_of
from api.schemas.audit import EventActor, LoggedEvent
from projections import event_log

EVENT = keys_of(LoggedEvent)
ACTOR = keys_of(EventActor)


def logged_event(event: event_log.LoggedEvent) -> dict[str, Any]:
    return {
        EVENT["position"]: event.position,
        EVENT["aggregate_id"]: event.aggregate_id,
        EVENT["aggregate_kind"]: event.aggregate_kind,
        EVENT["version"]: event.version,
        EVENT["type"]: event.type,
        EVENT["recorded_at"]: event.recorded_at,
        EVENT["actor"]: {ACTOR["id"]: event.actor_id, ACTOR["role"]: event.actor_role},
        EVENT["actor_name"]: event.actor_name,
        EVENT["actor_team_role"]: event.actor_team_role,
        EVENT["actor_company"]: event.actor_company,
        EVENT["reason"]: event.reason,
        EVENT["changes"]: event.changes,
        EVENT["booking_reference"]: event.booking_reference,
    }
