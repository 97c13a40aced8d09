"""Notifications open their item and cite the booking reference; staff hear of new work."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from domain.shared.actor import SYSTEM_ACTOR
from tests.api import accounts_support as accounts
from tests.api.booking_support import ADMIN, create, customer, ok
from tests.conftest import login

NOTIFY = "/notification/api/v1/notifications"


def _inbox(client: TestClient, headers: dict[str, str]) -> dict[str, Any]:
    accounts.settle(client)
    me = ok(client.get("/auth/api/v1/me", headers=headers))["id"]
    return dict(ok(client.get(f"{NOTIFY}/{me}/paging", headers=headers, params={"pageSize": 50}))["data"])


def test_staff_get_a_notification_each_for_new_work_that_opens_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    services = accounts.services(client)
    created = services.accounts.ensure_admin("second-admin", "Second-Pass1", SYSTEM_ACTOR)
    assert created is not None  # a new account, not one there already
    services.settle(created)
    second = login(client, "second-admin", "Second-Pass1")
    alice = customer(client, "subject-alice")
    booking = create(client, alice)
    form = accounts.sign_up_individual(client)

    for headers in (admin_headers, second):
        items = _inbox(client, headers)["costumerlNotificationDetails"]["list"]
        by_title = {n["title"]: n for n in items}
        new_booking = by_title["New rate request"]
        assert new_booking["subject"] == {
            "kind": "rate_request",
            "id": booking["id"],
            "reference": booking["reference"],
        }
        assert booking["reference"] in new_booking["message"]
        assert by_title["New registration"]["subject"] == {
            "kind": "registration",
            "id": form["nationalId"],
            "reference": None,
        }
    # Each admin reads their own copy.
    mine = _inbox(client, admin_headers)
    first = mine["costumerlNotificationDetails"]["list"][0]["id"]
    ok(client.put(f"{NOTIFY}/mark-as-read", json={"notificationId": first}, headers=admin_headers))
    assert _inbox(client, admin_headers)["notSeenCount"] == mine["notSeenCount"] - 1
    assert _inbox(client, second)["notSeenCount"] == mine["notSeenCount"]
    # The customer hears nothing of their own new request, and nothing of staff work.
    assert _inbox(client, alice)["totalCount"] == 0


def test_customer_notification_cites_the_reference_and_opens_the_booking(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "subject-bob")
    booking = create(client, alice)
    revision = {"message": "Which port?"}
    url = f"{ADMIN}/rate-requests/{booking['id']}/request-revision"
    ok(client.put(url, headers=admin_headers, json=revision))
    items = _inbox(client, alice)["costumerlNotificationDetails"]["list"]
    assert [n["title"] for n in items] == ["Revision requested"]
    assert items[0]["subject"] == {
        "kind": "rate_request",
        "id": booking["id"],
        "reference": booking["reference"],
    }
    assert booking["reference"] in items[0]["message"] and "Which port?" in items[0]["message"]
