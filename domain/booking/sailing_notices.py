"""Who is told what about sailings: the customer when a republished schedule moves its booking's
sailing (old and new times) and before the shipping-instruction cut-off; the staff when a shipping order
comes in after that cut-off. In the app (notifications policy) and by e-mail (`sailing_messages`)."""

from __future__ import annotations

from domain.accounts.messages import EMAIL, Message, message_id
from domain.booking.rate_request import RateRequest
from domain.booking.schedules import Sailing
from domain.booking.shipping_order import ShippingOrder
from domain.emails.templates import text_html
from domain.emails.words import say, time_at
from domain.notifications.policy import STAFF, Notice, NoticeContext, Subject, notices
from domain.shared.languages import DEFAULT, LANGUAGES
from domain.shared.local_time import written_at

R = RateRequest


def _when(text: str | None, port: str | None = None) -> str:
    """A sailing's time at its port (departure and cut-offs at the load port, arrival at the discharge
    port), in the port's local time with its zone."""
    return "not given" if not text else written_at(text, port)


def _reference(event: R.SailingRescheduled | R.CutOffReminded | R.EstimatedSailingReplaced) -> str:
    return event.reference or str(event.originator_id)[:8]


def rescheduled_text(event: R.SailingRescheduled, reference: str) -> str:
    before, after = Sailing.from_record(event.previous), Sailing.from_record(event.sailing)
    vessel = after.vessel_name or after.vessel_imo_number or after.service_code
    return (
        f"The carrier moved the sailing of your booking {reference} ({vessel}, voyage {after.export_voyage},"
        f" {after.load_port} to {after.discharge_port}): departure"
        f" {_when(before.departure, before.load_port)} is now {_when(after.departure, after.load_port)};"
        f" arrival {_when(before.arrival, before.discharge_port)} is now"
        f" {_when(after.arrival, after.discharge_port)}."
        + (
            " The shipping-instruction cut-off is now"
            f" {_when(after.shipping_instructions_cut_off, after.load_port)}."
            if after.shipping_instructions_cut_off != before.shipping_instructions_cut_off
            else ""
        )
    )


def named_text(event: R.EstimatedSailingReplaced, reference: str) -> str:
    before, after = Sailing.from_record(event.previous), Sailing.from_record(event.sailing)
    vessel = after.vessel_name or after.vessel_imo_number or after.service_code
    return (
        f"Your booking {reference} now sails on {vessel}, voyage {after.export_voyage}, {after.load_port} to"
        f" {after.discharge_port}: departure {_when(after.departure, after.load_port)}, arrival"
        f" {_when(after.arrival, after.discharge_port)} (estimated before: departure"
        f" {_when(before.departure, before.load_port)}). The shipping-instruction cut-off is"
        f" {_when(after.shipping_instructions_cut_off, after.load_port)}."
    )


def reminder_text(event: R.CutOffReminded, reference: str) -> str:
    return (
        f"Submit the shipping order of your booking {reference} before"
        f" {_when(event.cut_off, event.load_port)}: the"
        f" shipping-instruction cut-off is in {event.hours} hours. After it the cargo may miss the sailing."
    )


@notices.register(R.SailingRescheduled)
def rescheduled(event: R.SailingRescheduled, context: NoticeContext) -> Notice:
    reference = _reference(event)
    subject = Subject("rate_request", str(event.originator_id), reference)
    return Notice(event.customer_id, "Sailing rescheduled", rescheduled_text(event, reference), subject)


@notices.register(R.EstimatedSailingReplaced)
def named(event: R.EstimatedSailingReplaced, context: NoticeContext) -> Notice:
    reference = _reference(event)
    subject = Subject("rate_request", str(event.originator_id), reference)
    return Notice(event.customer_id, "Sailing named", named_text(event, reference), subject)


@notices.register(R.CutOffReminded)
def reminded(event: R.CutOffReminded, context: NoticeContext) -> Notice:
    reference = _reference(event)
    subject = Subject("rate_request", str(event.originator_id), reference)
    return Notice(event.customer_id, "Shipping instructions due", reminder_text(event, reference), subject)


def late_order(notice: Notice, event: ShippingOrder.Created, context: NoticeContext) -> Notice:
    """The staff's notice of a new shipping order, flagged when it came after the SI cut-off."""
    if notice.recipient != STAFF or notice.subject is None:
        return notice
    booking = context.aggregate(notice.subject.id)
    record = getattr(booking, "sailing", None)
    sailing = None if record is None else Sailing.from_record(record)
    cut_off = None if sailing is None else sailing.shipping_instructions_cut_off
    submitted = event.timestamp.strftime("%Y-%m-%dT%H:%M:%SZ")
    port = None if sailing is None else sailing.load_port
    if cut_off is None or submitted <= cut_off:
        return notice
    late: dict[str, tuple[str, str]] = {
        language: (
            say("staff.lateOrder.title", language),
            say(
                "staff.lateOrder",
                language,
                message=notice.in_language(language)[1],
                at=_when(cut_off, port) if language == DEFAULT else time_at(cut_off, port, language),
            ),
        )
        for language in LANGUAGES
    }
    title, message = late[DEFAULT]
    return notice._replace(title=title, message=message, translated=late)


# The events `sailing_messages` e-mails about (the messaging policy decodes only the events it handles).
SAILING_MESSAGE_EVENTS: tuple[type, ...] = (
    R.CutOffReminded,
    R.SailingRescheduled,
    R.EstimatedSailingReplaced,
)


def sailing_messages(event: object) -> list[Message]:
    """The e-mails of the sailing events: the event carries the customer's address (None: no e-mail)."""
    if not isinstance(event, R.CutOffReminded | R.SailingRescheduled | R.EstimatedSailingReplaced):
        return []
    if not event.email:
        return []
    email, reference = event.email, _reference(event)
    if isinstance(event, R.CutOffReminded):
        subject, text = "Shipping instructions due", reminder_text(event, reference)
    elif isinstance(event, R.EstimatedSailingReplaced):
        subject, text = "Sailing named", named_text(event, reference)
    else:
        subject, text = "Sailing rescheduled", rescheduled_text(event, reference)
    data = {"rateRequestId": str(event.originator_id), "reference": reference}
    subject = f"{subject}: {reference}"
    return [
        Message(message_id(event, EMAIL), EMAIL, email, subject, text, data, html=text_html(subject, text))
    ]
