"""Notifications the accounts context's events call for (registered in the notifications policy)."""

from __future__ import annotations

from typing import Any

from domain.accounts.account import account_id
from domain.accounts.edit_request import ProfileEditRequest
from domain.accounts.registration import Registration, registration_id
from domain.notifications.policy import Notice, notices


@notices.register(Registration.Accepted)  # type: ignore[attr-defined]
def registration_accepted(event: Any) -> Notice | None:
    # The event does not repeat the identity; the registration id is name-based on it, the account's too.
    identity = _identity_of(event)
    if identity is None:
        return None
    return Notice(
        str(account_id(identity)),
        "Registration accepted",
        "Welcome! Your registration was accepted. Set your password with the link we e-mailed you.",
    )


@notices.register(ProfileEditRequest.Approved)  # type: ignore[attr-defined]
def edit_approved(event: Any) -> Notice:
    return Notice(event.account_id, "Profile updated", "Your profile edit request was approved.")


@notices.register(ProfileEditRequest.Declined)  # type: ignore[attr-defined]
def edit_declined(event: Any) -> Notice:
    return Notice(
        event.account_id, "Profile edit declined", f"Your profile edit request was declined: {event.reason}"
    )


def _identity_of(event: Any) -> str | None:
    identity = getattr(event, "identity", None)
    if identity and registration_id(identity) == event.originator_id:
        return str(identity)
    return None
