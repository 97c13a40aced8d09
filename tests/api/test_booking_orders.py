"""Shipping orders: create with its rules, staff revision and acceptance, customer edit and approval."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi.testclient import TestClient

from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    create,
    customer,
    fails,
    in_shipping_order,
    loi_pending,
    ok,
    order_payload,
    party,
    upload,
)

ORDERS = f"{CLIENT}/shipping-orders"


def test_create_and_its_failures(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice = customer(client, "ord-a")
    bob = customer(client, "ord-b")
    early = loi_pending(client, alice, admin_headers)
    error = fails(client.post(ORDERS, headers=alice, json=order_payload(early)), 409)
    assert "loi_pending (2)" in error["description"]
    rid = in_shipping_order(client, alice, admin_headers)
    fails(client.post(ORDERS, headers=bob, json=order_payload(rid)), 404)
    fails(client.post(ORDERS, headers=admin_headers, json=order_payload(rid)), 403)
    cases: dict[str, dict[str, Any]] = {
        "containers": order_payload(rid, quantity=1),
        "parties": order_payload(rid, parties=[party(1, "C"), party(2, "N")]),
        "cargoDescription": order_payload(rid, cargoDescription=""),
        "frightType": order_payload(rid, frightType=3),
        "containers.0.netWeight": order_payload(
            rid,
            containers=[
                {"containerId": 1, "seal": "a", "count": 1, "type": 1, "grossWeight": 5, "netWeight": 9},
                {"containerId": 2, "seal": "b", "count": 1, "type": 1, "grossWeight": 5, "netWeight": 4},
            ],
        ),
        "parties.0.phoneNumber": order_payload(
            rid, parties=[{**party(1, "C"), "phoneNumber": "12ab"}, party(2, "N"), party(0, "S")]
        ),
        "containers.1.containerId": order_payload(
            rid,
            containers=[
                {"containerId": 1, "seal": "a", "count": 1, "type": 1, "grossWeight": 5, "netWeight": 4},
                {"containerId": 999999, "seal": "b", "count": 1, "type": 1, "grossWeight": 5, "netWeight": 4},
            ],
        ),
    }
    for field, body in cases.items():
        assert field in fails(client.post(ORDERS, headers=alice, json=body), 400)["fields"], field
    swbl = fails(client.post(ORDERS, headers=alice, json=order_payload(rid, isSWBL=True)), 400)
    assert swbl["fields"] == {"parties": "Shipper (SWBL) is required"}
    fails(client.post(ORDERS, headers=alice, json={"rateRequestId": rid, "containers": "x"}), 400)
    order = ok(client.post(ORDERS, headers=alice, json=order_payload(rid)), 201)
    assert order["status"] == 0 and order["freightType"] == 1 and len(order["containers"]) == 2
    assert order["containers"][0]["containerNumber"]
    assert fails(client.post(ORDERS, headers=alice, json=order_payload(rid)), 409)
    row = ok(client.get(f"{CLIENT}/rate-requests?limit=10&offset=1", headers=alice))["list"]["list"][0]
    assert row["id"] == rid and row["orderState"] == 0


def test_swbl_doubles_the_parties(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice = customer(client, "swbl-a")
    rid = in_shipping_order(client, alice, admin_headers)
    parties = [
        party(1, "C"),
        party(2, "N"),
        party(1, "C2", True),
        party(2, "N2", True),
        party(0, "S"),
        party(0, "S2", True),
    ]
    order = ok(client.post(ORDERS, headers=alice, json=order_payload(rid, isSWBL=True, parties=parties)), 201)
    assert order["isSWBL"] is True and sum(p["isForSwbl"] for p in order["parties"]) == 3


def test_a_party_s_phone_and_fax_in_persian_digits_are_kept_latin(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The shipper's mobile and fax typed on a Persian keyboard are taken and kept in Latin digits (3001)."""
    alice = customer(client, "persian-party")
    rid = in_shipping_order(client, alice, admin_headers)
    persian = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
    shipper = {**party(0, "S"), "phoneNumber": "+98 912 345 6789".translate(persian)}
    shipper["fax"] = "02112345678".translate(persian)
    parties = [party(1, "C"), party(2, "N"), shipper]
    order = ok(client.post(ORDERS, headers=alice, json=order_payload(rid, parties=parties)), 201)
    kept = next(p for p in order["parties"] if p["name"] == "S")
    assert (kept["phoneNumber"], kept["fax"]) == ("+98 912 345 6789", "02112345678")


def test_dangerous_and_refrigerated_cargo(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice = customer(client, "dg-a")
    msds = upload(client, alice, key="dg-msds")
    rid = in_shipping_order(client, alice, admin_headers, isDanger=True, msds=msds, containerTypeId=2)
    error = fails(client.post(ORDERS, headers=alice, json=order_payload(rid)), 400)
    assert {"imcoClass", "unNumber", "temprature", "humidity"} <= set(error["fields"])
    bad = order_payload(rid, imcoClass="10", unNumber="12", temprature=-5, humidity=60)
    assert set(fails(client.post(ORDERS, headers=alice, json=bad), 400)["fields"]) == {
        "imcoClass",
        "unNumber",
    }
    good = order_payload(
        rid, imcoClass="3", unNumber="1203", temprature=-18.5, humidity=60, hasVentilation=True
    )
    order = ok(client.post(ORDERS, headers=alice, json=good), 201)
    assert (order["imcoClass"], order["unNumber"], order["temprature"], order["humidity"]) == (
        "3",
        "1203",
        -18.5,
        60,
    )


def test_revision_edit_accept_approve(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice = customer(client, "flow-a")
    bob = customer(client, "flow-b")
    rid = in_shipping_order(client, alice, admin_headers)
    order_id = ok(client.post(ORDERS, headers=alice, json=order_payload(rid)), 201)["id"]
    edit = {
        "isSWBL": False,
        "freightType": 2,
        "cargoDescription": "Pistachios, 200 boxes",
        "hasVentilation": True,
    }
    error = fails(client.put(f"{ORDERS}/{order_id}/edit", headers=alice, json=edit), 409)
    assert "submitted (0)" in error["description"]
    revision_url = f"{ADMIN}/shipping-orders/{order_id}/request-revision"
    fails(client.put(revision_url, headers=admin_headers, json={"revise": {}}), 400)
    fails(client.put(revision_url, headers=alice, json={"revise": {"cargoDescription": "x"}}), 403)
    fails(
        client.put(
            f"{ADMIN}/shipping-orders/{UUID(int=7)}/request-revision",
            headers=admin_headers,
            json={"revise": {"a": "b"}},
        ),
        404,
    )
    answer = ok(
        client.put(
            revision_url,
            headers=admin_headers,
            json={
                "revise": {"cargoDescription": "Say how many boxes"},
                "editedOrder": {"cargoDescription": "Pistachios, 200 boxes"},
            },
        )
    )
    assert answer["status"] == 1 and answer["revise"] == {"cargoDescription": "Say how many boxes"}
    assert answer["editedOrder"] == {"cargoDescription": "Pistachios, 200 boxes"}
    row = ok(client.get(f"{CLIENT}/rate-requests", headers=alice))["list"]["list"][0]
    assert row["orderState"] == 1
    fails(client.put(f"{ORDERS}/{order_id}/edit", headers=bob, json=edit), 404)
    fails(client.put(f"{ORDERS}/{order_id}/edit", headers=alice, json={**edit, "cargoDescription": ""}), 400)
    fails(client.put(f"{ORDERS}/{order_id}/edit", headers=alice, json={**edit, "freightType": 0}), 400)

    # Staff read what they asked while the order is in revision...
    def staff_order() -> dict[str, Any]:
        order: dict[str, Any] = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))["order"]
        return order

    assert staff_order()["revisionRequests"] == {"cargoDescription": "Say how many boxes"}
    edited = ok(client.put(f"{ORDERS}/{order_id}/edit", headers=alice, json=edit))
    assert edited["status"] == 0 and edited["revise"] == {} and edited["editedOrder"] is None
    assert edited["cargoDescription"] == "Pistachios, 200 boxes" and edited["freightType"] == 2
    # ... and while they review her answer to it (hers, `revise`, is emptied as she answers) ...
    assert staff_order()["revise"] == {}
    assert staff_order()["revisionRequests"] == {"cargoDescription": "Say how many boxes"}
    fails(client.put(f"{ORDERS}/{order_id}/approve", headers=alice), 409)
    fails(client.put(f"{ADMIN}/shipping-orders/{order_id}/accept", headers=alice), 403)
    accepted = ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/accept", headers=admin_headers))
    assert accepted["status"] == 2 and accepted["statusLabel"] == "Ready For Approval"
    # ... until they decide on it.
    assert staff_order()["revisionRequests"] == {}
    fails(client.put(f"{ADMIN}/shipping-orders/{order_id}/accept", headers=admin_headers), 409)
    fails(client.put(f"{ORDERS}/{order_id}/approve", headers=bob), 404)
    fails(client.put(f"{ORDERS}/{order_id}/approve", headers=admin_headers), 403)
    # The order is reachable by its rate request's id too (one order per request).
    assert ok(client.put(f"{ORDERS}/{rid}/approve", headers=alice))["status"] == 3
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert detail["state"] == 4 and detail["order"]["status"] == 3
    fails(client.put(f"{ORDERS}/{order_id}/approve", headers=alice), 409)


def test_order_of_a_request_that_has_none(client: TestClient) -> None:
    alice = customer(client, "none-a")
    rid = create(client, alice)["id"]
    fails(client.put(f"{ORDERS}/{rid}/approve", headers=alice), 404)
    fails(
        client.put(f"{ORDERS}/{rid}/edit", headers=alice, json={"cargoDescription": "x", "freightType": 1}),
        404,
    )
