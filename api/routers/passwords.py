"""/auth/api/v1: password reset by e-mailed link, and change of password when logged in."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from fastapi import APIRouter, Request
from fastapi.responses import Response

from api.edge.deps import CommandDep, CurrentUser, ServicesDep, client_address
from api.edge.envelope import success
from api.edge.security import issue_token
from api.openapi import operation_ids
from api.schemas.auth import ChangeBody, PasswordChanged, ResetBody
from api.schemas.envelope import Envelope, Message, error_responses
from domain.accounts import forms
from domain.shared.digits import latin_digits
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message

router = APIRouter(
    prefix="/auth/api/v1", tags=["passwords"], generate_unique_id_function=operation_ids("passwords")
)

SENT = "If the national ID has an account, we sent a link to its e-mail address"


@router.get(
    "/{nationalID}/reset-password/token", response_model=Envelope[Message], responses=error_responses(429)
)
def request_reset(nationalID: str, request: Request, services: ServicesDep, command: CommandDep) -> Response:
    """The same answer whether the national id has an account or not, and counted the same (no probing)."""
    username = latin_digits(nationalID.strip())  # typed on a Persian keyboard too (record 3001)
    limits = services.limiters
    limits.reset_by_national_id.take(f"id:{username.lower()}")
    limits.reset_by_address.take(client_address(request))
    command(services.accounts.request_password_reset, username, datetime.now(UTC))
    return success({"message": SENT})


@router.put("/{nationalID}/reset-password", response_model=Envelope[Message], responses=error_responses(429))
def reset_password(
    nationalID: str, body: ResetBody, request: Request, services: ServicesDep, command: CommandDep
) -> Response:
    token = (body.token or "").strip()
    if not token:
        raise ValidationFailed({"token": message("accounts.resetToken.missing")})
    password = forms.new_password(body.new_password, body.confirm_new_password, related=[nationalID.strip()])
    with services.limiters.reset_token_by_address.attempt(client_address(request)):
        command.ending_sessions(
            str(services.accounts.login_id(nationalID.strip())),
            services.accounts.reset_password,
            nationalID.strip(),
            token,
            password,
            datetime.now(UTC),
        )
    return success({"message": "Password changed"})


@router.put("/change-password", response_model=Envelope[PasswordChanged], responses=error_responses(429))
def change_password(
    body: ChangeBody, principal: CurrentUser, services: ServicesDep, command: CommandDep
) -> Response:
    password = forms.new_password(
        body.new_password,
        body.confirm_new_password,
        body.current_password,
        with_current=True,
        related=[principal.username],
    )
    limiter = services.limiters.change_password_by_account
    with limiter.attempt(principal.account_id):
        position = command.ending_sessions(
            principal.account_id,
            services.accounts.change_password,
            principal.account_id,
            body.current_password or "",
            password,
            principal.actor,
        )
    limiter.reset(principal.account_id)  # the owner proved the password: earlier slips are forgiven
    # Every earlier session of the account ends, this one too; the caller, who just proved the password,
    # gets a new token to go on with.
    renewed = replace(principal, credentials_position=position or principal.credentials_position)
    return success({"message": "Password changed", "token": issue_token(renewed, services.jwt_secret)})
