"""Quotes expire by themselves: a scheduler finds quotes past their validity and expires them (and the new
prices of amendments, which then end), and e-mails the customer once when a quote has less than a day left."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from domain.booking.charges import all_in, records
from domain.booking.emails import booking_email
from domain.booking.notices import _breakdown, quote_total
from domain.emails.words import language_of, money, time_utc
from domain.shared.errors import Conflict, IllegalTransition, NotFound, ValidationFailed
from infrastructure.periodic import Periodic
from policies.messaging import claim_message
from policies.scheduled import ScheduledServices
from projections.booking.changes import due_amendment_prices
from projections.booking.queries import due_quotes, expiring_quotes
from projections.history import utc_text

INTERVAL_SECONDS = 1.0


def expire_due_quotes(services: ScheduledServices, now: datetime | None = None) -> list[str]:
    """Expire every quote whose validity has passed at `now`; answers the ids expired by this call.

    The aggregate decides again with its own validity, so a quote renewed meanwhile stays; somebody acting
    first (accept, cancel, another scheduler) is not an error.
    """
    moment = now or datetime.now(UTC)
    with services.read_models.read() as tx:
        candidates = due_quotes(tx, moment)
    expired: list[str] = []
    last = 0
    for rate_request_id in candidates:
        try:
            last = services.booking.expire_quote(rate_request_id, moment)
        except (IllegalTransition, Conflict, NotFound):
            continue
        expired.append(rate_request_id)
    if last:
        services.shows(last)  # a scheduler answers nobody: wait as a command would, never fail for it
    return expired


def expire_due_amendment_prices(services: ScheduledServices, now: datetime | None = None) -> list[str]:
    """End every amendment whose new price passed its validity unaccepted (the booking stands as it was);
    answers the booking ids. As `expire_due_quotes`: the aggregate decides again with its own validity."""
    moment = now or datetime.now(UTC)
    with services.read_models.read() as tx:
        candidates = due_amendment_prices(tx, utc_text(moment))
    expired: list[str] = []
    last = 0
    for rate_request_id in candidates:
        try:
            last = services.booking.expire_amended_price(rate_request_id, moment)
        except (IllegalTransition, Conflict, NotFound, ValidationFailed):
            continue
        expired.append(rate_request_id)
    if last:
        services.shows(last)
    return expired


WARNING_AHEAD = timedelta(hours=24)
WARNING_INTERVAL_SECONDS = 30.0


def warn_expiring_quotes(services: ScheduledServices, now: datetime | None = None) -> list[str]:
    """E-mail each customer whose quote ends within `WARNING_AHEAD` (unless turned off); answers the rate
    request ids e-mailed by this call. Once per quote: the message id names the quote's validity, and is
    claimed in `sent_messages` in the transaction that hands it over (a renewed quote is warned again)."""
    moment = now or datetime.now(UTC)
    with services.read_models.read() as tx:
        rows = expiring_quotes(tx, moment, moment + WARNING_AHEAD)
    warned: list[str] = []
    for row in rows:
        until = datetime.fromisoformat(str(row["valid_until"]).replace("Z", "+00:00"))
        language = language_of(services.notifications.aggregate(str(row["customer_id"])))
        price = money(Decimal(str(row["price"])), language)
        # Its lines and total, as the quote's e-mail said them (decision 3870): a per-booking fee is not in
        # the price per container.
        charges = (
            json.loads(row["charges"]) if row["charges"] else records(all_in(Decimal(str(row["price"]))))
        )
        said = {
            "price": price,
            "breakdown": _breakdown(charges, language),
            "total": quote_total(charges, int(row["quantity"]), language),
            "until": time_utc(until, language),
        }
        mail = booking_email(
            "quoteExpiring",
            f"{row['id']}:quote-expiring:{until.isoformat()}:email",
            str(row["customer_id"]),
            str(row["id"]),
            str(row["reference"] or str(row["id"])[:8]),
            said,
            [],
            services.notifications.aggregate,
            services.links,
        )
        if mail is None:
            continue
        with services.read_models.transaction() as tx:
            if claim_message(tx, mail, 0):
                services.delivery.send(mail)  # a failure rolls the claim back: the next round tries again
                warned.append(str(row["id"]))
    return warned


def quote_expiry(services: ScheduledServices, interval: float = INTERVAL_SECONDS) -> Periodic:
    def expire() -> None:
        expire_due_quotes(services)
        expire_due_amendment_prices(services)

    return Periodic("quote-expiry", interval, expire)


def quote_expiry_warning(services: ScheduledServices, interval: float = WARNING_INTERVAL_SECONDS) -> Periodic:
    return Periodic("quote-expiry-warning", interval, lambda: warn_expiring_quotes(services))
