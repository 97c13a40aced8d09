"""Tracking e-mails: the same news as the in-app notices (notices.py: a departure, an arrival, a
delivery, an arrival estimate moved by more than 24 h), e-mailed to the booking's customer through the
booking e-mails' templates and preferences (domain/booking/emails.py), unless the customer turned the kind
off. The message id comes from the event, so a publisher's retry or a replay never sends twice.
"""

from __future__ import annotations

from domain.accounts.messages import EMAIL, Message, message_id
from domain.booking.emails import Reader, booking_email
from domain.emails.words import language_of
from domain.shared.languages import DEFAULT
from domain.shared.links import Links
from domain.tracking.milestone import TrackingEvent
from domain.tracking.notices import news_of, still_carried

T = TrackingEvent

# The events the messaging policy decodes for these e-mails.
TRACKING_EMAIL_EVENTS: tuple[type, ...] = (T.Published, T.Revised)


def tracking_aggregates_read(event: object) -> list[object]:
    """The account and the booking `tracking_emails` may read for this event (a policy's batch loads them at
    once)."""
    if not isinstance(event, T.Published | T.Revised) or not event.facts:
        return []
    customer_id = event.facts.get("customer_id")
    return [customer_id, event.facts["rate_request_id"]] if customer_id else []


def tracking_emails(event: object, reader: Reader, links: Links) -> list[Message]:
    if not isinstance(event, T.Published | T.Revised) or not event.facts:
        return []
    customer = event.facts.get("customer_id")
    news = news_of(event, language_of(reader(customer)) if customer else DEFAULT)
    if news is None or not still_carried(reader(event.facts["rate_request_id"])):
        return []
    facts = event.facts
    reference = str(facts.get("booking_reference") or str(facts["rate_request_id"])[:8])
    mail = booking_email(
        news.kind,
        message_id(event, EMAIL),
        str(facts["customer_id"]),
        str(facts["rate_request_id"]),
        reference,
        {"news": news.message},
        [],
        reader,
        links,
    )
    return [mail] if mail else []
