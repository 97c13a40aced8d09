"""Tracking e-mails: a departure, an arrival, a delivery and an arrival estimate moved by more than
24 h are e-mailed to the booking's customer (text and HTML, the reference in the subject, a link to the
booking); smaller moves, plans, estimates of departures and unmatched events e-mail nobody; a publisher's
retry never sends twice; each kind can be turned off on the profile; a real SMTP server receives them."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from domain.booking.reference import seed_ports
from tests.api.accounts_support import settle
from tests.api.booking_support import CLIENT, in_shipping_order, ok
from tests.api.email_support import PREFERENCES, Inbox, mails, parts, reference_of, smtp_app, someone
from tests.api.tracking_support import equipment, publish, publisher_key, transport
from tests.corpus import TRACKED_CONTAINERS, TRACKING_PORTS

BANDAR_ABBAS, HAMBURG, ROTTERDAM, _, _ = TRACKING_PORTS
SHIP = "KING OF THE SEAS"
TRACKING_KINDS = ["vesselDeparted", "vesselArrived", "cargoDelivered", "arrivalEstimateChanged"]


def tracked(client: TestClient, name: str, admin: dict[str, str]) -> tuple[dict[str, str], str, str, str]:
    headers, address = someone(client, name)
    rid = in_shipping_order(client, headers, admin)
    return headers, address, rid, reference_of(client, headers, rid)


def voyage(client: TestClient, publisher: dict[str, str], reference: str, box: str, tag: str) -> None:
    """A voyage's events for `reference`: news and events that are not news."""
    estimate = transport(f"{tag}-eta", "ARRI", "EST", "2026-01-12T08:00:00Z", HAMBURG, reference,
                         "2026-01-01T00:00:00Z", SHIP)  # fmt: skip
    depart = transport(f"{tag}-dep", "DEPA", "ACT", "2026-01-06T20:00:00Z", BANDAR_ABBAS, reference,
                       "2026-01-06T20:05:00Z", SHIP)  # fmt: skip
    planned_departure = transport(f"{tag}-dep-pln", "DEPA", "PLN", "2026-01-06T18:00:00Z", BANDAR_ABBAS,
                                  reference, "2026-01-01T00:00:00Z", SHIP)  # fmt: skip
    gate_in = equipment(f"{tag}-gtin", "GTIN", box, "2026-01-05T08:00:00Z", BANDAR_ABBAS, reference)
    publish(client, publisher, estimate, planned_departure, gate_in, depart)
    publish(client, publisher, depart)  # the publisher retries
    # The estimate slips by two days (news), then by 6 h more (not news). The slip is written with its
    # publisher's offset: the message says the same moment in UTC, 08:00, not the wall clock's 09:00.
    publish(client, publisher, {**estimate, "eventDateTime": "2026-01-14T09:00:00+01:00",
                                "eventUpdatedDateTime": "2026-01-08T00:00:00Z"})  # fmt: skip
    publish(client, publisher, {**estimate, "eventDateTime": "2026-01-14T14:00:00Z",
                                "eventUpdatedDateTime": "2026-01-09T00:00:00Z"})  # fmt: skip
    publish(
        client,
        publisher,
        transport(
            f"{tag}-arr",
            "ARRI",
            "ACT",
            "2026-01-14T15:00:00Z",
            HAMBURG,
            reference,
            "2026-01-14T15:00:00Z",
            SHIP,
        ),
        equipment(f"{tag}-disc", "DISC", box, "2026-01-14T20:00:00Z", HAMBURG),
        equipment(f"{tag}-drop", "DROP", box, "2026-01-16T10:00:00Z", HAMBURG),
    )


def test_departure_arrival_delivery_and_a_moved_estimate_are_emailed_once_each(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, address, rid, ref = tracked(client, "tnt-mail", admin_headers)
    _, other_address, _, _ = tracked(client, "tnt-mail-other", admin_headers)
    publisher = publisher_key(client, admin_headers)
    box = TRACKED_CONTAINERS[2]
    voyage(client, publisher, ref, box, "m")
    # An event for a container nobody booked: kept for staff, e-mails nobody.
    publish(
        client,
        publisher,
        equipment("stray", "DROP", TRACKED_CONTAINERS[3], "2026-01-16T10:00:00Z", ROTTERDAM),
    )
    settle(client)
    sent = [m for m in mails(client, address) if m["data"]["kind"] in TRACKING_KINDS]
    assert sorted(m["data"]["kind"] for m in sent) == sorted(TRACKING_KINDS)
    assert [m for m in mails(client, other_address) if m["data"]["kind"] in TRACKING_KINDS] == []
    by_kind = {m["data"]["kind"]: m for m in sent}
    assert {kind: m["subject"] for kind, m in by_kind.items()} == {
        "vesselDeparted": f"[{ref}] The vessel has departed",
        "vesselArrived": f"[{ref}] The vessel has arrived",
        "cargoDelivered": f"[{ref}] Your cargo is delivered",
        "arrivalEstimateChanged": f"[{ref}] The estimated arrival has changed",
    }
    link = f"http://127.0.0.1:8000/dashboard/bookings/rate-request/detail/{rid}"
    for mail in sent:
        assert mail["data"]["link"] == link and link in mail["body"] and f'href="{link}"' in mail["html"]
        assert mail["html"].startswith("<!doctype html>") and ref in mail["html"]
    assert (
        f"The vessel {SHIP} carrying your booking {ref} departed Bandar Abbas ({BANDAR_ABBAS})."
        in by_kind["vesselDeparted"]["body"]
    )
    assert (
        f"Container {box} of your booking {ref} was delivered at Hamburg ({HAMBURG})."
        in by_kind["cargoDelivered"]["html"]
    )
    assert (
        "expected at Hamburg (DEHAM) on 2026/01/14 09:00 local time (UTC+01:00), 48 h later than before"
        in by_kind["arrivalEstimateChanged"]["body"]
    )
    # The profile lists the tracking kinds with the others.
    listed = {k["kind"]: k["label"] for k in ok(client.get(PREFERENCES, headers=headers))["kinds"]}
    assert listed["arrivalEstimateChanged"] == "The estimated arrival moves by more than 24 hours"
    assert set(TRACKING_KINDS) <= set(listed)


def test_a_customer_turns_tracking_emails_off_kind_by_kind(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, address, _, ref = tracked(client, "tnt-quiet", admin_headers)
    ok(client.put(PREFERENCES, headers=headers, json={"muted": ["vesselArrived", "arrivalEstimateChanged"]}))
    voyage(client, publisher_key(client, admin_headers), ref, TRACKED_CONTAINERS[0], "q")
    settle(client)
    sent = sorted(m["data"]["kind"] for m in mails(client, address) if m["data"]["kind"] in TRACKING_KINDS)
    assert sent == ["cargoDelivered", "vesselDeparted"]
    # The in-app notices are not e-mail preferences: all four are still told in the app.
    account_id = ok(client.get("/auth/api/v1/me", headers=headers))["id"]
    page = ok(
        client.get(f"/notification/api/v1/notifications/{account_id}/paging?pageSize=50", headers=headers)
    )
    titles = {n["title"] for n in page["data"]["costumerlNotificationDetails"]["list"]}
    assert {"Departed", "Arrived", "Delivered", "Arrival estimate changed"} <= titles


def test_the_customer_of_a_cancelled_booking_is_not_told_its_cargo_moves(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, address, rid, ref = tracked(client, "tnt-cancelled", admin_headers)
    asked = f"{CLIENT}/rate-requests/{rid}/cancellation-request"
    ok(client.post(asked, headers=headers, json={"reason": "Plans changed"}))
    confirm = f"/booking/api/v1/admin/rate-requests/{rid}/cancellation-request/confirm"
    ok(client.put(confirm, headers=admin_headers, json={}))
    voyage(client, publisher_key(client, admin_headers), ref, TRACKED_CONTAINERS[1], "c")
    settle(client)
    # Nothing of a cancelled booking sails: no "departed", "arrived" or "delivered" by e-mail or in the app.
    assert [m["data"]["kind"] for m in mails(client, address) if m["data"]["kind"] in TRACKING_KINDS] == []
    account_id = ok(client.get("/auth/api/v1/me", headers=headers))["id"]
    page = ok(
        client.get(f"/notification/api/v1/notifications/{account_id}/paging?pageSize=50", headers=headers)
    )
    titles = {n["title"] for n in page["data"]["costumerlNotificationDetails"]["list"]}
    assert not {"Departed", "Arrived", "Delivered", "Arrival estimate changed"} & titles, titles


def test_the_vessel_arriving_to_load_the_cargo_is_not_its_arrival(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A vessel calls at the port of loading before it loads: that ARRI is the vessel coming for the cargo.
    Nobody is told the cargo arrived, its progress stays where the cargo is, the arrival forecast stays."""
    headers, address, rid, ref = tracked(client, "tnt-load-call", admin_headers)
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))
    loading = next(p for p in seed_ports() if p.id == detail["pol"]["value"])
    publisher = publisher_key(client, admin_headers)
    box = TRACKED_CONTAINERS[3]
    publish(
        client,
        publisher,
        transport(
            "lc-eta", "ARRI", "EST", "2026-01-12T08:00:00Z", HAMBURG, ref, "2026-01-01T00:00:00Z", SHIP
        ),
        equipment("lc-gtin", "GTIN", box, "2026-01-05T08:00:00Z", loading.code, ref),
        transport(
            "lc-call", "ARRI", "ACT", "2026-01-06T02:00:00Z", loading.code, ref, "2026-01-06T02:00:00Z", SHIP
        ),
    )
    settle(client)
    progress = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))["progress"]
    assert (progress["stage"], progress["summary"]) == (
        "gated-in",
        f"Gated in at {loading.name}, arriving Hamburg 2026/01/12",
    )

    publish(
        client,
        publisher,
        equipment("lc-load", "LOAD", box, "2026-01-06T08:00:00Z", loading.code),
        transport(
            "lc-dep", "DEPA", "ACT", "2026-01-06T20:00:00Z", loading.code, ref, "2026-01-06T20:00:00Z", SHIP
        ),
        transport(
            "lc-arr", "ARRI", "ACT", "2026-01-12T09:00:00Z", HAMBURG, ref, "2026-01-12T09:00:00Z", SHIP
        ),
    )
    settle(client)
    progress = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))["progress"]
    assert (progress["stage"], progress["summary"]) == ("arrived", f"Arrived at Hamburg on {SHIP}")
    arrived = [m for m in mails(client, address) if m["data"]["kind"] == "vesselArrived"]
    assert len(arrived) == 1 and f"arrived at Hamburg ({HAMBURG})" in arrived[0]["body"], arrived
    account_id = ok(client.get("/auth/api/v1/me", headers=headers))["id"]
    page = ok(
        client.get(f"/notification/api/v1/notifications/{account_id}/paging?pageSize=50", headers=headers)
    )
    told = [
        n["message"] for n in page["data"]["costumerlNotificationDetails"]["list"] if n["title"] == "Arrived"
    ]
    assert len(told) == 1 and f"Hamburg ({HAMBURG})" in told[0], told


def test_a_real_smtp_server_receives_a_tracking_email(smtp_server: tuple[int, Inbox], tmp_path: Path) -> None:
    port, inbox = smtp_server
    with smtp_app(tmp_path / "var", port) as (client, admin):
        headers, address, rid, ref = tracked(client, "tnt-smtp", admin)
        ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))
        publisher = publisher_key(client, admin)
        departure = transport("s-dep", "DEPA", "ACT", "2026-01-06T20:00:00Z", BANDAR_ABBAS, ref,
                              "2026-01-06T20:05:00Z", SHIP)  # fmt: skip
        publish(client, publisher, departure)
        settle(client)
    departed = [m for m in inbox.received if m["Subject"] == f"[{ref}] The vessel has departed"]
    assert len(departed) == 1 and departed[0]["To"] == address
    text, html = parts(departed[0])
    assert f"departed Bandar Abbas ({BANDAR_ABBAS})" in text and f"/detail/{rid}" in html
