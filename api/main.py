"""`create_app(settings)`: the FastAPI application. Routers per URL area; this module only assembles."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, Depends, FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from api import errors, log_redaction, openapi, web_app
from api.body_limit import BodyLimit
from api.bootstrap import Services
from api.deps import auditors_read_only
from api.envelope import failure, success
from api.health import health_report
from api.input_screen import screen_input
from api.path_guard import PathGuard
from api.routers import (
    accounts_admin,
    audit,
    auth,
    booking,
    booking_admin,
    booking_changes,
    dcsa_bookings,
    events,
    files,
    integrations,
    notifications,
    overview,
    passwords,
    profile,
    registration,
    tariffs,
)
from api.schemas.envelope import Envelope
from api.security_headers import SecurityHeaders
from api.settings import Settings

log = logging.getLogger(__name__)


class Health(BaseModel):
    position: int
    readModels: int
    tracking: dict[str, int]
    maxLag: int
    behind: dict[str, int]


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        log_redaction.install()  # after the server configured its logging
        services = Services(settings)
        app.state.services = services
        services.start()
        try:
            yield
        finally:
            services.stop()

    app = FastAPI(
        title="Freight booking portal",
        version="0.1.0",
        lifespan=lifespan,
        dependencies=[Depends(auditors_read_only), Depends(screen_input)],
    )
    app.add_middleware(BodyLimit)
    app.add_middleware(PathGuard)
    # Outside everything, the error middleware included, so a 500 carries them too.
    build_stack = app.build_middleware_stack
    app.build_middleware_stack = lambda: SecurityHeaders(build_stack())  # type: ignore[method-assign]
    errors.install(app)
    openapi.install(app)
    routers: tuple[APIRouter, ...] = (
        auth.router,
        audit.router,
        booking.router,
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
        integrations.router,
    )
    routers += (overview.router, events.router)  # issue 14: what to do next, live
    routers += (tariffs.router,)  # issue 28: tariffs and instant quotes
    for router in routers:
        openapi.document_errors(router)
        app.include_router(router)

    @app.get("/health", include_in_schema=False, response_model=Envelope[Health])
    def health() -> Any:
        services = app.state.services
        try:
            ok, report = health_report(services.store, services.read_models)
        except Exception:
            log.warning("health: the store or the read models are out of reach", exc_info=True)
            return failure(503, "The store or the read models are out of reach")
        if not ok:
            # The figures stay in the answer, so an operator sees which follower is behind and by how much.
            error = {"description": "Read models behind the store"}
            body = {"isSuccess": False, "isError": True, "error": error, "response": report}
            return JSONResponse(body, status_code=503)
        return success(report)

    web_app.mount(app, settings.WEB_DIST)
    return app
