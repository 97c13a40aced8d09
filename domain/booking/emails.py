"""Which booking events e-mail the customer, and with what words (templates: domain/emails/templates.py).

Like the notifications (notices.py), each e-mail cites the booking reference and opens the rate request;
unlike them it goes only to a customer who has not turned its kind off (`Account.muted_emails`), at the
e-mail address of the account's profile. Built by the messaging policy from the event and the aggregates
as they are now (`reader`); the message id comes from the event, so one event never sends twice, and the
policy follows the store with its own tracking, so replaying events into read models never sends.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Any, TypeAlias, get_args

from domain.accounts.messages import EMAIL, Message, message_id
from domain.booking.named_field import for_people
from domain.booking.notices import (
    _booking,
    _breakdown,
    confirmed_price,
    new_price_in,
    quote_total,
    requote_total,
    revised_field,
)
from domain.booking.rate_request import RateRequest
from domain.booking.reference import port_named
from domain.booking.schedules import CUT_OFF_NAMES, Sailing
from domain.booking.shipping_order import ShippingOrder
from domain.emails.templates import render
from domain.emails.words import WORDS, isolated, language_of, money, say, time_at, time_utc
from domain.shared.languages import DEFAULT
from domain.shared.links import Links
from domain.shared.moments import written_utc
from domain.shared.personal import is_erased

R = RateRequest
S = ShippingOrder

Reader = Callable[[Any], Any]


def when(moment: datetime) -> str:
    """A time as every screen and e-mail writes it: YYYY/MM/DD HH:MM and its zone."""
    return written_utc(moment)


# The events `_decided` e-mails about: the messaging policy decodes only these (and other messages' events).
Emailed: TypeAlias = (
    R.Quoted
    | R.RevisionRequested
    | R.BookingConfirmed
    | S.RevisionRequested
    | S.Accepted
    | S.Issued
    | S.Declined
    | R.AmendmentAsked
    | R.AmendmentRequoted
    | R.AmendmentApproved
    | R.AmendmentDeclined
    | R.AmendmentWithdrawn
    | R.CancellationConfirmed
    | R.CancellationDeclined
    | R.Rejected
)
EMAIL_EVENTS: tuple[type, ...] = get_args(Emailed)


def _decided(
    event: Emailed, reader: Reader, language: str = DEFAULT
) -> tuple[str, dict[str, str], list[str]] | None:
    """The kind, words and listed lines of an event in `language`, or None when it e-mails nobody."""
    if isinstance(event, R.Quoted):
        if getattr(reader(event.originator_id), "firm_request", False):
            return None  # a firm request's price awaits staff's confirmation, not the customer's acceptance
        details = getattr(reader(event.originator_id), "details", None) or {}
        quantity = details.get("quantity")
        return (
            "quoteReady",
            {
                "price": money(Decimal(event.price), language),
                "breakdown": _breakdown(event.charges, language),
                "total": quote_total(event.charges, None if quantity is None else int(quantity), language),
                "until": time_utc(event.valid_until, language),
            },
            [],
        )
    if isinstance(event, R.RevisionRequested):
        return "revisionRequested", {}, [for_people(event.message)]
    if isinstance(event, R.BookingConfirmed):
        kind, words, lines = _confirmed(event, reader, language)
        # A firm booking's price is told here: its quote was told no one.
        return kind, {**words, "priced": confirmed_price(reader(event.originator_id), language)}, lines
    if isinstance(event, R.Rejected):
        outcome = say("rejected.confirmed" if event.was_confirmed else "rejected.before", language)
        return "bookingRejected", {"outcome": outcome}, [for_people(event.message)]
    if isinstance(event, S.RevisionRequested):
        return (
            "orderNeedsChanges",
            {},
            [f"{revised_field(field, language)}: {text}" for field, text in sorted(event.revise.items())],
        )
    if isinstance(event, S.Accepted):
        return "readyForFinalApproval", {}, []
    if isinstance(event, S.Issued):
        return "billOfLadingIssued", {}, []
    if isinstance(event, S.Declined):
        if event.with_booking:
            return None  # closed with its booking, whose rejection is e-mailed
        return "shippingInstructionsDeclined", {}, [event.message]
    if isinstance(event, R.AmendmentAsked):
        return "amendmentAsked", {}, [for_people(event.message)]

    def decided(
        decision: str, outcome: str, lines: list[str], **values: str
    ) -> tuple[str, dict[str, str], list[str]]:
        kind = "cancellationDecided" if outcome.startswith(("outcome.cancel",)) else "amendmentDecided"
        words = {
            "decision": say(f"decision.{decision}", language),
            "outcome": say(outcome, language, **values),
        }
        return kind, words, lines

    if isinstance(event, R.AmendmentRequoted):
        return decided(
            "newPrice",
            "outcome.requoted",
            [],
            price=money(Decimal(event.price), language),
            breakdown=_breakdown(event.charges, language),
            total=requote_total(event, reader(event.originator_id), language),
            until=time_utc(event.valid_until, language),
        )
    if isinstance(event, R.AmendmentApproved):
        return decided("approved", "outcome.approved", [], price=new_price_in(event, language))
    if isinstance(event, R.AmendmentWithdrawn):
        if not event.for_cancellation:
            return None  # the customer's own act on its screen
        return decided("withdrawn", "outcome.withdrawn", [])
    if isinstance(event, R.AmendmentDeclined):
        return decided("declined", "outcome.declined", [for_people(event.message)])
    if isinstance(event, R.CancellationConfirmed):
        return decided("confirmed", "outcome.cancelled", [])
    if isinstance(event, R.CancellationDeclined):
        return decided("declined", "outcome.cancellationDeclined", [for_people(event.message)])
    return None


def _confirmed(
    event: R.BookingConfirmed, reader: Reader, language: str = DEFAULT
) -> tuple[str, dict[str, str], list[str]]:
    """The confirmation with the sailing it was confirmed on: the estimate the event made, else the booking's
    own (chosen or named before); none only in histories older than sailings."""
    record = event.sailing
    if record is None:
        booking = reader(event.originator_id)
        record = getattr(booking, "sailing", None)
    if not record:
        return "bookingConfirmed", {"sailing": ""}, []
    sailing = Sailing.from_record(record)
    said = say("sailing.estimated" if sailing.estimated else "sailing.firm", language)
    return "bookingConfirmed", {"sailing": said}, sailing_lines(sailing, language)


def sailing_lines(sailing: Sailing, language: str = DEFAULT) -> list[str]:
    """A sailing's vessel, voyage, times and cut-offs, one line each; an estimate's times say so."""
    estimated = say("sailing.estimatedMark", language) if sailing.estimated else ""

    def own(text: str | None) -> str:
        return isolated(str(text or ""), language)

    lines = []
    if not sailing.estimated:
        vessel = sailing.vessel_name or sailing.vessel_imo_number or sailing.service_code
        lines.append(say("sailing.vessel", language, vessel=own(vessel)))
        lines.append(say("sailing.voyage", language, voyage=own(sailing.export_voyage)))
    departure = time_at(sailing.departure, sailing.load_port, language)
    arrival = time_at(sailing.arrival, sailing.discharge_port, language)
    loading, discharge = own(port_named(sailing.load_port)), own(port_named(sailing.discharge_port))
    lines.append(say("sailing.departure", language, port=loading, at=departure, estimated=estimated))
    lines.append(say("sailing.arrival", language, port=discharge, at=arrival, estimated=estimated))
    for cut_off in sorted(sailing.cut_offs, key=lambda c: c.at):
        key = f"cutOff.{cut_off.code}"
        name = say(key, language) if key in WORDS else CUT_OFF_NAMES.get(cut_off.code, cut_off.code)
        at = time_at(cut_off.at, sailing.load_port, language)
        lines.append(say("sailing.cutOff", language, name=name, at=at, estimated=estimated))
    return lines


def customer_address(reader: Reader, customer_id: str, kind: str) -> str | None:
    """The customer's e-mail address, or None when it has none, turned this kind of e-mail off or was
    erased (a reader may hold the account as it was read before the erasure: its flag says so)."""
    account = reader(customer_id)
    if account is None or getattr(account, "erased", False):
        return None
    if kind in getattr(account, "muted_emails", ()):
        return None
    address = str(account.profile.get("email") or "").strip()
    return address if address and not is_erased(address) else None


def booking_email(
    kind: str,
    message_key: str,
    customer_id: str,
    rate_request_id: str,
    reference: str,
    words: dict[str, str],
    lines: list[str],
    reader: Reader,
    links: Links,
) -> Message | None:
    """One e-mail of `kind` about a booking to its customer (None when the customer would not have it)."""
    address = customer_address(reader, customer_id, kind)
    if address is None:
        return None
    link = links.booking(rate_request_id)
    language = language_of(reader(customer_id))
    ref = isolated(reference, language)
    filled = {k: v.replace("{ref}", ref) for k, v in words.items()}
    mail = render(kind, reference, link, filled, lines, language)
    return Message(
        message_key,
        EMAIL,
        address,
        mail.subject,
        mail.text,
        {"kind": kind, "reference": reference, "link": link, "rateRequestId": rate_request_id},
        html=mail.html,
    )


def aggregates_read(event: object) -> list[Any]:
    """The ids of the aggregates `emails_for` reads for this event (a policy's batch loads them at once):
    the booking it is about and its customer's account."""
    if not isinstance(event, Emailed):
        return []
    return [event.originator_id, event.customer_id]


def emails_for(event: object, reader: Reader, links: Links) -> list[Message]:
    if not isinstance(event, Emailed):
        return []
    decided = _decided(event, reader, language_of(reader(event.customer_id)))
    if decided is None:
        return []
    kind, words, lines = decided
    subject = _booking(event, _Context(reader))
    reference = subject.reference or subject.id[:8]
    mail = booking_email(
        kind,
        message_id(event, EMAIL),
        str(event.customer_id),
        subject.id,
        reference,
        words,
        lines,
        reader,
        links,
    )
    return [mail] if mail else []


class _Context:
    def __init__(self, reader: Reader) -> None:
        self.aggregate = reader

    def staff_ids(self) -> list[str]:
        return []
