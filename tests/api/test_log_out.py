"""Logging out ends that session on the server (decision 3901): its token is refused at every door, the event
stream included, while the account's other sessions go on; logging out again is no error; an API key is no
session."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from uuid import UUID

import httpx
import jwt
from fastapi.testclient import TestClient

from api.edge.identity import KEY_OUT_OF_SCOPE
from api.edge.security import Principal
from api.routers.events import SESSION_CHECK_SECONDS
from api.settings import Settings
from tests.api.accounts_support import AUTH, PASSWORD, fails, ok
from tests.api.identity_support import STREAM, customer_with_email
from tests.api.test_live_events import LiveClient
from tests.app_services import services_of
from tests.conftest import login

ENDED = "Your session has ended; log in again"
LOGOUT = f"{AUTH}/logout"
ME = f"{AUTH}/me"
KEYS = "/integrations/api/v1/client/api-keys"


def _cookie(headers: dict[str, str]) -> dict[str, str]:
    return {"Cookie": "token=" + headers["Authorization"].split(" ", 1)[1]}


def _logged_out(client: TestClient, account: str) -> int:
    """How many log-outs the store records of the account (the audit's "who logged out when")."""
    events = services_of(client).accounts.events.get(UUID(account))
    return sum(type(event).__name__ == "LoggedOut" for event in events)


def _listener(
    live: LiveClient, cookie: dict[str, str], opened: threading.Event, ended: threading.Event
) -> Callable[[], None]:
    """Reads the event stream with `cookie`: `opened` once it says it is connected, `ended` when the server
    closes it (a stream still open when the server stops is cut: no error)."""

    def listen() -> None:
        try:
            with live.stream("GET", STREAM, headers=cookie, timeout=None) as answer:
                assert answer.status_code == 200
                for line in answer.iter_lines():
                    if line == ": connected":
                        opened.set()
            ended.set()
        except httpx.RemoteProtocolError:
            pass

    return listen


def test_logging_out_ends_that_session_only(client: TestClient, admin_headers: dict[str, str]) -> None:
    _, national_id = customer_with_email(client, admin_headers)
    leaving, staying = login(client, national_id, PASSWORD), login(client, national_id, PASSWORD)
    me = ok(client.get(ME, headers=leaving))

    assert ok(client.post(LOGOUT, headers=leaving))["message"] == "Logged out"
    assert fails(client.get(ME, headers=leaving), 401)["description"] == ENDED
    assert fails(client.get(STREAM, headers=_cookie(leaving)), 401)["description"] == ENDED
    assert fails(client.get(KEYS, headers=leaving), 401)["description"] == ENDED
    assert ok(client.get(ME, headers=staying))["id"] == me["id"]  # the other session goes on
    assert _logged_out(client, me["id"]) == 1

    # Again: no error, nothing recorded twice, the session stays ended.
    assert ok(client.post(LOGOUT, headers=leaving))["message"] == "Logged out"
    assert _logged_out(client, me["id"]) == 1
    fails(client.get(ME, headers=leaving), 401)
    ok(client.get(ME, headers=staying))


def test_logging_out_needs_a_session(client: TestClient, admin_headers: dict[str, str]) -> None:
    assert fails(client.post(LOGOUT), 401)["description"] == "Authentication required"
    bad = {"Authorization": "Bearer not.a.token"}
    assert fails(client.post(LOGOUT, headers=bad), 401)["description"] == "Invalid token"
    # An API key is no session: refused as at every portal door, and it opens its doors as before.
    alice, _ = customer_with_email(client, admin_headers)
    key = ok(client.post(KEYS, json={"label": "ERP"}, headers=alice), 201)["key"]
    assert fails(client.post(LOGOUT, headers={"API-Key": key}), 403)["description"] == KEY_OUT_OF_SCOPE
    assert client.get("/v2/bookings/NONE", headers={"API-Key": key}).status_code == 404  # let in, not found
    ok(client.get(ME, headers=alice))


def test_an_open_event_stream_ends_with_its_log_out(settings: Settings) -> None:
    from tests.api.test_live_events import serving

    with serving(settings) as live:
        admin = login(live, "admin", "Admin-Pass1")
        leaving, national_id = customer_with_email(live, admin)
        staying = login(live, national_id, PASSWORD)
        streams = {}
        for name, headers in (("leaving", leaving), ("staying", staying)):
            opened, ended = threading.Event(), threading.Event()
            threading.Thread(target=_listener(live, _cookie(headers), opened, ended), daemon=True).start()
            assert opened.wait(10), "the stream did not open"
            streams[name] = ended
        ok(live.post(LOGOUT, headers=leaving))
        assert streams["leaving"].wait(SESSION_CHECK_SECONDS + 1.5), "the stream outlived its log-out"
        assert not streams["staying"].is_set(), "the other session's stream ended too"
        assert live.get(STREAM, headers=_cookie(leaving)).status_code == 401
        ok(live.get(ME, headers=staying))


def test_a_token_issued_before_tokens_had_an_id_works_and_logs_out(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A token issued before this change carries no `jti`: it works until it expires, and its log-out ends it
    by its digest."""
    services = services_of(client)
    token = admin_headers["Authorization"].split(" ", 1)[1]
    claims = jwt.decode(token, services.jwt_secret, algorithms=["HS256"])
    del claims["jti"]
    old = jwt.encode(claims, services.jwt_secret)
    headers = {"Authorization": f"Bearer {old}"}
    ok(client.get(ME, headers=headers))
    ok(client.post(LOGOUT, headers=headers))
    fails(client.get(ME, headers=headers), 401)
    ok(client.get(ME, headers=admin_headers))


def test_a_log_out_is_kept_only_while_its_token_could_be_presented(client: TestClient) -> None:
    sessions = services_of(client).sessions
    expired = Principal("a", 1, (), "a", session_id="expired", expires_at=time.time() - 1)
    sessions.log_out(expired)
    sessions.log_out(Principal("b", 1, (), "b", session_id="live", expires_at=time.time() + 60))
    with sessions.read_models.read(fresh=True) as tx:
        kept = [row["id"] for row in tx.all("SELECT id FROM session_logouts ORDER BY id")]
    assert kept == ["live"]
