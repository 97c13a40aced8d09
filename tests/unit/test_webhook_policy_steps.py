"""The webhook policy names every rate-request event and every state: nothing new goes silently unnotified,
and nothing it cannot name makes its follower retry a batch forever."""

from __future__ import annotations

import inspect
import json
import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from api.dcsa_notifications import DcsaBookingView
from api.dcsa_status import BOOKING_STATUS
from domain.booking.rate_request import RateRequest
from infrastructure.read_db import SqliteReadModels
from policies.webhooks import policy

MACHINE = Path(__file__).resolve().parents[2] / "state-machines" / "rate_request.json"


def rate_request_events() -> set[type]:
    return {
        value
        for name, value in vars(RateRequest).items()
        if inspect.isclass(value) and issubclass(value, RateRequest.Event) and name != "Event"
    }


def test_every_rate_request_event_has_a_step() -> None:
    events = rate_request_events()
    assert len(events) >= 22  # the aggregate's events today; a new one must be named in policy.STEPS
    assert events - set(policy.STEPS) == set()
    assert set(policy.STEPS) - events == set()


def test_every_state_of_the_machine_has_a_dcsa_status() -> None:
    states = {state["name"] for state in json.loads(MACHINE.read_text())["states"]}
    assert len(states) == 10
    view = DcsaBookingView()
    for state in states:
        assert view.booking_status(state, confirmed=False, updated=False) in {
            "RECEIVED", "PENDING_UPDATE", "UPDATE_RECEIVED", "CONFIRMED", "COMPLETED", "REJECTED",
            "DECLINED", "CANCELLED", "PENDING_AMENDMENT",
        }  # fmt: skip
    assert set(BOOKING_STATUS) >= states


def test_a_state_the_view_cannot_name_is_logged_and_skipped_not_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = SqliteReadModels(tmp_path / "read.db")
    policy.ensure_tables(db)
    with db.transaction() as tx:
        tx.execute(
            "INSERT INTO webhook_policy_bookings (id, customer_id, reference, state, status, confirmed,"
            " amendment_open) VALUES ('b1', 'c1', 'FB-1', 'requested', 'RECEIVED', 0, 0)"
        )
    unknown: Any = object.__new__(RateRequest.Quoted)  # type: ignore[attr-defined]
    fields = SimpleNamespace(originator_id="b1", originator_version=3, state="postponed")
    unknown.__dict__.update(vars(fields))
    with caplog.at_level(logging.ERROR), db.transaction() as tx:
        policy._booking_event(policy.PolicyBatch(tx), unknown, 7, "http://portal", DcsaBookingView())
    assert "no DCSA status for state 'postponed'" in caplog.text
    with db.read() as tx:
        assert tx.one("SELECT state FROM webhook_policy_bookings WHERE id = 'b1'")["state"] == "requested"
        assert tx.all("SELECT id FROM webhook_deliveries") == []


def test_the_event_types_a_subscription_may_choose_are_the_notified_steps() -> None:
    from domain.integrations.notification_types import NOTIFICATION_TYPES

    notified = [step.kind for step in policy.STEPS.values() if step.notified]
    # The booking's steps, and the tracking events of its containers and vessels (issue 29).
    assert sorted([*notified, policy.TRACKING_KIND]) == sorted(NOTIFICATION_TYPES)
    assert not policy.STEPS[RateRequest.CutOffReminded].notified  # type: ignore[attr-defined]


def test_a_deliveries_table_made_before_event_types_gains_the_column(tmp_path: Path) -> None:
    db = SqliteReadModels(tmp_path / "read.db")
    with db.transaction() as tx:
        # The table as the release before event types made it.
        tx.execute(
            "CREATE TABLE webhook_deliveries ("
            " id TEXT PRIMARY KEY, subscription_id TEXT NOT NULL, customer_id TEXT NOT NULL,"
            " rate_request_id TEXT NOT NULL, event_id TEXT NOT NULL, booking_status TEXT NOT NULL,"
            " body TEXT NOT NULL,"
            " state TEXT NOT NULL, attempts INTEGER NOT NULL, last_status INTEGER, last_error TEXT,"
            " last_attempt_at TEXT, next_attempt_at TEXT NOT NULL, window_started_at TEXT NOT NULL,"
            " delivered_at TEXT, lease_owner TEXT, lease_until TEXT, created_at TEXT NOT NULL,"
            " position BIGINT NOT NULL)"
        )
        tx.execute(
            "INSERT INTO webhook_deliveries (id, subscription_id, customer_id, rate_request_id, event_id,"
            " booking_status, body, state, attempts, next_attempt_at, window_started_at, created_at,"
            " position) VALUES ('d1', 's1', 'c1', 'b1', 'n1', 'RECEIVED', '{}', 'delivered', 1,"
            " 't', 't', 't', 1)"
        )
    policy.ensure_tables(db)
    policy.ensure_tables(db)  # twice: a restart
    with db.read() as tx:
        assert tx.all("SELECT id, event_type FROM webhook_deliveries") == [{"id": "d1", "event_type": None}]
