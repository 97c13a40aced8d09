"""Customer accounts for browser tests, made through the real HTTP sign-up of a foreign company:
start -> finalize -> staff accept -> reset-password link from the outbox -> PUT reset-password."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
import urllib.error
import urllib.request
from datetime import date, timedelta
from typing import Any

import httpx

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.conftest import LiveServer
from tests.live_server import ROOT

PASSWORD = "Customer-Pass1"


def call(server: LiveServer, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server.url}{path}", data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            envelope = json.loads(answer.read())
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{method} {path}: {error.code} {error.read().decode()}") from error
    assert envelope["isSuccess"], envelope
    return envelope["response"]


def login(server: LiveServer, username: str, password: str) -> str:
    return str(
        call(server, "POST", "/auth/api/v1/login", {"username": username, "password": password})["token"]
    )


def admin_token(server: LiveServer) -> str:
    return login(server, ADMIN_USERNAME, ADMIN_PASSWORD)


def staff_call(server: LiveServer, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """`call` as the seeded staff account (or as the staff member whose `token` it is)."""
    return call(server, method, path, body, token=token or admin_token(server))


def create_staff(server: LiveServer, username: str, password: str, role: str = "admin") -> None:
    """A staff account made as an operator makes one, beside the running server (`freight create-admin`)."""
    env = {**os.environ, "VAR_DIR": str(server.var_dir), "ADMIN_PASSWORD": password}
    env.pop("DATABASE_URL", None)
    env.pop("ADMIN_USERNAME", None)
    done = subprocess.run(
        [sys.executable, "-m", "api.cli", "create-admin", "--username", username, "--role", role],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 or "exists already" in done.stderr, done.stdout + done.stderr


def colleague_token(server: LiveServer, username: str, password: str = "Colleague-Pass1") -> str:
    """A second staff member, made and logged in: the token, once the server's follower has read the account
    (within about a second; the deadline is for a loaded machine, the login's answer ends the wait)."""
    create_staff(server, username, password)
    deadline = time.monotonic() + 60
    body = json.dumps({"username": username, "password": password}).encode()
    while True:
        request = urllib.request.Request(f"{server.url}/auth/api/v1/login", data=body, method="POST")
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=20) as answer:
                return str(json.loads(answer.read())["response"]["token"])
        except urllib.error.HTTPError as error:
            assert time.monotonic() < deadline, error.read().decode()
        time.sleep(0.3)


FOREIGN_SIGN_UP = "/account/api/v1/client/foreign-corporate-customers/register"


def foreign_sign_up(server: LiveServer, details: dict[str, Any]) -> None:
    """A foreign company signs up through the API: start with `nationalCode`, finalize with `details`."""
    call(server, "POST", f"{FOREIGN_SIGN_UP}/start", {"nationalId": details["nationalCode"]})
    call(server, "POST", f"{FOREIGN_SIGN_UP}/finalize", {"isForeign": True, **details})


def booked_through_the_door(server: LiveServer, token: str, body: dict[str, Any]) -> tuple[str, str, str]:
    """The company signed in with `token`, with no booking yet, books `body` through the standard's door
    with an API key of its own: the key, the booking's carrierBookingRequestReference and its portal id."""
    key = call(server, "POST", "/integrations/api/v1/client/api-keys", {"label": "erp"}, token=token)["key"]
    created = httpx.post(f"{server.url}/v2/bookings", headers={"API-Key": key}, json=body, timeout=20)
    assert created.status_code == 202, created.text
    [rid] = [
        r["id"] for r in call(server, "GET", f"{BOOKING}/client/rate-requests", token=token)["list"]["list"]
    ]
    return key, created.json()["carrierBookingRequestReference"], rid


def accept_sign_up(server: LiveServer, national: str) -> None:
    """Staff accept the waiting sign-up of `national` (which e-mails the company its set-password link)."""
    # By its national code, as staff's link names it: a listing's first page is not every waiting sign-up
    # (other tests leave theirs waiting), and on a standby it may not show a sign-up made a moment ago.
    staff_call(
        server,
        "POST",
        f"/account/api/v1/admin/foreign-corporate-customer/register-requests/{national}/accept",
    )


def foreign_customer(server: LiveServer, name: str = "Acme Trading") -> tuple[str, str]:
    """A signed-up, accepted foreign company with a password; returns (username, password)."""
    national = str(random.randint(10**9, 10**10 - 1))
    details = {"name": name, "contactPerson": "Jane Doe", "nationalCode": national, "phone": "09121234567"}
    details |= {"fax": "", "email": f"c{national}@example.com"}
    details |= {"address": "Hafenstrasse 1, Hamburg", "postalCode": "2045700000"}
    foreign_sign_up(server, details)
    accept_sign_up(server, national)
    mail: list[dict[str, Any]] = []
    deadline = time.monotonic() + 60  # a loaded CI machine: the condition ends the wait
    while not mail and time.monotonic() < deadline:
        mail = [
            m
            for m in server.outbox()
            if str((m.get("data") or {}).get("username")) == national and "token" in (m.get("data") or {})
        ]
        if not mail:
            time.sleep(0.2)
    assert mail, server.outbox()[-3:]
    token = mail[-1]["data"]["token"]
    call(
        server,
        "PUT",
        f"/auth/api/v1/{national}/reset-password",
        {"token": token, "newPassword": PASSWORD, "confirmNewPassword": PASSWORD},
    )
    return national, PASSWORD


def logged_in_customer(server: LiveServer, name: str = "Acme Trading") -> tuple[str, str, str]:
    """A `foreign_customer` logged in through the API: (username, password, token)."""
    username, password = foreign_customer(server, name)
    return username, password, login(server, username, password)


BOOKING = "/booking/api/v1"


def _lookup_id(server: LiveServer, token: str, path: str, name: str) -> int:
    rows = call(server, "GET", f"{BOOKING}/client/rate-request/general/{path}", token=token)["list"]["list"]
    row = next(r for r in rows if r["name"] == name or r["name"].startswith(f"{name} "))
    return int(row.get("id") or row["value"])


def rate_request(server: LiveServer, token: str, commodity: str, **overrides: Any) -> str:
    """A dry 20' Shanghai -> Singapore rate request made through the customer API; returns its id."""
    body = rate_request_body(server, token, commodity, **overrides)
    return str(call(server, "POST", f"{BOOKING}/client/rate-requests", body, token=token)["id"])


def rate_request_body(server: LiveServer, token: str, commodity: str, **overrides: Any) -> dict[str, Any]:
    """What `rate_request` sends: a dry 20' from Shanghai to Singapore in 20 days, with `overrides`."""
    return {
        "commodity": commodity,
        "hsCode": "080251",
        "preferredShippingDate": (date.today() + timedelta(days=20)).isoformat(),
        "isSwbl": False,
        "quantity": 1,
        "isDanger": False,
        "msds": None,
        "additionalComment": "",
        "polId": _lookup_id(server, token, "port/loadings", "Shanghai"),
        "podId": _lookup_id(server, token, "port/loadings", "Singapore"),
        "containerTypeId": _lookup_id(server, token, "container/types", "Dry"),
        "containerSizeId": _lookup_id(server, token, "container/sizes", "20"),
        **overrides,
    }


def quote(server: LiveServer, rate_request_id: str, price: int = 1200, days: int = 5) -> None:
    """Staff quote through the admin API (valid for `days`)."""
    until = (date.today() + timedelta(days=days)).isoformat()
    staff_call(
        server,
        "PUT",
        f"{BOOKING}/admin/rate-requests/{rate_request_id}/quote",
        {"price": price, "validUntil": until},
    )


def _positions(server: LiveServer) -> tuple[int, dict[str, int]]:
    """The store's head and each follower group's position, from `/health` (also when it answers 503)."""
    try:
        with urllib.request.urlopen(f"{server.url}/health", timeout=20) as answer:
            report = json.loads(answer.read())["response"]
    except urllib.error.HTTPError as error:
        report = json.loads(error.read())["response"]
    return int(report["position"]), {name: int(at) for name, at in report["tracking"].items()}


def followers_caught_up(server: LiveServer, timeout: float = 60) -> None:
    """Waits until every follower group has applied every stored event. Twice in a row at the same head,
    because a policy's own events (a notification) land after the head the first report read."""
    deadline = time.monotonic() + timeout
    seen: int | None = None
    while True:
        head, tracking = _positions(server)
        done = bool(tracking) and all(at >= head for at in tracking.values())
        if done and seen == head:
            return
        seen = head if done else None
        if time.monotonic() > deadline:
            raise AssertionError(f"followers not at the store's head {head} within {timeout}s: {tracking}")
        time.sleep(0.05)


def notifications(server: LiveServer, token: str) -> list[dict[str, Any]]:
    """The customer's newest notifications (title, message, isRead), once the followers have applied every
    stored event (a notification is written by a policy, after the change that caused it)."""
    followers_caught_up(server)
    me = call(server, "GET", "/auth/api/v1/me", token=token)
    page = call(
        server, "GET", f"/notification/api/v1/notifications/{me['id']}/paging?pageSize=20&page=1", token=token
    )
    return list(page["data"]["costumerlNotificationDetails"]["list"])


PDF = b"%PDF-1.4\n" + b"0123456789" * 2500 + b"\n%%EOF\n"  # about 25 KB: three chunks


def upload_pdf(server: LiveServer, token: str, name: str = "loi.pdf") -> str:
    """Uploads a small PDF in 10,240-byte chunks as the customer; returns its file id."""
    import httpx

    key = f"k{random.randint(0, 10**9)}"
    chunks = [PDF[i : i + 10_240] for i in range(0, len(PDF), 10_240)]
    answer: dict[str, Any] = {}
    for number, chunk in enumerate(chunks, start=1):
        response = httpx.post(
            f"{server.url}/file-manager/api/v1/files/upload-chunk",
            headers={"Authorization": f"Bearer {token}"},
            data={"TotalChunks": str(len(chunks)), "ChunkNumber": str(number), "FileId": key},
            files={"File": (name, chunk, "application/octet-stream")},
            timeout=20,
        )
        assert response.status_code == 200, response.text
        answer = response.json()["response"]
    return str(answer["filePath"])


def accept_quote(server: LiveServer, token: str, rate_request_id: str) -> None:
    call(server, "PUT", f"{BOOKING}/client/rate-requests/{rate_request_id}/approve", token=token)


def send_booking_request(server: LiveServer, token: str, rate_request_id: str) -> None:
    """The customer submits the signed Booking Letter (document type 1)."""
    documents = [{"documentTypeId": 1, "fileId": upload_pdf(server, token)}]
    call(
        server,
        "PUT",
        f"{BOOKING}/client/rate-requests/{rate_request_id}/booking-request",
        {"documents": documents},
        token=token,
    )


def confirm_booking(server: LiveServer, rate_request_id: str) -> None:
    staff_call(server, "PUT", f"{BOOKING}/admin/rate-requests/{rate_request_id}/confirm-booking")


def booking_confirmed(server: LiveServer, token: str, commodity: str, **overrides: Any) -> str:
    """A rate request carried through the API to shipping_order (quoted, accepted, documents, confirmed)."""
    rid = rate_request(server, token, commodity, **overrides)
    quote(server, rid, 3700)
    accept_quote(server, token, rid)
    send_booking_request(server, token, rid)
    confirm_booking(server, rid)
    return rid


def container_id(server: LiveServer, token: str, number: str) -> int:
    rows = call(
        server, "GET", f"{BOOKING}/client/rate-request/general/containers?number={number}", token=token
    )["list"]["list"]
    return int(next(r for r in rows if r["name"] == number)["value"])


def shipping_order(
    server: LiveServer,
    token: str,
    rate_request_id: str,
    numbers: list[str],
    supplier: tuple[str, str] = ("Supplier Co", "4915100000001"),
    cargo: str = "Roasted pistachios in 25 kg cartons",
) -> str:
    """The customer's shipping order with a supplier (name, phone), consignee, notify party and one container
    a number."""
    parties = [
        {"name": name, "address": f"{name} street 1", "phoneNumber": phone, "fax": None, "partyType": kind}
        | {"isForSwbl": False}
        for name, phone, kind in (
            ("Consignee Pte Ltd", "6512345678", 1),
            ("Notify Pte Ltd", "6587654321", 2),
            (*supplier, 0),
        )
    ]
    containers = [
        {
            "containerId": container_id(server, token, number),
            "seal": f"SEAL-{i + 1:04d}",
            "count": 120,
            "type": 1,
            "grossWeight": 21000,
            "netWeight": 19500,
        }
        for i, number in enumerate(numbers)
    ]
    body = {
        "rateRequestId": rate_request_id,
        "isSWBL": False,
        "frightType": 2,
        "cargoDescription": cargo,
        "imcoClass": None,
        "unNumber": None,
        "temprature": None,
        "humidity": None,
        "hasVentilation": False,
        "parties": parties,
        "containers": containers,
    }
    return str(call(server, "POST", f"{BOOKING}/client/shipping-orders", body, token=token)["id"])


def accept_order(server: LiveServer, order_id: str) -> None:
    staff_call(server, "PUT", f"{BOOKING}/admin/shipping-orders/{order_id}/accept")


def pending_registration(server: LiveServer, name: str) -> str:
    """A foreign company's sign-up waiting for staff; returns its id (the company id)."""
    national = str(random.randint(10**9, 10**10 - 1))
    details = {"name": name, "contactPerson": "Lena Vogel", "nationalCode": national}
    details |= {"phone": "09121234568", "fax": "", "email": f"r{national}@example.com"}
    details |= {"address": "Am Sandtorkai 5, Hamburg", "postalCode": "2045700000"}
    foreign_sign_up(server, details)
    return national


def publish_tariff(server: LiveServer, tariff: str, days: int = 60) -> None:
    """Staff publish a tariff CSV whose rows run from today for `days` days (its `{start}` and `{end}`)."""
    start, end = date.today(), date.today() + timedelta(days=days)
    answer = httpx.put(
        f"{server.url}{BOOKING}/admin/tariffs",
        content=tariff.format(start=start.isoformat(), end=end.isoformat()).encode(),
        headers={"Authorization": f"Bearer {admin_token(server)}", "Content-Type": "text/csv"},
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
