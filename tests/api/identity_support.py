"""Helpers of the identity tests: every door of the app, and a customer whose sessions can end."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
from fastapi import FastAPI
from fastapi.routing import APIRoute, iter_route_contexts

from api.openapi import _depends_on
from tests.api.accounts_support import AUTH, INDIVIDUAL_FORM, PASSWORD, accepted_customer, last_link, ok
from tests.app_services import app_of
from tests.corpus import fresh_national_id

# The dependencies that name the caller; each asks api/edge/identity.py.
IDENTITY = {
    "current_principal",
    "customer",
    "customer_act",  # a door of a customer's act of a lifecycle (api/edge/customer_acts.py)
    "admin",
    "audit_reader",
    "integration_customer",
    "stream_reader",
    "session_to_end",  # POST /auth/api/v1/logout
    "publisher",  # POST /v3/events
}
# Doors open to anybody (logging in, signing up, resetting a forgotten password, health, the web app).
PUBLIC = re.compile(
    r"^(/auth/api/v1/login|/auth/api/v1/\{nationalID\}/reset-password(/token)?"
    r"|/account/api/v1/client/[A-Za-z-]+-customers/register/(start|finalize|verify|resend)"
    r"|/account/api/v1/team/invitations/\{token\}/accept"
    r"|/health|/\{path:path\}|/docs.*|/openapi\.json|/redoc.*)$"
)
STREAM = "/events/api/v1/stream"


@dataclass(frozen=True)
class Door:
    method: str
    path: str

    @property
    def url(self) -> str:
        return re.sub(r"\{[^}]+\}", "x1", self.path)

    def call(self, client: httpx.Client, headers: dict[str, str]) -> Any:
        body: dict[str, Any] = {"json": {}} if self.method in ("POST", "PUT", "PATCH") else {}
        return client.request(self.method, self.url, headers=headers, **body)


def all_routes(app: FastAPI) -> Iterator[tuple[Door, set[str]]]:
    for context in iter_route_contexts(app.routes):
        route = context.original_route
        if isinstance(route, APIRoute):
            for method in sorted(context.methods or ()):
                yield Door(method, str(context.path)), _depends_on(route)


def doors(app: FastAPI) -> list[Door]:
    """Every door that names its caller; fails when a door is neither public nor checked."""
    found, unchecked = [], []
    for door, depends_on in all_routes(app):
        if depends_on & IDENTITY:
            found.append(door)
        elif not PUBLIC.match(door.path):
            unchecked.append(door)
    assert not unchecked, f"doors that check nobody: {unchecked}"
    return found


def knocks(client: httpx.Client, key: str) -> Iterator[tuple[Door, Any]]:
    """Every door of the app called with `key`, once as a bearer token and once as an API-Key header: each
    door with its answer."""
    for door in doors(app_of(client)):
        for headers in ({"Authorization": f"Bearer {key}"}, {"API-Key": key}):
            yield door, door.call(client, headers)


def customer_with_email(client: httpx.Client, admin: dict[str, str]) -> tuple[dict[str, str], str]:
    """An accepted individual (from the corpus) who can receive a reset link; answers (headers, id)."""
    national_id = fresh_national_id()
    form = {
        **INDIVIDUAL_FORM,
        "nationalId": national_id,
        "phone": "0912" + national_id[-7:],
        "email": f"c{national_id}@example.com",
    }
    return accepted_customer(client, admin, form), national_id


def reset_by_link(client: httpx.Client, national_id: str, password: str = PASSWORD) -> None:
    ok(client.get(f"{AUTH}/{national_id}/reset-password/token"))
    _, token, _ = last_link(client, f"c{national_id}@example.com")
    body = {"token": token, "newPassword": password, "confirmNewPassword": password}
    ok(client.put(f"{AUTH}/{national_id}/reset-password", json=body))
