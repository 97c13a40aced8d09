"""/account/api/v1/admin: staff review of registrations and profile edit requests (admin only)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

from api.bootstrap import Services
from api.edge.deps import AdminUser, CommandDep, ServicesDep
from api.edge.envelope import success
from api.erasure import Erasure, erase_customer, erase_sign_up
from api.openapi import operation_ids
from api.presenters import customers
from api.presenters.attention import needs_attention
from api.schemas.accounts_admin import (
    ApproveEditBody,
    Decided,
    DeclineBody,
    DeclineEditBody,
    EditDecided,
    EditRequest,
    EditRequestSummary,
    EraseBody,
    ErasedCustomer,
    ErasedSignUp,
    RegistrationDetail,
    RegistrationSummary,
)
from api.schemas.envelope import Envelope, Paged, error_responses
from domain.accounts import forms
from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, INDIVIDUAL
from domain.shared.errors import NotFound
from domain.shared.lifecycle import lifecycle
from domain.shared.personal import person_name
from infrastructure.read_db import Tx
from projections import attention, profiles, registrations
from projections.booking.queries import customer_name

router = APIRouter(
    prefix="/account/api/v1/admin",
    tags=["accounts admin"],
    generate_unique_id_function=operation_ids("accounts_admin"),
)

KIND_PATHS = {
    "indivisual-customer": INDIVIDUAL,
    "domestic-corporate-customer": DOMESTIC_COMPANY,
    "foreign-corporate-customer": FOREIGN_COMPANY,
}
NOT_FOUND = "Registration request not found"


def _when(value: str | None) -> str | None:
    return value.replace("+00:00", "Z") if value else None


def _summary(row: dict[str, Any], parked: attention.Parked) -> dict[str, Any]:
    details = json.loads(row["details"])
    name = person_name(details.get("firstName"), details.get("lastName"), details.get("name"))
    return {
        "id": row["identity"],
        "registrationId": row["id"],
        "nationalId": row["identity"],
        "kind": row["kind"],
        "isForeign": row["kind"] == FOREIGN_COMPANY,
        "state": row["state"],
        "stateCode": row["state_code"],
        "stateLabel": lifecycle("registration").labels[row["state"]],
        "name": name,
        "phone": row["phone"],
        "email": details.get("email", ""),
        "createdAt": _when(row["submitted_at"] or row["started_at"]),
        "needsAttention": needs_attention(attention.of_registration(parked, row["id"], row["identity"])),
    }


def _decided(row: dict[str, Any]) -> dict[str, Any]:
    """Who decided (a staff member, by the name the staff read model gives) and when: staff's views only."""
    decided = row["decided_by"] is not None
    return {
        "decidedBy": row["decided_by_name"] or row["decided_by"] if decided else None,
        "decidedAt": _when(row["decided_at"]) if decided else None,
    }


def _detail(row: dict[str, Any], parked: attention.Parked) -> dict[str, Any]:
    details = json.loads(row["details"])
    meta = {**_summary(row, parked), "declineMessage": row["decline_message"], **_decided(row)}
    if row["kind"] == INDIVIDUAL:
        return {**meta, **customers.contact(details), **customers.person(details)}
    # `registerationCode` is the specification's spelling in the admin view.
    return {
        **meta,
        **customers.contact(details),
        "name": details.get("name", ""),
        "contactPerson": details.get("contactPerson", ""),
        "economicCode": details.get("economicCode", ""),
        "registerationCode": details.get("registrationCode", ""),
        "nationalCode": details.get("nationalCode", row["identity"]),
    }


def _registration(services: Services, identity: str, kinds: tuple[int, ...]) -> dict[str, Any]:
    """The detail of a sign-up of one of `kinds`, as staff see it."""
    with services.read_models.read() as tx:
        row = registrations.find(tx, identity)
        parked = attention.parked_by_aggregate(tx)
    if row is None or row["kind"] not in kinds or row["state"] == "started":
        raise NotFound(NOT_FOUND)
    return _detail(row, parked)


@router.get("/register-requests", response_model=Envelope[Paged[RegistrationSummary]])
def list_register_requests(
    _: AdminUser, services: ServicesDep, limit: int = Query(20, ge=1, le=100), page: int = Query(1, ge=1)
) -> Response:
    def listed(tx: Tx, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        parked = attention.parked_by_aggregate(tx)
        return [_summary(r, parked) for r in rows]

    return _staff_page(services, registrations.page, listed, page, limit)


def _staff_page(
    services: Services,
    find: Callable[[Tx, int, int], tuple[list[dict[str, Any]], int]],
    listed: Callable[[Tx, list[dict[str, Any]]], list[dict[str, Any]]],
    page: int,
    limit: int,
) -> Response:
    """A page of one of staff's lists: `find` reads the page's rows and the total, `listed` shows the rows."""
    with services.read_models.read() as tx:
        rows, total = find(tx, page, limit)
        items = listed(tx, rows)
    return success({"list": items, "totalCount": total, "page": page, "limit": limit})


@router.get(
    "/indivisual-customer/register-requests/{nationalId}", response_model=Envelope[RegistrationDetail]
)
def individual_request(nationalId: str, _: AdminUser, services: ServicesDep) -> Response:
    return success(_registration(services, nationalId, (INDIVIDUAL,)))


@router.get(
    "/domestic-corporate-customer/register-requests/{nationalId}", response_model=Envelope[RegistrationDetail]
)
def domestic_request(nationalId: str, _: AdminUser, services: ServicesDep) -> Response:
    return success(_registration(services, nationalId, (DOMESTIC_COMPANY,)))


# The specification's client reads domestic details from the foreign path too: it answers for both kinds.
@router.get(
    "/foreign-corporate-customer/register-requests/{nationalId}", response_model=Envelope[RegistrationDetail]
)
def foreign_request(nationalId: str, _: AdminUser, services: ServicesDep) -> Response:
    return success(_registration(services, nationalId, (FOREIGN_COMPANY, DOMESTIC_COMPANY)))


def _acceptor(kind: int) -> Callable[..., Response]:
    """Staff accept a sign-up of `kind`, named by its national ID."""

    def accept(nationalId: str, principal: AdminUser, services: ServicesDep, command: CommandDep) -> Response:
        command(services.accounts.accept_registration, kind, nationalId, datetime.now(UTC), principal.actor)
        return success(
            {
                "nationalId": nationalId,
                "state": "accepted",
                "stateCode": lifecycle("registration").code("accepted"),
            }
        )

    return accept


# One route per kind, each keeping its name (and so its operation id). The specification accepts an
# individual at the detail's own path; the screens' `/accept` path for it is kept, undocumented.
for kind_path, action, name, kind, documented in (
    ("indivisual-customer", "", "accept_individual", INDIVIDUAL, True),
    ("indivisual-customer", "/accept", "accept_individual", INDIVIDUAL, False),
    ("domestic-corporate-customer", "/accept", "accept_domestic", DOMESTIC_COMPANY, True),
    ("foreign-corporate-customer", "/accept", "accept_foreign", FOREIGN_COMPANY, True),
):
    router.add_api_route(
        f"/{kind_path}/register-requests/{{nationalId}}{action}",
        _acceptor(kind),
        methods=["POST"],
        response_model=Envelope[Decided],
        name=name,
        include_in_schema=documented,
    )


@router.post("/register-requests/{nationalId}/decline", response_model=Envelope[Decided])
def decline_registration(
    nationalId: str, body: DeclineBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Response:
    message = forms.decline_message(body.message)
    command(services.accounts.decline_registration, nationalId, message, principal.actor)
    return success(
        {
            "nationalId": nationalId,
            "state": "declined",
            "stateCode": lifecycle("registration").code("declined"),
        }
    )


@router.post(
    "/register-requests/{nationalId}/erase",
    response_model=Envelope[ErasedSignUp],
    responses=error_responses(404, 409),
)
def erase_registration(
    nationalId: str, body: EraseBody, principal: AdminUser, services: ServicesDep
) -> Response:
    """Erase the personal data of an applicant whose sign-up opened no login (declined, or never finished) for
    good; its identity number is free for a new sign-up (decision 3892). An accepted one is the customer's."""
    erasure = _erasure(services, lambda _sign_up, position: services.settle(position))
    erased = erase_sign_up(erasure, nationalId, body.reason, principal.actor)
    return success({"nationalId": nationalId.strip(), "erased": True, "keysDestroyed": erased.keys_destroyed})


# -- profile edit requests ----------------------------------------------------------------------------------
# Field names as the specification's review screen shows them (`EconimocCode`, `RegisterationCode` so spelt).
FIELD_NAMES = {
    "firstName": "FirstName",
    "lastName": "LastName",
    "birthDate": "BirthDate",
    "nationalId": "NationalId",
    "nationalCode": "NationalId",
    "phone": "Phone",
    "address": "Address",
    "postalCode": "PostalCode",
    "fax": "Fax",
    "email": "Email",
    "name": "Name",
    "economicCode": "EconimocCode",
    "registrationCode": "RegisterationCode",
    "contactPerson": "ContactPerson",
    "industry": "Industry",
    "destinations": "Destinations",
    "typeOfOperation": "TypeOfOperation",
}


def _review_fields(row: dict[str, Any]) -> list[dict[str, Any]]:
    current = json.loads(row["profile"])
    edited = json.loads(row["edited"]) if row["state"] == "pending" else {}
    fields = [
        {
            "fieldName": "Id",
            "key": "id",
            "currentValue": row["account_id"],
            "editedValue": None,
            "isEdited": False,
        },
        {
            "fieldName": "Username",
            "key": "username",
            "currentValue": row["username"],
            "editedValue": None,
            "isEdited": False,
        },
    ]
    for key in forms.PROFILE_FIELDS[row["account_type"]]:
        fields.append(
            {
                "fieldName": FIELD_NAMES[key],
                "key": key,
                "currentValue": current.get(key, ""),
                "editedValue": edited.get(key),
                "isEdited": key in edited,
            }
        )
    return fields


def _request_view(row: dict[str, Any]) -> dict[str, Any]:
    fields = _review_fields(row)
    return {
        # The specification's client reads the fields from `response.response`.
        "response": fields,
        "fields": fields,
        "id": row["id"],
        "nationalId": row["username"],
        "accountId": row["account_id"],
        "accountType": row["account_type"],
        "state": row["state"],
        "stateCode": row["state_code"],
        "declineMessage": row["decline_message"],
        "requestedAt": _when(row["requested_at"]),
    }


@router.get("/update-requests", response_model=Envelope[Paged[EditRequestSummary]])
def list_update_requests(
    _: AdminUser, services: ServicesDep, limit: int = Query(20, ge=1, le=100), page: int = Query(1, ge=1)
) -> Response:
    def listed(_: Tx, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            {
                **{k: v for k, v in _request_view(r).items() if k not in ("response", "fields")},
                "editedFields": [f["fieldName"] for f in _review_fields(r) if f["isEdited"]],
                # Who asks, by name (a person's first and last name, a company's name), as staff know them.
                "customerName": customer_name(
                    {"customer_profile": r["profile"], "customer_username": r["username"]}
                ),
            }
            for r in rows
        ]

    return _staff_page(services, profiles.pending_edit_requests, listed, page, limit)


@router.get("/{kind}/{nationalId}/update-request", response_model=Envelope[EditRequest])
def update_request(kind: str, nationalId: str, _: AdminUser, services: ServicesDep) -> Response:
    account_type = KIND_PATHS.get(kind)
    if account_type is None:
        raise NotFound("Not found")
    with services.read_models.read() as tx:
        row = profiles.edit_request_of(tx, nationalId)
    if row is None or row["account_type"] != account_type:
        raise NotFound("No edit request for this customer")
    return success({**_request_view(row), **_decided(row)})


@router.post(
    "/update-requests/approve", response_model=Envelope[EditDecided], responses=error_responses(404, 409)
)
def approve_update(
    body: ApproveEditBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.accounts.approve_profile_edit, body.national_id.strip(), principal.actor, body.edited)
    return success({"nationalId": body.national_id.strip(), "state": "approved"})


@router.post(
    "/update-requests/decline", response_model=Envelope[EditDecided], responses=error_responses(404, 409)
)
def decline_update(
    body: DeclineEditBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Response:
    message = forms.decline_message(body.message)
    command(
        services.accounts.decline_profile_edit,
        body.national_id.strip(),
        message,
        principal.actor,
        body.edited,
    )
    return success({"nationalId": body.national_id.strip(), "state": "declined"})


# -- erasure ------------------------------------------------------------------------------------------------
@router.post(
    "/customers/{accountId}/erase",
    response_model=Envelope[ErasedCustomer],
    responses=error_responses(404, 409),
)
def erase(accountId: str, body: EraseBody, principal: AdminUser, services: ServicesDep) -> Response:
    """Erase the customer's personal data for good (their keys are destroyed); business facts stay."""

    def recorded(account_id: str, position: int) -> None:
        services.sessions.end(account_id, position)
        services.settle(position)

    erased = erase_customer(_erasure(services, recorded), accountId, body.reason, principal.actor)
    return success({"accountId": erased.account_id, "erased": True, "keysDestroyed": erased.keys_destroyed})


def _erasure(services: Services, recorded: Callable[[str, int], None]) -> Erasure:
    """An erasure on this process's services; `recorded` is told of the erasure's id and store position."""
    return Erasure(
        services.settings,
        services.store,
        services.accounts,
        services.integrations,
        services.read_models,
        recorded,
    )
