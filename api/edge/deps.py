"""Request dependencies: the services, and who is asking.

They are `async def` on purpose: FastAPI runs every plain `def` dependency through the thread pool, one hop
per dependency per request; the one read a caller's check makes (is the session alive?) hops itself.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any, ParamSpec, TypeVar

from fastapi import Depends, Request
from fastapi.responses import Response

from api.bootstrap import Services
from api.edge.envelope import success
from api.edge.identity import identify, presented, session_principal
from api.edge.security import Principal
from domain.integrations.api_key import looks_like_key
from domain.shared.errors import Forbidden, Unauthorized
from domain.shared.lifecycle import lifecycle
from infrastructure.read_db import PostgresReadModels, current_route


async def get_services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


ServicesDep = Annotated[Services, Depends(get_services)]


async def _principal(request: Request) -> Principal:
    """The caller, by the one identity check (api/edge/identity.py): a live session; API keys are refused here
    (the portal is a signed-in person's)."""
    principal = await identify(request)
    services = request.app.state.services
    after = services.read_after(principal.account_id)
    if after:  # a command of theirs was answered before the read models showed it (api/fresh_answers.py)
        _read_after.set((services, after))
    return principal


# The position the caller's reads wait for (read-your-writes after a command answered from its own result).
_read_after: contextvars.ContextVar[tuple[Services, int] | None] = contextvars.ContextVar(
    "read_after", default=None
)


def wait_for_own_writes(services: Services, position: int) -> None:
    """Read-your-writes: a caller whose command was answered before the read models showed it (`position`,
    0: none) reads once they do. Waits at most `SETTLE_SECONDS`; still late, the read answers what the read
    models hold."""
    if position and not services.shown_now(position):
        services.shows(position)
    route = current_route()
    if (
        position
        and route is not None
        and not route.primary
        and isinstance(services.read_models, PostgresReadModels)
    ):
        # The cookie's WAL position predates the read models' rows of that write: the standby must now
        # replay as far as the primary has gone.
        route.after = max(route.after, services.read_models.wal_position())


def _after_own_writes(function: Callable[..., T], *args: Any) -> T:
    pending = _read_after.get()
    if pending is not None:
        wait_for_own_writes(*pending)
    return function(*args)


async def current_principal(request: Request) -> Principal:
    return await _principal(request)


CurrentUser = Annotated[Principal, Depends(current_principal)]


# Each role check reads the token itself rather than depending on `current_principal`: one dependency
# node per request instead of two (FastAPI's dependency solving is a visible part of a read's cost).
async def customer(request: Request) -> Principal:
    principal = await _principal(request)
    if not principal.is_customer:
        raise Forbidden("Only customers may do this")
    return principal


def customer_to(machine: str, trigger: str) -> Callable[[Request], Awaitable[Principal]]:
    """The role check of a door that does a customer's act of a lifecycle (`trigger` of `machine`'s file):
    anyone else is told the act their role may not do, in the file's words, as the lifecycle itself refuses
    them ("Staff may not withdraw the update of a shipping order"), not "Only customers may do this"
    (decision 3847). An act that is no customer's is a mistake of the door, refused at import."""
    found = lifecycle(machine)
    if not found.is_for("customer", trigger):
        raise ValueError(f"{trigger} is no customer's act in state-machines/{machine}.json")

    async def customer_act(request: Request) -> Principal:  # its name: a role check (api/openapi.py)
        principal = await _principal(request)
        if not principal.is_customer:
            raise found.not_for(principal.actor.lifecycle_role, trigger)
        return principal

    return customer_act


async def admin(request: Request) -> Principal:
    principal = await _principal(request)
    if not principal.is_admin:
        raise Forbidden("Staff only")
    return principal


async def audit_reader(request: Request) -> Principal:
    principal = await _principal(request)
    if not (principal.is_admin or principal.is_auditor):
        raise Forbidden("Staff only")
    return principal


CustomerUser = Annotated[Principal, Depends(customer)]
AdminUser = Annotated[Principal, Depends(admin)]
AuditReader = Annotated[Principal, Depends(audit_reader)]


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


# Logging in, logging out (everywhere) and choosing one's language change nothing of the business.
AUDITORS_MAY_POST = frozenset(
    {
        "/auth/api/v1/login",
        "/auth/api/v1/logout",
        "/auth/api/v1/logout-all",
        "/account/api/v1/client/profile/language",
    }
)


async def auditors_read_only(request: Request) -> None:
    """An auditor reads everything and changes nothing: every command refuses an auditor's token."""
    # The scope's path, not `request.url.path`: building the URL was a third of this check's cost per command.
    if request.method in ("GET", "HEAD", "OPTIONS") or request.scope["path"] in AUDITORS_MAY_POST:
        return
    credential = presented(request)
    if not credential or looks_like_key(credential):
        return  # no caller, or an API key (a customer's, never an auditor's): the route's own check answers
    try:
        principal = await session_principal(request, credential)
    except Unauthorized:
        return  # a bad or ended token: the route's own check answers 401
    if principal.is_auditor and not principal.is_admin:
        raise Forbidden("Auditors may read, not change")


T = TypeVar("T")
R = TypeVar("R", bound=tuple[Any, ...])
# A command's position: some always record (int), others may record nothing (None).
Position = TypeVar("Position", int, int | None)
P = ParamSpec("P")


class Command:
    """Runs one command of a context application and answers only once the read models show what it
    recorded, so the caller's next read (and the route's own answer) sees the write: read-your-writes in one
    place, so no route can forget it. A command that recorded nothing (position None) waits for nothing."""

    def __init__(self, services: Services) -> None:
        self._services = services

    def __call__(self, action: Callable[P, Position], *args: P.args, **kwargs: P.kwargs) -> Position:
        position = action(*args, **kwargs)
        if position is not None:
            self._services.settle(position)
        return position

    def ending_sessions(
        self, account_id: str, action: Callable[P, int | None], *args: P.args, **kwargs: P.kwargs
    ) -> int | None:
        """For commands that end the account's sessions (a new password, a reset, log-out everywhere): the
        end is written to the shared sessions table before waiting for the read models, so every door on
        every worker refuses the older tokens from the moment the command is recorded."""
        position = action(*args, **kwargs)
        if position is not None:
            self._services.sessions.end(account_id, position)
            self._services.settle(position)
        return position

    def changing_member(
        self,
        member_id: str,
        change: dict[str, str],
        action: Callable[P, int | None],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> int | None:
        """For a team's role change (`change`: {"role": ...}) or removal ({"state": "removed"}): the change is
        written to the shared sessions' table before waiting for the read models, as `ending_sessions` writes
        an end (a removal ends the member's sessions too), so every door acts on it from its recording on."""
        position = action(*args, **kwargs)
        if position is not None:
            self._services.sessions.member_changed(member_id, position, **change)
            if change.get("state") == "removed":
                self._services.sessions.end(member_id, position)
            self._services.settle(position)
        return position

    def returning(self, action: Callable[P, tuple[T, int | None]], *args: P.args, **kwargs: P.kwargs) -> T:
        """For commands that answer (a result, the position): waits the same way, answers the result."""
        result, position = action(*args, **kwargs)
        if position is not None:
            self._services.settle(position)
        return result

    def keeping_position(self, action: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """For commands whose result ends with their position, which the answer needs too (the read of what
        was stored waits on it): waits the same way, answers the whole result."""
        result = action(*args, **kwargs)
        self._services.settle(result[-1])
        return result

    def answering(self, action: Callable[P, int | None], *args: P.args, **kwargs: P.kwargs) -> int | None:
        """For commands that answer with what they changed built from their own result where the read
        models are late (api/fresh_answers.py): waits only where this process applies the read models
        (there the wait is a cheap hand-over); elsewhere answers the position at once."""
        position = action(*args, **kwargs)
        if position is not None and self._services.follows_here:
            self._services.settle(position)
        return position

    def answering_created(
        self, action: Callable[P, tuple[T, int | None]], *args: P.args, **kwargs: P.kwargs
    ) -> tuple[T, int | None]:
        """`answering` for creates: the new id and the position."""
        result, position = action(*args, **kwargs)
        if position is not None and self._services.follows_here:
            self._services.settle(position, created=str(result))
        return result, position

    def creating(self, action: Callable[P, tuple[T, int | None]], *args: P.args, **kwargs: P.kwargs) -> T:
        """For creates, whose result is the new resource's id: when the read models are late the answer
        (202, api/edge/errors.py) carries that id, which no path parameter holds yet."""
        result, position = action(*args, **kwargs)
        if position is not None:
            self._services.settle(position, created=str(result))
        return result


async def command(request: Request) -> Command:
    return Command(request.app.state.services)


CommandDep = Annotated[Command, Depends(command)]

# Blocking read work (a read-model query and rendering its answer) of `async def` read endpoints runs here.
# asyncio's executor hop costs about half of the per-request thread hop FastAPI makes for a `def` endpoint
# (anyio's capacity limiter and cancellation checkpoints, a Condition-based queue). More threads than the
# read-model pool has connections would only queue there.
readers = ThreadPoolExecutor(max_workers=12, thread_name_prefix="read")


async def off_loop(function: Callable[..., T], *args: Any) -> T:
    """`function(*args)` on a reader thread, with the caller's context variables (as FastAPI's hop has)."""
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()
    return await loop.run_in_executor(readers, context.run, _after_own_writes, function, *args)


async def read_answer(function: Callable[..., Any], *args: Any) -> Response:
    """The success envelope of `function(*args)`, both computed on a reader thread: for `async def` read
    endpoints, whose dependencies then cost no thread hop at all and whose work costs one light hop."""
    return await off_loop(lambda: success(function(*args)))
