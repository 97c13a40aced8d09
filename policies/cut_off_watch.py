"""Cut-offs acted on: the customer is reminded 48 h and 24 h before a confirmed booking's shipping-instruction
cut-off while its shipping order is not in, and a republished schedule that moves a booked sailing is recorded
on each affected booking (the notice, e-mail and webhook follow those events).

Run by a scheduler like quote expiry (`policies/quote_expiry.py`); tests call the functions with their own
clock.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from domain.booking.schedules import ServiceScheduleValues, rescheduled_sailings, utc_text
from domain.shared.errors import Conflict, IllegalTransition, NotFound
from infrastructure.periodic import Periodic
from policies.scheduled import ScheduledServices
from projections.booking import sailings as booked
from projections.profiles import profile_of
from projections.schedules import service_schedules

INTERVAL_SECONDS = 30.0
# Hours before the shipping-instruction cut-off at which the customer is reminded (the nearer one last).
REMINDER_LEADS = (48, 24)


def customer_email(services: ScheduledServices, customer_id: str) -> str | None:
    """The address on the customer's profile (None when it has none: the in-app notice still goes)."""
    with services.read_models.read() as tx:
        row = profile_of(tx, customer_id)
    email = json.loads(row["profile"]).get("email") if row else None
    return str(email) if email else None


def remind_due_cut_offs(services: ScheduledServices, now: datetime | None = None) -> list[tuple[str, int]]:
    """Remind every customer whose booking's SI cut-off is within a lead time of `now`; answers the
    (booking id, hours) reminded by this call. The nearest lead due is the one sent: a booking confirmed
    30 h before its cut-off gets the 24 h reminder once it is due, not a 48 h one late."""
    moment = utc_text(now or datetime.now(UTC))
    reminded: list[tuple[str, int]] = []
    last = 0
    seen: set[str] = set()
    for hours in sorted(REMINDER_LEADS):
        with services.read_models.read() as tx:
            due = booked.due_reminders(tx, moment, hours)
        for row in due:
            if row["rate_request_id"] in seen:
                continue
            seen.add(row["rate_request_id"])
            try:
                position = services.booking.remind_cut_off(
                    row["rate_request_id"], hours, customer_email(services, row["customer_id"])
                )
            except (IllegalTransition, Conflict, NotFound):
                continue
            if position is not None:
                last = position
                reminded.append((row["rate_request_id"], hours))
    if last:
        services.shows(last)
    return reminded


def reschedule_booked_sailings(services: ScheduledServices, service_codes: list[str]) -> list[str]:
    """Record on every booking sailing with these services whose departure, arrival or cut-offs the
    published schedule now says otherwise; answers the booking ids moved."""
    with services.read_models.read() as tx:
        on_services = booked.booked_on_services(tx, service_codes)
        customers = booked.customers_of(tx, list(on_services))
        published: list[ServiceScheduleValues] = [
            values for code in service_codes for _, values in service_schedules(tx, service_code=code)
        ]
    moved = []
    last = 0
    for rate_request_id, sailing in rescheduled_sailings(on_services, published).items():
        try:
            email = customer_email(services, customers[rate_request_id])
            position = services.booking.reschedule_sailing(rate_request_id, sailing, email)
        except (Conflict, NotFound):
            continue
        if position is not None:
            last = position
            moved.append(rate_request_id)
    if last:
        services.shows(last)
    return moved


def cut_off_watch(services: ScheduledServices, interval: float = INTERVAL_SECONDS) -> Periodic:
    return Periodic("cut-off-watch", interval, lambda: remind_due_cut_offs(services))
