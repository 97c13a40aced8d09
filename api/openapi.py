"""The OpenAPI document: readable operation ids and every operation's error answers.

Its export for the web is `api/openapi_file.py` (it builds the app, which imports the routers, which import
this module: one module each, so no import cycle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.params import Form
from fastapi.routing import APIRoute

from api.schemas.envelope import ENVELOPE_STATUSES, error_responses, pending_response


def operation_ids(area: str) -> Callable[[APIRoute], str]:
    """Operation ids `<area>_<function>` (e.g. `booking_accept_price`): stable while the function keeps its
    name, and readable as the generated client's method names."""

    def operation_id(route: APIRoute) -> str:
        return f"{area}_{route.name}"

    return operation_id


# The dependencies that read a bearer token: an operation behind one answers 401 without a valid token and
# 403 to a role that may not call it.
_AUTHENTICATED = {
    "current_principal",
    "session_to_end",  # POST /auth/api/v1/logout
    "customer",
    "customer_act",
    "admin",
    "audit_reader",
    "integration_customer",
    "publisher",
}


def _depends_on(route: APIRoute) -> set[str]:
    names: set[str] = set()
    pending = list(route.dependant.dependencies)
    while pending:
        dependant = pending.pop()
        if dependant.call is not None:
            names.add(getattr(dependant.call, "__name__", ""))
        pending.extend(dependant.dependencies)
    return names


def error_statuses(route: APIRoute) -> set[int]:
    """The error statuses an operation can answer, read from what it takes: any input can be invalid
    (400), a body can be too large (413) or, a JSON body, sent as another media type (415), a token can be
    missing or of the wrong role (401, 403), a path names something that may not exist (404), and a command
    may not fit the current state or lose a race (409)."""
    dependant = route.dependant
    statuses: set[int] = set()
    if dependant.path_params or dependant.query_params or dependant.body_params:
        statuses.add(400)
    if dependant.body_params:
        statuses.add(413)
        if not any(isinstance(param.field_info, Form) for param in dependant.body_params):
            statuses.add(415)  # a JSON body sent as another media type (api/edge/input_screen.py)
    depends_on = _depends_on(route)
    if depends_on & _AUTHENTICATED:
        statuses.update((401, 403))
    if dependant.path_params:
        statuses.add(404)
    if "command" in depends_on:
        statuses.update((409, 503))
    return statuses


# How callers authenticate: a bearer token (a session's JWT, or an API key sent as a bearer token) and, on
# the integration doors, an API key in its own header.
SECURITY_SCHEMES: dict[str, Any] = {
    "bearerAuth": {"type": "http", "scheme": "bearer", "description": "A session token, or an API key"},
    "apiKey": {"type": "apiKey", "in": "header", "name": "API-Key", "description": "An API key (`fbk_...`)"},
}


def _security(route: APIRoute) -> list[dict[str, list[str]]] | None:
    depends_on = _depends_on(route)
    if depends_on & {"integration_customer", "publisher"}:  # publisher: a publisher key
        return [{"bearerAuth": []}, {"apiKey": []}]
    if depends_on & _AUTHENTICATED:
        return [{"bearerAuth": []}]
    return None


def document_errors(router: APIRouter) -> None:
    """Adds each operation's error answers to what its route declares, and how its callers authenticate
    (before the router is included)."""
    for route in router.routes:
        if isinstance(route, APIRoute) and route.include_in_schema:
            security = _security(route)
            if security is not None:
                route.openapi_extra = {"security": security, **(route.openapi_extra or {})}
            declared = dict(route.responses)
            pending = pending_response() if "command" in _depends_on(route) else {}
            # A route may declare an error status with its own words; the envelope's schema stays its body.
            named = {int(status) for status in declared if int(status) in ENVELOPE_STATUSES}
            responses = {**pending, **error_responses(*error_statuses(route), *named)}
            for status, answer in declared.items():
                responses[status] = {**responses.get(status, {}), **answer}
            route.responses = responses


def document(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI document, without FastAPI's 422, which this API never sends (invalid input answers
    400 in the envelope, api/edge/errors.py)."""
    if app.openapi_schema is not None:
        return app.openapi_schema
    # One schema per model for input and output (`Party`, not `Party-Input` / `Party-Output`): the DCSA
    # standard's names stay the standard's, and a generated client has one type per thing.
    schema = get_openapi(
        title=app.title,
        version=app.version,
        routes=app.routes,
        webhooks=app.webhooks.routes,
        description=app.description,
        servers=app.servers or None,
        separate_input_output_schemas=False,
    )
    schema.setdefault("components", {})["securitySchemes"] = SECURITY_SCHEMES
    for path in [*schema.get("paths", {}).values(), *schema.get("webhooks", {}).values()]:
        for operation in path.values():
            operation.get("responses", {}).pop("422", None)
    components = schema.get("components", {}).get("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        components.pop(unused, None)
    app.openapi_schema = schema
    return schema
