"""Outgoing SMS and e-mail the accounts events call for, built by the messaging policy.

Pure: an event (plus the server secret and the links to the portal's pages) in, messages out. Codes and
tokens are recomputed from the event (see secrets.py); they appear only in the message itself, never in a
log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol
from uuid import UUID

from domain.accounts import secrets
from domain.accounts.account import Account
from domain.accounts.registration import CODE_LIFETIME, Registration, needs_verification
from domain.accounts.team import INVITATION_LIFETIME, Team, invitation_token
from domain.emails.templates import page_html, text_html
from domain.emails.words import WORDS, digits, isolated, say
from domain.emails.words import language_of as account_language
from domain.shared.aggregate import Recorded
from domain.shared.languages import DEFAULT, supported
from domain.shared.links import Links
from domain.shared.personal import is_erased

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

    @property
    def deliverable(self) -> bool:
        """False when it is addressed to an erased person: their address reads as the marker (an event
        recorded, or read, after the erasure), and nothing is sent to them again."""
        return not is_erased(self.to)

    def as_json(self) -> dict[str, Any]:
        record = asdict(self)
        if record["html"] is None:
            del record["html"]  # an SMS or a plain e-mail keeps the outbox's record as it always was
        return record

    @classmethod
    def of(
        cls,
        event: Recorded,
        channel: str,
        to: str,
        subject: str,
        body: str,
        data: dict[str, Any],
        html: str | None = None,
    ) -> Message:
        """`event`'s one message on `channel` (its id derived from the event: never sent twice)."""
        return cls(message_id(event, channel), channel, to, subject, body, data, html=html)


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


Languages = Callable[[Any], str]


def _english(_: Any) -> str:
    return DEFAULT


def messages_for(
    event: object, secret: str, links: Links, language_of: Languages = _english
) -> list[Message]:
    """The messages `event` calls for, in the reader's language: `language_of(event)` names it (the
    messaging policy reads the sign-up's or the account's; see `languages_read`)."""
    if isinstance(event, CODE_SENT) and event.code_hash:
        language = language_of(event)
        code = secrets.verification_code(secret, event.originator_id, event.originator_version)
        minutes = digits(str(int(CODE_LIFETIME.total_seconds() // 60)), language)
        return [
            Message.of(
                event,
                SMS,
                event.phone,
                say("account.code.subject", language),
                # The code keeps Latin digits, as references and links do: it is typed or pasted back.
                say("account.code", language, code=isolated(code, language), minutes=minutes),
                {"code": code},
            )
        ]
    if isinstance(event, REGISTRATION_DECLINED):
        language = language_of(event)
        subject = say("account.declined.subject", language)
        text = say("account.declined", language, reason=event.reason or "")
        facts = {"identity": event.identity, "message": event.reason}
        if needs_verification(event.kind) and event.phone:
            return [Message.of(event, SMS, event.phone, subject, text, facts)]
        if event.email:
            return [
                Message.of(
                    event, EMAIL, event.email, subject, text, facts, text_html(subject, text, language)
                )
            ]
        return []
    if isinstance(event, PASSWORD_TOKEN_ISSUED) and event.email:
        language = language_of(event)
        token = secrets.reset_token(secret, event.originator_id, event.originator_version)
        username = _username(event)
        link = links.set_password(token, username)
        if event.purpose == "create":
            subject = say("account.created.subject", language)
            # Say what to log in with. The username is the identifier signed up with (a person's national
            # ID, a company's company ID); the event does not carry the kind, so both are named.
            said = say("account.created.username", language, username=isolated(username, language))
            body = f"{said} {say('account.created.link', language, link=link)}"
            paragraphs = [said, say("account.created.within", language)]
            html = page_html(
                subject, paragraphs, [], (link, say("account.created.action", language)), language=language
            )
        else:
            subject = say("account.reset.subject", language)
            body = say("account.reset.link", language, link=link)
            html = page_html(
                subject,
                [say("account.reset.within", language)],
                [],
                (link, say("account.reset.action", language)),
                language=language,
            )
        facts = {"link": link, "token": token, "username": username}
        return [Message.of(event, EMAIL, event.email, subject, body, facts, html)]
    if isinstance(event, TEAM_INVITED):
        return [invitation_message(event, secret, links, language_of(event))]
    return []


def languages_read(event: object) -> Any:
    """The aggregate whose language `messages_for` speaks for `event` (None: the event says it, or
    English): the sign-up for its own messages (the language it was made in, kept in its details), the
    account for its password links, the inviting company's account for an invitation (the colleague has
    no account yet)."""
    if isinstance(event, (Registration.CodeResent, REGISTRATION_DECLINED)):
        return event.originator_id
    if isinstance(event, PASSWORD_TOKEN_ISSUED):
        return event.originator_id
    if isinstance(event, TEAM_INVITED):
        return UUID(event.company_id)
    return None


def language_in(event: object, aggregate: Any) -> str:
    """The language of `event`'s messages, given the aggregate `languages_read` names (or None)."""
    if isinstance(event, Registration.DetailsSubmitted):
        return supported(event.details.get("language")) or DEFAULT
    if isinstance(aggregate, Registration):
        return supported(aggregate.details.get("language")) or DEFAULT
    return account_language(aggregate) if aggregate is not None else DEFAULT


def invitation_message(event: Team.Invited, secret: str, links: Links, language: str = DEFAULT) -> Message:
    token = invitation_token(secret, event.originator_id, event.originator_version)
    link = links.team_invitation(token)
    company = isolated(event.company_name, language) if language == "fa" else event.company_name
    subject = say("account.invited.subject", language, company=event.company_name)
    said = say(
        "account.invited",
        language,
        name=event.name,
        company=company,
        role=say(f"role.{event.role}", language) if f"role.{event.role}" in WORDS else event.role,
        hours=digits(str(int(INVITATION_LIFETIME.total_seconds() // 3600)), language),
        email=isolated(event.email, language),
    )
    return Message.of(
        event,
        EMAIL,
        event.email,
        subject,
        f"{said} {link}",
        {"link": link, "token": token, "username": event.email},
        html=page_html(
            subject, [said], [], (link, say("account.invited.action", language)), language=language
        ),
    )


def _username(event: Account.PasswordTokenIssued) -> str:
    return str(getattr(event, "username", "") or "")
