"""/account/api/v1/client/{type}-customers: the caller's own profile; edits go to staff review."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from api.bootstrap import Services
from api.edge.deps import Command, CommandDep, CurrentUser, CustomerUser, ServicesDep
from api.edge.envelope import success
from api.edge.identity import company_account_id
from api.edge.languages import request_language
from api.openapi import operation_ids
from api.presenters import customers
from api.schemas.envelope import Envelope, error_responses
from api.schemas.profile import (
    DomesticProfileBody,
    EmailPreferences,
    EmailPreferencesBody,
    ForeignProfileBody,
    IndividualProfileBody,
    LanguageBody,
    LanguageChoice,
    Profile,
)
from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, INDIVIDUAL
from domain.accounts.forms import ProfileForm
from domain.emails.templates import KINDS, TEMPLATES, TRANSLATED
from domain.shared.errors import Forbidden, NotFound
from projections.accounts import language_of
from projections.profiles import muted_emails, profile_of

router = APIRouter(
    prefix="/account/api/v1/client", tags=["profile"], generate_unique_id_function=operation_ids("profile")
)

PROFILE: dict[str, Any] = {"response_model": Envelope[Profile], "responses": error_responses(404)}


def _own(principal: Any, account_type: int) -> None:
    if principal.account_type != account_type:
        raise Forbidden("This profile call is for another account type")


def _view(services: Services, principal: Any) -> dict[str, Any]:
    with services.read_models.read() as tx:
        row = profile_of(tx, company_account_id(principal))
    if row is None:
        raise NotFound("Profile not found")
    p = json.loads(row["profile"])
    account = {"id": row["account_id"], "accountType": row["account_type"], "username": row["username"]}
    pending = None
    if row["request_state"] is not None:
        pending = {
            "state": row["request_state"],
            "stateCode": row["request_state_code"],
            "edited": json.loads(row["request_edited"]) if row["request_state"] == "pending" else {},
            "declineMessage": row["request_decline_message"],
        }
    base = {"account": account, "id": row["account_id"], "editRequest": pending}
    common = customers.contact(p)
    if row["account_type"] == INDIVIDUAL:
        # The profile entity spells `firstname`; the PUT sends `firstName`: both are given.
        return {
            **base,
            **common,
            **customers.person(p),
            "firstName": p.get("firstName", ""),
            "lastName": p.get("lastName", ""),
            "nationalId": p.get("nationalId", ""),
            "industry": p.get("industry", ""),
            "destinations": p.get("destinations", ""),
            "typeOfOperation": p.get("typeOfOperation", ""),
        }
    company = {
        **base,
        **common,
        "name": p.get("name", ""),
        "contactPerson": p.get("contactPerson", ""),
        "nationalCode": p.get("nationalCode", ""),
    }
    if row["account_type"] == DOMESTIC_COMPANY:
        company.update(economicCode=p.get("economicCode", ""), registrationCode=p.get("registrationCode", ""))
    return company


def _read(account_type: int, principal: Any, services: Services) -> Response:
    _own(principal, account_type)
    return success(_view(services, principal))


def _update(
    account_type: int, form: ProfileForm, principal: Any, services: Services, command: Command
) -> Response:
    _own(principal, account_type)
    # The caller's own account, from the token, whatever the body's `id` says.
    position = command(
        services.accounts.request_profile_edit, company_account_id(principal), form, principal.actor
    )
    return success({**_view(services, principal), "changed": position is not None})


@router.get("/indivisual-customers", **PROFILE)
def individual_profile(principal: CustomerUser, services: ServicesDep) -> Response:
    return _read(INDIVIDUAL, principal, services)


@router.get("/domestic-corporate-customers", **PROFILE)
def domestic_profile(principal: CustomerUser, services: ServicesDep) -> Response:
    return _read(DOMESTIC_COMPANY, principal, services)


@router.get("/foreign-corporate-customers", **PROFILE)
def foreign_profile(principal: CustomerUser, services: ServicesDep) -> Response:
    return _read(FOREIGN_COMPANY, principal, services)


@router.put("/indivisual-customers", **PROFILE)
def update_individual(
    body: IndividualProfileBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    return _update(INDIVIDUAL, body.form(), principal, services, command)


@router.put("/domestic-corporate-customers", **PROFILE)
def update_domestic(
    body: DomesticProfileBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    return _update(DOMESTIC_COMPANY, body.form(), principal, services, command)


@router.put("/foreign-corporate-customers", **PROFILE)
def update_foreign(
    body: ForeignProfileBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    return _update(FOREIGN_COMPANY, body.form(), principal, services, command)


def _preferences(services: Services, principal: Any, request: Request) -> dict[str, Any]:
    """Each kind's switch, labelled in the language the request asks for (the screen's)."""
    language = request_language(request.headers)
    with services.read_models.read() as tx:
        muted = set(muted_emails(tx, company_account_id(principal)))
    kinds = [
        {"kind": k, "label": TRANSLATED[k].get(language, TEMPLATES[k]).label, "enabled": k not in muted}
        for k in KINDS
    ]
    return {"kinds": kinds}


@router.get("/email-preferences", response_model=Envelope[EmailPreferences], responses=error_responses(404))
def email_preferences(principal: CustomerUser, services: ServicesDep, request: Request) -> Response:
    """The kinds of booking e-mail the caller gets (quote ready, booking confirmed, ...), each on or off."""
    return success(_preferences(services, principal, request))


@router.put("/email-preferences", response_model=Envelope[EmailPreferences], responses=error_responses(404))
def set_email_preferences(
    body: EmailPreferencesBody,
    principal: CustomerUser,
    services: ServicesDep,
    command: CommandDep,
    request: Request,
) -> Response:
    """Turn the kinds named in `muted` off, every other kind on."""
    command(
        services.accounts.set_email_preferences, company_account_id(principal), body.muted, principal.actor
    )
    return success(_preferences(services, principal, request))


@router.put(
    "/profile/language", response_model=Envelope[LanguageChoice], responses=error_responses(400, 403, 404)
)
def choose_language(
    body: LanguageBody, principal: CurrentUser, services: ServicesDep, command: CommandDep
) -> Response:
    """The caller's own language (`en` or `fa`) for the portal, its e-mails and its notifications: any
    signed-in person, customer, staff member or auditor; `/auth/api/v1/me` answers it from then on."""
    if not principal.is_person:
        raise Forbidden("The language is a signed-in person's own choice")
    command(services.accounts.choose_language, principal.account_id, body.language, principal.actor)
    with services.read_models.read() as tx:
        chosen = language_of(tx, principal.account_id) or body.language
    return success({"language": chosen})
