"""The DCSA door's names for a booking, handed to the webhook policy (policies/webhooks) so that the
notifications and `GET /v2/bookings/{ref}` say the same, while the policy imports no wire schema."""

from __future__ import annotations

from typing import Any

from api.dcsa_status import AWAITING_DECISION, UPDATE_RECEIVED, booking_status
from api.schemas.dcsa_view import notification_data


class DcsaBookingView:
    def booking_status(
        self, state: str, confirmed: bool, updated: bool, amendment_asked: bool = False
    ) -> str:
        return booking_status(state, confirmed, updated, amendment_asked)

    def still_updated(self, previous_status: str | None, state: str) -> bool:
        return previous_status == UPDATE_RECEIVED and state in AWAITING_DECISION

    def notification_data(
        self,
        booking: dict[str, Any],
        state: str,
        confirmed: bool,
        amended: str | None,
        cancellation: str | None,
        extra_feedbacks: list[dict[str, Any]] | None,
        messages: dict[str, Any],
        updated: bool,
    ) -> dict[str, Any]:
        return notification_data(
            booking, state, confirmed, amended, cancellation, extra_feedbacks, updated, **messages
        )
