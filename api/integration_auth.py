"""Who calls the integration doors (`/v2`, API keys, webhooks): a customer, by bearer token or API key.

An API key is sent as `Authorization: Bearer fbk_...` or as an `API-Key` header. It is looked up by its
SHA-256 among the keys not revoked (the integrations read model; revoking waits for that read model, so a
revoked key fails from the moment the revocation is answered).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from api.bootstrap import Services
from api.deps import off_loop
from api.security import Principal, read_token
from domain.integrations.api_key import key_digest, looks_like_key
from domain.shared.errors import Forbidden, Unauthorized
from projections.integrations import key_by_hash


def presented_credential(request: Request) -> str:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return request.headers.get("api-key", "").strip()


def key_principal(services: Services, key: str) -> Principal:
    with services.read_models.read() as tx:
        row = key_by_hash(tx, key_digest(key))
    if row is None:
        raise Unauthorized("Unknown or revoked API key")
    return Principal(
        account_id=row["customer_id"],
        account_type=int(row["account_type"]),
        roles=(),
        username=row["username"],
    )


async def integration_customer(request: Request) -> Principal:
    services: Services = request.app.state.services
    credential = presented_credential(request)
    if not credential:
        raise Unauthorized("Authentication required: a bearer token or an API key")
    if looks_like_key(credential):
        principal = await off_loop(key_principal, services, credential)
    else:
        principal = read_token(credential, services.jwt_secret)
    if not principal.is_customer:
        raise Forbidden("Only customers may do this")
    return principal


IntegrationCustomer = Annotated[Principal, Depends(integration_customer)]
