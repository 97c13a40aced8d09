"""Notifications the accounts context's events call for (registered in the notifications policy): the
customer hears of decisions; the staff hear of new registrations and profile edit requests to review."""

from __future__ import annotations

from domain.accounts.account import account_id
from domain.accounts.edit_request import ProfileEditRequest
from domain.accounts.registration import Registration, registration_id
from domain.notifications.policy import STAFF, Notice, NoticeContext, Subject, notices
from domain.shared.aggregate import Recorded


@notices.register(Registration.Accepted)
def registration_accepted(event: Registration.Accepted, _: NoticeContext) -> Notice | None:
    # The event does not repeat the identity; the registration id is name-based on it, the account's too.
    identity = _identity_of(event)
    if identity is None:
        return None
    return Notice(
        str(account_id(identity)),
        "Registration accepted",
        "Welcome! Your registration was accepted. Set your password with the link we e-mailed you.",
    )


@notices.register(ProfileEditRequest.Approved)
def edit_approved(event: ProfileEditRequest.Approved, context: NoticeContext) -> Notice:
    return Notice(
        event.account_id, "Profile updated", "Your profile edit request was approved.", _edit(event, context)
    )


@notices.register(ProfileEditRequest.Declined)
def edit_declined(event: ProfileEditRequest.Declined, context: NoticeContext) -> Notice:
    return Notice(
        event.account_id,
        "Profile edit declined",
        f"Your profile edit request was declined: {event.reason}",
        _edit(event, context),
    )


def _edit(event: Recorded, context: NoticeContext) -> Subject | None:
    request = context.aggregate(event.originator_id)
    return Subject("edit_request", request.username) if request is not None else None


# These events' builders read the event's own aggregate (a policy's batch loads them at once).
notices.reads_own_aggregate(
    ProfileEditRequest.Approved,
    ProfileEditRequest.Declined,
    ProfileEditRequest.Opened,
    ProfileEditRequest.Reopened,
    ProfileEditRequest.Replaced,
    Registration.Verified,
    Registration.DetailsSubmitted,
)


def _identity_of(event: Registration.Accepted) -> str | None:
    identity = getattr(event, "identity", None)
    if identity and registration_id(identity) == event.originator_id:
        return str(identity)
    return None


# -- new work for the staff ------------------------------------------------------------------------------
@notices.register(Registration.Verified, Registration.DetailsSubmitted)
def registration_to_review(
    event: Registration.Verified | Registration.DetailsSubmitted, context: NoticeContext
) -> Notice | None:
    if event.state != "pending":  # details of a sign-up that still has to verify its phone
        return None
    registration = context.aggregate(event.originator_id)
    if registration is None:
        return None
    details = registration.details
    name = details.get("name") or " ".join(
        str(p) for p in (details.get("firstName"), details.get("lastName")) if p
    )
    return Notice(
        STAFF,
        "New registration",
        f"{name or registration.identity} signed up and waits for review.",
        Subject("registration", registration.identity),
    )


@notices.register(
    ProfileEditRequest.Opened,
    ProfileEditRequest.Reopened,
    ProfileEditRequest.Replaced,
)
def edit_request_to_review(
    event: ProfileEditRequest.Opened | ProfileEditRequest.Reopened | ProfileEditRequest.Replaced,
    context: NoticeContext,
) -> Notice | None:
    request = context.aggregate(event.originator_id)
    if request is None:
        return None
    return Notice(
        STAFF,
        "Profile edit request",
        f"{request.username} asks to change their profile.",
        Subject("edit_request", request.username),
    )
