"""/auth/api/v1: password reset by e-mailed link, and change of password when logged in."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel

from api.deps import CurrentUser, ServicesDep, client_address
from api.envelope import success
from domain.accounts import forms
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
    limits = services.limiters.accounts
    by_id, by_address = (f"id:{username.lower()}",), (f"addr:{client_address(request)}",)
    limits.reset_by_national_id.check(*by_id)
    limits.reset_by_address.check(*by_address)
    limits.reset_by_national_id.record(*by_id)
    limits.reset_by_address.record(*by_address)
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
    key = (f"addr:{client_address(request)}",)
    limiter = services.limiters.accounts.reset_token_by_address
    limiter.check(*key)
    try:
        position = services.accounts.reset_password(
            nationalID.strip(),
            token,
            password,  # type: ignore[union-attr]
            datetime.now(UTC),
        )
    except ValidationFailed:
        limiter.record(*key)
        raise
    services.settle(position)
    return success({"message": "Password changed"})


@router.put("/change-password", operation_id="changePassword", response_model=None)
def change_password(body: ChangeBody, principal: CurrentUser, services: ServicesDep) -> Any:
    password = forms.new_password(
        body.newPassword, body.confirmNewPassword, body.currentPassword, with_current=True
    )
    key = (f"account:{principal.account_id}",)
    limiter = services.limiters.accounts.change_password_by_account
    limiter.check(*key)
    try:
        position = services.accounts.change_password(
            principal.account_id, body.currentPassword or "", password, principal.actor
        )
    except ValidationFailed:
        limiter.record(*key)
        raise
    limiter.reset(*key)
    services.settle(position)
    return success({"message": "Password changed"})
