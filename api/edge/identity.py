"""Who is calling: the one identity check behind every door.

Every dependency that names a caller (`api/edge/deps.py` for the portal, `api/edge/integration_auth.py` for
`/v2`, the live event stream) asks `identify`, so each door gets the same answers:

- a session token (bearer, or the `token` cookie where a door takes it: the event stream, which EventSource
  opens without headers) is good while its signature and expiry hold AND its session is alive: a token
  issued before the account's last new password, reset or log-out-everywhere is 401 at every door, asked
  fresh of the shared database on every request (`api/edge/sessions.py`);
- an API key (`Authorization: Bearer fbk_...` or `API-Key`) is a credential of its own, looked up by its
  hash among the keys not revoked, with one scope, `bookings`: it opens the doors that accept that scope
  (`/v2`) and is refused (403) everywhere else, managing keys and webhooks included (only a signed-in person
  does that);
- a publisher key (`fpk_...`) is a credential of its own too, issued by staff to a terminal, depot
  or the carrier's operations: one scope, `publish`, which opens only `POST /v3/events`; it reads nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import Request

from api.bootstrap import Services
from api.edge.security import Principal, read_token
from domain.integrations.api_key import key_digest, looks_like_key
from domain.shared.errors import Forbidden, Unauthorized
from domain.tracking.publisher_key import looks_like_publisher_key, publisher_digest
from infrastructure.read_db import Tx
from projections.integrations import key_by_hash
from projections.tracking import publisher_by_hash

BOOKINGS = "bookings"
PUBLISH = "publish"
KEY_SCOPES: tuple[str, ...] = (BOOKINGS,)
# A publisher key's principal is no account: account type 0 is neither customer nor staff.
PUBLISHER_ACCOUNT_TYPE = 0
REQUIRED = "Authentication required"
KEY_OUT_OF_SCOPE = (
    "An API key may only call the bookings doors (/v2); sign in to manage keys, webhooks and the portal"
)
PUBLISHER_OUT_OF_SCOPE = "A publisher key may only publish tracking events (POST /v3/events)"


def presented(request: Request, cookie: bool = False) -> str:
    """The credential the request carries: the bearer token, else an `API-Key` header, else (where the
    door takes it) the `token` cookie."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    key = request.headers.get("api-key", "").strip()
    if key:
        return key
    return request.cookies.get("token", "").strip() if cookie else ""


# A request's checked session, kept in its scope: the auditors' guard and the route's own role check ask for
# the same token's caller within one request; the second answer is the first's.
_CHECKED = "freight.session_principal"


async def session_principal(request: Request, token: str) -> Principal:
    """A session token's caller, refused once it has expired or its session has ended: the signature and
    expiry on the CPU (a verified token is cached), whether the session is alive fresh from the shared
    database (api/edge/sessions.py), off the event loop. Asked twice in one request, checked once."""
    checked = request.scope.get(_CHECKED)
    if checked is not None and checked[0] == token:
        principal: Principal = checked[1]
        return principal
    services = request.app.state.services
    principal = read_token(token, services.jwt_secret)
    await asyncio.get_running_loop().run_in_executor(None, services.sessions.check, principal)
    request.scope[_CHECKED] = (token, principal)
    return principal


def _known_key(
    services: Services, find: Callable[[Tx, str], dict[str, Any] | None], digest: str, what: str
) -> dict[str, Any]:
    """The read model's row of a presented key, by its digest; Unauthorized when unknown or revoked."""
    with services.read_models.read() as tx:
        row = find(tx, digest)
    if row is None:
        raise Unauthorized(f"Unknown or revoked {what}")
    return row


def _key_principal(services: Services, key: str) -> Principal:
    row = _known_key(services, key_by_hash, key_digest(key), "API key")
    return Principal(
        account_id=row["customer_id"],
        account_type=int(row["account_type"]),
        roles=(),
        username=row["username"],
        scopes=KEY_SCOPES,
    )


def _publisher_principal(services: Services, key: str) -> Principal:
    row = _known_key(services, publisher_by_hash, publisher_digest(key), "publisher key")
    return Principal(
        account_id=row["id"],
        account_type=PUBLISHER_ACCOUNT_TYPE,
        roles=(),
        username=row["label"],
        scopes=(PUBLISH,),
    )


async def identify(request: Request, *, scope: str | None = None, cookie: bool = False) -> Principal:
    """The caller of this request, or Unauthorized (no credential, a bad or ended one) or Forbidden (an API
    key at a door outside its scope). `scope` is what the door lets an API key do (None: no key at all)."""
    credential = presented(request, cookie)
    if not credential:
        raise Unauthorized(REQUIRED)
    services = request.app.state.services
    if looks_like_publisher_key(credential):
        found = await asyncio.get_running_loop().run_in_executor(
            None, _publisher_principal, services, credential
        )
        if scope != PUBLISH:
            raise Forbidden(PUBLISHER_OUT_OF_SCOPE)
        return found
    if not looks_like_key(credential):
        return await session_principal(request, credential)
    # One indexed read; off the event loop (the portal's readers are busy enough without it).
    principal = await asyncio.get_running_loop().run_in_executor(None, _key_principal, services, credential)
    if scope is None or scope not in principal.scopes:
        raise Forbidden(KEY_OUT_OF_SCOPE)
    return principal
