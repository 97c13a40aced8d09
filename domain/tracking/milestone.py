"""A tracking event (DCSA TNT 3.0): one aggregate per published `eventID`, so a publisher's retry finds the
event already stored, a later revision replaces it and a retraction withdraws it.

The aggregate keeps the standard's body as sent (JSON text: the wire document is the record) and the few
facts the read models need: which booking it was matched to at publication (decided once, so a replay gives
the same answer), its type, container and the moment the real-world event happened or will happen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.booking.containers import is_valid as is_container_number
from domain.booking.document_references import BOOKING, TRANSPORT_DOCUMENT
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, DomainAggregate, audit_fields
from domain.shared.errors import Forbidden, ValidationFailed
from domain.shared.messages import message
from domain.shared.moments import (
    IN_THE_FUTURE,
    UPDATED_AHEAD,
    instant_problem,
    parse_instant,
    too_far_ahead,
)
from domain.shared.refusal_words import refused

PUBLISHER = "publisher"
EVENT_TYPES = ("SHIPMENT", "TRANSPORT", "EQUIPMENT", "IOT", "REEFER")
_SUBTYPE_FIELD = {
    "SHIPMENT": "shipmentEventTypeCode",
    "TRANSPORT": "transportEventTypeCode",
    "EQUIPMENT": "equipmentEventTypeCode",
    "IOT": "iotEventTypeCode",
    "REEFER": "reeferEventTypeCode",
}
UN_LOCODE = re.compile(r"^[A-Z]{2}[A-Z2-9]{3}\Z")
_NAMESPACE = uuid5(NAMESPACE_URL, "urn:freight:tracking-event")
# The date-times of an event this portal reads and converts.
_DATE_TIMES = ("eventDateTime", "eventUpdatedDateTime")
# The standard's document type codes of the documents a booking has (domain/booking/document_references.py):
# BKG and CBR both name the booking (the standard's carrierBookingReference), TRD its transport document.
BOOKING_DOCUMENT_CODES = {"BKG": BOOKING, "CBR": BOOKING, "TRD": TRANSPORT_DOCUMENT}


@dataclass(frozen=True)
class BookingMatch:
    """The booking an event is about (found by the caller in the read models), or none."""

    rate_request_id: str
    customer_id: str
    reference: str
    # The booking's sailing's arrival (UTC ISO text) and its port: a first arrival estimate far from it is
    # news to the customer.
    planned_arrival: str | None = None
    arrival_port: str | None = None
    # Where the booking's cargo is loaded (its sailing's port, else the booking's port of loading): the
    # vessel arriving there comes to load it, which is not the cargo arriving anywhere.
    load_port: str | None = None


def event_key(document: dict[str, Any]) -> str:
    """The standard's composite key: the originating party (code, provider, list) and the `eventID`."""
    party = (document.get("eventRouting") or {}).get("originatingParty") or {}
    parts = [str(party.get(k) or "") for k in ("partyCode", "codeListProvider", "codeListName")]
    return "|".join([*parts, str(document.get("eventID") or "")])


def tracking_event_id(document: dict[str, Any]) -> UUID:
    return uuid5(_NAMESPACE, event_key(document))


def subtype(document: dict[str, Any]) -> str | None:
    classification = document.get("eventClassification") or {}
    name = _SUBTYPE_FIELD.get(str(classification.get("eventTypeCode")))
    return None if name is None else classification.get(name)


def equipment_reference(document: dict[str, Any]) -> str | None:
    found = (document.get("equipmentDetails") or {}).get("equipmentReference")
    return None if found is None else str(found).strip().upper()


def document_references(document: dict[str, Any]) -> list[tuple[str, str]]:
    """The shipment's document references the publisher sent, (type code, reference), main one first."""
    details = document.get("shipmentDetails") or {}
    references = [
        details.get("documentReference") or {},
        *(details.get("additionalDocumentReferences") or []),
    ]
    return [
        (str(r.get("typeCode") or ""), str(r["reference"]))
        for r in references
        if isinstance(r, dict) and r.get("reference")
    ]


def booking_documents(document: dict[str, Any]) -> list[tuple[str, str]]:
    """The event's references of documents a booking may have, (kind, reference), main one first."""
    return [
        (BOOKING_DOCUMENT_CODES[code], reference)
        for code, reference in document_references(document)
        if code in BOOKING_DOCUMENT_CODES
    ]


def check_event(document: dict[str, Any], where: str, now: datetime) -> None:
    """What the standard leaves optional but a tracking event of this portal needs (`where`: its JSON path).

    A retraction needs only its `eventID`. Every date-time it carries lies in the business's window, and an
    actual event has happened: it is not dated more than `ACTUAL_AHEAD` after `now`; nor is any event's
    `eventUpdatedDateTime`."""
    problems: dict[str, str] = {}
    if not str(document.get("eventID") or "").strip():
        problems[f"{where}.eventID"] = message("common.required")
    for name in _DATE_TIMES:
        value = document.get(name)
        if value and not _is_instant(value):
            problems[f"{where}.{name}"] = message("common.dateTime.offset")
        elif value:
            outside = instant_problem(parse_instant(value))
            if outside:
                problems[f"{where}.{name}"] = outside
    updated = document.get("eventUpdatedDateTime")
    # A revision counts when it is updated later than the kept event: an update time ahead of now would
    # leave the event beyond every later revision (and a forecast the newest for years).
    if (
        updated
        and f"{where}.eventUpdatedDateTime" not in problems
        and too_far_ahead(parse_instant(updated), now)
    ):
        problems[f"{where}.eventUpdatedDateTime"] = UPDATED_AHEAD
    if document.get("isRetracted") is True:
        if problems:
            raise ValidationFailed(problems)
        return
    happened = document.get("eventDateTime")
    if not happened:
        problems[f"{where}.eventDateTime"] = message("common.required")
    elif (
        f"{where}.eventDateTime" not in problems
        and _classifier(document) == "ACT"
        and too_far_ahead(parse_instant(happened), now)
    ):
        problems[f"{where}.eventDateTime"] = IN_THE_FUTURE
    kind = (document.get("eventClassification") or {}).get("eventTypeCode")
    if kind not in EVENT_TYPES:
        problems[f"{where}.eventClassification.eventTypeCode"] = "One of " + ", ".join(EVENT_TYPES)
    elif not subtype(document):
        problems[f"{where}.eventClassification.{_SUBTYPE_FIELD[kind]}"] = message("common.required")
    container = equipment_reference(document)
    if kind == "EQUIPMENT" and not container:
        problems[f"{where}.equipmentDetails.equipmentReference"] = message("tracking.equipment.required")
    elif container is not None and len(container) == 11 and not is_container_number(container):
        problems[f"{where}.equipmentDetails.equipmentReference"] = message(
            "tracking.container.invalid", container=container
        )
    location = (document.get("eventLocation") or {}).get("UNLocationCode")
    if location is not None and not UN_LOCODE.fullmatch(str(location)):
        problems[f"{where}.eventLocation.UNLocationCode"] = message("common.locode.invalid", code=location)
    call_location = (
        ((document.get("transportDetails") or {}).get("transportCall") or {}).get("location") or {}
    ).get("UNLocationCode")
    if call_location is not None and not UN_LOCODE.fullmatch(str(call_location)):
        problems[f"{where}.transportDetails.transportCall.location.UNLocationCode"] = message(
            "common.locode.invalid", code=call_location
        )
    if kind == "TRANSPORT" and location is None and call_location is None:
        problems[f"{where}.eventLocation.UNLocationCode"] = message("tracking.transport.port")
    if problems:
        raise ValidationFailed(problems)


def _classifier(document: dict[str, Any]) -> str | None:
    found = (document.get("eventClassification") or {}).get("eventClassifierCode")
    return None if found is None else str(found)


def _facts(document: dict[str, Any], match: BookingMatch | None) -> dict[str, Any]:
    classification = document.get("eventClassification") or {}
    return {
        "event_id": str(document["eventID"]),
        "event_type": str(classification.get("eventTypeCode")),
        "event_subtype": subtype(document),
        "classifier": classification.get("eventClassifierCode"),
        "equipment_reference": equipment_reference(document),
        "event_date_time": str(document["eventDateTime"]),
        "event_updated_date_time": document.get("eventUpdatedDateTime"),
        "rate_request_id": None if match is None else match.rate_request_id,
        "customer_id": None if match is None else match.customer_id,
        "booking_reference": None if match is None else match.reference,
        **(
            {"planned_arrival": match.planned_arrival, "arrival_port": match.arrival_port}
            if match is not None and match.planned_arrival
            else {}
        ),
        **({"load_port": match.load_port} if match is not None and match.load_port else {}),
    }


class TrackingEvent(DomainAggregate):
    @classmethod
    def create_id(cls, key: str, **_: Any) -> UUID:
        return uuid5(_NAMESPACE, key)

    class Published(ActorCreated):
        key: str
        body: str
        facts: dict[str, Any]

    @event(Published)
    def __init__(
        self,
        key: str,
        body: str,
        facts: dict[str, Any],
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.key = key
        self.body = body
        self.facts = facts
        self.retracted = False

    @classmethod
    def publish(
        cls, document: dict[str, Any], body: str, match: BookingMatch | None, actor: Actor
    ) -> TrackingEvent:
        if actor.role not in (PUBLISHER, "admin"):
            raise Forbidden("Only a publisher or staff may publish tracking events")
        return cls(key=event_key(document), body=body, facts=_facts(document, match), **audit_fields(actor))

    def is_newer(self, document: dict[str, Any]) -> bool:
        """The standard: an event overrides one with the same `eventID` and an earlier
        `eventUpdatedDateTime`; anything else with that id is a retry, accepted and ignored."""
        mine = self.facts.get("event_updated_date_time")
        theirs = document.get("eventUpdatedDateTime")
        return bool(theirs and mine and _instant(theirs) > _instant(mine))

    def revise(self, document: dict[str, Any], body: str, match: BookingMatch | None, actor: Actor) -> None:
        if self.retracted:
            raise refused("tracking_event", "retracted", "revise")
        previous = self.facts.get("event_date_time")
        self._record(
            self.Revised, audit_fields(actor), body=body, facts=_facts(document, match), previous=previous
        )

    class Revised(ActorEvent):
        body: str
        facts: dict[str, Any]
        previous: str | None

        def apply(self, aggregate: TrackingEvent) -> None:
            aggregate.body = self.body
            aggregate.facts = self.facts

    def retract(self, actor: Actor) -> bool:
        """Withdraw the event; False when it already was (a retried retraction)."""
        if self.retracted:
            return False
        # The facts ride along, so a follower (the webhook policy) tells the booking's customer without
        # reading the aggregate.
        self._record(self.Retracted, audit_fields(actor), facts=self.facts)
        return True

    class Retracted(ActorEvent):
        facts: dict[str, Any]

        def apply(self, aggregate: TrackingEvent) -> None:
            aggregate.retracted = True

    def assign(self, match: BookingMatch, actor: Actor) -> None:
        """Staff attach an event that matched no booking to the booking it is about."""
        if not actor.is_staff:
            raise Forbidden("Staff only")
        if self.facts.get("rate_request_id") is not None:
            raise refused("tracking_event", "matched", "assign")
        self._record(
            self.Assigned,
            audit_fields(actor),
            rate_request_id=match.rate_request_id,
            customer_id=match.customer_id,
            booking_reference=match.reference,
            load_port=match.load_port,
        )

    class Assigned(ActorEvent):
        rate_request_id: str
        customer_id: str
        booking_reference: str
        # The booking's port of loading (`BookingMatch.load_port`); absent from older events.
        load_port: str | None = None

        def apply(self, aggregate: TrackingEvent) -> None:
            aggregate.facts = {
                **aggregate.facts,
                "rate_request_id": self.rate_request_id,
                "customer_id": self.customer_id,
                "booking_reference": self.booking_reference,
                **({"load_port": self.load_port} if self.load_port else {}),
            }


def _is_instant(value: Any) -> bool:
    try:
        return (
            isinstance(value, str) and datetime.fromisoformat(value.replace("Z", "+00:00")).tzinfo is not None
        )
    except ValueError:
        return False


def _instant(text: str) -> float:
    return datetime.fromisoformat(str(text).replace("Z", "+00:00")).timestamp()
