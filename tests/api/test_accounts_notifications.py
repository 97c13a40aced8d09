"""Notifications: created by the policy, paged newest first, only the owner's, mark-as-read idempotent."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from domain.notifications.notification import Notification
from domain.shared.actor import SYSTEM_ACTOR
from followers.follower import stream_events
from tests.api.accounts_support import (
    INDIVIDUAL_FORM,
    NOTIFY,
    accepted_customer,
    fails,
    ok,
    services,
    settle,
)
from tests.api.booking_support import assert_verify_clean


def _seed(client: TestClient, recipient: str, count: int, cause: str = "seed") -> None:
    app = services(client).notifications
    for number in range(count):
        app.record(
            Notification.create(f"{cause}-{number}", 1, recipient, f"Title {number}", "m" * 50, SYSTEM_ACTOR)
        )
    settle(client)


def test_paging_newest_first_with_counts(client: TestClient, admin_headers: dict[str, str]) -> None:
    customer = accepted_customer(client, admin_headers)
    me = ok(client.get("/auth/api/v1/me", headers=customer))["id"]
    settle(client)
    _seed(client, me, 11)
    first = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=10&page=1", headers=customer))["data"]
    assert first["totalCount"] == 12 and first["notSeenCount"] == 12
    items = first["costumerlNotificationDetails"]["list"]
    assert len(items) == 10 and items[0]["title"] == "Title 10"
    assert set(items[0]) == {"id", "title", "message", "isRead", "createdAt", "subject"}
    second = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=10&page=2", headers=customer))["data"]
    assert [n["title"] for n in second["costumerlNotificationDetails"]["list"]] == [
        "Title 0",
        "Registration accepted",
    ]
    fails(client.get(f"{NOTIFY}/{me}/paging?pageSize=10&page=0", headers=customer), 400)


def test_only_the_owner_reads_and_marks(client: TestClient, admin_headers: dict[str, str]) -> None:
    customer = accepted_customer(client, admin_headers)
    other = accepted_customer(
        client,
        admin_headers,
        {**INDIVIDUAL_FORM, "nationalId": "0099999994", "phone": "09127777777", "email": "other@example.com"},
    )
    me = ok(client.get("/auth/api/v1/me", headers=customer))["id"]
    settle(client)
    fails(client.get(f"{NOTIFY}/{me}/paging?pageSize=10&page=1", headers=other), 403)
    fails(client.get(f"{NOTIFY}/{me}/paging?pageSize=10&page=1"), 401)
    mine = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=10&page=1", headers=customer))["data"]
    notification = mine["costumerlNotificationDetails"]["list"][0]["id"]
    fails(client.put(f"{NOTIFY}/mark-as-read", json={"notificationId": notification}, headers=other), 403)
    fails(client.put(f"{NOTIFY}/mark-as-read", json={"notificationId": "not-an-id"}, headers=customer), 404)
    fails(client.put(f"{NOTIFY}/mark-as-read", json={}, headers=customer), 400)
    head = services(client).store.head()
    ok(client.put(f"{NOTIFY}/mark-as-read", json={"notificationId": notification}, headers=customer))
    after_first = services(client).store.head()
    ok(client.put(f"{NOTIFY}/mark-as-read", json={"notificationId": notification}, headers=customer))
    assert (
        after_first == head + 1 and services(client).store.head() == after_first
    )  # idempotent: no second event
    page = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=10&page=1", headers=customer))["data"]
    assert page["notSeenCount"] == 0 and page["costumerlNotificationDetails"]["list"][0]["isRead"] is True


def test_policy_creates_one_notification_per_event(client: TestClient, admin_headers: dict[str, str]) -> None:
    accepted_customer(client, admin_headers)
    settle(client)
    svc = services(client)
    with svc.read_models.read() as tx:
        before = tx.scalar("SELECT COUNT(*) FROM notifications")
    # Reprocessing history (a crash before tracking) creates nothing twice.
    follower = next(f for f in svc.policy_followers if f.name == "notifications_policy")
    for batch in stream_events(svc.store, 0, 500):
        with svc.read_models.read() as tx:
            follower.apply(tx, batch)
    settle(client)
    with svc.read_models.read() as tx:
        # The customer's "accepted", and the admin's "new registration".
        assert tx.scalar("SELECT COUNT(*) FROM notifications") == before == 2


def test_counts_follow_every_create_and_first_read_and_survive_a_rebuild(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    """The bell's totals come from `notification_counts`: they must equal the notifications themselves, with
    several marks (one of them a repeat) applied in one batch, and a rebuild must give the same rows."""
    customer = accepted_customer(client, admin_headers)
    me = ok(client.get("/auth/api/v1/me", headers=customer))["id"]
    settle(client)
    _seed(client, me, 7)
    _seed(client, "someone-else", 3, cause="other")
    listed = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=10&page=1", headers=customer))["data"]
    ids = [n["id"] for n in listed["costumerlNotificationDetails"]["list"]]
    for notification in [ids[0], ids[3], ids[0], ids[5]]:
        ok(client.put(f"{NOTIFY}/mark-as-read", json={"notificationId": notification}, headers=customer))
    settle(client)
    page = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=10&page=1", headers=customer))["data"]
    assert (page["totalCount"], page["notSeenCount"]) == (8, 5)
    with services(client).read_models.read() as tx:
        truth = tx.all(
            "SELECT recipient, COUNT(*) AS total, SUM(1 - is_read) AS unread FROM notifications"
            " GROUP BY recipient ORDER BY recipient"
        )
        counted = tx.all("SELECT recipient, total, unread FROM notification_counts ORDER BY recipient")
    assert [(r["recipient"], int(r["total"]), int(r["unread"])) for r in truth] == [
        (c["recipient"], int(c["total"]), int(c["unread"])) for c in counted
    ]
    assert_verify_clean(services(client), tmp_path)
