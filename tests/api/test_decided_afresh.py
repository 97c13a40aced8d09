"""A command that loses to a concurrent write is decided again on what is stored now (decision 3851).

The followers' scheduler writes to bookings on its own (cut-off reminders, expiries). A customer's act that
met one of those writes was refused "Somebody else changed this at the same time", though nobody she could
see had acted: the stateful crossings test saw it against two workers and a follower. Each test here makes a
second write land between the command's load and its save, as the scheduler's did.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from domain.booking.application import BookingApplication
from domain.shared.actor import SYSTEM_ACTOR
from domain.shared.application import CHANGED_MEANWHILE, DECISIONS
from tests.api.booking_support import CLIENT, customer, fails, in_shipping_order, ok, quoted
from tests.api.schedules_support import PUBLISH, publication
from tests.api.test_booking_sailings import by_vessel, departure_in
from tests.app_services import services_of

REASON = {"reason": "Cargo not ready"}


def meanwhile(
    monkeypatch: pytest.MonkeyPatch,
    booking: BookingApplication,
    rid: str,
    write: Callable[[], Any],
    times: int = 1,
) -> list[int]:
    """Run `write` (another writer's act on booking `rid`) right after each of the first `times` loads of
    `rid` by anybody but the system, so that the command that loaded it saves over a version it did not
    see. Answers the versions every such load read."""
    load = booking.rate_request
    loaded: list[int] = []

    def loading(rate_request_id: str | UUID, actor: Any) -> Any:
        found = load(rate_request_id, actor)
        if str(rate_request_id) == rid and actor != SYSTEM_ACTOR:
            loaded.append(found.version)
            if len(loaded) <= times:
                write()
        return found

    monkeypatch.setattr(booking, "rate_request", loading)
    return loaded


def event_names(booking: BookingApplication, rid: str) -> list[str]:
    return [type(event).__name__ for event in booking.events.get(UUID(rid))]


def test_a_cancellation_request_stands_though_the_cut_off_reminder_was_written_meanwhile(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ok(client.put(PUBLISH, json=publication(departure_in(20)), headers=admin_headers))
    who = customer(client, "afresh-cancel")
    rid = in_shipping_order(client, who, admin_headers, quantity=2, sailing=by_vessel())
    booking = services_of(client).booking
    loaded = meanwhile(monkeypatch, booking, rid, lambda: booking.remind_cut_off(rid, 48, None))

    changes = ok(client.post(f"{CLIENT}/rate-requests/{rid}/cancellation-request", headers=who, json=REASON))

    assert changes["cancellation"]["stateName"] == "requested", changes
    # Decided twice: on the version it first read, and again on the reminder's.
    assert len(loaded) == 2 and loaded[1] == loaded[0] + 1, loaded
    names = event_names(booking, rid)
    assert names[-2] == "CutOffReminded" and names[-1] != "CutOffReminded", names  # both stand, in order


def test_a_price_that_expired_meanwhile_is_refused_as_expired_not_as_a_conflict(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deciding again runs every check again: the quote the customer accepts expired between her load and
    her save, so she hears that the rate request is expired, in the lifecycle's words."""
    who = customer(client, "afresh-expired")
    rid = quoted(client, who, admin_headers)
    booking = services_of(client).booking
    moment = datetime.now(UTC) + timedelta(days=30)
    meanwhile(monkeypatch, booking, rid, lambda: booking.expire_quote(rid, moment))

    refusal = fails(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=who), 409)

    assert refusal["description"] != CHANGED_MEANWHILE, refusal
    assert "expired" in refusal["description"].lower(), refusal
    assert event_names(booking, rid)[-1] == "QuoteExpired"


def test_a_storm_of_writes_is_answered_as_a_conflict_after_a_bounded_number_of_decisions(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every decision loses: after DECISIONS of them the customer hears the conflict, and nothing of hers
    is stored."""
    ok(client.put(PUBLISH, json=publication(departure_in(20)), headers=admin_headers))
    who = customer(client, "afresh-storm")
    rid = in_shipping_order(client, who, admin_headers, quantity=2, sailing=by_vessel())
    booking = services_of(client).booking
    leads = iter((48, 24, 12, 6, 3))
    loaded = meanwhile(
        monkeypatch, booking, rid, lambda: booking.remind_cut_off(rid, next(leads), None), times=DECISIONS
    )
    before = event_names(booking, rid)

    refusal = fails(
        client.post(f"{CLIENT}/rate-requests/{rid}/cancellation-request", headers=who, json=REASON), 409
    )

    assert refusal["description"] == CHANGED_MEANWHILE
    assert loaded == list(range(loaded[0], loaded[0] + DECISIONS)), loaded  # each on the newer version
    assert event_names(booking, rid) == before + ["CutOffReminded"] * DECISIONS
