"""The Account aggregate: a person or company that may log in, or a staff member."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.accounts import secrets
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, DomainAggregate, audit_fields
from domain.shared.errors import Conflict, ValidationFailed
from domain.shared.ids import name_based_id
from domain.shared.messages import message
from domain.shared.personal import is_erased
from domain.shared.reasons import system_reason

PASSWORD_SCHEME = "argon2id"

STAFF_ACCOUNT_TYPE = 0
INDIVIDUAL = 1
DOMESTIC_COMPANY = 2
FOREIGN_COMPANY = 3
CUSTOMER_TYPES = (INDIVIDUAL, DOMESTIC_COMPANY, FOREIGN_COMPANY)
RESET_TOKEN_LIFETIME = timedelta(hours=1)
INVALID_TOKEN = message("accounts.resetLink.invalid")
# A profile's fields that are no one's personal data (decision 3883): the language the person reads in, and
# the company a colleague's login belongs to (an id, naming no one). Kept in clear beside the sealed ones.
NOT_PERSONAL = ("language", "company_id")


def account_id(username: str, generation: int = 0) -> UUID:
    """The login's id: the name's first login is generation 0; each erasure of the name's login frees the
    name for a login of the next generation (a new id, a new data key)."""
    return name_based_id("account", username, generation)


def a_company_s_own(account_type: int, company_id: str, login: str) -> bool:
    """Whether a login is a company's own, its profile's `name` the company's: a domestic or foreign
    company's, not a colleague's login in its team (which carries the company's type and, in its profile,
    the company's id), nor an individual's or a staff member's (a person's name)."""
    return account_type in (DOMESTIC_COMPANY, FOREIGN_COMPANY) and company_id in ("", login)


def retired_username(username: str, login: UUID | str) -> str:
    """A retired login's name as the read models keep it: unique beside the login of the next generation (the
    same name), and nobody's to sign in with. An erased name stays as erased."""
    if is_erased(username):
        return username
    return f"{username} (retired {str(login).replace('-', '')[:12]})"


class Account(DomainAggregate):
    @staticmethod
    def create_id(username: str, **_: Any) -> UUID:
        return account_id(username)

    class Opened(ActorCreated):
        personal_fields = ("username", "profile")
        personal_identifiers = ("username",)
        clear_fields = tuple(f"profile.{field}" for field in NOT_PERSONAL)

        username: str
        account_type: int
        roles: list[str]
        profile: dict[str, Any]

    @event(Opened)
    def __init__(
        self,
        username: str,
        account_type: int,
        roles: list[str],
        profile: dict[str, Any],
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.username = username
        self.account_type = account_type
        self.roles = list(roles)
        self.profile = dict(profile)
        self.password_hash: str | None = None
        self.reset_token_hash: str | None = None
        self.reset_token_issued_at: datetime | None = None
        self.muted_emails: list[str] = []
        self.language: str | None = None
        # Set with the first password (`PasswordSet`).
        self.password_scheme: str | None = None
        self.erased = False
        self.retired = False

    @classmethod
    def open(
        cls,
        username: str,
        account_type: int,
        roles: list[str],
        profile: dict[str, Any],
        actor: Actor,
        login_id: UUID | None = None,
    ) -> Account:
        """`login_id`: the id of a later generation (the name's earlier login erased); else the first."""
        return cls._create(
            cls.Opened,
            id=login_id or account_id(username),
            username=username,
            account_type=account_type,
            roles=roles,
            profile=profile,
            **audit_fields(actor),
        )

    class PasswordSet(ActorEvent):
        """Version 2 names the hashing scheme, so that a future change of scheme can tell old hashes apart.

        Version 1 events (before the field existed) were all argon2id: the upcaster says so.
        """

        class_version = 2
        password_hash: str
        scheme: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["scheme"] = "argon2id"

        def apply(self, aggregate: Account) -> None:
            aggregate.password_hash = self.password_hash
            aggregate.password_scheme = self.scheme
            # Any new password spends every outstanding reset link: tokens are single use.
            aggregate.reset_token_hash = None
            aggregate.reset_token_issued_at = None

    def set_password(self, password_hash: str, actor: Actor, reason: str | None = None) -> None:
        if self.erased or self.retired:
            raise ValidationFailed({"token": INVALID_TOKEN}, INVALID_TOKEN)
        self._record(
            self.PasswordSet,
            audit_fields(actor, reason),
            password_hash=password_hash,
            scheme=PASSWORD_SCHEME,
        )

    @property
    def must_set_password(self) -> bool:
        """An account opened by an accepted registration logs in only after its first password is set."""
        return self.password_hash is None

    @property
    def is_customer(self) -> bool:
        return self.account_type in CUSTOMER_TYPES

    class SessionsEnded(ActorEvent):
        """Every session of the account ended: who ended them and why is all it says."""

        def apply(self, aggregate: Account) -> None:
            """Nothing of the aggregate changes: the read model keeps the event's position as the account's
            session watermark (`projections/accounts.py`)."""

    def end_sessions(self, actor: Actor) -> None:
        """Log out everywhere: every token issued before this event is refused (like a new password)."""
        self._record(self.SessionsEnded, audit_fields(actor, system_reason("sessionsEnded")))

    class LoggedOut(ActorEvent):
        """One session of the account ended by its holder's log-out: who logged out when, for the audit. The
        doors refuse the session's token from the shared `session_logouts` table (api/edge/sessions.py,
        decision 3901), which no read model rebuilds; the other sessions go on."""

        def apply(self, aggregate: Account) -> None:
            """Nothing of the aggregate changes."""

    def log_out(self, actor: Actor) -> None:
        self._record(self.LoggedOut, audit_fields(actor, system_reason("loggedOut")))

    class Retired(ActorEvent):
        """A colleague's login retired with his removal from the company's team it was opened for: it opens
        nothing from now on (no sign-in, session, API key or reset link), and keeps what was done with it.
        His address is free for a login of the next generation, opened when a team invites him again
        (decision 3826)."""

        def apply(self, aggregate: Account) -> None:
            aggregate.retired = True
            aggregate.password_hash = None
            aggregate.reset_token_hash = None
            aggregate.reset_token_issued_at = None

    def retire(self, actor: Actor, reason: str) -> bool:
        """False (nothing recorded) when the login was retired or erased already."""
        if self.retired or self.erased:
            return False
        self._record(self.Retired, audit_fields(actor, reason))
        return True

    # -- reset links ------------------------------------------------------------------------------------
    class PasswordTokenIssued(ActorEvent):
        personal_fields = ("username", "email")
        personal_identifiers = ("username",)

        token_hash: str
        issued_at: datetime
        purpose: str
        username: str
        email: str

        def apply(self, aggregate: Account) -> None:
            aggregate.reset_token_hash = self.token_hash
            aggregate.reset_token_issued_at = self.issued_at

    def issue_password_token(self, secret: str, now: datetime, purpose: str, actor: Actor) -> None:
        """A link to set a password (`create` on acceptance, `reset` on request), e-mailed by a policy.

        The token is derived from the secret and this event's version; the event keeps only its hash.
        """
        if self.erased or self.retired:
            return  # an erased person has no address to send a link to; neither may sign in again
        token = secrets.reset_token(secret, self.id, self.version + 1)
        self._record(
            self.PasswordTokenIssued,
            audit_fields(actor, system_reason("passwordLink", purpose=purpose)),
            token_hash=secrets.digest(token),
            issued_at=now,
            purpose=purpose,
            username=self.username,
            email=str(self.profile.get("email", "")),
        )

    def reset_password(self, token: str, password_hash: str, now: datetime, actor: Actor) -> None:
        issued = self.reset_token_issued_at
        if issued is None or not secrets.matches(token, self.reset_token_hash):
            raise ValidationFailed({"token": INVALID_TOKEN}, INVALID_TOKEN)
        if now - issued > RESET_TOKEN_LIFETIME:
            raise ValidationFailed({"token": INVALID_TOKEN}, INVALID_TOKEN)
        self.set_password(password_hash, actor, system_reason("passwordSetWithResetLink"))

    # -- e-mail preferences -----------------------------------------------------------------------------
    class EmailPreferencesSet(ActorEvent):
        muted: list[str]

        def apply(self, aggregate: Account) -> None:
            aggregate.muted_emails = list(self.muted)

    def set_email_preferences(self, muted: list[str], actor: Actor) -> bool:
        """The kinds of booking e-mail the customer turned off (domain/emails/templates.py); False when
        nothing changes."""
        wanted = sorted(set(muted))
        if wanted == sorted(self.muted_emails):
            return False
        self._record(
            self.EmailPreferencesSet,
            audit_fields(actor, system_reason("emailPreferencesChanged")),
            muted=wanted,
        )
        return True

    # -- language -------------------------------------------------------------------------------------
    class LanguageChosen(ActorEvent):
        """The language the person reads the portal, its e-mails and notifications in (domain/shared/
        languages.py): any signed-in person's own choice, customer, staff or auditor alike."""

        language: str

        def apply(self, aggregate: Account) -> None:
            aggregate.language = self.language

    def choose_language(self, language: str, actor: Actor) -> bool:
        """False when the language is already the account's choice."""
        if getattr(self, "language", None) == language:
            return False
        self._record(
            self.LanguageChosen, audit_fields(actor, system_reason("languageChosen")), language=language
        )
        return True

    # -- profile ----------------------------------------------------------------------------------------
    class ProfileUpdated(ActorEvent):
        personal_fields = ("values",)
        clear_fields = tuple(f"values.{field}" for field in NOT_PERSONAL)

        values: dict[str, Any]
        request_id: str

        def apply(self, aggregate: Account) -> None:
            aggregate.profile = {**aggregate.profile, **self.values}

    def update_profile(
        self,
        values: dict[str, Any],
        request_id: str,
        actor: Actor,
        reason: str = system_reason("profileEditRequestApproved"),
    ) -> None:
        """Applies an approved edit request's values (or a team member's own name, phone and language)."""
        self._record(
            self.ProfileUpdated,
            audit_fields(actor, reason),
            values=dict(values),
            request_id=request_id,
        )

    # -- erasure ----------------------------------------------------------------------------------------
    class PersonalDataErased(ActorEvent):
        """The person's data keys were destroyed: every personal field of theirs reads as erased from now on.

        Who erased and why are the audit fields; the account stays (its business history stays), but it may
        never sign in again and every session and key it had ends with this event."""

        def apply(self, aggregate: Account) -> None:
            aggregate.erased = True
            aggregate.password_hash = None
            aggregate.reset_token_hash = None
            aggregate.reset_token_issued_at = None

    def erase_personal_data(self, reason: str, actor: Actor) -> None:
        if self.erased:
            raise Conflict("The account's personal data was erased already")
        self._record(self.PersonalDataErased, audit_fields(actor, reason))
