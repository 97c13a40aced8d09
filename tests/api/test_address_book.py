"""The address book: a customer saves parties, lists, changes and removes them; another customer's entry is
404 at every call; bad input is a 400 naming the field and stores nothing (both stores)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import quiet_head
from tests.api.booking_support import CLIENT, customer, fails, ok
from tests.app_services import services_of
from tests.corpus import FOREIGN_PHONES, LONG_ADDRESSES, PERSIAN_COMPANIES, ZAHRA_HOSSEINI

BOOK = f"{CLIENT}/address-book"


def _party(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "name": PERSIAN_COMPANIES[0],
        "address": LONG_ADDRESSES[1],
        "contact": ZAHRA_HOSSEINI[1],
        "phoneNumber": FOREIGN_PHONES[0],
        "email": "export@parsian.example",
        "roles": ["consignee", "shipper"],
    }
    body.update(changes)
    return body


def test_a_customer_saves_lists_changes_and_removes_parties(client: TestClient) -> None:
    headers = customer(client, "book-owner")
    assert ok(client.get(BOOK, headers=headers)) == {"list": [], "totalCount": 0}
    saved = ok(client.post(BOOK, headers=headers, json=_party()), 201)
    assert saved["name"] == PERSIAN_COMPANIES[0] and saved["address"] == LONG_ADDRESSES[1]
    assert saved["phoneNumber"] == FOREIGN_PHONES[0] and saved["contact"] == ZAHRA_HOSSEINI[1]
    assert saved["roles"] == ["shipper", "consignee"]  # in the order of an order's parties
    bare = {"name": "Hamburg Notify GmbH", "address": "Am Sandtorkai 1"}
    notify = ok(client.post(BOOK, headers=headers, json=bare), 201)
    assert notify["roles"] == [] and notify["email"] is None and notify["phoneNumber"] is None

    listed = ok(client.get(BOOK, headers=headers))
    assert listed["totalCount"] == 2
    assert [p["id"] for p in listed["list"]] == [notify["id"], saved["id"]]  # by name

    changed = ok(
        client.put(f"{BOOK}/{saved['id']}", headers=headers, json=_party(address=LONG_ADDRESSES[0], roles=[]))
    )
    assert changed["address"] == LONG_ADDRESSES[0] and changed["roles"] == []
    assert changed["createdAt"] == saved["createdAt"]
    # The same values again change nothing and record nothing.
    head = quiet_head(services_of(client))
    same = _party(address=LONG_ADDRESSES[0], roles=[])
    assert ok(client.put(f"{BOOK}/{saved['id']}", headers=headers, json=same)) == changed
    assert quiet_head(services_of(client)) == head

    assert ok(client.delete(f"{BOOK}/{saved['id']}", headers=headers)) == {"id": saved["id"], "done": True}
    assert [p["id"] for p in ok(client.get(BOOK, headers=headers))["list"]] == [notify["id"]]
    # A removed entry is gone: changing or removing it again is 404.
    fails(client.put(f"{BOOK}/{saved['id']}", headers=headers, json=_party()), 404)
    fails(client.delete(f"{BOOK}/{saved['id']}", headers=headers), 404)


def test_another_customers_entry_is_not_found(client: TestClient) -> None:
    owner = customer(client, "book-owner-2")
    other = customer(client, "book-stranger")
    entry = ok(client.post(BOOK, headers=owner, json=_party()), 201)
    head = quiet_head(services_of(client))
    assert ok(client.get(BOOK, headers=other))["totalCount"] == 0
    fails(client.put(f"{BOOK}/{entry['id']}", headers=other, json=_party(name="Taken over")), 404)
    fails(client.delete(f"{BOOK}/{entry['id']}", headers=other), 404)
    fails(client.delete(f"{BOOK}/not-a-uuid", headers=other), 404)
    assert quiet_head(services_of(client)) == head
    assert ok(client.get(BOOK, headers=owner))["list"][0]["name"] == PERSIAN_COMPANIES[0]


def test_bad_input_names_the_field_and_stores_nothing(client: TestClient) -> None:
    headers = customer(client, "book-careless")
    entry = ok(client.post(BOOK, headers=headers, json=_party()), 201)
    head = quiet_head(services_of(client))
    cases: list[tuple[dict[str, Any], set[str]]] = [
        (_party(name="  "), {"name"}),
        (_party(address=None), {"address"}),
        (_party(phoneNumber="call me"), {"phoneNumber"}),
        (_party(email="export-at-parsian"), {"email"}),
        (_party(name="x" * 201, email="no"), {"name", "email"}),
    ]
    for body, named in cases:
        assert set(fails(client.post(BOOK, headers=headers, json=body), 400)["fields"]) == named, body
        error = fails(client.put(f"{BOOK}/{entry['id']}", headers=headers, json=body), 400)
        assert set(error["fields"]) == named, body
    # An unknown role hint is refused by the body's shape, naming the field too.
    error = fails(client.post(BOOK, headers=headers, json=_party(roles=["captain"])), 400)
    assert any(field.startswith("roles") for field in error["fields"]), error
    assert quiet_head(services_of(client)) == head
    assert ok(client.get(BOOK, headers=headers))["list"] == [entry]


def test_the_address_book_is_for_signed_in_customers(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    fails(client.get(BOOK), 401)
    fails(client.get(BOOK, headers=admin_headers), 403)


def test_a_persian_reader_is_told_in_persian(client: TestClient) -> None:
    headers = {**customer(client, "book-persian"), "Accept-Language": "fa"}
    error = fails(client.post(BOOK, headers=headers, json=_party(name=" ", email="no")), 400)
    assert error["fields"] == {"name": "نام الزامی است", "email": "یک نشانی ایمیل، مانند export@example.com"}
    english = fails(client.post(BOOK, headers=headers | {"Accept-Language": "en"}, json=_party(name="")), 400)
    assert english["fields"] == {"name": "Name is required"}
