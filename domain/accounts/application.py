"""Command side of the accounts context: staff accounts, registrations, passwords, profile edit requests."""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.accounts import forms
from domain.accounts.account import INVALID_TOKEN, STAFF_ACCOUNT_TYPE, Account, account_id
from domain.accounts.edit_request import ProfileEditRequest, edit_request_id
from domain.accounts.passwords import hash_password, password_matches
from domain.accounts.registration import USER_EXIST, WRONG_CODE, Registration, registration_id
from domain.emails.templates import KINDS
from domain.shared.actor import ADMIN, CUSTOMER, SYSTEM_ACTOR, Actor
from domain.shared.application import ContextApplication
from domain.shared.errors import AlreadyExists, Conflict, NotFound, TooManyAttempts, ValidationFailed
from domain.shared.messages import message

T = TypeVar("T")
CUSTOMER_ROLES = [CUSTOMER]


class AccountsApplication(ContextApplication):
    name = "accounts"

    def __init__(self, store: Any, secret: str = "") -> None:
        super().__init__(store)
        # Codes and reset tokens are derived from this secret (see domain/accounts/secrets.py).
        self.secret = secret

    # -- staff ------------------------------------------------------------------------------------------
    def create_staff(self, username: str, password: str, roles: list[str], actor: Actor) -> int:
        account = Account.open(username, STAFF_ACCOUNT_TYPE, roles, {}, actor)
        account.set_password(hash_password(password), actor)
        try:
            return self.record(account)
        except Conflict as error:
            raise AlreadyExists("User Exist") from error

    def ensure_admin(self, username: str, password: str, actor: Actor) -> int | None:
        """The first admin from the settings; a no-op when that account exists already."""
        if self.exists(account_id(username)):
            return None
        try:
            return self.create_staff(username, password, [ADMIN], actor)
        except (AlreadyExists, Conflict):  # another process (a second API worker) created it just now
            return None

    def exists(self, aggregate_id: UUID) -> bool:
        return bool(self.recorder.select_events(aggregate_id, limit=1))

    def _load(self, aggregate_id: UUID, kind: type[T], missing: str) -> T:
        try:
            aggregate: object = self.repository.get(aggregate_id)
        except AggregateNotFoundError as error:
            raise NotFound(missing) from error
        if not isinstance(aggregate, kind):
            raise NotFound(missing)
        return aggregate

    def _secret(self) -> str:
        if not self.secret:
            raise RuntimeError("AccountsApplication needs the server secret for codes and tokens")
        return self.secret

    # -- registration -----------------------------------------------------------------------------------
    def _registration(self, identity: str, kind: int | None = None) -> Registration:
        registration = self._load(registration_id(identity), Registration, "Registration request not found")
        if kind is not None and registration.kind != kind:
            raise NotFound("Registration request not found")
        return registration

    def start_registration(
        self, kind: int, identity: str, phone: str, actor: Actor
    ) -> tuple[int, int | None]:
        """Answers (firstStep, position of the recorded event or None when nothing changed)."""
        if self.exists(account_id(identity)):
            raise AlreadyExists(USER_EXIST)
        if not self.exists(registration_id(identity)):
            registration = Registration.start(identity, kind, phone, actor)
            return kind, self.record(registration)
        registration = self._registration(identity)
        step = registration.begin_again(kind, phone, actor)
        if step == 4:
            return step, None
        return step, self.record(registration)

    def finalize_registration(
        self, kind: int, identity: str, details: dict[str, Any], now: datetime, actor: Actor
    ) -> tuple[Registration, int]:
        if self.exists(account_id(identity)):
            raise AlreadyExists(USER_EXIST)
        if not self.exists(registration_id(identity)):
            raise NotFound("Start the sign-up first")
        registration = self._registration(identity)
        registration.submit_details(kind, details, self._secret(), now, actor)
        return registration, self.record(registration)

    def resend_code(self, kind: int, identity: str, phone: str, now: datetime, actor: Actor) -> int | None:
        """A new code when a sign-up of this kind awaits one for this phone and the last code is old enough;
        otherwise nothing, silently (None): the caller answers every id alike, so nobody learns from it
        which national ids are signing up."""
        try:
            registration = self._registration(identity, kind)
        except NotFound:
            return None
        if registration.state != "details_submitted" or phone != registration.phone:
            return None
        try:
            registration.resend_code(phone, self._secret(), now, actor)
        except TooManyAttempts:  # too soon after the last code
            return None
        return self.record(registration)

    def verify_registration(self, kind: int, identity: str, code: str, now: datetime, actor: Actor) -> int:
        """The phone verified; every failure (no such sign-up, another kind or state, a wrong, expired or
        spent code) answers as a wrong code, so the answer tells nothing about the id."""
        wrong = ValidationFailed({"code": WRONG_CODE}, WRONG_CODE)
        try:
            registration = self._registration(identity, kind)
        except NotFound:
            raise wrong from None
        if registration.state != "details_submitted":
            raise wrong
        try:
            matched = registration.verify(code, now, actor)
        except (TooManyAttempts, ValidationFailed):
            raise wrong from None
        position = self.record(registration)
        if not matched:
            raise wrong
        return position

    def accept_registration(self, kind: int, identity: str, now: datetime, actor: Actor) -> int:
        """Accepting opens the customer account and issues its create-password link, in one transaction."""
        registration = self._registration(identity, kind)
        registration.accept(actor)
        account = Account.open(identity, kind, CUSTOMER_ROLES, registration.details, actor)
        account.issue_password_token(self._secret(), now, "create", actor)
        try:
            return self.record(registration, account)
        except Conflict as error:
            raise AlreadyExists(USER_EXIST) from error

    def decline_registration(self, identity: str, message: str, actor: Actor) -> int:
        registration = self._registration(identity)
        registration.decline(forms.decline_message(message), actor)
        return self.record(registration)

    # -- passwords --------------------------------------------------------------------------------------
    def request_password_reset(self, username: str, now: datetime) -> int | None:
        """Issue a reset link when `username` is a customer with an e-mail; otherwise nothing, silently."""
        if not self.exists(account_id(username)):
            return None
        account = self._load(account_id(username), Account, "Account not found")
        if not account.is_customer or not account.profile.get("email"):
            return None
        account.issue_password_token(self._secret(), now, "reset", SYSTEM_ACTOR)
        return self.record(account)

    def reset_password(self, username: str, token: str, password: str, now: datetime) -> int:
        invalid = ValidationFailed({"token": INVALID_TOKEN}, INVALID_TOKEN)  # as the account's own refusal
        if not self.exists(account_id(username)):
            hash_password(password)  # the work a known id does before its token is checked (no timing oracle)
            raise invalid
        account = self._load(account_id(username), Account, "Account not found")
        account.reset_password(token, hash_password(password), now, Actor(str(account.id), CUSTOMER))
        return self.record(account)

    def change_password(self, account: UUID | str, current: str, new: str, actor: Actor) -> int:
        loaded = self._load(UUID(str(account)), Account, "Account not found")
        if not password_matches(loaded.password_hash, current):
            raise ValidationFailed({"current_password": message("accounts.currentPassword.incorrect")})
        loaded.set_password(hash_password(new), actor, "password changed")
        return self.record(loaded)

    def end_sessions(self, account: UUID | str, actor: Actor) -> int:
        loaded = self._load(UUID(str(account)), Account, "Account not found")
        loaded.end_sessions(actor)
        return self.record(loaded)

    def set_email_preferences(self, account: UUID | str, muted: list[str], actor: Actor) -> int | None:
        """Turn kinds of booking e-mail off (the rest on); None when nothing changes."""
        unknown = sorted(set(muted) - set(KINDS))
        if unknown:
            raise ValidationFailed({"muted": f"Unknown kind of e-mail: {', '.join(unknown)}"})
        loaded = self.customer(account)
        if not loaded.set_email_preferences(muted, actor):
            return None
        return self.record(loaded)

    # -- profile edit requests --------------------------------------------------------------------------
    def customer(self, account: UUID | str) -> Account:
        loaded = self._load(UUID(str(account)), Account, "Account not found")
        if not loaded.is_customer:
            raise NotFound("Customer not found")
        return loaded

    def request_profile_edit(self, account: UUID | str, form: forms.ProfileForm, actor: Actor) -> int | None:
        """Open (or replace) the account's pending edit request; None when nothing would change."""
        customer = self.customer(account)
        wanted = forms.profile_update(customer.account_type, form, customer.profile)
        edited = {k: v for k, v in wanted.items() if v != customer.profile.get(k, "")}
        if not edited:
            return None
        request_id = edit_request_id(customer.id)
        if not self.exists(request_id):
            request = ProfileEditRequest.open(
                str(customer.id), customer.username, customer.account_type, edited, actor
            )
        else:
            request = self._load(request_id, ProfileEditRequest, "Edit request not found")
            if not request.request(edited, actor):
                return None
        return self.record(request)

    def _edit_request(self, username: str) -> ProfileEditRequest:
        missing = "No edit request for this customer"
        if not self.exists(edit_request_id(account_id(username))):
            raise NotFound(missing)
        return self._load(edit_request_id(account_id(username)), ProfileEditRequest, missing)

    def approve_profile_edit(self, username: str, actor: Actor) -> int:
        request = self._edit_request(username)
        request.approve(actor)
        customer = self.customer(request.account_id)
        customer.update_profile(request.edited, str(request.id), actor)
        return self.record(request, customer)

    def decline_profile_edit(self, username: str, message: str, actor: Actor) -> int:
        request = self._edit_request(username)
        request.decline(forms.decline_message(message), actor)
        return self.record(request)
