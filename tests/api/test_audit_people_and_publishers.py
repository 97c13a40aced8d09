"""Auditors and staff find a customer by the Latin name she writes on her own orders, and the trail names a
tracking publisher by its key's label."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.api import booking_support as booking
from tests.api.booking_support import ADMIN, CLIENT
from tests.api.tracking_support import equipment, publish, publisher_key
from tests.app_services import services_of
from tests.corpus import TRACKED_CONTAINERS, TRACKING_PORTS, ZAHRA_HOSSEINI

AUDIT = "/audit/api/v1"
(FIRST, LAST), LATIN = ZAHRA_HOSSEINI


def found(client: TestClient, headers: dict[str, str], query: str) -> list[str]:
    answer = booking.ok(client.get(f"{AUDIT}/bookings", params={"q": query}, headers=headers))
    return [b["reference"] for b in answer["list"]]


def staff_found(client: TestClient, headers: dict[str, str], query: str) -> list[str]:
    answer = booking.ok(client.get(f"{ADMIN}/rate-requests", params={"search": query}, headers=headers))
    return [r["reference"] for r in answer["list"]["list"]]


def parties(shipper: str) -> list[dict[str, Any]]:
    return [
        booking.party(1, "Hamburg Süd Importe GmbH"),
        booking.party(2, "Notify Co"),
        booking.party(0, shipper),
    ]


def _zahras_booking(
    client: TestClient, admin_headers: dict[str, str], username: str
) -> tuple[dict[str, str], str, str]:
    """Zahra Hosseini's booking at its shipping order (her account `username`): her headers, its id and
    reference."""
    zahra = booking.customer(client, username, {"firstName": FIRST, "lastName": LAST})
    rid = booking.in_shipping_order(client, zahra, admin_headers)
    reference = str(booking.ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=zahra))["reference"])
    return zahra, rid, reference


def test_a_persian_named_customer_is_found_by_the_latin_name_on_her_orders(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    zahra, rid, reference = _zahras_booking(client, admin_headers, "audit-zahra")
    order = booking.ok(
        client.post(
            f"{CLIENT}/shipping-orders",
            headers=zahra,
            json=booking.order_payload(rid, parties=parties(LATIN)),
        ),
        201,
    )
    services_of(client).settle_all()

    # Her whole name, her last name, her first name in any case: the auditor finds her booking.
    for query in (LATIN, "Hosseini", "zahra", "HOSS", FIRST):
        assert found(client, admin_headers, query) == [reference], query
    # The audit log's "who" filter reads the same index.
    rows = booking.ok(
        client.get(f"{AUDIT}/events", params={"person": "Hosseini", "limit": 500}, headers=admin_headers)
    )["list"]
    assert rows and {r["actorName"] for r in rows} == {f"{FIRST} {LAST}"}
    # Staff find her bookings in their list by either spelling.
    assert staff_found(client, admin_headers, "Zahra Hosseini") == [reference]
    assert staff_found(client, admin_headers, LAST) == [reference]
    # The consignee is somebody else: naming it does not answer with her.
    assert found(client, admin_headers, "Importe") == []
    assert staff_found(client, admin_headers, "Importe") == []

    # She corrects her shipper's spelling on a returned order: the new spelling finds her, the old one not.
    booking.ok(
        client.put(
            f"{ADMIN}/shipping-orders/{order['id']}/request-revision",
            headers=admin_headers,
            json={"revise": {"parties": "Spell the shipper as in the passport"}},
        )
    )
    booking.ok(
        client.put(
            f"{CLIENT}/shipping-orders/{order['id']}/edit",
            headers=zahra,
            json={
                "freightType": 1,
                "cargoDescription": "Roasted pistachios in boxes",
                "parties": parties("Zahra Hoseini"),
            },
        )
    )
    services_of(client).settle_all()
    assert found(client, admin_headers, "Hoseini") == [reference]
    # The old spelling left the orders' index (it still finds her by the sound of her Persian name).
    with services_of(client).read_models.read() as tx:
        assert not tx.all("SELECT 1 FROM audit_party_prefixes WHERE prefix = ?", ("hosseini",))
    assert found(client, admin_headers, "zahra") == [reference]
    # The index is the events' own: a rebuild gives the same rows.
    booking.assert_verify_clean(services_of(client), tmp_path)


def test_the_trail_names_a_tracking_publisher_by_its_keys_label(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    _customer, _rid, reference = _zahras_booking(client, admin_headers, "audit-publisher-label")
    gate_in = equipment(
        "label-gtin", "GTIN", TRACKED_CONTAINERS[0], "2026-01-10T08:00:00Z", TRACKING_PORTS[0], reference
    )
    publish(client, publisher_key(client, admin_headers, "Jebel Ali terminal 2"), gate_in)
    services_of(client).settle_all()

    trail = booking.ok(client.get(f"{AUDIT}/bookings/{reference}/trail", headers=admin_headers))
    [milestone] = [e for e in trail["entries"] if e["what"] == "Tracking milestone received"]
    assert (milestone["who"], milestone["role"]) == ("Jebel Ali terminal 2", "Tracking publisher")
    rows = booking.ok(
        client.get(f"{AUDIT}/events", params={"kind": "tracking_event", "limit": 500}, headers=admin_headers)
    )["list"]
    assert {r["actorName"] for r in rows if r["type"] == "Published"} == {"Jebel Ali terminal 2"}


def test_unmatched_events_show_the_reference_the_publisher_sent_and_what_happened_in_words(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    key = publisher_key(client, admin_headers, "Bandar Abbas gate")
    typo = equipment(
        "unmatched-typo",
        "GTIN",
        TRACKED_CONTAINERS[3],
        "2026-02-01T08:00:00Z",
        TRACKING_PORTS[0],
        "FB-2026-99999",
    )
    typo["eventClassification"]["eventClassifierCode"] = "PLN"
    publish(client, key, typo)
    services_of(client).settle_all()
    listed = booking.ok(
        client.get("/integrations/api/v1/admin/tracking-events/unmatched", headers=admin_headers)
    )
    [row] = [u for u in listed["list"] if u["eventID"] == "unmatched-typo"]
    assert row["sentReferences"] == ["FB-2026-99999"]
    assert row["description"] == "Container gated in (planned)"


def test_the_auditors_overview_counts_staff_decisions_and_lists_the_latest_with_their_bookings(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    customer, _rid, reference = _zahras_booking(client, admin_headers, "audit-overview")
    services_of(client).settle_all()

    overview = booking.ok(client.get(f"{AUDIT}/overview", headers=admin_headers))
    counts = {d["what"]: d["count"] for d in overview["decisions"]}
    assert overview["days"] == 30
    assert counts["Price quoted"] >= 1 and counts["Booking confirmed"] >= 1
    assert "Rate request made" not in counts  # the customer's act, not a staff decision
    latest = overview["latest"][0]
    assert (latest["what"], latest["who"], latest["bookingReference"]) == (
        "Booking confirmed",
        "admin",
        reference,
    )
    assert [e["position"] for e in overview["latest"]] == sorted(
        (e["position"] for e in overview["latest"]), reverse=True
    )
    assert client.get(f"{AUDIT}/overview", headers=customer).status_code == 403
