"""Command side of tracking: publisher keys and the tracking events published with them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.shared.actor import Actor
from domain.shared.application import ContextApplication, decided_afresh
from domain.shared.refusal_words import not_found
from domain.tracking.milestone import BookingMatch, TrackingEvent, tracking_event_id
from domain.tracking.publisher_key import PublisherKey

STORED = "stored"
REPEATED = "repeated"
REVISED = "revised"
RETRACTED = "retracted"
UNKNOWN_RETRACTION = "unknown-retraction"


@dataclass(frozen=True)
class Outcome:
    kind: str
    position: int | None


class TrackingApplication(ContextApplication):
    name = "tracking"

    def issue_publisher_key(self, label: str, actor: Actor) -> tuple[UUID, str, int]:
        issued, key = PublisherKey.issue(label, actor)
        return issued.id, key, self.record(issued)

    @decided_afresh
    def revoke_publisher_key(self, key_id: str, actor: Actor) -> int:
        key = self._get(key_id, PublisherKey, "publisher_key")
        key.revoke(actor)
        return self.record(key)

    @decided_afresh
    def publish(self, document: dict[str, Any], match: BookingMatch | None, actor: Actor) -> Outcome:
        """Store one event (already checked by `check_event`): new, a retry, a revision or a retraction."""
        found = self._existing(tracking_event_id(document))
        if document.get("isRetracted") is True:
            if found is None:
                return Outcome(UNKNOWN_RETRACTION, None)
            return Outcome(RETRACTED, self.record(found) if found.retract(actor) else None)
        body = json.dumps(document, separators=(",", ":"), sort_keys=True)
        if found is None:
            # Published at the same moment by another request: decided again as a retry or a revision of it.
            made = TrackingEvent.publish(document, body, match, actor)
            return Outcome(STORED, self.record(made))
        if found.retracted or not found.is_newer(document):
            return Outcome(REPEATED, None)
        found.revise(document, body, match, actor)
        return Outcome(REVISED, self.record(found))

    def retract_named(self, named: dict[str, Any], actor: Actor) -> Outcome:
        """`retractedEventID` (TNT 2.x's way, still sent by some publishers): withdraw the event named."""
        return self.publish({**named, "isRetracted": True}, None, actor)

    @decided_afresh
    def assign(self, tracking_id: str, match: BookingMatch, actor: Actor) -> int:
        found = self._get(tracking_id, TrackingEvent, "tracking_event")
        found.assign(match, actor)
        return self.record(found)

    def _existing(self, aggregate_id: UUID) -> TrackingEvent | None:
        try:
            found: Any = self.repository.get(aggregate_id)
        except AggregateNotFoundError:
            return None
        return found if isinstance(found, TrackingEvent) else None

    def _get(self, raw_id: str, kind: type[Any], what: str) -> Any:
        try:
            found: Any = self.repository.get(UUID(str(raw_id)))
        except (ValueError, AggregateNotFoundError) as error:
            raise not_found(what) from error
        if not isinstance(found, kind):
            raise not_found(what)
        return found
