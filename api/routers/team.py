"""Company teams: the members of a company account with their roles (owner, booker, viewer), invitations by
e-mail, role changes and removal (which ends the member's sessions and stops their API keys at once), the
invited colleague's acceptance, and a member's own profile. Who may call what is checked for every door by
`api/edge/identity.py` (`team_role_guard`); the routes here check that the account is a company's."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from api.bootstrap import Services
from api.edge.deps import CommandDep, CustomerUser, ServicesDep
from api.edge.envelope import success
from api.edge.identity import company_account_id
from api.edge.security import Principal
from api.openapi import operation_ids
from api.schemas.envelope import Envelope, error_responses
from api.schemas.team import (
    AcceptBody,
    Accepted,
    InvitationBody,
    MemberRemoved,
    OwnProfile,
    OwnProfileBody,
    RoleBody,
    Team,
    TeamMember,
)
from domain.accounts import secrets
from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY
from domain.accounts.team import INVALID_INVITATION, INVITED_ELSEWHERE, OWNER, role_of
from domain.shared.errors import AlreadyExists, NotFound, ValidationFailed
from projections import team as read
from projections.accounts import language_of
from projections.profiles import profile_of

router = APIRouter(prefix="/account/api/v1", tags=["team"], generate_unique_id_function=operation_ids("team"))

NO_TEAM = "Only a company account has a team"


def _company(services: Services, principal: Principal) -> dict[str, Any]:
    """The caller's company's profile row; NotFound for an individual (who stays one person)."""
    with services.read_models.read() as tx:
        row = profile_of(tx, company_account_id(principal))
    if row is None or int(row["account_type"]) not in (DOMESTIC_COMPANY, FOREIGN_COMPANY):
        raise NotFound(NO_TEAM)
    return row


def _member(row: dict[str, Any]) -> TeamMember:
    return TeamMember(
        id=row["id"], name=row["name"], email=row["email"], role=row["role"], status=row["status"]
    )


def _team(services: Services, principal: Principal) -> dict[str, Any]:
    company = _company(services, principal)
    profile = json.loads(company["profile"])
    with services.read_models.read() as tx:
        rows = read.members(tx, company["account_id"])
    # The company's own login, named as its profile is now (the team copied it when it was formed).
    own = {
        "id": company["account_id"],
        "name": str(profile.get("contact_person") or profile.get("name") or company["username"]),
        "email": str(profile.get("email") or ""),
    }
    if not rows:  # no colleague invited yet: the company's own login is the whole team
        rows = [{**own, "role": OWNER, "status": "active"}]
    rows = [{**r, **own} if r["id"] == own["id"] else r for r in rows]
    name = str(profile.get("name") or company["username"])
    listed = [_member(r) for r in rows]
    return Team(company_name=name, list=listed, total_count=len(listed)).model_dump(by_alias=True)


@router.get("/client/team", response_model=Envelope[Team], responses=error_responses(404))
def team(principal: CustomerUser, services: ServicesDep) -> Response:
    """The company's members and pending invitations, each `{id, name, email, role, status}`."""
    return success(_team(services, principal))


def _one(services: Services, principal: Principal, member_id: str) -> dict[str, Any]:
    found: list[dict[str, Any]] = [m for m in _team(services, principal)["list"] if m["id"] == member_id]
    if not found:
        raise NotFound("Team member not found")
    return found[0]


@router.post(
    "/client/team/invitations",
    status_code=201,
    response_model=Envelope[TeamMember],
    responses=error_responses(400, 403, 404, 409),
)
def invite(
    body: InvitationBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    """Invite a colleague (owner only): an e-mail with a link good once for 72 hours; a current member, or
    one another company invited or has, 409."""
    company = _company(services, principal)
    person = str(services.accounts.login_id((body.email or "").strip().lower()))
    with services.read_models.read() as tx:
        elsewhere = read.invited_elsewhere(tx, person, company["account_id"])
    if elsewhere:
        raise AlreadyExists(INVITED_ELSEWHERE)
    member_id, position = services.accounts.invite_member(
        company["account_id"],
        body.email or "",
        body.name or "",
        body.role or "",
        datetime.now(UTC),
        principal.actor,
    )
    services.settle(position, created=member_id)
    return success(_one(services, principal, member_id), status_code=201)


@router.put(
    "/client/team/members/{id}",
    response_model=Envelope[TeamMember],
    responses=error_responses(400, 403, 404, 409),
)
def change_role(
    id: str, body: RoleBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    """Give a member another role (owner only); the last owner cannot be demoted (409)."""
    company = _company(services, principal)
    _one(services, principal, id)  # this company's member now (404 before anything is written)
    role = role_of(body.role)  # as the team records it (the change refuses any other)
    command.changing_member(
        id,
        {"role": role},
        services.accounts.change_member_role,
        company["account_id"],
        id,
        role,
        principal.actor,
    )
    return success(_one(services, principal, id))


@router.delete(
    "/client/team/members/{id}",
    response_model=Envelope[MemberRemoved],
    responses=error_responses(403, 404, 409),
)
def remove(id: str, principal: CustomerUser, services: ServicesDep, command: CommandDep) -> Response:
    """Remove a member or withdraw an invitation (owner only): the member's sessions end and their API keys
    stop at once; the last owner cannot be removed (409)."""
    company = _company(services, principal)
    _one(services, principal, id)  # this company's member now (404 before anything is written)
    removed = {"state": "removed"}
    command.changing_member(
        id, removed, services.accounts.remove_member, company["account_id"], id, principal.actor
    )
    return success({"id": id, "removed": True})


@router.post(
    "/team/invitations/{token}/accept", response_model=Envelope[Accepted], responses=error_responses(400, 429)
)
def accept(token: str, body: AcceptBody, services: ServicesDep, command: CommandDep) -> Response:
    """The invited colleague chooses a password (the sign-up rules); they then log in with their e-mail
    address as username. The link works once, for 72 hours."""
    with services.read_models.read() as tx:
        invitation = read.invitation_by_token_hash(tx, secrets.digest(token))
        company = read.company_name(tx, invitation["company_id"]) if invitation is not None else ""
    if invitation is None:
        raise ValidationFailed({"token": INVALID_INVITATION}, INVALID_INVITATION)
    now = datetime.now(UTC)
    command.returning(
        services.accounts.accept_invitation, invitation["company_id"], token, body.password or "", now
    )
    return success({"username": invitation["email"], "companyName": company})


def _own(services: Services, principal: Principal) -> dict[str, Any]:
    with services.read_models.read() as tx:
        row = read.membership(tx, principal.account_id)
        login = profile_of(tx, principal.account_id)
        chosen = language_of(tx, principal.account_id)
        company = read.company_name(tx, row["company_id"]) if row is not None else ""
    if row is None or not principal.company_id or principal.company_id == principal.account_id:
        raise NotFound("This is the company's own login: its profile is the company's")
    profile = json.loads(login["profile"]) if login else {}
    return OwnProfile(
        id=principal.account_id,
        name=str(row["name"]),
        email=principal.username,
        phone=str(profile.get("phone") or ""),
        # The language in use: the login's choice (the header's switch, this form), else its profile's.
        language=chosen or str(profile.get("language") or "en"),
        role=principal.team_role,
        company_name=company,
    ).model_dump(by_alias=True)


@router.get("/client/team/me", response_model=Envelope[OwnProfile], responses=error_responses(404))
def own_profile(principal: CustomerUser, services: ServicesDep) -> Response:
    """A team member's own profile: name, phone, language (the password is changed as anyone's)."""
    return success(_own(services, principal))


@router.put("/client/team/me", response_model=Envelope[OwnProfile], responses=error_responses(400, 404))
def update_own_profile(
    body: OwnProfileBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    _own(services, principal)
    command(
        services.accounts.update_own_profile,
        company_account_id(principal),
        principal.account_id,
        body.name or "",
        body.phone or "",
        body.language or "",
        principal.actor,
    )
    return success(_own(services, principal))
