"""Who is told what about tracking: the booking's customer, in the app, when the vessel departs
or arrives, when the cargo is delivered, and when the vessel's estimated arrival moves by more than 24 hours.

Only actual milestones of a matched booking are told (a plan or an estimate of a departure is not news); an
event that matched no booking tells nobody until staff assign it. Notices are name-based on the source
event (the policy), so a replay never tells twice.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, NamedTuple

from domain.notifications.policy import Notice, NoticeContext, Subject, notices
from domain.shared.local_time import written_at
from domain.tracking.milestone import TrackingEvent

T = TrackingEvent
ESTIMATE_MOVED_HOURS = 24

_TOLD: dict[tuple[str, str], tuple[str, str]] = {
    ("TRANSPORT", "DEPA"): ("Departed", "The vessel{vessel} carrying your booking {ref} departed {port}."),
    ("TRANSPORT", "ARRI"): ("Arrived", "The vessel{vessel} carrying your booking {ref} arrived at {port}."),
    ("EQUIPMENT", "DROP"): (
        "Delivered",
        "Container {container} of your booking {ref} was delivered at {port}.",
    ),
}


def _words(body: dict[str, Any]) -> dict[str, str]:
    call = (body.get("transportDetails") or {}).get("transportCall") or {}
    vessel = (call.get("vesselTransport") or {}).get("vesselName")
    location = body.get("eventLocation") or {}
    return {
        "vessel": f" {vessel}" if vessel else "",
        "port": str(location.get("locationName") or location.get("UNLocationCode") or "its port"),
        "container": str((body.get("equipmentDetails") or {}).get("equipmentReference") or ""),
    }


def _port_code(body: dict[str, Any]) -> str | None:
    call = (body.get("transportDetails") or {}).get("transportCall") or {}
    found = (body.get("eventLocation") or {}).get("UNLocationCode") or (call.get("location") or {}).get(
        "UNLocationCode"
    )
    return None if found is None else str(found)


def _hours(later: str, earlier: str) -> float:
    def at(text: str) -> datetime:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))

    return (at(later) - at(earlier)).total_seconds() / 3600


class News(NamedTuple):
    """What a tracking event tells its booking's customer: the e-mail kind, a title and the words."""

    kind: str
    title: str
    message: str


_KINDS = {"Departed": "vesselDeparted", "Arrived": "vesselArrived", "Delivered": "cargoDelivered"}


def news_of(event: object) -> News | None:
    """The news in a tracking event for its booking's customer (None: not news, or no booking yet)."""
    if not isinstance(event, T.Published | T.Revised):
        return None
    facts = event.facts
    if not facts or not facts.get("customer_id"):
        return None
    if isinstance(event, T.Published):
        if facts.get("classifier") != "ACT":
            return _first_estimate(event)
        told = _TOLD.get((facts["event_type"], facts.get("event_subtype") or ""))
        if told is None:
            return None
        message = told[1].format(ref=facts.get("booking_reference"), **_words(json.loads(event.body)))
        return News(_KINDS[told[0]], told[0], message)
    return _estimate_moved(event)


def _estimate_moved(event: T.Revised) -> News | None:
    facts = event.facts
    arrival = facts["event_type"] == "TRANSPORT" and facts.get("event_subtype") == "ARRI"
    if not arrival or facts.get("classifier") == "ACT" or not event.previous:
        return None
    return _moved_news(event, event.previous, "before")


def _first_estimate(event: T.Published) -> News | None:
    """A first estimate (or plan) of the arrival at the booking's port of discharge, far from its sailing's
    arrival: the schedule the customer booked on no longer holds."""
    facts = event.facts
    arrival = facts["event_type"] == "TRANSPORT" and facts.get("event_subtype") == "ARRI"
    planned = facts.get("planned_arrival")
    if not arrival or not planned:
        return None
    port = _port_code(json.loads(event.body))
    if port is not None and facts.get("arrival_port") not in (None, port):
        return None
    return _moved_news(event, planned, "the schedule")


def _moved_news(event: T.Published | T.Revised, earlier: str, than: str) -> News | None:
    facts = event.facts
    moved = _hours(facts["event_date_time"], earlier)
    if abs(moved) <= ESTIMATE_MOVED_HOURS:
        return None
    reference = facts.get("booking_reference")
    body = json.loads(event.body)
    words = _words(body)
    direction = "later" if moved > 0 else "earlier"
    at = written_at(facts["event_date_time"], _port_code(body) or facts.get("arrival_port"))
    message = (
        f"The vessel{words['vessel']} carrying your booking {reference} is now expected at {words['port']}"
        f" on {at}, {round(abs(moved))} h {direction} than {than}."
    )
    return News("arrivalEstimateChanged", "Arrival estimate changed", message)


@notices.register(T.Published, T.Revised)
def milestone(event: T.Published | T.Revised, context: NoticeContext) -> Notice | None:
    news = news_of(event)
    if news is None:
        return None
    facts = event.facts
    subject = Subject("rate_request", facts["rate_request_id"], facts.get("booking_reference"))
    return Notice(facts["customer_id"], news.title, news.message, subject)
