"""/auth/api/v1: password reset by e-mailed link, and change of password when logged in."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel

from api.deps import CurrentUser, ServicesDep, client_address
from api.envelope import success
from api.security import issue_token
from domain.accounts import forms
from domain.accounts.account import account_id
from domain.shared.errors import ValidationFailed

router = APIRouter(prefix="/auth/api/v1", tags=["passwords"])

SENT = "If the national ID has an account, we sent a link to its e-mail address"


class ResetBody(BaseModel):
    token: str | None = None
    newPassword: str | None = None
    confirmNewPassword: str | None = None


class ChangeBody(BaseModel):
    currentPassword: str | None = None
    newPassword: str | None = None
    confirmNewPassword: str | None = None


@router.get("/{nationalID}/reset-password/token", operation_id="requestReset", response_model=None)
def request_reset(nationalID: str, request: Request, services: ServicesDep) -> Any:
    """The same answer whether the national id has an account or not, and counted the same (no probing)."""
    username = nationalID.strip()
    limits = services.limiters
    limits.reset_by_national_id.take(f"id:{username.lower()}")
    limits.reset_by_address.take(client_address(request))
    position = services.accounts.request_password_reset(username, datetime.now(UTC))
    if position is not None:
        services.settle(position)
    return success({"message": SENT})


@router.put("/{nationalID}/reset-password", operation_id="resetPassword", response_model=None)
def reset_password(nationalID: str, body: ResetBody, request: Request, services: ServicesDep) -> Any:
    token = (body.token or "").strip()
    if not token:
        raise ValidationFailed({"token": "Invalid or missing token and national ID."})
    password = forms.new_password(body.newPassword, body.confirmNewPassword)
    with services.limiters.reset_token_by_address.attempt(client_address(request)):
        position = services.accounts.reset_password(
            nationalID.strip(),
            token,
            password,  # type: ignore[union-attr]
            datetime.now(UTC),
        )
    services.settle(position)
    services.sessions.note(str(account_id(nationalID.strip())), position)
    return success({"message": "Password changed"})


@router.put("/change-password", operation_id="changePassword", response_model=None)
def change_password(body: ChangeBody, principal: CurrentUser, services: ServicesDep) -> Any:
    password = forms.new_password(
        body.newPassword, body.confirmNewPassword, body.currentPassword, with_current=True
    )
    limiter = services.limiters.change_password_by_account
    with limiter.attempt(principal.account_id):
        position = services.accounts.change_password(
            principal.account_id, body.currentPassword or "", password, principal.actor
        )
    limiter.reset(principal.account_id)  # the owner proved the password: earlier slips are forgiven
    services.settle(position)
    services.sessions.note(principal.account_id, position)
    # Every earlier session of the account ends, this one too; the caller, who just proved the password,
    # gets a new token to go on with.
    renewed = replace(principal, credentials_position=position)
    return success({"message": "Password changed", "token": issue_token(renewed, services.jwt_secret)})
