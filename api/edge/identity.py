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

A company's team member (a session or one of the member's own API keys) acts for the company with the role
the team gives them now (read fresh with the session check): `company_account_id` is the one mapping from a
caller to the account whose bookings, orders, files and address book it works on; `team_role_guard` checks
the role at every door.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

from fastapi import Request

from api.bootstrap import Services
from api.edge.security import CHECKED_CALLER, Principal, read_token
from api.edge.sessions import with_team
from domain.accounts.team import BOOK, OWN, has_right
from domain.integrations.api_key import key_digest, looks_like_key
from domain.shared.errors import Forbidden, Unauthorized
from domain.shared.refusal_words import named
from domain.tracking.publisher_key import looks_like_publisher_key, publisher_digest
from infrastructure.read_db import Tx, current_route
from projections.accounts import username_of
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
_CHECKED = CHECKED_CALLER


async def session_principal(request: Request, token: str) -> Principal:
    """A session token's caller, refused once it has expired or its session has ended: the signature and
    expiry on the CPU (a verified token is cached), whether the session is alive fresh from the shared
    database (api/edge/sessions.py), off the event loop. Asked twice in one request, checked once."""
    checked = request.scope.get(_CHECKED)
    if checked is not None and checked[0] == token:
        principal: Principal = checked[1]
        return principal
    services = request.app.state.services
    principal = read_token(token, services.jwt_secret)  # a bad token is refused without the thread hop
    principal = await asyncio.get_running_loop().run_in_executor(
        None, services.sessions.check_member, principal
    )
    request.scope[_CHECKED] = (token, principal)
    return _noted(services, principal)


def checked_session(services: Services, principal: Principal) -> Principal:
    """`session_principal`'s database half, for a thread already off the event loop in the request's context
    (the hot reads check the session in the same hop as the read: api/fast_reads.py)."""
    return _noted(services, services.sessions.check_member(principal))


def session_checked_here(request: Request, token: str) -> Principal:
    """`session_principal` whole, for a thread already off the event loop in the request's context: what
    the request's own dependencies then ask is answered from the scope without a hop of their own (the
    fast commands check the session in the command's hop: api/fast_commands.py)."""
    principal = checked_session(
        request.app.state.services, read_token(token, request.app.state.services.jwt_secret)
    )
    request.scope[_CHECKED] = (token, principal)
    return principal


def _noted(services: Services, principal: Principal) -> Principal:
    """Where a standby serves the reads: the caller's reads wait for their last write, told by account (a
    caller that keeps no cookie, api/edge/replica_reads.py)."""
    route = current_route()
    if route is not None:
        route.caller = principal.account_id
        route.after = max(route.after, services.wal_after(principal.account_id))
    return principal


def company_account_id(principal: Principal) -> str:
    """The account the caller acts for: a team member's company, else the caller's own account. Every read
    and command keyed by a customer's account asks this, so a member works on the company's bookings."""
    return principal.company_id or principal.account_id


def customer_username(services: Services, principal: Principal) -> str:
    """The login name of the account the caller acts for, which a booking it makes records as its customer's:
    a team member's company's, not the member's own (his e-mail is his, and goes with his key when he is
    erased, while the company's bookings stay)."""
    company = company_account_id(principal)
    if company == principal.account_id:
        return principal.username
    with services.read_models.read() as tx:
        return username_of(tx, company) or principal.username


def _known_key(
    services: Services, find: Callable[[Tx, str], dict[str, Any] | None], digest: str, what: str
) -> dict[str, Any]:
    """The read model's row of a presented key, by its digest; Unauthorized when unknown or revoked, naming
    `what`, its kind in contract/refusal-words.json."""
    with services.read_models.read(fresh=True) as tx:
        row = find(tx, digest)
    if row is None:
        raise Unauthorized(_key_refusal(what))
    return row


def _key_refusal(kind: str) -> str:
    """Why a presented key opens nothing: unknown or revoked (`kind`: of contract/refusal-words.json)."""
    return f"Unknown or revoked {named(kind)}"


def _key_principal(services: Services, key: str) -> Principal:
    row = _known_key(services, key_by_hash, key_digest(key), "api_key")
    principal = Principal(
        account_id=row["customer_id"],
        account_type=int(row["account_type"]),
        roles=(),
        username=row["username"],
        scopes=KEY_SCOPES,
    )
    # A member's key acts with the member's role now; a removed member's keys stop at once (the team's
    # change is read as the session check reads it, before the read models show it: api/edge/sessions.py).
    try:
        return with_team(principal, services.sessions.team_of(principal.account_id))
    except Unauthorized:
        raise Unauthorized(_key_refusal("api_key")) from None


def _publisher_principal(services: Services, key: str) -> Principal:
    row = _known_key(services, publisher_by_hash, publisher_digest(key), "publisher_key")
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
        return _noted(services, found)
    if not looks_like_key(credential):
        return await session_principal(request, credential)
    # Two indexed reads; off the event loop (the portal's readers are busy enough without it).
    checked = request.scope.get(_CHECKED)
    if checked is not None and checked[0] == credential:
        principal: Principal = checked[1]
    else:
        principal = await asyncio.get_running_loop().run_in_executor(
            None, _key_principal, services, credential
        )
        request.scope[_CHECKED] = (credential, principal)
    if scope is None or scope not in principal.scopes:
        raise Forbidden(KEY_OUT_OF_SCOPE)
    return _noted(services, principal)


# -- roles ----------------------------------------------------------------------------------------------
VIEWER_REFUSED = "A viewer may read the company's bookings, not change them"
OWNER_ONLY = "Only an owner of the company's team may do this"
# What any member does for themselves, whatever their role: their own session, password, profile and
# language, keys (which act with their role) and notifications. (An upload is a booker's: it is made to be
# attached to a booking.)
_PERSONAL = re.compile(
    r"^(/auth/api/v1/(login|logout|logout-all|change-password)"
    r"|/account/api/v1/client/team/me|/account/api/v1/client/profile/language"
    r"|/account/api/v1/team/invitations/[^/]+/accept"
    r"|/integrations/api/v1/client/api-keys(/[^/]+)?"
    r"|/notification/api/v1/notifications/mark-as-read|/events/api/v1/.*)$"
)
# What only an owner does, reads included where a path is the owner's alone: the team, webhooks, the
# company's profile and its edit requests, e-mail preferences, and approving the transport document.
_OWNERS = re.compile(
    r"^(/account/api/v1/client/team(/invitations|/members/[^/]+)"
    r"|/integrations/api/v1/client/webhooks.*"
    r"|/account/api/v1/client/(indivisual|domestic-corporate|foreign-corporate)-customers"
    r"|/account/api/v1/client/email-preferences"
    r"|/booking/api/v1/client/shipping-orders/[^/]+/approve"
    r"|/v3/transport-documents/[^/]+)$"
)
_OWNERS_READ = re.compile(r"^/integrations/api/v1/client/webhooks.*$")


def role_refusal(role: str, method: str, path: str) -> str | None:
    """Why a team member of `role` may not call `method path` (None: they may). Reads are every member's
    (webhooks excepted); the rest needs the role's right (state-machines/team_member.json `roles`): the team,
    webhooks, the company profile and approving transport documents `own`, every other change `book`."""
    if method in ("GET", "HEAD", "OPTIONS"):
        needs = OWN if _OWNERS_READ.match(path) else None
    elif _PERSONAL.match(path):
        needs = None
    else:
        needs = OWN if _OWNERS.match(path) else BOOK
    if needs is None or has_right(role, needs):
        return None
    return OWNER_ONLY if needs == OWN else VIEWER_REFUSED


async def team_role_guard(request: Request) -> None:
    """Every door's role check, before the route's own: a company member's role allows the call or it is
    403. Callers in no team (individuals, a company without colleagues, staff) pass untouched."""
    credential = presented(request)
    if not credential or looks_like_publisher_key(credential):
        return
    method, path = request.method, request.scope["path"]
    if method in ("GET", "HEAD", "OPTIONS") and not _OWNERS_READ.match(path):
        return  # every member reads; spare the reads a check
    try:
        if looks_like_key(credential):
            principal = await identify(request, scope=BOOKINGS)
        else:
            principal = await session_principal(request, credential)
    except (Unauthorized, Forbidden):
        return  # the route's own check answers
    if not principal.company_id:
        return
    refusal = role_refusal(principal.team_role, method, path)
    if refusal:
        raise Forbidden(refusal)
