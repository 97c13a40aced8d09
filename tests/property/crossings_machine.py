"""The crossings machine: customers, staff, integrators, a schedule publisher, a tracking publisher and the
clock acting on one server, with every check of tests/property/crossings_support.py after every step.

An action is taken only where the lifecycle files let its actor act (its `when` reads what the screens
last said of the booking), and then the product must take it (2xx). Where the machine is unsure it sends the
step anyway and takes a deliberate 4xx; never a 5xx. A subclass gives the `world` (SQLite in this process,
or the PostgreSQL deployment as processes).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from domain.booking.reference import seed_containers
from domain.shared.lifecycle import lifecycle
from tests.api.schedules_support import VESSEL_IMO, VOYAGE
from tests.api.test_dcsa_ebl import instructions
from tests.corpus import PERSIAN_COMPANIES, TRACKED_CONTAINERS, TRACKING_PORTS
from tests.property.crossings_support import (
    ADMIN,
    CLIENT,
    FILES,
    ORDERS,
    SI,
    STAFF_LANE,
    TARIFF_LANE,
    V2,
    Booking,
    Customer,
    OrderAsItWas,
    World,
    deliberate,
    envelope,
    order_payload,
    run_checks,
    screens_payload,
    teardown_checks,
    v2_payload,
)
from tests.property.sizing import long_run

LONG = long_run("CROSSINGS_LONG")
EXAMPLES = int(os.environ.get("CROSSINGS_EXAMPLES", "25" if LONG else "5"))
STEPS = int(os.environ.get("CROSSINGS_STEPS", "120" if LONG else "40"))
MAX_BOOKINGS = int(os.environ.get("CROSSINGS_MAX_BOOKINGS", "12" if LONG else "6"))
# The deployment as processes (tests/scaleout/test_crossings_topology.py) runs the same rules: what it adds is
# the topology (two workers, a follower process, webhooks over loopback), which two examples cross as well as
# five; the rules' breadth is the in-process run's. Each example there cost about a minute of a `make test`.
DEPLOYED_EXAMPLES = int(os.environ.get("CROSSINGS_DEPLOYED_EXAMPLES", str(EXAMPLES) if LONG else "2"))

RUN = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
DEPLOYED = settings(RUN, max_examples=DEPLOYED_EXAMPLES)

PDF = b"%PDF-1.4\n" + b"0123456789" * 50 + b"\n%%EOF\n"
SAILING = {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": VOYAGE}
COMMODITIES = ("Pistachios", "Saffron", "Dates", PERSIAN_COMPANIES[0][:20])
CONTAINERS = [c.number for c in seed_containers()]
MAX_ERASURES = 2
MAX_PUBLICATIONS = max(2, STEPS // 10)
MAX_TRACKING_EVENTS = max(5, STEPS // 8)
SHIFTS = st.sampled_from([0, 6, 30, -4])
PRICES = st.sampled_from(["1250.50", "980", "2100.25", "1365.50"])


# A shipping order's usual way on, by its state (the screens' steps and /v3's, both doors on one order). The
# customer's withdrawal of her update (decision 3839) is on the way of every order she may still change: from
# one without an update awaiting staff she sends one first and thinks better of it (or is refused), since an
# order is decided within a few steps and a run would otherwise seldom hold an update to withdraw.
ORDER_STEPS = {
    "submitted": [
        "staff_accept_the_order",
        "staff_ask_to_revise_the_order",
        "customer_updates_on_v3",
        "customer_cancels_the_order",
        "customer_withdraws_her_update",
    ],
    "revision_requested": [
        "customer_revises_the_order",
        "customer_updates_on_v3",
        "customer_cancels_the_order",
        "customer_withdraws_her_update",
    ],
    "update_received": [
        "staff_accept_the_order",
        "staff_ask_to_revise_the_order",
        "customer_withdraws_her_update",
    ],
    "ready_for_approval": [
        "customer_approves_the_order",
        "customer_approves_the_draft_on_v3",
        "staff_ask_to_revise_the_order",
    ],
    "approved": ["staff_issue_the_transport_document"],
    # Cancelled or declined while the booking is live: filled again (decision 3824).
    "cancelled": ["customer_submits_the_order_again"],
    "declined": ["customer_submits_the_order_again"],
}
# The booking's states staff may reject it in, as rate_request.json's `reject` says.
REJECTABLE = tuple(
    state
    for t in lifecycle("rate_request").spec["transitions"]
    if t["trigger"] == "reject"
    for state in t["source"]
)
# The order's states the customer may still change it in, and staff decide on it in.
OPEN_ORDER = ("submitted", "revision_requested", "update_received")
DECIDABLE = ("submitted", "update_received")


def later(days: int = 5) -> str:
    return (datetime.now(UTC) + timedelta(days=days)).isoformat()


# The machine's actions are chosen by its one rule, `act`, not by hypothesis's choice of rules. Hypothesis
# turns a random subset of a machine's rules off for each example (swarm testing); with this machine's many
# narrow preconditions the few actions a state allows were often all off, and hypothesis then abandoned the
# example ("unable to satisfy ...filter(_rule_is_enabled)": 7 of the 12 examples of a default run, each
# paying for its world and its final checks), and in the examples it kept the always-enabled publication
# of the schedule was often the one action left. `act` chooses among every action the state allows.
Act = TypeVar("Act", bound=Callable[..., None])


def action(**arguments: st.SearchStrategy[Any]) -> Callable[[Act], Act]:
    """An action of the machine, with its arguments' strategies (`data`: the step's own draws)."""

    def mark(method: Act) -> Act:
        setattr(method, "crossing_arguments", arguments)  # noqa: B010
        return method

    return mark


def when(test: Callable[[Any], object]) -> Callable[[Act], Act]:
    """When the action may be taken: the state lets its actor act (see the module's docstring)."""

    def mark(method: Act) -> Act:
        setattr(method, "crossing_when", test)  # noqa: B010
        return method

    return mark


class Crossings(RuleBasedStateMachine):
    world: World
    steps = 0
    published = 0  # the carrier's publications of the schedule in this example

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """One action of those the state allows, its arguments drawn from its strategies. Where none is
        allowed (every booking at its end, the people and the schedule's publications used up) the carrier
        publishes the schedule again."""
        self.steps += 1
        ready = [name for name in ACTIONS if self._allows(name)]
        if not ready:
            self.world.count("publish schedule (nothing else to do)")
            self.world.publish_schedule(data.draw(SHIFTS, label="shift"))
            return
        name = data.draw(st.sampled_from(ready), label="action")
        method = getattr(self, name)
        method(
            **{
                key: data if key == "data" else data.draw(strategy, label=key)
                for key, strategy in method.crossing_arguments.items()
            }
        )

    def _allows(self, name: str) -> bool:
        test = getattr(getattr(type(self), name), "crossing_when", None)
        return test is None or bool(test(self))

    # -- choosing ---
    def _with(self, test: Any) -> list[Booking]:
        # In the order they were made: an order by the server's random ids would make the same draws choose
        # another booking on a replay (hypothesis then stops on "inconsistent data generation").
        return [b for b in self.world.bookings.values() if test(b)]

    def _any(self, test: Any) -> bool:
        return any(test(b) for b in self.world.bookings.values())

    forced: Booking | None = None

    def _pick(self, data: st.DataObject, test: Any) -> Booking:
        if self.forced is not None and test(self.forced):
            return self.forced
        return data.draw(st.sampled_from(self._with(test)), label="booking")

    # -- a booking moves on along its usual way (gives the examples depth; the other rules branch off) ---
    def _next_steps(self, b: Booking) -> list[str]:
        if b.amendment == "requested":
            return ["staff_approve_the_amendment", "staff_decline_the_amendment"]
        if b.amendment == "requoted":
            return ["customer_accepts_the_new_price"]
        if b.cancellation == "requested":
            return ["staff_decide_the_cancellation"]
        if b.state == "shipping_order" and b.order_state is not None:
            return ORDER_STEPS.get(b.order_state, [])
        # Once the vessel left with its cargo, her cancellation is one that must be refused (decision 3858).
        cancel = "customer_asks_to_cancel_a_booking_that_sailed" if b.sailed else "customer_asks_to_cancel"
        if b.firm:
            if b.state in ("requested", "quoted"):
                return ["staff_confirm_the_request"]
            if b.state == "shipping_order":
                return ["customer_sends_instructions_on_v3", "customer_asks_for_an_amendment", cancel]
            return []
        if b.state == "requested":
            return ["staff_quote"]
        if b.state == "quoted":
            return ["customer_accepts_the_price"]
        if b.state == "loi_pending":
            return ["staff_confirm_the_booking" if b.letter else "customer_sends_the_letter"]
        if b.state == "shipping_order":
            return [
                "customer_sends_the_order",
                "customer_sends_instructions_on_v3",
                "customer_asks_for_an_amendment",
                cancel,
            ]
        return []

    @when(lambda self: self._any(lambda b: self._next_steps(b)))
    @action(data=st.data())
    def a_booking_moves_on(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: bool(self._next_steps(b)))
        name = data.draw(st.sampled_from(self._next_steps(booking)), label="step")
        self.forced = booking
        try:
            step = getattr(self, name)
            arguments: dict[str, object] = {"data": data}
            if name in ("staff_quote",):
                arguments.update(price=data.draw(PRICES), itemised=data.draw(st.booleans()))
            elif name == "staff_confirm_the_request":
                arguments.update(price=data.draw(PRICES), with_sailing=data.draw(st.booleans()))
            elif name == "staff_confirm_the_booking":
                arguments.update(with_sailing=data.draw(st.booleans()))
            elif name == "staff_approve_the_amendment":
                arguments.update(price=data.draw(PRICES))
            elif name in ("customer_asks_for_an_amendment",):
                arguments.update(moves_price=data.draw(st.booleans()))
            elif name in ("customer_asks_to_cancel", "customer_asks_to_cancel_a_booking_that_sailed"):
                arguments.update(on_v2=data.draw(st.booleans()))
            elif name == "staff_decide_the_cancellation":
                arguments.update(confirm=data.draw(st.booleans()))
            step(**arguments)
        finally:
            self.forced = None

    @when(lambda self: self._any(lambda b: self._next_steps(b)))
    @action(data=st.data())
    def another_booking_moves_on(self, data: st.DataObject) -> None:
        self.a_booking_moves_on(data)

    def _step(
        self, name: str, method: str, path: str, headers: dict[str, str], must: bool, **kw: Any
    ) -> bool:
        """Send one step; `must`: the lifecycle lets it happen, so it must be taken."""
        self.world.count(name)
        answer = self.world.call(method, path, headers, **kw)
        if must:
            assert 200 <= answer.status_code < 300, f"{name} {path}: {answer.status_code} {answer.text[:800]}"
            return True
        return deliberate(answer, f"{name} {path}")

    def _staff_read(self, booking: Booking) -> dict[str, Any]:
        """The booking as staff's screen reads it now (read afresh: a rule runs outside the checks' round)."""
        return self.world.portal(booking, staff=True)

    def _decide_as_read(
        self,
        data: st.DataObject,
        booking: Booking,
        step: tuple[str, str, str],
        must: bool,
        body: dict[str, Any] | None,
        order: bool = False,
    ) -> bool:
        """A staff decision, naming what their screen read (`seenUpdatedAt`, decision 3908) or not, drawn:
        as the booking (`order`: its shipping order) reads now, it must be taken as without; as it read
        before the customer's latest change of the request, it is refused (409) recording nothing, and staff
        read it again and decide."""
        name, method, path = step
        marks = ["none", "as it reads now"]
        if must and not order and booking.read_before_her_change is not None:
            marks.append("before her change")
        mark = data.draw(st.sampled_from(marks), label="seenUpdatedAt")
        if mark == "before her change":
            head = self.world.head()
            stale = {**(body or {}), "seenUpdatedAt": booking.read_before_her_change}
            self.world.count(f"{name} (read before her change, refused)")
            answer = self.world.call(method, path, self.world.admin, json=stale)
            assert answer.status_code == 409, (
                f"{name} as read before the customer's change: {answer.status_code} {answer.text[:600]}"
            )
            assert self.world.head() == head, f"{name} refused as read before her change recorded something"
            mark = "as it reads now"
        if mark == "as it reads now":
            read = self._staff_read(booking)
            body = {**(body or {}), "seenUpdatedAt": (read["order"] if order else read)["updatedAt"]}
        return self._step(name, method, path, self.world.admin, must, json=body)

    # -- the customers ---
    @initialize(tracking=st.sampled_from([None, ["tracking.event"]]), company=st.booleans())
    def two_customers(self, tracking: list[str] | None, company: bool) -> None:
        """Every example starts with a subscribed customer and another (a stranger to her bookings), maybe a
        company with a colleague."""
        self.world.new_customer(True, None)
        self.world.new_customer(True, tracking, company)

    @when(lambda self: len(self.world.customers) < 4)
    @action(
        subscribe=st.booleans(),
        tracking=st.sampled_from([None, None, ["tracking.event"]]),
        company=st.booleans(),
    )
    def a_customer_signs_up(self, subscribe: bool, tracking: list[str] | None, company: bool) -> None:
        """An individual, or a company whose colleague (a booker with his own login) acts for it too."""
        self.world.count("company" if company else "customer")
        self.world.new_customer(subscribe, tracking, company)

    def _by(self, data: st.DataObject, booking: Booking) -> dict[str, str]:
        """Who acts for the booking's customer: a company's colleague or its own login, drawn."""
        owner = booking.owner
        if owner.colleague is None:
            return owner.headers
        return owner.acting(data.draw(st.booleans(), label="by the colleague"))

    def _key(self, data: st.DataObject, booking: Booking) -> dict[str, str]:
        """The API key a system uses for the booking's customer: a company's colleague's or its own, drawn."""
        owner = booking.owner
        if owner.colleague_key is None:
            return owner.api_key
        return owner.integrating(data.draw(st.booleans(), label="the colleague's key"))

    def _customer(self, data: st.DataObject) -> Customer:
        return data.draw(st.sampled_from(self.world.customers), label="customer")

    @when(lambda self: self.world.customers and len(self.world.bookings) < MAX_BOOKINGS)
    @action(
        data=st.data(),
        on_tariff=st.booleans(),
        quantity=st.integers(1, 4),
        danger=st.booleans(),
        commodity=st.sampled_from(COMMODITIES),
    )
    def create_on_the_screens(
        self, data: st.DataObject, on_tariff: bool, quantity: int, danger: bool, commodity: str
    ) -> None:
        who = self._customer(data)
        body = screens_payload(TARIFF_LANE if on_tariff else STAFF_LANE, quantity, danger, commodity)
        if danger:
            body["msds"] = self._upload(who, "msds")
        self.world.count("create screens")
        headers = who.acting(who.colleague is not None and data.draw(st.booleans(), label="by the colleague"))
        made = envelope(self.world.call("POST", f"{CLIENT}/rate-requests", headers, json=body), 201, 202)
        self.world.bookings[made["id"]] = Booking(made["id"], who, "screens", on_lane=on_tariff)
        self.world.settle()
        self.world.refresh()

    @when(lambda self: self.world.customers and len(self.world.bookings) < MAX_BOOKINGS)
    @action(data=st.data(), units=st.integers(1, 3), route=st.sampled_from(["sailing", "lane", "elsewhere"]))
    def create_on_v2(self, data: st.DataObject, units: int, route: str) -> None:
        # On the published sailing, between its ports with no sailing named (staff name it as they
        # confirm), or elsewhere (no sailing calls there: the plan is estimated).
        who = self._customer(data)
        on_sailing = route != "elsewhere"
        document = data.draw(st.sampled_from([None, "BOL", "SWB"]), label="the transport document")
        body = v2_payload(units, SAILING if route == "sailing" else None, route == "lane", document)
        self.world.count("create v2")
        key = who.integrating(
            who.colleague_key is not None and data.draw(st.booleans(), label="the colleague's key")
        )
        answer = self.world.call("POST", V2, {**key, "Idempotency-Key": uuid.uuid4().hex}, json=body)
        assert answer.status_code == 202, answer.text[:800]
        reference = str(answer.json()["carrierBookingRequestReference"])
        self.world.settle()
        rid = self._id_of(who, reference)
        self.world.bookings[rid] = Booking(rid, who, "v2", reference=reference, on_lane=on_sailing)
        self.world.refresh()

    def _id_of(self, who: Customer, reference: str) -> str:
        rows = envelope(
            self.world.call(
                "GET", f"{CLIENT}/rate-requests", who.headers, params={"limit": 100, "search": reference}
            ),
            200,
        )["list"]["list"]
        found = [r["id"] for r in rows if r.get("reference") == reference]
        assert found, f"{reference} is not on its owner's list"
        return str(found[0])

    def _upload(self, who: Customer, name: str) -> str:
        answer = self.world.call(
            "POST",
            f"{FILES}/upload-chunk",
            who.headers,
            data={"TotalChunks": "1", "ChunkNumber": "1", "FileId": f"{name}-{uuid.uuid4().hex[:8]}"},
            files={"File": (f"{name}.pdf", PDF, "application/octet-stream")},
        )
        return str(envelope(answer, 200)["filePath"])

    # -- quotes ---
    @when(lambda self: self._any(lambda b: b.state in ("requested", "quoted")))
    @action(data=st.data(), price=PRICES, itemised=st.booleans())
    def staff_quote(self, data: st.DataObject, price: str, itemised: bool) -> None:
        booking = self._pick(data, lambda b: b.state in ("requested", "quoted"))
        body: dict[str, Any] = {"price": price, "validUntil": later()}
        if itemised:
            freight = (float(price) - 150.5) if float(price) > 200 else float(price)
            body["charges"] = [{"code": "ocean_freight", "amount": f"{freight:.2f}"}] + (
                [{"code": "baf", "amount": "150.50"}] if float(price) > 200 else []
            )
        self._decide_as_read(
            data, booking, ("staff quote", "PUT", f"{ADMIN}/rate-requests/{booking.id}/quote"), True, body
        )
        if itemised:
            booking.fees = set()  # staff's own breakdown names every line, a fee or none

    @when(lambda self: self._any(lambda b: not b.firm and b.state == "quoted"))
    @action(data=st.data())
    def customer_accepts_the_price(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: not b.firm and b.state == "quoted")
        path = f"{CLIENT}/rate-requests/{booking.id}/approve"
        self._step("accept", "PUT", path, self._by(data, booking), True)

    @when(lambda self: self._any(lambda b: not b.firm and b.state == "quoted"))
    @action(data=st.data())
    def customer_refuses_the_price(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: not b.firm and b.state == "quoted")
        path = f"{CLIENT}/rate-requests/{booking.id}/cancel"
        self._step("refuse price", "PUT", path, self._by(data, booking), True)

    @when(lambda self: self._any(lambda b: b.state in ("requested", "revision_requested", "loi_pending")))
    @action(data=st.data())
    def customer_withdraws(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: b.state in ("requested", "revision_requested", "loi_pending"))
        path = f"{CLIENT}/rate-requests/{booking.id}/withdraw"
        body = {"reason": "Plans changed"}
        self._step("withdraw", "PUT", path, self._by(data, booking), not booking.firm, json=body)

    @when(lambda self: self._any(lambda b: b.state in ("requested", "quoted")))
    @action(data=st.data())
    def staff_ask_for_a_revision(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: b.state in ("requested", "quoted"))
        body = {"message": "Please confirm the HS code of the cargo"}
        self._step(
            "revision",
            "PUT",
            f"{ADMIN}/rate-requests/{booking.id}/request-revision",
            self.world.admin,
            True,
            json=body,
        )

    @when(lambda self: self._any(lambda b: not b.firm and b.state in ("revision_requested", "quoted")))
    @action(data=st.data(), quantity=st.integers(1, 4))
    def customer_edits_the_request(self, data: st.DataObject, quantity: int) -> None:
        booking = self._pick(data, lambda b: not b.firm and b.state in ("revision_requested", "quoted"))
        body = screens_payload(STAFF_LANE, quantity, False, "Pistachios, roasted")
        read = self._staff_read(booking)
        self._step(
            "edit", "PUT", f"{CLIENT}/rate-requests/{booking.id}", self._by(data, booking), True, json=body
        )
        # An edit that leaves the request as staff read it changes nothing they read (decision 3918).
        now = self._staff_read(booking)
        if any(now.get(key) != read.get(key) for key in body):
            booking.read_before_her_change = str(read["updatedAt"])
        booking.fees = set()  # an edit voids the quote and its breakdown: the next quote prices it anew
        booking.on_lane = False  # the edit names the staff's lane, where the published sailing does not call

    @when(lambda self: self._any(lambda b: b.state in REJECTABLE))
    @action(data=st.data())
    def staff_reject(self, data: st.DataObject) -> None:
        """Before confirmation, or a confirmed booking with its order short of approval: refused while an
        amendment or a cancellation request awaits staff's decision (they decide that first), and once the
        vessel left with its cargo (decision 3858)."""
        booking = self._pick(data, lambda b: b.state in REJECTABLE)
        body = {"message": "No space on this lane"}
        path = f"{ADMIN}/rate-requests/{booking.id}/reject"
        must = not booking.open_change and not booking.sailed
        taken = self._step("reject", "PUT", path, self.world.admin, must, json=body)
        assert not (taken and booking.sailed), f"{booking.id}: a booking whose cargo sailed was rejected"

    # -- the letter and the confirmation ---
    @when(lambda self: self._any(lambda b: b.state == "loi_pending" and not b.letter))
    @action(data=st.data())
    def customer_sends_the_letter(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: b.state == "loi_pending" and not b.letter)
        file_id = self._upload(booking.owner, "loi")
        body = {"documents": [{"documentTypeId": 1, "fileId": file_id}]}
        path = f"{CLIENT}/rate-requests/{booking.id}/booking-request"
        read = str(self._staff_read(booking)["updatedAt"])
        self._step("letter", "PUT", path, self._by(data, booking), True, json=body)
        booking.letter = True
        booking.read_before_her_change = read

    @when(lambda self: self._any(lambda b: b.state == "loi_pending" and b.letter))
    @action(data=st.data(), with_sailing=st.booleans())
    def staff_confirm_the_booking(self, data: st.DataObject, with_sailing: bool) -> None:
        booking = self._pick(data, lambda b: b.state == "loi_pending" and b.letter)
        body = {"sailing": SAILING} if with_sailing and booking.on_lane else None
        path = f"{ADMIN}/rate-requests/{booking.id}/confirm-booking"
        self._decide_as_read(data, booking, ("confirm booking", "PUT", path), True, body)

    @when(lambda self: self._any(lambda b: b.firm and b.state in ("requested", "quoted")))
    @action(data=st.data(), price=PRICES, with_sailing=st.booleans())
    def staff_confirm_the_request(self, data: st.DataObject, price: str, with_sailing: bool) -> None:
        # A firm request: staff confirm it with its price, and may name its sailing in the same act.
        booking = self._pick(data, lambda b: b.firm and b.state in ("requested", "quoted"))
        body: dict[str, Any] = {"price": price}
        if with_sailing and booking.on_lane:
            body["sailing"] = SAILING
        path = f"{ADMIN}/rate-requests/{booking.id}/confirm-request"
        self._step("confirm request", "PUT", path, self.world.admin, True, json=body)

    @when(lambda self: self._any(lambda b: not b.firm and b.state in ("requested", "quoted", "loi_pending")))
    @action(data=st.data())
    def customer_chooses_the_sailing(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: not b.firm and b.state in ("requested", "quoted", "loi_pending"))
        path = f"{CLIENT}/rate-requests/{booking.id}/sailing"
        # Only a booking on the published lane can take the sailing: another lane is a deliberate refusal.
        self._step("choose sailing", "PUT", path, self._by(data, booking), False, json={"sailing": SAILING})

    # -- the shipping order ---
    def _orderable(self, b: Booking) -> bool:
        return not b.firm and b.state == "shipping_order" and b.order_id is None and not b.open_change

    @when(lambda self: self._any(self._orderable))
    @action(data=st.data())
    def customer_sends_the_order(self, data: st.DataObject) -> None:
        booking = self._pick(data, self._orderable)
        danger = bool(self.world.portal(booking)["isDanger"])
        body = order_payload(booking.id, booking.quantity, "Roasted pistachios in boxes", danger)
        self._step("order", "POST", ORDERS, self._by(data, booking), True, json=body)

    def _fillable_again(self, b: Booking) -> bool:
        return b.order_state in ("cancelled", "declined") and b.state == "shipping_order"

    @when(lambda self: self._any(self._fillable_again))
    @action(data=st.data())
    def customer_submits_the_order_again(self, data: st.DataObject) -> None:
        """A cancelled or declined order filled again on the screens, while the booking is live."""
        booking = self._pick(data, self._fillable_again)
        danger = bool(self.world.portal(booking)["isDanger"])
        body = order_payload(booking.id, booking.quantity, "Saffron in tins", danger)
        del body["rateRequestId"]
        path = f"{ORDERS}/{booking.order_id}/resubmit"
        self._step("order again", "PUT", path, self._by(data, booking), True, json=body)

    def _decidable(self, b: Booking) -> bool:
        return b.order_state in DECIDABLE and b.state == "shipping_order"

    def _revisable(self, b: Booking) -> bool:
        """Staff may ask to revise an order they accepted too, until its draft is approved (decision 3859)."""
        return b.order_state in (*DECIDABLE, "ready_for_approval") and b.state == "shipping_order"

    @when(lambda self: self._any(self._revisable))
    @action(data=st.data())
    def staff_ask_to_revise_the_order(self, data: st.DataObject) -> None:
        booking = self._pick(data, self._revisable)
        # Each request its own words: a repeated notification is then a move told twice.
        body = {"revise": {"cargoDescription": f"Name the number of boxes ({uuid.uuid4().hex[:6]})"}}
        path = f"{ADMIN}/shipping-orders/{booking.order_id}/request-revision"
        self._step("order revision", "PUT", path, self.world.admin, True, json=body)

    @when(
        lambda self: self._any(
            lambda b: b.order_state == "revision_requested" and b.state == "shipping_order"
        )
    )
    @action(data=st.data())
    def customer_revises_the_order(self, data: st.DataObject) -> None:
        booking = self._pick(
            data, lambda b: b.order_state == "revision_requested" and b.state == "shipping_order"
        )
        body = {
            "isSWBL": False,
            "freightType": 1,
            "cargoDescription": "Pistachios, 200 boxes",
            "hasVentilation": False,
        }
        if self.world.portal(booking)["isDanger"]:
            body.update(imcoClass="3", unNumber="1203")  # an edit states the whole order again
        self._step(
            "order edit", "PUT", f"{ORDERS}/{booking.order_id}/edit", self._by(data, booking), True, json=body
        )

    @when(lambda self: self._any(self._decidable))
    @action(data=st.data())
    def staff_accept_the_order(self, data: st.DataObject) -> None:
        booking = self._pick(data, self._decidable)
        path = f"{ADMIN}/shipping-orders/{booking.order_id}/accept"
        self._decide_as_read(data, booking, ("order accept", "PUT", path), True, None, order=True)

    @when(
        lambda self: self._any(
            lambda b: b.order_state == "ready_for_approval" and b.state == "shipping_order"
        )
    )
    @action(data=st.data())
    def customer_approves_the_order(self, data: st.DataObject) -> None:
        booking = self._pick(
            data, lambda b: b.order_state == "ready_for_approval" and b.state == "shipping_order"
        )
        path = f"{ORDERS}/{booking.order_id}/approve"
        self._booker_may_not_approve(booking, "PUT", path, booking.owner.colleague)
        # An amendment or a cancellation still open may hold the completion back: a deliberate 409 then.
        self._step("order approve", "PUT", path, booking.owner.headers, not booking.open_change)

    def _booker_may_not_approve(
        self, booking: Booking, method: str, path: str, colleague: dict[str, str] | None, **kw: Any
    ) -> None:
        """Approving the transport document is an owner's, at both doors: the colleague (a booker) is
        refused, and nothing moves."""
        if colleague is None:
            return
        self.world.count("booker approves (refused)")
        answer = self.world.call(method, path, colleague, **kw)
        assert answer.status_code == 403, (
            f"a booker approved {path}: {answer.status_code} {answer.text[:300]}"
        )

    # -- the same order through the standard's door (/v3, DCSA Bill of Lading 3.0.3) ---
    def _instructions(self, booking: Booking, goods: str, update: bool) -> dict[str, Any]:
        """Instructions naming one of the carrier's containers for each container booked (dangerous
        cargo with its class and UN number); `update`: an update of the instructions sent before."""
        update_of = f"SI-{booking.reference}" if update else None
        body = instructions(booking.reference, CONTAINERS[0], goods, update_of)
        cargo, used = body["consignmentItems"][0]["cargoItems"][0], body["utilizedTransportEquipments"][0]
        body["consignmentItems"][0]["cargoItems"] = [
            {**cargo, "equipmentReference": number} for number in CONTAINERS[: booking.quantity]
        ]
        body["utilizedTransportEquipments"] = [
            {**used, "equipmentReference": number, "seals": [{"number": f"SEAL{i:04d}"}]}
            for i, number in enumerate(CONTAINERS[: booking.quantity])
        ]
        if self.world.portal(booking)["isDanger"]:
            body["consignmentItems"][0]["cargoItems"][0]["outerPackaging"] = {
                "numberOfPackages": 400,
                "description": "Drums",
                "dangerousGoods": [{"properShippingName": "Gasoline", "imoClass": "3", "UNNumber": "1203"}],
            }
        return body

    def _v3_can_say(self, booking: Booking) -> bool:
        """Whether `/v3` can state this booking's cargo: EBL 3.0.3's shipper packaging has no dangerous goods
        (they are the carrier's, on the transport document), so the door drops them and the order, which
        requires the class and UN number, refuses dangerous cargo with a 400 (a deliberate refusal)."""
        return not self.world.portal(booking)["isDanger"]

    def _instructable(self, b: Booking) -> bool:
        return b.state == "shipping_order" and b.order_id is None and not b.open_change

    @when(lambda self: self._any(self._instructable))
    @action(data=st.data())
    def customer_sends_instructions_on_v3(self, data: st.DataObject) -> None:
        # Either door's booking: a firm one has no other way to its shipping order.
        booking = self._pick(data, self._instructable)
        body = self._instructions(booking, "Pistachios", update=False)
        headers = {**self._key(data, booking), "Idempotency-Key": uuid.uuid4().hex}
        self._step("v3 instructions", "POST", SI, headers, self._v3_can_say(booking), json=body)

    def _updatable(self, b: Booking) -> bool:
        return b.order_state in OPEN_ORDER and b.state == "shipping_order"

    @when(lambda self: self._any(self._updatable))
    @action(data=st.data(), goods=st.sampled_from(COMMODITIES))
    def customer_updates_on_v3(self, data: st.DataObject, goods: str = "Raw pistachios") -> None:
        booking = self._pick(data, self._updatable)
        # The order as it stands before her first update awaiting staff: what a withdrawal brings back.
        before = booking.before_update or OrderAsItWas(str(booking.order_state), self._cargo(booking))
        body = self._instructions(booking, goods, update=True)
        path = f"{SI}/SI-{booking.reference}"
        if self._step(
            "v3 update", "PUT", path, self._key(data, booking), self._v3_can_say(booking), json=body
        ):
            booking.before_update = before

    def _cargo(self, booking: Booking) -> str:
        """The cargo the customer's screens say the booking's order carries now."""
        return str(self.world.portal(booking)["order"]["cargoDescription"])

    @when(lambda self: self._any(self._updatable))
    @action(data=st.data())
    def customer_cancels_the_order(self, data: st.DataObject) -> None:
        """The order withdrawn at either door: the screens' cancel (decision 3832) or /v3's CANCELLED; refused
        once the vessel left with the booking's cargo (decision 3858)."""
        booking = self._pick(data, self._updatable)
        must = not booking.sailed
        if data.draw(st.booleans(), label="at /v3"):
            body = {"shippingInstructionsStatus": "CANCELLED"}
            path = f"{SI}/SI-{booking.reference}"
            taken = self._step("v3 cancel order", "PATCH", path, self._key(data, booking), must, json=body)
        else:
            path = f"{ORDERS}/{booking.order_id}/cancel"
            body = {"reason": "The buyer withdrew the purchase order"}
            taken = self._step("cancel order", "PUT", path, self._by(data, booking), must, json=body)
        assert must or not taken, f"{booking.id}: the order of a booking whose cargo sailed was cancelled"

    @when(lambda self: self._any(self._updatable))
    @action(data=st.data())
    def customer_withdraws_her_update(self, data: st.DataObject) -> None:
        """The customer withdraws her update at either door: the screens' cancel-update (decision 3839) or
        /v3's UPDATE_CANCELLED. Where her update awaits staff the model expects the order it saw before the
        update back at every door (`a_withdrawn_update_restores_the_order`); where none awaits, a refusal
        (409) and the order as it stands. Where none awaits she may first send one on /v3 and think better
        of it at once: an update awaits staff only a step or two before staff decide it, so without this the
        withdrawal of one would be rare in a run of a few dozen steps."""
        booking = self._pick(data, self._updatable)
        if (
            booking.order_state != "update_received"
            and self._v3_can_say(booking)
            and data.draw(st.booleans(), label="updates first")
        ):
            forced, self.forced = self.forced, booking
            try:
                self.customer_updates_on_v3(data, data.draw(st.sampled_from(COMMODITIES), label="goods"))
            finally:
                self.forced = forced
            booking.order_state = "update_received"  # taken (2xx), as the model knows the lifecycle
        on_v3 = data.draw(st.booleans(), label="at /v3")
        if on_v3:
            method, path, headers = "PATCH", f"{SI}/SI-{booking.reference}", self._key(data, booking)
            body: dict[str, Any] | None = {"updatedShippingInstructionsStatus": "UPDATE_CANCELLED"}
        else:
            method, path = "PUT", f"{ORDERS}/{booking.order_id}/cancel-update"
            headers, body = self._by(data, booking), None
        name = "v3 withdraw update" if on_v3 else "withdraw update"
        if booking.order_state == "update_received":
            before = booking.before_update
            assert before is not None, f"{booking.id}: the model lost the order as it was before the update"
            self._step(name, method, path, headers, True, json=body)
            booking.withdrawn = before
            return
        as_it_stands = OrderAsItWas(str(booking.order_state), self._cargo(booking))
        self.world.count(f"{name} (refused)")
        answer = self.world.call(method, path, headers, json=body)
        assert answer.status_code == 409, (
            f"{name} of an order {booking.order_state}: {answer.status_code} {answer.text[:600]}"
        )
        booking.withdrawn = as_it_stands

    @when(
        lambda self: self._any(
            lambda b: b.order_state == "ready_for_approval" and b.state == "shipping_order"
        )
    )
    @action(data=st.data())
    def customer_approves_the_draft_on_v3(self, data: st.DataObject) -> None:
        booking = self._pick(
            data, lambda b: b.order_state == "ready_for_approval" and b.state == "shipping_order"
        )
        path = f"/v3/transport-documents/BL-{booking.reference}"
        body = {"transportDocumentStatus": "APPROVED"}
        self._booker_may_not_approve(booking, "PATCH", path, booking.owner.colleague_key, json=body)
        # As on the screens: a change still open may hold the approval back (a deliberate 409).
        self._step("v3 approve", "PATCH", path, booking.owner.api_key, not booking.open_change, json=body)

    @when(lambda self: self._any(lambda b: b.order_state == "approved"))
    @action(data=st.data())
    def staff_issue_the_transport_document(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: b.order_state == "approved")
        path = f"{ADMIN}/rate-requests/{booking.id}/transport-document/issue"
        self._step("issue", "PUT", path, self.world.admin, not booking.open_change)

    @when(lambda self: self._any(self._updatable))
    @action(data=st.data())
    def staff_decline_the_instructions(self, data: st.DataObject) -> None:
        booking = self._pick(data, self._updatable)
        body = {"message": f"The cargo is not allowed on this lane ({uuid.uuid4().hex[:6]})"}
        path = f"{ADMIN}/shipping-orders/{booking.order_id}/decline"
        taken = self._step(
            "decline instructions", "PUT", path, self.world.admin, not booking.sailed, json=body
        )
        assert taken or booking.sailed, (
            f"{booking.id}: the order of a booking whose cargo sailed was declined"
        )

    # -- changes after confirmation ---
    def _amendable(self, b: Booking) -> bool:
        return b.state == "shipping_order" and not b.open_change and b.order_id is None

    @when(lambda self: self._any(self._amendable))
    @action(data=st.data(), moves_price=st.booleans())
    def customer_asks_for_an_amendment(self, data: st.DataObject, moves_price: bool) -> None:
        booking = self._pick(data, self._amendable)
        quantity = booking.quantity + 1 if moves_price else booking.quantity
        if booking.firm:
            detail = self.world.v2(booking)
            body = v2_payload(quantity, None, document=data.draw(st.sampled_from([None, "BOL", "SWB"])))
            body["shipmentLocations"] = detail["shipmentLocations"]
            if "vessel" in detail:
                body["vessel"] = detail["vessel"]
            body["carrierExportVoyageNumber"] = detail.get(
                "carrierExportVoyageNumber", body["carrierExportVoyageNumber"]
            )
            if not moves_price:
                # Something new each time: an amendment that changes nothing is refused.
                agent = f"{PERSIAN_COMPANIES[1]} {uuid.uuid4().hex[:4]}"
                body["documentParties"] = {"bookingAgent": {"partyName": agent}}
            reference = booking.booking_reference or booking.reference
            self._step("amend v2", "PUT", f"{V2}/{reference}", self._key(data, booking), True, json=body)
        else:
            detail = self.world.portal(booking)
            body = screens_payload(
                {"polId": detail["pol"]["value"], "podId": detail["pod"]["value"]},
                quantity,
                bool(detail["isDanger"]),
                "Pistachios" if moves_price else f"Pistachios, lot {uuid.uuid4().hex[:4]}",
            )
            body["msds"] = detail["msds"]
            body["preferredShippingDate"] = detail["preferredShippingDate"][:10]
            path = f"{CLIENT}/rate-requests/{booking.id}/amendments"
            self._step("amend screens", "POST", path, self._by(data, booking), True, json=body)

    @when(lambda self: self._any(lambda b: b.amendment == "requested"))
    @action(data=st.data(), price=PRICES)
    def staff_approve_the_amendment(self, data: st.DataObject, price: str) -> None:
        booking = self._pick(data, lambda b: b.amendment == "requested")
        path = f"{ADMIN}/rate-requests/{booking.id}/amendments/approve"
        if booking.amendment_moves_price and booking.firm:
            # A firm booking's price-moving amendment: staff confirm it with the new price in one act.
            self._step("approve amendment priced", "PUT", path, self.world.admin, True, json={"price": price})
        elif booking.amendment_moves_price:
            # A screen-made booking keeps the customer's acceptance: approving without a price is refused.
            self._step("approve amendment", "PUT", path, self.world.admin, False)
        else:
            self._step("approve amendment", "PUT", path, self.world.admin, True)

    @when(
        lambda self: self._any(
            lambda b: not b.firm and b.amendment in ("requested", "requoted") and b.amendment_moves_price
        )
    )
    @action(data=st.data(), price=PRICES)
    def staff_requote_the_amendment(self, data: st.DataObject, price: str) -> None:
        booking = self._pick(
            data,
            lambda b: not b.firm and b.amendment in ("requested", "requoted") and b.amendment_moves_price,
        )
        path = f"{ADMIN}/rate-requests/{booking.id}/amendments/requote"
        self._step(
            "requote", "PUT", path, self.world.admin, True, json={"price": price, "validUntil": later()}
        )

    @when(lambda self: self._any(lambda b: b.amendment == "requoted"))
    @action(data=st.data())
    def customer_accepts_the_new_price(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: b.amendment == "requoted")
        path = f"{CLIENT}/rate-requests/{booking.id}/amendments/accept-price"
        self._step("accept new price", "PUT", path, self._by(data, booking), True)

    @when(lambda self: self._any(lambda b: b.amendment in ("requested", "requoted")))
    @action(data=st.data())
    def staff_decline_the_amendment(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: b.amendment in ("requested", "requoted"))
        body = {"message": f"No spare equipment this week ({uuid.uuid4().hex[:6]})"}
        path = f"{ADMIN}/rate-requests/{booking.id}/amendments/decline"
        self._step("decline amendment", "PUT", path, self.world.admin, True, json=body)

    @when(lambda self: self._any(lambda b: b.amendment in ("requested", "requoted")))
    @action(data=st.data(), on_v2=st.booleans())
    def customer_withdraws_the_amendment(self, data: st.DataObject, on_v2: bool) -> None:
        booking = self._pick(data, lambda b: b.amendment in ("requested", "requoted"))
        if on_v2:
            body = {"amendedBookingStatus": "AMENDMENT_CANCELLED", "reason": "Wrong voyage"}
            reference = booking.booking_reference or booking.reference
            self._step(
                "withdraw amendment v2",
                "PATCH",
                f"{V2}/{reference}",
                self._key(data, booking),
                True,
                json=body,
            )
        else:
            path = f"{CLIENT}/rate-requests/{booking.id}/amendments/withdraw"
            self._step("withdraw amendment", "PUT", path, self._by(data, booking), True)

    def _cancellable(self, b: Booking) -> bool:
        return (
            b.state == "shipping_order"
            and b.cancellation != "requested"
            and b.order_id is None
            and not b.sailed
        )

    def _sailed_and_live(self, b: Booking) -> bool:
        return b.state == "shipping_order" and b.sailed and b.cancellation != "requested"

    @when(lambda self: self._any(self._sailed_and_live))
    @action(data=st.data(), on_v2=st.booleans())
    def customer_asks_to_cancel_a_booking_that_sailed(self, data: st.DataObject, on_v2: bool) -> None:
        """Refused on either door, and nothing is asked (decision 3858)."""
        booking = self._pick(data, self._sailed_and_live)
        taken = self._ask_to_cancel(data, booking, on_v2, must=False)
        assert not taken, f"{booking.id}: a booking whose cargo sailed was asked to be cancelled"

    @when(lambda self: self._any(self._cancellable))
    @action(data=st.data(), on_v2=st.booleans())
    def customer_asks_to_cancel(self, data: st.DataObject, on_v2: bool) -> None:
        # Taken even while an amendment is open (that amendment is then withdrawn).
        self._ask_to_cancel(data, self._pick(data, self._cancellable), on_v2, must=True)

    def _ask_to_cancel(self, data: st.DataObject, booking: Booking, on_v2: bool, *, must: bool) -> bool:
        """The customer asks to cancel the booking on the standard's door or on the screens."""
        if on_v2:
            body = {"bookingCancellationStatus": "CANCELLATION_RECEIVED", "reason": "Cargo not ready"}
            reference = booking.booking_reference or booking.reference
            return self._step(
                "cancel v2", "PATCH", f"{V2}/{reference}", self._key(data, booking), must, json=body
            )
        path = f"{CLIENT}/rate-requests/{booking.id}/cancellation-request"
        reason = {"reason": "Cargo not ready"}
        return self._step("cancel screens", "POST", path, self._by(data, booking), must, json=reason)

    @when(lambda self: self._any(lambda b: b.cancellation == "requested"))
    @action(data=st.data(), confirm=st.booleans())
    def staff_decide_the_cancellation(self, data: st.DataObject, confirm: bool) -> None:
        booking = self._pick(data, lambda b: b.cancellation == "requested")
        base = f"{ADMIN}/rate-requests/{booking.id}/cancellation-request"
        if confirm and booking.sailed:
            taken = self._step(
                "confirm sailed cancellation", "PUT", f"{base}/confirm", self.world.admin, False
            )
            assert not taken, f"{booking.id}: a booking whose cargo sailed was cancelled"
        elif confirm:
            self._step("confirm cancellation", "PUT", f"{base}/confirm", self.world.admin, True)
        else:
            body = {"message": f"Too close to departure ({uuid.uuid4().hex[:6]})"}
            self._step("decline cancellation", "PUT", f"{base}/decline", self.world.admin, True, json=body)

    @when(lambda self: self._any(lambda b: b.cancellation == "requested"))
    @action(data=st.data())
    def customer_withdraws_the_cancellation(self, data: st.DataObject) -> None:
        booking = self._pick(data, lambda b: b.cancellation == "requested")
        path = f"{CLIENT}/rate-requests/{booking.id}/cancellation-request/withdraw"
        self._step("withdraw cancellation", "PUT", path, self._by(data, booking), True)

    # -- the publishers and the clock ---
    # Only once there are bookings to move (otherwise hypothesis's simplest example is nothing but this), and
    # a few times an example: it is always allowed, and the steps are for the bookings.
    @when(lambda self: bool(self.world.bookings) and self.published < MAX_PUBLICATIONS)
    @action(shift=SHIFTS)
    def the_carrier_republishes_the_schedule(self, shift: int) -> None:
        self.published += 1
        self.world.count("publish schedule")
        self.world.publish_schedule(shift)

    # Allowed as soon as a booking is confirmed and ever after: a few an example, as the publications.
    @when(
        lambda self: (
            self._any(lambda b: b.booking_reference is not None)
            and self.world.actions.get("tracking event", 0) < MAX_TRACKING_EVENTS
        )
    )
    @action(
        data=st.data(),
        code=st.sampled_from(["GTIN", "LOAD", "DISC"]),
        container=st.sampled_from(TRACKED_CONTAINERS),
    )
    def a_tracking_event_arrives(self, data: st.DataObject, code: str, container: str) -> None:
        self._track(self._pick(data, lambda b: b.booking_reference is not None), code, container)

    @when(lambda self: self._any(lambda b: b.booking_reference is not None and not b.sailed))
    @action(data=st.data())
    def the_vessel_leaves_with_a_booking_s_cargo(self, data: st.DataObject) -> None:
        """The carrier reports the vessel leaving the booking's port of loading."""
        from tests.api.tracking_support import transport

        booking = self._pick(data, lambda b: b.booking_reference is not None and not b.sailed)
        assert booking.booking_reference is not None
        path = f"{ADMIN}/rate-requests/{booking.id}/sailing"
        sailing = self.world.call("GET", path, self.world.admin).json()["response"]
        port = sailing["sailing"]["portOfLoading"]
        when = (datetime.now(UTC) - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
        event_id = uuid.uuid4().hex
        event = transport(
            event_id, "DEPA", "ACT", when, port, booking.booking_reference, when, "CROSSING STAR"
        )
        self.world.count("vessel leaves")
        answer = self.world.call("POST", "/v3/events", self.world.publisher, json={"events": [event]})
        assert answer.status_code == 200, answer.text[:800]
        self.world.tracking_events.append(event_id)
        booking.sailed = True

    def _track(self, booking: Booking, code: str, container: str) -> None:
        from tests.api.tracking_support import equipment

        assert booking.booking_reference is not None
        when = (datetime.now(UTC) - timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
        event_id = uuid.uuid4().hex
        event = equipment(event_id, code, container, when, TRACKING_PORTS[0], booking.booking_reference)
        self.world.count("tracking event")
        answer = self.world.call("POST", "/v3/events", self.world.publisher, json={"events": [event]})
        assert answer.status_code == 200, answer.text[:800]
        self.world.tracking_events.append(event_id)

    # -- erasure: a customer's personal data erased while their bookings go on ---
    @when(lambda self: len(self.world.customers) > 2 and len(self.world.erased) < MAX_ERASURES)
    @action(data=st.data())
    def staff_erase_a_customer(self, data: st.DataObject) -> None:
        """Two customers stay (one a stranger to the other's bookings); the erased one's bookings stay too.
        A few per example: each rebuilds the read models aside, and the steps are for the bookings."""
        self.world.count("erasure")
        self.world.erase(self._customer(data))

    @when(
        lambda self: (
            len(self.world.customers) < 4 and any(gone.mails_at_return is None for gone in self.world.erased)
        )
    )
    @action(data=st.data())
    def an_erased_customer_signs_up_again(self, data: st.DataObject) -> None:
        """The erasure freed the name: the same person comes back, a stranger to the erased bookings."""
        self.world.count("return")
        waiting = [gone for gone in self.world.erased if gone.mails_at_return is None]
        self.world.bring_back(data.draw(st.sampled_from(waiting)))

    @when(lambda self: any(gone.bookings for gone in self.world.erased))
    @action(data=st.data(), price=PRICES, container=st.sampled_from(TRACKED_CONTAINERS))
    def staff_move_an_erased_customer_s_booking_on(
        self, data: st.DataObject, price: str, container: str
    ) -> None:
        """Staff take an erased customer's booking its next step as they see it (decide a change asked
        for, accept or issue the order, quote the request), or the terminal reports one of its containers."""
        left = [booking for gone in self.world.erased for booking in gone.bookings]
        booking = data.draw(st.sampled_from(left), label="erased customer's booking")
        admin, path = self.world.admin, f"{ADMIN}/rate-requests/{booking.id}"
        detail = envelope(self.world.call("GET", path, admin), 200)
        changes = envelope(self.world.call("GET", f"{path}/changes", admin), 200)
        amendment, cancellation = changes["amendment"], changes["cancellation"]
        order = detail.get("order")
        open_change = bool(
            (amendment and amendment["stateName"] in ("requested", "requoted"))
            or (cancellation and cancellation["stateName"] == "requested")
        )
        reason = {"message": f"Decided after the customer's erasure ({uuid.uuid4().hex[:6]})"}
        if amendment and amendment["stateName"] in ("requested", "requoted"):
            self._step(
                "decline amendment (erased)", "PUT", f"{path}/amendments/decline", admin, True, json=reason
            )
        elif cancellation and cancellation["stateName"] == "requested":
            self._step(
                "confirm cancellation (erased)", "PUT", f"{path}/cancellation-request/confirm", admin, True
            )
        elif order and order["statusName"] in DECIDABLE:
            accept = f"{ADMIN}/shipping-orders/{order['id']}/accept"
            self._step("order accept (erased)", "PUT", accept, admin, True)
        elif order and order["statusName"] == "approved":
            issue = f"{path}/transport-document/issue"
            self._step("issue (erased)", "PUT", issue, admin, not open_change)
        elif detail["stateName"] in ("requested", "quoted"):
            body = {"price": price, "validUntil": later()}
            self._step("staff quote (erased)", "PUT", f"{path}/quote", admin, True, json=body)
        elif booking.booking_reference is not None:
            self._track(booking, "GTIN", container)

    @when(lambda self: self._any(lambda b: (not b.firm and b.state == "quoted") or b.amendment == "requoted"))
    @action(days=st.integers(6, 40))
    def the_clock_moves_on(self, days: int) -> None:
        self.world.count("clock")
        self.world.expire_quotes(datetime.now(UTC) + timedelta(days=days))

    # -- after every step ---
    @invariant()
    def every_check_holds(self) -> None:
        run_checks(self.world)

    def finish(self) -> None:
        teardown_checks(self.world)


# The actions in the order they are written (`act` draws among them by position).
ACTIONS = [name for name, method in vars(Crossings).items() if hasattr(method, "crossing_arguments")]
