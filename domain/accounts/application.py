"""Command side of the accounts context: staff accounts, registrations, passwords, profile edit requests."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.accounts import forms
from domain.accounts.account import (
    DOMESTIC_COMPANY,
    FOREIGN_COMPANY,
    INVALID_TOKEN,
    STAFF_ACCOUNT_TYPE,
    Account,
    account_id,
)
from domain.accounts.edit_request import ProfileEditRequest, edit_request_id
from domain.accounts.passwords import PRODUCTION_COST, Passwords
from domain.accounts.registration import USER_EXIST, WRONG_CODE, Registration, registration_id
from domain.accounts.team import ADDRESS_TAKEN, INVALID_INVITATION, Member, Team, role_of, team_id
from domain.emails.templates import KINDS
from domain.shared.actor import ADMIN, CUSTOMER, SYSTEM_ACTOR, Actor
from domain.shared.application import ContextApplication, decided_afresh
from domain.shared.errors import AlreadyExists, Conflict, NotFound, TooManyAttempts, ValidationFailed
from domain.shared.ids import GENERATIONS, generation_of
from domain.shared.languages import supported
from domain.shared.messages import message
from domain.shared.personal import member_subject
from domain.shared.reasons import system_reason

T = TypeVar("T")
CUSTOMER_ROLES = [CUSTOMER]
# The audit trail's reason on a colleague's login erased with the company (the company's reason follows).
MEMBER_ERASED = system_reason("removedWithErasure")
# ... on a colleague's login retired with his removal from the team it was opened for (decision 3826).
LOGIN_RETIRED = system_reason("loginRetired")


class AccountsApplication(ContextApplication):
    name = "accounts"

    def __init__(self, store: Any, secret: str = "", passwords: Passwords | None = None) -> None:
        super().__init__(store)
        # Codes and reset tokens are derived from this secret (see domain/accounts/secrets.py).
        self.secret = secret
        self.passwords = passwords or Passwords(PRODUCTION_COST)

    # -- staff ------------------------------------------------------------------------------------------
    def create_staff(self, username: str, password: str, roles: list[str], actor: Actor) -> int:
        account = Account.open(username, STAFF_ACCOUNT_TYPE, roles, {}, actor)
        account.set_password(self.passwords.hash(password), actor)
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

    def generation(self, username: str) -> int:
        """The generation of the login `username` names now: the first that is neither erased nor retired
        (not opened yet, or live). A person whose login was erased may sign up again, under a new id and a
        new data key; a colleague whose login was retired with his removal from a team is invited to a new
        one (decision 3826)."""
        for generation in range(GENERATIONS):
            try:
                login = self._load(account_id(username, generation), Account, "")
            except NotFound:
                if self._sign_up_erased(username, generation):
                    continue  # an applicant erased before any login opened (decision 3892)
                return generation
            if not login.erased and not login.retired:
                return generation
        return GENERATIONS - 1  # erased as often as a name may be: it stays taken

    def _sign_up_erased(self, identity: str, generation: int) -> bool:
        sign_up = registration_id(identity, generation)
        return self.exists(sign_up) and self._load(sign_up, Registration, "").erased

    def login_id(self, username: str) -> UUID:
        return account_id(username, self.generation(username))

    def _secret(self) -> str:
        if not self.secret:
            raise RuntimeError("AccountsApplication needs the server secret for codes and tokens")
        return self.secret

    # -- registration -----------------------------------------------------------------------------------
    def _registration(self, identity: str, kind: int | None = None) -> Registration:
        generation = self.generation(identity)
        registration = self._load(
            registration_id(identity, generation), Registration, "Registration request not found"
        )
        if kind is not None and registration.kind != kind:
            raise NotFound("Registration request not found")
        return registration

    @decided_afresh
    def start_registration(
        self, kind: int, identity: str, phone: str, actor: Actor
    ) -> tuple[int, int | None]:
        """Answers (firstStep, position of the recorded event or None when nothing changed)."""
        generation = self.generation(identity)
        if self.exists(account_id(identity, generation)):
            raise AlreadyExists(USER_EXIST)
        if not self.exists(registration_id(identity, generation)):
            registration = Registration.start(identity, kind, phone, actor, generation)
            return kind, self.record(registration)
        registration = self._registration(identity)
        step = registration.begin_again(kind, phone, actor)
        if step == 4:
            return step, None
        return step, self.record(registration)

    @decided_afresh
    def finalize_registration(
        self, kind: int, identity: str, details: dict[str, Any], now: datetime, actor: Actor
    ) -> tuple[Registration, int]:
        generation = self.generation(identity)
        if self.exists(account_id(identity, generation)):
            raise AlreadyExists(USER_EXIST)
        if not self.exists(registration_id(identity, generation)):
            raise NotFound("Start the sign-up first")
        registration = self._registration(identity)
        registration.submit_details(kind, details, self._secret(), now, actor)
        return registration, self.record(registration)

    @decided_afresh
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

    @decided_afresh
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

    @decided_afresh
    def accept_registration(self, kind: int, identity: str, now: datetime, actor: Actor) -> int:
        """Accepting opens the customer account and issues its create-password link, in one transaction."""
        registration = self._registration(identity, kind)
        registration.accept(actor)
        # The login of the sign-up's own generation (a second look at the name could race an erasure).
        login = account_id(identity, generation_of(registration.id, "registration", identity) or 0)
        account = Account.open(identity, kind, CUSTOMER_ROLES, registration.details, actor, login)
        account.issue_password_token(self._secret(), now, "create", actor)
        try:
            return self.record(registration, account)
        except Conflict as error:
            if self.exists(login):
                raise AlreadyExists(USER_EXIST) from error
            raise  # the sign-up changed meanwhile (declined by a colleague): decided again on that

    @decided_afresh
    def erase_sign_up(self, identity: str, reason: str, actor: Actor) -> tuple[str, int]:
        """Records that a sign-up which opened no login is erased (its keys are the store's to destroy):
        (its id, the position). NotFound when the identity number names no sign-up now."""
        registration = self._registration(identity)
        registration.erase_personal_data(reason, actor)
        return str(registration.id), self.record(registration)

    @decided_afresh
    def decline_registration(self, identity: str, message: str, actor: Actor) -> int:
        registration = self._registration(identity)
        registration.decline(forms.decline_message(message), actor)
        return self.record(registration)

    # -- passwords --------------------------------------------------------------------------------------
    @decided_afresh
    def request_password_reset(self, username: str, now: datetime) -> int | None:
        """Issue a reset link when `username` is a customer with an e-mail (a colleague: still in the team);
        otherwise nothing, silently."""
        try:
            account = self._load(self.login_id(username), Account, "Account not found")
        except NotFound:
            return None
        if not account.is_customer or not account.profile.get("email") or not self._in_team(account):
            return None
        account.issue_password_token(self._secret(), now, "reset", SYSTEM_ACTOR)
        return self.record(account)

    def _in_team(self, account: Account) -> bool:
        """Whether the login may be sent, or use, a reset link: a colleague's own login only while he is an
        active member of his company's team (removed, or invited back and not yet returned, he is answered
        as an address nobody has; a link sent him before is refused as a wrong one)."""
        company_id = str(account.profile.get("company_id") or "")
        if not company_id or company_id == str(account.id):
            return True  # a customer's own login, a company's among them
        if not self.exists(team_id(company_id)):
            return False
        member = self._load(team_id(company_id), Team, "Team not found").members.get(str(account.id))
        return member is not None and member.state == "active"

    @decided_afresh
    def reset_password(self, username: str, token: str, password: str, now: datetime) -> int:
        invalid = ValidationFailed({"token": INVALID_TOKEN}, INVALID_TOKEN)  # as the account's own refusal
        try:
            account = self._load(self.login_id(username), Account, "Account not found")
        except NotFound:
            # The work a known id does before its token is checked (no timing oracle).
            self.passwords.hash(password)
            raise invalid from None
        password_hash = self.passwords.hash(password)
        if not self._in_team(account):
            raise invalid
        account.reset_password(token, password_hash, now, Actor(str(account.id), CUSTOMER))
        return self.record(account)

    @decided_afresh
    def change_password(self, account: UUID | str, current: str, new: str, actor: Actor) -> int:
        loaded = self._load(UUID(str(account)), Account, "Account not found")
        if not self.passwords.matches(loaded.password_hash, current):
            raise ValidationFailed({"current_password": message("accounts.currentPassword.incorrect")})
        loaded.set_password(self.passwords.hash(new), actor, system_reason("passwordChanged"))
        return self.record(loaded)

    @decided_afresh
    def end_sessions(self, account: UUID | str, actor: Actor) -> int:
        loaded = self._load(UUID(str(account)), Account, "Account not found")
        loaded.end_sessions(actor)
        return self.record(loaded)

    @decided_afresh
    def log_out(self, account: UUID | str, actor: Actor) -> int:
        """Records one session's log-out (the session itself ends at the doors: api/edge/sessions.py)."""
        loaded = self._load(UUID(str(account)), Account, "Account not found")
        loaded.log_out(actor)
        return self.record(loaded)

    @decided_afresh
    def erase_personal_data(self, account: UUID | str, reason: str, actor: Actor) -> int:
        """Records that a customer's personal data is erased (the keys themselves are the store's to destroy),
        closing her pending profile edit request and erasing her colleagues' own logins with it (a company's
        team is its data); Conflict when it was erased already."""
        loaded = self.customer(account)
        loaded.erase_personal_data(reason, actor)
        erased: list[Any] = [loaded]
        request_id = edit_request_id(loaded.id)
        if self.exists(request_id):
            request = self._load(request_id, ProfileEditRequest, "Edit request not found")
            if request.close_for_erasure(actor):
                erased.append(request)
        for member in self.team_logins(loaded.id):
            login = self._load(UUID(member), Account, "Account not found")
            if not login.erased:
                login.erase_personal_data(system_reason("erasedWithCompany", reason=reason), actor)
                erased.append(login)
        for earlier in self.retired_logins(loaded):
            login = self._load(UUID(earlier), Account, "Account not found")
            if not login.erased:
                login.erase_personal_data(system_reason("erasedWithLaterLogin", reason=reason), actor)
                erased.append(login)
        company_id = str(loaded.profile.get("company_id") or "")
        if company_id and company_id != str(loaded.id) and self.exists(team_id(company_id)):
            # A colleague erased on his own leaves his company's team (another takes over as its owner).
            team = self._load(team_id(company_id), Team, "Team not found")
            if team.remove_erased(str(loaded.id), MEMBER_ERASED, actor):
                erased.append(team)
        return self.record(*erased)

    def team_logins(self, company_id: UUID | str) -> list[str]:
        """The own logins of everyone who ever joined the company's team and works for it still (the
        company's own login aside): one who left and joined another company is that company's colleague."""
        logins = []
        for member in self._team_members(company_id):
            if not member.joined or not self.exists(UUID(member.id)):
                continue
            login = self._load(UUID(member.id), Account, "Account not found")
            if str(login.profile.get("company_id") or "") == str(company_id):
                logins.append(member.id)
        return logins

    def retired_logins(self, account: UUID | str | Account) -> list[str]:
        """The logins the same address had before this one and that were retired (a colleague's at each team
        he was removed from, decision 3826): the same person's, erased with him. An erased one among them
        is named too (a re-run finishes what an interrupted erasure began)."""
        login = account if isinstance(account, Account) else self.customer(account)
        generation = generation_of(login.id, "account", login.username)
        earlier = []
        for before in range(generation or 0):
            login_id = account_id(login.username, before)
            if self.exists(login_id) and self._load(login_id, Account, "Account not found").retired:
                earlier.append(str(login_id))
        return earlier

    def team_member_subjects(self, company_id: UUID | str) -> list[str]:
        """The keys of what the company's team holds of each person it ever invited (their names and
        addresses in its events): the company's data, erased with it."""
        return [member_subject(team_id(str(company_id)), m.id) for m in self._team_members(company_id)]

    def _team_members(self, company_id: UUID | str) -> list[Member]:
        """Everyone the company's team ever named, but the company's own login."""
        if not self.exists(team_id(str(company_id))):
            return []
        team = self._load(team_id(str(company_id)), Team, "Team not found")
        return [member for member in team.members.values() if member.id != str(company_id)]

    @decided_afresh
    def set_email_preferences(self, account: UUID | str, muted: list[str], actor: Actor) -> int | None:
        """Turn kinds of booking e-mail off (the rest on); None when nothing changes."""
        unknown = sorted(set(muted) - set(KINDS))
        if unknown:
            raise ValidationFailed({"muted": f"Unknown kind of e-mail: {', '.join(unknown)}"})
        loaded = self.customer(account)
        if not loaded.set_email_preferences(muted, actor):
            return None
        return self.record(loaded)

    @decided_afresh
    def choose_language(self, account: UUID | str, language: str, actor: Actor) -> int | None:
        """Any signed-in person's language for the portal, its e-mails and notifications; None when it is
        already the account's."""
        if supported(language) != language:
            raise ValidationFailed({"language": message("accounts.language.invalid")})
        loaded = self._load(UUID(str(account)), Account, "Account not found")
        if not loaded.choose_language(language, actor):
            return None
        return self.record(loaded)

    # -- profile edit requests --------------------------------------------------------------------------
    def customer(self, account: UUID | str) -> Account:
        loaded = self._load(UUID(str(account)), Account, "Account not found")
        if not loaded.is_customer:
            raise NotFound("Customer not found")
        return loaded

    @decided_afresh
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
        return self._load(edit_request_id(self.login_id(username)), ProfileEditRequest, missing)

    @decided_afresh
    def approve_profile_edit(self, username: str, actor: Actor, seen: Mapping[str, Any] | None = None) -> int:
        request = self._edit_request(username)
        request.check_seen("approve", seen, actor)
        request.approve(actor)
        customer = self.customer(request.account_id)
        customer.update_profile(request.edited, str(request.id), actor)
        return self.record(request, customer)

    @decided_afresh
    def decline_profile_edit(
        self, username: str, message: str, actor: Actor, seen: Mapping[str, Any] | None = None
    ) -> int:
        request = self._edit_request(username)
        request.check_seen("decline", seen, actor)
        request.decline(forms.decline_message(message), actor)
        return self.record(request)

    # -- company teams ----------------------------------------------------------------------------------
    def _company(self, company_id: str) -> Account:
        company = self.customer(company_id)
        if company.account_type not in (DOMESTIC_COMPANY, FOREIGN_COMPANY):
            raise NotFound("Only a company account has a team")
        return company

    def team(self, company_id: str, actor: Actor) -> Team:
        """The company's team; formed (not yet recorded) on first use, with the company's login as owner."""
        if self.exists(team_id(company_id)):
            return self._load(team_id(company_id), Team, "Team not found")
        company = self._company(company_id)
        email = str(company.profile.get("email") or "")
        contact = str(company.profile.get("contact_person") or _company_name(company))
        return Team.form(str(company.id), _company_name(company), email, contact, actor)

    @decided_afresh
    def invite_member(
        self, company_id: str, email: str, name: str, role: str, now: datetime, actor: Actor
    ) -> tuple[str, int]:
        """Invite a colleague by e-mail; answers (the member id, the position). The link is e-mailed by the
        messaging policy."""
        address = forms.text(email).lower()
        errors: dict[str, str] = {}
        if not forms.EMAIL.match(address):
            errors["email"] = message("accounts.email.invalid") if address else message("common.required")
        person = forms.text(name)
        if not person:
            errors["name"] = message("common.required")
        elif len(person) > 200:
            errors["name"] = message("common.text.max", max=200)
        try:
            wanted = role_of(role)
        except ValidationFailed as error:
            errors.update(error.fields)
            wanted = ""
        if errors:
            raise ValidationFailed(errors)
        team = self.team(company_id, actor)
        # An address whose login was erased, or retired with his removal from a team (decision 3826), is
        # invited to a login of the next generation: nothing of the earlier one (its keys, sessions,
        # password, the company it acted for) comes with him.
        generation = self.generation(address)
        login = account_id(address, generation)
        retired: list[Account] = []
        if self.exists(login):  # a member of a team, or a customer of its own
            account = self._load(login, Account, "Account not found")
            if self._left_team(account):  # removed before removals retired the login: retired now
                account.retire(SYSTEM_ACTOR, LOGIN_RETIRED)
                retired.append(account)
                login = account_id(address, generation + 1)
            elif str(account.profile.get("company_id") or "") != company_id:
                raise AlreadyExists(ADDRESS_TAKEN)
        member_id = str(login)
        company = _company_name(self._company(company_id))  # as it is now: the invitation names it
        team.invite(member_id, address, person, wanted, self._secret(), now, actor, company)
        return member_id, self.record(team, *retired)

    def _left_team(self, account: Account) -> bool:
        """Whether the login is a colleague's whom the team it was opened for has removed."""
        company_id = str(account.profile.get("company_id") or "")
        if not company_id or company_id == str(account.id) or not self.exists(team_id(company_id)):
            return False
        member = self._load(team_id(company_id), Team, "Team not found").members.get(str(account.id))
        return member is not None and member.state == "removed"

    @decided_afresh
    def accept_invitation(self, company_id: str, token: str, password: str, now: datetime) -> tuple[str, int]:
        """The colleague's link used: their own login opens (username: their e-mail), with `password`."""
        invalid = ValidationFailed({"token": INVALID_INVITATION}, INVALID_INVITATION)
        if not self.exists(team_id(company_id)):
            raise invalid
        company = self._company(company_id)
        if company.erased:  # the company's team went with its personal data, invitations too
            raise invalid
        team = self._load(team_id(company_id), Team, "Team not found")
        member = team.invitation(token, now)
        checked = forms.new_password(password, password, related=[member.email, member.email.split("@")[0]])
        person = Actor(member.id, "visitor")
        team.accept(token, now, person)
        if self.exists(UUID(member.id)):  # removed and invited again before logins retired: it comes back
            login = self._load(UUID(member.id), Account, "Account not found")
            if login.retired or login.erased or str(login.profile.get("company_id") or "") != company_id:
                raise invalid  # another team's login since this link was sent (two invitations raced)
            login.update_profile(
                {"name": member.name, "email": member.email, "company_id": company_id},
                str(team.id),
                person,
                "invited again",
            )
        else:
            profile = {
                "name": member.name,
                "email": member.email,
                "phone": "",
                "language": "en",
                "company_id": company_id,
            }
            login = Account.open(
                member.email, company.account_type, CUSTOMER_ROLES, profile, person, UUID(member.id)
            )
        login.set_password(self.passwords.hash(checked), person, system_reason("passwordSetWithInvitation"))
        return member.id, self.record(team, login)

    @decided_afresh
    def change_member_role(self, company_id: str, member_id: str, role: str, actor: Actor) -> int | None:
        wanted = role_of(role)
        team = self.team(company_id, actor)
        if not team.change_role(member_id, wanted, actor):
            return None
        return self.record(team)

    @decided_afresh
    def remove_member(self, company_id: str, member_id: str, actor: Actor) -> int:
        """Removes the member; their own login is retired in the same transaction (decision 3826): its
        sessions end, it signs in no more and gets no reset link, and their API keys stop at the door, which
        asks the team for every key's person. Invited again, by this company or another, they get a new
        login."""
        team = self.team(company_id, actor)
        team.remove(member_id, actor)
        if self.exists(UUID(member_id)) and member_id != company_id:
            login = self._load(UUID(member_id), Account, "Account not found")
            ours = str(login.profile.get("company_id") or "") == company_id
            if ours and login.retire(actor, LOGIN_RETIRED):
                return self.record(team, login)
        return self.record(team)

    @decided_afresh
    def update_own_profile(
        self, company_id: str, member_id: str, name: str, phone: str, language: str, actor: Actor
    ) -> int | None:
        """A member's own name, phone and language (the company's profile stays the owner's, reviewed by
        staff)."""
        errors: dict[str, str] = {}
        person = forms.text(name)
        if not person:
            errors["name"] = message("common.required")
        elif len(person) > 200:
            errors["name"] = message("common.text.max", max=200)
        number = forms.text(phone)
        if len(number) > 30 or (number and not all(c.isdigit() or c in "+-() " for c in number)):
            errors["phone"] = message("accounts.phone.memberInvalid")
        lang = forms.text(language) or "en"
        if supported(lang) != lang:
            errors["language"] = message("accounts.language.invalid")
        if errors:
            raise ValidationFailed(errors)
        login = self._load(UUID(member_id), Account, "Account not found")
        team = self.team(company_id, actor)
        changed_name = team.rename(member_id, person, actor)
        values = {"name": person, "phone": number, "language": lang}
        aggregates: list[Any] = [team] if changed_name else []
        changed_profile = any(login.profile.get(k) != v for k, v in values.items())
        if changed_profile:
            login.update_profile(values, str(team.id), actor, system_reason("ownProfileChanged"))
        # The language is the login's one choice (the header's switch makes it too), which the portal, its
        # e-mails and notices read first: a profile's language under an older choice would change nothing.
        if login.choose_language(lang, actor) or changed_profile:
            aggregates.append(login)
        if not aggregates:
            return None
        return self.record(*aggregates)


def _company_name(company: Account) -> str:
    return str(company.profile.get("name") or company.username)
