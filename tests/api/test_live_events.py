"""`GET /events/api/v1/stream`, server-sent events from the event log, per user, through a real
HTTP server (the ASGI test client cannot read an endless stream)."""

from __future__ import annotations

import json
import queue
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import uvicorn

from api.main import create_app
from api.routers import events
from api.settings import Settings
from domain.notifications.notification import Notification
from domain.shared.actor import SYSTEM_ACTOR
from tests.api.booking_support import ADMIN, create, customer, ok
from tests.api.team_support import TEAM, company, member
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login
from tests.corpus import TEAM_COLLEAGUES, TEAM_COMPANY

STREAM = "/events/api/v1/stream"
REZA, _, _, NEGAR = TEAM_COLLEAGUES


class LiveClient(httpx.Client):
    """An HTTP client of a running server; `app` lets the booking helpers reach its services."""

    app: Any


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def live(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveClient]:
    monkeypatch.setattr(events, "PING_SECONDS", 0.5)
    with serving(settings) as client:
        yield client


@contextmanager
def serving(settings: Settings) -> Iterator[LiveClient]:
    app = create_app(settings)
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    client = LiveClient(base_url=f"http://127.0.0.1:{port}", timeout=10)
    client.app = app
    try:
        yield client
    finally:
        client.close()
        server.should_exit = True
        thread.join(15)


class Listener:
    """Reads one stream on a thread of its own: `notices` gets each data line, `comments` each comment."""

    def __init__(self, client: LiveClient, **request: Any) -> None:
        self.notices: queue.Queue[dict[str, Any]] = queue.Queue()
        self.comments: queue.Queue[str] = queue.Queue()
        self.status: queue.Queue[int] = queue.Queue()
        self._client = client
        self._request = request
        threading.Thread(target=self._run, daemon=True).start()
        assert self.status.get(timeout=10) == 200
        assert self.comments.get(timeout=10) == ": connected"

    def _run(self) -> None:
        try:
            with self._client.stream("GET", STREAM, timeout=None, **self._request) as response:
                self.status.put(response.status_code)
                for line in response.iter_lines():
                    if line.startswith("data: "):
                        self.notices.put(json.loads(line[len("data: ") :]))
                    elif line.startswith(":"):
                        self.comments.put(line)
        except httpx.HTTPError:
            pass  # the test ended and closed the client under the stream

    def next(self, timeout: float = 1.0) -> dict[str, Any]:
        return self.notices.get(timeout=timeout)

    def drain(self, wait: float = 0.6) -> list[dict[str, Any]]:
        time.sleep(wait)
        found = []
        while not self.notices.empty():
            found.append(self.notices.get_nowait())
        return found


def _until(listener: Listener, kind: str, item: str, within: float = 1.0) -> dict[str, Any]:
    deadline = time.monotonic() + within
    while True:
        notice = listener.next(timeout=max(0.01, deadline - time.monotonic()))
        if notice["kind"] == kind and notice["id"] == item:
            return notice


def test_each_user_follows_their_changes_within_a_second(live: LiveClient) -> None:
    admin = login(live, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice = customer(live, "live-alice")
    bob = customer(live, "live-bob")
    staff_stream = Listener(live, headers=admin)
    # EventSource sends no headers: the web app's `token` cookie authenticates the stream.
    alice_stream = Listener(live, headers={"Cookie": "token=" + alice["Authorization"].split(" ", 1)[1]})
    bob_stream = Listener(live, headers=bob)

    started = time.monotonic()
    booking = create(live, alice)
    seen = _until(alice_stream, "rate_request", booking["id"])
    assert time.monotonic() - started < 1.5
    assert seen["reference"] == booking["reference"] and seen["position"] > 0
    assert _until(staff_stream, "rate_request", booking["id"])["reference"] == booking["reference"]
    quote = {"price": 1000, "validUntil": "2099-01-01"}
    ok(live.put(f"{ADMIN}/rate-requests/{booking['id']}/quote", headers=admin, json=quote))
    moved = _until(alice_stream, "rate_request", booking["id"])
    assert moved["position"] > seen["position"]
    told = _until(alice_stream, "notification", alice_stream_notification(live, alice), within=2.0)
    assert told["reference"] == booking["reference"]
    # Bob sees nothing of Alice's booking, nor of the staff's notifications.
    assert all(n["id"] != booking["id"] and n["kind"] != "registration" for n in bob_stream.drain())
    # A quiet stream is kept open by comments.
    assert ": ping" in [bob_stream.comments.get(timeout=3) for _ in range(1)]


def alice_stream_notification(live: LiveClient, headers: dict[str, str]) -> str:
    me = ok(live.get("/auth/api/v1/me", headers=headers))["id"]
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        page = ok(live.get(f"/notification/api/v1/notifications/{me}/paging", headers=headers))["data"]
        items = page["costumerlNotificationDetails"]["list"]
        if items:
            return str(items[0]["id"])
        time.sleep(0.1)
    raise AssertionError("no notification")


def test_a_stream_needs_a_token(live: LiveClient) -> None:
    answer = live.get(STREAM)
    assert answer.status_code == 401 and answer.json()["isError"] is True
    answer = live.get(STREAM, headers={"Cookie": "token=not-a-token"})
    assert answer.status_code == 401


def test_a_worker_without_followers_streams_what_another_process_recorded(
    live: LiveClient, settings: Settings
) -> None:
    """Two API processes on one store and one read-model database (the worker runs no follower, as behind
    `freight follow`): the worker's stream learns of changes from the shared read models."""
    worker_settings = settings.model_copy(update={"RUN_FOLLOWERS": False})
    with serving(worker_settings) as worker:
        alice = customer(live, "live-worker-alice")
        stream = Listener(worker, headers=alice)
        booking = create(live, alice)
        assert _until(stream, "rate_request", booking["id"])["reference"] == booking["reference"]


def _told_before(listener: Listener, marker: str, within: float = 5.0) -> list[tuple[str, str]]:
    """Every notice (kind, id) the stream tells before the booking `marker`'s: a stream tells in the store's
    order, so what it has not told by then it does not tell."""
    told: list[tuple[str, str]] = []
    deadline = time.monotonic() + within
    while True:
        notice = listener.next(timeout=max(0.01, deadline - time.monotonic()))
        if notice["kind"] == "rate_request" and notice["id"] == marker:
            return told
        told.append((notice["kind"], notice["id"]))


def _company_notice(client: LiveClient, company_id: str, title: str, subject: dict[str, Any] | None) -> str:
    """A notice to the company's account, as the policy records one (the sign-up's welcome opens nothing)."""
    services = services_of(client)
    notice = Notification.create(
        f"{title}/{company_id}", 1, company_id, title, f"{title}.", SYSTEM_ACTOR, subject=subject
    )
    services.settle(services.notifications.record(notice))
    return str(notice.id)


def test_a_colleague_is_told_only_of_the_notices_he_reads_by_his_role_now(live: LiveClient) -> None:
    """Decision 3895: the stream tells each colleague of the company's notices only those his list shows
    (3872), by his role as it is when the notice is told, not as it was when the stream opened."""
    owner, company_id = company(live, TEAM_COMPANY, "ops@parsexport.example")
    reza, _ = member(live, owner, REZA[0], REZA[1], "booker")
    negar, negar_id = member(live, owner, NEGAR[0], NEGAR[1], "owner")
    streams = {"company": Listener(live, headers=owner), "booker": Listener(live, headers=reza)}
    streams["owner"] = Listener(live, headers=negar)
    edit = {"kind": "edit_request", "id": "10101010103", "reference": None}

    welcome = _company_notice(live, company_id, "Registration accepted", None)
    edited = _company_notice(live, company_id, "Profile edit approved", edit)
    marker = create(live, owner)["id"]
    told = {who: _told_before(stream, marker) for who, stream in streams.items()}
    assert {("notification", welcome), ("notification", edited)} <= set(told["company"]), told
    assert ("notification", welcome) not in told["booker"] + told["owner"], told
    assert ("notification", edited) not in told["booker"], told
    assert ("notification", edited) in told["owner"], told

    # The owner is demoted with her stream open: from the moment it is answered, what only an owner reads is
    # no longer told to her (her stream stays open: she still reads the company's bookings).
    ok(live.put(f"{TEAM}/members/{negar_id}", json={"role": "viewer"}, headers=owner))
    edited_again = _company_notice(live, company_id, "Profile edit declined", edit)
    marker = create(live, owner)["id"]
    told = {who: _told_before(stream, marker) for who, stream in streams.items()}
    assert ("notification", edited_again) in told["company"], told
    assert ("notification", edited_again) not in told["owner"] + told["booker"], told
