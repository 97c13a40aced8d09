"""/account/api/v1/client/*/register/*: sign-up of individuals, domestic and foreign companies (000 s.7).

Wire keys are the specification's, misspellings included (`indivisual`, `Indivisual`, `econimicCode`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel

from api.deps import ServicesDep, client_address
from api.envelope import success
from domain.accounts import forms
from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, INDIVIDUAL
from domain.accounts.registration import CODE_LIFETIME, RESEND_COOLDOWN, Registration, needs_verification
from domain.shared.actor import visitor
from domain.shared.errors import ValidationFailed

router = APIRouter(prefix="/account/api/v1/client", tags=["registration"])

PATHS = {
    INDIVIDUAL: "indivisual-customers",
    DOMESTIC_COMPANY: "domestic-corporate-customers",
    FOREIGN_COMPANY: "foreign-corporate-customers",
}


class StartBody(BaseModel):
    nationalId: str
    phone: str | None = None


class IndividualBody(BaseModel):
    firstName: str | None = None
    lastName: str | None = None
    birthDate: str | None = None
    nationalId: str | None = None
    phone: str | None = None
    fax: str | None = None
    email: str | None = None
    address: str | None = None
    postalCode: str | None = None


class CompanyBody(BaseModel):
    # `econimicCode` is the specification's spelling of the wire key.
    isForeign: bool | None = None
    name: str | None = None
    contactPerson: str | None = None
    econimicCode: str | None = None
    registrationCode: str | None = None
    nationalCode: str | None = None
    phone: str | None = None
    fax: str | None = None
    email: str | None = None
    address: str | None = None
    postalCode: str | None = None


class VerifyBody(BaseModel):
    nationalId: str
    code: str | int


class ResendIndividualBody(BaseModel):
    nationalId: str
    phone: str


class ResendDomesticBody(BaseModel):
    nationalCode: str
    phone: str


def _guard(services: Any, request: Request) -> None:
    services.limiters.signup_by_address.take(client_address(request))


def _start(kind: int, body: StartBody, request: Request, services: Any) -> Any:
    identity = forms.identity(body.nationalId)
    phone = forms.phone(body.phone) if needs_verification(kind) else ""
    _guard(services, request)
    step, position = services.accounts.start_registration(kind, identity, phone, visitor(identity))
    if position is not None:
        services.settle(position)
    return success(
        {
            "firstStep": step,
            "verify": step == 4,
            "type": 1 if kind == INDIVIDUAL else 2,
            "isForeign": kind == FOREIGN_COMPANY,
            "nationalId": identity,
        }
    )


@router.post("/indivisual-customers/register/start", operation_id="startIndividual", response_model=None)
def start_individual(body: StartBody, request: Request, services: ServicesDep) -> Any:
    return _start(INDIVIDUAL, body, request, services)


@router.post(
    "/domestic-corporate-customers/register/start", operation_id="startDomestic", response_model=None
)
def start_domestic(body: StartBody, request: Request, services: ServicesDep) -> Any:
    return _start(DOMESTIC_COMPANY, body, request, services)


@router.post("/foreign-corporate-customers/register/start", operation_id="startForeign", response_model=None)
def start_foreign(body: StartBody, request: Request, services: ServicesDep) -> Any:
    return _start(FOREIGN_COMPANY, body, request, services)


def _finalize(kind: int, identity: str, details: dict[str, Any], request: Request, services: Any) -> Any:
    _guard(services, request)
    registration: Registration
    registration, position = services.accounts.finalize_registration(
        kind, identity, details, datetime.now(UTC), visitor(identity)
    )
    services.settle(position)
    verify = needs_verification(kind)
    return success(
        {
            "nationalId": identity,
            "state": registration.state,
            "stateCode": registration.state_code,
            "verify": verify,
            "codeValidSeconds": int(CODE_LIFETIME.total_seconds()) if verify else None,
            "resendAfterSeconds": int(RESEND_COOLDOWN.total_seconds()) if verify else None,
        }
    )


@router.post(
    "/indivisual-customers/register/finalize", operation_id="finalizeIndividual", response_model=None
)
def finalize_individual(body: IndividualBody, request: Request, services: ServicesDep) -> Any:
    details = forms.individual_registration(body.model_dump())
    return _finalize(INDIVIDUAL, details["nationalId"], details, request, services)


def _company_identity(body: CompanyBody) -> str:
    return forms.identity(body.nationalCode, "nationalCode", "Invalid national code.")


@router.post(
    "/domestic-corporate-customers/register/finalize", operation_id="finalizeDomestic", response_model=None
)
def finalize_domestic(body: CompanyBody, request: Request, services: ServicesDep) -> Any:
    if body.isForeign:
        raise ValidationFailed({"isForeign": "A foreign company signs up with the foreign-company call"})
    details = forms.domestic_registration(body.model_dump())
    return _finalize(DOMESTIC_COMPANY, _company_identity(body), details, request, services)


@router.post(
    "/foreign-corporate-customers/register/finalize", operation_id="finalizeForeign", response_model=None
)
def finalize_foreign(body: CompanyBody, request: Request, services: ServicesDep) -> Any:
    if body.isForeign is False:
        raise ValidationFailed({"isForeign": "A domestic company signs up with the domestic-company call"})
    details = forms.foreign_registration(body.model_dump())
    details.pop("economicCode", None)
    return _finalize(FOREIGN_COMPANY, _company_identity(body), details, request, services)


def _verify(kind: int, body: VerifyBody, request: Request, services: Any) -> Any:
    identity = forms.identity(body.nationalId)
    code = f"{body.code:05d}" if isinstance(body.code, int) else body.code.strip()
    if len(code) != 5 or not code.isdigit():
        raise ValidationFailed({"code": "The code is 5 digits"})
    limits = services.limiters
    with (
        limits.verify_by_registration.attempt(identity),
        limits.verify_by_address.attempt(client_address(request)),
    ):
        position = services.accounts.verify_registration(
            kind, identity, code, datetime.now(UTC), visitor(identity)
        )
    services.settle(position)
    return success({"nationalId": identity, "verified": True, "state": "pending"})


# The individual verify path is capitalised in the specification; the lower-case spelling answers too.
@router.post("/Indivisual-customers/register/verify", operation_id="verifyIndividual", response_model=None)
@router.post("/indivisual-customers/register/verify", include_in_schema=False, response_model=None)
def verify_individual(body: VerifyBody, request: Request, services: ServicesDep) -> Any:
    return _verify(INDIVIDUAL, body, request, services)


@router.post(
    "/domestic-corporate-customers/register/verify", operation_id="verifyDomestic", response_model=None
)
def verify_domestic(body: VerifyBody, request: Request, services: ServicesDep) -> Any:
    return _verify(DOMESTIC_COMPANY, body, request, services)


def _resend(kind: int, identity: str, phone: str, request: Request, services: Any) -> Any:
    _guard(services, request)
    position = services.accounts.resend_code(kind, identity, phone, datetime.now(UTC), visitor(identity))
    services.settle(position)
    return success(
        {
            "nationalId": identity,
            "codeValidSeconds": int(CODE_LIFETIME.total_seconds()),
            "resendAfterSeconds": int(RESEND_COOLDOWN.total_seconds()),
        }
    )


@router.post("/indivisual-customers/register/resend", operation_id="resendIndividual", response_model=None)
def resend_individual(body: ResendIndividualBody, request: Request, services: ServicesDep) -> Any:
    return _resend(INDIVIDUAL, forms.identity(body.nationalId), forms.phone(body.phone), request, services)


@router.post(
    "/domestic-corporate-customers/register/resend", operation_id="resendDomestic", response_model=None
)
def resend_domestic(body: ResendDomesticBody, request: Request, services: ServicesDep) -> Any:
    identity = forms.identity(body.nationalCode, "nationalCode")
    return _resend(DOMESTIC_COMPANY, identity, forms.phone(body.phone), request, services)
