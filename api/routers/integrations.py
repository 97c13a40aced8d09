"""/integrations/api/v1/client: a customer's API keys and webhook subscriptions, with the delivery log.

Portal calls (the envelope) of a signed-in customer only: an API key (scope `bookings`, api/identity.py)
can neither manage keys nor webhooks, so a leaked key cannot mint others or aim notices elsewhere. Each
account has at most MAX_API_KEYS_PER_ACCOUNT active keys and MAX_WEBHOOKS_PER_ACCOUNT webhooks. A clear API
key and a subscription's signing secret are answered once, when created; nothing answers them again.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api import webhook_policy
from api.deps import CommandDep, CustomerUser, ServicesDep, read_answer
from api.envelope import success
from api.openapi import operation_ids
from api.schemas.envelope import Envelope, Listed
from api.schemas.integrations import (
    ApiKey,
    ApiKeyBody,
    CreatedWebhook,
    Delivery,
    IssuedApiKey,
    Removed,
    Resent,
    Webhook,
    WebhookBody,
)
from api.security import Principal
from domain.shared.errors import Conflict, NotFound
from projections import integrations as read

router = APIRouter(
    prefix="/integrations/api/v1/client",
    tags=["integrations"],
    generate_unique_id_function=operation_ids("integrations"),
)


def _listed(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"list": rows, "totalCount": len(rows)}


def _keys(services: Any, customer_id: str) -> dict[str, Any]:
    with services.read_models.read() as tx:
        return _listed(read.keys_of(tx, customer_id))


def _webhooks(services: Any, customer_id: str) -> dict[str, Any]:
    with services.read_models.read() as tx:
        return _listed(read.webhooks_of(tx, customer_id))


@router.get("/api-keys", response_model=Envelope[Listed[ApiKey]])
async def list_api_keys(principal: CustomerUser, services: ServicesDep) -> Any:
    return await read_answer(_keys, services, principal.account_id)


@router.post("/api-keys", status_code=201, response_model=Envelope[IssuedApiKey])
def create_api_key(
    body: ApiKeyBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Any:
    active = [k for k in _keys(services, principal.account_id)["list"] if k["revokedAt"] is None]
    most = services.settings.MAX_API_KEYS_PER_ACCOUNT
    if len(active) >= most:
        raise Conflict(f"An account may have at most {most} active API keys; revoke one first")
    key_id, key = command.returning(
        lambda: _issued(
            services.integrations.issue_api_key(
                principal.actor, principal.account_type, principal.username, body.label
            )
        )
    )
    listed = next(k for k in _keys(services, principal.account_id)["list"] if k["id"] == str(key_id))
    return success({**listed, "key": key}, status_code=201)


def _issued(result: tuple[Any, str, int]) -> tuple[tuple[Any, str], int]:
    """(id, clear value, position) as the Command dependency takes it: (answer, position)."""
    made_id, clear, position = result
    return (made_id, clear), position


@router.delete("/api-keys/{id}", response_model=Envelope[Removed])
def revoke_api_key(id: str, principal: CustomerUser, services: ServicesDep, command: CommandDep) -> Any:
    command(services.integrations.revoke_api_key, id, principal.actor)
    return success({"id": id, "done": True})


@router.get("/webhooks", response_model=Envelope[Listed[Webhook]])
async def list_webhooks(principal: CustomerUser, services: ServicesDep) -> Any:
    return await read_answer(_webhooks, services, principal.account_id)


@router.post("/webhooks", status_code=201, response_model=Envelope[CreatedWebhook])
def create_webhook(
    body: WebhookBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Any:
    most = services.settings.MAX_WEBHOOKS_PER_ACCOUNT
    if _webhooks(services, principal.account_id)["totalCount"] >= most:
        raise Conflict(f"An account may have at most {most} webhooks; remove one first")
    subscription_id, secret = command.returning(
        lambda: _issued(services.integrations.subscribe(principal.actor, body.callbackUrl))
    )
    rows = _webhooks(services, principal.account_id)["list"]
    listed = next(w for w in rows if w["id"] == str(subscription_id))
    return success({**listed, "secret": secret}, status_code=201)


@router.delete("/webhooks/{id}", response_model=Envelope[Removed])
def remove_webhook(id: str, principal: CustomerUser, services: ServicesDep, command: CommandDep) -> Any:
    command(services.integrations.unsubscribe, id, principal.actor)
    return success({"id": id, "done": True})


def _deliveries(services: Any, subscription_id: str, principal: Principal) -> dict[str, Any]:
    services.integrations.subscription(subscription_id, principal.actor)  # 404 unless the caller's
    with services.read_models.read() as tx:
        return _listed(webhook_policy.deliveries_of(tx, subscription_id))


@router.get("/webhooks/{id}/deliveries", response_model=Envelope[Listed[Delivery]])
async def list_deliveries(id: str, principal: CustomerUser, services: ServicesDep) -> Any:
    return await read_answer(_deliveries, services, id, principal)


@router.post("/webhooks/deliveries/{deliveryId}/resend", response_model=Envelope[Resent])
def resend_delivery(deliveryId: str, principal: CustomerUser, services: ServicesDep) -> Any:
    if not webhook_policy.resend(services.read_models, deliveryId, principal.account_id):
        raise NotFound("Delivery not found")
    services.webhook_sender.poke()
    return success({"id": deliveryId, "state": "pending"})
