"""The ports' names and time zones for the screens (docs/decisions/0901-one-time-policy.md): one rule for
the server's messages and the web's screens (`domain/shared/local_time.py`)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

from api.bootstrap import Services
from api.edge.deps import CurrentUser, ServicesDep, read_answer
from api.openapi import operation_ids
from api.schemas.envelope import Envelope
from api.schemas.places import Place
from domain.shared.errors import ValidationFailed
from domain.shared.local_time import port_zone
from projections.booking.reference import port_by_code

router = APIRouter(tags=["places"], generate_unique_id_function=operation_ids("places"))

UN_LOCODE = re.compile(r"^[A-Z]{2}[A-Z2-9]{3}\Z")
MOST_CODES = 50


def _places(services: Services, codes: list[str]) -> list[dict[str, Any]]:
    with services.read_models.read() as tx:
        found = {code: port_by_code(tx, code) for code in codes}
    return [
        {"code": code, "name": None if row is None else row["name"], "timeZone": port_zone(code)}
        for code, row in found.items()
    ]


@router.get("/booking/api/v1/places", response_model=Envelope[list[Place]])
async def places(
    _: CurrentUser,
    services: ServicesDep,
    codes: Annotated[
        str, Query(max_length=6 * MOST_CODES, description="UN/LOCODEs, comma-separated (at most 50)")
    ],
) -> Response:
    wanted = list(dict.fromkeys(c.strip().upper() for c in codes.split(",") if c.strip()))
    wrong = [c for c in wanted if not UN_LOCODE.fullmatch(c)]
    if wrong or len(wanted) > MOST_CODES:
        message = f"{wrong[0]} is not a UN/LOCODE" if wrong else f"At most {MOST_CODES} codes"
        raise ValidationFailed({"codes": message})
    return await read_answer(_places, services, wanted)
