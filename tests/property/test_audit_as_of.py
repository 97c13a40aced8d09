"""A rate request's "as of" state at each position of its history equals what its read model showed."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.main import create_app
from domain.shared.lifecycle import lifecycle
from tests.api.booking_support import ADMIN, CLIENT, create, customer, later, payload, upload
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login, make_settings

AUDIT = "/audit/api/v1"
STEPS = ["edit", "quote", "revise", "accept", "cancel", "reject", "expire", "booking", "confirm"]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    var_dir: Path = tmp_path_factory.mktemp("as-of")
    with TestClient(create_app(make_settings(var_dir)), raise_server_exceptions=False) as client:
        admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
        headers = customer(client, "asof-customer")
        loi = upload(client, headers, key="as-of-loi")
        yield {"client": client, "admin": admin, "customer": headers, "loi": loi}


def _command(world: dict[str, Any], step: str, rid: str) -> int:
    client: TestClient = world["client"]
    admin, headers = world["admin"], world["customer"]
    if step == "edit":
        answer = client.put(f"{CLIENT}/rate-requests/{rid}", headers=headers, json=payload(quantity=3))
    elif step == "quote":
        body = {"price": 900.25, "validUntil": later()}
        answer = client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin, json=body)
    elif step == "revise":
        answer = client.put(
            f"{ADMIN}/rate-requests/{rid}/request-revision", headers=admin, json={"message": "Fix"}
        )
    elif step == "accept":
        answer = client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=headers)
    elif step == "cancel":
        answer = client.put(f"{CLIENT}/rate-requests/{rid}/cancel", headers=headers)
    elif step == "reject":
        answer = client.put(
            f"{ADMIN}/rate-requests/{rid}/reject", headers=admin, json={"message": "No space"}
        )
    elif step == "expire":
        services = services_of(client)
        services.expire_due_quotes(datetime.now(UTC) + timedelta(days=30))
        return 200
    elif step == "booking":
        documents = {"documents": [{"documentTypeId": 1, "fileId": world["loi"]}]}
        answer = client.put(f"{CLIENT}/rate-requests/{rid}/booking-request", headers=headers, json=documents)
    else:
        answer = client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin)
    assert answer.status_code in (200, 403, 409), (step, answer.text)
    return int(answer.status_code)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.sampled_from(STEPS), min_size=1, max_size=10))
def test_as_of_matches_what_the_read_model_showed(world: dict[str, Any], steps: list[str]) -> None:
    client: TestClient = world["client"]
    services = services_of(client)
    rid = create(client, world["customer"])["id"]
    seen: dict[int, tuple[int, str | None]] = {}

    def snapshot() -> None:
        services.settle_all()
        detail = client.get(f"{CLIENT}/rate-requests/{rid}", headers=world["customer"]).json()["response"]
        price = None if detail["price"] is None else str(Decimal(str(detail["price"])))
        seen[services.store.head()] = (detail["state"], price)

    snapshot()
    for step in steps:
        _command(world, step, rid)
        snapshot()
    codes = lifecycle("rate_request").codes
    for position, (state_code, price) in seen.items():
        answer = client.get(
            f"{AUDIT}/aggregates/{rid}/state", params={"position": position}, headers=world["admin"]
        )
        state = answer.json()["response"]["state"]
        rebuilt_price = None if state["price"] is None else str(Decimal(state["price"]))
        assert (codes[state["state"]], rebuilt_price) == (state_code, price), (steps, position)
