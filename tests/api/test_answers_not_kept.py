"""No browser keeps an API answer past a log-out (decision 3915): every JSON answer, whoever built it (the
hot reads' fast path, a route, an error envelope, the DCSA door), says `Cache-Control: private, no-store`;
an answer that names its own caching keeps it (both stores)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api import fast_reads
from api.settings import Settings
from tests.api.booking_support import CLIENT, create, customer, ok
from tests.api.dcsa_support import dcsa_error, sample

NOT_KEPT = "private, no-store"


@pytest.fixture
def fast_answers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The reads the fast path answered (a spy on its one answering function)."""
    answered: list[str] = []
    real = fast_reads._answered

    def spy(*args: Any, **query: Any) -> Any:
        answer = real(*args, **query)
        answered.append(args[1].path)
        return answer

    monkeypatch.setattr(fast_reads, "_answered", spy)
    return answered


def test_every_kind_of_api_answer_is_kept_by_no_cache(client: TestClient, fast_answers: list[str]) -> None:
    alice = customer(client, "answers-not-kept")
    rid = create(client, alice)["id"]

    fast = client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice)
    assert ok(fast)["id"] == rid and fast_answers, "the detail did not take the fast path"
    routed = client.get("/account/api/v1/client/indivisual-customers", headers=alice)
    ok(routed)
    missing = client.get(f"{CLIENT}/rate-requests/no-such-request", headers=alice)
    assert missing.status_code == 404 and missing.json()["isError"] is True, missing.text
    anonymous = client.get(f"{CLIENT}/rate-requests")
    assert anonymous.status_code == 401, anonymous.text
    posted = client.post("/v2/bookings", json=sample("booking-regular"), headers=alice)
    assert posted.status_code == 202, posted.text
    reference = posted.json()["carrierBookingRequestReference"]
    standard = client.get(f"/v2/bookings/{reference}", headers=alice)
    assert standard.status_code == 200, standard.text
    refused = client.get("/v2/bookings/no-such-booking", headers=alice)
    dcsa_error(refused, 404)

    for name, answer in {
        "fast-path read": fast,
        "route read": routed,
        "error envelope": missing,
        "401": anonymous,
        "DCSA command": posted,
        "DCSA read": standard,
        "DCSA error": refused,
    }.items():
        assert answer.headers.get("cache-control") == NOT_KEPT, (name, answer.headers)
        assert answer.headers.get_list("cache-control") == [NOT_KEPT], name  # one, not two


def test_an_answer_that_names_its_own_caching_keeps_it(client: TestClient, settings: Settings) -> None:
    dist = settings.WEB_DIST
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html>")
    (dist / "assets" / "index-0a1b2c.js").write_text("export {}")
    for path, own in {
        "/docs": "no-cache",
        "/": "no-cache",
        "/bookings/42": "no-cache",  # a client-side route: index.html
        "/assets/index-0a1b2c.js": "public, max-age=31536000, immutable",
    }.items():
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.headers.get_list("cache-control") == [own], path
