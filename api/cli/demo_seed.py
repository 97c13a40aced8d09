"""`freight seed-demo`: a realistic history, written fast.

Aggregates are built through the real domain command methods (so every event is one the portal itself
would record, and every lifecycle is a legal one), then saved many aggregates per transaction. The mix:
customer accounts with passwords, rate requests through every state, uploaded documents, shipping orders
through their lifecycle, and the notifications the customers would receive (when that context exists).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from domain.accounts.account import INDIVIDUAL, Account
from domain.booking import values
from domain.booking.booking_reference import ReferenceClaim, ReferenceNumbers, reference_claim_id
from domain.booking.estimated_sailing import DEFAULT_CUT_OFF_HOURS, DEFAULT_TRANSIT_DAYS, estimated_sailing
from domain.booking.files import Assembled, StoredFile
from domain.booking.rate_request import RateRequest
from domain.booking.reference import SeedCatalog
from domain.booking.schedules import Sailing
from domain.booking.shipping_order import ShippingOrder
from domain.shared.actor import ADMIN, CUSTOMER, SYSTEM_ACTOR, Actor
from domain.shared.application import ContextApplication
from infrastructure.event_store import SharedStore

DEMO_PASSWORD = "Demo-Pass1"
STAFF = Actor("00000000-0000-4000-8000-00000000beef", ADMIN)

# (path name, weight): each path walks a rate request to one of its states.
PATHS: tuple[tuple[str, int], ...] = (
    ("requested", 8),
    ("quoted", 8),
    ("revision_requested", 5),
    ("edited_and_requoted", 5),
    ("rejected_by_admin", 5),
    ("rejected_by_client", 8),
    ("price_expired", 8),
    ("loi_pending", 5),
    ("booking_requested", 4),
    ("shipping_order", 6),
    ("order_revision", 4),
    ("ready_for_approval", 4),
    ("completed", 30),
)


class SeedApplication(ContextApplication):
    name = "seed"


def _notifier() -> Callable[[Any, str], Any] | None:
    """Notification.create for an event, or None when the notifications context is not there yet."""
    try:
        from domain.emails.words import NOTICE_WORDS
        from domain.notifications.notification import Notification
    except ImportError:  # pragma: no cover - the context is being built in parallel
        return None
    titles = {
        "Quoted": "Price quoted",
        "RevisionRequested": "Revision requested",
        "Rejected": "Rate request rejected",
        "QuoteExpired": "Quote expired",
        "BookingConfirmed": "Booking confirmed",
        "Accepted": "Shipping order accepted",
        "Completed": "Rate request completed",
    }

    def notify(event: Any, recipient: str) -> Any:
        title = titles.get(type(event).__name__)
        if title is None:
            return None
        # Worded in Persian too, as every notice told now is (decision 3816): a seeded history weighs as much.
        said = NOTICE_WORDS.get(type(event).__qualname__, {}).get("fa")
        persian = said["title"] if said else title
        return Notification.create(
            str(event.originator_id),
            int(event.originator_version),
            recipient,
            title,
            f"{title}: {event.originator_id}",
            SYSTEM_ACTOR,
            translations={"fa": (persian, f"{persian}: {event.originator_id}")},
        )

    return notify


@dataclass
class SeedStats:
    events: int = 0
    transactions: int = 0
    seconds: float = 0.0
    customers: list[str] = field(default_factory=list)
    by_event: Counter[str] = field(default_factory=Counter)
    by_state: Counter[str] = field(default_factory=Counter)

    @property
    def events_per_second(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else 0.0


class Seeder:
    def __init__(
        self,
        store: SharedStore,
        *,
        password_hash: str,
        batch_events: int = 5000,
        seed: int = 8,
        prefix: str = "demo",
        progress: Callable[[int, int, float], None] | None = None,
    ) -> None:
        self.app = SeedApplication(store)
        # References continue after any claimed in the store already (a second run continues the history).
        self.references = ReferenceNumbers(
            lambda reference: bool(store.recorder.select_events(reference_claim_id(reference), limit=1))
        )
        self.password_hash = password_hash
        self.batch_events = batch_events
        self.random = random.Random(seed)
        self.prefix = prefix
        self.progress = progress
        self.notify = _notifier()
        self.catalog = SeedCatalog()
        self.today = datetime.now(UTC).date()
        self.details = [self._details(i) for i in range(8)]
        self.pending: list[Any] = []
        self.pending_events = 0
        self.stats = SeedStats()
        self.actors: list[tuple[Actor, str]] = []
        self._paths = [p for p, _ in PATHS]
        self._weights = [w for _, w in PATHS]

    # -- payloads (validated by the real value objects, once per variant) --------------------------------
    def _details(self, variant: int) -> dict[str, Any]:
        ports = sorted(self.catalog.ports)
        draft = values.RateRequestDraft(
            commodity=["Pistachios", "Saffron", "Dates", "Carpets", "Steel coils", "Textiles"][variant % 6],
            hs_code="080251",
            preferred_shipping_date=(self.today + timedelta(days=20 + variant)).isoformat(),
            is_swbl=variant % 3 == 0,
            quantity=1 + variant % 3,
            is_danger=False,
            msds=None,
            additional_comment="Seeded by freight seed-demo",
            pol_id=ports[variant % len(ports)],
            pod_id=ports[(variant + 1) % len(ports)],
            container_size_id=sorted(self.catalog.sizes)[variant % len(self.catalog.sizes)],
            container_type_id=1,
        )
        return values.rate_request_details(draft, self.today, self.catalog, lambda _: True)

    def _order_details(self, rate_request: RateRequest) -> dict[str, Any]:
        def party(kind: int, name: str) -> values.PartyDraft:
            return values.PartyDraft(
                name=name, address=f"{name} street 1", phone_number="989121234567", party_type=kind
            )

        containers = sorted(self.catalog.containers)
        draft = values.OrderDraft(
            is_swbl=False,
            freight_type=values.FreightType.COLLECT,
            cargo_description="Goods in boxes",
            has_ventilation=False,
            parties=(party(1, "Consignee Co"), party(2, "Notify Co"), party(0, "Supplier Co")),
            containers=tuple(
                values.ContainerDraft(
                    container_id=containers[i % len(containers)],
                    seal=f"S{i}",
                    count=100,
                    type=values.BOX,
                    gross_weight=20000,
                    net_weight=18000,
                )
                for i in range(rate_request.quantity)
            ),
        )
        return values.shipping_order_details(
            draft,
            quantity=rate_request.quantity,
            is_danger=False,
            container_type_value=self.catalog.container_type_value(1),
            catalog=self.catalog,
        )

    # -- saving ------------------------------------------------------------------------------------------
    def _add(self, *aggregates: Any) -> None:
        for aggregate in aggregates:
            events = list(aggregate.pending_events)
            for event in events:
                self.stats.by_event[f"{type(aggregate).__name__}.{type(event).__name__}"] += 1
            self.pending.append(aggregate)
            self.pending_events += len(events)
            if self.notify is not None and not isinstance(aggregate, Account | StoredFile | ReferenceClaim):
                for event in events:
                    notification = self.notify(event, aggregate.customer_id)
                    if notification is not None:
                        self.stats.by_event["Notification.Created"] += 1
                        self.pending.append(notification)
                        self.pending_events += 1
        if self.pending_events >= self.batch_events:
            self.flush()

    def flush(self) -> None:
        if not self.pending:
            return
        self.app.save(*self.pending)
        self.stats.events += self.pending_events
        self.stats.transactions += 1
        self.pending = []
        self.pending_events = 0

    # -- the history -------------------------------------------------------------------------------------
    def customer(self, index: int) -> tuple[Account, Actor]:
        username = f"{self.prefix}{index:06d}"
        account = Account.open(username, INDIVIDUAL, [], {"name": f"Demo customer {index}"}, SYSTEM_ACTOR)
        account.set_password(self.password_hash, SYSTEM_ACTOR)
        self.stats.customers.append(username)
        return account, Actor(str(account.id), CUSTOMER)

    def rate_request(self, actor: Actor, username: str, path: str, now: datetime) -> list[Any]:
        details = self.details[self.random.randrange(len(self.details))]
        reference = self.references.next(now.year)
        rr = RateRequest.create(actor.id, username, details, reference, actor)
        out: list[Any] = [ReferenceClaim.claim(reference, rr.id, actor), rr]
        valid = now + timedelta(days=5)
        price = Decimal(self.random.randrange(500, 5000)) + Decimal("0.50")
        if path == "requested":
            pass
        elif path == "rejected_by_admin":
            rr.reject("Route not served", STAFF)
        elif path in ("revision_requested", "edited_and_requoted"):
            rr.request_revision("Please check the quantity", STAFF)
            if path == "edited_and_requoted":
                rr.edit(self.details[0], actor)
                rr.quote(price, valid, now, STAFF)
        else:
            rr.quote(price, valid, now, STAFF)
            if path == "rejected_by_client":
                rr.cancel_price(actor)
            elif path == "price_expired":
                rr.expire(valid + timedelta(seconds=1), SYSTEM_ACTOR)
            elif path != "quoted":
                rr.accept_price(now, actor)
                if path != "loi_pending":
                    loi = Assembled(f"{rr.id}.pdf", "loi.pdf", "application/pdf", 1024, rr.id.hex)
                    stored = StoredFile.store(actor, f"loi-{rr.id}", loi)
                    out.append(stored)
                    documents = values.booking_documents(
                        [values.DocumentDraft(1, str(stored.id))], self.catalog, lambda _: True
                    )
                    rr.submit_booking_request(documents, actor)
                    if path != "booking_requested":
                        rr.confirm_booking(STAFF, self._estimate(rr))
                        if path != "shipping_order":
                            order = self._order(rr, actor, path)
                            out.append(order)
        self.stats.by_state[rr.state] += 1
        return out

    def _estimate(self, rr: RateRequest) -> Sailing | None:
        """The estimated sailing a seeded booking is confirmed on, as staff's confirmation without a sailing
        gives one (a confirmed booking always carries its plan and cut-offs)."""
        details = rr.details
        load = self.catalog.port_code(int(details["pol_id"]))
        discharge = self.catalog.port_code(int(details["pod_id"]))
        day = details.get("preferred_shipping_date")
        if not load or not discharge or not day:
            return None
        shipping = values.calendar_date(str(day))
        return estimated_sailing(load, discharge, shipping, DEFAULT_TRANSIT_DAYS, DEFAULT_CUT_OFF_HOURS)

    def _order(self, rr: RateRequest, actor: Actor, path: str) -> ShippingOrder:
        details = self._order_details(rr)
        order = ShippingOrder.create(
            str(rr.id),
            actor.id,
            details,
            actor,
            rate_request_in_shipping_order=True,
            exact_container_count=True,
            parties_present=True,
        )
        if path == "order_revision":
            order.request_revision({"cargoDescription": "Describe the goods precisely"}, None, STAFF)
        else:
            if self.random.random() < 0.3:
                order.request_revision({"cargoDescription": "Describe the goods precisely"}, None, STAFF)
                order.edit({"cargo_description": "Roasted pistachios, 100 boxes"}, actor)
            order.accept(STAFF)
            if path == "completed":
                order.approve(actor)
                rr.complete(order.state == "approved", SYSTEM_ACTOR)
        self.stats.by_state[f"order:{order.state}"] += 1
        return order

    def run(self, events: int, customers: int | None = None) -> SeedStats:
        """Write events until the history holds at least `events` of them (whole aggregates, so a few more),
        one transaction per batch. Calling it again with a larger total continues the same history."""
        started = time.perf_counter()
        actors = self.actors
        if not actors:
            for index in range(customers or max(8, events // 400)):
                account, actor = self.customer(index)
                actors.append((actor, account.username))
                self._add(account)
        now = datetime.now(UTC)
        while self.stats.events + self.pending_events < events:
            actor, username = actors[self.random.randrange(len(actors))]
            path = self.random.choices(self._paths, self._weights)[0]
            self._add(*self.rate_request(actor, username, path, now))
            if self.progress is not None and self.pending_events == 0:
                self.progress(self.stats.events, events, time.perf_counter() - started)
        self.flush()
        self.stats.seconds += time.perf_counter() - started
        return self.stats
