"""/auth/api/v1: log in (specification 000, sections 4 and 7)."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from api.edge.deps import CommandDep, CurrentUser, ServicesDep, client_address
from api.edge.envelope import success
from api.edge.identity import REQUIRED as NO_CREDENTIAL
from api.edge.identity import company_account_id, identify, presented
from api.edge.security import Principal, issue_token, read_token
from api.openapi import operation_ids
from api.schemas.auth import LoginAnswer, LoginBody, Me
from api.schemas.envelope import Envelope, Message, error_responses
from domain.integrations.api_key import looks_like_key
from domain.shared.digits import latin_digits
from domain.shared.errors import TooManyAttempts, Unauthorized, ValidationFailed
from domain.shared.languages import DEFAULT, from_accept_language
from domain.shared.messages import message
from domain.tracking.publisher_key import looks_like_publisher_key
from projections.accounts import find_by_username, language_of
from projections.profiles import profile_language
from projections.team import membership

router = APIRouter(prefix="/auth/api/v1", tags=["auth"], generate_unique_id_function=operation_ids("auth"))

REQUIRED = message("common.required")
LOGGED_OUT = "Logged out"


@router.post("/login", response_model=Envelope[LoginAnswer], responses=error_responses(401, 429))
def login(body: LoginBody, request: Request, services: ServicesDep) -> Response:
    missing = {name: REQUIRED for name in ("username", "password") if not getattr(body, name)}
    if missing:
        raise ValidationFailed(missing)
    # A national ID typed on a Persian keyboard is the same username (record 3001).
    username = latin_digits(body.username.strip())
    address = client_address(request)
    by_address = services.limiters.login_by_address
    # Counted before the password is checked (one atomic step): concurrent guesses cannot overtake the limit.
    by_address.take(address)  # one address guessing many accounts
    try:
        services.login_throttle.take(username, address)  # one account guessed from this address
    except TooManyAttempts:
        by_address.give_back(address)  # not checked, so not this address's failure
        raise
    with services.read_models.read() as tx:
        account = find_by_username(tx, username)
        team = membership(tx, account["id"]) if account else None
    # An unknown user costs the same argon2 verify as a wrong password (no timing oracle).
    matches = services.accounts.passwords.matches(
        account["password_hash"] if account else None, body.password
    )
    # A colleague removed from the company's team (or invited again, not yet back) logs in no more.
    if team is not None and team["state"] != "active":
        matches = False
    if account is None or not matches:
        raise Unauthorized("Invalid username or password")
    by_address.give_back(address)
    services.login_throttle.succeeded(username, address)
    principal = Principal(
        account_id=account["id"],
        account_type=int(account["account_type"]),
        roles=tuple(json.loads(account["roles"])),
        username=account["username"],
        credentials_position=int(account["credentials_position"]),
    )
    token = issue_token(principal, services.jwt_secret)
    answer = LoginAnswer(token=token, account_type=principal.account_type, roles=list(principal.roles))
    return success(answer)


@router.post("/logout-all", response_model=Envelope[Message], responses=error_responses())
def logout_all(principal: CurrentUser, services: ServicesDep, command: CommandDep) -> Response:
    """End every session of the caller's account, this one included: refused at every door from now on."""
    account = principal.account_id
    command.ending_sessions(account, services.accounts.end_sessions, account, principal.actor)
    return success({"message": "Logged out of all sessions"})


async def session_to_end(request: Request) -> Principal:
    """The session a log-out ends: the presented token's, by its signature and expiry alone (its session may
    have ended already: logging out again is no error). A key is no session: refused as at every portal
    door."""
    credential = presented(request)
    if not credential or looks_like_key(credential) or looks_like_publisher_key(credential):
        await identify(request)  # 401 without a credential, 403 for a key
        raise Unauthorized(NO_CREDENTIAL)
    return read_token(credential, request.app.state.services.jwt_secret)


@router.post("/logout", response_model=Envelope[Message], responses=error_responses())
def logout(session: Annotated[Principal, Depends(session_to_end)], services: ServicesDep) -> Response:
    """End this session only (decision 3901): its token is refused at every door, the event stream included,
    from now on; the account's other sessions go on. Idempotent: a session ended already answers the same,
    recording nothing."""
    try:
        principal = services.sessions.check_member(session)
    except Unauthorized:
        return success({"message": LOGGED_OUT})
    # Ended at the doors first, so a failure to record it still leaves the session ended. No read model shows
    # the event but the audit's: the answer waits for none.
    services.sessions.log_out(principal)
    services.accounts.log_out(principal.account_id, principal.actor)
    return success({"message": LOGGED_OUT})


@router.get("/me", response_model=Envelope[Me])
def me(principal: CurrentUser, request: Request, services: ServicesDep) -> Response:
    """Who the token belongs to: the web app needs the account id for the notification paths, and the
    language to speak: the person's choice; without one the profile's (a sign-up's language, kept at
    acceptance), then the browser's Accept-Language, else English."""
    with services.read_models.read() as tx:
        chosen = language_of(tx, principal.account_id) or profile_language(tx, principal.account_id)
    language = chosen or from_accept_language(request.headers.get("accept-language")) or DEFAULT
    return success(
        {
            "id": principal.account_id,
            "accountType": principal.account_type,
            "roles": list(principal.roles),
            "username": principal.username,
            "companyId": company_account_id(principal),
            "teamRole": principal.team_role,
            "language": language,
        }
    )
