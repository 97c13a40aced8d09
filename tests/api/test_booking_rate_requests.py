"""Lookups, rate request create / edit / list / detail, and ownership (both stores)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, create, customer, fails, ok, payload, quoted, upload
from tests.corpus import WALK_HS_CODE


def test_lookups_serve_reference_data(client: TestClient) -> None:
    headers = customer(client, "lookup-user")
    types = ok(client.get(f"{CLIENT}/rate-request/general/container/types", headers=headers))["list"]
    assert {"id": 2, "name": "Refrigerated", "value": 2} in types["list"] and types["totalCount"] == len(
        types["list"]
    )
    sizes = ok(client.get(f"{CLIENT}/rate-request/general/container/sizes", headers=headers))["list"]["list"]
    assert [s["name"] for s in sizes] == ["20", "40", "40HC", "45"]
    ports = ok(client.get(f"{CLIENT}/rate-request/general/port/loadings", headers=headers))["list"]
    assert ports["totalCount"] >= 300
    assert {"id": 1, "name": "Shanghai (CNSHA)", "value": 1, "code": "CNSHA", "country": "China"} in ports[
        "list"
    ]
    documents = ok(client.get(f"{CLIENT}/rate-requests/documents", headers=headers))["list"]["list"]
    assert [(d["id"], d["name"]) for d in documents] == [
        (1, "Booking Letter"),
        (2, "Export LOI"),
        (3, "Flexi LOI"),
    ]
    template = client.get(documents[1]["templateUrl"], headers=headers)
    assert template.status_code == 200 and template.content.startswith(b"%PDF-")
    assert template.headers["content-type"] == "application/pdf"
    fails(client.get(f"{CLIENT}/rate-requests/documents/9/template", headers=headers), 404)
    found = ok(client.get(f"{CLIENT}/rate-request/general/containers?number=cSqU", headers=headers))["list"]
    assert found["list"] == [] or all("CSQU" in c["name"] for c in found["list"])
    found = ok(client.get(f"{CLIENT}/rate-request/general/containers?number=MSCU", headers=headers))["list"][
        "list"
    ]
    assert found and all(c["name"].startswith("MSCU") and isinstance(c["value"], int) for c in found)
    assert (
        ok(client.get(f"{CLIENT}/rate-request/general/containers?number=%20", headers=headers))["list"][
            "list"
        ]
        == []
    )


def test_lookups_need_a_customer_token(client: TestClient, admin_headers: dict[str, str]) -> None:
    fails(client.get(f"{CLIENT}/rate-request/general/container/types"), 401)
    fails(client.get(f"{CLIENT}/rate-request/general/port/loadings", headers=admin_headers), 403)


def test_staff_extend_ports_and_containers(client: TestClient, admin_headers: dict[str, str]) -> None:
    headers = customer(client, "ext-user")

    def add(kind: str, body: dict[str, Any], as_whom: dict[str, str] = admin_headers) -> Any:
        return client.post(f"{ADMIN}/reference/{kind}", headers=as_whom, json=body)

    # IRQ2Z is not a UN/LOCODE port (those are all there already: Kharg Island, IRKHK, answers 409).
    added = ok(add("ports", {"code": "IRQ2Z", "name": "New Terminal", "country": "Iran"}), 201)
    ports = ok(client.get(f"{CLIENT}/rate-request/general/port/loadings", headers=headers))["list"]["list"]
    assert any(p["id"] == added["id"] and p["code"] == "IRQ2Z" for p in ports)
    for code in ("IRQ2Z", "IRKHK"):
        fails(add("ports", {"code": code, "name": "Again", "country": "Iran"}), 409)
    fails(add("ports", {"code": "IRKHX", "name": "X", "country": "Iran"}, headers), 403)
    ok(add("containers", {"number": "CSQU3054383", "typeId": 1, "sizeId": 1}), 201)
    error = fails(add("containers", {"number": "CSQU3054384", "typeId": 1, "sizeId": 1}), 400)
    assert "number" in error["fields"]
    found = ok(client.get(f"{CLIENT}/rate-request/general/containers?number=CSQU3054383", headers=headers))
    assert [c["name"] for c in found["list"]["list"]] == ["CSQU3054383"]
    # The same number again (written in lower case) is known; an unknown type and size are named
    # by their wire keys; a code that is not a UN/LOCODE's shape is refused before anything is stored.
    fails(add("containers", {"number": "csqu3054383", "typeId": 1, "sizeId": 1}), 409)
    error = fails(add("containers", {"number": "MSCU1234566", "typeId": 9999, "sizeId": 9999}), 400)
    assert set(error["fields"]) == {"typeId", "sizeId"}
    error = fails(add("ports", {"code": "12ABC", "name": "Digits", "country": "Nowhere"}), 400)
    assert set(error["fields"]) == {"code"}
    lower = ok(add("ports", {"code": "irq3z", "name": " Spaced Terminal ", "country": "Iran"}), 201)
    assert lower["name"] == "Spaced Terminal (IRQ3Z)"


def test_create_answers_the_detail_and_lists_newest_first(client: TestClient) -> None:
    headers = customer(client, "creator")
    first = create(client, headers, commodity="First")
    assert first["state"] == 0 and first["price"] is None and first["order"] is None
    assert first["pol"] == {"id": 1, "name": "Shanghai (CNSHA)", "value": 1}
    assert (
        first["containerType"] == {"id": 1, "name": "Dry", "value": 1} and first["customerName"] == "creator"
    )
    for n in range(11):
        create(client, headers, commodity=f"Item {n}")
    page1 = ok(client.get(f"{CLIENT}/rate-requests?limit=10&offset=1", headers=headers))["list"]
    page2 = ok(client.get(f"{CLIENT}/rate-requests?limit=10&offset=2", headers=headers))["list"]
    assert page1["totalCount"] == 12 and len(page1["list"]) == 10 and len(page2["list"]) == 2
    assert page1["list"][0]["commodity"] == "Item 10" and page2["list"][-1]["commodity"] == "First"
    row = page2["list"][-1]
    assert (
        row["orderState"] is None
        and row["polTitle"] == "Shanghai (CNSHA)"
        and row["podTitle"] == "Singapore (SGSIN)"
    )
    assert row["cargoDetails"] == "2 x 40 Dry, First" and row["state"] == 0
    detail = ok(client.get(f"{CLIENT}/rate-requests/{first['id']}", headers=headers))
    assert detail["commodity"] == "First" and detail["hsCode"] == "080251" and detail["quantity"] == 2
    fails(client.get(f"{CLIENT}/rate-requests?limit=0", headers=headers), 400)
    fails(client.get(f"{CLIENT}/rate-requests?offset=0", headers=headers), 400)


def test_the_list_pages_oldest_first_or_by_container_type_when_asked(client: TestClient) -> None:
    """The order is the server's, page after page: the oldest booking opens the first page (not the last),
    and by type the types come in their lookup's order, newest first within each."""
    headers = customer(client, "sorter")
    types = [3, 1, 2, 1, 3, 2, 1, 1, 2, 3, 1, 2]  # Open Top, Dry, Refrigerated, ...
    made = [
        create(client, headers, commodity=f"Item {n}", containerTypeId=t)["id"] for n, t in enumerate(types)
    ]

    def listed(query: str) -> list[str]:
        """Every page in turn (three of 5, 5 and 2 rows), as the list's scrolling reads them."""
        pages = [
            ok(client.get(f"{CLIENT}/rate-requests?limit=5&offset={n}{query}", headers=headers))["list"]
            for n in (1, 2, 3)
        ]
        assert [page["totalCount"] for page in pages] == [len(made)] * 3
        return [row["id"] for page in pages for row in page["list"]]

    newest = made[::-1]
    assert listed("") == listed("&sort=newest") == newest
    assert listed("&sort=oldest") == made
    by_type = [rid for kind in (1, 2, 3) for rid, t in zip(newest, types[::-1], strict=True) if t == kind]
    assert listed("&sort=type") == by_type
    first = ok(client.get(f"{CLIENT}/rate-requests?limit=5&offset=1&sort=type", headers=headers))["list"]
    assert {row["containerType"] for row in first["list"]} == {"Dry"}
    # Searched, the order is kept.
    found = ok(client.get(f"{CLIENT}/rate-requests?search=Item%201&sort=oldest", headers=headers))["list"]
    assert [row["commodity"] for row in found["list"]] == ["Item 1", "Item 10", "Item 11"]
    assert "sort" in fails(client.get(f"{CLIENT}/rate-requests?sort=old", headers=headers), 400)["fields"]


def test_create_validation_failures(client: TestClient) -> None:
    headers = customer(client, "validator")
    url = f"{CLIENT}/rate-requests"
    yesterday = (date.today() - timedelta(days=2)).isoformat()  # past on every clock (record 3897)
    cases = {
        "quantity": payload(quantity=0),
        "hsCode": payload(hsCode="12345"),
        "preferredShippingDate": payload(preferredShippingDate=yesterday),
        "polId": payload(polId=999999),
        "containerSizeId": payload(containerSizeId=77),
        "msds": payload(isDanger=True, msds=None),
        "commodity": payload(commodity=""),
    }
    for field, body in cases.items():
        error = fails(client.post(url, headers=headers, json=body), 400)
        assert field in error["fields"], (field, error)
    assert fails(client.post(url, headers=headers, json=payload(quantity=1.5)), 400)["fields"] == {
        "quantity": "Quantity must be a positive whole number"
    }
    assert fails(client.post(url, headers=headers, json=payload(isDanger=True)), 400)["fields"]["msds"] == (
        "Please Upload Danger File !"
    )
    fails(client.post(url, headers=headers, json={"commodity": 5}), 400)
    assert ok(client.get(url, headers=headers))["list"]["totalCount"] == 0


def test_an_hs_code_in_persian_digits_is_kept_latin(client: TestClient) -> None:
    """The HS code typed on a Persian (or Arabic) keyboard is the code it spells (record 3001)."""
    headers = customer(client, "persian-hs")
    persian = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
    arabic = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
    assert create(client, headers, hsCode=WALK_HS_CODE.translate(persian))["hsCode"] == WALK_HS_CODE
    assert create(client, headers, hsCode="84713000".translate(arabic))["hsCode"] == "84713000"


def test_danger_needs_a_file_the_caller_uploaded(client: TestClient) -> None:
    alice = customer(client, "alice-d")
    bob = customer(client, "bob-d")
    bobs = upload(client, bob, key="bob-msds")
    error = fails(
        client.post(f"{CLIENT}/rate-requests", headers=alice, json=payload(isDanger=True, msds=bobs)), 400
    )
    assert error["fields"] == {"msds": "The danger file was not uploaded by you"}
    mine = upload(client, alice, key="alice-msds")
    created = create(client, alice, isDanger=True, msds=mine)
    assert created["isDanger"] is True and created["msds"] == mine


def test_edit_and_its_failures(client: TestClient, admin_headers: dict[str, str]) -> None:
    headers = customer(client, "editor")
    rid = quoted(client, headers, admin_headers)
    edited = ok(
        client.put(f"{CLIENT}/rate-requests/{rid}", headers=headers, json=payload(quantity=5, podId=3))
    )
    assert (
        edited["quantity"] == 5
        and edited["price"] is None
        and edited["state"] == 0
        and edited["pod"]["id"] == 3
    )
    fails(client.put(f"{CLIENT}/rate-requests/{rid}", headers=headers, json=payload(hsCode="x")), 400)
    fails(client.put(f"{CLIENT}/rate-requests/{rid}", headers=headers, json=payload(podId=1)), 400)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/reject", headers=admin_headers, json={"message": "No space"}))
    error = fails(client.put(f"{CLIENT}/rate-requests/{rid}", headers=headers, json=payload()), 409)
    assert "rejected_by_admin (5)" in error["description"]
    fails(client.put(f"{CLIENT}/rate-requests/not-a-uuid", headers=headers, json=payload()), 404)


def test_a_customer_reaches_only_its_own_rate_requests(client: TestClient) -> None:
    alice = customer(client, "alice-o")
    bob = customer(client, "bob-o")
    rid = create(client, alice)["id"]
    fails(client.get(f"{CLIENT}/rate-requests/{rid}", headers=bob), 404)
    fails(client.put(f"{CLIENT}/rate-requests/{rid}", headers=bob, json=payload()), 404)
    fails(client.put(f"{CLIENT}/rate-requests/{rid}/cancel", headers=bob), 404)
    assert ok(client.get(f"{CLIENT}/rate-requests", headers=bob))["list"]["totalCount"] == 0
    assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["id"] == rid
    fails(client.get(f"{CLIENT}/rate-requests/{rid}"), 401)


def test_customer_name_comes_from_the_profile(client: TestClient, admin_headers: dict[str, str]) -> None:
    headers = customer(client, "named-user", {"firstName": "Sara", "lastName": "Karimi"})
    rid = create(client, headers)["id"]
    assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))["customerName"] == "Sara Karimi"
    row = ok(client.get(f"{ADMIN}/rate-requests", headers=admin_headers))["list"]["list"][0]
    assert row["customerName"] == "Sara Karimi"
