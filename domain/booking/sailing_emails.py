"""The e-mails of a booking's sailing news (the cut-off reminder, a rescheduled sailing, the sailing named for
an estimated plan): the same words as their notices (sailing_notices.py), e-mailed as every booking e-mail is
(domain/booking/emails.py `booking_email`): the reference in the subject, a link to the booking, the foot
saying how to turn the kind off, and only to a customer who has not (decision 3874). The message id comes
from the event, so one event never sends twice."""

from __future__ import annotations

from domain.accounts.messages import EMAIL, Message, message_id
from domain.booking.emails import Reader, booking_email
from domain.booking.rate_request import RateRequest
from domain.booking.sailing_notices import sailing_reference, sailing_words
from domain.emails.words import language_of
from domain.shared.links import Links

R = RateRequest

# The events `sailing_messages` e-mails about (the messaging policy decodes only the events it handles).
SAILING_MESSAGE_EVENTS: tuple[type, ...] = (
    R.CutOffReminded,
    R.SailingRescheduled,
    R.EstimatedSailingReplaced,
)


def sailing_messages(event: object, reader: Reader, links: Links) -> list[Message]:
    """The e-mail of a sailing event to the booking's customer, in the customer's language (none when the
    customer turned its kind off, has no address or was erased)."""
    if not isinstance(event, R.CutOffReminded | R.SailingRescheduled | R.EstimatedSailingReplaced):
        return []
    title, news = sailing_words(event, language_of(reader(event.customer_id)))
    mail = booking_email(
        "cutOffReminder" if isinstance(event, R.CutOffReminded) else "sailingChanged",
        message_id(event, EMAIL),
        event.customer_id,
        str(event.originator_id),
        sailing_reference(event),
        {"title": title, "news": news},
        [],
        reader,
        links,
    )
    return [mail] if mail else []


def sailing_customer(event: object) -> str | None:
    """The account a sailing event's e-mail reads (its address, language and switches)."""
    if isinstance(event, R.CutOffReminded | R.SailingRescheduled | R.EstimatedSailingReplaced):
        return event.customer_id
    return None
