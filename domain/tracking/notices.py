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
from domain.shared.moments import written_utc
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
        told = _TOLD.get((facts["event_type"], facts.get("event_subtype") or ""))
        if told is None or facts.get("classifier") != "ACT":
            return None
        message = told[1].format(ref=facts.get("booking_reference"), **_words(json.loads(event.body)))
        return News(_KINDS[told[0]], told[0], message)
    return _estimate_moved(event)


def _estimate_moved(event: T.Revised) -> News | None:
    facts = event.facts
    arrival = facts["event_type"] == "TRANSPORT" and facts.get("event_subtype") == "ARRI"
    if not arrival or facts.get("classifier") == "ACT" or not event.previous:
        return None
    moved = _hours(facts["event_date_time"], event.previous)
    if abs(moved) <= ESTIMATE_MOVED_HOURS:
        return None
    reference = facts.get("booking_reference")
    words = _words(json.loads(event.body))
    direction = "later" if moved > 0 else "earlier"
    message = (
        f"The vessel{words['vessel']} carrying your booking {reference} is now expected at {words['port']}"
        f" on {written_utc(facts['event_date_time'])}, {round(abs(moved))} h {direction} than before."
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
