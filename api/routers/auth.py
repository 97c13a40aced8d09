"""/auth/api/v1: log in (specification 000, sections 4 and 7)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request

from api.deps import CurrentUser, ServicesDep, client_address
from api.envelope import success
from api.openapi import operation_ids
from api.schemas.auth import LoginAnswer, LoginBody, Me
from api.schemas.envelope import Envelope, error_responses
from api.security import Principal, issue_token
from domain.accounts.passwords import password_matches
from domain.shared.errors import Unauthorized, ValidationFailed
from domain.shared.messages import message
from projections.accounts import find_by_username

router = APIRouter(prefix="/auth/api/v1", tags=["auth"], generate_unique_id_function=operation_ids("auth"))

REQUIRED = message("common.required")


@router.post("/login", response_model=Envelope[LoginAnswer], responses=error_responses(401, 429))
def login(body: LoginBody, request: Request, services: ServicesDep) -> Any:
    missing = {name: REQUIRED for name in ("username", "password") if not getattr(body, name)}
    if missing:
        raise ValidationFailed(missing)
    username = body.username.strip()
    keys = (f"user:{username.lower()}",)
    address = (f"addr:{client_address(request)}",)
    services.limiters.login_by_username.check(*keys)
    services.limiters.login_by_address.check(*address)
    with services.read_models.read() as tx:
        account = find_by_username(tx, username)
    if account is None or not password_matches(account["password_hash"], body.password):
        services.limiters.login_by_username.record(*keys)
        services.limiters.login_by_address.record(*address)
        raise Unauthorized("Invalid username or password")
    services.limiters.login_by_username.reset(*keys)
    principal = Principal(
        account_id=account["id"],
        account_type=int(account["account_type"]),
        roles=tuple(json.loads(account["roles"])),
        username=account["username"],
    )
    token = issue_token(principal, services.jwt_secret)
    answer = LoginAnswer(token=token, accountType=principal.account_type, roles=list(principal.roles))
    return success(answer)


@router.get("/me", response_model=Envelope[Me])
def me(principal: CurrentUser) -> Any:
    """Who the token belongs to: the web app needs the account id for the notification paths."""
    return success(
        {
            "id": principal.account_id,
            "accountType": principal.account_type,
            "roles": list(principal.roles),
            "username": principal.username,
        }
    )
