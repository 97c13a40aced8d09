"""Request dependencies: the services, and who is asking.

They are `async def` on purpose: none does I/O (a token check is CPU only, and a verified token is cached),
and FastAPI runs every plain `def` dependency through the thread pool, one hop per dependency per request.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any, ParamSpec, TypeVar

from fastapi import Depends, Request
from fastapi.responses import Response

from api.bootstrap import Services
from api.envelope import success
from api.security import Principal, read_token
from domain.shared.errors import Forbidden, Unauthorized


async def get_services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


ServicesDep = Annotated[Services, Depends(get_services)]


def _principal(request: Request) -> Principal:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("Authentication required")
    services = request.app.state.services
    principal = read_token(token.strip(), services.jwt_secret)
    services.sessions.check(principal)
    return principal


async def current_principal(request: Request) -> Principal:
    return _principal(request)


CurrentUser = Annotated[Principal, Depends(current_principal)]


# Each role check reads the token itself rather than depending on `current_principal`: one dependency
# node per request instead of two (FastAPI's dependency solving is a visible part of a read's cost).
async def customer(request: Request) -> Principal:
    principal = _principal(request)
    if not principal.is_customer:
        raise Forbidden("Only customers may do this")
    return principal


async def admin(request: Request) -> Principal:
    principal = _principal(request)
    if not principal.is_admin:
        raise Forbidden("Staff only")
    return principal


async def audit_reader(request: Request) -> Principal:
    principal = _principal(request)
    if not (principal.is_admin or principal.is_auditor):
        raise Forbidden("Staff only")
    return principal


CustomerUser = Annotated[Principal, Depends(customer)]
AdminUser = Annotated[Principal, Depends(admin)]
AuditReader = Annotated[Principal, Depends(audit_reader)]


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


# Logging in and logging out everywhere change nothing of the business.
AUDITORS_MAY_POST = frozenset({"/auth/api/v1/login", "/auth/api/v1/logout-all"})


async def auditors_read_only(request: Request) -> None:
    """An auditor reads everything and changes nothing: every command refuses an auditor's token."""
    if request.method in ("GET", "HEAD", "OPTIONS") or request.url.path in AUDITORS_MAY_POST:
        return
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return
    principal = read_token(token.strip(), request.app.state.services.jwt_secret)
    if principal.is_auditor and not principal.is_admin:
        raise Forbidden("Auditors may read, not change")


T = TypeVar("T")
P = ParamSpec("P")


class Command:
    """Runs one command of a context application and answers only once the read models show what it
    recorded, so the caller's next read (and the route's own answer) sees the write: read-your-writes in one
    place, so no route can forget it. A command that recorded nothing (position None) waits for nothing."""

    def __init__(self, services: Services) -> None:
        self._services = services

    def __call__(self, action: Callable[P, int | None], *args: P.args, **kwargs: P.kwargs) -> int | None:
        position = action(*args, **kwargs)
        if position is not None:
            self._services.settle(position)
        return position

    def returning(self, action: Callable[P, tuple[T, int | None]], *args: P.args, **kwargs: P.kwargs) -> T:
        """For commands that answer (a result, the position): waits the same way, answers the result."""
        result, position = action(*args, **kwargs)
        if position is not None:
            self._services.settle(position)
        return result

    def creating(self, action: Callable[P, tuple[T, int | None]], *args: P.args, **kwargs: P.kwargs) -> T:
        """For creates, whose result is the new resource's id: when the read models are late the answer
        (202, api/errors.py) carries that id, which no path parameter holds yet."""
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
_readers = ThreadPoolExecutor(max_workers=12, thread_name_prefix="read")


async def off_loop(function: Callable[..., T], *args: Any) -> T:
    """`function(*args)` on a reader thread, with the caller's context variables (as FastAPI's hop has)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_readers, contextvars.copy_context().run, function, *args)


async def read_answer(function: Callable[..., Any], *args: Any) -> Response:
    """The success envelope of `function(*args)`, both computed on a reader thread: for `async def` read
    endpoints, whose dependencies then cost no thread hop at all and whose work costs one light hop."""
    return await off_loop(lambda: success(function(*args)))
