"""/integrations/api/v1/client: a customer's API keys and webhook subscriptions, with the delivery log.

Portal calls (the envelope), open to the customer's bearer token and to their API keys, so an integrator
can manage webhooks from their own system. A clear API key and a subscription's signing secret are answered
once, when created; nothing answers them again.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from api import webhook_policy
from api.deps import ServicesDep, read_answer
from api.envelope import success
from api.integration_auth import IntegrationCustomer
from api.security import Principal
from domain.shared.errors import NotFound
from projections import integrations as read

router = APIRouter(prefix="/integrations/api/v1/client", tags=["integrations"])


class ApiKeyBody(BaseModel):
    label: str = Field(max_length=200)


class WebhookBody(BaseModel):
    callbackUrl: str = Field(max_length=4000)


def _keys(services: Any, customer_id: str) -> Any:
    with services.read_models.read() as tx:
        return {"list": read.keys_of(tx, customer_id)}


def _webhooks(services: Any, customer_id: str) -> Any:
    with services.read_models.read() as tx:
        return {"list": read.webhooks_of(tx, customer_id)}


@router.get("/api-keys", response_model=None)
async def list_api_keys(principal: IntegrationCustomer, services: ServicesDep) -> Any:
    return await read_answer(_keys, services, principal.account_id)


@router.post("/api-keys", response_model=None)
def create_api_key(body: ApiKeyBody, principal: IntegrationCustomer, services: ServicesDep) -> Any:
    key_id, key, position = services.integrations.issue_api_key(
        principal.actor, principal.account_type, principal.username, body.label
    )
    services.settle(position)
    listed = next(k for k in _keys(services, principal.account_id)["list"] if k["id"] == str(key_id))
    return success({**listed, "key": key}, status_code=201)


@router.delete("/api-keys/{id}", response_model=None)
def revoke_api_key(id: str, principal: IntegrationCustomer, services: ServicesDep) -> Any:
    services.settle(services.integrations.revoke_api_key(id, principal.actor))
    return success({"id": id, "revoked": True})


@router.get("/webhooks", response_model=None)
async def list_webhooks(principal: IntegrationCustomer, services: ServicesDep) -> Any:
    return await read_answer(_webhooks, services, principal.account_id)


@router.post("/webhooks", response_model=None)
def create_webhook(body: WebhookBody, principal: IntegrationCustomer, services: ServicesDep) -> Any:
    subscription_id, secret, position = services.integrations.subscribe(principal.actor, body.callbackUrl)
    services.settle(position)
    listed = next(
        w for w in _webhooks(services, principal.account_id)["list"] if w["id"] == str(subscription_id)
    )
    return success({**listed, "secret": secret}, status_code=201)


@router.delete("/webhooks/{id}", response_model=None)
def remove_webhook(id: str, principal: IntegrationCustomer, services: ServicesDep) -> Any:
    services.settle(services.integrations.unsubscribe(id, principal.actor))
    return success({"id": id, "removed": True})


def _deliveries(services: Any, subscription_id: str, principal: Principal) -> Any:
    services.integrations.subscription(subscription_id, principal.actor)  # 404 unless the caller's
    with services.read_models.read() as tx:
        return {"list": webhook_policy.deliveries_of(tx, subscription_id)}


@router.get("/webhooks/{id}/deliveries", response_model=None)
async def list_deliveries(id: str, principal: IntegrationCustomer, services: ServicesDep) -> Any:
    return await read_answer(_deliveries, services, id, principal)


@router.post("/webhooks/deliveries/{deliveryId}/resend", response_model=None)
def resend_delivery(deliveryId: str, principal: IntegrationCustomer, services: ServicesDep) -> Any:
    if not webhook_policy.resend(services.read_models, deliveryId, principal.account_id):
        raise NotFound("Delivery not found")
    services.webhook_sender.poke()
    return success({"id": deliveryId, "state": "pending"})
