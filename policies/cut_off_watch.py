"""Cut-offs acted on: the customer is reminded 48 h and 24 h before a confirmed booking's shipping-instruction
cut-off while its shipping order is not in (none yet, or one cancelled or declined that she may fill again).
(A republished schedule that moves a booked sailing is recorded with the publication itself:
`BookingApplication.publish_schedules`.)

Run by a scheduler like quote expiry (`policies/quote_expiry.py`); tests call the functions with their own
clock.
"""

from __future__ import annotations

from datetime import UTC, datetime

from domain.booking.schedules import utc_text
from domain.shared.errors import Conflict, IllegalTransition, NotFound
from infrastructure.periodic import Periodic
from policies.scheduled import ScheduledServices
from projections.booking import sailings as booked
from projections.profiles import email_of

INTERVAL_SECONDS = 30.0
# Hours before the shipping-instruction cut-off at which the customer is reminded (the nearer one last).
REMINDER_LEADS = (48, 24)


def customer_email(services: ScheduledServices, customer_id: str) -> str | None:
    with services.read_models.read() as tx:
        return email_of(tx, customer_id)


def remind_due_cut_offs(services: ScheduledServices, now: datetime | None = None) -> list[tuple[str, int]]:
    """Remind every customer whose booking's SI cut-off is within a lead time of `now`; answers the
    (booking id, hours) reminded by this call. The nearest lead due is the one sent: a booking confirmed
    30 h before its cut-off gets the 24 h reminder once it is due, not a 48 h one late."""
    clock = now or datetime.now(UTC)
    moment = utc_text(clock)
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
                    row["rate_request_id"], hours, customer_email(services, row["customer_id"]), clock
                )
            except (IllegalTransition, Conflict, NotFound):
                continue
            if position is not None:
                last = position
                reminded.append((row["rate_request_id"], hours))
    if last:
        services.shows(last)
    return reminded


def cut_off_watch(services: ScheduledServices, interval: float = INTERVAL_SECONDS) -> Periodic:
    return Periodic("cut-off-watch", interval, lambda: remind_due_cut_offs(services))
