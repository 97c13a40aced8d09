"""`create_app(settings)`: the FastAPI application. Routers per URL area; this module only assembles."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, Depends, FastAPI
from pydantic import BaseModel

from api import errors, openapi, web_app
from api.body_limit import BodyLimit
from api.bootstrap import Services
from api.deps import auditors_read_only
from api.envelope import success
from api.routers import (
    accounts_admin,
    audit,
    auth,
    booking,
    booking_admin,
    booking_changes,
    files,
    notifications,
    passwords,
    profile,
    registration,
)
from api.schemas.envelope import Envelope
from api.settings import Settings


class Health(BaseModel):
    position: int
    readModels: int


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
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
        dependencies=[Depends(auditors_read_only)],
    )
    app.add_middleware(BodyLimit)
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
    )
    for router in routers:
        openapi.document_errors(router)
        app.include_router(router)

    @app.get("/health", include_in_schema=False, response_model=Envelope[Health])
    def health() -> Any:
        services = app.state.services
        return success({"position": services.store.head(), "readModels": services.read_follower.position})

    web_app.mount(app, settings.WEB_DIST)
    return app
