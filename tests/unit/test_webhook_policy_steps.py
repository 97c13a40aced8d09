"""The webhook policy names every rate-request event and every state: nothing new goes silently unnotified,
and nothing it cannot name makes its follower retry a batch forever."""

from __future__ import annotations

import dataclasses
import inspect
import json
import logging
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from api.dcsa.booking.notifications import DcsaBookingView
from api.dcsa.booking.status import BOOKING_STATUS
from domain.booking.rate_request import RateRequest, StaffSaid
from infrastructure.read_db import SqliteReadModels
from policies.webhooks import policy, steps
from policies.webhooks.state import ensure_tables

MACHINE = Path(__file__).resolve().parents[2] / "state-machines" / "rate_request.json"


def rate_request_events() -> set[type]:
    return {
        value
        for name, value in vars(RateRequest).items()
        if inspect.isclass(value) and issubclass(value, RateRequest.Event) and name != "Event"
    }


def test_every_rate_request_event_has_a_step() -> None:
    events = rate_request_events()
    assert len(events) >= 22  # the aggregate's events today; a new one must be named in steps.STEPS
    assert events - set(steps.STEPS) == set()
    assert set(steps.STEPS) - events == set()


def test_every_state_of_the_machine_has_a_dcsa_status() -> None:
    states = {state["name"] for state in json.loads(MACHINE.read_text())["states"]}
    # A floor: the states known when this was written are still read from the file (the scan works).
    assert states >= {
        "requested", "quoted", "revision_requested", "loi_pending", "shipping_order", "completed",
        "rejected_by_admin", "rejected_by_client", "price_expired", "cancelled",
    }  # fmt: skip
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
    ensure_tables(db)
    with db.transaction() as tx:
        tx.execute(
            "INSERT INTO webhook_policy_bookings (id, customer_id, reference, state, status, confirmed,"
            " amendment_open) VALUES ('b1', 'c1', 'FB-1', 'requested', 'RECEIVED', 0, 0)"
        )
    unknown: Any = object.__new__(RateRequest.Quoted)
    fields = SimpleNamespace(originator_id="b1", originator_version=3, state="postponed")
    unknown.__dict__.update(vars(fields))
    with caplog.at_level(logging.ERROR), db.transaction() as tx:
        policy._booking_event(policy.PolicyBatch(tx), unknown, 7, "http://portal", DcsaBookingView())
    assert "no DCSA status for state 'postponed'" in caplog.text
    with db.read() as tx:
        row = tx.one("SELECT state FROM webhook_policy_bookings WHERE id = 'b1'")
        assert row is not None and row["state"] == "requested"
        assert tx.all("SELECT id FROM webhook_deliveries") == []


def test_the_event_types_a_subscription_may_choose_are_the_notified_steps() -> None:
    from domain.integrations.notification_types import NOTIFICATION_TYPES, ORDER_KIND_OF

    notified = [step.kind for step in steps.STEPS.values() if step.notified]
    # The shipping order's steps (its instructions' and transport document's): one kind per notified event.
    orders = {ORDER_KIND_OF[event.__name__] for event in policy.ORDER_EVENTS}
    assert set(ORDER_KIND_OF) == {event.__name__ for event in policy.ORDER_EVENTS}
    # The booking's steps, its order's, and the tracking events of its containers and vessels.
    assert sorted([*notified, *sorted(orders), policy.TRACKING_KIND]) == sorted(NOTIFICATION_TYPES)
    assert not steps.STEPS[RateRequest.CutOffReminded].notified


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
    ensure_tables(db)
    ensure_tables(db)  # twice: a restart
    with db.read() as tx:
        assert tx.all("SELECT id, event_type FROM webhook_deliveries") == [{"id": "d1", "event_type": None}]


def _fields(event_class: type) -> set[str]:
    return {declared.name for declared in dataclasses.fields(event_class)}


def test_every_moving_step_reads_the_state_and_the_words_its_event_carries() -> None:
    # The policy reads a moving event's state, staff's message and the quote's price by class (typed):
    # a moving event declared with any of them and not read so would be notified without it.
    moving = {event_class for event_class, step in steps.STEPS.items() if step.moves}
    assert len(moving) >= 13
    assert set(steps.MOVES) == moving
    assert {c for c in moving if "message" in _fields(c)} == {c for c in moving if issubclass(c, StaffSaid)}
    # Today's (a new staff decision with a reason adds itself, read as a StaffSaid above).
    assert {c for c in moving if "message" in _fields(c)} >= {
        RateRequest.RevisionRequested,
        RateRequest.Rejected,
    }
    assert {c for c in moving if _fields(c) & {"price", "valid_until"}} == {RateRequest.Quoted}
    # Read by isinstance, a class answers as its own line of the table: no step's class derives another's.
    assert [(a, b) for a in steps.STEPS for b in steps.STEPS if a is not b and issubclass(a, b)] == []


@pytest.mark.parametrize(
    ("event_class", "words", "expected"),
    [
        ("RevisionRequested", {"message": "Name the consignee"}, "Name the consignee"),
        ("Rejected", {"message": "No room on that sailing"}, "No room on that sailing"),
        (
            "Quoted",
            {"price": Decimal("912.5"), "charges": [], "tariff_version": None, "tariff_row": None},
            "912.50 USD",
        ),
    ],
)
def test_a_moving_step_tells_what_its_event_says(
    tmp_path: Path, event_class: str, words: dict[str, Any], expected: str
) -> None:
    booking_id = uuid.uuid4()
    db = SqliteReadModels(tmp_path / "read.db")
    ensure_tables(db)
    with db.transaction() as tx:
        tx.execute(
            "INSERT INTO webhook_policy_bookings (id, customer_id, reference, state, status, confirmed,"
            " amendment_open) VALUES (?, 'c1', 'FB-2026-000001', 'requested', 'RECEIVED', 0, 0)",
            (str(booking_id),),
        )
        tx.execute(
            "INSERT INTO webhook_policy_subscriptions (id, customer_id, callback_url, active)"
            " VALUES ('s1', 'c1', 'https://hooks.example.com/a', 1)"
        )
    at = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
    state = {"RevisionRequested": "revision_requested", "Rejected": "rejected_by_admin", "Quoted": "quoted"}
    fields = {"valid_until": at + timedelta(days=7)} if event_class == "Quoted" else {}
    event = getattr(RateRequest, event_class)(
        originator_id=booking_id,
        originator_version=3,
        timestamp=at,
        actor_id="staff-1",
        actor_role="admin",
        reason=None,
        state=state[event_class],
        customer_id="c1",
        **fields,
        **words,
    )
    with db.transaction() as tx:
        batch = policy.PolicyBatch(tx, [(7, event)])
        policy._booking_event(batch, event, 7, "http://portal", DcsaBookingView())
        batch.write()
    with db.read() as tx:
        bodies = [json.loads(row["body"]) for row in tx.all("SELECT body FROM webhook_deliveries")]
    assert len(bodies) == 1
    feedbacks = bodies[0]["data"]["feedbacks"]
    assert any(expected in feedback["message"] for feedback in feedbacks), feedbacks
