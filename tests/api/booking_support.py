"""Helpers of the booking API tests: customers, uploads, a rate request walked to any state."""

from __future__ import annotations

import os
import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from api.bootstrap import Services, open_read_models
from api.schemas.booking import RateRequestBody
from domain.accounts.account import INDIVIDUAL, Account
from domain.booking.values import RateRequestDraft
from domain.shared.actor import SYSTEM_ACTOR
from followers import dead_letters
from infrastructure.read_db import PostgresReadModels
from projections.verify import verify
from tests.api.accounts_support import fails as fails  # one check of a refusal's envelope, for both
from tests.api.accounts_support import quiet_head
from tests.app_services import services_of
from tests.conftest import TEST_PASSWORDS, login

CLIENT = "/booking/api/v1/client"
ADMIN = "/booking/api/v1/admin"
FILES = "/file-manager/api/v1/files"
PASSWORD = "Customer-Pass1"
PDF = b"%PDF-1.4\n" + b"0123456789" * 50 + b"\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 100


def customer(client: httpx.Client, username: str, profile: dict[str, Any] | None = None) -> dict[str, str]:
    """A customer account opened directly in the store (registration is another context's call)."""
    services = services_of(client)
    account = Account.open(username, INDIVIDUAL, [], profile or {}, SYSTEM_ACTOR)
    account.set_password(TEST_PASSWORDS.hash(PASSWORD), SYSTEM_ACTOR)
    services.settle(services.accounts.record(account))
    return login(client, username, PASSWORD)


def ok(answer: Any, status: int = 200) -> Any:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["isSuccess"] is True and body["isError"] is False, body
    return body["response"]


def upload(
    client: httpx.Client, headers: dict[str, str], data: bytes = PDF, key: str = "k1", name: str = "msds.pdf"
) -> str:
    size = 10_240
    chunks = [data[i : i + size] for i in range(0, len(data), size)] or [b""]
    answer: dict[str, Any] = {}
    for number, chunk in enumerate(chunks, start=1):
        answer = ok(
            client.post(
                f"{FILES}/upload-chunk",
                headers=headers,
                data={"TotalChunks": str(len(chunks)), "ChunkNumber": str(number), "FileId": key},
                files={"File": (name, chunk, "application/octet-stream")},
            )
        )
    assert answer["filePath"]
    return str(answer["filePath"])


def payload(**changes: Any) -> dict[str, Any]:
    body = {
        "commodity": "Pistachios",
        "hsCode": "080251",
        "preferredShippingDate": (date.today() + timedelta(days=20)).isoformat(),
        "isSwbl": False,
        "quantity": 2,
        "isDanger": False,
        "msds": None,
        "additionalComment": "Keep dry",
        "polId": 1,
        "podId": 2,
        "containerSizeId": 2,
        "containerTypeId": 1,
    }
    body.update(changes)
    return body


def told_who_decided(said: tuple[str, str], english: str, persian: str) -> bool:
    """A colleague's decision is said with who and when (decision 3916): `english` and `persian` with `{at}`
    for the time, which each language writes in its own calendar."""
    return all(
        re.fullmatch(re.escape(pattern).replace(re.escape("{at}"), ".+"), text) is not None
        for pattern, text in zip((english, persian), said, strict=True)
    )


def another_shipping_date() -> str:
    """A preferred shipping date other than `payload()`'s on any day the tests run (an amendment of the date
    changes something: the 28th of its month was the same day whenever that lay 20 days ahead)."""
    return (date.fromisoformat(payload()["preferredShippingDate"]) + timedelta(days=8)).isoformat()


def draft(**changes: Any) -> RateRequestDraft:
    """`payload` as the domain receives it (for tests that call the application directly)."""
    return RateRequestBody.model_validate(payload(**changes)).draft()


def create(client: httpx.Client, headers: dict[str, str], **changes: Any) -> dict[str, Any]:
    return dict(ok(client.post(f"{CLIENT}/rate-requests", headers=headers, json=payload(**changes)), 201))


def later(days: int = 5) -> str:
    return (datetime.now(UTC) + timedelta(days=days)).isoformat()


def quoted(client: httpx.Client, headers: dict[str, str], admin: dict[str, str], **changes: Any) -> str:
    rid = create(client, headers, **changes)["id"]
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/quote", headers=admin, json={"price": 1250.5, "validUntil": later()}
        )
    )
    return str(rid)


def loi_pending(client: httpx.Client, headers: dict[str, str], admin: dict[str, str], **changes: Any) -> str:
    rid = quoted(client, headers, admin, **changes)
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=headers))
    return rid


def in_shipping_order(
    client: httpx.Client, headers: dict[str, str], admin: dict[str, str], **changes: Any
) -> str:
    rid = loi_pending(client, headers, admin, **changes)
    file_id = upload(client, headers, key=f"loi-{rid}")
    documents = {"documents": [{"documentTypeId": 1, "fileId": file_id}]}
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/booking-request", headers=headers, json=documents))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin))
    return rid


def party(party_type: int, name: str, swbl: bool = False) -> dict[str, Any]:
    return {
        "name": name,
        "address": f"{name} street 1",
        "phoneNumber": "989121234567",
        "fax": None,
        "partyType": party_type,
        "isForSwbl": swbl,
    }


def order_payload(rate_request_id: str, quantity: int = 2, **changes: Any) -> dict[str, Any]:
    body = {
        "rateRequestId": rate_request_id,
        "isSWBL": False,
        "frightType": 1,
        "cargoDescription": "Roasted pistachios in boxes",
        "imcoClass": None,
        "unNumber": None,
        "temprature": None,
        "humidity": None,
        "hasVentilation": False,
        "parties": [party(1, "Consignee Co"), party(2, "Notify Co"), party(0, "Supplier Co")],
        "containers": [
            {
                "containerId": i + 1,
                "seal": f"S{i}",
                "count": 100,
                "type": 1,
                "grossWeight": 20000,
                "netWeight": 18000,
            }
            for i in range(quantity)
        ],
    }
    body.update(changes)
    return body


def assert_verify_clean(services: Services, tmp_path: Path) -> None:
    """Settle every follower (policies answer events with events), rebuild into scratch tables, compare."""
    quiet_head(services)
    scratch = open_read_models(
        services.settings, schema=f"verify_{os.getpid()}", path=tmp_path / "scratch.db"
    )
    try:
        differences = verify(services.store, services.read_models, scratch)
        assert differences == [], differences[:5]
        with scratch.read() as tx:  # a replay that parks an event is no replay of the history
            assert dead_letters.letters(tx) == [], [(d.topic, d.error) for d in dead_letters.letters(tx)]
    finally:
        if isinstance(scratch, PostgresReadModels):
            scratch.drop_schema()
        scratch.close()
