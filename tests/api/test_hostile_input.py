"""Hostile input, case by case with its siblings: a 400 envelope naming the field, and nothing
recorded (the store's head does not move). Both stores."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import INDIVIDUAL_FORM, settle
from tests.api.booking_support import ADMIN, CLIENT, create, customer, party, payload
from tests.api.schedules_support import publication
from tests.api.test_tariffs import day, tariff_csv
from tests.app_services import services_of

HUGE = "4611686018427387904"
AUDIT = "/audit/api/v1"
ACCOUNTS_ADMIN = "/account/api/v1/admin"
SIGN_UP = "/account/api/v1/client/indivisual-customers/register"


@dataclass
class Case:
    name: str
    method: str
    path: str
    field: str
    json: Any = None
    params: dict[str, str] = dataclasses.field(default_factory=dict)
    raw: bytes | None = None  # a body that is not what json.dumps would write
    role: str = "customer"
    content_type: str = "application/json"


def cases(rid: str, account: str) -> list[Case]:
    rate_requests = f"{CLIENT}/rate-requests"
    bad_order = {"rateRequestId": rid, "parties": [{**party(0, "Supplier"), "name": "Acme\x00Ltd"}]}
    return [
        # Integers beyond the store's range, in queries and bodies.
        Case("list offset", "GET", rate_requests, "offset", params={"offset": HUGE}),
        Case("create polId", "POST", rate_requests, "polId", json=payload(polId=18446744073709551616)),
        Case("create podId negative", "POST", rate_requests, "podId", json=payload(podId=-(2**40))),
        Case(
            "admin list offset",
            "GET",
            f"{ADMIN}/rate-requests",
            "offset",
            params={"offset": HUGE},
            role="admin",
        ),
        Case(
            "admin list limit", "GET", f"{ADMIN}/rate-requests", "limit", params={"limit": HUGE}, role="admin"
        ),
        Case(
            "registrations page",
            "GET",
            f"{ACCOUNTS_ADMIN}/register-requests",
            "page",
            params={"page": HUGE},
            role="admin",
        ),
        Case(
            "edit requests page",
            "GET",
            f"{ACCOUNTS_ADMIN}/update-requests",
            "page",
            params={"page": HUGE},
            role="admin",
        ),
        Case(
            "notifications page",
            "GET",
            f"/notification/api/v1/notifications/{account}/paging",
            "page",
            params={"page": HUGE},
        ),
        Case("audit after", "GET", f"{AUDIT}/events", "after", params={"after": HUGE}, role="admin"),
        Case(
            "container typeId",
            "POST",
            f"{ADMIN}/reference/containers",
            "typeId",
            json={"number": "MSCU1234565", "typeId": 51958360677195055104, "sizeId": 1},
            role="admin",
        ),
        Case(
            "huge float",
            "POST",
            rate_requests,
            "quantity",
            raw=json.dumps(payload()).replace('"quantity": 2', '"quantity": 1e400').encode(),
        ),
        Case(
            "NaN",
            "POST",
            rate_requests,
            "body",
            raw=json.dumps(payload()).replace('"quantity": 2', '"quantity": NaN').encode(),
        ),
        # Invalid Unicode.
        Case(
            "login surrogate",
            "POST",
            "/auth/api/v1/login",
            "username",
            json={"username": "\ud800", "password": "x"},
            role="nobody",
        ),
        Case("commodity surrogate", "POST", rate_requests, "commodity", json=payload(commodity="Nuts\ud800")),
        # Far dates.
        Case(
            "validUntil 9999",
            "PUT",
            f"{ADMIN}/rate-requests/{rid}/quote",
            "validUntil",
            json={"price": 100, "validUntil": "9999-12-31T23:59:59-01:00"},
            role="admin",
        ),
        # The staff screen sends a date alone (the end of that day): the same window holds.
        *(
            Case(
                f"{name} validUntil {when}",
                "PUT",
                f"{ADMIN}/rate-requests/{rid}/{route}",
                "validUntil",
                json={"price": 100, "validUntil": when},
                role="admin",
            )
            for name, route in (
                ("quote", "quote"),
                ("confirm", "confirm-request"),
                ("amendment requote", "amendments/requote"),
            )
            for when in ("9999-12-31", "2100-01-01")
        ),
        Case(
            "audit to 9999",
            "GET",
            f"{AUDIT}/events",
            "to",
            params={"to": "9999-12-31T23:59:59-01:00"},
            role="admin",
        ),
        Case(
            "audit from year 1",
            "GET",
            f"{AUDIT}/events",
            "from",
            params={"from": "0001-01-01T00:00:00+01:00"},
            role="admin",
        ),
        Case(
            "audit at 9999",
            "GET",
            f"{AUDIT}/aggregates/{rid}/state",
            "at",
            params={"at": "9999-12-31T23:59:59-01:00"},
            role="admin",
        ),
        Case(
            "audit from 2999 (outside 1970-2099)",
            "GET",
            f"{AUDIT}/events",
            "from",
            params={"from": "2999-01-01T00:00:00Z"},
            role="admin",
        ),
        # Far times in a vessel schedule; CSV with control characters and far dates.
        Case(
            "far schedule time",
            "PUT",
            f"{ADMIN}/vessel-schedules",
            "$[0].vesselSchedules[0].transportCalls[0].timestamps[0].eventDateTime",
            raw=json.dumps(publication(datetime(2027, 3, 1, 8, tzinfo=UTC)))
            .replace("2027-02-28T12:00:00+00:00", "9999-12-31T23:59:59-14:00")
            .encode(),
            role="admin",
        ),
        Case(
            "NUL in a tariff cell",
            "PUT",
            f"{ADMIN}/tariffs",
            "body",
            raw=tariff_csv(f"CNSHA,SGSIN,40,Dry,gene\x00ral,{day(10)},{day(20)},1000,0,0,0,0,0,0"),
            role="admin",
            content_type="text/csv",
        ),
        Case(
            "tariff valid to 9999",
            "PUT",
            f"{ADMIN}/tariffs",
            "rows.2.valid_to",
            raw=tariff_csv(f"CNSHA,SGSIN,40,Dry,general,{day(10)},9999-12-31,1000,0,0,0,0,0,0"),
            role="admin",
            content_type="text/csv",
        ),
        # Strict types, strict dates.
        Case("quantity true", "POST", rate_requests, "quantity", json=payload(quantity=True)),
        Case("quantity Arabic-Indic", "POST", rate_requests, "quantity", json=payload(quantity="٣")),
        # Persian and Arabic-Indic digits in a code are read as Latin (record 3867); other scripts' are not.
        Case("hsCode Devanagari", "POST", rate_requests, "hsCode", json=payload(hsCode="०८०२५१")),
        Case(
            "document type true",
            "PUT",
            f"{rate_requests}/{rid}/booking-request",
            "documents.0.documentTypeId",
            json={"documents": [{"documentTypeId": True, "fileId": "x"}]},
        ),
        Case(
            "shipping date garbage",
            "POST",
            rate_requests,
            "preferredShippingDate",
            json=payload(preferredShippingDate="2030-12-31garbage"),
        ),
        *(
            Case(
                f"birth date {what}",
                "POST",
                f"{SIGN_UP}/finalize",
                "birthDate",
                json={**INDIVIDUAL_FORM, "birthDate": birth_date},
                role="nobody",
            )
            for what, birth_date in (("31 Esfand", "1370/12/31"), ("in the future", "1450/01/01"))
        ),
        # Control and bidirectional characters, lengths.
        Case(
            "NUL in comment",
            "POST",
            rate_requests,
            "additionalComment",
            json=payload(additionalComment="a\x00b"),
        ),
        Case(
            "bidi override", "POST", rate_requests, "commodity", json=payload(commodity="Nuts\u202egpj.exe")
        ),
        Case(
            "bidi in sign-up id",
            "POST",
            f"{SIGN_UP}/start",
            "nationalId",
            json={"nationalId": "\u20661234567890", "phone": "09121234567"},
            role="nobody",
        ),
        Case(
            "NUL nested in an order",
            "POST",
            f"{CLIENT}/shipping-orders",
            "parties.0.name",
            json=bad_order,
        ),
        Case("control char in a path", "GET", f"{rate_requests}/%01", "id"),
        Case(
            "900 KB revision message",
            "PUT",
            f"{ADMIN}/rate-requests/{rid}/request-revision",
            "message",
            json={"message": "x" * 900_000},
            role="admin",
        ),
        Case(
            "5,000-character comment",
            "POST",
            rate_requests,
            "additionalComment",
            json=payload(additionalComment="y" * 5000),
        ),
    ]


def test_hostile_input_is_refused_by_name_and_records_nothing(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "hostile-a")
    rid = create(client, alice)["id"]
    account = client.get("/auth/api/v1/me", headers=alice).json()["response"]["id"]
    start = {"nationalId": INDIVIDUAL_FORM["nationalId"], "phone": INDIVIDUAL_FORM["phone"]}
    assert client.post(f"{SIGN_UP}/start", json=start).status_code == 200
    services = services_of(client)
    headers = {"customer": alice, "admin": admin_headers, "nobody": {}}
    wrong: list[str] = []
    for case in cases(rid, account):
        settle(client)  # a policy still reacting to the create or the sign-up is not this case's write
        head = services.store.head()
        # Sent as escaped ASCII JSON, as any client may: a lone surrogate is legal JSON text.
        content = case.raw if case.raw is not None else json.dumps(case.json).encode()
        sent = {**headers[case.role], "content-type": case.content_type}
        answer = client.request(case.method, case.path, params=case.params, content=content, headers=sent)
        body = answer.json()
        fields = (body.get("error") or {}).get("fields") or {}
        if not (
            answer.status_code == 400
            and body["isSuccess"] is False
            and body["isError"] is True
            and body["response"] is None
            and case.field in fields
            and services.store.head() == head
        ):
            wrong.append(f"{case.name}: {answer.status_code} {answer.text[:200]}")
    assert not wrong, "\n".join(wrong)
