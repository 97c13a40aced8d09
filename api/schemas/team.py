"""/account/api/v1/client/team and /account/api/v1/team: a company's colleagues, their roles and invitations,
and a member's own profile."""

from __future__ import annotations

from api.schemas.wire_model import WireAnswer, WireModel


class TeamMember(WireAnswer):
    id: str
    name: str
    email: str
    role: str
    # active, invited, expired (an invitation past its 72 hours)
    status: str


class Team(WireAnswer):
    company_name: str
    list: list[TeamMember]
    total_count: int


class InvitationBody(WireModel):
    email: str | None = None
    name: str | None = None
    role: str | None = None


class RoleBody(WireModel):
    role: str | None = None


class AcceptBody(WireModel):
    password: str | None = None


class Accepted(WireAnswer):
    # Log in with this (the invited e-mail address) and the password just chosen.
    username: str
    company_name: str


class MemberRemoved(WireAnswer):
    id: str
    removed: bool


class OwnProfile(WireAnswer):
    id: str
    name: str
    email: str
    phone: str
    language: str
    role: str
    company_name: str


class OwnProfileBody(WireModel):
    name: str | None = None
    phone: str | None = None
    language: str | None = None
