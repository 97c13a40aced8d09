"""The DCSA door's names for a booking, handed to the webhook policy (policies/webhooks) so that the
notifications and `GET /v2/bookings/{ref}` say the same, while the policy imports no wire schema."""

from __future__ import annotations

from typing import Any

from api.dcsa.booking.status import AWAITING_DECISION, UPDATE_RECEIVED, booking_status
from api.dcsa.booking.view import notification_data
from api.dcsa.ebl.documents import order_notification
from policies.webhooks.policy import Notified


class DcsaBookingView:
    def booking_status(
        self, state: str, confirmed: bool, updated: bool, amendment_asked: bool = False
    ) -> str:
        return booking_status(state, confirmed, updated, amendment_asked)

    def still_updated(self, previous_status: str | None, state: str) -> bool:
        return previous_status == UPDATE_RECEIVED and state in AWAITING_DECISION

    def notification_data(self, notified: Notified) -> dict[str, Any]:
        n = notified
        return notification_data(
            n.booking,
            n.state,
            n.confirmed,
            n.amended,
            n.cancellation,
            n.decisions,
            n.updated,
            **n.messages,
        )

    def order_notification(
        self, state: str, booking_reference: str, event_name: str, message: str | None
    ) -> tuple[str, str, dict[str, Any]]:
        return order_notification(state, booking_reference, event_name, message)
