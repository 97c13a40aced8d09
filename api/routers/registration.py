"""/account/api/v1/client/*/register/*: sign-up of individuals, domestic and foreign companies (000 s.7).

Wire keys are the specification's, misspellings included (`indivisual`, `Indivisual`, `econimicCode`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import Response

from api.bootstrap import Services
from api.edge.deps import Command, CommandDep, ServicesDep, client_address
from api.edge.envelope import success
from api.edge.errors import StoredNotShown
from api.mapping import REGISTER_COMPANY, wire_fields
from api.openapi import operation_ids
from api.schemas.envelope import Envelope, error_responses
from api.schemas.registration import (
    CompanyBody,
    Finalized,
    IndividualBody,
    ResendDomesticBody,
    ResendIndividualBody,
    StartBody,
    Started,
    VerificationCodeResent,
    Verified,
    VerifyBody,
)
from domain.accounts import forms
from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, INDIVIDUAL
from domain.accounts.application import AccountsApplication
from domain.accounts.registration import CODE_LIFETIME, RESEND_COOLDOWN, Registration, needs_verification
from domain.shared.actor import visitor
from domain.shared.errors import ValidationFailed
from domain.shared.languages import from_accept_language
from domain.shared.messages import message

router = APIRouter(
    prefix="/account/api/v1/client",
    tags=["registration"],
    generate_unique_id_function=operation_ids("registration"),
)

T = TypeVar("T")

PATHS = {
    INDIVIDUAL: "indivisual-customers",
    DOMESTIC_COMPANY: "domestic-corporate-customers",
    FOREIGN_COMPANY: "foreign-corporate-customers",
}


def _guard(services: Services, request: Request) -> None:
    services.limiters.signup_by_address.take(client_address(request))


def _start(kind: int, body: StartBody, request: Request, services: Services, command: Command) -> Response:
    # A new sign-up: an Iranian identifier's check digit must hold (verify and resend name a stored one).
    identity = forms.identity(body.national_id, signing_up=kind)
    phone = forms.phone(body.phone) if needs_verification(kind) else ""
    _guard(services, request)
    step = command.returning(services.accounts.start_registration, kind, identity, phone, visitor(identity))
    return success(
        {
            "firstStep": step,
            "verify": step == 4,
            "type": 1 if kind == INDIVIDUAL else 2,
            "isForeign": kind == FOREIGN_COMPANY,
            "nationalId": identity,
        }
    )


STARTED: dict[str, Any] = {"response_model": Envelope[Started], "responses": error_responses(429)}


@router.post("/indivisual-customers/register/start", **STARTED)
def start_individual(
    body: StartBody, request: Request, services: ServicesDep, command: CommandDep
) -> Response:
    return _start(INDIVIDUAL, body, request, services, command)


@router.post("/domestic-corporate-customers/register/start", **STARTED)
def start_domestic(body: StartBody, request: Request, services: ServicesDep, command: CommandDep) -> Response:
    return _start(DOMESTIC_COMPANY, body, request, services, command)


@router.post("/foreign-corporate-customers/register/start", **STARTED)
def start_foreign(body: StartBody, request: Request, services: ServicesDep, command: CommandDep) -> Response:
    return _start(FOREIGN_COMPANY, body, request, services, command)


def _code_to(phone: str, services: Services, send: Callable[[], T], sent: Callable[[T], bool] = bool) -> T:
    """Run `send`, which may send a verification code to `phone`, within the number's allowance: counted
    first (concurrent sign-ups on any worker cannot overtake it), given back when no code went out."""
    allowance = services.limiters.codes_by_phone
    allowance.take(phone)
    try:
        result = send()
    except StoredNotShown:
        raise  # recorded, so the code goes out: it stays counted
    except BaseException:
        allowance.give_back(phone)
        raise
    if not sent(result):
        allowance.give_back(phone)
    return result


def _finalize(
    kind: int, identity: str, details: dict[str, Any], request: Request, services: Services, command: Command
) -> Response:
    _guard(services, request)
    verify = needs_verification(kind)
    now, actor = datetime.now(UTC), visitor(identity)
    # The sign-up's messages (its code, a decline) and, once accepted, the account's e-mails speak the
    # language the sign-up was made in; the web sends the language it shows as Accept-Language.
    language = from_accept_language(request.headers.get("accept-language"))
    if language is not None:
        details = {**details, "language": language}

    def finalize() -> Registration:
        accounts: AccountsApplication = services.accounts
        return command.returning(accounts.finalize_registration, kind, identity, details, now, actor)

    registration: Registration = (
        _code_to(str(details.get("phone", "")), services, finalize) if verify else finalize()
    )
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


FINALIZED: dict[str, Any] = {"response_model": Envelope[Finalized], "responses": error_responses(404, 429)}


@router.post("/indivisual-customers/register/finalize", **FINALIZED)
def finalize_individual(
    body: IndividualBody, request: Request, services: ServicesDep, command: CommandDep
) -> Response:
    details = forms.individual_registration(body.form())
    return _finalize(INDIVIDUAL, details["nationalId"], details, request, services, command)


def _company_identity(body: CompanyBody) -> str:
    return forms.identity(body.national_code, "national_code", message("accounts.identity.invalid"))


@router.post("/domestic-corporate-customers/register/finalize", **FINALIZED)
def finalize_domestic(
    body: CompanyBody, request: Request, services: ServicesDep, command: CommandDep
) -> Response:
    if body.is_foreign:
        raise ValidationFailed({"isForeign": message("accounts.isForeign.foreign")})
    try:
        details = forms.domestic_registration(body.form())
    except ValidationFailed as error:
        raise wire_fields(error, REGISTER_COMPANY) from error
    return _finalize(DOMESTIC_COMPANY, _company_identity(body), details, request, services, command)


@router.post("/foreign-corporate-customers/register/finalize", **FINALIZED)
def finalize_foreign(
    body: CompanyBody, request: Request, services: ServicesDep, command: CommandDep
) -> Response:
    if body.is_foreign is False:
        raise ValidationFailed({"isForeign": message("accounts.isForeign.domestic")})
    details = forms.foreign_registration(body.form())
    return _finalize(FOREIGN_COMPANY, _company_identity(body), details, request, services, command)


def _verify(kind: int, body: VerifyBody, request: Request, services: Services, command: Command) -> Response:
    identity = forms.identity(body.national_id)
    code = f"{body.code:05d}" if isinstance(body.code, int) else body.code.strip()
    if len(code) != 5 or not code.isdigit():
        raise ValidationFailed({"code": message("accounts.code.digits")})
    limits = services.limiters
    with (
        limits.verify_by_registration.attempt(identity),
        limits.verify_by_address.attempt(client_address(request)),
    ):
        command(
            services.accounts.verify_registration, kind, identity, code, datetime.now(UTC), visitor(identity)
        )
    return success({"nationalId": identity, "verified": True, "state": "pending"})


# The individual verify path is capitalised in the specification; the lower-case spelling answers too.
VERIFIED: dict[str, Any] = {"response_model": Envelope[Verified], "responses": error_responses(404, 429)}


@router.post("/Indivisual-customers/register/verify", **VERIFIED)
@router.post("/indivisual-customers/register/verify", include_in_schema=False, **VERIFIED)
def verify_individual(
    body: VerifyBody, request: Request, services: ServicesDep, command: CommandDep
) -> Response:
    return _verify(INDIVIDUAL, body, request, services, command)


@router.post("/domestic-corporate-customers/register/verify", **VERIFIED)
def verify_domestic(
    body: VerifyBody, request: Request, services: ServicesDep, command: CommandDep
) -> Response:
    return _verify(DOMESTIC_COMPANY, body, request, services, command)


def _resend(
    kind: int, identity: str, phone: str, request: Request, services: Services, command: Command
) -> Response:
    _guard(services, request)
    # Answered alike whether a code went out or not (unknown id, other phone, too soon); a number
    # past its allowance is refused whatever the id, so the refusal tells nothing about the id either.
    resend = partial(
        command, services.accounts.resend_code, kind, identity, phone, datetime.now(UTC), visitor(identity)
    )
    _code_to(phone, services, resend, sent=lambda position: position is not None)
    # A new code brings new tries; reset for every id alike, so the reset tells nothing either.
    services.limiters.verify_by_registration.reset(identity)
    return success(
        {
            "nationalId": identity,
            "codeValidSeconds": int(CODE_LIFETIME.total_seconds()),
            "resendAfterSeconds": int(RESEND_COOLDOWN.total_seconds()),
        }
    )


RESENT: dict[str, Any] = {
    "response_model": Envelope[VerificationCodeResent],
    "responses": error_responses(404, 429),
}


@router.post("/indivisual-customers/register/resend", **RESENT)
def resend_individual(
    body: ResendIndividualBody, request: Request, services: ServicesDep, command: CommandDep
) -> Response:
    identity, phone = forms.identity(body.national_id), forms.phone(body.phone)
    return _resend(INDIVIDUAL, identity, phone, request, services, command)


@router.post("/domestic-corporate-customers/register/resend", **RESENT)
def resend_domestic(
    body: ResendDomesticBody, request: Request, services: ServicesDep, command: CommandDep
) -> Response:
    identity = forms.identity(body.national_code, "national_code")
    return _resend(DOMESTIC_COMPANY, identity, forms.phone(body.phone), request, services, command)
