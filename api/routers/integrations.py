"""/integrations/api/v1/client: a customer's API keys and webhook subscriptions, with the delivery log.

Portal calls (the envelope) of a signed-in customer only: an API key (scope `bookings`, api/edge/identity.py)
can neither manage keys nor webhooks, so a leaked key cannot mint others or aim notices elsewhere. Each
account has at most MAX_API_KEYS_PER_ACCOUNT active keys and MAX_WEBHOOKS_PER_ACCOUNT webhooks. A clear API
key and a subscription's signing secret are answered once, when created; nothing answers them again.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi import APIRouter, Query

from api.bootstrap import Services
from api.edge.deps import CommandDep, CustomerUser, ServicesDep, read_answer
from api.edge.envelope import success
from api.edge.errors import StoredNotShown
from api.edge.identity import company_account_id
from api.edge.security import Principal
from api.openapi import operation_ids
from api.presenters.keys import wire_row, wire_rows
from api.schemas.envelope import Envelope, Listed, Paged
from api.schemas.integrations import (
    ApiKey,
    ApiKeyBody,
    CreatedWebhook,
    Delivery,
    DeliveryResent,
    EventTypesBody,
    IssuedApiKey,
    Removed,
    RotatedSecret,
    RotationBody,
    Webhook,
    WebhookBody,
)
from domain.shared.errors import Conflict, NotFound
from policies.webhooks import queries as webhook_queries
from projections import integrations as read

router = APIRouter(
    prefix="/integrations/api/v1/client",
    tags=["integrations"],
    generate_unique_id_function=operation_ids("integrations"),
)


def _listed(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"list": rows, "totalCount": len(rows)}


def _key_rows(services: Services, customer_id: str) -> list[dict[str, Any]]:
    with services.read_models.read() as tx:
        return read.keys_of(tx, customer_id)


def _webhook_rows(services: Services, customer_id: str) -> list[dict[str, Any]]:
    with services.read_models.read() as tx:
        return read.webhooks_of(tx, customer_id)


def _keys(services: Services, customer_id: str) -> dict[str, Any]:
    return _listed(wire_rows(ApiKey, _key_rows(services, customer_id)))


def _webhooks(services: Services, customer_id: str) -> dict[str, Any]:
    return _listed(wire_rows(Webhook, _webhook_rows(services, customer_id)))


@router.get("/api-keys", response_model=Envelope[Listed[ApiKey]])
async def list_api_keys(principal: CustomerUser, services: ServicesDep) -> Any:
    return await read_answer(_keys, services, principal.account_id)


@router.post("/api-keys", status_code=201, response_model=Envelope[IssuedApiKey])
def create_api_key(
    body: ApiKeyBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Any:
    active = len([k for k in _key_rows(services, principal.account_id) if k["revoked_at"] is None])
    issued = command.keeping_position(
        services.integrations.issue_api_key,
        principal.actor,
        principal.account_type,
        principal.username,
        body.label,
        active_keys=active,
    )
    return _created(ApiKey, _key_rows(services, principal.account_id), issued, "key")


def _created(
    shape: type[ApiKey | Webhook], rows: list[dict[str, Any]], made: tuple[Any, str, int], clear: str
) -> Any:
    """A new key or webhook answered as its list shows it, with its clear value (`key`, `secret`): the only
    time that value is answered."""
    made_id, secret, position = made
    listed = _stored(rows, str(made_id), position)
    return success({**wire_row(shape, listed), clear: secret}, status_code=201)


def _stored(rows: list[dict[str, Any]], made_id: str, position: int) -> dict[str, Any]:
    """The row of what a command stored at `position`. Gone from the list by the time it is read (removed
    meanwhile, or its owner erased): the write stood all the same, answered as a stored write the read
    models do not show (202, the id and the position), never as a failure."""
    listed = next((row for row in rows if row["id"] == made_id), None)
    if listed is None:
        raise StoredNotShown(position, made_id)
    return listed


@router.delete("/api-keys/{id}", response_model=Envelope[Removed])
def revoke_api_key(id: str, principal: CustomerUser, services: ServicesDep, command: CommandDep) -> Any:
    command(services.integrations.revoke_api_key, id, principal.actor)
    return success({"id": id, "done": True})


@router.get("/webhooks", response_model=Envelope[Listed[Webhook]])
async def list_webhooks(principal: CustomerUser, services: ServicesDep) -> Any:
    return await read_answer(_webhooks, services, company_account_id(principal))


@router.post("/webhooks", status_code=201, response_model=Envelope[CreatedWebhook])
def create_webhook(
    body: WebhookBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Any:
    held = len(_webhook_rows(services, company_account_id(principal)))
    subscribed = command.keeping_position(
        services.integrations.subscribe,
        principal.actor,
        body.callback_url,
        body.event_types,
        subscriptions=held,
        tracking_format=body.tracking_format,
    )
    return _created(Webhook, _webhook_rows(services, company_account_id(principal)), subscribed, "secret")


@router.delete("/webhooks/{id}", response_model=Envelope[Removed])
def remove_webhook(id: str, principal: CustomerUser, services: ServicesDep, command: CommandDep) -> Any:
    command(services.integrations.unsubscribe, id, principal.actor)
    return success({"id": id, "done": True})


@router.put("/webhooks/{id}/event-types", response_model=Envelope[Webhook])
def choose_event_types(
    id: str, body: EventTypesBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Any:
    """The kinds of notification this subscription hears (null: every kind)."""
    position = command(services.integrations.choose_event_types, id, body.event_types, principal.actor)
    return success(wire_row(Webhook, _listed_webhook(services, principal, id, position)))


@router.post("/webhooks/{id}/rotate-secret", response_model=Envelope[RotatedSecret])
def rotate_secret(
    id: str, body: RotationBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Any:
    """A new signing secret, answered this once; the previous one keeps signing beside it (both signatures
    in `webhook-signature`) for `overlapHours`, so the receiver can switch without losing a notification."""
    secret, position = command.keeping_position(
        services.integrations.rotate_secret, id, timedelta(hours=body.overlap_hours), principal.actor
    )
    listed = _listed_webhook(services, principal, id, position)
    rotated = {
        "id": id,
        "secret": secret,
        "previous_secret_valid_until": listed["previous_secret_valid_until"],
    }
    return success(wire_row(RotatedSecret, rotated))


def _listed_webhook(
    services: Services, principal: Principal, subscription_id: str, position: int
) -> dict[str, Any]:
    """The webhook as its list shows it after the caller's command, stored at `position`."""
    return _stored(_webhook_rows(services, company_account_id(principal)), subscription_id, position)


def _deliveries(
    services: Services, subscription_id: str, principal: Principal, page: int, limit: int
) -> dict[str, Any]:
    services.integrations.subscription(subscription_id, principal.actor)  # 404 unless the caller's
    with services.read_models.read() as tx:
        rows, total = webhook_queries.deliveries_page(tx, subscription_id, page, limit)
    return {"list": rows, "totalCount": total, "page": page, "limit": limit}


@router.get("/webhooks/{id}/deliveries", response_model=Envelope[Paged[Delivery]])
async def list_deliveries(
    id: str,
    principal: CustomerUser,
    services: ServicesDep,
    page: int = Query(1, ge=1, le=100_000),
    limit: int = Query(20, ge=1, le=100),
) -> Any:
    """The subscription's deliveries, newest first, a page at a time."""
    return await read_answer(_deliveries, services, id, principal, page, limit)


@router.post(
    "/webhooks/deliveries/{deliveryId}/resend",
    response_model=Envelope[DeliveryResent],
    responses={409: {"description": "Already waiting to be sent"}, 429: {"description": "Too many resends"}},
)
def resend_delivery(deliveryId: str, principal: CustomerUser, services: ServicesDep) -> Any:
    """Send a delivered or failed notification again (same id). A delivery still waiting to be sent is
    409; at most `RESENDS_PER_MINUTE` resends a minute per customer (429 with Retry-After)."""
    services.webhook_resends.take(company_account_id(principal))
    outcome = webhook_queries.resend(services.read_models, deliveryId, company_account_id(principal))
    if outcome == webhook_queries.NOT_FOUND:
        services.webhook_resends.give_back(company_account_id(principal))
        raise NotFound("Delivery not found")
    if outcome == webhook_queries.WAITING:
        services.webhook_resends.give_back(company_account_id(principal))
        raise Conflict("This delivery is already waiting to be sent")
    services.webhook_sender.poke()
    return success({"id": deliveryId, "state": "pending"})
