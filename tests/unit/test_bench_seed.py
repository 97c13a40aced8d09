"""seed-demo writes the events it claims, through legal lifecycles, and every one can be replayed."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from api.cli.demo_seed import PATHS, Seeder
from domain.booking.rate_request import RateRequest
from domain.booking.shipping_order import ShippingOrder
from domain.shared.lifecycle import lifecycle
from infrastructure.event_store import SharedStore


@pytest.fixture()
def seeded() -> tuple[SharedStore, Seeder]:
    store = SharedStore({})  # in memory
    seeder = Seeder(store, password_hash="not-a-real-hash", batch_events=500, seed=3)
    seeder.run(3000)
    return store, seeder


def _all_events(store: SharedStore) -> list[Any]:
    notifications = store.recorder.select_notifications(start=1, limit=100_000)
    return [store.mapper.to_domain_event(n) for n in notifications]


def test_writes_the_events_it_counts(seeded: tuple[SharedStore, Seeder]) -> None:
    store, seeder = seeded
    events = _all_events(store)
    assert seeder.stats.events == len(events) == store.head() >= 3000
    counted = Counter(f"{type(e).__qualname__.split('.')[0]}.{type(e).__name__}" for e in events)
    assert counted == seeder.stats.by_event
    assert seeder.stats.transactions == pytest.approx(len(events) / 500, abs=2)


def test_continuing_a_run_adds_to_the_same_history(seeded: tuple[SharedStore, Seeder]) -> None:
    store, seeder = seeded
    customers = list(seeder.stats.customers)
    seeder.run(4000)
    assert store.head() == seeder.stats.events >= 4000
    assert seeder.stats.customers == customers  # no second set of accounts


def test_every_rate_request_state_and_order_state_occurs(seeded: tuple[SharedStore, Seeder]) -> None:
    _, seeder = seeded
    states = {s["name"] for s in lifecycle("rate_request").spec["states"]}
    reached = {s for s in seeder.stats.by_state if not s.startswith("order:")}
    assert reached <= states
    assert {"requested", "quoted", "revision_requested", "rejected_by_admin", "rejected_by_client",
            "price_expired", "loi_pending", "shipping_order", "completed"} <= reached  # fmt: skip
    assert {"order:revision_requested", "order:ready_for_approval", "order:approved"} <= set(
        seeder.stats.by_state
    )
    assert len(PATHS) == 13


def test_every_aggregate_replays_to_a_legal_state(seeded: tuple[SharedStore, Seeder]) -> None:
    store, seeder = seeded
    app = seeder.app
    ids = {e.originator_id for e in _all_events(store)}
    rate_states: Counter[str] = Counter()
    for aggregate_id in ids:
        aggregate: object = app.repository.get(aggregate_id)
        if isinstance(aggregate, RateRequest):
            rate_states[aggregate.state] += 1
            if aggregate.state == "completed":
                order: ShippingOrder = app.repository.get(ShippingOrder.create_id(str(aggregate.id)))
                assert order.state == "approved" and order.rate_request_id == str(aggregate.id)
    assert rate_states == Counter(
        {k: v for k, v in seeder.stats.by_state.items() if not k.startswith("order:")}
    )
