"""`create_app(settings)`: the FastAPI application. Routers per URL area; this module only assembles."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, Depends, FastAPI
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp

from api import docs_page, openapi, web_app
from api.bootstrap import Services
from api.dcsa.booking import routes as dcsa_bookings
from api.dcsa.booking import webhooks as webhook_docs
from api.dcsa.door import DcsaDoor
from api.dcsa.ebl import routes as dcsa_ebl
from api.dcsa.schedules import routes as commercial_schedules
from api.dcsa.tracking import routes as tracking
from api.edge import errors, log_redaction
from api.edge.body_limit import BodyLimit
from api.edge.deps import auditors_read_only
from api.edge.envelope import failure, success
from api.edge.forwarded import ForwardedHeaders
from api.edge.identity import team_role_guard
from api.edge.input_screen import screen_input
from api.edge.path_guard import PathGuard
from api.edge.replica_reads import ReplicaReads
from api.edge.security_headers import SecurityHeaders
from api.fast_commands import FastCommands
from api.fast_reads import FastReads
from api.health import BoundedCheck, CheckOut, health_report
from api.routers import (
    accounts_admin,
    address_book,
    audit,
    auth,
    booking,
    booking_admin,
    booking_changes,
    events,
    files,
    integrations,
    notifications,
    overview,
    passwords,
    places,
    profile,
    registration,
    schedules,
    tariffs,
    team,
    tracking_admin,
)
from api.schemas.envelope import Envelope
from api.schemas.wire_model import WireModel
from api.settings import Settings

log = logging.getLogger(__name__)


class FollowerGroupHealth(WireModel):
    holder: str | None
    last_heartbeat: str | None
    heartbeat_age_seconds: float | None
    position: int
    lag_events: int
    lag_seconds: float
    parked: int


class ReplicaHealth(WireModel):
    reachable: bool
    # WAL the standby has not replayed yet, and how old its last replayed transaction is while it has not.
    lag_bytes: int | None
    lag_seconds: float | None
    error: str | None


class Health(WireModel):
    position: int
    read_models: int
    tracking: dict[str, int]
    max_lag: int
    behind: dict[str, int]
    # Per follower group: holder, heartbeat, lag in events and seconds, parked events.
    groups: dict[str, FollowerGroupHealth]
    parked: list[dict[str, Any]]
    # Why it is unhealthy, one line each (empty when healthy).
    problems: list[str]
    # The read models' standby (None: reads come from the primary).
    replica: ReplicaHealth | None = None


class PortalApp(FastAPI):
    """The portal's app: its own OpenAPI document (api/openapi.py), and the caller's address and the
    security headers outside every other layer."""

    def __init__(self, *, trusted_proxies: str, **options: Any) -> None:
        super().__init__(**options)
        self.trusted_proxies = trusted_proxies

    def build_middleware_stack(self) -> ASGIApp:
        # Outside everything, the error middleware included, so a 500 carries the headers too; the caller's
        # address is settled first (api/edge/forwarded.py), whatever server runs the app.
        return ForwardedHeaders(SecurityHeaders(super().build_middleware_stack()), self.trusted_proxies)

    def openapi(self) -> dict[str, Any]:
        return openapi.document(self)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        log_redaction.install()  # after the server configured its logging
        weak = settings.weak_jwt_secret()
        if weak:  # however the app is started (`freight serve` refuses it before this)
            raise RuntimeError(weak)
        services = Services(settings)
        app.state.services = services
        services.start()
        try:
            yield
        finally:
            services.stop()

    app = PortalApp(
        trusted_proxies=settings.FORWARDED_ALLOW_IPS,
        title="Freight booking portal",
        # The public address (PUBLIC_URL), so a generated client or the docs page calls the portal there.
        servers=[{"url": settings.public_url}],
        version="0.1.0",
        lifespan=lifespan,
        # /docs is the app's own page (api/docs_page.py): FastAPI's loads a CDN's assets the CSP blocks.
        docs_url=None,
        redoc_url=None,
        dependencies=[Depends(auditors_read_only), Depends(team_role_guard), Depends(screen_input)],
    )
    # Innermost of the app's own layers: the hot reads skip routing and dependencies (api/fast_reads.py).
    app.add_middleware(FastCommands)  # the bench's commands likewise (api/fast_commands.py)
    app.add_middleware(FastReads)
    if settings.replica_conninfo():  # GETs read the standby; commands mark where their writes end
        app.add_middleware(ReplicaReads)
    app.add_middleware(BodyLimit)
    app.add_middleware(PathGuard)
    app.add_middleware(DcsaDoor)  # outside the two above: /v2 speaks the standard's errors
    errors.install(app)
    webhook_docs.declare(app)
    routers: tuple[APIRouter, ...] = (
        auth.router,
        audit.router,
        booking.router,
        address_book.router,
        booking_admin.router,
        booking_changes.client,
        booking_changes.staff,
        files.router,
    )
    routers += (
        registration.router,
        profile.router,
        accounts_admin.router,
        passwords.router,
        notifications.router,
        dcsa_bookings.router,
        dcsa_ebl.router,
        integrations.router,
    )
    routers += (overview.router, events.router)  # what to do next, live
    # Sailing schedules (staff publish, customers choose) and the Commercial Schedules door.
    routers += (schedules.admin, schedules.client, commercial_schedules.router)
    routers += (tariffs.router,)  # tariffs and instant quotes
    routers += (tracking.router, tracking_admin.router)  # DCSA Track & Trace 3.0
    routers += (places.router,)  # the ports' time zones, for the screens' local times
    routers += (team.router,)  # a company's colleagues and their roles
    for router in routers:
        openapi.document_errors(router)
        app.include_router(router)

    bounded = BoundedCheck()

    @app.get("/health", include_in_schema=False, response_model=Envelope[Health])
    async def health() -> Any:
        services = app.state.services
        try:
            ok, report = await bounded.run(
                lambda: health_report(
                    services.store,
                    services.read_models,
                    no_holder_seconds=settings.HEALTH_NO_HOLDER_SECONDS,
                    max_lag_seconds=settings.HEALTH_MAX_LAG_SECONDS,
                )
            )
        except CheckOut as out:
            log.warning("health: the store or the read models did not answer (%s)", out)
            return failure(503, "The store or the read models are out of reach")
        except Exception:
            log.warning("health: the store or the read models are out of reach", exc_info=True)
            return failure(503, "The store or the read models are out of reach")
        # The answer is the model's (its keys, its fields): the report is read through it.
        shown = Health.model_validate(report).model_dump()
        if not ok:
            # The figures stay in the answer, so an operator sees which follower is behind and by how much.
            error = {"description": "; ".join(report["problems"]) or "Read models behind the store"}
            body = {"isSuccess": False, "isError": True, "error": error, "response": shown}
            return JSONResponse(body, status_code=503)
        return success(shown)

    docs_page.install(app)
    web_app.mount(app, settings.WEB_DIST)
    return app
