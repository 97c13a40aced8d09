"""/auth/api/v1: password reset by e-mailed link, and change of password when logged in."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request

from api.deps import CommandDep, CurrentUser, ServicesDep, client_address
from api.envelope import success
from api.openapi import operation_ids
from api.schemas.auth import ChangeBody, ResetBody
from api.schemas.envelope import Envelope, Message, error_responses
from domain.accounts import forms
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message

router = APIRouter(
    prefix="/auth/api/v1", tags=["passwords"], generate_unique_id_function=operation_ids("passwords")
)

SENT = "If the national ID has an account, we sent a link to its e-mail address"


@router.get(
    "/{nationalID}/reset-password/token", response_model=Envelope[Message], responses=error_responses(429)
)
def request_reset(nationalID: str, request: Request, services: ServicesDep, command: CommandDep) -> Any:
    """The same answer whether the national id has an account or not, and counted the same (no probing)."""
    username = nationalID.strip()
    limits = services.limiters.accounts
    by_id, by_address = (f"id:{username.lower()}",), (f"addr:{client_address(request)}",)
    limits.reset_by_national_id.check(*by_id)
    limits.reset_by_address.check(*by_address)
    limits.reset_by_national_id.record(*by_id)
    limits.reset_by_address.record(*by_address)
    command(services.accounts.request_password_reset, username, datetime.now(UTC))
    return success({"message": SENT})


@router.put("/{nationalID}/reset-password", response_model=Envelope[Message], responses=error_responses(429))
def reset_password(
    nationalID: str, body: ResetBody, request: Request, services: ServicesDep, command: CommandDep
) -> Any:
    token = (body.token or "").strip()
    if not token:
        raise ValidationFailed({"token": message("accounts.resetToken.missing")})
    password = forms.new_password(body.newPassword, body.confirmNewPassword)
    key = (f"addr:{client_address(request)}",)
    limiter = services.limiters.accounts.reset_token_by_address
    limiter.check(*key)
    try:
        command(services.accounts.reset_password, nationalID.strip(), token, password, datetime.now(UTC))
    except ValidationFailed:
        limiter.record(*key)
        raise
    return success({"message": "Password changed"})


@router.put("/change-password", response_model=Envelope[Message], responses=error_responses(429))
def change_password(
    body: ChangeBody, principal: CurrentUser, services: ServicesDep, command: CommandDep
) -> Any:
    password = forms.new_password(
        body.newPassword, body.confirmNewPassword, body.currentPassword, with_current=True
    )
    key = (f"account:{principal.account_id}",)
    limiter = services.limiters.accounts.change_password_by_account
    limiter.check(*key)
    try:
        command(
            services.accounts.change_password,
            principal.account_id,
            body.currentPassword or "",
            password,
            principal.actor,
        )
    except ValidationFailed:
        limiter.record(*key)
        raise
    limiter.reset(*key)
    return success({"message": "Password changed"})
