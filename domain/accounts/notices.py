"""Notifications the accounts context's events call for (registered in the notifications policy): the
customer hears of decisions; the staff hear of new registrations and profile edit requests to review."""

from __future__ import annotations

from uuid import UUID

from domain.accounts.account import account_id
from domain.accounts.edit_request import ProfileEditRequest
from domain.accounts.registration import Registration
from domain.emails.words import NOTICE_WORDS, language_of, say
from domain.notifications.policy import STAFF, Notice, NoticeContext, Subject, notices, worded
from domain.shared.aggregate import Recorded
from domain.shared.ids import generation_of
from domain.shared.personal import person_name


@notices.register(Registration.Accepted)
def registration_accepted(event: Registration.Accepted, context: NoticeContext) -> Notice | None:
    # The event does not repeat the identity; the registration id is name-based on it, the account's too.
    login = _login_of(event)
    if login is None:
        return None
    # The account opens in the same transaction; its profile names the language the sign-up was made in.
    account = str(login)
    return worded(account, lambda language: _told(event, language), language_of(context.aggregate(account)))


@notices.register(ProfileEditRequest.Approved)
def edit_approved(event: ProfileEditRequest.Approved, context: NoticeContext) -> Notice:
    language = language_of(context.aggregate(event.account_id))
    return worded(event.account_id, lambda each: _told(event, each), language, _edit(event, context))


@notices.register(ProfileEditRequest.Declined)
def edit_declined(event: ProfileEditRequest.Declined, context: NoticeContext) -> Notice:
    language = language_of(context.aggregate(event.account_id))
    reason = event.reason or ""
    return worded(
        event.account_id, lambda each: _told(event, each, reason=reason), language, _edit(event, context)
    )


def _told(event: object, language: str, **values: str) -> tuple[str, str]:
    """The customer's notice of `event` in `language` (contract/email-messages.json `notices`)."""
    said = NOTICE_WORDS[type(event).__qualname__][language]
    return said["title"], said["message"].format(**values)


def _to_staff(title: str, message: str, subject: Subject, **values: str) -> Notice:
    """A notice to every staff member, in each one's language (the catalogue's `words`)."""
    return worded(
        STAFF, lambda language: (say(title, language), say(message, language, **values)), subject=subject
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


def _login_of(event: Registration.Accepted) -> UUID | None:
    """The login the sign-up opened: of the registration's own generation (`registration_id`)."""
    identity = getattr(event, "identity", None)
    generation = generation_of(event.originator_id, "registration", str(identity)) if identity else None
    return None if generation is None else account_id(str(identity), generation)


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
    name = person_name(details.get("firstName"), details.get("lastName"), details.get("name"))
    return _to_staff(
        "staff.newRegistration.title",
        "staff.newRegistration",
        Subject("registration", registration.identity),
        name=name or registration.identity,
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
    return _to_staff(
        "staff.editRequest.title",
        "staff.editRequest",
        Subject("edit_request", request.username),
        username=request.username,
    )
