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

from domain.booking.reference import port_named
from domain.emails.words import digits, isolated, language_of, say, time_at
from domain.notifications.policy import Notice, NoticeContext, Subject, notices, worded
from domain.shared.languages import DEFAULT
from domain.tracking.carried import carried_in
from domain.tracking.milestone import TrackingEvent
from domain.tracking.position import comes_to_load, whole_hours

T = TrackingEvent
ESTIMATE_MOVED_HOURS = 24

# The milestones told, by event type and subtype: the kind of e-mail and the words' key in the catalogue
# (contract/email-messages.json).
_TOLD: dict[tuple[str, str], tuple[str, str]] = {
    ("TRANSPORT", "DEPA"): ("vesselDeparted", "departed"),
    ("TRANSPORT", "ARRI"): ("vesselArrived", "arrived"),
    ("EQUIPMENT", "DROP"): ("cargoDelivered", "delivered"),
}


def _words(body: dict[str, Any], language: str = DEFAULT) -> dict[str, str]:
    call = (body.get("transportDetails") or {}).get("transportCall") or {}
    vessel = (call.get("vesselTransport") or {}).get("vesselName")
    location = body.get("eventLocation") or {}
    port = location.get("locationName") or port_named(location.get("UNLocationCode"))
    container = str((body.get("equipmentDetails") or {}).get("equipmentReference") or "")
    return {
        "vessel": f" {isolated(str(vessel), language)}" if vessel else "",
        "port": isolated(str(port), language) if port else say("news.itsPort", language),
        "container": isolated(container, language),
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


def still_carried(booking: Any) -> bool:
    """Whether news of the cargo is news to the booking's customer (`carried_in` its state: not once it
    ended). Staff and auditors still see the event on the booking's tracking and trail."""
    return carried_in(getattr(booking, "state", None))


class News(NamedTuple):
    """What a tracking event tells its booking's customer: the e-mail kind, a title and the words."""

    kind: str
    title: str
    message: str


def news_of(event: object, language: str = DEFAULT) -> News | None:
    """The news in a tracking event for its booking's customer, in `language` (None: not news, or no
    booking yet)."""
    if not isinstance(event, T.Published | T.Revised):
        return None
    facts = event.facts
    if not facts or not facts.get("customer_id"):
        return None
    if isinstance(event, T.Published):
        if facts.get("classifier") != "ACT":
            return _first_estimate(event, language)
        told = _TOLD.get((facts["event_type"], facts.get("event_subtype") or ""))
        if told is None:
            return None
        body = json.loads(event.body)
        if comes_to_load({**facts, "body": body}):
            return None  # the vessel carries nothing of the booking's yet: it comes to load it
        kind, key = told
        reference = isolated(str(facts.get("booking_reference")), language)
        message = say(f"news.{key}", language, ref=reference, **_words(body, language))
        return News(kind, say(f"title.{key}", language), message)
    return _estimate_moved(event, language)


def _estimate_moved(event: T.Revised, language: str) -> News | None:
    facts = event.facts
    arrival = facts["event_type"] == "TRANSPORT" and facts.get("event_subtype") == "ARRI"
    if not arrival or facts.get("classifier") == "ACT" or not event.previous:
        return None
    return _moved_news(event, event.previous, "thanBefore", language)


def _first_estimate(event: T.Published, language: str) -> News | None:
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
    return _moved_news(event, planned, "thanSchedule", language)


def _moved_news(event: T.Published | T.Revised, earlier: str, than: str, language: str) -> News | None:
    facts = event.facts
    moved = _hours(facts["event_date_time"], earlier)
    if abs(moved) <= ESTIMATE_MOVED_HOURS:
        return None
    body = json.loads(event.body)
    message = say(
        "news.moved",
        language,
        ref=isolated(str(facts.get("booking_reference")), language),
        at=time_at(facts["event_date_time"], _port_code(body) or facts.get("arrival_port"), language),
        hours=digits(str(whole_hours(moved)), language),
        direction=say("news.later" if moved > 0 else "news.earlier", language),
        than=say(f"news.{than}", language),
        **{k: v for k, v in _words(body, language).items() if k in ("vessel", "port")},
    )
    return News("arrivalEstimateChanged", say("title.moved", language), message)


@notices.register(T.Published, T.Revised)
def milestone(event: T.Published | T.Revised, context: NoticeContext) -> Notice | None:
    customer = (event.facts or {}).get("customer_id")
    language = language_of(context.aggregate(customer)) if customer else DEFAULT
    if news_of(event, language) is None or not still_carried(
        context.aggregate(event.facts["rate_request_id"])
    ):
        return None
    facts = event.facts
    subject = Subject("rate_request", facts["rate_request_id"], facts.get("booking_reference"))

    def words(each: str) -> tuple[str, str]:
        news = news_of(event, each)
        assert news is not None  # whether there is news depends on the facts, not on their words
        return news.title, news.message

    return worded(facts["customer_id"], words, language, subject)
