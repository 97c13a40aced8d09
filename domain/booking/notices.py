"""Who is told what about bookings: the customer after each staff action, expiry, completion and decision on
a change it asked for; the staff when there is new work (a rate request, a booking request, a shipping order
submitted or edited, an amendment or a cancellation to decide).

One table, `TOLD`: per event class, who is told, the title and the message (a staff action's, from its row
in contract/staff-actions.json). A message's `{ref}` becomes the
booking reference (a rate request's later events do not repeat it, so it is read through the
`NoticeContext`), and `{price}`, `{until}`, `{message}`, `{fields}`, `{containers}`, `{commodity}` the event's
own words, written as the screens write them. Every notice cites the booking reference and opens its rate
request.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Literal, NamedTuple

from domain.booking.amendment_requests import new_charges, requoted_containers
from domain.booking.charges import PER_BOOKING, PER_CONTAINER, all_in, booking_total, from_records, records
from domain.booking.named_field import for_people
from domain.booking.rate_request import RateRequest
from domain.booking.sailing_notices import late_order
from domain.booking.shipping_order import ShippingOrder
from domain.booking.staff_actions import STAFF_ACTIONS
from domain.emails.words import NOTICE_WORDS, WORDS, digits, isolated, language_of, money, say, time_utc
from domain.notifications.policy import STAFF, Notice, NoticeContext, Subject, notices, worded
from domain.shared.aggregate import Recorded
from domain.shared.field_labels import field_label
from domain.shared.moments import written_utc

R = RateRequest
S = ShippingOrder


class Told(NamedTuple):
    audience: Literal["customer", "staff"]
    title: str
    message: str


TOLD: dict[type, Told] = {
    # -- the customer, after staff act or time passes -----------------------------------------------------
    R.Quoted: Told(
        "customer",
        "Price quoted",
        "Your booking {ref} has a price of {price} per container{charges}{total}, valid until {until}.",
    ),
    R.QuoteExpired: Told(
        "customer", "Price expired", "The price of your booking {ref} expired before it was accepted."
    ),
    # A firm booking's (made through /v2) says the price it is confirmed at (`{priced}`): no quote told it.
    R.BookingConfirmed: Told(
        "customer",
        "Booking confirmed",
        "Your booking {ref} is confirmed{priced}; please fill in the shipping order.",
    ),
    R.Completed: Told("customer", "Booking completed", "Your booking {ref} is complete."),
    S.RevisionRequested: Told(
        "customer",
        "Shipping order revision requested",
        "Please revise the shipping order of your booking {ref}: {fields}.",
    ),
    S.Accepted: Told(
        "customer",
        "Shipping order ready for approval",
        "The shipping order of your booking {ref} was accepted; please review and approve it.",
    ),
    S.Issued: Told(
        "customer", "Bill of lading issued", "The bill of lading of your booking {ref} is issued."
    ),
    S.Declined: Told(
        "customer",
        "Shipping instructions declined",
        "The shipping instructions of your booking {ref} were declined; you may fill the shipping order"
        " again: {message}",
    ),
    R.AmendmentAsked: Told("customer", "Amendment asked for", "Please amend your booking {ref}: {message}"),
    # -- the customer, on the changes it asked for after confirmation ----------------------------------------
    R.AmendmentRequoted: Told(
        "customer",
        "New price for your amendment",
        "Your amendment of booking {ref} needs a new price of {price} per container{charges}{total}, valid"
        " until {until}; accept it for the change to take effect.",
    ),
    R.AmendmentApproved: Told(
        "customer", "Amendment approved", "Your booking {ref} now carries the amended details{priced}."
    ),
    # Told only when the customer's request to cancel withdrew it (`tell`): otherwise it is the customer's
    # own act, on the screen in front of it.
    R.AmendmentWithdrawn: Told(
        "customer",
        "Amendment withdrawn",
        "Your amendment of booking {ref} was withdrawn, as you asked to cancel the booking;"
        " staff will decide on the cancellation.",
    ),
    R.AmendmentPriceExpired: Told(
        "customer",
        "Amendment price expired",
        "The new price for your amendment of booking {ref} expired before it was accepted; the booking"
        " stands as it was.",
    ),
    R.AmendmentDeclined: Told(
        "customer",
        "Amendment declined",
        "Your amendment of booking {ref} was declined; the booking stands as it was: {message}",
    ),
    R.CancellationConfirmed: Told(
        "customer", "Booking cancelled", "Your booking {ref} is cancelled, as you asked."
    ),
    R.CancellationDeclined: Told(
        "customer",
        "Cancellation declined",
        "Your request to cancel booking {ref} was declined; the booking stands: {message}",
    ),
    # -- new work for the staff -----------------------------------------------------------------------------
    R.Created: Told("staff", "New rate request", "Rate request {ref}: {containers} of {commodity} to quote."),
    R.BookingRequestSubmitted: Told(
        "staff", "Booking request", "Booking {ref}: the signed documents are in; confirm the booking."
    ),
    S.Created: Told("staff", "Shipping order submitted", "Booking {ref}: a shipping order to review."),
    # Told only when it answers staff's request to revise (`revision_was_requested`).
    R.Edited: Told("staff", "Rate request revised", "Booking {ref}: the revised rate request to review."),
    S.Edited: Told("staff", "Shipping order edited", "Booking {ref}: the revised shipping order to review."),
    S.Resubmitted: Told(
        "staff",
        "Shipping order submitted again",
        "Booking {ref}: a shipping order submitted again, after it was cancelled or declined, to review.",
    ),
    S.Updated: Told(
        "staff", "Shipping instructions updated", "Booking {ref}: updated shipping instructions to review."
    ),
    S.Cancelled: Told(
        "staff", "Shipping instructions cancelled", "Booking {ref}: the customer cancelled its instructions."
    ),
    R.AmendmentRequested: Told("staff", "Amendment requested", "Booking {ref}: an amendment to decide."),
    R.CancellationRequested: Told(
        "staff", "Cancellation requested", "Booking {ref}: the customer asks to cancel it."
    ),
}


def revised_field(key: str, language: str = "en") -> str:
    """A revised field's name in words, staff naming it by the order's wire key ("cargoDescription" ->
    "Cargo description"): the catalogue's label (contract/field-labels.json) in `language`, the English
    one where the catalogue has none."""
    return field_label(key, language=language)


def usd(amount: Decimal) -> str:
    """Money as the screens show it: `$3,700.00`."""
    return f"${amount:,.2f}"


def _booking(event: Recorded, context: NoticeContext) -> Subject:
    """The rate request an event is about (itself, or the one a shipping order belongs to)."""
    found = context.aggregate(event.originator_id)
    rate_request_id = getattr(found, "rate_request_id", None) or getattr(event, "rate_request_id", None)
    if rate_request_id is not None:
        found = context.aggregate(rate_request_id)
    else:
        rate_request_id = str(event.originator_id)
    reference = getattr(event, "reference", None) or getattr(found, "reference", None)
    return Subject("rate_request", str(rate_request_id), reference)


def _words(event: object, subject: Subject, language: str = "en") -> dict[str, str]:
    """What a message may cite, from the event (only what the event carries is asked for by its message),
    in `language`."""
    if language != "en":
        return _translated_words(event, subject, language)
    words = {"ref": subject.reference or subject.id[:8]}
    if (price := getattr(event, "price", None)) is not None:
        words["price"] = usd(Decimal(price))
    words["charges"] = _breakdown(getattr(event, "charges", None))
    if (until := getattr(event, "valid_until", None)) is not None:
        words["until"] = written_utc(until)  # as every screen writes a time
    if (message := getattr(event, "message", None)) is not None:
        words["message"] = for_people(message)  # a leading field path is the DCSA door's, not people's
    if (revise := getattr(event, "revise", None)) is not None:
        words["fields"] = ", ".join(revised_field(key) for key in sorted(revise))
    details = getattr(event, "details", None) or {}
    quantity = details.get("quantity")
    words["containers"] = f"{quantity} container" + ("" if quantity == 1 else "s")
    words["commodity"] = str(details.get("commodity"))
    words["priced"] = new_price(event) if isinstance(event, R.AmendmentApproved) else ""
    return words


def _translated_words(event: object, subject: Subject, language: str) -> dict[str, str]:
    """`_words` for a customer reading another language than English."""
    english = _words(event, subject)
    words = {**english, "ref": isolated(english["ref"], language)}
    words["charges"] = _breakdown(getattr(event, "charges", None), language)
    if (price := getattr(event, "price", None)) is not None:
        words["price"] = money(Decimal(price), language)
    if (until := getattr(event, "valid_until", None)) is not None:
        words["until"] = time_utc(until, language)
    if (revise := getattr(event, "revise", None)) is not None:
        words["fields"] = "، ".join(revised_field(key, language) for key in sorted(revise))
    if isinstance(event, R.AmendmentApproved):
        words["priced"] = new_price_in(event, language)
    quantity = (getattr(event, "details", None) or {}).get("quantity")
    if quantity is not None:
        many = "containers.one" if quantity == 1 else "containers.many"
        words["containers"] = say(many, language, count=digits(str(quantity), language))
    return words


def new_price_in(approved: RateRequest.AmendmentApproved, language: str) -> str:
    """`new_price` in `language`."""
    if language == "en" or approved.price is None:
        return new_price(approved)
    quantity = int(approved.details["quantity"])
    total = booking_total(from_records(new_charges(approved)), quantity)
    count = digits(str(quantity), language)
    many = "outcome.containers" if quantity == 1 else "outcome.containersMany"
    return say(
        "outcome.newPrice",
        language,
        price=money(Decimal(approved.price), language),
        breakdown=_breakdown(new_charges(approved), language),
        total=money(total, language),
        containers=say(many, language, count=count),
    )


def new_price(approved: RateRequest.AmendmentApproved) -> str:
    """`, at $1,416.00 per container (...); $7,145.00 in all for 5 containers`: the price an amendment took
    effect at, its breakdown and the booking's total (as the screens show them), or nothing when the price
    stayed."""
    if approved.price is None:
        return ""
    quantity = int(approved.details["quantity"])
    total = booking_total(from_records(new_charges(approved)), quantity)
    containers = f"{quantity} container" + ("" if quantity == 1 else "s")
    price = f"{usd(Decimal(approved.price))} per container{_breakdown(new_charges(approved))}"
    return f", at {price}; {usd(total)} in all for {containers}"


def quote_total(charges: list[dict[str, Any]], quantity: int | None, language: str = "en") -> str:
    """`; $3,220.50 in all for 2 containers`: a quote's total for the whole booking, per-booking fees
    included (a reader multiplying the price per container would miss them); nothing when the booking's
    containers are not known, or when the total is the price itself (one container, no fee)."""
    listed = from_records(charges)
    if quantity is None or (quantity == 1 and all(c.per == PER_CONTAINER for c in listed)):
        return ""
    total = booking_total(listed, quantity)
    many = "outcome.containers" if quantity == 1 else "outcome.containersMany"
    containers = say(many, language, count=digits(str(quantity), language))
    return say("quote.total", language, total=money(total, language), containers=containers)


def requote_total(requoted: RateRequest.AmendmentRequoted, booking: Any, language: str = "en") -> str:
    """`quote_total` of an amendment's new price, for the amended containers (`requoted_containers`: a
    requote recorded before it kept them reads them from its amendment in `booking`, the aggregate as it is
    now, as the /v2 read does); one recorded before its lines is the price alone."""
    lines = requoted.charges or records(all_in(Decimal(requoted.price)))
    return quote_total(lines, requoted_containers(requoted, booking), language)


def confirmed_price(booking: Any, language: str = "en") -> str:
    """` at $1,580.25 per container (...); $3,220.50 in all for 2 containers`: the price a firm booking is
    confirmed at, said as its quote would be (a firm quote is told no one); nothing for another booking,
    whose customer accepted the price, or one without a price."""
    price = getattr(booking, "price", None)
    if not getattr(booking, "firm_request", False) or price is None:
        return ""
    charges = getattr(booking, "charges", None) or records(all_in(Decimal(price)))
    quantity = (getattr(booking, "details", None) or {}).get("quantity")
    return say(
        "confirmed.priced",
        language,
        price=money(Decimal(price), language),
        breakdown=_breakdown(charges, language),
        total=quote_total(charges, None if quantity is None else int(quantity), language),
    )


def rejected_title(rejected: RateRequest.Rejected, language: str) -> str | None:
    """The title of a booking rejected after it was confirmed (None: the rejection's own, as before)."""
    return say("title.rejectedConfirmed", language) if rejected.was_confirmed else None


def _breakdown(records: list[dict[str, Any]] | None, language: str = "en") -> str:
    """` (Ocean freight $1,000.00 + Bunker adjustment (BAF) $150.50; Documentation fee $45.00 per booking)`:
    what a price is made of, when it is made of more than one charge; in Persian the charges' names (by
    their codes), amounts and digits are Persian."""
    listed = from_records(records)
    if len(listed) < 2:
        return ""
    if language == "en":
        per_container = " + ".join(f"{c.name} {usd(c.amount)}" for c in listed if c.per == PER_CONTAINER)
        per_booking = "; ".join(
            f"{c.name} {usd(c.amount)} per booking" for c in listed if c.per == PER_BOOKING
        )
        return f" ({'; '.join(part for part in (per_container, per_booking) if part)})"
    named = {c: say(f"charge.{c.code}", language) if f"charge.{c.code}" in WORDS else c.name for c in listed}
    per_container = " + ".join(
        f"{named[c]} {money(c.amount, language)}" for c in listed if c.per == PER_CONTAINER
    )
    per_booking = "؛ ".join(
        say("charge.perBooking", language, name=named[c], amount=money(c.amount, language))
        for c in listed
        if c.per == PER_BOOKING
    )
    return f" ({'؛ '.join(part for part in (per_container, per_booking) if part)})"


# Who is told of a staff action's event, where its row in contract/staff-actions.json says so.
_AGGREGATES: dict[str, type] = {"RateRequest": R, "ShippingOrder": S}
for _action in STAFF_ACTIONS:
    if _action.tells is not None:
        TOLD[getattr(_AGGREGATES[_action.aggregate], _action.event_name)] = Told(*_action.tells)


def tell(event: Any, context: NoticeContext) -> Notice | None:
    told = TOLD[type(event)]
    if type(event) is R.Created and getattr(context.aggregate(event.originator_id), "tariff_version", None):
        return None  # priced at once from the tariff: nothing for the staff to quote
    if type(event) is R.AmendmentWithdrawn and not event.for_cancellation:
        return None  # withdrawn by the customer on its own screen
    if type(event) is R.Quoted and getattr(context.aggregate(event.originator_id), "firm_request", False):
        return None  # a firm request's price awaits staff's confirmation: nothing for the customer to accept
    if type(event) in (S.Cancelled, S.Declined) and event.with_booking:
        return None  # closed with its booking, whose cancellation or rejection is told
    if type(event) is R.Edited and not event.revision_was_requested:
        return None  # the customer's own change, which no one asked for

    subject = _booking(event, context)
    said = NOTICE_WORDS.get(type(event).__qualname__, {})

    def words(language: str) -> tuple[str, str]:
        title, message = (
            (said[language]["title"], said[language]["message"]) if language in said else told[1:]
        )
        cited = _words(event, subject, language)
        if type(event) is R.Quoted:
            cited["total"] = quote_total(event.charges, _quantity(context, event), language)
        if type(event) is R.AmendmentRequoted:
            cited["total"] = requote_total(event, context.aggregate(event.originator_id), language)
        if type(event) is R.BookingConfirmed:
            cited["priced"] = confirmed_price(context.aggregate(event.originator_id), language)
        if type(event) is R.Rejected:
            title = rejected_title(event, language) or title
        return title, message.format_map(cited)

    if told.audience == "staff":
        # One notice for every staff member, each reading it in their own language.
        notice = worded(STAFF, words, subject=subject)
    else:
        notice = worded(event.customer_id, words, language_of(context.aggregate(event.customer_id)), subject)
    # A shipping order after the SI cut-off is flagged to staff (domain/booking/sailing_notices.py).
    return late_order(notice, event, context) if isinstance(event, S.Created | S.Resubmitted) else notice


def _quantity(context: NoticeContext, event: Recorded) -> int | None:
    """The containers of the booking an event is about, as it stands."""
    details = getattr(context.aggregate(event.originator_id), "details", None) or {}
    return None if details.get("quantity") is None else int(details["quantity"])


notices.register(*TOLD)(tell)
notices.reads_own_aggregate(*TOLD)  # `_booking`: the rate request (or the shipping order) the event is about
