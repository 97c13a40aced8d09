"""The Team aggregate: a company account's colleagues, each with a role (owner, booker, viewer).

One team per company account (domestic or foreign company; an individual stays one person). The company's own
login is the team's first owner. A colleague is invited by e-mail with a link whose token works once for 72
hours (the event keeps only its hash; the messaging policy recomputes the token from the server secret and
the event, as for reset links); accepting it opens the colleague's own login account (username: the e-mail
address).
Each member follows `state-machines/team_member.json`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.accounts import secrets
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, DomainAggregate, audit_fields
from domain.shared.errors import AlreadyExists, Conflict, NotFound, ValidationFailed
from domain.shared.ids import name_based_id
from domain.shared.lifecycle import lifecycle
from domain.shared.messages import message
from domain.shared.reasons import system_reason

MACHINE = "team_member"
OWNER = "owner"
# A role's rights beyond reading (state-machines/team_member.json `roles`, each right described in `rights`).
BOOK, OWN = "book", "own"
ROLE_RIGHTS: dict[str, frozenset[str]] = {
    role: frozenset(rights) for role, rights in lifecycle(MACHINE).spec["roles"].items()
}
TEAM_ROLES = tuple(ROLE_RIGHTS)
if not {BOOK, OWN} == set(lifecycle(MACHINE).spec["rights"]) >= set().union(*ROLE_RIGHTS.values()):
    raise ValueError(f"state-machines/{MACHINE}.json: roles name the rights {BOOK} and {OWN} only")
INVITATION_LIFETIME = timedelta(hours=72)
INVALID_INVITATION = "This invitation link is not valid (used, withdrawn or older than 72 hours)"
LAST_OWNER = "The team needs at least one owner: make another member owner first"
ALREADY_MEMBER = "This person is already a member of the team"
OWNER_BY_ERASURE = system_reason("ownerByErasure")
ADDRESS_TAKEN = "This e-mail address already has a login of its own and cannot be invited"
INVITED_ELSEWHERE = "This e-mail address belongs to another company's team or awaits its invitation"


def team_id(company_id: str) -> UUID:
    return name_based_id("team", company_id)


def invitation_token(secret: str, team: UUID | str, version: int) -> str:
    """The invitation link's token, derived from the server secret and its event (never stored)."""
    return secrets.reset_token(secret, f"invite:{team}", version)


@dataclass
class Member:
    id: str  # the person's login account id (the company's own login for the first owner)
    email: str
    name: str
    role: str
    state: str
    token_hash: str | None = None
    invited_at: datetime | None = None
    # Whether they ever joined (accepted an invitation), removed since or not.
    joined: bool = False


class Team(DomainAggregate):
    @staticmethod
    def create_id(company_id: str, **_: Any) -> UUID:
        return team_id(company_id)

    class Formed(ActorCreated):
        # The team's data is the company's: erased with its account.
        personal_fields = ("company_name", "owner_email", "owner_name")
        personal_owner = "company_id"

        company_id: str
        company_name: str
        owner_email: str
        owner_name: str

    @event(Formed)
    def __init__(
        self,
        company_id: str,
        company_name: str,
        owner_email: str,
        owner_name: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.company_id = company_id
        self.company_name = company_name
        self.members: dict[str, Member] = {
            company_id: Member(company_id, owner_email, owner_name, OWNER, "active")
        }

    @classmethod
    def form(
        cls, company_id: str, company_name: str, owner_email: str, owner_name: str, actor: Actor
    ) -> Team:
        return cls(
            company_id=company_id,
            company_name=company_name,
            owner_email=owner_email,
            owner_name=owner_name,
            **audit_fields(actor, system_reason("teamFormed")),
        )

    # -- reading --------------------------------------------------------------------------------------------
    def member(self, member_id: str) -> Member:
        found = self.members.get(member_id)
        if found is None or found.state == "removed":
            raise NotFound("Team member not found")
        return found

    def _owners_left(self, without: str) -> int:
        return sum(
            1 for m in self.members.values() if m.state == "active" and m.role == OWNER and m.id != without
        )

    def _decide(self, trigger: str, member: Member | None, actor: Actor, **guards: bool) -> str:
        state = member.state if member else "new"
        return lifecycle(MACHINE).decide(trigger, state, actor.lifecycle_role, guards)

    # -- invitations ----------------------------------------------------------------------------------------
    class Invited(ActorEvent):
        personal_fields = ("email", "name", "company_name")
        personal_subject = "member_id"  # the colleague's own data: erased with him, or with the company

        member_id: str
        email: str
        name: str
        role: str
        token_hash: str
        issued_at: datetime
        company_id: str
        company_name: str

        def apply(self, aggregate: Team) -> None:
            aggregate.members[self.member_id] = Member(
                self.member_id, self.email, self.name, self.role, "invited", self.token_hash, self.issued_at
            )

    def invite(
        self,
        member_id: str,
        email: str,
        name: str,
        role: str,
        secret: str,
        now: datetime,
        actor: Actor,
        company_name: str | None = None,
    ) -> None:
        """`company_name`: the company's name as it is now (the invitation names it), else as formed."""
        current = self.members.get(member_id)
        if current is not None and current.state == "active":
            raise AlreadyExists(ALREADY_MEMBER)
        self._decide("invite", current, actor)
        token = invitation_token(secret, self.id, self.version + 1)
        self._record(
            self.Invited,
            audit_fields(actor, system_reason("invitedAs", role=role)),
            member_id=member_id,
            email=email,
            name=name,
            role=role,
            token_hash=secrets.digest(token),
            issued_at=now,
            company_id=self.company_id,
            company_name=company_name or self.company_name,
        )

    def invitation(self, token: str, now: datetime) -> Member:
        """The invited member whose link this is, while it is good (unused, not withdrawn, under 72 hours)."""
        for member in self.members.values():
            if member.state == "invited" and secrets.matches(token, member.token_hash):
                if member.invited_at is None or now - member.invited_at > INVITATION_LIFETIME:
                    break
                return member
        raise ValidationFailed({"token": INVALID_INVITATION}, INVALID_INVITATION)

    class Joined(ActorEvent):
        personal_fields = ("email", "name")
        personal_subject = "member_id"  # the colleague's own data: erased with him, or with the company

        member_id: str
        email: str
        name: str
        role: str

        def apply(self, aggregate: Team) -> None:
            member = aggregate.members[self.member_id]
            member.state = "active"
            member.token_hash = None
            member.joined = True

    def accept(self, token: str, now: datetime, actor: Actor) -> Member:
        member = self.invitation(token, now)
        self._decide("accept", member, actor, link_good=True)
        self._record(
            self.Joined,
            audit_fields(actor, system_reason("invitationAccepted")),
            member_id=member.id,
            email=member.email,
            name=member.name,
            role=member.role,
        )
        return member

    # -- roles and removal ----------------------------------------------------------------------------------
    class RoleChanged(ActorEvent):
        member_id: str
        role: str

        def apply(self, aggregate: Team) -> None:
            aggregate.members[self.member_id].role = self.role

    def change_role(self, member_id: str, role: str, actor: Actor) -> bool:
        member = self.member(member_id)
        if member.role == role:
            return False
        demoting_an_owner = member.state == "active" and member.role == OWNER
        if demoting_an_owner and not self._owners_left(without=member_id):
            raise Conflict(LAST_OWNER)
        self._decide("change_role", member, actor, owner_remains=True)
        self._record(
            self.RoleChanged,
            audit_fields(actor, system_reason("roleChanged", role=role)),
            member_id=member_id,
            role=role,
        )
        return True

    class Removed(ActorEvent):
        member_id: str

        def apply(self, aggregate: Team) -> None:
            member = aggregate.members[self.member_id]
            member.state = "removed"
            member.token_hash = None

    def remove(self, member_id: str, actor: Actor) -> Member:
        member = self.member(member_id)
        if member.state == "active" and member.role == OWNER and not self._owners_left(without=member_id):
            raise Conflict(LAST_OWNER)
        self._decide("remove", member, actor, owner_remains=True)
        self._record(self.Removed, audit_fields(actor, system_reason("removedFromTeam")), member_id=member_id)
        return member

    def remove_erased(self, member_id: str, reason: str, actor: Actor) -> bool:
        """Staff erased the member's own login: he leaves the team, whatever owners remain (he is gone either
        way); False (no event) when he had left it. Were he its last owner, the longest-standing active
        member (the company's own login first, then by invitation) becomes owner: a team is never left
        without someone who may manage it."""
        member = self.members.get(member_id)
        if member is None or member.state == "removed":
            return False
        last_owner = member.state == "active" and member.role == OWNER and not self._owners_left(member_id)
        self._decide("remove", member, actor)
        self._record(self.Removed, audit_fields(actor, reason), member_id=member_id)
        heir = next((m for m in self.members.values() if m.state == "active"), None)
        if last_owner and heir is not None:
            self._decide("change_role", heir, actor)
            self._record(
                self.RoleChanged, audit_fields(actor, OWNER_BY_ERASURE), member_id=heir.id, role=OWNER
            )
        return True

    class MemberProfileChanged(ActorEvent):
        personal_fields = ("name",)
        personal_subject = "member_id"  # the colleague's own data: erased with him, or with the company

        member_id: str
        name: str

        def apply(self, aggregate: Team) -> None:
            aggregate.members[self.member_id].name = self.name

    def rename(self, member_id: str, name: str, actor: Actor) -> bool:
        member = self.member(member_id)
        if member.name == name:
            return False
        self._record(
            self.MemberProfileChanged,
            audit_fields(actor, system_reason("ownProfileChanged")),
            member_id=member_id,
            name=name,
        )
        return True


def role_of(given: Any) -> str:
    value = str(given or "").strip().lower()
    if value not in TEAM_ROLES:
        raise ValidationFailed(
            {
                "role": message("common.required")
                if not value
                else f"Role must be one of {', '.join(TEAM_ROLES)}"
            }
        )
    return value


def has_right(role: str, right: str) -> bool:
    """Whether a team member of `role` has `right` (`BOOK`, `OWN`); an unknown role has none."""
    return right in ROLE_RIGHTS.get(role, frozenset())
