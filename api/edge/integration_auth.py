"""Who calls the integration doors (`/v2`): a customer, by session token or by an API key of scope `bookings`.

An API key is sent as `Authorization: Bearer fbk_...` or as an `API-Key` header. The check itself is the
one every door uses (`api/edge/identity.py`): a session token must be alive, an API key not revoked (the
integrations read model; revoking waits for that read model, so a revoked key fails from the moment the
revocation is answered).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from api.edge.identity import BOOKINGS, identify
from api.edge.security import Principal
from domain.shared.errors import Forbidden


async def integration_customer(request: Request) -> Principal:
    principal = await identify(request, scope=BOOKINGS)
    if not principal.is_customer:
        raise Forbidden("Only customers may do this")
    return principal


IntegrationCustomer = Annotated[Principal, Depends(integration_customer)]
