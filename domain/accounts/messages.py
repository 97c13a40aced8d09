"""Outgoing SMS and e-mail the accounts events call for, built by the messaging policy.

Pure: an event (plus the server secret and the links to the portal's pages) in, messages out. Codes and
tokens are recomputed from the event (see secrets.py); they appear only in the message itself, never in a
log.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from domain.accounts import secrets
from domain.accounts.account import Account
from domain.accounts.registration import CODE_LIFETIME, Registration, needs_verification
from domain.accounts.team import Team, invitation_token
from domain.emails.templates import page_html, text_html
from domain.shared.aggregate import Recorded
from domain.shared.links import Links

SMS = "sms"
EMAIL = "email"


@dataclass(frozen=True)
class Message:
    id: str  # idempotency id: derived from the source event, so one event never sends twice
    channel: str
    to: str
    subject: str
    body: str
    data: dict[str, Any] = field(default_factory=dict)
    html: str | None = None  # an e-mail's HTML part, beside `body` as its plain text

    def as_json(self) -> dict[str, Any]:
        record = asdict(self)
        if record["html"] is None:
            del record["html"]  # an SMS or a plain e-mail keeps the outbox's record as it always was
        return record


class Delivery(Protocol):
    """The delivery port: sends a message once per id, raises when it could not (the caller retries)."""

    def send(self, message: Message) -> None: ...


def message_id(event: Recorded, channel: str) -> str:
    return f"{event.originator_id}:{event.originator_version}:{channel}"


CODE_SENT = (Registration.DetailsSubmitted, Registration.CodeResent)
REGISTRATION_DECLINED = Registration.Declined
PASSWORD_TOKEN_ISSUED = Account.PasswordTokenIssued
# Every event `messages_for` may answer messages for (the messaging policy decodes no other).
TEAM_INVITED = Team.Invited
MESSAGE_EVENTS: tuple[type, ...] = (*CODE_SENT, REGISTRATION_DECLINED, PASSWORD_TOKEN_ISSUED, TEAM_INVITED)


def messages_for(event: object, secret: str, links: Links) -> list[Message]:
    if isinstance(event, CODE_SENT) and event.code_hash:
        code = secrets.verification_code(secret, event.originator_id, event.originator_version)
        minutes = int(CODE_LIFETIME.total_seconds() // 60)
        return [
            Message(
                message_id(event, SMS),
                SMS,
                event.phone,
                "Verification code",
                f"Your freight portal verification code is {code}. It is valid for {minutes} minutes.",
                {"code": code},
            )
        ]
    if isinstance(event, REGISTRATION_DECLINED):
        text = f"Your registration request was declined: {event.reason}"
        if needs_verification(event.kind) and event.phone:
            return [
                Message(
                    message_id(event, SMS),
                    SMS,
                    event.phone,
                    "Registration declined",
                    text,
                    {"identity": event.identity, "message": event.reason},
                )
            ]
        if event.email:
            return [
                Message(
                    message_id(event, EMAIL),
                    EMAIL,
                    event.email,
                    "Registration declined",
                    text,
                    {"identity": event.identity, "message": event.reason},
                    html=text_html("Registration declined", text),
                )
            ]
        return []
    if isinstance(event, PASSWORD_TOKEN_ISSUED) and event.email:
        token = secrets.reset_token(secret, event.originator_id, event.originator_version)
        username = _username(event)
        link = links.set_password(token, username)
        if event.purpose == "create":
            subject = "Your account is ready: set your password"
            # Say what to log in with. The username is the identifier signed up with (a person's national
            # ID, a company's company ID); the event does not carry the kind, so both are named.
            said = (
                f"Your registration was accepted. Your username is {username}: the national ID (for a"
                " person) or the company ID (for a company) you signed up with."
            )
            body = f"{said} Set your password within one hour: {link}"
            html = page_html(
                subject, [said, "Set your password within one hour."], [], (link, "Set your password")
            )
        else:
            subject = "Reset your password"
            body = f"Use this link within one hour to choose a new password: {link}"
            html = page_html(
                subject,
                ["Use this link within one hour to choose a new password."],
                [],
                (link, "Choose a new password"),
            )
        return [
            Message(
                message_id(event, EMAIL),
                EMAIL,
                event.email,
                subject,
                body,
                {"link": link, "token": token, "username": username},
                html=html,
            )
        ]
    if isinstance(event, TEAM_INVITED):
        return [invitation_message(event, secret, links)]
    return []


def invitation_message(event: Team.Invited, secret: str, links: Links) -> Message:
    token = invitation_token(secret, event.originator_id, event.originator_version)
    link = links.team_invitation(token)
    subject = f"{event.company_name} invites you to its freight bookings team"
    said = (
        f"{event.name}, you are invited to join {event.company_name} on the freight booking portal as"
        f" {event.role}. Choose your password within 72 hours; then log in with your e-mail address"
        f" {event.email} as username."
    )
    return Message(
        message_id(event, EMAIL),
        EMAIL,
        event.email,
        subject,
        f"{said} {link}",
        {"link": link, "token": token, "username": event.email},
        html=page_html(subject, [said], [], (link, "Join the team")),
    )


def _username(event: Account.PasswordTokenIssued) -> str:
    return str(getattr(event, "username", "") or "")
