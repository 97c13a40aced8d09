"""The Registration aggregate: one per identity number (national id or company id), through its lifecycle.

started -> details_submitted (code sent by SMS) -> pending (verified; foreign companies skip the code)
-> accepted | declined; a declined applicant may start again on the same aggregate.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.accounts import secrets
from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, INDIVIDUAL
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, LifecycleAggregate, audit_fields
from domain.shared.errors import AlreadyExists, Conflict, TooManyAttempts, ValidationFailed, decided_first
from domain.shared.ids import name_based_id
from domain.shared.messages import message
from domain.shared.reasons import system_reason

CODE_LIFETIME = timedelta(minutes=10)
RESEND_COOLDOWN = timedelta(seconds=120)
MAX_WRONG_TRIES = 5
KINDS = {INDIVIDUAL: "individual", DOMESTIC_COMPANY: "domestic company", FOREIGN_COMPANY: "foreign company"}
USER_EXIST = "User Exist"
SIGN_UP_ERASED = "The sign-up's personal data was erased already"
SIGN_UP_OPENED_LOGIN = "This sign-up opened a login: erase the customer's account"
SIGN_UP_AWAITS_DECISION = "This sign-up waits for staff: accept or decline it first"
WRONG_CODE = message("accounts.code.wrong")


def registration_id(identity: str, generation: int = 0) -> UUID:
    """A sign-up's id: generation n opens the login of the same generation (`account_id`)."""
    return name_based_id("registration", identity, generation)


def needs_verification(kind: int) -> bool:
    return kind in (INDIVIDUAL, DOMESTIC_COMPANY)


class Registration(LifecycleAggregate):
    machine = "registration"
    # Set by `PersonalDataErased` (decision 3892): the sign-up names no one, its identity number is free.
    erased = False

    @staticmethod
    def create_id(identity: str, **_: Any) -> UUID:
        return registration_id(identity)

    class Started(ActorCreated):
        # The applicant acts as a visitor named by their identity number: the actor is personal too.
        personal_fields = ("identity", "phone", "actor_id")
        personal_identifiers = ("identity",)

        identity: str
        kind: int
        phone: str
        state: str

    @event(Started)
    def __init__(
        self,
        identity: str,
        kind: int,
        phone: str,
        state: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.identity = identity
        self._begin(kind, phone, state)

    def _begin(self, kind: int, phone: str, state: str) -> None:
        self.kind = kind
        self.phone = phone
        self.state = state
        self.details: dict[str, Any] = {}
        self.code_hash: str | None = None
        self.code_issued_at: datetime | None = None
        self.wrong_tries = 0
        self.decline_message: str | None = None
        # Who accepted or declined it, and when: a colleague's later decision is refused naming them.
        self.decided_by: str | None = None
        self.decided_at: datetime | None = None

    def _decided(self, event: ActorEvent) -> None:
        self.decided_by = event.actor_id
        self.decided_at = event.timestamp

    # -- start ------------------------------------------------------------------------------------------
    @classmethod
    def start(cls, identity: str, kind: int, phone: str, actor: Actor, generation: int = 0) -> Registration:
        dest = cls._first("start", actor)
        return cls._create(
            cls.Started,
            id=registration_id(identity, generation),
            identity=identity,
            kind=kind,
            phone=phone,
            state=dest,
            **audit_fields(actor, system_reason("signUpStarted")),
        )

    class Restarted(ActorEvent):
        # The applicant acts as a visitor named by their identity number: the actor is personal too.
        personal_fields = ("phone", "actor_id")

        kind: int
        phone: str
        state: str

        def apply(self, aggregate: Registration) -> None:
            aggregate._begin(self.kind, self.phone, self.state)

    def begin_again(self, kind: int, phone: str, actor: Actor) -> int:
        """The start call on an existing registration: answers the sign-up step the client shows next.

        4 (verification only) when details are in and the code is pending; refuses a number that is pending
        review or accepted; otherwise starts over (also after a decline).
        """
        if self.state in ("pending", "accepted"):
            raise AlreadyExists(USER_EXIST)
        if self.state == "details_submitted":
            if kind != self.kind:
                raise Conflict("A sign-up of another type awaits verification for this number")
            self._next("resume", actor)
            return 4
        dest = self._next("start", actor)
        self._record(
            self.Restarted,
            audit_fields(actor, system_reason("signUpStartedAgain")),
            kind=kind,
            phone=phone,
            state=dest,
        )
        return kind

    # -- details ----------------------------------------------------------------------------------------
    class DetailsSubmitted(ActorEvent):
        # The applicant acts as a visitor named by their identity number: the actor is personal too.
        personal_fields = ("details", "phone", "actor_id")

        details: dict[str, Any]
        phone: str
        code_hash: str | None
        code_issued_at: datetime | None
        state: str

        def apply(self, aggregate: Registration) -> None:
            aggregate.details = dict(self.details)
            aggregate.phone = self.phone
            aggregate.code_hash = self.code_hash
            aggregate.code_issued_at = self.code_issued_at
            aggregate.wrong_tries = 0
            aggregate.state = self.state

    def submit_details(
        self, kind: int, details: dict[str, Any], secret: str, now: datetime, actor: Actor
    ) -> None:
        if self.state in ("pending", "accepted"):
            raise AlreadyExists(USER_EXIST)
        if kind != self.kind:
            raise Conflict(
                f"This number started a {KINDS[self.kind]} sign-up; start again to change the type"
            )
        verify = needs_verification(kind)
        if verify and self.state == "details_submitted":
            self._cooldown(now)
        dest = self._next("submit_details", actor, needs_verification=verify, skips_verification=not verify)
        code_hash = None
        if verify:
            code_hash = secrets.digest(secrets.verification_code(secret, self.id, self.version + 1))
        self._record(
            self.DetailsSubmitted,
            audit_fields(actor, system_reason("detailsSubmitted")),
            details=details,
            phone=str(details.get("phone", "")),
            code_hash=code_hash,
            code_issued_at=now if verify else None,
            state=dest,
        )

    # -- code -------------------------------------------------------------------------------------------
    def _cooldown(self, now: datetime) -> None:
        if self.code_issued_at is not None and now - self.code_issued_at < RESEND_COOLDOWN:
            wait = RESEND_COOLDOWN - (now - self.code_issued_at)
            raise TooManyAttempts("Wait before asking for a new code", max(1, int(wait.total_seconds()) + 1))

    class CodeResent(ActorEvent):
        # The applicant acts as a visitor named by their identity number: the actor is personal too.
        personal_fields = ("phone", "actor_id")

        phone: str
        code_hash: str
        code_issued_at: datetime

        def apply(self, aggregate: Registration) -> None:
            aggregate.code_hash = self.code_hash
            aggregate.code_issued_at = self.code_issued_at
            aggregate.wrong_tries = 0

    def resend_code(self, phone: str, secret: str, now: datetime, actor: Actor) -> None:
        if self.state == "details_submitted" and phone != self.phone:
            raise ValidationFailed({"phone": message("accounts.phone.notSignUp")})
        cooled = self.code_issued_at is None or now - self.code_issued_at >= RESEND_COOLDOWN
        if self.state == "details_submitted" and not cooled:
            self._cooldown(now)
        self._next("resend_code", actor, cooldown_passed=cooled)
        code = secrets.verification_code(secret, self.id, self.version + 1)
        self._record(
            self.CodeResent,
            audit_fields(actor, system_reason("codeResent")),
            phone=self.phone,
            code_hash=secrets.digest(code),
            code_issued_at=now,
        )

    class CodeRejected(ActorEvent):
        personal_fields = ("actor_id",)

        wrong_tries: int

        def apply(self, aggregate: Registration) -> None:
            aggregate.wrong_tries = self.wrong_tries

    class Verified(ActorEvent):
        personal_fields = ("actor_id",)

        state: str

        def apply(self, aggregate: Registration) -> None:
            aggregate.state = self.state
            aggregate.code_hash = None

    def verify(self, code: str, now: datetime, actor: Actor) -> bool:
        """True when the code matches (the registration goes to review); False records a wrong try."""
        if self.state != "details_submitted":
            self._next("verify", actor, code_matches=False)  # names the illegal transition
        if self.code_hash is None or self.wrong_tries >= MAX_WRONG_TRIES:
            raise TooManyAttempts("Too many wrong codes; request a new code")
        assert self.code_issued_at is not None
        if now - self.code_issued_at > CODE_LIFETIME:
            raise ValidationFailed({"code": message("accounts.code.expired")})
        if not secrets.matches(code, self.code_hash):
            self._record(
                self.CodeRejected,
                audit_fields(actor, system_reason("wrongCode")),
                wrong_tries=self.wrong_tries + 1,
            )
            return False
        dest = self._next("verify", actor, code_matches=True)
        self._record(self.Verified, audit_fields(actor, system_reason("phoneVerified")), state=dest)
        return True

    # -- review -----------------------------------------------------------------------------------------
    class Accepted(ActorEvent):
        personal_fields = ("identity",)
        personal_identifiers = ("identity",)

        identity: str
        kind: int
        state: str

        def apply(self, aggregate: Registration) -> None:
            aggregate.state = self.state
            aggregate._decided(self)

    def accept(self, actor: Actor) -> None:
        with decided_first(self.decided_by, self.decided_at):
            dest = self._next("accept", actor)
        self._record(
            self.Accepted,
            audit_fields(actor, system_reason("registrationAccepted")),
            identity=self.identity,
            kind=self.kind,
            state=dest,
        )

    class Declined(ActorEvent):
        personal_fields = ("identity", "phone", "email")
        personal_identifiers = ("identity",)

        identity: str
        kind: int
        phone: str
        email: str
        state: str

        def apply(self, aggregate: Registration) -> None:
            aggregate.state = self.state
            aggregate.decline_message = self.reason
            aggregate._decided(self)

    def decline(self, message: str, actor: Actor) -> None:
        with decided_first(self.decided_by, self.decided_at):
            dest = self._next("decline", actor, has_message=bool(message))
        self._record(
            self.Declined,
            audit_fields(actor, message),
            identity=self.identity,
            kind=self.kind,
            phone=self.phone,
            email=str(self.details.get("email", "")),
            state=dest,
        )

    # -- erasure ----------------------------------------------------------------------------------------
    class PersonalDataErased(ActorEvent):
        """The applicant's data keys were destroyed (decision 3892): a sign-up that opened no login, declined
        or never finished. Who erased and why are the audit fields; its states and times stay."""

        def apply(self, aggregate: Registration) -> None:
            aggregate.erased = True

    def erase_personal_data(self, reason: str, actor: Actor) -> None:
        if self.erased:
            raise Conflict(SIGN_UP_ERASED)
        if self.state == "accepted":  # its data is the customer's now, erased with her account
            raise Conflict(SIGN_UP_OPENED_LOGIN)
        if self.state == "pending":  # staff decide it first, and the applicant is told
            raise Conflict(SIGN_UP_AWAITS_DECISION)
        self._record(self.PersonalDataErased, audit_fields(actor, reason))
