"""One identity check at every door. An ended session (new password, log-out everywhere, reset by
link) is 401 at every door that names its caller, the live event stream and `/v2` included; an API key
(scope `bookings`) opens `/v2` only and manages neither keys nor webhooks; keys and webhooks are capped per
account. The doors are read from the app itself, so a door added later is in the matrix too (and a door
that checks nobody and is not on the public list fails `doors`)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.edge import security
from api.edge.identity import KEY_OUT_OF_SCOPE
from api.main import create_app
from api.routers.events import SESSION_CHECK_SECONDS
from api.settings import Settings
from tests.api.accounts_support import AUTH, PASSWORD, fails, ok
from tests.api.identity_support import STREAM, customer_with_email, doors, knocks, reset_by_link
from tests.api.test_live_events import LiveClient
from tests.app_services import app_of
from tests.conftest import login, make_settings

NEW = "Another-Pass2"
KEYS = "/integrations/api/v1/client/api-keys"
HOOKS = "/integrations/api/v1/client/webhooks"
ENDED = "Your session has ended; log in again"
LIFETIME = 3  # seconds: the token lifetime injected where a token's expiry is tested


def _refusals(client: TestClient, headers: dict[str, str]) -> tuple[int, list[str]]:
    """Every door with the ended token (the stream also by its cookie): (tried, the ones not refused)."""
    tried, let_in = 0, []
    token = headers["Authorization"].split(" ", 1)[1]
    for door in doors(app_of(client)):
        if door.path == f"{AUTH}/logout":
            continue  # logging an ended session out again opens nothing and is no error (decision 3901)
        ways = [headers]
        if door.path == STREAM:
            ways.append({"Cookie": f"token={token}"})
        for way in ways:
            tried += 1
            answer = door.call(client, way)
            if answer.status_code != 401 or answer.json().get("error", {}).get("description") != ENDED:
                if (
                    door.path.startswith(("/v1/", "/v2", "/v3"))
                    and answer.status_code == 401
                    and ENDED in answer.text
                ):
                    continue  # the DCSA doors answer the standard's error body, with the same words
                let_in.append(f"{door.method} {door.path}: {answer.status_code}")
    return tried, let_in


def test_an_ended_session_is_refused_at_every_door(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice, national_id = customer_with_email(client, admin_headers)
    # A live token passes every door's identity check (a door may still refuse the role, the id or the body).
    for door in doors(app_of(client)):
        if door.path not in (STREAM, f"{AUTH}/logout", f"{AUTH}/logout-all"):
            assert door.call(client, alice).status_code != 401, door

    tally: dict[str, tuple[int, int]] = {}
    # 1. A new password ends every older session.
    body = {"currentPassword": PASSWORD, "newPassword": NEW, "confirmNewPassword": NEW}
    ok(client.put(f"{AUTH}/change-password", json=body, headers=alice))
    tried, let_in = _refusals(client, alice)
    tally["change-password"] = (tried, len(let_in))
    assert not let_in, let_in
    # 2. Log out everywhere.
    bob = login(client, national_id, NEW)
    ok(client.post(f"{AUTH}/logout-all", headers=bob))
    tried, let_in = _refusals(client, bob)
    tally["logout-all"] = (tried, len(let_in))
    assert not let_in, let_in
    # 3. A reset by e-mailed link.
    carol = login(client, national_id, NEW)
    reset_by_link(client, national_id)
    tried, let_in = _refusals(client, carol)
    tally["reset"] = (tried, len(let_in))
    assert not let_in, let_in
    print("session matrix (tried, let in):", tally)
    ok(client.get(f"{AUTH}/me", headers=login(client, national_id, PASSWORD)))


KEY_DOORS = ("/v1/", "/v2/", "/v3/shipping-instructions", "/v3/transport-documents")


def test_an_api_key_opens_only_the_bookings_doors(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice, _ = customer_with_email(client, admin_headers)
    issued = ok(client.post(KEYS, json={"label": "ERP"}, headers=alice), 201)
    key = issued["key"]
    tried, wrong = 0, []
    for door, answer in knocks(client, key):
        tried += 1
        # The key opens the standard's doors: bookings (/v2), schedules (/v1), the bill of lading's (/v3
        # shipping instructions and transport documents), tracking reads.
        if door.path.startswith(KEY_DOORS) or (door.method, door.path) == ("GET", "/v3/events"):
            if answer.status_code in (401, 403):
                wrong.append(f"{door.method} {door.path}: {answer.status_code} (its scope)")
        elif door.path.startswith("/v3/"):  # the tracking door answers the standard's feedback
            if (
                answer.status_code != 403
                or answer.json()["feedbackElements"][0]["message"] != KEY_OUT_OF_SCOPE
            ):
                wrong.append(f"{door.method} {door.path}: {answer.status_code}")
        elif answer.status_code != 403 or answer.json()["error"]["description"] != KEY_OUT_OF_SCOPE:
            wrong.append(f"{door.method} {door.path}: {answer.status_code}")
    print(f"key-scope matrix: tried {tried}, wrong {len(wrong)}")
    assert not wrong, wrong
    # Nothing was minted, revoked or registered by the key.
    keys = ok(client.get(KEYS, headers=alice))["list"]
    assert [(k["id"], k["revokedAt"]) for k in keys] == [(issued["id"], None)]
    assert ok(client.get(HOOKS, headers=alice))["list"] == []
    # The owner, signed in, revokes it: the key is refused at its own door from then on.
    ok(client.delete(f"{KEYS}/{issued['id']}", headers=alice))
    assert client.get("/v2/bookings/x1", headers={"API-Key": key}).status_code == 401


@pytest.fixture
def capped(database_url: str | None, tmp_path: Path) -> Iterator[TestClient]:
    settings: Settings = make_settings(
        tmp_path / "var",
        database_url,
        MAX_API_KEYS_PER_ACCOUNT=3,
        MAX_WEBHOOKS_PER_ACCOUNT=2,
        WEBHOOK_ALLOW_LOOPBACK=True,  # the callbacks below are never called (no booking changes)
    )
    with TestClient(create_app(settings), raise_server_exceptions=False) as test_client:
        yield test_client


def test_keys_and_webhooks_are_capped_per_account(capped: TestClient) -> None:
    admin = login(capped, "admin", "Admin-Pass1")
    alice, _ = customer_with_email(capped, admin)
    bob, _ = customer_with_email(capped, admin)
    made = [ok(capped.post(KEYS, json={"label": f"k{i}"}, headers=alice), 201)["id"] for i in range(3)]
    refused = fails(capped.post(KEYS, json={"label": "k3"}, headers=alice), 409)
    assert refused["description"] == "An account may have at most 3 active API keys; revoke one first"
    ok(capped.post(KEYS, json={"label": "b0"}, headers=bob), 201)  # per account: Bob is not held back
    ok(capped.delete(f"{KEYS}/{made[0]}", headers=alice))
    ok(capped.post(KEYS, json={"label": "k4"}, headers=alice), 201)  # a revoked key frees its place

    hooks = [
        ok(capped.post(HOOKS, json={"callbackUrl": f"http://127.0.0.1:9/h{i}"}, headers=alice), 201)["id"]
        for i in range(2)
    ]
    refused = fails(capped.post(HOOKS, json={"callbackUrl": "http://127.0.0.1:9/h2"}, headers=alice), 409)
    assert refused["description"] == "An account may have at most 2 webhooks; remove one first"
    ok(capped.delete(f"{HOOKS}/{hooks[0]}", headers=alice))
    ok(capped.post(HOOKS, json={"callbackUrl": "http://127.0.0.1:9/h3"}, headers=alice), 201)


def listener(
    live: LiveClient, cookie: dict[str, str], opened: threading.Event, ended: threading.Event
) -> Callable[[], None]:
    """Reads the event stream with `cookie`: `opened` once it says it is connected, `ended` when it closes."""

    def listen() -> None:
        with live.stream("GET", STREAM, headers=cookie, timeout=None) as answer:
            assert answer.status_code == 200
            for line in answer.iter_lines():
                if line == ": connected":
                    opened.set()
        ended.set()

    return listen


def test_an_open_event_stream_ends_with_its_session(settings: Settings) -> None:
    """The stream was the one door that kept delivering after the session ended: an open stream now ends
    within a couple of seconds of a log-out everywhere, and a new one is refused."""
    from tests.api.test_live_events import serving

    with serving(settings) as live:
        admin = login(live, "admin", "Admin-Pass1")
        alice, _ = customer_with_email(live, admin)
        cookie = {"Cookie": "token=" + alice["Authorization"].split(" ", 1)[1]}
        opened, ended = threading.Event(), threading.Event()
        listen = listener(live, cookie, opened, ended)
        threading.Thread(target=listen, daemon=True).start()
        assert opened.wait(10), "the stream did not open"
        assert not ended.wait(1.5), "the stream ended on its own"
        ok(live.post(f"{AUTH}/logout-all", headers=alice))
        assert ended.wait(SESSION_CHECK_SECONDS + 1.5), "the stream went on after its session ended"
        assert live.get(STREAM, headers=cookie).status_code == 401


def test_an_open_event_stream_ends_when_its_token_expires(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A token's expiry ends its open stream too (a short token lifetime injected), and a new one is
    refused."""
    from tests.api.test_live_events import serving

    with serving(settings) as live:
        admin = login(live, "admin", "Admin-Pass1")
        _, national_id = customer_with_email(live, admin)
        monkeypatch.setattr(security, "TOKEN_LIFETIME", timedelta(seconds=LIFETIME))
        alice = login(live, national_id, PASSWORD)
        cookie = {"Cookie": "token=" + alice["Authorization"].split(" ", 1)[1]}
        opened, ended = threading.Event(), threading.Event()
        listen = listener(live, cookie, opened, ended)
        started = time.monotonic()
        threading.Thread(target=listen, daemon=True).start()
        assert opened.wait(LIFETIME), "the stream did not open"
        assert ended.wait(LIFETIME + 1.5), "the stream outlived its token"
        print(f"the stream ended {time.monotonic() - started:.1f} s after it was opened")
        assert live.get(STREAM, headers=cookie).status_code == 401
